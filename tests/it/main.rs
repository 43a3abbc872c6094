//! The one integration-test binary. Every test spawns the real application on a free port.
//!
//! Database: SQLite by default; `TEST_DATABASE=postgres` with `TEST_POSTGRES_URL` runs the
//! same tests on PostgreSQL (the README test command does both). Browser tests need
//! Chromium's headless shell and chromedriver (see `browser`).
mod helpers;

mod access;
mod accounts;
mod api;
mod architecture;
mod assets;
mod backup;
mod bad_input;
mod browser;
mod check_in;
mod concurrency;
mod database;
mod disputes;
mod gnugo_suite;
mod gomoku;
mod journey;
mod languages;
mod layers;
mod live;
mod locale;
mod opengotha_dumps;
mod paper;
mod random_record;
mod rating_lists;
mod records;
mod registration;
mod relay;
mod reports;
mod route_table;
mod scale;
mod screenshots;
mod secrets;
mod shapes;
mod sync;
mod systems;
mod systems_browser;
mod teams;
mod trust;
mod venue;
