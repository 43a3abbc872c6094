//! Files other programs read and write: OpenGotha's tournament XML, the EGF results file.
pub mod egf;
pub mod opengotha;
