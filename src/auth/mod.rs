//! Passwords, one-time tokens and the login rate limiter.
pub mod password;
pub mod rate_limit;
pub mod token;
