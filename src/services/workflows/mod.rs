//! Coordinators: use cases that drive several service areas in one go (an OpenGotha file
//! becomes an event, its players and its rounds). They may call services; no service calls
//! them, and no service calls another (docs/ARCHITECTURE.md).
pub mod interop;
