//! One module per subcommand.

pub mod line;
pub mod square;
