use std::io::BufRead;
use std::sync::Arc;

use anyhow::Context;
use clap::Parser;
use migration::{Migrator, MigratorTrait};
use yunzi::cli::{AdminAction, Cli, Command, MigrateAction};
use yunzi::clock::SystemClock;
use yunzi::config::Settings;
use yunzi::startup::Application;

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    yunzi::telemetry::init();
    let cli = Cli::parse();
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
            let db = yunzi::db::connect(&settings.database_url()).await?;
            match action.unwrap_or(MigrateAction::Up) {
                MigrateAction::Up => Migrator::up(&db, None).await?,
                MigrateAction::Down => Migrator::down(&db, Some(1)).await?,
                MigrateAction::Status => Migrator::status(&db).await?,
            }
            println!("migrations: done");
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
            println!("site admin {} created (id {})", user.email, user.id);
        }
    }
    Ok(())
}
