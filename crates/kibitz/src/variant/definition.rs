//! A chess variant: its rules ([`super::rules`]) with the lookup tables built
//! from them once. It sits above the tables and the FEN reader, which read only
//! the rules, and below [`VariantPosition`](super::VariantPosition), which plays it.

use std::sync::Arc;

use super::VariantError;
use super::board::BoardSize;
use super::fen;
use super::rules::Conditions;
use super::rules::{CastlingRules, GameValue, Gating, MAX_TYPES, PieceDef, PieceKind, Rules};
use super::tables::Tables;

/// A chess variant: rules as data plus the tables the engine plays it with.
///
/// ```
/// use kibitz::variant::{Variant, VariantPosition};
/// let capablanca = Variant::builtin("capablanca")?;
/// assert_eq!((capablanca.files(), capablanca.ranks()), (10, 8));
/// let pos = VariantPosition::startpos(&capablanca);
/// assert_eq!(pos.legal_moves().len(), 28);
/// # Ok::<(), kibitz::variant::VariantError>(())
/// ```
#[derive(Clone)]
pub struct Variant {
    pub(crate) rules: Arc<Rules>,
    pub(crate) tables: Arc<Tables>,
}

impl core::fmt::Debug for Variant {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Variant({} {})", self.rules.name, self.rules.size)
    }
}

impl Variant {
    /// Builds a variant from its rules: parses every piece's Betza, builds the tables
    /// and checks the start position.
    pub(crate) fn from_rules(mut rules: Rules) -> Result<Variant, VariantError> {
        rules
            .ends
            .resolve(&rules.pieces, rules.size)
            .map_err(VariantError::Definition)?;
        // Janggi's palace rules ([`super::palace`]) take the end rules' path:
        // every move made and tested; perft has its own path where they are
        // the only end rules.
        rules.palace.resolve(&rules.pieces);
        rules.palace.alone = rules.palace.active && !rules.ends.hooks_moves;
        rules.ends.hooks_moves |= rules.palace.active;
        // So do the fairy conditions of problems ([`super::conditions`]).
        rules.ends.hooks_moves |= !rules.conditions.is_empty();
        // And walling ([`super::walling`]): its moves are listed.
        if let Some(conflict) = super::rules::Walling::conflict(&rules) {
            return Err(VariantError::Definition(conflict));
        }
        rules.ends.hooks_moves |= rules.walling.active();
        // And a full board's end ([`super::enclosing`]).
        rules.ends.hooks_moves |= rules.enclosing.full_board_ends;
        // And the connection goals ([`super::connect`]).
        rules
            .connect
            .resolve(&rules.pieces)
            .map_err(VariantError::Definition)?;
        rules.ends.hooks_moves |= rules.connect.active();
        // And castling as the goal ([`super::castle_wins`]).
        rules.ends.hooks_moves |= rules.castling_wins != 0;
        // With Ouk Chatrang's first moves, `gating = true` makes the
        // castling field's files first-move rights (Fairy-Stockfish's gates
        // with nothing in hand), not Seirawan's gating.
        if rules.regions.cambodian_moves && rules.gating == super::rules::Gating::Seirawan {
            rules.gating = super::rules::Gating::None;
        }
        // As Fairy-Stockfish, the castling king is the one king on White's
        // castling rank of the start position, wherever it stands.
        let castling_king = rules.kind_index(PieceKind::King);
        if let (Some(k), Some(king)) = (
            rules.castling,
            castling_king.or(rules.ends.castling_king_type),
        ) && let Ok(cells) = fen::board_cells(&rules, &rules.start_fen)
        {
            let files = usize::from(rules.size.files());
            let row = usize::from(k.rank) * files;
            let kings: Vec<usize> = (0..files)
                .filter(|&f| cells.get(row + f) == Some(&Some((0, king))))
                .collect();
            if let ([f], Some(c)) = (kings.as_slice(), rules.castling.as_mut()) {
                c.king_file = *f as u8;
            }
        }
        if rules.pieces.len() > MAX_TYPES {
            return Err(VariantError::Definition(format!(
                "{} piece types; at most {} are supported",
                rules.pieces.len(),
                MAX_TYPES
            )));
        }
        // (Without a royal piece, nothing castles: Fairy-Stockfish's template keeps
        // chess's castling files on boards of any size.)
        if let Some(c) = rules.castling
            && rules.kind_index(PieceKind::King).is_some()
        {
            let files = rules.size.files();
            let off = [
                ("castlingKingFile", c.king_file),
                ("castlingKingsideFile", c.kingside_file),
                ("castlingQueensideFile", c.queenside_file),
                ("castlingRookKingsideFile", c.rook_kingside_file),
                ("castlingRookQueensideFile", c.rook_queenside_file),
            ]
            .into_iter()
            .find(|&(_, f)| f >= files);
            if let Some((key, f)) = off {
                if start_castling_rights(&rules.start_fen) {
                    // The start position grants a right whose king would castle
                    // off the board: refused rather than played as some other
                    // castling (or `castling = false` says what is meant).
                    return Err(VariantError::Definition(format!(
                        "{key}: file {} is off the board of {files} files (or set `castling = false`)",
                        char::from(b'a' + f)
                    )));
                }
                // Files inherited from a wider parent (Fairy-Stockfish's minihouse,
                // crazyhouse on 6 x 6): there the start position grants no right,
                // and Fairy-Stockfish's own FEN check calls every right there
                // invalid, so nothing castles.
                rules.castling = None;
            } else if c.rank >= rules.size.ranks() {
                return Err(VariantError::Definition(format!(
                    "castlingRank: rank {} is off the board of {} ranks",
                    c.rank + 1,
                    rules.size.ranks()
                )));
            }
        }
        super::chess960::check(&rules)?;
        let mut seen = Vec::new();
        for p in &rules.pieces {
            if !p.letter.is_ascii_uppercase() || seen.contains(&p.letter) {
                return Err(VariantError::Definition(format!(
                    "piece letter `{}` is not a free ascii letter",
                    p.letter
                )));
            }
            seen.push(p.letter);
        }
        super::shogi::expand(&mut rules)?;
        let tables = Tables::build(&rules)?;
        super::shogi::finish(&mut rules, &tables);
        let variant = Variant {
            rules: Arc::new(rules),
            tables: Arc::new(tables),
        };
        fen::parse_with_pregame(&variant.rules, &variant.tables, &variant.rules.start_fen)?;
        Ok(variant)
    }

    /// Orthodox chess under fairy conditions ([`Conditions`]), named after
    /// them (`circe`, `anticirce madrasi`); any other variant takes them
    /// from the `condition` key of its `variants.ini` section.
    ///
    /// ```
    /// use kibitz::variant::{Variant, VariantPosition};
    /// let madrasi = Variant::with_conditions("madrasi".parse()?)?;
    /// // The bishops on c4 and e6 observe each other: neither moves.
    /// let pos = VariantPosition::from_fen(&madrasi, "k7/8/4b3/8/2B5/8/8/K7 w - - 0 1")?;
    /// assert!(pos.legal_moves().iter().all(|mv| !pos.uci(mv).starts_with("c4")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_conditions(conditions: Conditions) -> Result<Variant, VariantError> {
        let mut rules = super::rules::chess_rules();
        rules.name = conditions.to_string();
        rules.conditions = conditions;
        Variant::from_rules(rules)
    }

    /// The fairy conditions the variant is played under (none for every
    /// built-in variant).
    pub fn conditions(&self) -> Conditions {
        self.rules.conditions
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.rules.name
    }

    /// Number of files.
    pub fn files(&self) -> u8 {
        self.rules.size.files()
    }

    /// Number of ranks.
    pub fn ranks(&self) -> u8 {
        self.rules.size.ranks()
    }

    /// The board size.
    pub fn board(&self) -> BoardSize {
        self.rules.size
    }

    /// The piece types.
    pub fn pieces(&self) -> &[PieceDef] {
        &self.rules.pieces
    }

    /// Do captured pieces go to the capturer's hand (crazyhouse and its
    /// family; Fairy-Stockfish's `capturesToHand`)?
    ///
    /// ```
    /// use kibitz::variant::Variant;
    /// assert!(Variant::builtin("crazyhouse")?.captures_to_hand());
    /// assert!(!Variant::builtin("chess")?.captures_to_hand());
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn captures_to_hand(&self) -> bool {
        self.rules.drops.captures_to_hand
    }

    /// Is this one board of a game on two (`twoBoards`: bughouse and its
    /// kin), whose hands are filled from the partner's board?
    ///
    /// ```
    /// use kibitz::variant::Variant;
    /// assert!(Variant::builtin("bughouse")?.two_boards());
    /// assert!(!Variant::builtin("crazyhouse")?.two_boards());
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn two_boards(&self) -> bool {
        self.rules.drops.two_boards
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> &str {
        &self.rules.start_fen
    }

    /// The gating rule.
    pub fn gating(&self) -> Gating {
        self.rules.gating
    }

    /// Castling, if the variant has it.
    pub fn castling(&self) -> Option<CastlingRules> {
        self.rules.castling
    }

    /// The variant with Chess960 castling on or off, as Fairy-Stockfish's
    /// `chess960` flag: the king and its castling rooks on any files of the
    /// castling rank, ending where the variant's castling puts them; rights
    /// read as X-FEN (`KQkq`: the outermost rook) or Shredder-FEN (`HAha`) and
    /// written as the rooks' files; castling in UCI as king takes rook. An
    /// error for a variant whose castling Chess960 cannot change (Musketeer or
    /// Seirawan gating, a non-royal castling king); a variant without castling
    /// is itself.
    ///
    /// ```
    /// use kibitz::variant::{Variant, VariantPosition};
    /// let crc = Variant::builtin("capablanca")?.with_chess960(true)?;
    /// assert!(crc.is_chess960());
    /// let pos = VariantPosition::startpos(&crc);
    /// assert!(pos.fen().contains(" w JAja "));
    /// assert!(Variant::builtin("seirawan")?.with_chess960(true).is_err());
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn with_chess960(&self, on: bool) -> Result<Variant, VariantError> {
        if self.rules.chess960 == on {
            return Ok(self.clone());
        }
        let mut rules = (*self.rules).clone();
        rules.chess960 = on;
        super::chess960::check(&rules)?;
        Ok(Variant {
            rules: std::sync::Arc::new(rules),
            tables: self.tables.clone(),
        })
    }

    /// Fairy-Stockfish's check of a FEN for this variant (pyffish's
    /// `validate_fen`, [`fen_check`](super::fen_check)): `Ok` where it answers
    /// `FEN_OK`, else the first check the FEN fails. `chess960` lets the king
    /// and the castling rooks stand off their start squares, as the variant's
    /// own Chess960 castling does.
    ///
    /// ```
    /// use kibitz::variant::{Variant, fen_check::FenFault};
    /// let zh = Variant::builtin("crazyhouse")?;
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1";
    /// assert_eq!(zh.validate_fen(fen, false), Ok(()));
    /// let bad_pocket = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P1] w KQkq - 0 1";
    /// assert_eq!(zh.validate_fen(bad_pocket, false), Err(FenFault::Pocket));
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn validate_fen(
        &self,
        fen: &str,
        chess960: bool,
    ) -> Result<(), super::fen_check::FenFault> {
        super::fen_check::validate(&self.rules, fen, chess960)
    }

    /// Does the variant castle as Chess960 ([`with_chess960`](Self::with_chess960))?
    pub fn is_chess960(&self) -> bool {
        self.rules.chess960
    }

    /// Does the variant play shogi's promoted piece types (`+P`)? Fairy-Stockfish
    /// writes such variants in shogi notation by default, and its SAN names a
    /// promoted piece by the letter of what it moves as, where kibitz's SAN writes
    /// `+P` and `=+B`: the two notations differ.
    ///
    /// ```
    /// use kibitz::variant::Variant;
    /// assert!(Variant::builtin("shogi")?.has_promoted_types());
    /// assert!(!Variant::builtin("crazyhouse")?.has_promoted_types());
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn has_promoted_types(&self) -> bool {
        self.rules.shogi.active
    }

    /// Does kibitz write this variant's promoted pieces in its own SAN (`+P`,
    /// `=+B`) where Fairy-Stockfish's SAN names them by what they move as? The
    /// shogi family and sections with promoted types do; Wolf chess, whose
    /// notation in Fairy-Stockfish is SAN, is written as there (`a10=E`).
    ///
    /// ```
    /// use kibitz::variant::Variant;
    /// assert!(Variant::builtin("shogi")?.writes_promoted_as_shogi());
    /// assert!(!Variant::builtin("wolf")?.writes_promoted_as_shogi());
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn writes_promoted_as_shogi(&self) -> bool {
        self.has_promoted_types() && !self.rules.shogi.san_as_moved
    }

    /// The value of stalemate for the side to move.
    pub fn stalemate_value(&self) -> GameValue {
        self.rules.stalemate
    }

    /// Ranks (a bit per rank, rank 1 = bit 0) from which White's and Black's pawns
    /// may step two squares.
    pub fn double_step_ranks(&self) -> [u16; 2] {
        self.rules.double_step
    }

    /// Ranks from which pawns may step three squares.
    pub fn triple_step_ranks(&self) -> [u16; 2] {
        self.rules.triple_step
    }

    /// Ranks where White's and Black's pawns promote.
    pub fn promotion_ranks(&self) -> [u16; 2] {
        self.rules.promotion_ranks
    }

    /// Must a pawn promote as soon as it enters the zone (else only on the last rank)?
    pub fn mandatory_promotion(&self) -> bool {
        self.rules.mandatory_promotion
    }

    /// Is en passant allowed?
    pub fn en_passant(&self) -> bool {
        self.rules.en_passant
    }

    /// Per piece letter, the most pieces of that type a side may have after a
    /// promotion (Grand Chess: a pawn promotes only to a piece it has lost).
    pub fn promotion_limits(&self) -> Vec<(char, u8)> {
        self.rules
            .pieces
            .iter()
            .zip(&self.rules.promotion_limit)
            .filter(|&(_, &n)| n > 0)
            .map(|(p, &n)| (p.letter, n))
            .collect()
    }

    /// The seed's mobility string (`4 × 2 + 8 × 3 + …`) of piece `index` on this
    /// variant's empty board, from its Betza; an error for pieces whose Betza an
    /// empty board cannot express (hoppers, capture-only parts, pawns).
    ///
    /// ```
    /// use kibitz::variant::Variant;
    /// let v = Variant::builtin("capablanca")?;
    /// let knight = v.pieces().iter().position(|p| p.letter == 'N').unwrap();
    /// assert!(v.mobility(knight).unwrap().starts_with("4 × 2 + "));
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn mobility(&self, index: usize) -> Result<String, VariantError> {
        let def = self
            .rules
            .pieces
            .get(index)
            .ok_or_else(|| VariantError::Definition(format!("no piece number {index}")))?;
        let piece = crate::mobility::Piece::from_betza(&def.betza).map_err(|source| {
            VariantError::Betza {
                letter: def.letter,
                betza: def.betza.clone(),
                source,
            }
        })?;
        let board = crate::mobility::Board::new(u64::from(self.files()), u64::from(self.ranks()))
            .map_err(|e| VariantError::Definition(e.to_string()))?;
        Ok(piece.analyse(board).mobility())
    }

    /// The letters a pawn may promote to (uppercase).
    pub fn promotion_letters(&self) -> Vec<char> {
        self.rules
            .promotion_types
            .iter()
            .map(|&t| self.rules.pieces[usize::from(t)].letter)
            .collect()
    }
}

/// Does the castling field of a start FEN grant a right (a field other than `-`
/// after the board and the side to move)? A FEN without the field grants none,
/// nor does a shogi-style one whose third field is the move number.
fn start_castling_rights(fen: &str) -> bool {
    fen.split_whitespace()
        .nth(2)
        .is_some_and(|f| f != "-" && f.chars().all(|c| c.is_ascii_alphabetic()))
}
