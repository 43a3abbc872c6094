//! The `yunzi` command. Its work is in the library (`yunzi::cli::main`): in the release build
//! a binary compiles its own copy of every generic function it calls (the runtime, the
//! migrator, the server), which had made this small file 51 s of the build's CPU (issue 52).
fn main() -> std::process::ExitCode {
    yunzi::cli::main()
}
