//! Files other programs read and write: OpenGotha's tournament XML, the EGF and AGA results
//! files.
pub mod aga;
pub mod egf;
pub mod opengotha;
