//! One module per subcommand.

pub mod demo;
pub mod line;
pub mod mate;
pub mod mate_report;
pub mod square;
