//! Backups a director can use: `yunzi backup` and `yunzi restore` on the real binary, and the
//! periodic backups of a running server (on an injected clock).
use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;

use chrono::{Duration, Utc};
use yunzi::clock::ManualClock;

use crate::bad_input::event_with_players;
use crate::helpers::*;

fn yunzi(args: &[&str], data: &Path) -> Result<Output, Box<dyn std::error::Error>> {
    Ok(Command::new(env!("CARGO_BIN_EXE_yunzi"))
        .args(args)
        .arg("--data")
        .arg(data)
        .current_dir(data)
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .output()?)
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// Every row of the tables that make an event, as text (ids included).
async fn event_contents(url: &str) -> Result<String, Box<dyn std::error::Error>> {
    use sea_orm::{EntityTrait, QueryOrder};
    use yunzi::db::entities::*;
    let db = yunzi::db::connect(url).await?;
    let out = format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        user::Entity::find().order_by_asc(user::Column::Id).all(&db).await?,
        event::Entity::find().order_by_asc(event::Column::Id).all(&db).await?,
        player::Entity::find().order_by_asc(player::Column::Id).all(&db).await?,
        round::Entity::find().order_by_asc(round::Column::Id).all(&db).await?,
        game::Entity::find().order_by_asc(game::Column::Id).all(&db).await?,
        bye::Entity::find().order_by_asc(bye::Column::Id).all(&db).await?,
        audit::Entity::find().order_by_asc(audit::Column::Id).all(&db).await?,
    );
    db.close().await?;
    Ok(out)
}

#[actix_web::test]
async fn a_backup_restored_into_a_fresh_data_folder_is_the_same_event() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    director
        .post(&format!("/events/{event_id}/rounds/1/results/1"), &[("outcome", "black"), ("margin", "R")])
        .await?
        .assert_status(303)?;
    let backup = temp_dir("backup").join("spring-open.db");
    let backup_arg = backup.to_str().ok_or("path")?;

    let made = yunzi(&["backup", backup_arg, "--database-url", &app.database_url], &app.data)?;
    if on_postgres() {
        assert!(!made.status.success());
        assert!(text(&made).contains("pg_dump"), "on PostgreSQL the message names pg_dump: {}", text(&made));
        return Ok(());
    }
    assert!(made.status.success(), "{}", text(&made));
    // The server keeps running and writing while the backup is taken; a second backup into the
    // same file is refused rather than overwriting it.
    let again = yunzi(&["backup", backup_arg, "--database-url", &app.database_url], &app.data)?;
    assert!(!again.status.success() && text(&again).contains("exists already"), "{}", text(&again));

    let fresh = temp_dir("restored");
    let restored = yunzi(&["restore", backup_arg], &fresh)?;
    assert!(restored.status.success(), "{}", text(&restored));
    assert!(text(&restored).contains("audit chains verified"), "{}", text(&restored));
    let restored_url = format!("sqlite://{}?mode=rwc", fresh.join("yunzi.db").display());
    assert_eq!(event_contents(&restored_url).await?, event_contents(&app.database_url).await?);
    let verified = yunzi(&["audit", "verify"], &fresh)?;
    assert!(verified.status.success(), "{}", text(&verified));

    // A second restore onto a folder that has a database is refused unless asked to replace it.
    let refused = yunzi(&["restore", backup_arg], &fresh)?;
    assert!(!refused.status.success() && text(&refused).contains("--replace"), "{}", text(&refused));
    let replaced = yunzi(&["restore", backup_arg, "--replace"], &fresh)?;
    assert!(replaced.status.success(), "{}", text(&replaced));
    assert!(fresh.join("yunzi.db.before-restore").exists(), "the replaced database is kept aside");

    // Files that are not Yunzi backups are refused with a reason, and nothing is written.
    let elsewhere = temp_dir("not-restored");
    let text_file = elsewhere.join("notes.db");
    std::fs::write(&text_file, "round 1: board 1 B+R\n")?;
    let not_sqlite = yunzi(&["restore", text_file.to_str().ok_or("path")?], &elsewhere)?;
    assert!(!not_sqlite.status.success() && text(&not_sqlite).contains("not a SQLite database"));
    let other_db = elsewhere.join("other.db");
    let other = yunzi::db::connect(&format!("sqlite://{}?mode=rwc", other_db.display())).await?;
    sea_orm::ConnectionTrait::execute_unprepared(&other, "CREATE TABLE things (id INTEGER PRIMARY KEY)").await?;
    other.close().await?;
    let not_yunzi = yunzi(&["restore", other_db.to_str().ok_or("path")?], &elsewhere)?;
    assert!(!not_yunzi.status.success() && text(&not_yunzi).contains("not a Yunzi database"), "{}", text(&not_yunzi));
    assert!(!elsewhere.join("yunzi.db").exists());
    Ok(())
}

#[actix_web::test]
async fn periodic_backups_are_written_and_pruned() -> TestResult {
    let start = Utc::now();
    let clock = ManualClock::new(start);
    let options =
        Options { clock: Arc::new(clock.clone()), backup_every_minutes: 10, backup_keep: 2, ..Options::default() };
    let app = TestApp::spawn_with(options).await?;
    let dir = app.data.join("backups");
    let names = || -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .map(|entries| entries.flatten().filter_map(|e| e.file_name().to_str().map(str::to_string)).collect())
            .unwrap_or_default();
        names.sort();
        names
    };
    let wait_for = |count: usize| {
        let names = &names;
        async move {
            for _ in 0..80 {
                if names().len() == count {
                    return true;
                }
                actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            false
        }
    };
    if on_postgres() {
        // PostgreSQL is backed up with its own tools: nothing is written.
        actix_web::rt::time::sleep(std::time::Duration::from_millis(2500)).await;
        assert!(names().is_empty());
        return Ok(());
    }
    // None yet: the first is due at once.
    assert!(wait_for(1).await, "the first backup is written: {:?}", names());
    let first = format!("yunzi-{}.db", start.format("%Y%m%d-%H%M%S"));
    assert_eq!(names(), vec![first.clone()]);
    // Five minutes on, none is due.
    clock.advance(Duration::minutes(5));
    actix_web::rt::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(names().len(), 1);
    clock.advance(Duration::minutes(5));
    assert!(wait_for(2).await, "the second backup after ten minutes: {:?}", names());
    clock.advance(Duration::minutes(10));
    // The third pushes the first out (keep 2).
    for _ in 0..80 {
        if !names().contains(&first) && names().len() == 2 {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let kept = names();
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert!(!kept.contains(&first), "the oldest was pruned: {kept:?}");
    let newest = format!("yunzi-{}.db", (start + Duration::minutes(20)).format("%Y%m%d-%H%M%S"));
    assert_eq!(kept.last(), Some(&newest));
    // Each is a whole database the restore accepts.
    let fresh = temp_dir("from-periodic");
    let restored = yunzi(&["restore", dir.join(&newest).to_str().ok_or("path")?], &fresh)?;
    assert!(restored.status.success(), "{}", text(&restored));
    Ok(())
}
