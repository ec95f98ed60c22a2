//! Fairy-Stockfish's `variants.ini` form: sections `[name]` or `[name:parent]`
//! (the parent a built-in or an earlier section), `key = value` lines. Every key
//! kibitz does not play is an error naming the key and its line, never ignored.
//!
//! ```
//! use kibitz::variant::{ini, VariantPosition};
//! let text = "[knightmate2:chess]\ncustomPiece1 = m:NN\nstartFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\n";
//! let variants = ini::parse(text)?;
//! assert_eq!(variants[0].name(), "knightmate2");
//! let pos = VariantPosition::startpos(&variants[0]);
//! assert_eq!(pos.legal_moves().len(), 24); // the nightriders add four
//! # Ok::<(), ini::IniError>(())
//! ```

use super::VariantError;
use super::builtin::{chess_rules, pawn, piece};
use super::definition::Variant;
use super::error::quote;
use super::ini_values::{boolean, game_value, number, ranks_region};
use super::rules::{Gating, PieceKind, Rules, types_after_remove};

pub use super::error::IniError;

/// Fairy-Stockfish's built-in piece names and their Betza.
const NAMED_PIECES: &[(&str, &str)] = &[
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Fairy-Stockfish's piece types in the order of its `PieceType` enum (then
/// `customPiece1`…, then the king): the order of a variant's types, which its
/// FEN writes pieces in hand by (the last first).
const FSF_TYPE_ORDER: &[&str] = &[
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "fers",
    "alfil",
    "fersAlfil",
    "silver",
    "aiwok",
    "bers",
    "archbishop",
    "chancellor",
    "amazon",
    "knibis",
    "biskni",
    "kniroo",
    "rookni",
    "shogiPawn",
    "lance",
    "shogiKnight",
    "gold",
    "dragonHorse",
    "clobber",
    "breakthrough",
    "immobile",
    "cannon",
    "janggiCannon",
    "soldier",
    "horse",
    "elephant",
    "janggiElephant",
    "banner",
    "wazir",
    "commoner",
    "centaur",
];

/// Where a piece named `name` stands in Fairy-Stockfish's type order, if it
/// is one of its types.
fn fsf_type_rank(name: &str) -> Option<usize> {
    if name == "king" {
        return Some(usize::MAX);
    }
    if let Some(n) = name.strip_prefix("customPiece") {
        return n.parse::<usize>().ok().map(|n| FSF_TYPE_ORDER.len() + n);
    }
    FSF_TYPE_ORDER.iter().position(|&n| n == name)
}

/// Keys that only concern a GUI or an engine's evaluation; accepted, without effect on the rules.
const DISPLAY_KEYS: &[&str] = &[
    "pieceToCharTable",
    "variantTemplate",
    "pocketSize",
    "nnueAlias",
];

/// The most bytes a `variants.ini` text may have: Fairy-Stockfish's own, with every
/// variant it ships, is under 64 KiB.
pub const MAX_INI_BYTES: usize = 1 << 20;

/// The most sections a `variants.ini` text may have (Fairy-Stockfish's own has 143).
pub const MAX_SECTIONS: usize = 1024;

/// One section as read: its name, its parent, the line of its header and its
/// `key = value` lines with their numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Section {
    name: String,
    parent: Option<String>,
    line: usize,
    keys: Vec<(usize, String, String)>,
}

impl Section {
    /// The keys in the order they are applied ([`key_phase`]; a piece's removal
    /// before the pieces defined, which may take its letter; the text's order
    /// otherwise). `doubleStepRankMin` is left out beside `doubleStepRank`, as
    /// Fairy-Stockfish reads the first only without the second.
    fn ordered_keys(&self) -> impl Iterator<Item = &(usize, String, String)> {
        let mut keys: Vec<&(usize, String, String)> = self.keys.iter().collect();
        keys.sort_by_key(|(_, key, value)| {
            let phase = key_phase(key);
            (phase, !(phase == 1 && value == "-"))
        });
        let both = self.keys.iter().any(|(_, k, _)| k == "doubleStepRank");
        keys.into_iter()
            .filter(move |(_, key, _)| !(both && key == "doubleStepRankMin"))
    }
}

/// A `variants.ini` text read but not built: the sections, their parents and
/// their keys. Reading costs time and memory linear in the text (at most
/// [`MAX_INI_BYTES`] and [`MAX_SECTIONS`]); a variant's tables are built only for
/// the section asked for ([`VariantsIni::find`]) — with its parents' keys applied
/// first — or one section at a time ([`VariantsIni::variants`]), so a text of many
/// sections never holds more than one built variant.
///
/// ```
/// use kibitz::variant::ini::VariantsIni;
/// let text = "[a:chess]\nmaxRank = 9\nstartFen = 8/8/8/8/8/8/8/8/K6k w - - 0 1\n\
///             [b:a]\nmaxFile = 9\nstartFen = 9/9/9/9/9/9/9/9/K7k w - - 0 1\n";
/// let ini = VariantsIni::read(text)?;
/// assert_eq!(ini.names().collect::<Vec<_>>(), ["a", "b"]);
/// let b = ini.find("b")?;                    // built with a's keys, then its own
/// assert_eq!((b.files(), b.ranks()), (9, 9));
/// assert_eq!(ini.find("capablanca")?.files(), 10); // not a section: a built-in
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantsIni {
    sections: Vec<Section>,
}

impl VariantsIni {
    /// Reads the sections of a text: headers `[name]` or `[name:parent]`, `key =
    /// value` lines, `#` and `;` comments. Its keys are checked when a section is
    /// built. The error names the line.
    pub fn read(text: &str) -> Result<VariantsIni, IniError> {
        if text.len() > MAX_INI_BYTES {
            return Err(IniError {
                line: 1,
                message: format!(
                    "{} bytes; a variants.ini may have at most {MAX_INI_BYTES}",
                    text.len()
                ),
            });
        }
        let mut sections: Vec<Section> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.trim();
            let err = |message: String| IniError {
                line: line_no,
                message,
            };
            if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
                continue;
            }
            if let Some(header) = line.strip_prefix('[') {
                let Some(header) = header.strip_suffix(']') else {
                    return Err(err(format!(
                        "section header `{}` does not end in `]`",
                        quote(line)
                    )));
                };
                if sections.len() == MAX_SECTIONS {
                    return Err(err(format!(
                        "more than {MAX_SECTIONS} sections in one variants.ini"
                    )));
                }
                let (name, parent) = match header.split_once(':') {
                    Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
                    None => (header.trim(), None),
                };
                if name.is_empty() {
                    return Err(err("empty variant name".to_string()));
                }
                sections.push(Section {
                    name: name.to_string(),
                    parent,
                    line: line_no,
                    keys: Vec::new(),
                });
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(err(format!(
                    "`{}` is neither a section nor `key = value`",
                    quote(line)
                )));
            };
            let (key, value) = (key.trim(), value.trim());
            let Some(section) = sections.last_mut() else {
                return Err(err(format!("key `{}` before any section", quote(key))));
            };
            section
                .keys
                .push((line_no, key.to_string(), value.to_string()));
        }
        Ok(VariantsIni { sections })
    }

    /// The sections' names, in the order of the text.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.sections.iter().map(|s| s.name.as_str())
    }

    /// Does the text have no section?
    pub fn is_empty(&self) -> bool {
        self.sections.is_empty()
    }

    /// The variant called `name`: the last section of that name, built with its
    /// parents (a section of that name earlier in the text, else a built-in
    /// variant, else chess), else a built-in variant. An unknown name lists every
    /// name known, the built-ins then the sections.
    pub fn find(&self, name: &str) -> Result<Variant, VariantError> {
        match self.sections.iter().rposition(|s| s.name == name) {
            Some(i) => self.build(i).map_err(VariantError::Ini),
            None => Variant::builtin_or_unknown(name, self.names()),
        }
    }

    /// Every section built, one at a time, in the order of the text: at most one
    /// built variant is held at once by a caller that drops each.
    pub fn variants(&self) -> impl Iterator<Item = Result<Variant, IniError>> + '_ {
        (0..self.sections.len()).map(|i| self.build(i))
    }

    /// Section `i` built: its rules (its parents' keys, then its own) and tables.
    fn build(&self, i: usize) -> Result<Variant, IniError> {
        let rules = self.rules(i)?;
        Variant::from_rules(rules).map_err(|e: VariantError| IniError {
            line: self.sections[i].line,
            message: e.to_string(),
        })
    }

    /// The rules of section `i`: its parent's (a section of that name earlier in
    /// the text, else a built-in variant), or chess's, with its keys applied.
    /// The parents form a chain toward the start of the text, so this ends.
    fn rules(&self, i: usize) -> Result<Rules, IniError> {
        // The chain of sections from `i` back to the first without a section parent.
        let mut chain = vec![i];
        let mut at = i;
        let base = loop {
            let s = &self.sections[at];
            let Some(parent) = &s.parent else {
                break template_rules();
            };
            match self.sections[..at].iter().rposition(|p| &p.name == parent) {
                Some(p) => {
                    chain.push(p);
                    at = p;
                }
                None => {
                    break super::builtin::rules_of(parent).map_err(|e| IniError {
                        line: s.line,
                        message: e.to_string(),
                    })?;
                }
            }
        };
        let mut rules = base;
        for &k in chain.iter().rev() {
            let s = &self.sections[k];
            rules.name = s.name.clone();
            for (line, key, value) in s.ordered_keys() {
                apply(&mut rules, key, value).map_err(|m| IniError {
                    line: *line,
                    message: format!("key `{}`: {m}", quote(key)),
                })?;
            }
        }
        Ok(rules)
    }
}

/// Fairy-Stockfish's template for a section without a parent: chess's rules
/// without a single piece (the section names each of its pieces; a rook it names
/// is the castling piece, as there).
fn template_rules() -> Rules {
    let mut rules = chess_rules();
    rules.pieces.clear();
    rules.promotion_limit.clear();
    rules.promotion_types.clear();
    rules.promotion_types_black = None;
    if let Some(c) = rules.castling.as_mut() {
        c.rook_types = 0;
    }
    rules
}

/// Parses every section of a `variants.ini` text into a variant (each built, all
/// held: for a few sections; [`VariantsIni`] builds only what is asked).
pub fn parse(text: &str) -> Result<Vec<Variant>, IniError> {
    VariantsIni::read(text)?.variants().collect()
}

/// A file: a letter (`a`…`p`) or a number from 1.
fn file(value: &str) -> Result<u8, String> {
    let bad = || format!("`{}` is not a file", quote(value));
    if let Ok(n) = value.parse::<u8>() {
        return if (1..=16).contains(&n) {
            Ok(n - 1)
        } else {
            Err(bad())
        };
    }
    match value.as_bytes() {
        [c @ b'a'..=b'p'] => Ok(c - b'a'),
        _ => Err(bad()),
    }
}

/// `letter` or `letter:betza`.
fn letter_and_betza(value: &str) -> Result<(char, Option<&str>), String> {
    let (l, betza) = match value.split_once(':') {
        Some((l, b)) => (l, Some(b)),
        None => (value, None),
    };
    let mut chars = l.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Ok((c.to_ascii_uppercase(), betza)),
        _ => Err(format!("`{}` is not a piece letter", quote(value))),
    }
}

fn set_piece(
    rules: &mut Rules,
    name: &str,
    value: &str,
    default_betza: &str,
    kind: PieceKind,
) -> Result<(), String> {
    let find = |rules: &Rules| {
        rules
            .pieces
            .iter()
            .position(|p| p.name == name || (kind != PieceKind::Other && p.kind == kind))
    };
    if value == "-" {
        if let Some(i) = find(rules) {
            remove_piece(rules, i);
        }
        return Ok(());
    }
    let (letter, betza) = letter_and_betza(value)?;
    // Fairy-Stockfish reads a Betza after the letter for custom pieces and the
    // king only: `knight = n:NN` is its knight. Refused here rather than played
    // as either.
    if let (Some(given), PieceKind::Other) = (betza, kind)
        && !name.starts_with("customPiece")
        && super::regions::fsf_betza(given) != super::regions::fsf_betza(default_betza)
    {
        return Err(format!(
            "`{name}` moves as `{default_betza}`; a Betza after its letter is ignored by \
             Fairy-Stockfish (define a customPiece for other moves)"
        ));
    }
    let betza = betza.unwrap_or(default_betza);
    // As Fairy-Stockfish's `add_piece`: the piece that had the letter gives it up
    // and leaves the game (promotion choices included); a piece given its own letter
    // again leaves the promotion choices only.
    if let Some(owner) = rules.type_of_letter(letter) {
        if Some(usize::from(owner)) == find(rules) {
            rules.each_promotion_list(|l| l.retain(|&t| t != owner));
        } else {
            remove_piece(rules, usize::from(owner));
        }
    }
    let mut def = match kind {
        PieceKind::Pawn => pawn(),
        _ => piece(letter, name, betza),
    };
    def.letter = letter;
    def.kind = kind;
    // Read in Fairy-Stockfish's dialect (`fsW`, `fN`), rewritten to standard Betza.
    def.betza = super::regions::fsf_betza(betza);
    // Changed in place, a piece keeps its type: it stays a promotion choice, a
    // castling piece, under its promotion limit (Fairy-Stockfish's piece types are
    // fixed slots, and a key changes only the slot's letter and moves).
    match find(rules) {
        Some(i) => rules.pieces[i] = def,
        None if kind == PieceKind::King => {
            rules.pieces.push(def);
            rules.promotion_limit.push(0);
        }
        None => {
            // In Fairy-Stockfish's type order, as its FEN's hand is written; a
            // type it does not know stays before the king.
            let later = fsf_type_rank(name).and_then(|rank| {
                rules
                    .pieces
                    .iter()
                    .position(|p| fsf_type_rank(&p.name).is_some_and(|r| r > rank))
            });
            let at = match later {
                Some(at) => rules.insert_piece(at, def),
                None => rules.add_piece(def),
            };
            // Fairy-Stockfish's castling piece is the rook unless a key says otherwise.
            if let Some(c) = rules.castling.as_mut()
                && c.rook_types == 0
                && name == "rook"
            {
                c.rook_types = 1 << at;
            }
        }
    }
    Ok(())
}

fn remove_piece(rules: &mut Rules, i: usize) {
    rules.pieces.remove(i);
    rules.promotion_limit.remove(i);
    let i = i as u8;
    rules.each_promotion_list(|list| {
        list.retain(|&t| t != i);
        for t in list {
            if *t > i {
                *t -= 1;
            }
        }
    });
    if let Some(c) = rules.castling.as_mut() {
        c.rook_types = types_after_remove(c.rook_types, i);
    }
}

/// The Betza of the piece `variants.ini` names `name` (`knight`: `N`), for the
/// pieces with names of their own.
pub(crate) fn named_piece_betza(name: &str) -> Option<&'static str> {
    NAMED_PIECES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, b)| b)
}

/// Is `key` a piece's key (`rook`, `customPiece3`, `pawn`, `king`)?
pub(crate) fn is_piece_key(key: &str) -> bool {
    matches!(key, "pawn" | "king")
        || key
            .strip_prefix("customPiece")
            .is_some_and(|n| n.parse::<u8>().is_ok())
        || NAMED_PIECES.iter().any(|(n, _)| *n == key)
}

/// When a key is applied within its section. Fairy-Stockfish reads a section as a
/// map, in an order of its own: the board's size, then the pieces, then the other
/// keys, then the deprecated ones (which override). kibitz applies them in that
/// order too, so a section means the same whatever the order of its lines.
fn key_phase(key: &str) -> u8 {
    if matches!(key, "maxRank" | "maxFile") {
        0
    } else if is_piece_key(key) || key.starts_with("customPiece") {
        1
    } else if DEPRECATED_KEYS.contains(&key) {
        3
    } else {
        2
    }
}

/// Keys Fairy-Stockfish still reads though its documentation has replaced them.
const DEPRECATED_KEYS: &[&str] = &[
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "castlingRookPiece",
];

/// A rank number from 1 to the board's ranks.
fn rank_number(rules: &Rules, value: &str) -> Result<u8, String> {
    let ranks = rules.size.ranks();
    value
        .parse::<u8>()
        .ok()
        .filter(|r| (1..=ranks).contains(r))
        .ok_or_else(|| format!("`{}` is not a rank from 1 to {ranks}", quote(value)))
}

/// The ranks from relative rank `from` to relative rank `to` (1-based, both
/// included) of each colour, as absolute rank masks: White's counted from rank 1,
/// Black's from the last.
fn relative_ranks(rules: &Rules, from: u8, to: u8) -> [u16; 2] {
    let ranks = rules.size.ranks();
    let mut mask = [0u16; 2];
    for r in from.max(1)..=to.min(ranks) {
        mask[0] |= 1 << (r - 1);
        mask[1] |= 1 << (ranks - r);
    }
    mask
}

/// The piece types a `castlingRookPieces` value names (letters, `*` for all).
fn castling_types(rules: &Rules, value: &str) -> Result<u32, String> {
    let mut mask = 0u32;
    for ch in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
        if ch == '*' {
            // (u64: with all 32 types the u32 shift would overflow.)
            mask = ((1u64 << rules.pieces.len()) - 1) as u32;
            continue;
        }
        let t = rules
            .type_of_letter(ch)
            .filter(|_| ch.is_ascii_alphabetic())
            .ok_or_else(|| format!("no piece `{ch}`"))?;
        mask |= 1 << t;
    }
    Ok(mask)
}

fn apply(rules: &mut Rules, key: &str, value: &str) -> Result<(), String> {
    if DISPLAY_KEYS.contains(&key) {
        return Ok(());
    }
    // Regions, the soldier and the flying general ([`super::regions`]).
    if super::regions::apply_key(rules, key, value)? {
        return Ok(());
    }
    // Shogi's promotions, immobility and pawn drop mate ([`super::shogi`]).
    if super::shogi::apply_key(rules, key, value)? {
        return Ok(());
    }
    // Walling moves ([`super::walling`]).
    if super::walling::apply_key(rules, key, value)? {
        return Ok(());
    }
    // Reversi's and Ataxx's enclosing drops and flips ([`super::enclosing`]).
    if super::enclosing::apply_key(rules, key, value)? {
        return Ok(());
    }
    // Castling as the goal ([`super::castle_wins`]).
    if super::castle_wins::apply_key(rules, key, value)? {
        return Ok(());
    }
    // Connection goals: rows, squares, lines, regions ([`super::connect`]).
    if super::connect::apply_key(rules, key, value)? {
        return Ok(());
    }
    // Janggi's palace lines, passing, bikjang ([`super::palace`]).
    if super::palace::apply_key(rules, key, value)? {
        return Ok(());
    }
    // Game ends and capture rules ([`super::ends`]).
    if super::ends::apply_ini(rules, key, value)? {
        return Ok(());
    }
    // kibitz's own key: the fairy conditions of problems ([`super::conditions`]).
    if key == "condition" {
        rules.conditions = value
            .parse()
            .map_err(|e: super::ConditionError| e.to_string())?;
        return Ok(());
    }
    // The search's piece values ([`super::values`]).
    if super::values::apply_key(rules, key, value)? {
        return Ok(());
    }
    if let Some(n) = key.strip_prefix("customPiece") {
        if n.parse::<u8>().is_err() {
            return Err("unsupported key".to_string());
        }
        let name = key.to_string();
        return set_piece(rules, &name, value, "", PieceKind::Other);
    }
    if let Some(&(name, betza)) = NAMED_PIECES.iter().find(|(n, _)| *n == key) {
        return set_piece(rules, name, value, betza, PieceKind::Other);
    }
    // Custom pawns ([`super::pawns`]).
    if super::pawns::apply_key(rules, key, value)? {
        return Ok(());
    }
    // A drop region of single squares (the drop rules read whole ranks).
    if matches!(
        key,
        "dropRegionWhite" | "whiteDropRegion" | "dropRegionBlack" | "blackDropRegion"
    ) && ranks_region(value).is_err()
    {
        let c = usize::from(key.contains("lack"));
        let squares = super::regions::parse_region(rules.size, value)?;
        let mut region = rules.drops.region.unwrap_or([u16::MAX; 2]);
        region[c] = u16::MAX;
        rules.drops.region = Some(region);
        rules.drops.squares[c] = Some(squares);
        return Ok(());
    }
    if let Some(read) = rules.drops.apply(key, value) {
        return read;
    }
    match key {
        "pawn" => set_piece(rules, "pawn", value, "fmWfceF", PieceKind::Pawn)?,
        "king" => set_piece(rules, "king", value, "K", PieceKind::King)?,
        "maxRank" => {
            let files = u32::from(rules.size.files());
            rules
                .resize(files, number(value)?)
                .map_err(|e| e.to_string())?;
        }
        "maxFile" => {
            let ranks = u32::from(rules.size.ranks());
            rules
                .resize(u32::from(file(value)?) + 1, ranks)
                .map_err(|e| e.to_string())?;
        }
        "startFen" => rules.start_fen = value.to_string(),
        "promotionPieceTypes" | "promotionPieceTypesWhite" | "promotionPieceTypesBlack" => {
            let letters: Vec<char> = value.chars().filter(|c| *c != '-').collect();
            let mut types = Vec::new();
            for c in letters {
                types.push(
                    rules
                        .type_of_letter(c)
                        .ok_or_else(|| format!("no piece `{c}`"))?,
                );
            }
            // Per colour where the colours differ (Black's kept apart).
            match key {
                "promotionPieceTypesWhite" => {
                    let black = rules.promotion_choices(1).to_vec();
                    rules.promotion_types = types;
                    rules.promotion_types_black = Some(black);
                }
                "promotionPieceTypesBlack" => rules.promotion_types_black = Some(types),
                _ => {
                    rules.promotion_types = types;
                    rules.promotion_types_black = None;
                }
            }
            if rules.promotion_types_black.as_ref() == Some(&rules.promotion_types) {
                rules.promotion_types_black = None;
            }
        }
        "promotionRegionWhite" | "promotionRegionBlack" => {
            let c = usize::from(key == "promotionRegionBlack");
            // Whole ranks, or any squares (Sittuyin's diagonals, Troitzky's edge)
            match ranks_region(value) {
                Ok(ranks) => {
                    rules.promotion_ranks[c] = ranks;
                    rules.regions.promotion_squares[c] = None;
                }
                Err(_) => {
                    let squares = super::regions::parse_region(rules.size, value)?;
                    rules.promotion_ranks[c] = 0;
                    rules.regions.promotion_squares[c] = Some(squares);
                }
            }
        }
        "promotionLimit" => {
            for token in value.split_whitespace() {
                let (l, n) = token
                    .split_once(':')
                    .ok_or_else(|| format!("`{}` is not letter:count", quote(token)))?;
                let c = l.chars().next().ok_or_else(|| "empty letter".to_string())?;
                let t = rules
                    .type_of_letter(c)
                    .ok_or_else(|| format!("no piece `{c}`"))?;
                rules.promotion_limit[usize::from(t)] = number(n)?.min(255) as u8;
            }
        }
        "mandatoryPawnPromotion" => rules.mandatory_promotion = boolean(value)?,
        "doubleStep" => {
            if !boolean(value)? {
                rules.double_step = [0, 0];
                rules.regions.double_step_squares = [None, None];
            }
        }
        "doubleStepRegionWhite"
        | "doubleStepRegionBlack"
        | "tripleStepRegionWhite"
        | "tripleStepRegionBlack" => {
            let c = usize::from(key.ends_with("Black"));
            let (ranks, squares) = if key.starts_with("double") {
                (
                    &mut rules.double_step[c],
                    &mut rules.regions.double_step_squares[c],
                )
            } else {
                (
                    &mut rules.triple_step[c],
                    &mut rules.regions.triple_step_squares[c],
                )
            };
            // Whole ranks, or any squares (Wolf chess's `*2 b3 c3 f3 g3`).
            match ranks_region(value) {
                Ok(r) => (*ranks, *squares) = (r, None),
                Err(_) => {
                    (*ranks, *squares) = (0, Some(super::regions::parse_region(rules.size, value)?))
                }
            }
        }
        "enPassantRegion" if value == "-" => rules.en_passant = false,
        "castling" => {
            if !boolean(value)? {
                rules.castling = None;
            } else if rules.castling.is_none() {
                rules.castling = chess_rules().castling;
                if let (Some(c), Some(rook)) = (
                    rules.castling.as_mut(),
                    rules.pieces.iter().position(|p| p.letter == 'R'),
                ) {
                    c.rook_types = 1 << rook;
                    c.rook_kingside_file = rules.size.files() - 1;
                }
            }
        }
        "oppositeCastling" => rules.opposite_castling = boolean(value)?,
        "castlingKingsideFile"
        | "castlingQueensideFile"
        | "castlingKingFile"
        | "castlingRookKingsideFile"
        | "castlingRookQueensideFile"
        | "castlingRank"
        | "castlingRookPiece"
        | "castlingRookPieces" => {
            let Some(c) = rules.castling.as_mut() else {
                return Err("castling is off".to_string());
            };
            match key {
                "castlingKingsideFile" => c.kingside_file = file(value)?,
                "castlingQueensideFile" => c.queenside_file = file(value)?,
                "castlingKingFile" => c.king_file = file(value)?,
                "castlingRookKingsideFile" => c.rook_kingside_file = file(value)?,
                "castlingRookQueensideFile" => c.rook_queenside_file = file(value)?,
                "castlingRank" => c.rank = (number(value)?.clamp(1, 16) - 1) as u8,
                _ => {
                    let types = castling_types(rules, value)?;
                    if let Some(c) = rules.castling.as_mut() {
                        c.rook_types = types;
                    }
                }
            }
        }
        "gating" => {
            if boolean(value)? && rules.gating == Gating::None {
                rules.gating = Gating::Seirawan;
            } else if !boolean(value)? {
                rules.gating = Gating::None;
            }
        }
        "seirawanGating" => {
            if boolean(value)? {
                rules.gating = Gating::Seirawan;
            }
        }
        "promotionRank" => {
            // Deprecated: the zone from this rank (relative) to the last.
            let r = rank_number(rules, value)?;
            rules.promotion_ranks = relative_ranks(rules, r, rules.size.ranks());
            rules.regions.promotion_squares = [None, None];
        }
        "doubleStepRank" => {
            // Deprecated: pawns step two from the second rank up to this one.
            let r = rank_number(rules, value)?;
            rules.double_step = relative_ranks(rules, 2, r);
            rules.regions.double_step_squares = [None, None];
        }
        "doubleStepRankMin" => {
            // Deprecated: pawns step two from this rank up to the second (read only
            // without `doubleStepRank`: see `Section::ordered_keys`).
            let r = rank_number(rules, value)?;
            rules.double_step = relative_ranks(rules, r, 2);
            rules.regions.double_step_squares = [None, None];
        }
        "stalemateValue" => rules.stalemate = game_value(value)?,
        "checkmateValue" => rules.checkmate = game_value(value)?,
        "chess960" => rules.chess960 = boolean(value)?,
        "checking" => {
            if !boolean(value)? {
                return Err(format!("`{}` is not supported", quote(value)));
            }
        }
        _ => return Err("unsupported key".to_string()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_past_the_caps_is_refused_as_it_is_read() {
        // 10,000 one-line sections (about 160 KB): refused at the first section
        // past the cap, naming its line, before any variant is built.
        let many: String = (0..10_000).map(|i| format!("[v{i}]\n")).collect();
        let err = VariantsIni::read(&many).unwrap_err();
        assert_eq!(err.line, MAX_SECTIONS + 1);
        assert!(err.message.contains("more than 1024 sections"), "{err}");
        let long = format!("[x]\n#{}\n", "y".repeat(MAX_INI_BYTES));
        assert!(
            VariantsIni::read(&long)
                .unwrap_err()
                .message
                .contains("bytes")
        );
    }

    #[test]
    fn only_the_section_asked_for_and_its_parents_are_built() {
        // A thousand sections within the caps: reading them builds none, and one
        // is found without building the others. A broken section is an error
        // only when it is asked for, naming its key and line.
        let mut text: String = (0..1000).map(|i| format!("[v{i}:chess]\n")).collect();
        text.push_str("[child:v7]\nmaxRank = 9\nstartFen = 8/8/8/8/8/8/8/8/K6k w - - 0 1\n");
        text.push_str("[broken:chess]\nfrobnicate = 1\n");
        let ini = VariantsIni::read(&text).unwrap();
        assert_eq!(ini.names().count(), 1002);
        assert_eq!(ini.find("v500").unwrap().name(), "v500");
        let child = ini.find("child").unwrap();
        assert_eq!((child.files(), child.ranks()), (8, 9));
        let err = ini.find("broken").unwrap_err().to_string();
        assert_eq!(
            err,
            "variants.ini line 1005: key `frobnicate`: unsupported key"
        );
        // Listing builds each in turn, and stops at the broken one.
        let listed: Result<Vec<_>, _> = ini.variants().collect();
        assert_eq!(listed.unwrap_err().line, 1005);
    }

    fn error_of(text: &str) -> String {
        let ini = VariantsIni::read(text).unwrap();
        let name = ini.names().last().unwrap().to_string();
        ini.find(&name).unwrap_err().to_string()
    }

    #[test]
    fn a_letter_taken_over_replaces_the_piece_that_had_it() {
        // As Fairy-Stockfish: the knight leaves the game (and the promotion
        // choices), and a FEN's `n` is the nightrider, whether the knight is
        // removed by its own key too or not, before or after.
        for text in [
            "[x:chess]\ncustomPiece1 = n:NN\n",
            "[x:chess]\nknight = -\ncustomPiece1 = n:NN\n",
            "[x:chess]\ncustomPiece1 = n:NN\nknight = -\n",
        ] {
            let v = VariantsIni::read(text).unwrap().find("x").unwrap();
            let n = v.rules.type_of_letter('n').unwrap();
            assert_eq!(v.rules.pieces[usize::from(n)].betza, "NN", "{text}");
            assert!(v.rules.pieces.iter().all(|p| p.name != "knight"), "{text}");
            assert!(!v.rules.promotion_types.contains(&n), "{text}");
        }
    }

    #[test]
    fn a_re_lettered_piece_keeps_its_place_in_promotion_and_castling() {
        let ini = VariantsIni::read(
            "[a:capablanca]\narchbishop = y\n\
             startFen = rnybqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNYBQKBCNR w KQkq - 0 1\n\
             [r:chess]\nrook = r\n[q:chess]\nqueen = w\n             startFen = rnbwkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWKBNR w KQkq - 0 1\n",
        )
        .unwrap();
        let a = ini.find("a").unwrap();
        let y = a.rules.type_of_letter('y').unwrap();
        assert!(a.rules.promotion_types.contains(&y));
        for name in ["r", "q"] {
            let v = ini.find(name).unwrap();
            let rook = v.rules.type_of_letter('r').unwrap();
            let c = v.rules.castling.unwrap();
            assert_eq!(c.rook_types, 1 << rook, "{name}");
        }
        // Given its own letter again, a piece leaves the promotion choices only
        // (Fairy-Stockfish removes it and adds it back, as it would another's).
        let r = ini.find("r").unwrap();
        let rook = r.rules.type_of_letter('r').unwrap();
        assert!(!r.rules.promotion_types.contains(&rook));
    }

    #[test]
    fn castling_pieces_are_a_set() {
        let ini = VariantsIni::read(
            "[rc:chess]\ncustomPiece1 = c:RF\ncastlingRookPieces = rc\n             startFen = c3k2r/pppppppp/8/8/8/8/PPPPPPPP/C3K2R w KQkq - 0 1\n",
        )
        .unwrap();
        let v = ini.find("rc").unwrap();
        let c = v.rules.castling.unwrap();
        for letter in ['r', 'c'] {
            assert!(c.castles_with(usize::from(v.rules.type_of_letter(letter).unwrap())));
        }
        assert!(!c.castles_with(usize::from(v.rules.type_of_letter('q').unwrap())));
    }

    #[test]
    fn keys_mean_the_same_in_any_order() {
        let before = "[v:chess]\nmaxFile = 10\ncustomPiece1 = y:NN\npromotionPieceTypes = qy\n                      castlingKingsideFile = i\n                      startFen = rnbqkbnr2/pppppppp2/10/10/10/10/PPPPPPPP2/RNBQKBNR2 w KQkq - 0 1\n";
        let after = "[v:chess]\ncastlingKingsideFile = i\npromotionPieceTypes = qy\n                     startFen = rnbqkbnr2/pppppppp2/10/10/10/10/PPPPPPPP2/RNBQKBNR2 w KQkq - 0 1\n                     customPiece1 = y:NN\nmaxFile = 10\n";
        let a = VariantsIni::read(before).unwrap().find("v").unwrap();
        let b = VariantsIni::read(after).unwrap().find("v").unwrap();
        assert_eq!(a.rules, b.rules);
    }

    #[test]
    fn deprecated_rank_keys_are_read() {
        let v = VariantsIni::read("[d:chess]\npromotionRank = 7\ndoubleStepRank = 3\n")
            .unwrap()
            .find("d")
            .unwrap();
        assert_eq!(v.rules.promotion_ranks, [0b1100_0000, 0b0000_0011]);
        assert_eq!(v.rules.double_step, [0b0000_0110, 0b0110_0000]);
        // doubleStepRankMin is read only without doubleStepRank, as Fairy-Stockfish does.
        let v = VariantsIni::read("[d:chess]\ndoubleStepRankMin = 1\ndoubleStepRank = 3\n")
            .unwrap()
            .find("d")
            .unwrap();
        assert_eq!(v.rules.double_step, [0b0000_0110, 0b0110_0000]);
        let err = error_of("[d:chess]\npromotionRank = 9\n");
        assert!(err.contains("not a rank from 1 to 8"), "{err}");
    }

    #[test]
    fn a_section_without_a_parent_starts_with_no_pieces() {
        // Fairy-Stockfish's template: chess's rules, no piece until a key names it.
        let nim = "[nim]\nmaxRank = 9\nmaxFile = d\ncustomPiece1 = p:mfR\n\
                   startFen = 3p/4/2p1/4/1p2/4/p3/4/PPPP\nstalemateValue = loss\n";
        let v = VariantsIni::read(nim).unwrap().find("nim").unwrap();
        assert_eq!(v.rules.pieces.len(), 1);
        assert!(
            error_of("[k]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n").contains("unknown piece")
        );
        // A rook named is the castling piece, as there.
        let text = "[t]\nking = k\nrook = r\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n";
        let v = VariantsIni::read(text).unwrap().find("t").unwrap();
        let pos = super::super::VariantPosition::startpos(&v);
        let castles = pos.legal_moves().iter().filter(|m| m.is_castling()).count();
        assert_eq!(castles, 2);
    }

    #[test]
    fn castling_off_the_board_is_refused() {
        let err = error_of("[c:chess]\ncastlingKingsideFile = j\n");
        assert!(
            err.contains("castlingKingsideFile: file j is off the board of 8 files"),
            "{err}"
        );
        let err = error_of("[c:chess]\nmaxFile = 6\nstartFen = 6/6/6/6/6/6/6/K4k w K - 0 1\n");
        assert!(err.contains("castlingKingsideFile: file g is off"), "{err}");
    }

    #[test]
    fn inherited_castling_off_the_board_castles_nothing() {
        // Fairy-Stockfish's minihouse: chess's files on 6 files, a start without rights.
        let v = parse("[c:chess]\nmaxFile = 6\nstartFen = 6/6/6/6/6/6/6/K4k w - - 0 1\n")
            .unwrap()
            .remove(0);
        assert!(v.rules.castling.is_none());
    }

    #[test]
    fn a_later_section_of_the_same_name_wins_and_a_parent_is_an_earlier_one() {
        let text = "[a:chess]\nmaxFile = 9\nstartFen = 9/9/9/9/9/9/9/K7k w - - 0 1\n\
                    [b:a]\n\
                    [a:chess]\nmaxFile = 10\nstartFen = 10/10/10/10/10/10/10/K8k w - - 0 1\n";
        let ini = VariantsIni::read(text).unwrap();
        assert_eq!(ini.find("a").unwrap().files(), 10);
        // b's parent is the `a` before it.
        assert_eq!(ini.find("b").unwrap().files(), 9);
    }
}
