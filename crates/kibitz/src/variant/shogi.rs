//! Shogi and its family as Fairy-Stockfish plays them (its `variant.cpp`,
//! `movegen.cpp`, `position.cpp`), as data on [`Rules`]:
//!
//! - **promoted pieces** (`promotedPieceType = p:g s:g b:h r:d`): a piece that
//!   promotes becomes a type of its own, moving as the piece named (a promoted
//!   pawn moves as the gold) and written `+P` in the FEN; kibitz adds these
//!   types when the variant is built, after the variant's own types, so that the
//!   letters of the FEN and the hand keep meaning the unpromoted pieces;
//! - **promotion by choice** in the promotion zone (`promotionRegionWhite` /
//!   `Black`): a move into, out of or within the zone may promote (UCI `h2h8+`,
//!   SAN `Bxh8=+B`); with `mandatoryPiecePromotion` it must (a move of a
//!   promotable piece that touches the zone always promotes), with
//!   `piecePromotionOnCapture` only captures promote and quiet moves never do;
//! - **demotion** (`pieceDemotion`, Kyoto shogi): a promoted piece may turn
//!   back by a move touching the zone (UCI `a1a2-`, SAN `+La2=L`). A captured
//!   piece always goes to the hand unpromoted, as in Fairy-Stockfish;
//! - **immobility** (`immobilityIllegal`): a piece may not move (unpromoted) or
//!   be dropped where it could never move again, so a pawn or lance on the last
//!   rank and a knight on the last two must promote;
//! - **promoted drops** (`dropPromoted`, Kyoto shogi): a piece in hand may also
//!   be dropped promoted (`+N@a1`);
//! - **a pawn drop that mates** (`shogiPawnDropMateIllegal`): Fairy-Stockfish
//!   lists the drop as a legal move and scores the mate as a loss for the side
//!   that dropped (its `checkmate_value`): the position after it is a checkmate
//!   that the mated side wins. kibitz does the same, remembering in the
//!   position that its last move dropped a shogi pawn. A position read from a
//!   FEN has no last move, so there, as in Fairy-Stockfish, a mate is a mate.
//!
//! Nifu (`dropNoDoubled = p`) and drops from the hand are the drop module's
//! ([`super::drops`]). kibitz does not judge repetitions (Fairy-Stockfish's
//! fourfold repetition and perpetual check, `nFoldRule`,
//! `perpetualCheckIllegal`): they need the game's history, which a position
//! does not keep; `nMoveRule` is 0 in the family, so no move count ends a game.
//!
//! Fairy-Stockfish gives a promoted piece the type of the piece it moves as (a
//! promoted pawn is a gold that remembers it was a pawn); kibitz gives it a type
//! of its own. Moves, FENs and perft are the same. Two consequences: a promoted
//! type never promotes again, and a rule that names the target type by its
//! letter (an extinction type, a promotion limit) does not count the promoted
//! ones; none of the built-ins below needs either.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let shogi = Variant::builtin("shogi")?;
//! let mut pos = VariantPosition::startpos(&shogi);
//! assert_eq!(pos.legal_moves().len(), 30);
//! for mv in ["c3c4", "g7g6", "b2h8+"] {
//!     pos.play_uci(mv)?;
//! }
//! // The bishop took on h8 and promoted: `+B` on the board, a bishop in hand.
//! assert_eq!(pos.fen(), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2");
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::board::{Sq, WideBitboard};
use super::ini_values::boolean;
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{
    Cell, DropRules, GameValue, MAX_TYPES, PieceDef, PieceKind, Rules, ShogiRules, chess_rules,
};
use super::rules::{king, piece};
use super::state::{State, type_of};
use super::tables::{MOVE, Tables};

impl ShogiRules {
    /// Is type `ty` a promoted piece (written `+` and its base's letter)?
    #[inline]
    pub(crate) fn is_promoted(&self, ty: usize) -> bool {
        self.base.get(ty).is_some_and(|&b| b != NO_TYPE)
    }

    /// The type a promoted `ty` came from; `ty` itself otherwise.
    #[inline]
    pub(crate) fn unpromoted(&self, ty: usize) -> usize {
        match self.base.get(ty) {
            Some(&b) if b != NO_TYPE => usize::from(b),
            _ => ty,
        }
    }

    /// The promoted type of `ty`, if it promotes.
    #[inline]
    pub(crate) fn promoted_of(&self, ty: usize) -> Option<u8> {
        self.promoted.get(ty).copied().filter(|&p| p != NO_TYPE)
    }

    /// Do the moves of a `ty` change its type by the shogi rules (a promotion or
    /// a demotion), rather than by a pawn's promotion?
    #[inline]
    pub(crate) fn changes_type(&self, ty: usize) -> bool {
        self.active && (self.promoted_of(ty).is_some() || (self.demotion && self.is_promoted(ty)))
    }
}

/// The `variants.ini` keys of this module: `Ok(true)` when `key` is one of
/// them and was applied, `Ok(false)` when it is not one.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    let s = &mut rules.shogi;
    match key {
        "mandatoryPiecePromotion" => s.mandatory = boolean(value)?,
        "piecePromotionOnCapture" => s.on_capture = boolean(value)?,
        "pieceDemotion" => s.demotion = boolean(value)?,
        "dropPromoted" => s.drop_promoted = boolean(value)?,
        "immobilityIllegal" => s.immobility_illegal = boolean(value)?,
        "shogiPawnDropMateIllegal" => s.pawn_drop_mate_illegal = boolean(value)?,
        "promotedPieceType" => {
            let letter = |text: &str| -> Result<char, String> {
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Ok(c.to_ascii_uppercase()),
                    _ => Err(format!("`{text}` is not a piece letter")),
                }
            };
            for token in value.split_whitespace() {
                let (from, to) = token
                    .split_once(':')
                    .ok_or_else(|| format!("`{token}` is not piece:promoted (`p:g`)"))?;
                let from = letter(from)?;
                let to = if to == "-" { None } else { Some(letter(to)?) };
                for l in core::iter::once(from).chain(to) {
                    if rules.type_of_letter(l).is_none() {
                        return Err(format!("`{token}`: no piece `{l}`"));
                    }
                }
                promote(rules, from, to);
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Adds a type for each promoted piece (after the variant's own types: `+`
/// and its base's letter in the FEN, the moves of the piece it promotes to)
/// and resolves the letters; an error names a letter that is no piece.
/// Called once per build; the types it added before are removed first.
pub(crate) fn expand(rules: &mut Rules) -> Result<(), VariantError> {
    while rules.pieces.last().is_some_and(|p| p.name.starts_with('+')) {
        rules.pieces.pop();
        rules.promotion_limit.pop();
    }
    let n = rules.pieces.len();
    let mut promoted = vec![NO_TYPE; n];
    let mut base = vec![NO_TYPE; n];
    let entries = rules.shogi.promotions.clone();
    // (promoted type, the type it moves as)
    let mut moves_as = Vec::new();
    let find = |rules: &Rules, l: char| {
        rules.type_of_letter(l).map(usize::from).ok_or_else(|| {
            VariantError::Definition(format!(
                "promotedPieceType: `{}` is not a piece of the variant",
                l.to_ascii_lowercase()
            ))
        })
    };
    for (from, to) in entries {
        // A piece a section removed has nothing left to promote.
        let (Some(f), Some(to)) = (rules.type_of_letter(from).map(usize::from), to) else {
            continue;
        };
        let g = find(rules, to)?;
        if rules.drops.drop_loop {
            return Err(VariantError::Definition(
                "dropLoop with promotedPieceType (promoted pieces in hand) is not supported"
                    .to_string(),
            ));
        }
        let def = PieceDef {
            letter: rules.pieces[f].letter,
            name: format!("+{}", rules.pieces[f].name),
            betza: rules.pieces[g].betza.clone(),
            kind: PieceKind::Other,
        };
        rules.pieces.push(def);
        rules.promotion_limit.push(0);
        promoted[f] = (rules.pieces.len() - 1) as u8;
        moves_as.push((rules.pieces.len() - 1, g));
        promoted.push(NO_TYPE);
        base.push(f as u8);
    }
    if rules.pieces.len() > MAX_TYPES {
        return Err(VariantError::Definition(format!(
            "{} piece types with the promoted ones; at most {MAX_TYPES} are supported",
            rules.pieces.len()
        )));
    }
    // A promoted piece moving as an extinction type is one of its kin: counted
    // with it, royal with it (Fairy-Stockfish gives it that very type;
    // Sho-shogi's crown prince is a second king).
    let e = &mut rules.ends;
    e.extinction_kin = vec![0; rules.pieces.len()];
    for &(p, g) in &moves_as {
        if e.extinction_types >> g & 1 != 0 {
            e.extinction_types |= 1 << p;
            e.extinction_kin[g] |= 1 << p;
        }
    }
    for &(p, g) in &moves_as {
        if e.extinction_types >> g & 1 != 0 {
            e.extinction_kin[p] = e.extinction_kin[g] | 1 << g;
        }
    }
    let s = &mut rules.shogi;
    s.active = promoted.iter().any(|&p| p != NO_TYPE) || s.immobility_illegal;
    s.promoted = promoted;
    s.base = base;
    s.shogi_pawn = rules
        .pieces
        .iter()
        .position(|p| p.name == "shogiPawn")
        .map_or(NO_TYPE, |i| i as u8);
    Ok(())
}

/// With immobility illegal: the squares from which each piece has no move on
/// an empty board (Fairy-Stockfish's test: its moves from the square), from the
/// variant's tables.
pub(crate) fn finish(rules: &mut Rules, t: &Tables) {
    rules.shogi.zone = t.promo_zone;
    rules.shogi.immobile.clear();
    if !rules.shogi.immobility_illegal {
        return;
    }
    for c in 0..2 {
        for ty in 0..t.types {
            let mut dead = WideBitboard::EMPTY;
            for sq in 0..t.squares as Sq {
                let leaps = t.leaps_of(c, ty, sq).iter().any(|l| l.mode & MOVE != 0);
                let rides = t.rays[c * t.types + ty].iter().any(|ray| {
                    ray.hop.is_none()
                        && ray.mode & MOVE != 0
                        && ray.max > 0
                        && !t.ray(sq, ray.dir).is_empty()
                });
                if !leaps && !rides {
                    dead.insert(sq);
                }
            }
            rules.shogi.immobile.push(dead);
        }
    }
}

impl State {
    /// Pushes the board move `mv` of a variant with shogi rules: as it is, promoted
    /// or demoted, as the zone and the rules allow; a move that leaves the piece
    /// immobile is not pushed.
    pub(crate) fn push_shogi(&self, r: &Rules, out: &mut Vec<VariantMove>, mv: VariantMove) {
        // An en-passant capture never promotes (Fairy-Stockfish generates it
        // apart from the pawn's promotions).
        if mv.kind == MoveKind::EnPassant {
            out.push(mv);
            return;
        }
        let s = &r.shogi;
        let us = self.turn;
        let ty = type_of(self.board[usize::from(mv.from)]);
        let promote = s.promoted_of(ty);
        let demote = (s.demotion && s.is_promoted(ty)).then(|| s.unpromoted(ty) as u8);
        let mut plain = true;
        let mut changes = false;
        if promote.is_some() || demote.is_some() {
            let zone = |sq: Sq| s.zone[us].contains(sq);
            let (from_zone, to_zone) = (zone(mv.from), zone(mv.to));
            let capture = self.board[usize::from(mv.to)] != 0;
            if s.mandatory {
                plain = (!from_zone && !to_zone) || (s.on_capture && !capture);
            }
            changes = (from_zone || to_zone) && (!s.on_capture || capture);
        }
        if plain && !self.immobile_on(r, ty, mv.to) {
            out.push(mv);
        }
        if changes {
            for p in promote.into_iter().chain(demote) {
                out.push(VariantMove { promotion: p, ..mv });
            }
        }
    }

    /// Can perft's last ply count the moves of the pieces outside check with
    /// [`count_shogi_targets`](Self::count_shogi_targets) (and the drops with
    /// `count_drops`): promotion by choice on every move that touches the
    /// zone, no demotion, no promoted drops, no orthodox pawn?
    pub(crate) fn shogi_counted(t: &Tables, r: &Rules) -> bool {
        let s = &r.shogi;
        !s.mandatory && !s.on_capture && !s.demotion && !s.drop_promoted && t.pawn.is_none()
    }

    /// How many moves the piece `ty` of the side to move on `from` has, none
    /// needing a legality test (where [`shogi_counted`](Self::shogi_counted)):
    /// as [`push_shogi`](Self::push_shogi) lists them, each target once as it
    /// is (unless the piece would stand there immobile) and once promoted if
    /// the move touches the zone and the type promotes. `occ` is every piece.
    #[inline]
    pub(crate) fn count_shogi_targets(
        &self,
        t: &Tables,
        r: &Rules,
        from: Sq,
        ty: usize,
        occ: WideBitboard,
    ) -> u64 {
        let us = self.turn;
        let targets = self.targets(t, from, ty, occ);
        let immobile = r
            .shogi
            .immobile
            .get(us * r.pieces.len() + ty)
            .copied()
            .unwrap_or(WideBitboard::EMPTY);
        let mut n = u64::from((targets & !immobile).count());
        if r.shogi.promoted_of(ty).is_some() {
            let zone = r.shogi.zone[us];
            let touching = if zone.contains(from) {
                targets
            } else {
                targets & zone
            };
            n += u64::from(touching.count());
        }
        n
    }

    /// Would a `ty` of the side to move stand on `sq` without a move
    /// (`immobilityIllegal`)?
    #[inline]
    pub(crate) fn immobile_on(&self, r: &Rules, ty: usize, sq: Sq) -> bool {
        let types = r.pieces.len();
        r.shogi
            .immobile
            .get(self.turn * types + ty)
            .is_some_and(|dead| dead.contains(sq))
    }

    /// `dropPromoted`: the drops of a promoted `ty` from the hand's `hand_ty`
    /// on `targets` (the squares the unpromoted piece may be dropped on, as
    /// Fairy-Stockfish has them).
    pub(crate) fn promoted_drops(
        &self,
        r: &Rules,
        hand_ty: usize,
        targets: WideBitboard,
        out: &mut Vec<VariantMove>,
    ) {
        let Some(p) = r
            .shogi
            .promoted_of(hand_ty)
            .filter(|_| r.shogi.drop_promoted)
        else {
            return;
        };
        for to in targets.iter() {
            if !self.immobile_on(r, usize::from(p), to) {
                out.push(VariantMove {
                    promotion: p,
                    gate: hand_ty as u8,
                    ..VariantMove::new(to, to, MoveKind::Drop)
                });
            }
        }
    }

    /// The value of checkmate for the side to move: the variant's, except after
    /// a mating shogi pawn drop where it is illegal (Fairy-Stockfish's
    /// `checkmate_value`: the side that dropped loses).
    pub(crate) fn checkmate_value(&self, t: &Tables, r: &Rules) -> GameValue {
        if self.pawn_drop && r.shogi.pawn_drop_mate_illegal {
            GameValue::Win
        } else if r.ends.shatar_mate {
            self.shatar_checkmate_value(t, r)
        } else {
            r.checkmate
        }
    }
}

/// The UCI suffix of a move of a `ty` that becomes `to_ty` by the shogi rules:
/// `+` for a promotion, `-` for a demotion (Fairy-Stockfish's); `None` for a
/// pawn's promotion, written with the new piece's letter.
pub(crate) fn uci_suffix(r: &Rules, ty: usize, to_ty: usize) -> Option<char> {
    let s = &r.shogi;
    if !s.changes_type(ty) {
        return None;
    }
    if s.promoted_of(ty) == Some(to_ty as u8) {
        Some('+')
    } else if s.demotion && s.is_promoted(ty) && s.unpromoted(ty) == to_ty {
        Some('-')
    } else {
        // A pawn that may also promote shogi-style (Wolf chess's to the
        // elephant) promoting to a piece of its choice.
        None
    }
}

/// Pushes piece type `ty`'s FEN and SAN token: `+` and the base's letter for
/// a promoted piece, else its letter (uppercase; `black` lowercases it).
pub(crate) fn push_token(r: &Rules, ty: usize, black: bool, out: &mut String) {
    let l = r.pieces[r.shogi.unpromoted(ty)].letter;
    if r.shogi.is_promoted(ty) {
        out.push('+');
    }
    out.push(if black { l.to_ascii_lowercase() } else { l });
}

/// Pushes piece type `ty`'s SAN letter: with
/// [`san_as_moved`](super::rules::ShogiRules), a promoted piece is named by
/// the piece it moves as (Fairy-Stockfish's SAN: `E` for Wolf chess's promoted
/// pawn); else as [`push_token`] writes it (`+P`).
pub(crate) fn push_san_token(r: &Rules, ty: usize, out: &mut String) {
    let s = &r.shogi;
    if s.san_as_moved && s.is_promoted(ty) {
        let base = r.pieces[s.unpromoted(ty)].letter;
        if let Some(&(_, Some(to))) = s.promotions.iter().find(|(f, _)| *f == base) {
            out.push(to);
            return;
        }
    }
    push_token(r, ty, false, out);
}

/// The minishogi base of Fairy-Stockfish (`minishogi_variant_base`): the 5 × 5
/// board, shogi's pieces without lance and knight, drops with captures to hand,
/// nifu, immobility, the pawn-drop mate, stalemate lost, no move count. The
/// types are in Fairy-Stockfish's order, which is the order of the hand in its
/// FENs (written from the last type to the first).
fn minishogi_base() -> Result<Rules, VariantError> {
    let mut r = chess_rules();
    r.resize(5, 5)?;
    r.pieces = vec![
        piece('B', "bishop", "B"),
        piece('R', "rook", "R"),
        piece('S', "silver", "FfW"),
        piece('D', "bers", "RF"),
        piece('P', "shogiPawn", "fW"),
        piece('G', "gold", "WfF"),
        piece('H', "dragonHorse", "BW"),
        king(),
    ];
    r.promotion_limit = vec![0; r.pieces.len()];
    r.promotion_types.clear();
    r.start_fen = "rbsgk/4p/5/P4/KGSBR[-] w 0 1".to_string();
    r.drops = DropRules {
        no_doubled: Some('P'),
        ..DropRules::CRAZYHOUSE
    };
    r.promotion_ranks = [1 << 4, 1];
    r.double_step = [0, 0];
    r.castling = None;
    r.shogi.promotions = vec![
        ('P', Some('G')),
        ('S', Some('G')),
        ('B', Some('H')),
        ('R', Some('D')),
    ];
    r.shogi.immobility_illegal = true;
    r.shogi.pawn_drop_mate_illegal = true;
    r.stalemate = GameValue::Loss;
    r.ends.n_move_rule = 0;
    // Sennichite: the fourth time a position stands; perpetual check loses.
    r.ends.n_fold_rule = 4;
    r.ends.perpetual_check_illegal = true;
    Ok(r)
}

/// Inserts `def` before type `at`'s place in Fairy-Stockfish's order.
fn insert(r: &mut Rules, at: usize, def: PieceDef) {
    r.pieces.insert(at, def);
    r.promotion_limit.insert(at, 0);
}

/// Sets a promotion (`promotedPieceType`'s `from:to`).
fn promote(r: &mut Rules, from: char, to: Option<char>) {
    match r.shogi.promotions.iter_mut().find(|(f, _)| *f == from) {
        Some(e) => e.1 = to,
        None => r.shogi.promotions.push((from, to)),
    }
}

/// Shogi on the minishogi base `r`: the 9 × 9 board, lance and knight.
fn shogi(r: &mut Rules) -> Result<(), VariantError> {
    r.resize(9, 9)?;
    // Lance and knight between the pawn and the gold (Fairy-Stockfish's order).
    insert(r, 5, piece('L', "lance", "fR"));
    insert(r, 6, piece('N', "shogiKnight", "ffN"));
    r.start_fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1".to_string();
    r.promotion_ranks = [0b111 << 6, 0b111];
    promote(r, 'L', Some('G'));
    promote(r, 'N', Some('G'));
    Ok(())
}

/// Kyoto shogi on the minishogi base `r`: every move of a piece that can
/// change its side does (the whole board is the zone), drops either side up.
fn kyoto(r: &mut Rules) {
    insert(r, 5, piece('L', "lance", "fR"));
    insert(r, 6, piece('N', "shogiKnight", "ffN"));
    r.start_fen = "p+nks+l/5/5/5/+LSK+NP[-] w 0 1".to_string();
    r.promotion_ranks = [0b11111; 2];
    r.shogi.mandatory = true;
    r.shogi.demotion = true;
    r.shogi.drop_promoted = true;
    r.shogi.promotions = vec![
        ('L', Some('G')),
        ('S', Some('B')),
        ('N', Some('G')),
        ('P', Some('R')),
    ];
    r.shogi.immobility_illegal = false;
    r.shogi.pawn_drop_mate_illegal = false;
    r.drops.no_doubled = None;
}

/// The shogi family's built-ins as Fairy-Stockfish's `variant.cpp` defines
/// them, or `None` when `name` is not one of them.
pub(crate) fn builtin_rules(name: &str) -> Result<Option<Rules>, VariantError> {
    let mut r = minishogi_base()?;
    match name {
        // Fairy-Stockfish's minishogi: a repetition loses for White (sente).
        // `mini` is Fairy-Stockfish's second name for minishogi.
        "minishogi" | "mini" => {
            r.ends.n_fold_value = GameValue::Loss;
            r.ends.n_fold_value_absolute = true;
        }
        "shogi" => shogi(&mut r)?,
        "kyotoshogi" => kyoto(&mut r),
        "judkins" => {
            r.resize(6, 6)?;
            insert(&mut r, 5, piece('N', "shogiKnight", "ffN"));
            r.start_fen = "rbnsgk/5p/6/6/P5/KGSNBR[-] w 0 1".to_string();
            r.promotion_ranks = [0b11 << 4, 0b11];
            promote(&mut r, 'N', Some('G'));
        }
        "gorogoro" => {
            r.resize(5, 6)?;
            r.start_fen = "sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1".to_string();
            r.promotion_ranks = [0b11 << 4, 0b11];
        }
        "euroshogi" => {
            r.resize(8, 8)?;
            // A custom piece: after Fairy-Stockfish's named ones, before the king.
            let k = r.pieces.len() - 1;
            insert(&mut r, k, piece('N', "customPiece1", "ffNsW"));
            r.start_fen =
                "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w 0 1".to_string();
            r.promotion_ranks = [0b111 << 5, 0b111];
            promote(&mut r, 'N', Some('G'));
            r.shogi.mandatory = true;
        }
        "okisakishogi" => {
            r.resize(10, 10)?;
            // Knight and queen by Fairy-Stockfish's order, the custom piece last.
            insert(&mut r, 0, piece('N', "knight", "N"));
            insert(&mut r, 3, piece('Q', "queen", "Q"));
            let k = r.pieces.len() - 1;
            insert(&mut r, k, piece('L', "customPiece1", "vR"));
            r.start_fen =
                "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[-] w 0 1"
                    .to_string();
            r.promotion_ranks = [0b111 << 7, 0b111];
            promote(&mut r, 'L', Some('G'));
            promote(&mut r, 'N', Some('G'));
        }
        "micro" => {
            kyoto(&mut r);
            r.resize(4, 5)?;
            r.start_fen = "kb+r+l/p3/4/3P/+L+RBK[-] w 0 1".to_string();
            r.shogi.on_capture = true;
            for (from, to) in [
                ('L', Some('S')),
                ('B', Some('G')),
                ('R', Some('G')),
                ('P', Some('N')),
                ('S', None),
                ('G', None),
                ('N', None),
            ] {
                promote(&mut r, from, to);
            }
        }
        // Sho-shogi: shogi without drops (captured pieces leave the game),
        // with a drunk elephant `E` (`FsfW`) that promotes to a crown prince,
        // a second king; the kings are commoners, royal only while a side
        // has one (`extinctionPseudoRoyal`), and losing both loses.
        "shoshogi" => {
            shogi(&mut r)?;
            let k = r.pieces.len() - 1;
            r.pieces[k] = piece('K', "commoner", "K");
            r.pieces.push(piece(
                'E',
                "customPiece1",
                &super::regions::fsf_betza("FsfW"),
            ));
            r.promotion_limit.push(0);
            r.start_fen =
                "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1".to_string();
            r.drops = DropRules::NONE;
            promote(&mut r, 'E', Some('K'));
            let e = &mut r.ends;
            e.extinction_value = Some(GameValue::Loss);
            e.extinction_letters = vec!['K'];
            e.extinction_pseudo_royal = true;
            e.extinction_piece_count = 0;
        }
        // Dobutsu shogi on 3 × 4: chick `C` (promoting to a hen, a gold, on
        // the far rank, always), elephant `E` (fers), giraffe `G` (wazir) and
        // lion `L` (a commoner, no royal king: taking it wins, the capturer
        // holds it). A lion on the far rank wins if it is not attacked there
        // (`flagPieceSafe`). Chicks may be doubled and dropped on the far rank,
        // a chick drop may mate, and a repetition draws.
        "dobutsu" => {
            r.resize(3, 4)?;
            r.pieces = vec![
                piece('E', "fers", "F"),
                piece('C', "shogiPawn", "fW"),
                piece('H', "gold", "WfF"),
                piece('G', "wazir", "W"),
                piece('L', "commoner", "K"),
            ];
            r.promotion_limit = vec![0; r.pieces.len()];
            r.start_fen = "gle/1c1/1C1/ELG[-] w 0 1".to_string();
            r.promotion_ranks = [1 << 3, 1];
            r.shogi.promotions = vec![('C', Some('H'))];
            r.shogi.mandatory = true;
            r.shogi.immobility_illegal = false;
            r.shogi.pawn_drop_mate_illegal = false;
            r.drops.no_doubled = None;
            let e = &mut r.ends;
            e.extinction_value = Some(GameValue::Loss);
            e.extinction_letters = vec!['L'];
            e.flag_letter = [Some('L'); 2];
            e.flag_cells = [vec![Cell::Rank(3)], vec![Cell::Rank(0)]];
            e.flag_piece_safe = true;
            e.n_fold_value = GameValue::Draw;
            e.perpetual_check_illegal = false;
        }
        "checkshogi" => {
            shogi(&mut r)?;
            r.ends.check_counting = true;
        }
        "torishogi" => {
            r.resize(7, 7)?;
            r.pieces = vec![piece('S', "shogiPawn", "fW")];
            for (letter, n, betza) in [
                ('F', 1, "FsfW"),
                ('C', 2, "FvW"),
                ('L', 3, "fRrbBlbF"),
                ('R', 4, "fRlbBrbF"),
                ('P', 5, "bFfD"),
                ('G', 6, "fAbD"),
                ('E', 7, "KbRfBbF2"),
            ] {
                let betza = super::regions::fsf_betza(betza);
                r.pieces
                    .push(piece(letter, &format!("customPiece{n}"), &betza));
            }
            r.pieces.push(king());
            r.promotion_limit = vec![0; r.pieces.len()];
            r.start_fen = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[-] w 0 1".to_string();
            r.promotion_ranks = [0b11 << 5, 0b11];
            r.shogi.promotions = vec![('S', Some('G')), ('F', Some('E'))];
            r.shogi.mandatory = true;
            r.drops.no_doubled = Some('S');
            r.drops.no_doubled_count = 2;
            // A repetition wins for the side to move.
            r.ends.n_fold_value = GameValue::Win;
        }
        "yarishogi" => {
            r.resize(7, 9)?;
            r.pieces = vec![piece('L', "rook", "R"), piece('P', "shogiPawn", "fW")];
            for (letter, n, betza) in [
                ('N', 1, "fRffN"),
                ('B', 2, "fFfR"),
                ('R', 3, "frlR"),
                ('G', 4, "WfFbR"),
                ('S', 5, "fKbR"),
            ] {
                let betza = super::regions::fsf_betza(betza);
                r.pieces
                    .push(piece(letter, &format!("customPiece{n}"), &betza));
            }
            r.pieces.push(king());
            r.promotion_limit = vec![0; r.pieces.len()];
            r.start_fen = "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR[-] w 0 1".to_string();
            r.promotion_ranks = [0b111 << 6, 0b111];
            r.shogi.promotions = vec![
                ('P', Some('S')),
                ('N', Some('G')),
                ('B', Some('G')),
                ('R', Some('L')),
            ];
            r.shogi.pawn_drop_mate_illegal = false;
            r.ends.n_fold_rule = 3;
        }
        _ => return Ok(None),
    }
    r.name = name.to_string();
    Ok(Some(r))
}

#[cfg(test)]
mod tests {
    use super::super::{Variant, VariantOutcome, VariantPosition, ini};
    use super::GameValue;

    fn position(variant: &str, fen: &str) -> VariantPosition {
        let v = Variant::builtin(variant).unwrap();
        VariantPosition::from_fen(&v, fen).unwrap()
    }

    fn ucis(pos: &VariantPosition) -> Vec<String> {
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    /// Nifu: White has a pawn on e3, so a pawn in hand may not be dropped on
    /// the e-file; nor on the last rank (it could never move again). The other
    /// eight files are empty: their ranks 1 to 8 are the 64 drops.
    #[test]
    fn nifu_and_immobility_restrict_pawn_drops() {
        let pos = position("shogi", "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1");
        let drops: Vec<String> = ucis(&pos)
            .into_iter()
            .filter(|m| m.starts_with("P@"))
            .collect();
        assert!(!drops.iter().any(|m| m.starts_with("P@e")), "{drops:?}");
        assert!(!drops.contains(&"P@d9".to_string()), "{drops:?}");
        for rank in 1..=8 {
            assert!(drops.contains(&format!("P@d{rank}")), "{drops:?}");
        }
        assert_eq!(drops.len(), 8 * 8);
    }

    /// A pawn dropped on e8 checks the black king on e9. The gold on e7 guards
    /// e8 (a step forward), d8 and f8 (its forward diagonals), and the king's
    /// own lances fill d9 and f9: the king cannot take the pawn, step aside or
    /// be shielded, and the lances go only down their files. Fairy-Stockfish
    /// lists the drop and scores the mate as lost for the side that dropped.
    #[test]
    fn a_mating_pawn_drop_is_played_and_lost() {
        let fen = "3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1";
        let mut pos = position("shogi", fen);
        let mv = pos.parse_uci("P@e8").unwrap();
        pos.play(&mv).unwrap();
        assert!(pos.is_check());
        assert!(pos.legal_moves().is_empty());
        assert_eq!(
            pos.outcome(),
            Some(VariantOutcome::Checkmate(GameValue::Win))
        );
        // Read from its FEN, the position has no last move: a mate is a mate.
        let again = position("shogi", &pos.fen());
        assert_eq!(
            again.outcome(),
            Some(VariantOutcome::Checkmate(GameValue::Loss))
        );
    }

    /// A section may take a promotion away (`s:-`: the silver on b4 then
    /// enters the zone, rank 5, unpromoted only); a letter that is no piece is
    /// an error naming it and the key, and `+G` (the gold does not promote) is
    /// no piece of a FEN.
    #[test]
    fn a_section_reads_the_promotion_keys_and_bad_letters_are_named() {
        let text = "[noprom:minishogi]\npromotedPieceType = s:-\n";
        let v = ini::parse(text).unwrap().remove(0);
        let pos = VariantPosition::from_fen(&v, "4k/1S3/5/5/K4[] w - - 0 1").unwrap();
        let moves = ucis(&pos);
        assert!(moves.contains(&"b4b5".to_string()), "{moves:?}");
        assert!(!moves.iter().any(|m| m.ends_with('+')), "{moves:?}");
        let err = ini::parse("[x:minishogi]\npromotedPieceType = g:q\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(
            err.to_string().contains("promotedPieceType") && err.to_string().contains('Q'),
            "{err}"
        );
        let v = Variant::builtin("minishogi").unwrap();
        assert!(VariantPosition::from_fen(&v, "4k/5/5/5/K+G3[] w - - 0 1").is_err());
    }

    /// The shogi counts of Fairy-Stockfish's own test suite (`tests/perft.sh`
    /// in its repository: `expect perft.exp VARIANT startpos DEPTH NODES`).
    #[test]
    fn fairy_stockfish_perft_counts() {
        for (name, depth, nodes) in [
            ("shogi", 4, 719_731),
            ("minishogi", 5, 533_203),
            ("kyotoshogi", 5, 225_903),
            ("micro", 5, 71_328),
            ("euroshogi", 4, 380_499),
            ("torishogi", 4, 103_857),
            ("yarishogi", 4, 158_404),
        ] {
            let v = Variant::builtin(name).unwrap();
            assert_eq!(VariantPosition::startpos(&v).perft(depth), nodes, "{name}");
        }
    }

    /// White's zone is ranks 7 to 9. The silver on c6 (`FfW`) moving into it
    /// (c7, b7, d7) may promote or not; the pawn on a8 reaching the last rank
    /// must promote (as a pawn it could not move again).
    #[test]
    fn promotion_is_offered_in_the_zone_and_forced_on_the_last_rank() {
        let pos = position("shogi", "4k4/P8/9/2S6/9/9/9/9/4K4[] w - - 0 1");
        let moves = ucis(&pos);
        for m in ["c6c7", "c6c7+", "c6b7", "c6b7+", "c6d7+", "a8a9+"] {
            assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
        }
        assert!(!moves.contains(&"a8a9".to_string()), "{moves:?}");
        // Outside the zone (c6 to b5, rank 5), no choice.
        assert!(moves.contains(&"c6b5".to_string()) && !moves.contains(&"c6b5+".to_string()));
    }

    /// Sho-shogi: a lone king is royal, so a drunk elephant's promotion
    /// does not answer a check (the prince it makes counts only once made);
    /// with king and prince neither is, and the king may stay attacked.
    #[test]
    fn shoshogi_king_is_royal_only_alone() {
        let moves = ucis(&position("shoshogi", "4k4/9/9/9/9/4E4/9/9/r3K4 w - - 0 1"));
        assert!(moves.iter().all(|m| m.starts_with("e1")), "{moves:?}");
        let pos = position("shoshogi", "4k4/9/9/9/9/4+E4/9/9/r3K4 w - - 0 1");
        assert!(!pos.is_check());
        let moves = ucis(&pos);
        assert!(moves.contains(&"e1f1".to_string()), "{moves:?}");
        assert!(moves.contains(&"e4e5".to_string()), "{moves:?}");
    }

    /// Dobutsu: a lion on the far rank wins once it is not attacked there;
    /// both lions there, safe, draw. The 3 × 4 board is the smallest built-in.
    #[test]
    fn dobutsu_lion_wins_on_the_far_rank_when_safe() {
        let lost = Some(VariantOutcome::Flag(GameValue::Loss));
        assert_eq!(position("dobutsu", "L1l/3/3/3[] b - - 0 1").outcome(), lost);
        assert_eq!(position("dobutsu", "Ll1/3/3/3[] b - - 0 1").outcome(), None);
        assert_eq!(
            position("dobutsu", "L2/3/3/2l[] w - - 0 1").outcome(),
            Some(VariantOutcome::Flag(GameValue::Draw))
        );
        let start = position("dobutsu", "gle/1c1/1C1/ELG[-] w 0 1");
        assert_eq!(start.fen(), "gle/1c1/1C1/ELG[] w - - 0 1");
        assert_eq!(start.legal_moves().len(), 4);
    }
}
