//! Staff invitations: a director adds a referee (or a director) by an address that has no
//! account yet; the mailed link signs them up into that role.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum StaffInvitations {
    Table,
    Id,
    EventId,
    Email,
    Role,
    TokenHash,
    InvitedBy,
    CreatedAt,
    ExpiresAt,
    AcceptedAt,
    WithdrawnAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(StaffInvitations::Table)
                    .col(pk_auto(StaffInvitations::Id))
                    .col(integer(StaffInvitations::EventId))
                    .col(string(StaffInvitations::Email))
                    .col(string(StaffInvitations::Role))
                    .col(string_uniq(StaffInvitations::TokenHash))
                    .col(integer(StaffInvitations::InvitedBy))
                    .col(timestamp_with_time_zone(StaffInvitations::CreatedAt))
                    .col(timestamp_with_time_zone(StaffInvitations::ExpiresAt))
                    .col(timestamp_with_time_zone_null(StaffInvitations::AcceptedAt))
                    .col(timestamp_with_time_zone_null(StaffInvitations::WithdrawnAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("staff_invitations_by_event")
                    .table(StaffInvitations::Table)
                    .col(StaffInvitations::EventId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(StaffInvitations::Table).to_owned()).await
    }
}
