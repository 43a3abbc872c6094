//! The schema on the backend this run uses: migrations go up, down and up again, and the app
//! really runs on the database the run asked for.
use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, DatabaseBackend};

use crate::helpers::*;

#[actix_web::test]
async fn migrations_run_up_down_and_up_again() -> TestResult {
    let data = temp_dir("migrations");
    let db = yunzi::db::connect_for_migrations(&empty_database_url(&data).await?).await?;
    Migrator::up(&db, None).await?;
    assert!(Migrator::get_pending_migrations(&db).await?.is_empty());
    Migrator::down(&db, None).await?;
    assert!(!Migrator::get_pending_migrations(&db).await?.is_empty());
    Migrator::up(&db, None).await?;
    assert!(Migrator::get_pending_migrations(&db).await?.is_empty());
    Ok(())
}

#[actix_web::test]
async fn the_app_runs_on_the_backend_this_run_asked_for() -> TestResult {
    let app = TestApp::spawn().await?;
    let db = app.db().await?;
    let expected = if on_postgres() { DatabaseBackend::Postgres } else { DatabaseBackend::Sqlite };
    assert_eq!(db.get_database_backend(), expected);
    Ok(())
}

#[actix_web::test]
async fn the_audit_log_refuses_changes_and_deletions() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut client = app.client();
    client
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("audit")), "Auditor", "audit passphrase")
        .await?;
    let db = app.db().await?;
    let before = app.fingerprint().await?;
    assert!(before.contains("account.created"));
    assert!(db.execute_unprepared("UPDATE audit_log SET action = 'forged'").await.is_err());
    assert!(db.execute_unprepared("DELETE FROM audit_log").await.is_err());
    assert_eq!(app.fingerprint().await?, before);
    Ok(())
}
