//! One module per subcommand.

pub mod line;
pub mod mobility;
pub mod moves;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod square;
