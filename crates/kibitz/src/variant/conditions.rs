//! Fairy conditions of chess problems (Popeye's `condition`), as data on the
//! variant engine: a rebirth after captures (Circe, Anticirce), rules on
//! which pieces move and observe (Madrasi, Isardam), a rule on which checks
//! may be given (Ohneschach), and a rule on which legal move a side chooses
//! (Maximummer, Minimummer). They combine with each other and with every
//! piece the engine plays. Two conditions change how the pieces move and
//! observe, each in its own module: Annan chess ([`super::annan`]) and Mars
//! Circe ([`super::mars`]), which takes from the rebirth squares below.
//!
//! Each condition is one of four hooks, as in Popeye:
//!
//! * **a capture hook**, in [`State::make`]: Circe puts the captured piece back
//!   on its rebirth square when that square is empty; Anticirce moves the
//!   capturing piece to its own rebirth square, and a capture whose rebirth
//!   square is taken is no move;
//! * **an observation rule**, in the attack test every check and castling
//!   test goes through ([`State::attacked`]): under Madrasi a paralysed piece
//!   observes nothing (it gives no check), under Anticirce a piece observes a
//!   square only where the capture there would be legal;
//! * **a move rule**, in the legal move filter: a paralysed piece does not
//!   move (Madrasi); a move after which like enemy pieces observe each
//!   other is illegal (Isardam), and so, in its Type A, a piece observes a
//!   square only where its move there would be legal; a move that gives
//!   check is illegal unless it mates (Ohneschach);
//! * **a choice among the legal moves**, after that filter: a Maximummer
//!   plays one of its longest moves, a Minimummer one of its shortest
//!   (`State::mummer_filter`).
//!
//! A variant with conditions takes the engine's path for variant rules that
//! change which moves are legal ([`super::ends`]): every pseudo-legal move is
//! made and tested.
//!
//! The rebirth squares are Popeye's (`circe_regular_rebirth_square` in its
//! `conditions/circe/circe.c`), on a board of 8 files and any number of ranks:
//! a pawn on its second rank, on the file of the capture; a knight, bishop or
//! rook on the home square of the colour of the capture square; the queen on
//! d1 or d8, the king on e1 or e8; any other piece on its promotion square on
//! the file of the capture.
//!
//! ```
//! use kibitz::variant::{Conditions, Variant, VariantPosition};
//! let circe = Variant::with_conditions("circe".parse::<Conditions>()?)?;
//! // White's rook takes the knight on d4, a dark square: it is reborn on b8.
//! let mut pos = VariantPosition::from_fen(&circe, "4k3/8/8/8/3n4/8/8/3RK3 w - - 0 1")?;
//! pos.play_uci("d1d4")?;
//! assert_eq!(pos.fen(), "1n2k3/8/8/8/3R4/8/8/4K3 b - - 0 1");
//! // On d5, a light square, it would have been reborn on g8.
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::board::{NO_SQ, Sq};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{
    Annan, Conditions, Mars, Mummer, PieceDef, PieceKind, Rebirth, Rules, TakeMake,
};
use super::state::{State, color_of, is_piece_of, type_of};
use super::tables::Tables;
use super::tables::{ConditionTables, Role};

/// A condition word kibitz does not play, or a combination it does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionError {
    /// The word (or words) refused.
    pub word: String,
    /// Why.
    pub why: &'static str,
}

impl core::fmt::Display for ConditionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "condition `{}`: {}", self.word, self.why)
    }
}

impl std::error::Error for ConditionError {}

/// The condition names kibitz reads (in English; Popeye's German and French
/// names are read by [`crate::popeye`]).
pub const CONDITION_NAMES: [&str; 13] = [
    "circe",
    "anticirce",
    "madrasi",
    "isardam",
    "ohneschach",
    "whitemaximummer",
    "blackmaximummer",
    "whiteminimummer",
    "blackminimummer",
    "annan",
    "marscirce",
    "takemake",
    "maketake",
];

impl Conditions {
    /// No condition.
    pub const NONE: Conditions = Conditions {
        rebirth: Rebirth::None,
        madrasi: false,
        madrasi_rex: false,
        isardam: false,
        isardam_type_b: false,
        ohneschach: false,
        mummer: [Mummer::None; 2],
        annan: Annan::None,
        mars: Mars::None,
        take_make: TakeMake::None,
        make_take: false,
    };

    /// Is there no condition?
    pub fn is_empty(&self) -> bool {
        *self == Conditions::NONE
    }

    /// Adds the condition `word` (a name of [`CONDITION_NAMES`], or a variant
    /// word after it: `cheylan`, `calvet` after `anticirce`; `ri` after
    /// `madrasi`; `typeb`, `typec`, `typed` after `annan`; `rexexclusive`
    /// after `marscirce`; `absolute` after `takemake`), given the word before it; an error names the word.
    pub fn add_word(&mut self, word: &str, previous: Option<&str>) -> Result<(), ConditionError> {
        let lower = word.to_ascii_lowercase();
        let refuse = |why| {
            Err(ConditionError {
                word: word.to_string(),
                why,
            })
        };
        let previous = previous.map(str::to_ascii_lowercase);
        match (lower.as_str(), previous.as_deref()) {
            ("circe", _) | ("anticirce", _) if self.rebirth != Rebirth::None => {
                refuse("a second rebirth condition")
            }
            ("circe", _) => {
                self.rebirth = Rebirth::Circe;
                Ok(())
            }
            ("anticirce", _) => {
                self.rebirth = Rebirth::Anticirce;
                Ok(())
            }
            ("calvet", Some("anticirce")) => Ok(()),
            ("cheylan", Some("anticirce")) => {
                self.rebirth = Rebirth::AnticirceCheylan;
                Ok(())
            }
            ("madrasi", _) => {
                self.madrasi = true;
                Ok(())
            }
            ("isardam", _) => {
                self.isardam = true;
                Ok(())
            }
            ("typea", Some("isardam")) => Ok(()),
            ("annan", _) => {
                self.annan = Annan::A;
                Ok(())
            }
            ("typea" | "typeb" | "typec" | "typed", Some("annan")) => {
                self.annan = match lower.as_str() {
                    "typea" => Annan::A,
                    "typeb" => Annan::B,
                    "typec" => Annan::C,
                    _ => Annan::D,
                };
                Ok(())
            }
            ("typeb", Some("isardam")) => {
                self.isardam_type_b = true;
                Ok(())
            }
            ("ri", Some("madrasi" | "isardam" | "typea" | "typeb")) => {
                self.madrasi_rex = true;
                Ok(())
            }
            ("ohneschach", _) => {
                self.ohneschach = true;
                Ok(())
            }
            ("marscirce", _) => {
                self.mars = Mars::RexInclusive;
                Ok(())
            }
            ("ri", Some("marscirce")) => Ok(()),
            ("rexexclusive", Some("marscirce")) => {
                self.mars = Mars::RexExclusive;
                Ok(())
            }
            ("takemake", _) => {
                self.take_make = TakeMake::Plain;
                Ok(())
            }
            ("absolute", Some("takemake")) => {
                self.take_make = TakeMake::Absolute;
                Ok(())
            }
            ("maketake", _) => {
                self.make_take = true;
                Ok(())
            }
            // Elsewhere the kings' exclusion is the default (Circe's).
            ("rexexclusive", _) => Ok(()),
            ("whitemaximummer" | "blackmaximummer" | "whiteminimummer" | "blackminimummer", _) => {
                let side = usize::from(lower.starts_with("black"));
                if self.mummer[side] != Mummer::None {
                    return refuse("a second mummer condition for the same side");
                }
                self.mummer[side] = if lower.ends_with("maximummer") {
                    Mummer::Max
                } else {
                    Mummer::Min
                };
                Ok(())
            }
            ("maximummer" | "minimummer", _) => refuse(
                "the side is the stipulation's in Popeye: name it (blackmaximummer, whitemaximummer)",
            ),
            _ => refuse(
                "not a condition kibitz plays (circe, anticirce [cheylan], madrasi [ri], \
                 isardam [typeb] [ri], ohneschach, annan [typeb|typec|typed], \
                 marscirce [rexexclusive], takemake [absolute], maketake, whitemaximummer, blackmaximummer, whiteminimummer, blackminimummer)",
            ),
        }
    }
}

impl core::str::FromStr for Conditions {
    type Err = ConditionError;

    fn from_str(text: &str) -> Result<Conditions, ConditionError> {
        let mut c = Conditions::NONE;
        let mut previous = None;
        for word in text.split(|ch: char| ch.is_whitespace() || ch == ',') {
            if word.is_empty() {
                continue;
            }
            c.add_word(word, previous)?;
            previous = Some(word);
        }
        Ok(c)
    }
}

impl core::fmt::Display for Conditions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut words: Vec<&str> = Vec::new();
        match self.rebirth {
            Rebirth::None => {}
            Rebirth::Circe => words.push("circe"),
            Rebirth::Anticirce => words.push("anticirce"),
            Rebirth::AnticirceCheylan => words.push("anticirce cheylan"),
        }
        // One RI serves Madrasi and Isardam (Popeye's one flag): written once.
        if self.madrasi {
            words.push(if self.madrasi_rex {
                "madrasi ri"
            } else {
                "madrasi"
            });
        }
        if self.isardam {
            words.push(if self.isardam_type_b {
                "isardam typeb"
            } else {
                "isardam"
            });
            if self.madrasi_rex && !self.madrasi {
                words.push("ri");
            }
        }
        if self.ohneschach {
            words.push("ohneschach");
        }
        words.push(match self.annan {
            Annan::None => "",
            Annan::A => "annan",
            Annan::B => "annan typeb",
            Annan::C => "annan typec",
            Annan::D => "annan typed",
        });
        words.push(match self.mars {
            Mars::None => "",
            Mars::RexInclusive => "marscirce",
            Mars::RexExclusive => "marscirce rexexclusive",
        });
        words.push(match self.take_make {
            TakeMake::None => "",
            TakeMake::Plain => "takemake",
            TakeMake::Absolute => "takemake absolute",
        });
        if self.make_take {
            words.push("maketake");
        }
        words.retain(|w| !w.is_empty());
        for (side, mummer) in self.mummer.iter().enumerate() {
            words.push(match (side, mummer) {
                (_, Mummer::None) => continue,
                (0, Mummer::Max) => "whitemaximummer",
                (0, Mummer::Min) => "whiteminimummer",
                (_, Mummer::Max) => "blackmaximummer",
                (_, Mummer::Min) => "blackminimummer",
            });
        }
        f.write_str(&words.join(" "))
    }
}

/// Ohneschach's test nests: a check is legal if it mates, and the mated
/// side's own checks are legal if they mate. Popeye stops such a recursion
/// too; past this depth a check is taken as no legal move.
const OHNESCHACH_DEPTH: u8 = 3;

impl ConditionTables {
    /// The tables of `rules`' conditions; an error where the board or another
    /// rule of the variant does not go with them.
    pub fn build(rules: &Rules) -> Result<ConditionTables, String> {
        let c = rules.conditions;
        let mut ct = ConditionTables {
            conditions: c,
            validates: c.madrasi
                || (c.isardam && !c.isardam_type_b)
                || matches!(c.rebirth, Rebirth::Anticirce | Rebirth::AnticirceCheylan),
            files: u16::from(rules.size.files()),
            ranks: u16::from(rules.size.ranks()),
            ..ConditionTables::default()
        };
        if c.is_empty() {
            return Ok(ct);
        }
        if (c.rebirth != Rebirth::None || c.mars != Mars::None) && rules.size.files() != 8 {
            return Err(format!(
                "condition `{c}`: the rebirth squares are those of a board of 8 files, not {}",
                rules.size.files()
            ));
        }
        if rules.drops.enabled || rules.palace.active || rules.gating != super::rules::Gating::None
        {
            return Err(format!(
                "condition `{c}`: not with drops, gating or palace rules"
            ));
        }
        // Annan's walks are a recoding of the board ([`super::annan`]); the
        // observation rules of these conditions ask the pieces' own types.
        if c.annan != Annan::None
            && (c.madrasi
                || c.isardam
                || matches!(c.rebirth, Rebirth::Anticirce | Rebirth::AnticirceCheylan))
        {
            return Err(format!(
                "condition `{c}`: Annan is not played with Madrasi, Isardam or Anticirce"
            ));
        }
        // Mars Circe moves the capturing piece first ([`super::mars`]); the
        // other conditions' rules would have to say where it observes from.
        let others = Conditions {
            mars: Mars::None,
            ohneschach: false,
            ..c
        };
        if c.mars != Mars::None && !others.is_empty() {
            return Err(format!(
                "condition `{c}`: Mars Circe is played alone or with Ohneschach"
            ));
        }
        // Take&Make and Make&Take move the capturing man twice ([`super::take_make`],
        // [`super::make_take`]): played alone.
        let others = Conditions {
            take_make: TakeMake::None,
            make_take: false,
            ..c
        };
        let both = c.take_make != TakeMake::None && c.make_take;
        if (c.take_make != TakeMake::None || c.make_take) && (both || !others.is_empty()) {
            return Err(format!(
                "condition `{c}`: Take&Make and Make&Take are played alone"
            ));
        }
        for (ty, p) in rules.pieces.iter().enumerate() {
            ct.roles[ty] = role(p);
        }
        ct.promotions[0] = mask(&rules.promotion_types);
        ct.promotions[1] = mask(
            rules
                .promotion_types_black
                .as_ref()
                .unwrap_or(&rules.promotion_types),
        );
        Ok(ct)
    }

    /// Is there a rebirth condition (Circe or Anticirce)?
    #[inline]
    pub fn rebirths(&self) -> bool {
        self.conditions.rebirth != Rebirth::None
    }

    /// The square where a piece of type `ty` and colour `owner` is reborn
    /// after a capture on `capture` (see the [module docs](self)).
    pub(crate) fn rebirth_square(&self, ty: usize, capture: Sq, owner: usize) -> Sq {
        let files = self.files;
        let (file, rank) = (capture % files, capture / files);
        let light = (file & 1) != (rank & 1);
        let back = if owner == 0 { 0 } else { self.ranks - 1 };
        let home = |f: u16| back * files + f;
        match self.roles[ty] {
            Role::Pawn => {
                let second = if owner == 0 { 1 } else { self.ranks - 2 };
                second * files + file
            }
            // White's knights stand on b1 (light) and g1 (dark), Black's on g8
            // (light) and b8 (dark); and so on.
            Role::Knight => home(if light == (owner == 0) { 1 } else { 6 }),
            Role::Bishop => home(if light == (owner == 0) { 5 } else { 2 }),
            Role::Rook => home(if light == (owner == 0) { 7 } else { 0 }),
            Role::Queen => home(3),
            Role::King => home(4),
            Role::Fairy => {
                let promotion = if owner == 0 { self.ranks - 1 } else { 0 };
                promotion * files + file
            }
        }
    }
}

/// The castling men a FEN's rights say are unmoved, for Circe and Anticirce
/// ([`State::castling_after_rebirth`]): a right means its king and its rook.
pub(crate) fn castling_men_of(rules: &Rules, castling: u8) -> u8 {
    if rules.conditions.rebirth == Rebirth::None {
        return 0;
    }
    let mut men = 0;
    for c in 0..2 {
        for side in 0..2 {
            if castling >> (2 * c + side) & 1 != 0 {
                men |= 1 << (3 * c) | 1 << (3 * c + 1 + side);
            }
        }
    }
    men
}

fn role(p: &PieceDef) -> Role {
    match (p.kind, p.betza.as_str()) {
        (PieceKind::Pawn, _) => Role::Pawn,
        (PieceKind::King, _) => Role::King,
        (_, "N") => Role::Knight,
        (_, "B") => Role::Bishop,
        (_, "R") => Role::Rook,
        (_, "Q") => Role::Queen,
        _ => Role::Fairy,
    }
}

fn mask(types: &[u8]) -> u32 {
    types.iter().fold(0, |m, &t| m | 1 << t)
}

impl State {
    /// Madrasi: is the piece on `sq` paralysed (observed by an enemy piece of
    /// its type, whatever that piece's own state: paralysis is mutual)?
    pub(crate) fn paralysed(&self, t: &Tables, sq: Sq) -> bool {
        let ct = &t.conditions;
        let p = self.board[usize::from(sq)];
        if !ct.conditions.madrasi || p == 0 {
            return false;
        }
        let ty = type_of(p);
        if Some(ty as u8) == t.king && !ct.conditions.madrasi_rex {
            return false;
        }
        let them = color_of(p) ^ 1;
        self.counts[them][ty] > 0 && self.observed_by(t, sq, them, NO_SQ, 1 << ty)
    }

    /// Does the piece on `from` observe `target` (which it reaches by its
    /// moves, with `gone` taken as empty) under the conditions: not paralysed
    /// (Madrasi), and able to capture there under Anticirce (its rebirth
    /// square empty, or the target itself under Calvet's rule)?
    pub(crate) fn observer_valid(&self, t: &Tables, from: Sq, target: Sq, gone: Sq) -> bool {
        let ct = &t.conditions;
        if ct.conditions.madrasi && self.paralysed(t, from) {
            return false;
        }
        let p = self.board[usize::from(from)];
        let (c, ty) = (color_of(p), type_of(p));
        let promotes = Some(ty as u8) == t.pawn && t.promo_zone[c].contains(target);
        // The types the piece may be on `target`: its own, or a promotion's.
        let types = if promotes { ct.promotions[c] } else { 1 << ty };
        let any = |ok: &dyn Fn(usize) -> bool| (0..t.types).any(|p| types >> p & 1 != 0 && ok(p));
        if matches!(
            ct.conditions.rebirth,
            Rebirth::Anticirce | Rebirth::AnticirceCheylan
        ) && !any(&|p| self.anticirce_rebirth_free(t, p, c, from, target, gone))
        {
            return false;
        }
        if ct.conditions.isardam
            && !ct.conditions.isardam_type_b
            && !any(&|p| !self.isardam_clash_after(t, from, target, gone, p))
        {
            return false;
        }
        true
    }

    /// Isardam Type A's observation: would a piece of type `ty` (after any
    /// promotion) from `from` on `target` (taking what stands there, with
    /// `gone` taken as empty) leave like enemy pieces observing each other?
    fn isardam_clash_after(&self, t: &Tables, from: Sq, target: Sq, gone: Sq, ty: usize) -> bool {
        let mut next = *self;
        for sq in [gone, target, from] {
            if sq != NO_SQ && next.board[usize::from(sq)] != 0 {
                next.remove(t, sq);
            }
        }
        next.put(t, target, color_of(self.board[usize::from(from)]), ty);
        next.isardam_clash(t)
    }

    /// Isardam: is a piece observed by an enemy piece of its kind (kings
    /// only under RI), by the pieces' moves alone?
    pub(crate) fn isardam_clash(&self, t: &Tables) -> bool {
        let rex = t.conditions.conditions.madrasi_rex;
        (self.occ[0] | self.occ[1]).iter().any(|sq| {
            let p = self.board[usize::from(sq)];
            let (them, ty) = (color_of(p) ^ 1, type_of(p));
            (rex || Some(ty as u8) != t.king)
                && self.counts[them][ty] > 0
                && self.observed_by(t, sq, them, NO_SQ, 1 << ty)
        })
    }

    /// Anticirce: may a piece of type `ty` (after any promotion) and colour
    /// `c` from `from` take on `target`: is its rebirth square empty once it
    /// has left `from` (and `gone` is empty), or the target itself (Calvet)?
    fn anticirce_rebirth_free(
        &self,
        t: &Tables,
        ty: usize,
        c: usize,
        from: Sq,
        target: Sq,
        gone: Sq,
    ) -> bool {
        let ct = &t.conditions;
        let r = ct.rebirth_square(ty, target, c);
        if r == target {
            return ct.conditions.rebirth == Rebirth::Anticirce;
        }
        r == from || r == gone || self.board[usize::from(r)] == 0
    }

    /// The move rules of the conditions on a pseudo-legal `mv`, before it is
    /// made: a paralysed piece does not move (Madrasi), an Anticirce capture
    /// needs its rebirth square.
    pub(crate) fn condition_allows(&self, t: &Tables, mv: &VariantMove) -> bool {
        let ct = &t.conditions;
        if mv.is_pass() || mv.is_drop() {
            return true;
        }
        if ct.conditions.madrasi && self.paralysed(t, mv.from) {
            return false;
        }
        if matches!(
            ct.conditions.rebirth,
            Rebirth::Anticirce | Rebirth::AnticirceCheylan
        ) && self.is_capture(mv)
        {
            let p = self.board[usize::from(mv.from)];
            let ty = if mv.promotion != NO_TYPE {
                usize::from(mv.promotion)
            } else {
                type_of(p)
            };
            return self.anticirce_rebirth_free(t, ty, color_of(p), mv.from, mv.to, NO_SQ);
        }
        true
    }

    /// The capture hook of [`State::make`], after the move: `victim` (a piece
    /// code) was taken by the piece now on `to`, of colour `us`. The square
    /// of the man reborn, if one is.
    pub(crate) fn rebirth(&mut self, t: &Tables, to: Sq, victim: u8, us: usize) -> Sq {
        let ct = &t.conditions;
        match ct.conditions.rebirth {
            Rebirth::None => NO_SQ,
            Rebirth::Circe => {
                let (c, ty) = (color_of(victim), type_of(victim));
                if Some(ty as u8) == t.king {
                    return NO_SQ;
                }
                let sq = ct.rebirth_square(ty, to, c);
                if self.board[usize::from(sq)] != 0 {
                    return NO_SQ;
                }
                self.put(t, sq, c, ty);
                sq
            }
            Rebirth::Anticirce | Rebirth::AnticirceCheylan => {
                let ty = type_of(self.board[usize::from(to)]);
                let sq = ct.rebirth_square(ty, to, us);
                if sq != to {
                    self.remove(t, to);
                    self.put(t, sq, us, ty);
                }
                sq
            }
        }
    }

    /// The castling rights after a move under Circe or Anticirce, as Popeye
    /// keeps them: a man that leaves its home square (`from`) or is taken
    /// there (`to`) loses its castling; a king or castling rook reborn on its
    /// home square (`reborn`) may castle again; a side may castle on a wing
    /// while its king and that wing's rook both may.
    pub(crate) fn castling_after_rebirth(&mut self, r: &Rules, from: Sq, to: Sq, reborn: Sq) {
        let Some(k) = r.castling else { return };
        let files = Sq::from(r.size.files());
        let mut men = self.castling_men;
        self.castling = 0;
        for c in 0..2 {
            let rank = State::gate_rank(r, c) * files;
            let homes = [
                rank + Sq::from(k.king_file),
                rank + Sq::from(k.rook_kingside_file),
                rank + Sq::from(k.rook_queenside_file),
            ];
            for (i, &home) in homes.iter().enumerate() {
                let bit = 1 << (3 * c + i);
                if home == from || home == to {
                    men &= !bit;
                }
                let p = self.board[usize::from(home)];
                let is_man = is_piece_of(p, c)
                    && if i == 0 {
                        r.pieces[type_of(p)].kind == PieceKind::King
                    } else {
                        k.rook_types >> type_of(p) & 1 != 0
                    };
                if home == reborn && is_man {
                    men |= bit;
                }
                if !is_man {
                    men &= !bit;
                }
            }
            for side in 0..2 {
                if men >> (3 * c) & 1 != 0 && men >> (3 * c + 1 + side) & 1 != 0 {
                    self.castling |= 1 << (2 * c + side);
                    self.rook_sq[2 * c + side] = homes[1 + side];
                }
            }
        }
        self.castling_men = men;
    }

    /// Ohneschach: after a checking move, is the side to move (in check) left
    /// without a legal move, so that the check is mate and legal? `depth`
    /// counts the nesting ([`OHNESCHACH_DEPTH`]).
    pub(crate) fn ohneschach_mated(&self, t: &Tables, r: &Rules, depth: u8) -> bool {
        let mut moves = Vec::with_capacity(48);
        let in_check = self.in_check(t);
        self.pseudo_moves(t, r, in_check, &mut moves);
        let us = self.turn;
        !moves.iter().any(|mv| {
            if !self.condition_allows(t, mv) {
                return false;
            }
            let mut next = *self;
            next.make(t, r, mv);
            let k = next.kings[us];
            if self.kings[us] != NO_SQ && (k == NO_SQ || next.attacked(t, k, us ^ 1)) {
                return false;
            }
            if r.conditions.isardam && next.isardam_clash(t) {
                return false;
            }
            // A reply that gives check is legal only if it mates in turn.
            !next.in_check(t)
                || (depth < OHNESCHACH_DEPTH && next.ohneschach_mated(t, r, depth + 1))
        })
    }

    /// Maximummer and Minimummer: of the legal `moves`, keep the longest (or
    /// the shortest) if the side to move is bound so.
    pub(crate) fn mummer_filter(&self, t: &Tables, r: &Rules, moves: &mut Vec<VariantMove>) {
        let mummer = r.conditions.mummer[self.turn];
        if mummer == Mummer::None || moves.is_empty() {
            return;
        }
        let files = t.conditions.files;
        let length = |mv: &VariantMove| match mv.kind {
            MoveKind::CastleKingside => 16,
            MoveKind::CastleQueenside => 25,
            _ => {
                let (dx, dy) = (
                    i32::from(mv.to % files) - i32::from(mv.from % files),
                    i32::from(mv.to / files) - i32::from(mv.from / files),
                );
                dx * dx + dy * dy
            }
        };
        let best = match mummer {
            Mummer::Max => moves.iter().map(length).max(),
            _ => moves.iter().map(length).min(),
        };
        moves.retain(|mv| Some(length(mv)) == best);
    }

    /// The piece code of what `mv` takes, and where (en passant: the pawn's
    /// square), if the conditions rebirth anything.
    #[inline]
    pub(crate) fn rebirth_victim(&self, t: &Tables, mv: &VariantMove) -> u8 {
        if t.conditions.conditions.rebirth == Rebirth::None || mv.is_castling() || mv.from == mv.to
        {
            return 0;
        }
        if mv.kind == MoveKind::EnPassant {
            return self.board[usize::from(self.ep_victim)];
        }
        self.board[usize::from(mv.to)]
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Variant, VariantPosition};
    use super::*;

    fn moves(conditions: &str, fen: &str) -> Vec<String> {
        let v = Variant::with_conditions(conditions.parse().unwrap()).unwrap();
        let pos = VariantPosition::from_fen(&v, fen).unwrap();
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    fn after(conditions: &str, fen: &str, uci: &str) -> String {
        let v = Variant::with_conditions(conditions.parse().unwrap()).unwrap();
        let mut pos = VariantPosition::from_fen(&v, fen).unwrap();
        pos.play_uci(uci).unwrap();
        pos.fen()
    }

    #[test]
    fn circe_rebirth_squares_are_popeyes() {
        // A white rook on d1 takes on d4 (dark) and d5 (light).
        let board = |piece: char, rank: u8| {
            let mut rows = vec!["8".to_string(); 8];
            rows[usize::from(8 - rank)] = format!("3{piece}4");
            rows[0] = "7k".to_string();
            rows[7] = "3RK3".to_string();
            format!("{} w - - 0 1", rows.join("/"))
        };
        let cases = [
            ('n', 4, "1n5k"),
            ('n', 5, "6nk"),
            ('b', 4, "5b1k"),
            ('b', 5, "2b4k"),
            ('r', 4, "7r"),
            ('q', 4, "3q3k"),
            ('p', 4, ""),
        ];
        for (piece, rank, back_rank) in cases {
            let fen = after("circe", &board(piece, rank), &format!("d1d{rank}"));
            if piece == 'p' {
                // A pawn goes back to its second rank, on the file of capture.
                assert!(fen.starts_with("7k/3p4/"), "{fen}");
            } else if piece == 'r' {
                // Its square (h8, dark) is the king's: the rook is gone.
                assert!(fen.starts_with("7k/"), "{fen}");
                assert!(!fen.contains('r'), "{fen}");
            } else {
                assert!(fen.starts_with(&format!("{back_rank}/")), "{piece} {fen}");
            }
        }
    }

    #[test]
    fn circe_rebirth_can_expose_the_capturers_king() {
        // Rb1xb7: b7 is light, so Black's rook is reborn on a8, on the a-file
        // of White's king: the capture is illegal under Circe.
        let fen = "7k/1r6/8/8/8/8/8/KR6 w - - 0 1";
        assert!(!moves("circe", fen).contains(&"b1b7".to_string()));
        assert!(moves("", fen).contains(&"b1b7".to_string()));
    }

    #[test]
    fn a_rook_reborn_on_its_home_square_castles_again() {
        // Bxd3 takes White's rook on a light square: it is reborn on h1, and
        // the king, which has not moved (it keeps its right to castle long),
        // may castle short again (Popeye's castling rights under Circe).
        let fen = "4k3/8/8/1b6/8/3R4/8/R3K3 b Q - 0 1";
        assert_eq!(
            after("circe", fen, "b5d3"),
            "4k3/8/8/8/8/3b4/8/R3K2R w KQ - 0 2"
        );
        // A king that has moved does not: no right is left to say it has not.
        let fen = "4k3/8/8/1b6/8/3R4/8/R3K3 b - - 0 1";
        assert_eq!(
            after("circe", fen, "b5d3"),
            "4k3/8/8/8/8/3b4/8/R3K2R w - - 0 2"
        );
    }

    #[test]
    fn madrasi_paralyses_like_pieces_that_observe_each_other() {
        // The rooks on a1 and a8 see each other: neither moves.
        let fen = "r6k/8/8/8/8/8/8/R3K3 w - - 0 1";
        let m = moves("madrasi", fen);
        assert!(m.iter().all(|mv| !mv.starts_with("a1")), "{m:?}");
        assert!(moves("", fen).iter().any(|mv| mv.starts_with("a1")));
        // A paralysed rook gives no check: the rooks on a8 and a1 stand on
        // the kings' ranks, and neither king is in check.
        let fen = "R3k3/8/8/8/8/8/8/r3K3 w - - 0 1";
        let v = Variant::with_conditions("madrasi".parse().unwrap()).unwrap();
        let pos = VariantPosition::from_fen(&v, fen).unwrap();
        assert!(!pos.is_check());
        // The white king may step along the black rook's rank.
        assert!(moves("madrasi", fen).contains(&"e1d1".to_string()));
        let chess = Variant::builtin("chess").unwrap();
        assert!(VariantPosition::from_fen(&chess, fen).is_err());
    }

    #[test]
    fn anticirce_capture_needs_the_rebirth_square() {
        // The white rook on d4 takes on d7 (light): it is reborn on h1, empty.
        let fen = "4k3/3n4/8/8/3R4/8/8/4K3 w - - 0 1";
        assert!(after("anticirce", fen, "d4d7").ends_with("4K2R b - - 0 1"));
        // With h1 taken, no capture.
        let fen = "4k3/3n4/8/8/3R4/8/8/4K2B w - - 0 1";
        assert!(!moves("anticirce", fen).contains(&"d4d7".to_string()));
        // A capture on the rebirth square itself: Calvet yes, Cheylan no.
        let fen = "4k3/8/8/8/8/8/8/4K1Rn w - - 0 1";
        assert!(moves("anticirce", fen).contains(&"g1h1".to_string()));
        assert!(!moves("anticirce cheylan", fen).contains(&"g1h1".to_string()));
    }

    #[test]
    fn ohneschach_forbids_checks_but_mates() {
        // Ra8 would mate: legal. Rh1-h7 would check without mate: illegal.
        let fen = "6k1/8/6K1/8/8/8/8/R6R w - - 0 1";
        let m = moves("ohneschach", fen);
        assert!(m.contains(&"a1a8".to_string()), "{m:?}");
        assert!(!m.contains(&"h1h8".to_string()), "{m:?}");
        assert!(m.contains(&"h1h2".to_string()), "{m:?}");
    }

    #[test]
    fn maximummer_plays_the_longest_move_and_minimummer_the_shortest() {
        // Black's bishop on d4 reaches a7, a1, g1 and g7 (3² + 3² = 18); its
        // king on h8 is blocked from the longer diagonal.
        let fen = "7k/8/8/8/3b4/8/8/4K3 b - - 0 1";
        assert_eq!(
            moves("blackmaximummer", fen),
            ["d4a1", "d4a7", "d4g1", "d4g7"]
        );
        assert_eq!(moves("blackminimummer", fen), ["h8g8", "h8h7"]);
        // White's mummer binds White only.
        assert_eq!(moves("whitemaximummer", fen).len(), moves("", fen).len());
        // Castling is Popeye's 16 (short) and 25 (long): here the longest.
        let fen = "4k3/8/8/8/8/8/P6P/R3K2R w KQ - 0 1";
        assert_eq!(moves("whitemaximummer", fen), ["e1c1"]);
        // A side in check plays its longest evasion: Bxe5 (18) before Re3
        // (16) and the king's steps.
        let fen = "4k3/8/8/4r3/8/R7/1B6/4K3 w - - 0 1";
        assert_eq!(moves("whitemaximummer", fen), ["b2e5"]);
        assert_eq!(moves("whiteminimummer", fen), ["e1d1", "e1f1"]);
    }

    #[test]
    fn isardam_forbids_a_move_that_makes_like_enemies_observe_each_other() {
        // Rd1-d5 would stand on the black rook's rank: illegal. Kings are
        // exempt: Kg1-g2 is legal beside no rule.
        let fen = "k7/8/8/7r/8/8/8/3R2K1 w - - 0 1";
        let m = moves("isardam", fen);
        assert!(!m.contains(&"d1d5".to_string()), "{m:?}");
        assert!(m.contains(&"d1d4".to_string()) && m.contains(&"g1g2".to_string()));
        assert!(moves("", fen).contains(&"d1d5".to_string()));
        // Type A: Rxe1 would stand where the rook on a1 observes it, so the
        // rook on e8 gives no check; Type B's checks are orthodox.
        let fen = "4r2k/8/8/8/8/8/8/R3K3 w - - 0 1";
        let check = |conditions: &str| {
            let v = Variant::with_conditions(conditions.parse().unwrap()).unwrap();
            VariantPosition::from_fen(&v, fen).unwrap().is_check()
        };
        assert!(!check("isardam"));
        assert!(check("isardam typeb"));
        // Ke1-e2 steps where Rxe2 would be legal: illegal.
        let m = moves("isardam", fen);
        assert!(!m.contains(&"e1e2".to_string()) && m.contains(&"e1d1".to_string()));
    }

    #[test]
    fn conditions_read_and_write_their_words() {
        for text in [
            "circe",
            "anticirce",
            "anticirce cheylan",
            "madrasi ri ohneschach",
            "ohneschach blackmaximummer",
            "whiteminimummer blackmaximummer",
            "isardam",
            "isardam typeb ri",
            "madrasi ri isardam",
        ] {
            let c: Conditions = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        assert!("circe anticirce".parse::<Conditions>().is_err());
        assert!("cheylan".parse::<Conditions>().is_err());
        assert!(
            "blackmaximummer blackminimummer"
                .parse::<Conditions>()
                .is_err()
        );
        // Popeye's plain Maximummer binds the stipulation's defender: named sides only.
        assert_eq!(
            "maximummer".parse::<Conditions>().unwrap_err().word,
            "maximummer"
        );
        let err = "madrasi frob".parse::<Conditions>().unwrap_err();
        assert_eq!(err.word, "frob");
    }
}
