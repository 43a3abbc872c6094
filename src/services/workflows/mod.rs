//! Coordinators: use cases that drive several service areas in one go (an OpenGotha file
//! becomes an event, its players and its rounds; a referee's ruling is decided by the dispute
//! area and applied by the live area). They may call services; no service calls them, and no
//! service calls another (docs/ARCHITECTURE.md).
pub mod interop;
pub mod invitations;
pub mod referee_desk;
pub mod self_report;
pub mod venue_sync;
