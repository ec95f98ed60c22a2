//! A variant described whole, as `kibitz variants --json`, Python's
//! `kibitz.variants()` and `kibitz.pyffish.variant_info()` and the server's
//! `/api/variants` give it: its board, start position and pieces (each with its
//! Betza, its kind, its value for the search and the mobility seed's string for
//! its moves on the variant's empty board), and its rules resolved, in
//! Fairy-Stockfish's `variants.ini` keys.
//!
//! The rules are resolved: every key kibitz plays is there with the value the
//! variant has, whether a section set it, a parent, or a built-in. So a front
//! end reads what a variant is without knowing its parents or the defaults,
//! and [`VariantDescription::ini_section`] writes a section that builds the
//! same variant again.

use super::Variant;
use super::board::{BoardSize, WideBitboard};
use super::rules::{GameValue, Gating, PieceKind, Rules};

/// One piece type of a [`VariantDescription`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PieceDescription {
    /// White's letter (uppercase).
    pub letter: char,
    /// The piece's name (`+` and the base's name for a promoted type: `+pawn`).
    pub name: String,
    /// Its moves in Betza notation.
    pub betza: String,
    /// Pawn, king or other.
    pub kind: PieceKind,
    /// Its value in the variant's search, in centipawns
    /// ([`values::piece_values`](super::values::piece_values)).
    pub value: i32,
    /// The seed's mobility string of its moves on the variant's empty board
    /// (the components that move to empty squares: not capture-only, hopping or
    /// first-move-only ones); `None` when it has none there.
    pub mobility: Option<String>,
}

/// The value of one rule in a [`VariantDescription`], typed as the key reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum RuleValue {
    /// `true` or `false`.
    Bool(bool),
    /// A count or a rank number.
    Number(u32),
    /// Letters, squares, regions, a game value: as `variants.ini` writes them.
    Text(String),
}

impl core::fmt::Display for RuleValue {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RuleValue::Bool(b) => write!(f, "{b}"),
            RuleValue::Number(n) => write!(f, "{n}"),
            RuleValue::Text(t) => f.write_str(t),
        }
    }
}

/// A variant's rules as `variants.ini` keys and their values, in a fixed order
/// (a JSON object when serialized).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleList(pub Vec<(String, RuleValue)>);

impl RuleList {
    /// The value of `key`, if the list has it.
    pub fn get(&self, key: &str) -> Option<&RuleValue> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    fn bool(&mut self, key: impl Into<String>, value: bool) {
        self.0.push((key.into(), RuleValue::Bool(value)));
    }

    fn number(&mut self, key: impl Into<String>, value: u32) {
        self.0.push((key.into(), RuleValue::Number(value)));
    }

    fn text(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.0.push((key.into(), RuleValue::Text(value.into())));
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for RuleList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// A variant described whole (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VariantDescription {
    /// The variant's name.
    pub name: String,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// The board as `FILESxRANKS` (`10x8`).
    pub board: String,
    /// The start position's FEN as the variant gives it.
    pub start_fen: String,
    /// `none`, `seirawan` or `musketeer`.
    pub gating: &'static str,
    /// What a pawn may become, White's letters.
    pub promotion: Vec<char>,
    /// Every piece type, the promoted types of the shogi family last.
    pub pieces: Vec<PieceDescription>,
    /// The rules, resolved, as `variants.ini` keys.
    pub rules: RuleList,
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
    /// The variant's description: board, start FEN, pieces with Betza, value
    /// and mobility, and its rules resolved.
    ///
    /// ```
    /// use kibitz::variant::{RuleValue, Variant};
    /// let d = Variant::builtin("capablanca")?.describe();
    /// assert_eq!(d.board, "10x8");
    /// let knight = d.pieces.iter().find(|p| p.letter == 'N').unwrap();
    /// assert!(knight.mobility.as_deref().unwrap().starts_with("4 × 2 + "));
    /// assert_eq!(knight.value, 300);
    /// assert_eq!(d.rules.get("castlingKingsideFile"), Some(&RuleValue::Text("i".into())));
    /// assert_eq!(d.rules.get("pieceDrops"), Some(&RuleValue::Bool(false)));
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn describe(&self) -> VariantDescription {
        let board = crate::mobility::Board::new(u64::from(self.files()), u64::from(self.ranks()));
        let values = super::values::piece_values(self);
        let pieces = self
            .pieces()
            .iter()
            .zip(values)
            .map(|(p, value)| PieceDescription {
                letter: p.letter,
                name: p.name.clone(),
                betza: p.betza.clone(),
                kind: p.kind,
                value,
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
            files: self.files(),
            ranks: self.ranks(),
            board: format!("{}x{}", self.files(), self.ranks()),
            start_fen: self.start_fen().to_string(),
            gating: match self.gating() {
                Gating::None => "none",
                Gating::Seirawan => "seirawan",
                Gating::Musketeer => "musketeer",
            },
            promotion: self.promotion_letters(),
            pieces,
            rules: rule_list(&self.rules),
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

impl VariantDescription {
    /// A `variants.ini` section (with no parent) that builds this variant
    /// again: the board, the pieces, the start position and every rule; `None`
    /// for Musketeer gating, which no key expresses.
    ///
    /// ```
    /// use kibitz::variant::{ini, Variant, VariantPosition};
    /// let grand = Variant::builtin("grand")?;
    /// let text = grand.describe().ini_section().unwrap();
    /// let again = &ini::parse(&text)?[0];
    /// assert_eq!(VariantPosition::startpos(again).perft(2), VariantPosition::startpos(&grand).perft(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ini_section(&self) -> Option<String> {
        if self.gating == "musketeer" {
            return None;
        }
        let mut out = format!("[{}]\n", self.name);
        out += &format!("maxFile = {}\n", self.files);
        out += &format!("maxRank = {}\n", self.ranks);
        let used: Vec<&str> = self.pieces.iter().map(|p| p.name.as_str()).collect();
        let mut next_custom = 1;
        for p in self.pieces.iter().filter(|p| !p.name.starts_with('+')) {
            let letter = p.letter.to_ascii_lowercase();
            let key = match p.kind {
                PieceKind::Pawn => {
                    out += &format!("pawn = {letter}\n");
                    continue;
                }
                PieceKind::King => "king".to_string(),
                PieceKind::Other if keeps_its_name(p) => p.name.clone(),
                PieceKind::Other if let Some(name) = fsf_type_name(p) => name.to_string(),
                PieceKind::Other => loop {
                    let name = format!("customPiece{next_custom}");
                    next_custom += 1;
                    if !used.contains(&name.as_str()) {
                        break name;
                    }
                },
            };
            out += &format!("{key} = {letter}:{}\n", p.betza);
        }
        out += &format!("startFen = {}\n", self.start_fen);
        for (key, value) in &self.rules.0 {
            out += &format!("{key} = {value}\n");
        }
        Some(out)
    }
}

/// Is the piece written under its own name: a custom piece's, or a name
/// `variants.ini` gives a piece moving as this one does (`knight` for `N`)?
/// Such a name is kept, as some rules find pieces by name; another piece
/// (Shako's `elephant`, a ferz-alfil) is written as a custom piece.
fn keeps_its_name(p: &PieceDescription) -> bool {
    let fsf = super::regions::fsf_betza;
    p.name
        .strip_prefix("customPiece")
        .is_some_and(|n| n.parse::<u8>().is_ok())
        || super::ini::named_piece_betza(&p.name).is_some_and(|b| fsf(b) == fsf(&p.betza))
}

/// The name Fairy-Stockfish's `variants.ini` gives a piece kibitz names as
/// Fairy-Stockfish's `variant.cpp` does: makruk's khon is its silver
/// (`KHON = SILVER`), the met its fers (`MET = FERS`). Written under those
/// names, the pieces keep the rules that find them by type (Ouk Chatrang's
/// met leap, the counting rules' honours).
fn fsf_type_name(p: &PieceDescription) -> Option<&'static str> {
    let fsf = super::regions::fsf_betza;
    let name = match p.name.as_str() {
        "khon" => "silver",
        "met" => "fers",
        _ => return None,
    };
    super::ini::named_piece_betza(name)
        .is_some_and(|b| fsf(b) == fsf(&p.betza))
        .then_some(name)
}

/// Whole ranks as a region (`*1 *2`, `-` for none).
fn ranks_text(mask: u16) -> String {
    let ranks: Vec<String> = (0..16)
        .filter(|r| mask >> r & 1 == 1)
        .map(|r| format!("*{}", r + 1))
        .collect();
    if ranks.is_empty() {
        "-".to_string()
    } else {
        ranks.join(" ")
    }
}

/// Squares as a region (`d1 e1 f1`, `-` for none).
fn squares_text(size: BoardSize, squares: &WideBitboard) -> String {
    let names: Vec<String> = squares.iter().map(|sq| size.square_name(sq)).collect();
    if names.is_empty() {
        "-".to_string()
    } else {
        names.join(" ")
    }
}

fn value_text(v: GameValue) -> &'static str {
    match v {
        GameValue::Win => "win",
        GameValue::Loss => "loss",
        GameValue::Draw => "draw",
    }
}

fn letters_text(letters: impl IntoIterator<Item = char>) -> String {
    let text: String = letters
        .into_iter()
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

fn file_text(f: u8) -> String {
    char::from(b'a' + f).to_string()
}

/// The rules of `r`, resolved, as `variants.ini` keys in the order a reader
/// applies them (see [`super::ini`]).
fn rule_list(r: &Rules) -> RuleList {
    let mut list = RuleList::default();
    let letter = |t: u8| r.pieces[usize::from(t)].letter;
    // Pawns and promotion.
    list.text(
        "promotionPieceTypes",
        letters_text(r.promotion_types.iter().map(|&t| letter(t))),
    );
    if let Some(black) = &r.promotion_types_black {
        list.text(
            "promotionPieceTypesBlack",
            letters_text(black.iter().map(|&t| letter(t))),
        );
    }
    // Custom pawns: the pawn sets per colour, where a section set them.
    if r.pawn_keys != super::rules::PawnTypeKeys::default()
        && let Ok(sets) = super::pawns::resolve(r)
    {
        let mask_text = |m: u32| {
            letters_text(
                (0..r.pieces.len() as u8)
                    .filter(|&t| m >> t & 1 != 0)
                    .map(letter),
            )
        };
        for (key, per_colour) in [
            ("promotionPawnTypes", sets.promotion),
            ("enPassantTypes", sets.en_passant),
            ("nMoveRuleTypes", sets.n_move),
        ] {
            for (c, colour) in ["White", "Black"].into_iter().enumerate() {
                list.text(format!("{key}{colour}"), mask_text(per_colour[c]));
            }
        }
    }
    // By letter: the same limits whatever the order of the types.
    let mut limits: Vec<String> = r
        .promotion_limit
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(t, n)| format!("{}:{n}", letter(t as u8).to_ascii_lowercase()))
        .collect();
    limits.sort();
    list.text("promotionLimit", limits.join(" "));
    for (c, key) in ["promotionRegionWhite", "promotionRegionBlack"]
        .iter()
        .enumerate()
    {
        match &r.regions.promotion_squares[c] {
            Some(squares) => list.text(*key, squares_text(r.size, squares)),
            None => list.text(*key, ranks_text(r.promotion_ranks[c])),
        }
    }
    list.bool("mandatoryPawnPromotion", r.mandatory_promotion);
    let steps = [
        (
            "doubleStepRegion",
            r.double_step,
            r.regions.double_step_squares,
        ),
        (
            "tripleStepRegion",
            r.triple_step,
            r.regions.triple_step_squares,
        ),
    ];
    for (key, ranks, squares) in steps {
        for (c, colour) in ["White", "Black"].iter().enumerate() {
            let text = match &squares[c] {
                Some(squares) => squares_text(r.size, squares),
                None => ranks_text(ranks[c]),
            };
            list.text(format!("{key}{colour}"), text);
        }
    }
    if !r.en_passant {
        list.text("enPassantRegion", "-");
    } else {
        // Ranks off the board are left out (a region is of the board's squares).
        let board = u16::MAX >> (16 - r.size.ranks());
        let ep = r.ends.en_passant_ranks;
        list.text("enPassantRegionWhite", ranks_text(ep[0] & board));
        list.text("enPassantRegionBlack", ranks_text(ep[1] & board));
    }
    // Castling and gating.
    list.bool("castling", r.castling.is_some());
    if let Some(c) = r.castling {
        list.text("castlingKingFile", file_text(c.king_file));
        list.text("castlingKingsideFile", file_text(c.kingside_file));
        list.text("castlingQueensideFile", file_text(c.queenside_file));
        list.text("castlingRookKingsideFile", file_text(c.rook_kingside_file));
        list.text(
            "castlingRookQueensideFile",
            file_text(c.rook_queenside_file),
        );
        list.number("castlingRank", u32::from(c.rank) + 1);
        let rooks = (0..r.pieces.len() as u8).filter(|&t| c.castles_with(usize::from(t)));
        list.text("castlingRookPieces", letters_text(rooks.map(letter)));
        list.bool("oppositeCastling", r.opposite_castling);
    }
    if let Some(k) = r.ends.castling_king_letter {
        list.text("castlingKingPiece", letters_text([k]));
    }
    list.bool("chess960", r.chess960);
    // Fairy-Stockfish's S-chess sets both keys (kibitz reads either).
    // Ouk Chatrang's first-move rights are Fairy-Stockfish's gates.
    list.bool(
        "gating",
        r.gating == Gating::Seirawan || r.regions.cambodian_moves,
    );
    list.bool("seirawanGating", r.gating == Gating::Seirawan);
    // Drops.
    let d = &r.drops;
    list.bool("pieceDrops", d.enabled);
    list.bool("capturesToHand", d.captures_to_hand);
    list.bool("dropLoop", d.drop_loop);
    list.bool("firstRankPawnDrops", d.first_rank_pawn_drops);
    list.bool("promotionZonePawnDrops", d.promotion_zone_pawn_drops);
    list.text("dropNoDoubled", letters_text(d.no_doubled));
    list.number("dropNoDoubledCount", u32::from(d.no_doubled_count));
    list.bool("mustDrop", d.must_drop);
    if d.must_drop_type.is_some() {
        list.text("mustDropType", letters_text(d.must_drop_type));
    }
    list.bool("dropChecks", d.checks);
    if let Some(region) = d.region {
        for (c, key) in ["dropRegionWhite", "dropRegionBlack"].iter().enumerate() {
            match &d.squares[c] {
                Some(squares) => list.text(*key, squares_text(r.size, squares)),
                None => list.text(*key, ranks_text(region[c])),
            }
        }
    }
    list.bool("dropOppositeColoredBishop", d.opposite_bishops);
    list.bool("castlingDroppedPiece", d.castling_dropped_piece);
    list.bool("sittuyinRookDrop", d.sittuyin_rook_drop);
    list.bool("twoBoards", d.two_boards);
    list.bool("freeDrops", d.free_drops);
    // Shogi's promotions.
    let s = &r.shogi;
    let promoted: Vec<String> = s
        .promotions
        .iter()
        .filter(|(from, _)| r.type_of_letter(*from).is_some())
        .map(|(from, to)| {
            format!(
                "{}:{}",
                from.to_ascii_lowercase(),
                to.map_or('-', |t| t.to_ascii_lowercase())
            )
        })
        .collect();
    list.text("promotedPieceType", promoted.join(" "));
    list.bool("mandatoryPiecePromotion", s.mandatory);
    list.bool("piecePromotionOnCapture", s.on_capture);
    list.bool("pieceDemotion", s.demotion);
    list.bool("dropPromoted", s.drop_promoted);
    list.bool("immobilityIllegal", s.immobility_illegal);
    list.bool("shogiPawnDropMateIllegal", s.pawn_drop_mate_illegal);
    // Regions.
    for (name, regions) in &r.regions.mobility {
        let [white, black] = regions;
        let key = |colour: &str| {
            let mut capital = name.clone();
            if let Some(first) = capital.get(..1) {
                let upper = first.to_ascii_uppercase();
                capital.replace_range(..1, &upper);
            }
            format!("mobilityRegion{colour}{capital}")
        };
        if let Some(w) = white {
            list.text(key("White"), squares_text(r.size, w));
        }
        if let Some(b) = black {
            list.text(key("Black"), squares_text(r.size, b));
        }
    }
    list.bool("flyingGeneral", r.regions.flying_general);
    list.number(
        "soldierPromotionRank",
        u32::from(r.regions.soldier_rank) + 1,
    );
    list.text("countingRule", r.regions.counting.name());
    list.bool("makpongRule", r.regions.makpong);
    list.bool("cambodianMoves", r.regions.cambodian_moves);
    list.bool("sittuyinPromotion", r.regions.sittuyin_promotion);
    // Janggi's palace.
    let p = &r.palace;
    list.text("diagonalLines", squares_text(r.size, &p.diagonal_lines));
    list.bool("passWhite", p.pass[0]);
    list.bool("passBlack", p.pass[1]);
    list.bool("bikjangRule", p.bikjang);
    list.text(
        "materialCounting",
        match p.material_counting {
            super::rules::MaterialCounting::None => "none",
            super::rules::MaterialCounting::Janggi => "janggi",
            super::rules::MaterialCounting::BlackDrawOdds => "blackdrawodds",
            super::rules::MaterialCounting::WhiteDrawOdds => "whitedrawodds",
            super::rules::MaterialCounting::Unweighted => "unweighted",
        },
    );
    // Reversi's and Ataxx's enclosing drops ([`super::enclosing`]).
    let en = &r.enclosing;
    list.text("enclosingDrop", super::enclosing::rule_name(en.drop));
    list.text("enclosingDropStart", squares_text(r.size, &en.drop_start));
    list.text("flipEnclosedPieces", super::enclosing::rule_name(en.flip));
    list.bool("adjudicateFullBoard", en.full_board_ends);
    // Castling as the goal ([`super::castle_wins`]), listed where set.
    if r.castling_wins != 0 {
        let rights: String = "KQkq"
            .chars()
            .enumerate()
            .filter(|&(i, _)| r.castling_wins >> i & 1 != 0)
            .map(|(_, c)| c)
            .collect();
        list.text("castlingWins", rights);
    }
    // Connection goals ([`super::connect`]), listed where the variant has one.
    let cn = &r.connect;
    if cn.active() {
        list.number("connectN", cn.n);
        list.number("connectNxN", cn.square);
        list.number("collinearN", cn.collinear);
        list.bool("connectHorizontal", cn.horizontal);
        list.bool("connectVertical", cn.vertical);
        list.bool("connectDiagonal", cn.diagonal);
        for (c, colour) in ["White", "Black"].into_iter().enumerate() {
            list.text(
                format!("connectRegion1{colour}"),
                squares_text(r.size, &cn.region1[c]),
            );
            list.text(
                format!("connectRegion2{colour}"),
                squares_text(r.size, &cn.region2[c]),
            );
        }
        list.text(
            "connectPieceTypes",
            letters_text(cn.letters.iter().copied()),
        );
        list.text("connectValue", value_text(cn.value));
    }
    // Game ends and captures.
    let e = &r.ends;
    list.text("stalemateValue", value_text(r.stalemate));
    list.text("checkmateValue", value_text(r.checkmate));
    if e.flag_letter[0] == e.flag_letter[1] {
        list.text("flagPiece", letters_text(e.flag_letter[0]));
    } else {
        list.text("flagPieceWhite", letters_text(e.flag_letter[0]));
        list.text("flagPieceBlack", letters_text(e.flag_letter[1]));
    }
    list.text("flagRegionWhite", squares_text(r.size, &e.flag_region[0]));
    list.text("flagRegionBlack", squares_text(r.size, &e.flag_region[1]));
    list.bool("flagMove", e.flag_move);
    list.number("flagPieceCount", e.flag_piece_count);
    list.bool("flagPieceBlockedWin", e.flag_piece_blocked_win);
    list.bool("flagPieceSafe", e.flag_piece_safe);
    list.bool("checking", e.checking);
    // kibitz's own key, listed where a section sets it.
    if !r.conditions.is_empty() {
        list.text("condition", r.conditions.to_string());
    }
    // Walling ([`super::walling`]); its regions where set (else the whole board).
    list.text("wallingRule", r.walling.rule.name());
    for (c, colour) in ["White", "Black"].into_iter().enumerate() {
        if let Some(region) = &r.walling.region[c] {
            list.text(
                format!("wallingRegion{colour}"),
                squares_text(r.size, region),
            );
        }
    }
    list.bool("checkCounting", e.check_counting);
    list.text(
        "extinctionValue",
        e.extinction_value.map_or("none", value_text),
    );
    list.bool("extinctionClaim", e.extinction_claim);
    list.text(
        "extinctionPieceTypes",
        letters_text(e.extinction_letters.iter().copied()),
    );
    list.number("extinctionPieceCount", e.extinction_piece_count);
    list.number(
        "extinctionOpponentPieceCount",
        e.extinction_opponent_piece_count,
    );
    list.bool("extinctionPseudoRoyal", e.extinction_pseudo_royal);
    list.bool("dupleCheck", e.duple_check);
    list.bool("mustCapture", e.must_capture);
    if e.pass_on_stalemate[0] == e.pass_on_stalemate[1] {
        list.bool("passOnStalemate", e.pass_on_stalemate[0]);
    } else {
        list.bool("passOnStalemateWhite", e.pass_on_stalemate[0]);
        list.bool("passOnStalemateBlack", e.pass_on_stalemate[1]);
    }
    list.bool("stalematePieceCount", e.stalemate_piece_count);
    list.bool("shatarMateRule", e.shatar_mate);
    list.bool("blastOnCapture", e.blast_on_capture);
    list.text(
        "blastImmuneTypes",
        letters_text(e.blast_immune_letters.iter().copied()),
    );
    list.text(
        "mutuallyImmuneTypes",
        letters_text(e.mutually_immune_letters.iter().copied()),
    );
    list.text(
        "petrifyOnCaptureTypes",
        letters_text(e.petrify_letters.iter().copied()),
    );
    list.number("nMoveRule", e.n_move_rule);
    list.number("nFoldRule", e.n_fold_rule);
    list.text("nFoldValue", value_text(e.n_fold_value));
    list.bool("nFoldValueAbsolute", e.n_fold_value_absolute);
    list.bool("perpetualCheckIllegal", e.perpetual_check_illegal);
    list.bool("moveRepetitionIllegal", e.move_repetition_illegal);
    // The search's values where the variant gives them.
    for (phase, key) in [(0, "pieceValueMg"), (1, "pieceValueEg")] {
        let given: Vec<String> = r
            .piece_values
            .iter()
            .filter_map(|(l, v)| v[phase].map(|v| format!("{}:{v}", l.to_ascii_lowercase())))
            .collect();
        if !given.is_empty() {
            list.text(key, given.join(" "));
        }
    }
    list
}

/// Every section of a `variants.ini` text, each built, described and dropped
/// before the next is built: what the server's `POST /api/variants` answers and
/// the wasm page shows for a pasted text. The error is the reader's (line and
/// reason), or says that the text has no section.
///
/// ```
/// use kibitz::variant::describe_ini;
/// let text = "[tiny:chess]\nmaxRank = 6\n\
///             startFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n";
/// let described = describe_ini(text).unwrap();
/// assert_eq!((described[0].name.as_str(), described[0].ranks), ("tiny", 6));
/// assert!(describe_ini("").unwrap_err().starts_with("no section"));
/// ```
pub fn describe_ini(text: &str) -> Result<Vec<VariantDescription>, String> {
    let ini = super::ini::VariantsIni::read(text).map_err(|e| e.to_string())?;
    if ini.is_empty() {
        return Err("no section: a variant starts with [name] or [name:parent]".into());
    }
    ini.variants()
        .map(|v| v.map(|v| v.describe()).map_err(|e| e.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{VariantPosition, ini};

    /// Every built-in, written as a section and read back, is the same
    /// variant: the same rules resolved, pieces, start position and moves.
    #[test]
    fn every_builtin_is_built_again_from_its_section() {
        for v in Variant::builtins() {
            let d = v.describe();
            let Some(text) = d.ini_section() else {
                assert_eq!(d.gating, "musketeer", "{}", d.name);
                continue;
            };
            let again = ini::parse(&text)
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", d.name))
                .remove(0);
            let e = again.describe();
            assert_eq!(e.rules, d.rules, "{}\n{text}", d.name);
            assert_eq!(e.start_fen, d.start_fen, "{}", d.name);
            assert_eq!(e.promotion, d.promotion, "{}", d.name);
            let shape = |d: &VariantDescription| -> Vec<(char, String, String, i32)> {
                let mut pieces: Vec<_> = d
                    .pieces
                    .iter()
                    .map(|p| (p.letter, p.betza.clone(), format!("{:?}", p.kind), p.value))
                    .collect();
                pieces.sort();
                pieces
            };
            assert_eq!(shape(&e), shape(&d), "{}\n{text}", d.name);
            assert_eq!(
                VariantPosition::startpos(&again).perft(2),
                VariantPosition::startpos(&v).perft(2),
                "{}",
                d.name
            );
        }
    }

    #[test]
    fn a_section_gives_its_rules_resolved() {
        let v = &ini::parse("[mini:crazyhouse]\nmaxRank = 6\nmaxFile = e\nstartFen = rnbqk/ppppp/5/5/PPPPP/RNBQK w - - 0 1\ncastling = false\n").unwrap()[0];
        let d = v.describe();
        assert_eq!((d.files, d.ranks), (5, 6));
        assert_eq!(d.rules.get("pieceDrops"), Some(&RuleValue::Bool(true)));
        assert_eq!(d.rules.get("castling"), Some(&RuleValue::Bool(false)));
        assert_eq!(d.rules.get("castlingKingFile"), None);
    }
}
