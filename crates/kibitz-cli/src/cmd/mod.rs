//! One module per subcommand.

pub mod demo;
pub mod game;
pub mod line;
pub mod mate;
pub mod mobility;
pub mod moves;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod serve;
pub mod solve;
pub mod square;
pub mod uci;
pub mod variants;
