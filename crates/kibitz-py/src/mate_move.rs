//! `kibitz.Mate`: a mating move as Python sees it, made from kibitz-scan's one
//! [`MateMove`]; and the lists of them for a position.

use kibitz::mate::{self, GlancePattern};
use kibitz::{CastlingMode, Move, Position};
use kibitz_scan::mate::MateMove;
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
    /// A mate in one of a fairy variant position: SAN and UCI in the variant's
    /// notation, no pattern names (they are orthodox chess's).
    pub(crate) fn fairy(san: String, uci: String) -> Mate {
        Mate {
            san,
            uci,
            patterns: Vec::new(),
            glance: None,
        }
    }

    /// The mate `mv` of `pos` as kibitz-scan writes every mate; `glance` names the
    /// glance detector's pattern for moves it found.
    fn new(pos: &Position, mv: Move, glance: Option<&'static str>, castling: CastlingMode) -> Mate {
        let mate = MateMove::new(pos, mv, glance.is_some(), castling);
        Mate {
            san: mate.san,
            uci: mate.uci,
            patterns: mate.patterns.iter().map(|p| p.to_string()).collect(),
            glance,
        }
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

pub(crate) fn mates(pos: &Position, castling: CastlingMode) -> Vec<Mate> {
    mate::mates_in_one(pos)
        .into_iter()
        .map(|mv| Mate::new(pos, mv, None, castling))
        .collect()
}

pub(crate) fn threats(pos: &Position, castling: CastlingMode) -> Vec<Mate> {
    pos.pass().map(|p| mates(&p, castling)).unwrap_or_default()
}

pub(crate) fn glance_mates(pos: &Position, castling: CastlingMode) -> Vec<Mate> {
    mate::glance(pos)
        .into_iter()
        .map(|g| Mate::new(pos, g.mv, Some(glance_name(g.pattern)), castling))
        .collect()
}
