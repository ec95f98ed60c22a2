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
use super::rules::{GameValue, Gating, PieceKind, Rules};

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
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

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
                break chess_rules();
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
            for (line, key, value) in &s.keys {
                apply(&mut rules, key, value).map_err(|m| IniError {
                    line: *line,
                    message: format!("key `{}`: {m}", quote(key)),
                })?;
            }
        }
        Ok(rules)
    }
}

/// Parses every section of a `variants.ini` text into a variant (each built, all
/// held: for a few sections; [`VariantsIni`] builds only what is asked).
pub fn parse(text: &str) -> Result<Vec<Variant>, IniError> {
    VariantsIni::read(text)?.variants().collect()
}

pub(crate) fn boolean(value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("`{}` is not true or false", quote(value))),
    }
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

pub(crate) fn number(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("`{}` is not a number", quote(value)))
}

/// A region given as whole ranks (`*8`, `*1 *2 *3`, `-` for none); a bit per rank.
pub(crate) fn ranks_region(value: &str) -> Result<u16, String> {
    let mut mask = 0u16;
    for token in value.split_whitespace().filter(|&t| t != "-") {
        let rank = token
            .strip_prefix('*')
            .and_then(|r| r.parse::<u8>().ok())
            .filter(|r| (1..=16).contains(r))
            .ok_or_else(|| {
                format!(
                    "region `{}`: only whole ranks such as `*8` are supported",
                    quote(value)
                )
            })?;
        mask |= 1 << (rank - 1);
    }
    Ok(mask)
}

pub(crate) fn game_value(value: &str) -> Result<GameValue, String> {
    match value {
        "win" => Ok(GameValue::Win),
        "loss" => Ok(GameValue::Loss),
        "draw" => Ok(GameValue::Draw),
        _ => Err(format!("`{}` is not win, loss or draw", quote(value))),
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
    // Remove the piece of this name (or kind, for pawn and king) first.
    let existing = rules
        .pieces
        .iter()
        .position(|p| p.name == name || (kind != PieceKind::Other && p.kind == kind));
    if value == "-" {
        if let Some(i) = existing {
            remove_piece(rules, i);
        }
        return Ok(());
    }
    let (letter, betza) = letter_and_betza(value)?;
    let betza = betza.unwrap_or(default_betza);
    if let Some(i) = existing {
        remove_piece(rules, i);
    }
    if let Some(i) = rules.type_of_letter(letter) {
        remove_piece(rules, usize::from(i));
    }
    let mut def = match kind {
        PieceKind::Pawn => pawn(),
        _ => piece(letter, name, betza),
    };
    def.letter = letter;
    def.kind = kind;
    def.betza = betza.to_string();
    if kind == PieceKind::King {
        rules.pieces.push(def);
        rules.promotion_limit.push(0);
    } else {
        rules.add_piece(def);
    }
    Ok(())
}

fn remove_piece(rules: &mut Rules, i: usize) {
    rules.pieces.remove(i);
    rules.promotion_limit.remove(i);
    let i = i as u8;
    rules.promotion_types.retain(|&t| t != i);
    for t in &mut rules.promotion_types {
        if *t > i {
            *t -= 1;
        }
    }
    if let Some(c) = rules.castling.as_mut()
        && c.rook_type > i
    {
        c.rook_type -= 1;
    }
}

fn apply(rules: &mut Rules, key: &str, value: &str) -> Result<(), String> {
    if DISPLAY_KEYS.contains(&key) {
        return Ok(());
    }
    if super::ends::apply_ini(rules, key, value)? {
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
            if key != "promotionPieceTypes" && rules.promotion_types != types {
                let same_other = key.ends_with("Black");
                if !same_other {
                    rules.promotion_types = types;
                } else {
                    return Err(
                        "different promotion choices per colour are not supported".to_string()
                    );
                }
            } else {
                rules.promotion_types = types;
            }
        }
        "promotionRegionWhite" => rules.promotion_ranks[0] = ranks_region(value)?,
        "promotionRegionBlack" => rules.promotion_ranks[1] = ranks_region(value)?,
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
            }
        }
        "doubleStepRegionWhite" => rules.double_step[0] = ranks_region(value)?,
        "doubleStepRegionBlack" => rules.double_step[1] = ranks_region(value)?,
        "tripleStepRegionWhite" => rules.triple_step[0] = ranks_region(value)?,
        "tripleStepRegionBlack" => rules.triple_step[1] = ranks_region(value)?,
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
                    c.rook_type = rook as u8;
                    c.rook_kingside_file = rules.size.files() - 1;
                }
            }
        }
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
                    let l = value.chars().next().unwrap_or(' ');
                    let t = rules
                        .type_of_letter(l)
                        .ok_or_else(|| format!("no piece `{}`", quote(value)))?;
                    if let Some(c) = rules.castling.as_mut() {
                        c.rook_type = t;
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
        "stalemateValue" => rules.stalemate = game_value(value)?,
        "checkmateValue" => rules.checkmate = game_value(value)?,
        "chess960" | "pieceDrops" | "capturesToHand" | "twoBoards" | "checking" => {
            let expected = key == "checking";
            if boolean(value)? != expected {
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

    #[test]
    fn a_later_section_of_the_same_name_wins_and_a_parent_is_an_earlier_one() {
        let text = "[a]\nmaxFile = 9\nstartFen = 9/9/9/9/9/9/9/K7k w - - 0 1\n\
                    [b:a]\n\
                    [a]\nmaxFile = 10\nstartFen = 10/10/10/10/10/10/10/K8k w - - 0 1\n";
        let ini = VariantsIni::read(text).unwrap();
        assert_eq!(ini.find("a").unwrap().files(), 10);
        // b's parent is the `a` before it.
        assert_eq!(ini.find("b").unwrap().files(), 9);
    }
}
