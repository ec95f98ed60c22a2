//! Popeye's piece codes (English, `output/plaintext/language_dependant.c`) and the
//! Betza of the fairy pieces kibitz's variant engine plays.
//!
//! In a `pieces` list a code is one or two letters (or digits) followed by
//! squares: `kc1`, `pa2b3`, `amd4`, `ga1`. Popeye tells the two apart by the
//! length of the word: squares take two characters each, so a word of odd length
//! has a one-letter code (`sb5`) and one of even length a two-letter code
//! (`cad4`); a code alone is followed by its squares as the next word (`g a1b2`).

use crate::Role;

use super::words::Language;

/// What kibitz does with a Popeye piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// An orthodox piece: its FEN letter.
    Orthodox(char),
    /// A fairy piece with its Betza.
    Fairy(&'static str),
    /// A piece Popeye knows and kibitz does not play.
    Unplayable,
}

/// A piece kind (Popeye's "walk"): its code, its name and how it moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    code: &'static str,
    name: &'static str,
    kind: Kind,
}

const fn walk(code: &'static str, name: &'static str, kind: Kind) -> Walk {
    Walk { code, name, kind }
}

impl Walk {
    /// Popeye's code, lowercase (`s` the knight, `g` the grasshopper, `am` the amazon).
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// Popeye's English name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The orthodox piece it is, if it is one.
    ///
    /// ```
    /// use kibitz::Role;
    /// use kibitz::popeye::Walk;
    /// assert_eq!(Walk::from_code("S").unwrap().role(), Some(Role::Knight));
    /// assert_eq!(Walk::from_code("n").unwrap().role(), None); // the nightrider
    /// ```
    pub fn role(&self) -> Option<Role> {
        match self.kind {
            Kind::Orthodox(letter) => Role::from_char(letter),
            _ => None,
        }
    }

    /// The Betza of a fairy piece kibitz plays (`gQ` for the grasshopper); None for
    /// orthodox pieces and for those kibitz does not play.
    pub fn betza(&self) -> Option<&'static str> {
        match self.kind {
            Kind::Fairy(betza) => Some(betza),
            _ => None,
        }
    }

    /// Does kibitz play it (orthodox, or fairy with a Betza)?
    pub fn playable(&self) -> bool {
        self.kind != Kind::Unplayable
    }

    /// The piece with this code (case-insensitive), if Popeye knows one.
    ///
    /// ```
    /// use kibitz::popeye::Walk;
    /// assert_eq!(Walk::from_code("G").unwrap().betza(), Some("gQ"));
    /// assert_eq!(Walk::from_code("ze").unwrap().name(), "zebu");
    /// assert!(!Walk::from_code("ka").unwrap().playable()); // the kangaroo
    /// assert!(Walk::from_code("x").is_none());
    /// ```
    pub fn from_code(code: &str) -> Option<Walk> {
        WALKS
            .iter()
            .find(|w| w.code.eq_ignore_ascii_case(code))
            .copied()
    }

    /// The piece with this code in Popeye's German or French (or English) piece
    /// names, case-insensitive: `Walk::from_code_in("d", German)` is the queen.
    pub(crate) fn from_code_in(code: &str, language: Language) -> Option<Walk> {
        if language == Language::English {
            return Walk::from_code(code);
        }
        let english = LOCAL_CODES.iter().find_map(|&(en, de, fr)| {
            let local = if language == Language::German { de } else { fr };
            local.eq_ignore_ascii_case(code).then_some(en)
        })?;
        Walk::from_code(english)
    }

    /// Every piece Popeye knows, in its order.
    pub fn all() -> &'static [Walk] {
        WALKS
    }
}

/// Popeye's piece codes in its three languages, (English, German, French), as its
/// `PieNamString` table gives them (`output/plaintext/language_dependant.c`), for
/// the pieces of [`WALKS`].
const LOCAL_CODES: &[(&str, &str, &str)] = &[
    ("k", "k", "r"),
    ("p", "b", "p"),
    ("q", "d", "d"),
    ("s", "s", "c"),
    ("r", "t", "t"),
    ("b", "l", "f"),
    ("le", "le", "le"),
    ("ma", "ma", "ma"),
    ("pa", "pa", "pa"),
    ("va", "va", "va"),
    ("ro", "ro", "ro"),
    ("g", "g", "s"),
    ("n", "n", "n"),
    ("z", "z", "z"),
    ("ca", "ca", "ch"),
    ("gi", "gi", "gi"),
    ("rf", "wf", "cc"),
    ("bu", "bu", "bu"),
    ("we", "we", "vi"),
    ("al", "al", "al"),
    ("fe", "fe", "fe"),
    ("da", "da", "da"),
    ("li", "li", "li"),
    ("ne", "ne", "eq"),
    ("l", "h", "l"),
    ("bp", "bb", "pb"),
    ("am", "am", "am"),
    ("em", "kn", "im"),
    ("pr", "pr", "pr"),
    ("gn", "gn", "g"),
    ("an", "an", "an"),
    ("sq", "ei", "ec"),
    ("wa", "wa", "v"),
    ("dr", "dr", "dr"),
    ("ka", "ka", "ka"),
    ("ss", "ss", "cs"),
    ("uu", "uu", "uu"),
    ("ha", "ha", "ha"),
    ("m", "el", "e"),
    ("ea", "ad", "ai"),
    ("sw", "sp", "m"),
    ("ar", "er", "ar"),
    ("rb", "rl", "fr"),
    ("c", "kl", "ca"),
    ("nh", "nh", "sn"),
    ("du", "du", "pi"),
    ("cr", "cr", "cn"),
    ("zr", "zr", "zn"),
    ("gr", "gr", "gn"),
    ("ch", "ch", "sc"),
    ("zh", "zh", "sz"),
    ("gh", "gh", "sg"),
    ("ds", "ds", "cd"),
    ("bk", "rs", "cr"),
    ("eq", "eq", "ea"),
    ("ct", "ct", "ct"),
    ("bs", "bs", "bs"),
    ("sp", "sb", "sp"),
    ("rl", "tl", "tl"),
    ("bl", "ll", "fl"),
    ("si", "si", "si"),
    ("tr", "tr", "tr"),
    ("nd", "nd", "ne"),
    ("o", "o", "o"),
    ("eh", "rd", "eh"),
    ("mo", "mo", "mo"),
    ("rr", "tj", "tc"),
    ("br", "lj", "fc"),
    ("ao", "ao", "ao"),
    ("oa", "oa", "oa"),
    ("rh", "th", "st"),
    ("bh", "lh", "sf"),
    ("ek", "ek", "re"),
    ("bt", "pf", "bt"),
    ("gt", "pn", "gt"),
    ("sk", "sk", "sk"),
    ("cy", "cy", "cy"),
    ("cg", "kg", "sa"),
    ("rn", "rn", "rl"),
    ("rp", "rh", "rs"),
    ("ok", "ok", "ok"),
    ("37", "37", "37"),
    ("g2", "g2", "s2"),
    ("g3", "g3", "s3"),
    ("16", "16", "16"),
    ("24", "24", "24"),
    ("35", "35", "35"),
    ("dg", "dg", "ds"),
    ("kh", "kh", "sr"),
    ("or", "or", "or"),
    ("15", "15", "15"),
    ("25", "25", "25"),
    ("gl", "gl", "gl"),
    ("lr", "ht", "lt"),
    ("lb", "hl", "lf"),
    ("ln", "hn", "ln"),
    ("wr", "wr", "vs"),
    ("fr", "fr", "fs"),
    ("bi", "bi", "bi"),
    ("et", "et", "el"),
    ("na", "na", "na"),
    ("rm", "tc", "et"),
    ("re", "ta", "at"),
    ("ra", "ra", "ra"),
    ("so", "so", "so"),
    ("mg", "mg", "mg"),
    ("36", "36", "36"),
    ("nl", "nl", "nl"),
    ("ml", "ml", "ml"),
    ("mm", "mm", "mm"),
    ("f", "f", "a"),
    ("do", "de", "dn"),
    ("rt", "he", "la"),
    ("bo", "bo", "bo"),
    ("qe", "qe", "qa"),
    ("qf", "qf", "qf"),
    ("qq", "od", "qq"),
    ("b1", "b1", "b1"),
    ("b2", "b2", "b2"),
    ("b3", "b3", "b3"),
    ("cp", "cb", "pc"),
    ("rk", "rp", "cl"),
    ("pp", "rb", "pv"),
    ("ls", "lr", "lr"),
    ("ze", "ze", "ze"),
    ("bn", "nr", "nr"),
    ("s2", "s2", "n2"),
    ("s4", "s4", "n4"),
    ("s1", "s1", "n1"),
    ("s3", "s3", "n3"),
    ("qn", "qn", "qn"),
    ("dk", "dt", "dt"),
    ("db", "dl", "df"),
    ("no", "no", "no"),
    ("th", "uh", "sb"),
    ("lh", "bh", "se"),
    ("ge", "gu", "sm"),
    ("gf", "gb", "su"),
    ("kl", "lk", "kl"),
    ("ko", "ko", "ko"),
    ("kp", "sh", "sv"),
    ("sh", "sc", "ba"),
    ("gy", "gy", "gy"),
    ("ms", "ms", "cm"),
    ("po", "po", "po"),
    ("mp", "mb", "pm"),
    ("mh", "mc", "bm"),
    ("st", "st", "ep"),
    ("se", "se", "dg"),
    ("fa", "fa", "fa"),
    ("lo", "lo", "lo"),
    ("sa", "sa", "sl"),
    ("ah", "ah", "as"),
    ("oh", "oh", "os"),
    ("hc", "hk", "hc"),
    ("ee", "ae", "ae"),
    ("en", "aq", "aq"),
    ("sc", "sr", "ss"),
];

/// Popeye's pieces in the order of its table (English codes).
const WALKS: &[Walk] = &[
    walk("k", "king", Kind::Orthodox('K')),
    walk("p", "pawn", Kind::Orthodox('P')),
    walk("q", "queen", Kind::Orthodox('Q')),
    walk("s", "knight", Kind::Orthodox('N')),
    walk("r", "rook", Kind::Orthodox('R')),
    walk("b", "bishop", Kind::Orthodox('B')),
    walk("le", "leo", Kind::Fairy("mQcpQ")),
    walk("ma", "mao", Kind::Fairy("nN")),
    walk("pa", "pao", Kind::Fairy("mRcpR")),
    walk("va", "vao", Kind::Fairy("mBcpB")),
    walk("ro", "rose", Kind::Unplayable),
    walk("g", "grasshopper", Kind::Fairy("gQ")),
    walk("n", "nightrider", Kind::Fairy("NN")),
    walk("z", "zebra", Kind::Fairy("Z")),
    walk("ca", "camel", Kind::Fairy("C")),
    walk("gi", "giraffe", Kind::Unplayable),
    walk("rf", "root-50-leaper", Kind::Unplayable),
    walk("bu", "root-25-leaper", Kind::Unplayable),
    walk("we", "wazir", Kind::Fairy("W")),
    walk("al", "alfil", Kind::Fairy("A")),
    walk("fe", "fers", Kind::Fairy("F")),
    walk("da", "dabbaba", Kind::Fairy("D")),
    walk("li", "lion", Kind::Fairy("pQ")),
    walk("ne", "nonstop equihopper", Kind::Unplayable),
    walk("l", "locust", Kind::Unplayable),
    walk("bp", "berolina pawn", Kind::Unplayable),
    walk("am", "amazon", Kind::Fairy("QN")),
    walk("em", "empress", Kind::Fairy("RN")),
    walk("pr", "princess", Kind::Fairy("BN")),
    walk("gn", "gnu", Kind::Fairy("NC")),
    walk("an", "antelope", Kind::Unplayable),
    walk("sq", "squirrel", Kind::Fairy("NAD")),
    walk("wa", "waran", Kind::Fairy("RNN")),
    walk("dr", "dragon", Kind::Unplayable),
    walk("ka", "kangaroo", Kind::Unplayable),
    walk("ss", "Spiralspringer", Kind::Unplayable),
    walk("uu", "UbiUbi", Kind::Unplayable),
    walk("ha", "hamster: 180 degree grasshopper", Kind::Unplayable),
    walk("m", "moose: 45 degree grasshopper", Kind::Unplayable),
    walk("ea", "eagle: 90 degree grasshopper", Kind::Unplayable),
    walk("sw", "sparrow: 135 degree grasshopper", Kind::Unplayable),
    walk("ar", "archbishop", Kind::Unplayable),
    walk("rb", "reflecting bishop", Kind::Unplayable),
    walk("c", "cardinal", Kind::Unplayable),
    walk("nh", "nightrider-hopper", Kind::Fairy("gNN")),
    walk("du", "dummy", Kind::Unplayable),
    walk("cr", "camelrider", Kind::Fairy("CC")),
    walk("zr", "zebrarider", Kind::Fairy("ZZ")),
    walk("gr", "gnurider", Kind::Fairy("NNCC")),
    walk("ch", "camelrider-hopper", Kind::Fairy("gCC")),
    walk("zh", "zebrarider-hopper", Kind::Fairy("gZZ")),
    walk("gh", "gnurider-hopper", Kind::Fairy("gNNgCC")),
    walk("ds", "DiagonalSpiralSpringer", Kind::Unplayable),
    walk("bk", "bouncy knight", Kind::Unplayable),
    walk("eq", "equihopper", Kind::Unplayable),
    walk("ct", "CAT", Kind::Unplayable),
    walk("bs", "berolina superpawn", Kind::Unplayable),
    walk("sp", "superpawn", Kind::Unplayable),
    walk("rl", "rook-lion", Kind::Fairy("pR")),
    walk("bl", "bishop-lion", Kind::Fairy("pB")),
    walk("si", "sirene", Kind::Unplayable),
    walk("tr", "triton", Kind::Unplayable),
    walk("nd", "nereide", Kind::Unplayable),
    walk("o", "orphan", Kind::Unplayable),
    walk("eh", "edgehog", Kind::Unplayable),
    walk("mo", "moa", Kind::Unplayable),
    walk("rr", "rook/bishop-hunter", Kind::Unplayable),
    walk("br", "bishop/rook-hunter", Kind::Unplayable),
    walk("ao", "maorider", Kind::Unplayable),
    walk("oa", "moarider", Kind::Unplayable),
    walk("rh", "rookhopper", Kind::Fairy("gR")),
    walk("bh", "bishophopper", Kind::Fairy("gB")),
    walk("ek", "erlking", Kind::Unplayable),
    walk("bt", "boyscout", Kind::Unplayable),
    walk("gt", "girlscout", Kind::Unplayable),
    walk("sk", "Skylla", Kind::Unplayable),
    walk("cy", "Charybdis", Kind::Unplayable),
    walk("cg", "contra grasshopper", Kind::Unplayable),
    walk("rn", "RoseLion", Kind::Unplayable),
    walk("rp", "RoseHopper", Kind::Unplayable),
    walk("ok", "okapi", Kind::Fairy("NZ")),
    walk("37", "3:7-leaper", Kind::Unplayable),
    walk("g2", "grasshopper-2", Kind::Unplayable),
    walk("g3", "grasshopper-3", Kind::Unplayable),
    walk("16", "1:6-leaper", Kind::Unplayable),
    walk("24", "2:4-leaper", Kind::Unplayable),
    walk("35", "3:5-leaper", Kind::Unplayable),
    walk("dg", "Double Grasshopper", Kind::Unplayable),
    walk("kh", "Kinghopper", Kind::Unplayable),
    walk("or", "Orix", Kind::Unplayable),
    walk("15", "1:5-leaper", Kind::Unplayable),
    walk("25", "2:5-leaper", Kind::Unplayable),
    walk("gl", "Gral", Kind::Unplayable),
    walk("lr", "rook locust", Kind::Unplayable),
    walk("lb", "bishop locust", Kind::Unplayable),
    walk("ln", "nightrider locust", Kind::Unplayable),
    walk("wr", "wazirrider", Kind::Fairy("WW")),
    walk("fr", "fersrider", Kind::Fairy("FF")),
    walk("bi", "bison", Kind::Fairy("CZ")),
    walk("et", "elephant", Kind::Unplayable),
    walk("na", "Nao", Kind::Unplayable),
    walk("rm", "rook moose: 45 degree grasshopper", Kind::Unplayable),
    walk("re", "rook eagle: 90 degree grasshopper", Kind::Unplayable),
    walk(
        "rw",
        "rook sparrow: 135 degree grasshopper",
        Kind::Unplayable,
    ),
    walk(
        "bm",
        "bishop moose: 45 degree grasshopper",
        Kind::Unplayable,
    ),
    walk(
        "be",
        "bishop eagle: 90 degree grasshopper",
        Kind::Unplayable,
    ),
    walk(
        "bw",
        "bishop sparrow: 135 degree grasshopper",
        Kind::Unplayable,
    ),
    walk("ra", "rao: chinese rose", Kind::Unplayable),
    walk("so", "scorpion: erlking + grasshopper", Kind::Unplayable),
    walk("mg", "marguerite", Kind::Unplayable),
    walk("36", "3:6 leaper", Kind::Unplayable),
    walk("nl", "nightriderlion", Kind::Unplayable),
    walk("ml", "maoriderlion", Kind::Unplayable),
    walk("mm", "moariderlion", Kind::Unplayable),
    walk("f", "friend", Kind::Unplayable),
    walk("do", "dolphin", Kind::Unplayable),
    walk("rt", "rabbit", Kind::Unplayable),
    walk("bo", "bob", Kind::Unplayable),
    walk("qe", "equi english", Kind::Unplayable),
    walk("qf", "equi french", Kind::Unplayable),
    walk("qq", "querquisite", Kind::Unplayable),
    walk("b1", "bouncer", Kind::Unplayable),
    walk("b2", "tour-bouncer", Kind::Unplayable),
    walk("b3", "fou-bouncer", Kind::Unplayable),
    walk("cp", "chinese pawn", Kind::Unplayable),
    walk("rk", "radial knight", Kind::Unplayable),
    walk("pp", "protean pawn", Kind::Unplayable),
    walk("ls", "Rose Locust", Kind::Unplayable),
    walk("ze", "zebu", Kind::Unplayable),
    walk("bn", "Bouncy Nightrider", Kind::Unplayable),
    walk("s2", "spiralspringer (2,0)", Kind::Unplayable),
    walk("s4", "spiralspringer (4,0)", Kind::Unplayable),
    walk("s1", "diagonalspiralspringer (1,1)", Kind::Unplayable),
    walk("s3", "diagonalspiralspringer (3,3)", Kind::Unplayable),
    walk("qn", "quintessence", Kind::Unplayable),
    walk("dk", "double rookhopper", Kind::Unplayable),
    walk("db", "double bishopper", Kind::Unplayable),
    walk("no", "orix (non-stop)", Kind::Unplayable),
    walk("th", "treehopper", Kind::Unplayable),
    walk("lh", "leafhopper", Kind::Unplayable),
    walk("ge", "greater treehopper", Kind::Unplayable),
    walk("gf", "greater leafhopper", Kind::Unplayable),
    walk("kl", "kangarou lion", Kind::Unplayable),
    walk("ko", "kao", Kind::Unplayable),
    walk("kp", "knighthopper", Kind::Unplayable),
    walk("sh", "ship", Kind::Unplayable),
    walk("gy", "gryphon", Kind::Unplayable),
    walk("ms", "marine knight", Kind::Unplayable),
    walk("po", "poseidon", Kind::Unplayable),
    walk("mp", "marine pawn", Kind::Unplayable),
    walk("mh", "marine ship", Kind::Unplayable),
    walk("st", "sting", Kind::Unplayable),
    walk("se", "Senora", Kind::Unplayable),
    walk("fa", "Faro", Kind::Unplayable),
    walk("lo", "Loco", Kind::Unplayable),
    walk("sa", "Saltador", Kind::Unplayable),
    walk("ah", "MaoHopper", Kind::Unplayable),
    walk("oh", "MoaSauteur", Kind::Unplayable),
    walk("hc", "ContraHamster", Kind::Unplayable),
    walk("ee", "EagleEquihopper", Kind::Unplayable),
    walk("en", "EagleNonstopEquihopper", Kind::Unplayable),
    walk("sc", "Scarabeus", Kind::Unplayable),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Variant, VariantPosition};

    #[test]
    fn codes_are_unique_lowercase_and_one_or_two_characters() {
        for (i, w) in WALKS.iter().enumerate() {
            assert!(matches!(w.code.len(), 1 | 2), "{}", w.code);
            assert_eq!(w.code, w.code.to_ascii_lowercase());
            assert!(WALKS[..i].iter().all(|v| v.code != w.code), "{}", w.code);
        }
    }

    #[test]
    fn every_fairy_betza_is_played_by_the_variant_engine() {
        for w in WALKS.iter().filter(|w| w.betza().is_some()) {
            let text = format!(
                "[t:chess]\ncustomPiece1 = x:{}\nstartFen = 4k3/8/8/8/3X4/8/8/4K3 w - - 0 1\n",
                w.betza().unwrap_or_default()
            );
            let variants = crate::variant::ini::parse(&text)
                .unwrap_or_else(|e| panic!("{} ({}): {e}", w.name, w.code));
            let v: &Variant = &variants[0];
            let pos = VariantPosition::startpos(v);
            assert!(!pos.legal_moves().is_empty(), "{}", w.name);
        }
    }
}
