//! The real `yunzi` binary: serves with no set-up, keeps no secret in clear in its database or
//! logs, keeps sessions across a restart, and creates site admins from the command line.
use std::path::Path;
use std::process::Command;

use crate::helpers::*;

/// The newest link starting with `prefix` in the outbox, waiting briefly (mail goes out after
/// the answer).
async fn outbox_link(data: &Path, base: &str, prefix: &str) -> Option<String> {
    for _ in 0..100 {
        if let Some(link) = newest_outbox_link(data, base, prefix) {
            return Some(link);
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    None
}

fn newest_outbox_link(data: &Path, base: &str, prefix: &str) -> Option<String> {
    let mut newest: Option<(std::time::SystemTime, String)> = None;
    for entry in std::fs::read_dir(data.join("outbox")).ok()?.flatten() {
        let raw = std::fs::read(entry.path()).ok()?;
        let modified = entry.metadata().ok()?.modified().ok()?;
        if let Some(link) = MailMessage::parse(&raw).link_starting(&format!("{base}{prefix}"))
            && newest.as_ref().is_none_or(|(t, _)| modified > *t)
        {
            newest = Some((modified, link));
        }
    }
    newest.map(|(_, link)| link)
}

fn file_contains(path: &Path, needle: &str) -> bool {
    std::fs::read(path).map(|bytes| bytes.windows(needle.len()).any(|w| w == needle.as_bytes())).unwrap_or(false)
}

#[actix_web::test]
async fn no_secret_is_stored_or_logged_in_clear_and_a_restart_keeps_sessions() -> TestResult {
    if on_postgres() {
        // The binary runs on its embedded SQLite here; the PostgreSQL run covers the rest.
        return Ok(());
    }
    let data = temp_dir("binary");
    let password = "first secret passphrase";
    let new_password = "second secret passphrase";
    let server = ServerProcess::start(&data, &[])?;
    let mut client = Client::new(&server.base);
    assert_eq!(client.get("/health").await?.body, "ok");
    client
        .post(
            "/signup",
            &[
                ("email", "owner@club.example"),
                ("display_name", "Owner"),
                ("password", password),
                ("password_again", password),
            ],
        )
        .await?
        .assert_status(200)?;
    let confirm = outbox_link(&data, &server.base, "/confirm/").await.ok_or("no confirmation mail in the outbox")?;
    let confirm_path = confirm.trim_start_matches(&server.base).to_string();
    client.get(&confirm_path).await?;
    client.post(&confirm_path, &[]).await?;
    client.log_in("owner@club.example", password).await?;
    client.post("/forgot", &[("email", "owner@club.example")]).await?;
    let reset = outbox_link(&data, &server.base, "/reset/").await.ok_or("no reset mail in the outbox")?;
    let reset_path = reset.trim_start_matches(&server.base).to_string();
    client.get(&reset_path).await?;
    assert!(
        client
            .post(&reset_path, &[("password", new_password), ("password_again", new_password)])
            .await?
            .redirected_to("/login")
    );
    client.log_in("owner@club.example", new_password).await?;
    assert!(client.get("/events/new").await?.status == 200, "logged in");

    let confirm_token = confirm_path.trim_start_matches("/confirm/").to_string();
    let reset_token = reset_path.trim_start_matches("/reset/").to_string();
    let session_key = std::fs::read_to_string(data.join("session.key"))?.trim().to_string();
    assert_eq!(session_key.len(), 128);
    let secrets = [
        ("password", password),
        ("new password", new_password),
        ("confirmation token", confirm_token.as_str()),
        ("reset token", reset_token.as_str()),
        ("session key", session_key.as_str()),
    ];

    let log = server.log();
    assert!(log.contains("/reset/[token]"), "requests are logged, with the token blanked");
    for (what, secret) in secrets {
        assert!(!log.contains(secret), "the {what} appears in the log");
        for file in ["yunzi.db", "yunzi.db-wal"] {
            assert!(!file_contains(&data.join(file), secret), "the {what} appears in {file}");
        }
    }
    assert!(
        file_contains(&data.join("yunzi.db"), "$argon2id$") || file_contains(&data.join("yunzi.db-wal"), "$argon2id$"),
        "passwords are stored as argon2id hashes"
    );

    // A restart with the same data folder logs nobody out.
    drop(server);
    let restarted = ServerProcess::start(&data, &[])?;
    // Cookies belong to the host, not the port, so the same client carries its session over.
    client.base = restarted.base.clone();
    let page = client.get("/events/new").await?;
    assert_eq!(page.status, 200, "still logged in after the restart");
    let mut stranger = Client::new(&restarted.base);
    assert!(stranger.get("/events/new").await?.redirected_to("/login"));
    Ok(())
}

#[actix_web::test]
async fn admin_create_makes_a_confirmed_site_admin() -> TestResult {
    if on_postgres() {
        return Ok(());
    }
    let data = temp_dir("admin");
    let output = Command::new(env!("CARGO_BIN_EXE_yunzi"))
        .args(["admin", "create", "--email", "Chief@Club.Example", "--name", "Chief", "--data"])
        .arg(&data)
        .env("YUNZI_ADMIN_PASSWORD", "chief admin password")
        .env_remove("DATABASE_URL")
        .current_dir(&data)
        .output()?;
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("site admin chief@club.example created"));
    let again = Command::new(env!("CARGO_BIN_EXE_yunzi"))
        .args(["admin", "create", "--email", "chief@club.example", "--name", "Chief", "--data"])
        .arg(&data)
        .env("YUNZI_ADMIN_PASSWORD", "chief admin password")
        .env_remove("DATABASE_URL")
        .current_dir(&data)
        .output()?;
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    let server = ServerProcess::start(&data, &[])?;
    let mut client = Client::new(&server.base);
    client.log_in("chief@club.example", "chief admin password").await?;
    assert!(client.get("/events").await?.body.contains(r#"id="nav-admin">Site admin</a>"#));
    Ok(())
}
