//! What the load examples share: the app on loopback in a fresh data folder (SQLite, or
//! DATABASE_URL), with room for `streams` streams from one address.
use std::path::PathBuf;
use std::sync::Arc;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};
use yunzi::clock::SystemClock;
use yunzi::config::Settings;
use yunzi::db::entities::{event, game, player, round};
use yunzi::startup::Application;

pub struct LoadApp {
    /// host:port the app listens on (the first instance's).
    pub address: String,
    /// Every instance's host:port (one unless asked for more).
    pub addresses: Vec<String>,
    /// Its database, for the example to fill.
    pub database_url: String,
    /// Its data folder, removed by the example at the end.
    pub data: PathBuf,
}

/// Starts the app for example `name` and returns where it is.
pub async fn start(name: &str, streams: usize) -> anyhow::Result<LoadApp> {
    start_instances(name, streams, 1).await
}

/// Starts `instances` instances of the app on one database (more than one needs DATABASE_URL
/// to name a PostgreSQL database), each in a data folder of its own.
pub async fn start_instances(name: &str, streams: usize, instances: usize) -> anyhow::Result<LoadApp> {
    let data = std::env::temp_dir().join(format!("yunzi-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&data)?;
    let url = std::env::var("DATABASE_URL").ok();
    if instances > 1 && !url.as_deref().is_some_and(|u| u.starts_with("postgres")) {
        anyhow::bail!("{instances} instances share a PostgreSQL database: set DATABASE_URL=postgres://…");
    }
    // One session key for all: a login on one instance holds on the others.
    let mut key = [0u8; 64];
    getrandom::fill(&mut key).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let key = yunzi::auth::token::hex(&key);
    let mut addresses = Vec::new();
    let mut database_url = String::new();
    for n in 0..instances.max(1) {
        let mut settings = Settings::defaults()?;
        settings.server.bind = "127.0.0.1:0".into();
        settings.data.dir = if n == 0 { data.clone() } else { data.join(format!("instance-{n}")) };
        // Every stream comes from loopback here, where a real crowd has a thousand addresses.
        settings.live.max_streams_per_address = streams + 1;
        settings.live.max_streams = settings.live.max_streams.max(streams + 1);
        if let Some(url) = &url {
            settings.database.url = url.clone();
        }
        settings.security.session_key = key.clone();
        database_url = settings.database_url();
        let app = Application::build(settings, Arc::new(SystemClock)).await?;
        addresses.push(format!("127.0.0.1:{}", app.port()));
        actix_web::rt::spawn(app.run_until_stopped());
    }
    Ok(LoadApp { address: addresses[0].clone(), addresses, database_url, data })
}

/// A McMahon-sized open in `db`: `players` players (Chinese names, ranks 9d to 21k, 40 clubs)
/// and three published rounds of `players / 2` boards with every result in, directed by a new
/// site admin; its audit row (the pages' version) written as every change writes one.
pub async fn open(db: &DatabaseConnection, players: usize) -> anyhow::Result<event::Model> {
    let now = Utc::now();
    let director = yunzi::services::accounts::create_admin(
        db,
        &SystemClock,
        &format!("director-{}@load.example", std::process::id()),
        "Director",
        "load benchmark passphrase".into(),
    )
    .await
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let txn = yunzi::db::begin_write(db).await?;
    let open = event_row("Load Open", "mcmahon", 5, director.id, now).insert(&txn).await?;
    let mut ids = Vec::new();
    for n in 0..players {
        let rank = 9 - (n * 30 / players) as i32;
        let rank_text = if rank > 0 { format!("{rank}d") } else { format!("{}k", 1 - rank) };
        let p = player_row(open.id, &format!("选手{n:04}"), &rank_text, rank - 1, &format!("Club {}", n % 40), now)
            .insert(&txn)
            .await?;
        ids.push(p.id);
    }
    for number in 1..=3 {
        let published = round::ActiveModel {
            event_id: Set(open.id),
            number: Set(number),
            published: Set(true),
            published_at: Set(Some(now)),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        // Round n pairs player i with player i + n (mod the field, in pairs), never twice.
        let shift = number as usize;
        let mut seated = vec![false; players];
        let mut board = 0;
        for i in 0..players {
            if seated[i] {
                continue;
            }
            let Some(j) = (0..players).map(|k| (i + shift * (2 * k + 1)) % players).find(|&j| j != i && !seated[j])
            else {
                continue;
            };
            seated[i] = true;
            seated[j] = true;
            board += 1;
            game::ActiveModel {
                round_id: Set(published.id),
                board: Set(board),
                black_id: Set(ids[i]),
                white_id: Set(ids[j]),
                handicap: Set(0),
                result: Set(Some(if (i + j) % 3 == 0 { "W+R".into() } else { "B+3.5".into() })),
                recorded_at: Set(Some(now)),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
    }
    // As every change does: the event's audit row, whose id is its pages' version.
    yunzi::services::audit::entry(now, Some(director.id), Some(open.id))
        .commit(txn, "event.created", serde_json::json!({}))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(open)
}

/// An event row as the load examples make it: 19×19 under the 1988 rules, komi 3¾, one hour and
/// three 30 s byo-yomi periods, registration closed.
pub fn event_row(
    name: &str,
    system: &str,
    rounds: i32,
    created_by: i32,
    now: chrono::DateTime<Utc>,
) -> event::ActiveModel {
    event::ActiveModel {
        name: Set(name.into()),
        venue: Set("Hangzhou".into()),
        start_date: Set(now.date_naive()),
        end_date: Set(now.date_naive()),
        time_zone: Set("Asia/Shanghai".into()),
        rounds: Set(rounds),
        system: Set(system.into()),
        ruleset: Set("chinese-1988".into()),
        komi_half_points: Set(15),
        board_size: Set(19),
        time_control: Set("1h + 3x30s".into()),
        system_settings: Set("{}".into()),
        registration_open: Set(false),
        created_by: Set(created_by),
        created_at: Set(now),
        ..Default::default()
    }
}

/// A player row as the load examples make it (name and its key the same, country CN).
pub fn player_row(
    event_id: i32,
    name: &str,
    rank: &str,
    rank_value: i32,
    club: &str,
    now: chrono::DateTime<Utc>,
) -> player::ActiveModel {
    player::ActiveModel {
        event_id: Set(event_id),
        name: Set(name.into()),
        name_key: Set(name.to_lowercase()),
        rank: Set(rank.into()),
        rank_value: Set(rank_value),
        club: Set(club.into()),
        country: Set("CN".into()),
        team: Set(String::new()),
        withdrawn: Set(false),
        created_at: Set(now),
        ..Default::default()
    }
}
