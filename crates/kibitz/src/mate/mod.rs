//! Mates in one: the exact answer, the static "Mate at a Glance" detector, and
//! pattern names.
//!
//! The seed (`001_…txt`, the chessprogramming wiki's "Mate at a Glance") asks to
//! detect "statically in evaluation, where one side (not necessarily the side to
//! move) has a legal move to checkmate its opponent king". Two answers live here:
//!
//! * [`mates_in_one`] / [`mate_threats`]: every mating move, exactly, found from
//!   the squares a mating man must land on (where it checks the king and covers the
//!   king's open flights), without generating the other moves;
//! * [`glance`] / [`glance_threats`] / [`has_glance_mate`]: the seed's static
//!   detector, from bitboards, without making moves. It follows the wiki's Bloom-filter
//!   contract: it may miss mates, but each mate it reports is real.
//!
//! [`mate_patterns`] names what a mating move shows (`backRankMate`, `smotheredMate`, …).
//!
//! ```
//! use kibitz::{Position, mate};
//! let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
//! let exact = mate::mates_in_one(&pos);
//! let seen = mate::glance(&pos);
//! assert_eq!(exact.len(), 1);
//! assert_eq!(seen[0].mv, exact[0]);
//! assert_eq!(mate::mate_patterns(&pos, exact[0]), [mate::Pattern::BackRank]);
//! ```

mod after;
mod exact;
mod flights;
mod glance;
mod patterns;

pub use exact::{
    count_mates_in_one, first_mate_in_one, has_mate_threat, mate_threats, mates_in_one,
};
pub use glance::{GlanceMate, GlancePattern, glance, glance_threats, has_glance_mate};
pub(crate) use glance::{first_glance_mate, glance_moves};
pub use patterns::{Pattern, mate_patterns};
