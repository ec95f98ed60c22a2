//! The rules of a variant as data: its board, its pieces (letters and Betza), its
//! royal piece, pawn rules, castling, gating and game values. Everything below
//! reads this struct: the tables built from it ([`super::tables`]), the FEN
//! reader, the move generator; [`Variant`](super::Variant) holds it with its
//! tables, as Fairy-Stockfish's `Variant` is data the engine reads.

use super::board::{BoardSize, WideBitboard};

/// The most piece types a variant may have: the 26 letters of a FEN, and the
/// promoted types of shogi-style rules (`+P`), which take no letter of their own.
/// Sets of types are `u32` masks (a bit per type), hence 32.
pub const MAX_TYPES: usize = 32;

/// What a piece type is to the rules beyond its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum PieceKind {
    /// The pawn: steps `fmW`, captures `fcF`, double/triple steps, en passant, promotes.
    Pawn,
    /// The royal piece: may not be left in check, castles.
    King,
    /// Any other piece, moving as its Betza says.
    Other,
}

/// One piece type of a variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceDef {
    /// White's letter (uppercase); Black's is the lowercase.
    pub letter: char,
    /// A name (`archbishop`, `customPiece1`, …).
    pub name: String,
    /// Its moves in Betza notation (the pawn's special moves come from the pawn rules).
    pub betza: String,
    /// Pawn, king or other.
    pub kind: PieceKind,
}

/// The result of a game end, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameValue {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
}

impl GameValue {
    /// The same end seen by the other side.
    pub(crate) fn flip(self) -> GameValue {
        match self {
            GameValue::Win => GameValue::Loss,
            GameValue::Loss => GameValue::Win,
            GameValue::Draw => GameValue::Draw,
        }
    }
}

/// How pieces enter the board by gating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gating {
    /// No gating.
    None,
    /// Seirawan (S-chess): a piece in hand may enter on the square a back-rank piece
    /// leaves on its first move (optional); holdings in `[…]`, gates as file letters
    /// in the castling field.
    Seirawan,
    /// Musketeer: the piece standing over a file (in the FEN's extra gating rows) enters
    /// when the first-rank piece of that file first leaves (compulsory, castling too);
    /// lost when that piece is captured on its square.
    Musketeer,
}

/// Castling as the variant defines it (files from 0 = a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingRules {
    /// The king's file before castling.
    pub king_file: u8,
    /// The king's destination file on the kingside (Capablanca: i).
    pub kingside_file: u8,
    /// The king's destination file on the queenside.
    pub queenside_file: u8,
    /// The kingside rook's file.
    pub rook_kingside_file: u8,
    /// The queenside rook's file.
    pub rook_queenside_file: u8,
    /// The castling rank, relative (0 = White's first rank, Black's last).
    pub rank: u8,
    /// The piece types that castle with the king, a bit per type index
    /// (Fairy-Stockfish's `castlingRookPieces`: the rook alone, unless a variant
    /// names more).
    pub rook_types: u32,
}

impl CastlingRules {
    /// Does a piece of type index `t` castle with the king?
    pub fn castles_with(&self, t: usize) -> bool {
        t < 32 && (self.rook_types >> t) & 1 == 1
    }
}

/// A set of type indices (a bit per index) after a type is inserted at `at`:
/// the indices from `at` on move up by one.
pub(crate) fn types_after_insert(mask: u32, at: u8) -> u32 {
    let low = mask & ((1u32 << at) - 1);
    low | ((mask & !low) << 1)
}

/// A set of type indices after type `i` is removed: `i` leaves the set and the
/// indices above it move down by one.
pub(crate) fn types_after_remove(mask: u32, i: u8) -> u32 {
    let low = mask & ((1u32 << i) - 1);
    let high = mask.checked_shr(u32::from(i) + 1).unwrap_or(0);
    low | (high << i)
}

/// The rules of a variant (all fields public to the crate; the public reads are
/// [`Variant`]'s accessors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    pub name: String,
    pub size: BoardSize,
    pub pieces: Vec<PieceDef>,
    pub start_fen: String,
    /// Ranks (bit per absolute rank) where a pawn may step two, per colour.
    pub double_step: [u16; 2],
    /// Ranks where a pawn may step three, per colour.
    pub triple_step: [u16; 2],
    pub en_passant: bool,
    /// Ranks where a pawn promotes, per colour.
    pub promotion_ranks: [u16; 2],
    /// Type indices a pawn may promote to (White's, and Black's unless
    /// `promotion_types_black` says otherwise).
    pub promotion_types: Vec<u8>,
    /// Black's promotion choices where they differ from White's
    /// (`promotionPieceTypesBlack`: Sort of Almost chess, Chigorin).
    pub promotion_types_black: Option<Vec<u8>>,
    /// Per type: at most this many on the board after promoting (0: no limit);
    /// Grand Chess's "only to a piece you have lost".
    pub promotion_limit: Vec<u8>,
    /// Must a pawn promote as soon as it enters the zone (else only on the last rank)?
    pub mandatory_promotion: bool,
    pub castling: Option<CastlingRules>,
    /// `oppositeCastling`: castling takes from the other side its right to
    /// castle on the same side (kingside or queenside).
    pub opposite_castling: bool,
    /// Chess960 castling ([`super::chess960`]): the king and the castling rooks
    /// on any files, rights by rook file, castling written as king takes rook.
    pub chess960: bool,
    pub gating: Gating,
    pub stalemate: GameValue,
    pub checkmate: GameValue,
    /// Musketeer: pawns may also promote to the side's chosen pieces.
    pub chosen_promotions: bool,
    /// Drops from the hand (crazyhouse and its family); all off by default.
    pub drops: DropRules,
    /// Mobility regions, the soldier and the flying general ([`super::regions`]).
    pub regions: Regions,
    /// Game ends and capture rules beyond mate (flags, check counting,
    /// extinction, compulsory captures, atomic captures).
    pub ends: EndRules,
    /// Shogi's promoted pieces, promotion by choice, immobility and the pawn
    /// drop mate ([`super::shogi`]).
    pub shogi: ShogiRules,
    /// Janggi's palace lines, passing, bikjang and material counting
    /// ([`super::palace`]).
    pub palace: Palace,
    /// `pieceValueMg` and `pieceValueEg`: per piece letter, the values a
    /// section gives, in Fairy-Stockfish's units ([`super::values`]).
    pub piece_values: Vec<(char, [Option<i32>; 2])>,
    /// Which pieces are pawns (`pawnTypes` and its parts, [`super::pawns`]).
    pub pawn_keys: PawnTypeKeys,
    /// The fairy conditions of chess problems ([`super::conditions`]).
    pub conditions: Conditions,
    /// May a side stand without the royal piece its start position has? Off
    /// for games (a FEN without it is refused, as Fairy-Stockfish's); on for
    /// chess problems, where a diagram may lack a king (Popeye's): that side
    /// is never in check and never mated.
    pub kingless_sides: bool,
    /// Walling moves ([`super::walling`]): `wallingRule` and its regions.
    pub walling: Walling,
    /// Reversi's and Ataxx's enclosing drops and flips, and the end on a full
    /// board ([`super::enclosing`]).
    pub enclosing: Enclosing,
    /// Connection goals: a row of N, a square of N × N, N in a line, two
    /// regions joined ([`super::connect`]).
    pub connect: Connect,
    /// `castlingWins`: the castling rights (bits as `State::castling`) whose
    /// castling wins and whose loss loses ([`super::castle_wins`]).
    pub castling_wins: u8,
}

impl Rules {
    /// Only `pieces` in the game: no king (no check, no castling) and no promotion.
    pub(crate) fn only_pieces(&mut self, pieces: Vec<PieceDef>) {
        self.promotion_limit = vec![0; pieces.len()];
        self.pieces = pieces;
        self.promotion_types.clear();
        self.promotion_types_black = None;
        self.castling = None;
        self.double_step = [0, 0];
    }

    pub fn type_of_letter(&self, letter: char) -> Option<u8> {
        let upper = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == upper)
            .map(|i| i as u8)
    }

    /// The type indices a pawn of colour `c` may promote to.
    #[inline]
    pub fn promotion_choices(&self, c: usize) -> &[u8] {
        match (&self.promotion_types_black, c) {
            (Some(black), 1) => black,
            _ => &self.promotion_types,
        }
    }

    /// Applies `f` to both colours' promotion choices (a piece type inserted
    /// or removed renumbers the types).
    pub fn each_promotion_list(&mut self, mut f: impl FnMut(&mut Vec<u8>)) {
        f(&mut self.promotion_types);
        if let Some(black) = self.promotion_types_black.as_mut() {
            f(black);
        }
    }

    pub fn kind_index(&self, kind: PieceKind) -> Option<u8> {
        self.pieces
            .iter()
            .position(|p| p.kind == kind)
            .map(|i| i as u8)
    }
}

/// The drop rules of a variant (all off for the variants without drops).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DropRules {
    /// `pieceDrops`: pieces in hand may be dropped on empty squares.
    pub enabled: bool,
    /// `capturesToHand`: a captured piece joins the capturer's hand.
    pub captures_to_hand: bool,
    /// `dropLoop`: a captured promoted piece keeps its promoted type in hand
    /// (and the FEN does not mark promoted pieces).
    pub drop_loop: bool,
    /// `firstRankPawnDrops`: pawns may be dropped on the side's first rank.
    pub first_rank_pawn_drops: bool,
    /// `promotionZonePawnDrops`: pawns may be dropped in the promotion zone.
    pub promotion_zone_pawn_drops: bool,
    /// `dropNoDoubled`: the letter of the piece type that may not be dropped on a
    /// file already holding `no_doubled_count` of the side's pieces of that type.
    pub no_doubled: Option<char>,
    /// `dropNoDoubledCount` (Fairy-Stockfish's default 1; 0 forbids every drop
    /// of the piece).
    pub no_doubled_count: u8,
    /// `mustDrop`: a side with a legal drop must drop.
    pub must_drop: bool,
    /// `mustDropType`: the letter of the one type `mustDrop` is about (`None`:
    /// any, Fairy-Stockfish's `*`). With one in hand, only it is dropped, and
    /// it must be where it can.
    pub must_drop_type: Option<char>,
    /// `dropChecks`: may a drop give check?
    pub checks: bool,
    /// The ranks (a bit per absolute rank) each colour drops on, where the
    /// variant restricts them (Fairy-Stockfish's `dropRegion`).
    pub region: Option<[u16; 2]>,
    /// The squares each colour drops on where a section gave its region square
    /// by square (Stardust's), not as whole ranks: then `region` holds every
    /// rank for that colour and these squares cut it.
    pub squares: [Option<super::board::WideBitboard>; 2],
    /// `dropOppositeColoredBishop`: the bishops must be able to end on squares
    /// of both colours.
    pub opposite_bishops: bool,
    /// `castlingDroppedPiece`: a king dropped on its castling square, or a rook
    /// dropped in a corner beside it, gains the castling right.
    pub castling_dropped_piece: bool,
    /// `sittuyinRookDrop`: rooks are dropped on the side's first rank only.
    pub sittuyin_rook_drop: bool,
    /// `pocketSize`: read for the ini's sake (it only sizes Fairy-Stockfish's
    /// displays and networks; it changes no rule and no FEN).
    pub pocket_size: u8,
    /// `twoBoards`: the game is one board of a two-board game (bughouse). The
    /// partner's board is not played: what it would give is not known, so only
    /// the pieces in hand are dropped (pyffish's legal moves never list the
    /// "virtual" drops its search allows); the FEN marks promoted pieces `~`.
    pub two_boards: bool,
    /// `freeDrops`: every piece type is in hand without end (Ataxx), so the
    /// FEN shows no hand and a drop takes nothing from it.
    pub free_drops: bool,
}

/// The end and capture rules of a variant (all off by default: orthodox chess).
/// Pieces are named by letter, so that a `variants.ini` section may add or
/// remove pieces after setting them; [`resolve`](Self::resolve) turns the
/// letters into type indices once, when the variant is built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EndRules {
    /// `flagPiece`: the piece that wins by reaching its side's flag region;
    /// `*` (the default, as in Fairy-Stockfish) any piece, `None` (`-`) none;
    /// White's and Black's (`flagPieceWhite`, `flagPieceBlack`).
    pub flag_letter: [Option<char>; 2],
    /// `flagRegionWhite` / `flagRegionBlack`, as read (squares, whole ranks
    /// or files), made squares by [`resolve`](Self::resolve) on the final board.
    pub flag_cells: [Vec<Cell>; 2],
    /// `flagMove`: the other side gets one more move after a flag is reached.
    pub flag_move: bool,
    /// `flagPieceCount`: how many flag pieces must stand in the region.
    pub flag_piece_count: u32,
    /// `flagPieceBlockedWin`: a full region wins with fewer pieces.
    pub flag_piece_blocked_win: bool,
    /// `flagPieceSafe`: a flag piece reaches its region only where it is not
    /// attacked (Dobutsu's lion on the far rank).
    pub flag_piece_safe: bool,
    /// `checking`: may a move give check?
    pub checking: bool,
    /// `checkCounting`: the FEN's `W+B` field counts the checks each side still
    /// has to give; giving the last wins.
    pub check_counting: bool,
    /// `extinctionValue`: the value, for the side concerned, of losing every
    /// piece of an extinction type (None: no extinction rule).
    pub extinction_value: Option<GameValue>,
    /// `extinctionClaim`: the side to move needs one opponent piece more.
    pub extinction_claim: bool,
    /// `extinctionPieceTypes` as letters; `*` is all pieces together.
    pub extinction_letters: Vec<char>,
    /// `extinctionPieceCount`: extinct at this many pieces or fewer.
    pub extinction_piece_count: u32,
    /// `extinctionOpponentPieceCount`: ... while the opponent has at least this many.
    pub extinction_opponent_piece_count: u32,
    /// `extinctionPseudoRoyal`: the last pieces of an extinction type may not
    /// be left attacked (the atomic king).
    pub extinction_pseudo_royal: bool,
    /// `dupleCheck` ([`super::duple`]): with pseudo-royal pieces, all of a
    /// side's pieces of the extinction types attacked together is a check too.
    pub duple_check: bool,
    /// `mustCapture`: a side that can capture must.
    pub must_capture: bool,
    /// `passOnStalemate` (`…White`, `…Black`): a side with no move, not in
    /// check, passes (its king, or else its first piece, moves to its own
    /// square) instead of being stalemated.
    pub pass_on_stalemate: [bool; 2],
    /// `stalematePieceCount`: stalemate is decided by the piece counts (Suicide).
    pub stalemate_piece_count: bool,
    /// `shatarMateRule` ([`super::historic`]): a mate by knights alone loses
    /// for the mating side, and a mate counts only if the run of checks that
    /// led to it holds a *shak*, a check by a knight, rook or bers; else a draw.
    pub shatar_mate: bool,
    /// `blastOnCapture`: a capture explodes the capturer and the non-pawns around.
    pub blast_on_capture: bool,
    /// `blastImmuneTypes` as letters.
    pub blast_immune_letters: Vec<char>,
    /// `mutuallyImmuneTypes` as letters: a piece of these types may not take
    /// a piece of its own type (Atomar's kings).
    pub mutually_immune_letters: Vec<char>,
    /// `petrifyOnCaptureTypes` as letters ([`super::petrify`]): a piece of
    /// these types that takes turns to a wall square on the square it took.
    pub petrify_letters: Vec<char>,
    /// `castlingKingPiece` when it is not the royal king (a commoner castles).
    pub castling_king_letter: Option<char>,
    /// `nMoveRule`: a side may claim a draw after this many moves of each side
    /// without a capture or pawn move (0: never).
    pub n_move_rule: u32,
    /// `nFoldRule`: the game may end when a position stands this many times
    /// (3; 4 in shogi; 0: never).
    pub n_fold_rule: u32,
    /// `nFoldValue`: the value of that end for the side to move (a draw).
    pub n_fold_value: GameValue,
    /// `nFoldValueAbsolute`: `n_fold_value` is White's, Black's the other.
    pub n_fold_value_absolute: bool,
    /// `perpetualCheckIllegal`: a repetition reached by checks on every move
    /// of one side loses for that side.
    pub perpetual_check_illegal: bool,
    /// `moveRepetitionIllegal`: janggi's rule against repeating moves, which
    /// kibitz does not judge (a repetition under it is unjudged).
    pub move_repetition_illegal: bool,
    /// `enPassantRegion` as ranks (a bit per rank), per capturing colour: Horde
    /// keeps en passant off the second rank its first-rank pawns pass.
    pub en_passant_ranks: [u16; 2],

    // Resolved by `resolve` from the letters and cells above.
    /// The flag regions.
    pub flag_region: [WideBitboard; 2],
    /// Each side's flag pieces' types (a bit per type; 0: no flag for that side).
    pub flag_types: [u32; 2],
    /// Is each side's flag piece the royal king?
    pub flag_is_king: [bool; 2],
    /// The extinction types (a bit per type).
    pub extinction_types: u32,
    /// Per type, the types counted with it for extinction and pseudo-royalty
    /// (a bit per type): a promoted type moving as an extinction type is one
    /// of it, as in Fairy-Stockfish, where it has that type (Sho-shogi's crown
    /// prince, a commoner). Empty: each type counts alone.
    pub extinction_kin: Vec<u32>,
    /// Do all pieces together count as an extinction type (`*`)?
    pub extinction_all: bool,
    /// The blast-immune types (a bit per type).
    pub blast_immune: u32,
    /// The mutually immune types (a bit per type).
    pub mutually_immune: u32,
    /// The types that petrify on capturing (a bit per type).
    pub petrify: u32,
    /// The non-royal castling king's type.
    pub castling_king_type: Option<u8>,
    /// Does any rule here change the legal moves or the game's end?
    pub hooks_moves: bool,
    /// Does any rule here act after a move is made (blast, petrification,
    /// check counting)?
    pub hooks_make: bool,
}

/// The shogi rules of a variant (all off for the variants without them).
/// Pieces are named by letter, as `variants.ini` names them;
/// [`super::shogi`]'s `expand` adds the promoted types and resolves the letters when the
/// variant is built.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ShogiRules {
    /// `promotedPieceType`: per piece letter, the letter of the piece it
    /// promotes to (`None`: `-`, it does not promote), in the order set.
    pub promotions: Vec<(char, Option<char>)>,
    /// `mandatoryPiecePromotion`.
    pub mandatory: bool,
    /// `piecePromotionOnCapture`: only captures promote (or demote).
    pub on_capture: bool,
    /// `pieceDemotion`: a promoted piece may demote by a move touching the zone.
    pub demotion: bool,
    /// `dropPromoted`: a piece in hand may be dropped promoted.
    pub drop_promoted: bool,
    /// `immobilityIllegal`.
    pub immobility_illegal: bool,
    /// `shogiPawnDropMateIllegal`.
    pub pawn_drop_mate_illegal: bool,
    /// SAN names a promoted piece by the piece it moves as (`=E`, `Ea2`), as
    /// Fairy-Stockfish's SAN does, rather than kibitz's `=+P` and `+Pa2`: for
    /// a variant whose notation there is SAN (Wolf chess), not the shogi
    /// family's shogi notation.
    pub san_as_moved: bool,

    // Resolved by `expand` and `finish`.
    /// Does any rule here change the moves?
    pub active: bool,
    /// Per type: the type it promotes to, or `NO_TYPE`.
    pub promoted: Vec<u8>,
    /// Per type: the type it was promoted from, or `NO_TYPE`.
    pub base: Vec<u8>,
    /// Per `(colour, type)`: the squares from which the piece has no move on
    /// an empty board (empty unless immobility is illegal).
    pub immobile: Vec<WideBitboard>,
    /// The shogi pawn's type (Fairy-Stockfish's `shogiPawn`), or `NO_TYPE`.
    pub shogi_pawn: u8,
    /// Per colour: the promotion zone as squares (the tables' `promo_zone`).
    pub zone: [WideBitboard; 2],
}

/// Fairy-Stockfish's `materialCounting`: how a game ended by a rule that
/// would otherwise draw it (two passes, bikjang) is decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum MaterialCounting {
    /// No counting: such an end is a draw.
    #[default]
    None,
    /// Janggi's points (chariot 13, cannon 7, horse 5, elephant 3, advisor 3,
    /// soldier 2), with 1.5 to the second player: White wins only with more.
    Janggi,
    /// Armageddon's draw odds (`blackdrawodds`): every drawn end (stalemate,
    /// the n-move rule, a repetition) is Black's win.
    BlackDrawOdds,
    /// The same for White (`whitedrawodds`).
    WhiteDrawOdds,
    /// Reversi's and Ataxx's count (`unweighted`): the side with more pieces
    /// on the board wins, equal counts draw.
    Unweighted,
}

/// Fairy-Stockfish's `EnclosingRule`, as far as kibitz plays it: where a drop
/// may go (`enclosingDrop`) and which enemy pieces a move turns
/// (`flipEnclosedPieces`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum EnclosingRule {
    /// No such rule.
    #[default]
    None,
    /// Reversi: a drop must enclose enemy pieces in a line (a queen's line)
    /// between it and a piece of its own, and turns those pieces.
    Reversi,
    /// Ataxx: a drop must land next to a piece of its own (a king's step), and
    /// a move turns the enemy pieces next to the square it lands on.
    Ataxx,
    /// Connect Four: a drop lands on the first rank or on a piece (for drops
    /// only).
    Top,
    /// Connect Four from any side: a drop slides in from an edge, along a
    /// rank or a file, and stops at the first piece (for drops only).
    Anyside,
}

/// The enclosing rules ([`super::enclosing`]): all off but in the Reversi and
/// Ataxx families.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Enclosing {
    /// `enclosingDrop`: where a drop may land.
    pub drop: EnclosingRule,
    /// `enclosingDropStart`: while one of these squares is empty, drops go
    /// only there, whatever `enclosingDrop` says (Reversi's centre).
    pub drop_start: WideBitboard,
    /// `flipEnclosedPieces`: which enemy pieces a move turns.
    pub flip: EnclosingRule,
    /// `adjudicateFullBoard`: a full board ends the game (drawn, or counted
    /// by material).
    pub full_board_ends: bool,
}

/// The connection goals ([`super::connect`], after Fairy-Stockfish's `connect…`
/// and `collinearN` keys): all off but in the tic-tac-toe family. The side that
/// has just moved is the one whose pieces are looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Connect {
    /// `connectN`: this many in a row along a line of `lines` (0: off).
    pub n: u32,
    /// `connectNxN`: a square of this many by this many (0: off).
    pub square: u32,
    /// `collinearN`: this many on one line of `lines`, gaps allowed (0: off).
    pub collinear: u32,
    /// `connectHorizontal`, `connectVertical`, `connectDiagonal`.
    pub horizontal: bool,
    pub vertical: bool,
    pub diagonal: bool,
    /// `connectRegion1White`…: per colour, a chain of its pieces from the
    /// first region to the second wins.
    pub region1: [WideBitboard; 2],
    pub region2: [WideBitboard; 2],
    /// `connectPieceTypes` as letters (`*`: every piece).
    pub letters: Vec<char>,
    /// `connectValue`: the value of a connection for the side that made it.
    pub value: GameValue,
    /// Resolved when the variant is built: the types of `letters`.
    pub types: u32,
}

/// The rules of Janggi's palace and what goes with them (all off for the
/// other variants; [`super::palace`] plays them). The piece sets are resolved
/// from the pieces' names when the variant is built.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Palace {
    /// `diagonalLines`: the squares of the palace diagonals.
    pub diagonal_lines: WideBitboard,
    /// `pass` (`passWhite`, `passBlack`): may each colour pass, written as
    /// its king's move to its own square?
    pub pass: [bool; 2],
    /// `bikjangRule`: kings facing on an open line must be parted (or the
    /// facing accepted by a pass, which ends the game).
    pub bikjang: bool,
    /// `materialCounting`.
    pub material_counting: MaterialCounting,

    // Resolved by `resolve` from the pieces' names (a bit per type index).
    /// Pieces that step one square along the lines (`wazir`, a `W` king).
    pub step_types: u32,
    /// Pieces that step one square forward along the lines (`soldier`).
    pub soldier_types: u32,
    /// Pieces that ride along the lines (`rook`).
    pub rook_types: u32,
    /// Janggi cannons (`janggiCannon`): never over or onto a cannon, and
    /// hopping along the lines.
    pub cannon_types: u32,
    /// Does any rule here apply (then the variant's moves are tested one by one)?
    pub active: bool,
    /// Are these the only rules beyond mate and stalemate (no flag, extinction,
    /// check count…)? Then perft takes its fast paths, with the palace's own
    /// tests ([`super::perft`]), where the kings do not face each other.
    pub alone: bool,
    /// Per square on the lines (empty elsewhere; filled for the board by
    /// [`Palace::with_reach`]): the squares along the four diagonals from it
    /// up to the farthest square of the lines on each, where every attack
    /// along the lines on it starts and runs.
    pub reach: Vec<WideBitboard>,
}

/// A cell of a region as `variants.ini` writes it: `d4`, `*8` (a rank), `a*` (a file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    /// One square (file, rank from 0).
    Square(u8, u8),
    /// A whole rank (from 0).
    Rank(u8),
    /// A whole file (from 0).
    File(u8),
}

/// The region rules of a variant (all empty for variants without them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Regions {
    /// Per piece name (as Fairy-Stockfish names its pieces: `king`, `fers`,
    /// `customPiece1`) and colour: the squares the piece may move to, `None` for
    /// the whole board.
    pub mobility: Vec<(String, [Option<WideBitboard>; 2])>,
    /// The rank (0-based, relative to its side) from which the piece named
    /// `soldier` also steps sideways; 0 (Fairy-Stockfish's default `RANK_1`) is
    /// everywhere.
    pub soldier_rank: u8,
    /// May the kings not face each other on an open line?
    pub flying_general: bool,
    /// Letters SAN writes for a moving piece instead of its FEN letter
    /// (Fairy-Stockfish's `pieceToCharSynonyms`: xiangqi's horse `H`, elephant `E`).
    pub san_synonyms: Vec<(char, char)>,
    /// The counting rule of the Southeast-Asian games (`countingRule`): kept
    /// in the FEN (the limit in the en-passant field, the plies counted in the
    /// halfmove field).
    pub counting: CountingRule,
    /// Makpong's defence (`makpongRule`): a king in check may not step away,
    /// only capture the one piece that checks it.
    pub makpong: bool,
    /// Ouk Chatrang's first moves (`cambodianMoves`): a king on its gate (not
    /// in check) may leap as a knight onto the rank in front of it, a met
    /// (`fers`) on its gate two squares straight ahead, onto empty squares.
    /// The gates are the FEN's castling-field files (`DEde`, with `gating`);
    /// a piece loses its gate by moving, and the king also when a rook
    /// move ends aiming at it.
    pub cambodian_moves: bool,
    /// Sittuyin's promotion (`sittuyinPromotion`, [`super::sittuyin`]): no
    /// pawn promotes by moving; instead, as a move of its own, a pawn in the
    /// promotion region (any pawn when it is the side's last) becomes a met
    /// on its square or on an empty square the met reaches from there, if the
    /// met then attacks no enemy piece and gives no check.
    pub sittuyin_promotion: bool,
    /// The promotion region as squares, per colour, where a section gives it
    /// square by square (`promotionRegionWhite = a8 b7 c6 …`: sittuyin's
    /// diagonals, Troitzky's edge); `None` where it is whole ranks
    /// (`promotion_ranks`).
    pub promotion_squares: [Option<WideBitboard>; 2],
    /// The double-step region as squares where a section gives it square by
    /// square (Wolf chess's `b3 c3 f3 g3`); `None` where it is whole ranks
    /// (`double_step`).
    pub double_step_squares: [Option<WideBitboard>; 2],
    /// The same for the triple step (`triple_step`).
    pub triple_step_squares: [Option<WideBitboard>; 2],
}

/// Fairy-Stockfish's `countingRule` ([`super::counting`]): when a side has
/// little left, the other must mate within a number of moves or the game is
/// drawn (a claim, as Fairy-Stockfish's `is_optional_game_end` judges it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum CountingRule {
    /// No counting.
    #[default]
    None,
    /// Makruk's board's honour (64 moves) and pieces' honour.
    Makruk,
    /// Ouk Chatrang's: as makruk's, one move shorter, and the board's honour
    /// counted while the weaker side has up to three pieces.
    Cambodian,
    /// ASEAN chess's: the pieces' honour only, counted from 0.
    Asean,
}

impl CountingRule {
    /// The `countingRule` value.
    pub fn name(self) -> &'static str {
        match self {
            CountingRule::None => "none",
            CountingRule::Makruk => "makruk",
            CountingRule::Cambodian => "cambodian",
            CountingRule::Asean => "asean",
        }
    }
}

pub(crate) fn piece(letter: char, name: &str, betza: &str) -> PieceDef {
    PieceDef {
        letter,
        name: name.to_string(),
        betza: betza.to_string(),
        kind: PieceKind::Other,
    }
}

pub(crate) fn pawn() -> PieceDef {
    PieceDef {
        letter: 'P',
        name: "pawn".to_string(),
        betza: "fmWfceF".to_string(),
        kind: PieceKind::Pawn,
    }
}

pub(crate) fn king() -> PieceDef {
    PieceDef {
        letter: 'K',
        name: "king".to_string(),
        betza: "K".to_string(),
        kind: PieceKind::King,
    }
}

/// Orthodox chess as data; the other variants start from it.
pub(crate) fn chess_rules() -> Rules {
    Rules {
        name: "chess".to_string(),
        size: BoardSize::new(8, 8).unwrap_or_else(|_| unreachable!()),
        pieces: vec![
            pawn(),
            piece('N', "knight", "N"),
            piece('B', "bishop", "B"),
            piece('R', "rook", "R"),
            piece('Q', "queen", "Q"),
            king(),
        ],
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
        double_step: [1 << 1, 1 << 6],
        triple_step: [0, 0],
        en_passant: true,
        promotion_ranks: [1 << 7, 1],
        promotion_types: vec![4, 3, 2, 1],
        promotion_types_black: None,
        promotion_limit: vec![0; 6],
        mandatory_promotion: true,
        castling: Some(CastlingRules {
            king_file: 4,
            kingside_file: 6,
            queenside_file: 2,
            rook_kingside_file: 7,
            rook_queenside_file: 0,
            rank: 0,
            rook_types: 1 << 3,
        }),
        opposite_castling: false,
        chess960: false,
        gating: Gating::None,
        stalemate: GameValue::Draw,
        checkmate: GameValue::Loss,
        chosen_promotions: false,
        drops: DropRules::NONE,
        regions: Regions::default(),
        ends: EndRules::default(),
        shogi: ShogiRules::default(),
        palace: Palace::default(),
        enclosing: Enclosing::default(),
        connect: Connect::default(),
        castling_wins: 0,
        piece_values: Vec::new(),
        pawn_keys: PawnTypeKeys::default(),
        conditions: Conditions::NONE,
        kingless_sides: false,
        walling: Walling::default(),
    }
}

/// How a game ended, in the variant's values; the common vocabulary of both
/// engines is [`GameEnd`](crate::board::GameEnd) ([`VariantOutcome::game_end`]).
///
/// ```
/// use kibitz::Color;
/// use kibitz::variant::{GameValue, VariantOutcome};
/// let end = VariantOutcome::Checkmate(GameValue::Loss).game_end(Color::Black);
/// assert_eq!((end.result(), end.reason.name()), ("1-0", "checkmate"));
/// let end = VariantOutcome::Stalemate(GameValue::Win).game_end(Color::Black);
/// assert_eq!(end.result(), "0-1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantOutcome {
    /// The side to move is checkmated; the value is the variant's, for the side to move.
    Checkmate(GameValue),
    /// The side to move has no legal move and is not in check.
    Stalemate(GameValue),
    /// A flag goal was reached (King of the Hill, Racing Kings).
    Flag(GameValue),
    /// A side lost every piece of an extinction type (Antichess, Horde, Atomic's king).
    Extinction(GameValue),
    /// A side gave its last counted check (Three-check).
    CheckCount(GameValue),
    /// Two passes in a row (Janggi); the value a draw or counted by material.
    Passes(GameValue),
    /// A pass with the kings facing under the bikjang rule (Janggi); the value
    /// a draw or counted by material.
    Bikjang(GameValue),
    /// The board is full (Reversi, Ataxx: `adjudicateFullBoard`); the value a
    /// draw or counted by material.
    FullBoard(GameValue),
    /// The side that has just moved made its connection (tic-tac-toe's row,
    /// Teeko's square: `connectN`, `connectNxN`, `collinearN`, `connectRegion…`).
    Connect(GameValue),
    /// A side castled where castling wins, or lost its last such right
    /// (Castle chess: `castlingWins`).
    Castled(GameValue),
}

impl VariantOutcome {
    /// The variant's value of the end for the side to move.
    pub fn value(self) -> GameValue {
        match self {
            VariantOutcome::Checkmate(v)
            | VariantOutcome::Stalemate(v)
            | VariantOutcome::Flag(v)
            | VariantOutcome::Extinction(v)
            | VariantOutcome::CheckCount(v)
            | VariantOutcome::Passes(v)
            | VariantOutcome::Bikjang(v)
            | VariantOutcome::FullBoard(v)
            | VariantOutcome::Connect(v)
            | VariantOutcome::Castled(v) => v,
        }
    }
}

/// The keys naming which piece types are pawns, as letters, each as read
/// (Fairy-Stockfish reads them in a fixed order whatever the file's order:
/// `pawnTypes` first, then the per-key values, the per-colour ones last).
/// `None` is a key not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PawnTypeKeys {
    /// `pawnTypes`: sets all three below.
    pub pawn_types: Option<Vec<char>>,
    /// `promotionPawnTypes`, `…White`, `…Black`: the pieces that promote as pawns.
    pub promotion: [Option<Vec<char>>; 3],
    /// `enPassantTypes`, `…White`, `…Black`: the pieces that take en passant.
    pub en_passant: [Option<Vec<char>>; 3],
    /// `nMoveRuleTypes`, `…White`, `…Black`: the pieces whose irreversible
    /// moves reset the n-move count.
    pub n_move: [Option<Vec<char>>; 3],
}

/// What happens to a piece after a capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rebirth {
    /// Nothing: the captured piece leaves the board.
    #[default]
    None,
    /// Circe: the captured piece (not a king) is reborn on its rebirth square
    /// if that square is empty, else it leaves the board.
    Circe,
    /// Anticirce (Calvet, Popeye's default): the capturing piece is reborn on
    /// its own rebirth square, which must be empty or the capture square; a
    /// capture whose rebirth square is taken is illegal.
    Anticirce,
    /// Anticirce Cheylan: as [`Rebirth::Anticirce`], but a capture on the
    /// capturer's own rebirth square is illegal too.
    AnticirceCheylan,
}

/// Which move a side must choose among its legal moves (Popeye's
/// Maximummer and Minimummer, by its measure of a move's length).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mummer {
    /// Any legal move.
    #[default]
    None,
    /// Maximummer: one of the longest.
    Max,
    /// Minimummer: one of the shortest.
    Min,
}

/// The fairy conditions of a variant (Popeye's names).
///
/// Read from words, as Popeye's `condition` line and kibitz's
/// `condition` key of `variants.ini` write them:
///
/// ```
/// use kibitz::variant::{Conditions, Rebirth};
/// let c: Conditions = "anticirce cheylan madrasi".parse()?;
/// assert_eq!(c.rebirth, Rebirth::AnticirceCheylan);
/// assert!(c.madrasi && !c.ohneschach);
/// assert_eq!(c.to_string(), "anticirce cheylan madrasi");
/// assert!("circe circe".parse::<Conditions>().is_err());
/// # Ok::<(), kibitz::variant::ConditionError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Conditions {
    /// Circe or Anticirce.
    pub rebirth: Rebirth,
    /// Madrasi: a piece observed by an enemy piece of its own kind is
    /// paralysed: it neither moves nor observes (so gives no check). Kings
    /// are exempt unless [`Conditions::madrasi_rex`].
    pub madrasi: bool,
    /// Madrasi RI (and Isardam RI, as in Popeye, where one flag serves
    /// both): kings are paralysed too.
    pub madrasi_rex: bool,
    /// Isardam: a move after which a piece is observed by an enemy piece of
    /// its kind is illegal (kings exempt unless [`Conditions::madrasi_rex`]).
    pub isardam: bool,
    /// Isardam Type B: checks are orthodox; in Type A (Popeye's default) a
    /// piece observes a square only where its move there would be legal.
    pub isardam_type_b: bool,
    /// Ohneschach: a move that gives check is illegal unless it mates.
    pub ohneschach: bool,
    /// Maximummer or Minimummer, of White (`[0]`) and Black (`[1]`).
    pub mummer: [Mummer; 2],
    /// Annan chess: a piece standing right in front of a friendly piece
    /// moves, takes and checks as that piece.
    pub annan: Annan,
    /// Mars Circe: a piece takes (and checks) only from its Circe rebirth
    /// square.
    pub mars: Mars,
    /// Take&Make: a man that takes goes on from the capture square with a
    /// move that takes nothing, as the man taken moves.
    pub take_make: TakeMake,
    /// Make&Take: a man takes by first making a move that takes nothing as
    /// the man it takes moves, then taking from there as itself.
    pub make_take: bool,
}

/// Take&Make (Popeye's `Take&MakeChess`): a man that takes must, in the same
/// move, go on from the capture square with a move that takes nothing, made
/// as the man taken moves (as that man's side moves); a capture without one
/// is no move. A pawn ending on its last rank promotes; it may not end on its
/// own first rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TakeMake {
    /// No Take&Make.
    #[default]
    None,
    /// Take&Make with orthodox checks (Popeye's default): a man checks where
    /// it could take the king, second part or not.
    Plain,
    /// `Absolute`: a man checks only where its capture of the king could go
    /// on with a king's move that takes nothing.
    Absolute,
}

/// Mars Circe (Popeye's `MarsCirce`): a piece captures by
/// first going to its own Circe rebirth square (where it would be reborn if
/// it were taken where it stands) and capturing from there, as if it stood
/// there; the square must be empty, or the piece's own. Moves that take
/// nothing are orthodox; a piece checks only where it could so capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mars {
    /// No Mars Circe.
    #[default]
    None,
    /// Mars Circe with its kings (Popeye's default, `RexInclusive`): a king
    /// takes and checks from e1 or e8.
    RexInclusive,
    /// `RexExclusive`: a king neither takes nor checks.
    RexExclusive,
}

/// Annan chess and its types (Popeye's `Annan` with `TypeA` to `TypeD`): a
/// piece standing right in front of a friendly piece (for White, one rank
/// above it; for Black, one rank below) moves, takes and checks as that
/// piece, its *annaniser*. The types differ only on the royal king.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Annan {
    /// No Annan chess.
    #[default]
    None,
    /// Type A (Popeye's default): any friendly piece annanises.
    A,
    /// Type B: the king annanises no piece.
    B,
    /// Type C: the king is annanised by no piece.
    C,
    /// Type D: the king neither annanises nor is annanised.
    D,
}

/// Walling ([`super::walling`] plays it): the types live here, with the
/// rules, so that no import circle runs through the walling module.
/// Where a walling move may put its wall (Fairy-Stockfish's `WallingRule`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum WallingRule {
    /// No walling (`none`).
    #[default]
    None,
    /// Where the piece that moved could move next (`arrow`).
    Arrow,
    /// Anywhere empty, the old walls removed (`duck`).
    Duck,
    /// On the edge or beside a wall (`edge`).
    Edge,
    /// On the square left (`past`).
    Past,
    /// Anywhere empty (`static`).
    Static,
}

impl WallingRule {
    const NAMES: [(&'static str, WallingRule); 6] = [
        ("none", WallingRule::None),
        ("arrow", WallingRule::Arrow),
        ("duck", WallingRule::Duck),
        ("edge", WallingRule::Edge),
        ("past", WallingRule::Past),
        ("static", WallingRule::Static),
    ];

    /// The `variants.ini` value.
    pub(crate) fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, rule)| *rule == self)
            .map_or("none", |(name, _)| name)
    }

    pub(crate) fn parse(value: &str) -> Result<WallingRule, String> {
        Self::NAMES
            .iter()
            .find(|(name, _)| *name == value)
            .map(|(_, rule)| *rule)
            .ok_or_else(|| {
                format!("`{value}` is not a walling rule (none, arrow, duck, edge, past, static)")
            })
    }
}

/// A variant's walling: the rule and each side's region (`None`: the whole board).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Walling {
    pub rule: WallingRule,
    pub region: [Option<WideBitboard>; 2],
}

impl Walling {
    /// Does a move place a wall?
    #[inline]
    pub(crate) fn active(&self) -> bool {
        self.rule != WallingRule::None
    }

    /// What a walling variant may not have beside its walls, as a
    /// definition error's text: rules whose moves have no square for a wall
    /// (drops, passes) or use the move's extra square (gating), and Duck
    /// chess's walls with a royal king (Fairy-Stockfish refuses it too: the
    /// duck leaving a line would give a check no move is tested for).
    pub(crate) fn conflict(r: &Rules) -> Option<String> {
        if !r.walling.active() {
            return None;
        }
        let rule = r.walling.rule.name();
        let other = if r.drops.enabled {
            "piece drops"
        } else if r.gating != Gating::None {
            "gating"
        } else if r.palace.pass != [false; 2] {
            "passing"
        } else if r.walling.rule == WallingRule::Duck
            && r.pieces.iter().any(|p| p.kind == PieceKind::King)
        {
            "a royal king"
        } else {
            return None;
        };
        Some(format!("wallingRule = {rule} does not go with {other}"))
    }
}
