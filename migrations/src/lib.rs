//! Database migrations for Yunzi. Portable DDL only: every statement here runs on SQLite and
//! PostgreSQL (foreign keys inside `create_table`, one alteration per `alter_table`).
pub use sea_orm_migration::prelude::*;

pub use yunzi_core::audit_chain;

mod m20261121_000001_foundation;
mod m20261121_000002_systems;
mod m20261121_000003_teams;
mod m20261121_000004_stage_seeding;
mod m20261121_000005_aga_ids;
mod m20261121_000006_live;
mod m20261121_000007_late_limit;
mod m20261121_000008_disputes;
mod m20261121_000009_cycle_outcome;
mod m20261121_000010_referee_desk;
mod m20261124_000011_trust;
mod m20261125_000012_invitations;
mod m20261125_000013_heartbeat;
mod m20261126_000014_participation;
mod m20261126_000015_rating_lists;
mod m20261126_000016_user_locale;
mod m20261127_000017_dispute_details;
mod m20261127_000018_mail_limits;
mod m20261127_000019_registration;
mod m20261127_000020_result_reports;
mod m20261128_000021_broadcast_delay;
mod m20261128_000022_api_tokens;
mod m20261129_000023_sync;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_foundation::Migration),
            Box::new(m20261121_000002_systems::Migration),
            Box::new(m20261121_000003_teams::Migration),
            Box::new(m20261121_000004_stage_seeding::Migration),
            Box::new(m20261121_000005_aga_ids::Migration),
            Box::new(m20261121_000006_live::Migration),
            Box::new(m20261121_000007_late_limit::Migration),
            Box::new(m20261121_000008_disputes::Migration),
            Box::new(m20261121_000009_cycle_outcome::Migration),
            Box::new(m20261121_000010_referee_desk::Migration),
            Box::new(m20261124_000011_trust::Migration),
            Box::new(m20261125_000012_invitations::Migration),
            Box::new(m20261125_000013_heartbeat::Migration),
            Box::new(m20261126_000014_participation::Migration),
            Box::new(m20261126_000015_rating_lists::Migration),
            Box::new(m20261126_000016_user_locale::Migration),
            Box::new(m20261127_000017_dispute_details::Migration),
            Box::new(m20261127_000018_mail_limits::Migration),
            Box::new(m20261127_000019_registration::Migration),
            Box::new(m20261127_000020_result_reports::Migration),
            Box::new(m20261128_000021_broadcast_delay::Migration),
            Box::new(m20261128_000022_api_tokens::Migration),
            Box::new(m20261129_000023_sync::Migration),
        ]
    }
}
