//! Yunzi (云子): a go tournament management system.
//!
//! `domain` is the pure core (no web, database or async code); `services` are the use cases
//! and own transactions and I/O; `web` holds the thin actix handlers and the route table.
pub mod auth;
pub mod cli;
pub mod clock;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod i18n;
pub mod mail;
pub mod services;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod web;
