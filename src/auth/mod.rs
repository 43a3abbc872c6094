//! Passwords and one-time tokens (the login limits are in `services::accounts::login_limits`).
pub mod password;
pub mod token;
