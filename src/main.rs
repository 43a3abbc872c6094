use std::io::BufRead;
use std::sync::Arc;

use anyhow::Context;
use clap::Parser;
use migration::{Migrator, MigratorTrait};
use yunzi::cli::{AdminAction, AuditAction, Cli, Command, MigrateAction, SyncAction};
use yunzi::clock::SystemClock;
use yunzi::config::Settings;
use yunzi::startup::Application;

/// Writes one line to standard output. A reader that went away (`yunzi pair FILE | head`) is
/// not an error: the command ends quietly, as other command-line tools do.
fn say(line: impl std::fmt::Display) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(error) = writeln!(out, "{line}") {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("yunzi: writing the output: {error}");
        std::process::exit(2);
    }
}

fn main() -> std::process::ExitCode {
    match actix_web::rt::System::new().block_on(run()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            // One readable line (with its causes), not a backtrace.
            eprintln!("yunzi: {error:#}");
            std::process::ExitCode::from(2)
        }
    }
}

async fn run() -> anyhow::Result<()> {
    yunzi::telemetry::init();
    let cli = Cli::parse();
    // The record tools need no settings, database or server.
    match &cli.command {
        Some(Command::Rules) => {
            for line in yunzi::services::records::rules_listing() {
                say(line);
            }
            return Ok(());
        }
        Some(Command::Check { records, game }) => {
            let (lines, all_legal) = yunzi::services::records::check(
                &records.files,
                game.as_deref(),
                records.rules.as_deref(),
                &records.overrides,
            )
            .map_err(anyhow::Error::msg)?;
            for line in lines {
                say(line);
            }
            std::process::exit(if all_legal { 0 } else { 1 });
        }
        Some(Command::Pair { file, round, weights, compare, opengotha_version }) => {
            let options = yunzi::services::pairing_file::PairOptions {
                round: *round,
                weights: weights.clone(),
                compare: *compare,
                opengotha_version: opengotha_version.clone(),
            };
            for line in yunzi::services::pairing_file::pair(file, &options).map_err(anyhow::Error::msg)? {
                say(line);
            }
            return Ok(());
        }
        Some(Command::Score { records, komi, dead, explain }) => {
            use yunzi::services::records::DeadStones;
            let dead = match dead.as_deref() {
                Some("auto") => DeadStones::Auto { explain: *explain },
                _ if *explain => anyhow::bail!("--explain explains the engine's proposal: use it with --dead auto"),
                None => DeadStones::None,
                Some("sgf") => DeadStones::FromRecord,
                Some(points) => DeadStones::Points(points.to_string()),
            };
            let lines = yunzi::services::records::score(
                &records.files,
                records.rules.as_deref(),
                &records.overrides,
                komi.as_deref(),
                &dead,
            )
            .map_err(anyhow::Error::msg)?;
            for line in lines {
                say(line);
            }
            return Ok(());
        }
        _ => {}
    }
    let mut settings = Settings::load(cli.config.as_deref())?;
    if let Some(data) = &cli.data {
        settings.data.dir = data.clone();
    }
    if let Some(url) = &cli.database_url {
        settings.database.url = url.clone();
    }
    match cli.command.unwrap_or(Command::Serve { bind: None }) {
        Command::Serve { bind } => {
            if let Some(bind) = bind {
                settings.server.bind = bind;
            }
            let app = Application::build(settings.clone(), Arc::new(SystemClock)).await?;
            let host = settings.server.bind.rsplit_once(':').map(|(h, _)| h).unwrap_or("127.0.0.1");
            tracing::info!(
                "Yunzi is serving on http://{host}:{} (database: {})",
                app.port(),
                yunzi::db::redact_url(&settings.database_url())
            );
            app.run_until_stopped().await?;
        }
        Command::Migrate { action } => {
            let db = yunzi::db::connect_for_migrations(&settings.database_url()).await?;
            match action.unwrap_or(MigrateAction::Up) {
                MigrateAction::Up => Migrator::up(&db, None).await?,
                MigrateAction::Down => Migrator::down(&db, Some(1)).await?,
                MigrateAction::Status => Migrator::status(&db).await?,
            }
            say("migrations: done");
        }
        Command::Rules | Command::Check { .. } | Command::Score { .. } | Command::Pair { .. } => {}
        Command::Audit { action: AuditAction::Verify { event } } => {
            use yunzi::services::audit::{self, ChainCheck};
            let db = yunzi::db::connect_and_migrate(&settings.database_url()).await?;
            let chains = match event {
                Some(id) => vec![(Some(id), audit::verify(&db, Some(id)).await.map_err(|e| anyhow::anyhow!("{e}"))?)],
                None => audit::verify_all(&db).await.map_err(|e| anyhow::anyhow!("{e}"))?,
            };
            let mut broken = false;
            for (chain, check) in &chains {
                let name = chain.map(|id| format!("event {id}")).unwrap_or_else(|| "accounts (no event)".into());
                broken |= matches!(check, ChainCheck::Broken { .. });
                say(format!("{name}: {check}"));
            }
            if broken {
                std::process::exit(1);
            }
            say(format!("audit log: {} chain(s) verified", chains.len()));
        }
        Command::Sync { action: SyncAction::Status { event } } => {
            use yunzi::services::sync::{public, venue};
            let db = yunzi::db::connect_and_migrate(&settings.database_url()).await?;
            let fail = |e: yunzi::error::AppError| anyhow::anyhow!("{e}");
            let when = |at: Option<chrono::DateTime<chrono::Utc>>| {
                at.map(|at| at.format("%Y-%m-%d %H:%M:%S UTC").to_string()).unwrap_or_else(|| "never".into())
            };
            let links = venue::links(&db).await.map_err(fail)?;
            let mut shown = 0;
            for link in links.iter().filter(|l| event.is_none_or(|id| id == l.event_id)) {
                let s = venue::status(&db, link).await.map_err(fail)?;
                let behind = match (s.behind(), s.oldest_unconfirmed) {
                    (0, _) => "up to date".to_string(),
                    (n, Some(at)) => format!("{n} change(s) behind, the oldest made {}", when(Some(at))),
                    (n, None) => format!("{n} change(s) behind"),
                };
                say(format!(
                    "event {} → {}: {behind} ({} of {} confirmed); last brought up to date: {}; registrations last fetched: {}",
                    s.event_id,
                    s.address,
                    s.confirmed,
                    s.rows,
                    when(s.last_success_at),
                    when(s.last_pull_at)
                ));
                if let Some(why) = &s.last_error {
                    let why = yunzi::domain::message::Message::from_stored(why)
                        .map(|m| yunzi::i18n::Locale::En.message(&m))
                        .unwrap_or_else(|| why.clone());
                    say(format!("  last attempt ({}) failed: {why}", when(s.last_attempt_at)));
                }
                shown += 1;
            }
            for copy in public::copies(&db).await.map_err(fail)? {
                let id = copy.event_id;
                if event.is_some_and(|wanted| wanted != id) {
                    continue;
                }
                let chain = public::verify_received(&db, id).await.map_err(fail)?;
                say(format!(
                    "event {id} follows the venue's event {}: {} change(s) received, the last {}; chain received: {chain}; {} sending(s) refused{}",
                    copy.venue_event_id,
                    copy.rows_received,
                    when(Some(copy.last_received_at)),
                    copy.refusals,
                    copy.last_refusal.map(|why| format!(", the last: {why}")).unwrap_or_default()
                ));
                shown += 1;
            }
            if shown == 0 {
                say("no event here is linked to a public copy or follows a venue's".to_string());
            }
        }
        Command::Backup { file } => {
            let db = yunzi::db::connect_and_migrate(&settings.database_url()).await?;
            yunzi::services::backup::backup_to(&db, &file).await?;
            say(format!("backup written to {}", file.display()));
        }
        Command::Restore { file, replace } => {
            let restored = yunzi::services::backup::restore(&settings, &file, replace).await?;
            let db = yunzi::db::connect(&settings.database_url()).await?;
            let chains = yunzi::services::audit::verify_all(&db).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            let broken = chains.iter().filter(|(_, c)| matches!(c, yunzi::services::audit::ChainCheck::Broken { .. }));
            say(format!(
                "restored {} into {} ({} migrations, {} events, {} audit rows; audit chains {})",
                file.display(),
                yunzi::db::redact_url(&settings.database_url()),
                restored.migrations,
                restored.events,
                restored.audit_rows,
                if broken.count() == 0 { "verified" } else { "BROKEN: run yunzi audit verify" }
            ));
        }
        Command::Admin { action: AdminAction::Create { email, name } } => {
            let password = match std::env::var("YUNZI_ADMIN_PASSWORD") {
                Ok(p) => p,
                Err(_) => {
                    let mut line = String::new();
                    std::io::stdin().lock().read_line(&mut line).context("reading the password")?;
                    line.trim_end_matches(['\r', '\n']).to_string()
                }
            };
            let db = yunzi::db::connect_and_migrate(&settings.database_url()).await?;
            let clock = SystemClock;
            let user = yunzi::services::accounts::create_admin(&db, &clock, &email, &name, password)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            say(format!("site admin {} created (id {})", user.email, user.id));
        }
    }
    Ok(())
}
