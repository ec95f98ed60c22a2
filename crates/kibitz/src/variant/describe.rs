//! What `kibitz variants` and Python's `kibitz.variants()` say about a variant:
//! its board, start position and pieces, each with its Betza and the mobility
//! seed's string for its moves on the variant's empty board.

use super::Variant;

/// One piece type of a [`VariantDescription`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDescription {
    /// White's letter (uppercase).
    pub letter: char,
    /// The piece's name.
    pub name: String,
    /// Its moves in Betza notation.
    pub betza: String,
    /// The seed's mobility string of its moves on the variant's empty board
    /// (the components that move to empty squares: not capture-only, hopping or
    /// first-move-only ones); `None` when it has none there.
    pub mobility: Option<String>,
}

/// A variant as the front ends list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantDescription {
    /// The variant's name.
    pub name: String,
    /// The board as `FILESxRANKS` (`10x8`).
    pub board: String,
    /// The start position's FEN as the variant gives it.
    pub start_fen: String,
    /// Every piece type.
    pub pieces: Vec<PieceDescription>,
}

/// A piece's moves on an empty board as the mobility seed's piece: the
/// components that move to empty squares.
fn empty_board_piece(betza: &str) -> Option<crate::mobility::Piece> {
    let components = crate::mobility::betza::parse_components(betza).ok()?;
    let mut piece = crate::mobility::Piece::new();
    for c in components
        .iter()
        .filter(|c| c.moves && c.hop.is_none() && !c.initial)
    {
        for &d in &c.directions {
            match c.range {
                None => piece.add_once(d),
                Some(range) => piece.add_rider(d, range),
            }
        }
    }
    Some(piece)
}

impl Variant {
    /// The variant's description: board, start FEN, pieces with Betza and mobility.
    ///
    /// ```
    /// use kibitz::variant::Variant;
    /// let d = Variant::builtin("capablanca")?.describe();
    /// assert_eq!(d.board, "10x8");
    /// let knight = d.pieces.iter().find(|p| p.letter == 'N').unwrap();
    /// assert!(knight.mobility.as_deref().unwrap().starts_with("4 × 2 + "));
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn describe(&self) -> VariantDescription {
        let board = crate::mobility::Board::new(u64::from(self.files()), u64::from(self.ranks()));
        let pieces = self
            .pieces()
            .iter()
            .map(|p| PieceDescription {
                letter: p.letter,
                name: p.name.clone(),
                betza: p.betza.clone(),
                mobility: match (&board, empty_board_piece(&p.betza)) {
                    (Ok(board), Some(piece)) if !piece.is_empty() => {
                        Some(piece.analyse(*board).mobility())
                    }
                    _ => None,
                },
            })
            .collect();
        VariantDescription {
            name: self.name().to_string(),
            board: format!("{}x{}", self.files(), self.ranks()),
            start_fen: self.start_fen().to_string(),
            pieces,
        }
    }

    /// Every built-in variant, in the order of [`BUILTIN_NAMES`](super::BUILTIN_NAMES).
    pub fn builtins() -> Vec<Variant> {
        super::BUILTIN_NAMES
            .iter()
            .filter_map(|name| Variant::builtin(name).ok())
            .collect()
    }
}
