//! One module per subcommand.

pub mod line;
pub mod perft;
pub mod square;
