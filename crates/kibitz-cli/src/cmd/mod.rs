//! One module per subcommand.

pub mod line;
pub mod moves;
pub mod pgn;
pub mod play;
pub mod square;
