//! `kibitz.Mate`: a mating move as Python sees it, made from kibitz-scan's one
//! [`MateMove`]; and the lists of them for a position.

use kibitz::board::{AnyPosition, Board};
use kibitz::mate::{self, GlancePattern};
use kibitz::{CastlingMode, Position};
use kibitz_scan::mate::{Mate as ScanMate, MateMove};
use pyo3::prelude::*;

/// A mating move: its SAN (with '#'), its UCI, the mate patterns it shows
/// (Lichess theme names such as 'backRankMate', 'smotheredMate'), and for moves
/// found by `glance` the detector's pattern that proposed it.
#[pyclass(frozen, eq, module = "kibitz")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mate {
    /// The move in SAN, such as 'Re8#'.
    #[pyo3(get)]
    san: String,
    /// The move in UCI, such as 'e1e8'.
    #[pyo3(get)]
    uci: String,
    /// The named mate patterns the move shows, possibly none.
    #[pyo3(get)]
    patterns: Vec<String>,
    /// For `glance`: the detector's pattern ('closeQueen', 'edgeLine', 'bishops',
    /// 'epaulette', 'closeRook', 'smothered'); None for exact search.
    #[pyo3(get)]
    glance: Option<&'static str>,
}

#[pymethods]
impl Mate {
    fn __repr__(&self) -> String {
        let patterns: Vec<String> = self.patterns.iter().map(|p| format!("'{p}'")).collect();
        let glance = self
            .glance
            .map(|g| format!(", glance='{g}'"))
            .unwrap_or_default();
        format!(
            "Mate(san='{}', uci='{}', patterns=[{}]{glance})",
            self.san,
            self.uci,
            patterns.join(", ")
        )
    }
}

impl Mate {
    /// A mate as kibitz-scan writes every mate; `glance` names the glance
    /// detector's pattern for moves it found.
    fn new(mate: MateMove, glance: Option<&'static str>) -> Mate {
        Mate {
            san: mate.san,
            uci: mate.uci,
            patterns: mate.patterns.iter().map(|p| p.to_string()).collect(),
            glance,
        }
    }

    /// Every mate in one of the side to move (a variant's without pattern names:
    /// they are orthodox chess's).
    pub(crate) fn all(pos: &AnyPosition) -> Vec<Mate> {
        pos.mates_in_one()
            .into_iter()
            .map(|mv| {
                let found = ScanMate { mv, glance: None };
                Mate::new(MateMove::new(pos, &found, pos.castling_mode()), None)
            })
            .collect()
    }

    /// The mates in one the side not to move would have if it were its turn.
    pub(crate) fn threats(pos: &AnyPosition) -> Vec<Mate> {
        pos.pass().map(|p| Mate::all(&p)).unwrap_or_default()
    }

    /// The mates in one the glance detector sees, each with its pattern's name.
    pub(crate) fn glance(pos: &Position, castling: CastlingMode) -> Vec<Mate> {
        mate::glance(pos)
            .into_iter()
            .map(|g| {
                let found = ScanMate {
                    mv: g.mv,
                    glance: Some(true),
                };
                Mate::new(
                    MateMove::new(pos, &found, castling),
                    Some(glance_name(g.pattern)),
                )
            })
            .collect()
    }
}

/// The Python name of a glance pattern (camelCase, like the pattern names).
fn glance_name(pattern: GlancePattern) -> &'static str {
    match pattern {
        GlancePattern::CloseQueen => "closeQueen",
        GlancePattern::EdgeLine => "edgeLine",
        GlancePattern::Bishops => "bishops",
        GlancePattern::Epaulette => "epaulette",
        GlancePattern::CloseRook => "closeRook",
        GlancePattern::Smothered => "smothered",
    }
}
