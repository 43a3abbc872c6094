//! A knockout stage's own seeding (积分编排淘汰制, groups then knockout): a group round robin
//! keeps its round-1 seeding (the groups) beside the stage's. The Swiss and McMahon stages
//! stored theirs in `seeding`; it moves over.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    Seeding,
    StageSeeding,
    System,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Events::Table).add_column(text_null(Events::StageSeeding)).to_owned())
            .await?;
        let move_over = Query::update()
            .table(Events::Table)
            .value(Events::StageSeeding, Expr::col(Events::Seeding))
            .value(Events::Seeding, Option::<String>::None)
            .and_where(Expr::col(Events::System).is_in(["swiss", "mcmahon"]))
            .and_where(Expr::col(Events::Seeding).is_not_null())
            .to_owned();
        manager.exec_stmt(move_over).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let move_back = Query::update()
            .table(Events::Table)
            .value(Events::Seeding, Expr::col(Events::StageSeeding))
            .and_where(Expr::col(Events::System).is_in(["swiss", "mcmahon"]))
            .and_where(Expr::col(Events::StageSeeding).is_not_null())
            .to_owned();
        manager.exec_stmt(move_back).await?;
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::StageSeeding).to_owned()).await
    }
}
