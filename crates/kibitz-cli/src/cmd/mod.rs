//! One module per subcommand.

pub mod line;
pub mod mobility;
pub mod perft;
pub mod square;
