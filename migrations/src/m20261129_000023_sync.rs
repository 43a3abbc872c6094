//! An event run on a venue instance and followed by the public one (issue 54). On the venue:
//! the link to the public copy and how far it has been pushed. On the public instance: the
//! copy's state, the venue's audit chain as received, and which of its rows stand for which
//! of the venue's (players, rounds, games; on the venue, the players pulled from the public).
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SyncLinks {
    Table,
    Id,
    EventId,
    Address,
    Token,
    ShareAddresses,
    CreatedBy,
    CreatedAt,
    PushedRowId,
    PushedHead,
    MovesThrough,
    StateHash,
    LastAttemptAt,
    LastSuccessAt,
    LastError,
    LastPullAt,
}

#[derive(DeriveIden)]
enum SyncCopies {
    Table,
    Id,
    EventId,
    VenueEventId,
    RowsReceived,
    Head,
    FirstReceivedAt,
    LastReceivedAt,
    Refusals,
    LastRefusal,
    LastRefusalAt,
}

#[derive(DeriveIden)]
enum SyncRows {
    Table,
    Id,
    EventId,
    Seq,
    At,
    ActorId,
    VenueEventId,
    Action,
    Detail,
    PrevHash,
    Hash,
}

#[derive(DeriveIden)]
enum SyncIds {
    Table,
    Id,
    EventId,
    Kind,
    RemoteId,
    LocalId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SyncLinks::Table)
                    .col(pk_auto(SyncLinks::Id))
                    .col(integer(SyncLinks::EventId).unique_key())
                    .col(string(SyncLinks::Address))
                    .col(string(SyncLinks::Token))
                    .col(boolean(SyncLinks::ShareAddresses).default(false))
                    .col(integer(SyncLinks::CreatedBy))
                    .col(timestamp_with_time_zone(SyncLinks::CreatedAt))
                    .col(integer(SyncLinks::PushedRowId).default(0))
                    .col(string(SyncLinks::PushedHead).default(""))
                    .col(big_integer(SyncLinks::MovesThrough).default(0))
                    .col(string(SyncLinks::StateHash).default(""))
                    .col(timestamp_with_time_zone_null(SyncLinks::LastAttemptAt))
                    .col(timestamp_with_time_zone_null(SyncLinks::LastSuccessAt))
                    .col(text_null(SyncLinks::LastError))
                    .col(timestamp_with_time_zone_null(SyncLinks::LastPullAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SyncCopies::Table)
                    .col(pk_auto(SyncCopies::Id))
                    .col(integer(SyncCopies::EventId).unique_key())
                    .col(integer(SyncCopies::VenueEventId))
                    .col(integer(SyncCopies::RowsReceived).default(0))
                    .col(string(SyncCopies::Head).default(""))
                    .col(timestamp_with_time_zone(SyncCopies::FirstReceivedAt))
                    .col(timestamp_with_time_zone(SyncCopies::LastReceivedAt))
                    .col(integer(SyncCopies::Refusals).default(0))
                    .col(text_null(SyncCopies::LastRefusal))
                    .col(timestamp_with_time_zone_null(SyncCopies::LastRefusalAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SyncRows::Table)
                    .col(pk_auto(SyncRows::Id))
                    .col(integer(SyncRows::EventId))
                    .col(integer(SyncRows::Seq))
                    .col(timestamp_with_time_zone(SyncRows::At))
                    .col(integer_null(SyncRows::ActorId))
                    .col(integer_null(SyncRows::VenueEventId))
                    .col(string(SyncRows::Action))
                    .col(text(SyncRows::Detail))
                    .col(string(SyncRows::PrevHash))
                    .col(string(SyncRows::Hash))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("sync_rows_by_event_hash")
                    .table(SyncRows::Table)
                    .col(SyncRows::EventId)
                    .col(SyncRows::Hash)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SyncIds::Table)
                    .col(pk_auto(SyncIds::Id))
                    .col(integer(SyncIds::EventId))
                    .col(string(SyncIds::Kind))
                    .col(integer(SyncIds::RemoteId))
                    .col(integer(SyncIds::LocalId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("sync_ids_by_remote")
                    .table(SyncIds::Table)
                    .col(SyncIds::EventId)
                    .col(SyncIds::Kind)
                    .col(SyncIds::RemoteId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SyncIds::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(SyncRows::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(SyncCopies::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(SyncLinks::Table).to_owned()).await
    }
}
