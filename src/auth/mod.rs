//! Passwords and one-time tokens (the login limits are in `services::login_limits`).
pub mod password;
pub mod token;
