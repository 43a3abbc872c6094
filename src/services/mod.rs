//! Use cases. Each public function is one transaction (plus mail after the commit); the ones
//! that change what matters (results, published pairings, staff, imports) also append an
//! audit row inside that transaction.
pub mod accounts;
pub mod audit;
pub mod backup;
pub mod disputes;
pub mod events;
pub mod interop;
pub mod live;
pub mod notifications;
pub mod pairing_file;
pub mod players;
pub mod records;
pub mod relay;
pub mod rounds;
pub mod standings;
pub mod teams;
