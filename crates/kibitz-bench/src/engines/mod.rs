//! The engines under test: kibitz itself.
pub mod kibitz;
