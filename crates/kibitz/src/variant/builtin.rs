//! The built-in variants, with the rules and start positions of Fairy-Stockfish's
//! built-ins of the same names (read from its `variant.cpp`), Musketeer Chess from
//! its published rules, and `sixteen`, a 16 × 16 game with riders
//! Fairy-Stockfish does not play.

use super::VariantError;
use super::board::BoardSize;
use super::definition::Variant;
use super::rules::{CastlingRules, Cell, GameValue, Gating, PieceDef, PieceKind, Rules};
pub(crate) use super::rules::{chess_rules, pawn, piece};

/// The names of the built-in variants.
pub const BUILTIN_NAMES: &[&str] = &[
    "chess",
    "musketeer",
    "capablanca",
    "gothic",
    "janus",
    "embassy",
    "grand",
    "seirawan",
    "amazon",
    "nightrider",
    "grasshopper",
    "shako",
    "sixteen",
    "nocastle",
    "almost",
    "sortofalmost",
    "armageddon",
    "chigorin",
    "hoppelpoppel",
    "newzealand",
    "gardner",
    "losalamos",
    "centaur",
    "chancellor",
    "modern",
    "perfect",
    "crazyhouse",
    "loop",
    "chessgi",
    "pocketknight",
    "placement",
    "xiangqi",
    "minixiangqi",
    "makruk",
    // Makruk's relatives (makruk.rs).
    "makpong",
    "cambodian",
    "karouk",
    "asean",
    "ai-wok",
    "sittuyin",
    "janggi",
    "janggimodern",
    "janggicasual",
    "janggitraditional",
    "manchu",
    "kingofthehill",
    "racingkings",
    "3check",
    "5check",
    "antichess",
    "giveaway",
    "suicide",
    "extinction",
    "kinglet",
    "threekings",
    "atomic",
    "nocheckatomic",
    "horde",
    // The shogi family (variant/shogi.rs).
    "shogi",
    "minishogi",
    "mini",
    "kyotoshogi",
    "euroshogi",
    "judkins",
    "torishogi",
    "gorogoro",
    "yarishogi",
    "okisakishogi",
    "micro",
    "checkshogi",
    "shoshogi",
    "dobutsu",
    // Other objectives, historic games, pawns (objectives.rs, historic.rs, pawns.rs).
    "misere",
    "losers",
    "codrus",
    "knightmate",
    "atomar",
    "coregal",
    "shatranj",
    "chaturanga",
    "courier",
    "raazuvaa",
    "shatar",
    "torpedo",
    "berolina",
    "pawnsideways",
    "pawnback",
    // Chess960 and other pieces (chess960.rs, other_pieces.rs).
    "normal",
    "fischerandom",
    "caparandom",
    "fairy",
    "paradigm",
    "georgian",
    "tencubed",
    "opulent",
    "capahouse",
    "dragon",
    "wolf",
    // Kingless race games (chess_family below).
    "breakthrough",
    "jesonmor",
    // Boards with wall squares (`*` in the start position) and promotion
    // regions of single squares (chess_family below).
    "gustav3",
    "omicron",
    "troitzky",
    "legan",
    // Walling moves (walling.rs) and a race of one fox against four hounds.
    "amazons",
    "duck",
    "isolation",
    "isolation7x7",
    "snailtrail",
    "joust",
    "fox-and-hounds",
    // Drops on two boards and mixed with other rules (houses.rs).
    "bughouse",
    "koedem",
    "shouse",
    "supply",
    // Capture-only men (chess_family below).
    "clobber",
    "clobber10",
    // Petrification (petrify.rs).
    "petrified",
    // Duple check (duple.rs).
    "spartan",
    // Enclosing drops and flips (enclosing.rs).
    "ataxx",
    "flipersi",
    "flipello",
    "flipello10",
];

impl Rules {
    /// Sets the board size. As in Fairy-Stockfish, the pawn regions stay where
    /// they were (rank 2/7 double steps, rank 8/1 promotion) unless set.
    pub(crate) fn resize(&mut self, files: u32, ranks: u32) -> Result<(), VariantError> {
        self.size = BoardSize::new(files, ranks)?;
        if let Some(c) = self.castling.as_mut() {
            c.rook_kingside_file = (files - 1) as u8;
        }
        Ok(())
    }

    /// Inserts a piece type before the king, keeping type indices of the rest.
    pub(crate) fn add_piece(&mut self, def: PieceDef) -> u8 {
        let king = self.pieces.iter().position(|p| p.kind == PieceKind::King);
        self.insert_piece(king.unwrap_or(self.pieces.len()), def)
    }

    /// Inserts a piece type at index `at`, keeping the promotion choices and
    /// the castling pieces what they were.
    pub(crate) fn insert_piece(&mut self, at: usize, def: PieceDef) -> u8 {
        self.pieces.insert(at, def);
        self.promotion_limit.insert(at, 0);
        let at = at as u8;
        self.each_promotion_list(|list| {
            for t in list {
                if *t >= at {
                    *t += 1;
                }
            }
        });
        if let Some(c) = self.castling.as_mut() {
            c.rook_types = super::rules::types_after_insert(c.rook_types, at);
        }
        at
    }

    pub(crate) fn set_promotions(&mut self, letters: &str) {
        self.promotion_types = letters
            .chars()
            .filter_map(|c| self.type_of_letter(c))
            .collect();
        self.promotion_types_black = None;
    }

    /// Black's promotion choices, where they differ from White's.
    pub(crate) fn set_promotions_black(&mut self, letters: &str) {
        let black: Vec<u8> = letters
            .chars()
            .filter_map(|c| self.type_of_letter(c))
            .collect();
        self.promotion_types_black = (black != self.promotion_types).then_some(black);
    }
}

fn capablanca_like(
    name: &str,
    start: &str,
    kingside: u8,
    queenside: u8,
) -> Result<Rules, VariantError> {
    let mut r = chess_rules();
    r.name = name.to_string();
    r.resize(10, 8)?;
    r.add_piece(piece('A', "archbishop", "BN"));
    r.add_piece(piece('C', "chancellor", "RN"));
    r.start_fen = start.to_string();
    if let Some(c) = r.castling.as_mut() {
        c.kingside_file = kingside;
        c.queenside_file = queenside;
    }
    r.set_promotions("ACQRBN");
    Ok(r)
}

/// The ten Musketeer pieces with the Betza of the published perft tables.
pub(crate) const MUSKETEER_PIECES: &[(char, &str, &str)] = &[
    ('L', "leopard", "NB2"),
    ('C', "cannon", "llNrrNDK"),
    ('U', "unicorn", "CN"),
    ('D', "dragon", "QN"),
    ('M', "chancellor", "RN"),
    ('A', "archbishop", "BN"),
    ('E', "elephant", "KDA"),
    ('H', "hawk", "DHAG"),
    ('F', "fortress", "B3DfNbN"),
    ('S', "spider", "B2DN"),
];

pub(crate) fn rules_of(name: &str) -> Result<Rules, VariantError> {
    if let Some(r) = super::shogi::builtin_rules(name)? {
        return Ok(r);
    }
    if let Some((base, derive)) =
        super::other_pieces::derived(name).or_else(|| super::houses::derived(name))
    {
        let mut r = rules_of(base)?;
        derive(&mut r)?;
        r.name = name.to_string();
        return Ok(r);
    }
    let mut r = chess_rules();
    if super::ends::builtin_rules(name, &mut r)
        || super::objectives::builtin_rules(name, &mut r)
        || super::pawns::builtin_rules(name, &mut r)
        || super::historic::builtin_rules(name, &mut r)?
        || super::walling::builtin_rules(name, &mut r)?
        || super::petrify::builtin_rules(name, &mut r)?
        || super::duple::builtin_rules(name, &mut r)?
        || super::enclosing::builtin_rules(name, &mut r)?
    {
        r.name = name.to_string();
        return Ok(r);
    }
    match name {
        "chess" | "normal" => {}
        // Chess960 castling ([`super::chess960`]) on chess and on Capablanca.
        "fischerandom" => r.chess960 = true,
        "capablanca" | "caparandom" => {
            r = capablanca_like(
                name,
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                8,
                2,
            )?;
            r.chess960 = name == "caparandom";
        }
        "gothic" => {
            r = capablanca_like(
                name,
                "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
                8,
                2,
            )?
        }
        "embassy" => {
            r = capablanca_like(
                name,
                "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1",
                7,
                1,
            )?
        }
        "janus" => {
            r.resize(10, 8)?;
            r.add_piece(piece('J', "archbishop", "BN"));
            r.start_fen =
                "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1".to_string();
            if let Some(c) = r.castling.as_mut() {
                c.kingside_file = 8;
                c.queenside_file = 1;
            }
            r.set_promotions("JQRBN");
        }
        "grand" => {
            r.resize(10, 10)?;
            r.add_piece(piece('A', "archbishop", "BN"));
            r.add_piece(piece('C', "chancellor", "RN"));
            r.start_fen =
                "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
                    .to_string();
            r.set_promotions("ACQRBN");
            r.promotion_ranks = [0b11_1000_0000, 0b111];
            for (letter, limit) in [('A', 1), ('C', 1), ('Q', 1), ('R', 2), ('B', 2), ('N', 2)] {
                if let Some(t) = r.type_of_letter(letter) {
                    r.promotion_limit[usize::from(t)] = limit;
                }
            }
            r.mandatory_promotion = false;
            r.double_step = [1 << 2, 1 << 7];
            r.castling = None;
        }
        // Chess where every draw is Black's win (Fairy-Stockfish's `materialCounting
        // = blackdrawodds`).
        "armageddon" => {
            r.palace.material_counting = super::rules::MaterialCounting::BlackDrawOdds;
        }
        // Per-colour promotion choices: White's chancellor for Black's queen.
        "sortofalmost" => {
            r.add_piece(piece('C', "chancellor", "RN"));
            r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1".to_string();
            r.set_promotions("CRBN");
            r.set_promotions_black("QRBN");
        }
        "chigorin" => {
            r.add_piece(piece('C', "chancellor", "RN"));
            r.start_fen = "rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1".to_string();
            r.set_promotions("CRN");
            r.set_promotions_black("QRB");
        }
        "seirawan" => {
            r.add_piece(piece('H', "archbishop", "BN"));
            r.add_piece(piece('E', "chancellor", "RN"));
            r.start_fen =
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1"
                    .to_string();
            r.gating = Gating::Seirawan;
            r.set_promotions("HEQRBN");
        }
        "amazon" => {
            r.pieces.retain(|p| p.letter != 'Q');
            r.promotion_limit.pop();
            r.promotion_types.clear();
            r.add_piece(piece('A', "amazon", "QN"));
            r.start_fen = "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1".to_string();
            r.set_promotions("ARBN");
        }
        "nightrider" => {
            r.pieces[1] = piece('N', "nightrider", "NN");
        }
        "grasshopper" => {
            r.add_piece(piece('G', "grasshopper", "gQ"));
            r.start_fen = "rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1"
                .to_string();
            r.double_step = [0, 0];
            r.set_promotions("QRBNG");
        }
        "shako" => {
            r.resize(10, 10)?;
            r.add_piece(piece('E', "elephant", "FA"));
            r.add_piece(piece('C', "cannon", "mRcpR"));
            r.start_fen =
                "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1"
                    .to_string();
            r.set_promotions("QRBNCE");
            r.promotion_ranks = [1 << 9, 1];
            r.double_step = [1 << 2, 1 << 7];
            if let Some(c) = r.castling.as_mut() {
                c.king_file = 5;
                c.kingside_file = 7;
                c.queenside_file = 3;
                c.rook_kingside_file = 8;
                c.rook_queenside_file = 1;
                c.rank = 1;
            }
        }
        "musketeer" => {
            for &(letter, name, betza) in MUSKETEER_PIECES {
                r.add_piece(piece(letter, name, betza));
            }
            r.gating = Gating::Musketeer;
            r.chosen_promotions = true;
            r.start_fen =
                "********/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/********[] w KQkq - 0 1"
                    .to_string();
        }
        "crazyhouse" | "loop" | "chessgi" => {
            // Fairy-Stockfish's crazyhouse, and its loop (promoted pieces keep
            // their type in hand) and chessgi (loop, pawns dropped on the first rank).
            r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1".to_string();
            r.drops = super::rules::DropRules::CRAZYHOUSE;
            r.drops.drop_loop = name != "crazyhouse";
            r.drops.first_rank_pawn_drops = name == "chessgi";
        }
        "pocketknight" => {
            // Fairy-Stockfish's pocket knight: one knight each in hand, no captures to hand.
            r.start_fen =
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1".to_string();
            r.drops.enabled = true;
        }
        "placement" => {
            // Fairy-Stockfish's placement chess: the back ranks dropped first, on
            // them, bishops on both colours; a king and a rook dropped on their
            // squares castle.
            r.start_fen = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1".to_string();
            r.drops.enabled = true;
            r.drops.must_drop = true;
            r.drops.region = Some([1, 1 << 7]);
            r.drops.opposite_bishops = true;
            r.drops.castling_dropped_piece = true;
        }
        "sixteen" => {
            r.resize(16, 16)?;
            r.add_piece(piece('A', "archbishop", "BN"));
            r.add_piece(piece('M', "chancellor", "RN"));
            r.add_piece(piece('L', "camelrider", "CC"));
            r.add_piece(piece('Z', "zebrarider", "ZZ"));
            r.start_fen = "rlznbamqkmabnzlr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RLZNBAMQKMABNZLR w KQkq - 0 1".to_string();
            r.double_step = [1 << 1, 1 << 14];
            r.triple_step = r.double_step;
            r.promotion_ranks = [1 << 15, 1];
            r.set_promotions("QAMLZRBN");
            if let Some(c) = r.castling.as_mut() {
                c.king_file = 8;
                c.kingside_file = 12;
                c.queenside_file = 4;
            }
        }
        "xiangqi" => r = super::regions::xiangqi_rules()?,
        "minixiangqi" => r = super::regions::minixiangqi_rules()?,
        "manchu" => r = super::regions::manchu_rules()?,
        _ if let Some(janggi) = super::palace::janggi_rules(name)? => r = janggi,
        _ if let Some(family) = super::makruk::makruk_family(name)? => r = family,
        _ => {
            if !chess_family(name, &mut r)? {
                return Err(VariantError::UnknownVariant {
                    name: name.to_string(),
                    known: BUILTIN_NAMES.iter().map(|s| s.to_string()).collect(),
                });
            }
        }
    }
    r.name = name.to_string();
    Ok(r)
}

impl Variant {
    /// A built-in variant by name; the error lists the known names.
    ///
    /// ```
    /// use kibitz::variant::Variant;
    /// assert_eq!(Variant::builtin("shako")?.files(), 10);
    /// let err = Variant::builtin("chesss").unwrap_err().to_string();
    /// assert!(err.contains("known variants: chess, musketeer"));
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn builtin(name: &str) -> Result<Variant, VariantError> {
        Variant::from_rules(rules_of(name)?)
    }

    /// The names of the built-in variants.
    pub fn builtin_names() -> &'static [&'static str] {
        BUILTIN_NAMES
    }

    /// The variant called `name`: the section of that name among `sections` (a
    /// user's `variants.ini`, which may redefine a built-in), else a built-in
    /// one. The error lists every name known, the built-ins then the sections.
    ///
    /// ```
    /// use kibitz::variant::{Variant, ini};
    /// let sections = ini::parse("[mychess:chess]\nmaxRank = 9\nstartFen = 8/8/8/8/8/8/8/8/K6k w - - 0 1\n")?;
    /// assert_eq!(Variant::find("mychess", &sections)?.ranks(), 9);
    /// assert_eq!(Variant::find("capablanca", &sections)?.files(), 10);
    /// let err = Variant::find("nosuch", &sections).unwrap_err().to_string();
    /// assert!(err.contains("chess, musketeer") && err.ends_with("mychess"), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find(name: &str, sections: &[Variant]) -> Result<Variant, VariantError> {
        match sections.iter().find(|v| v.name() == name) {
            Some(v) => Ok(v.clone()),
            None => Variant::builtin_or_unknown(name, sections.iter().map(|v| v.name())),
        }
    }

    /// A built-in variant by name; the error lists the built-ins, then `others`
    /// (the sections that were looked at first).
    pub(crate) fn builtin_or_unknown<'a>(
        name: &str,
        others: impl Iterator<Item = &'a str>,
    ) -> Result<Variant, VariantError> {
        Variant::builtin(name).map_err(|err| match err {
            VariantError::UnknownVariant { name, mut known } => {
                known.extend(others.map(str::to_string));
                VariantError::UnknownVariant { name, known }
            }
            other => other,
        })
    }
}

/// The piece of White letter `letter` becomes `def`, in place: it keeps its
/// type index, so its promotion and castling roles stay.
fn replace_piece(r: &mut Rules, letter: char, def: PieceDef) {
    if let Some(t) = r.type_of_letter(letter) {
        r.pieces[usize::from(t)] = def;
    }
}

/// Fairy-Stockfish's built-ins that are chess with other pieces or another
/// board, as its `variant.cpp` defines them; `r` is chess's rules. Whether
/// `name` is one of them.
fn chess_family(name: &str, r: &mut Rules) -> Result<bool, VariantError> {
    match name {
        "nocastle" => {
            r.castling = None;
            r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string();
        }
        "almost" => {
            // The queen's slot becomes the chancellor's: it promotes in her place.
            replace_piece(r, 'Q', piece('C', "chancellor", "RN"));
            r.start_fen = "rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1".to_string();
        }
        "hoppelpoppel" => {
            replace_piece(r, 'N', piece('N', "knibis", "mNcB"));
            replace_piece(r, 'B', piece('B', "biskni", "mBcN"));
        }
        "newzealand" => {
            replace_piece(r, 'R', piece('R', "rookni", "mRcN"));
            replace_piece(r, 'N', piece('N', "kniroo", "mNcR"));
        }
        "gardner" => {
            r.resize(5, 5)?;
            r.start_fen = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1".to_string();
            r.promotion_ranks = [1 << 4, 1];
            r.double_step = [0, 0];
            r.castling = None;
        }
        "losalamos" => {
            r.resize(6, 6)?;
            r.castling = None;
            if let Some(b) = r.type_of_letter('B') {
                r.pieces.remove(usize::from(b));
                r.promotion_limit.remove(usize::from(b));
            }
            r.set_promotions("QRN");
            r.start_fen = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1".to_string();
            r.promotion_ranks = [1 << 5, 1];
            r.double_step = [0, 0];
        }
        "centaur" => {
            r.resize(10, 8)?;
            r.add_piece(piece('C', "centaur", "KN"));
            r.start_fen =
                "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1".to_string();
            r.set_promotions("CQRBN");
            if let Some(c) = r.castling.as_mut() {
                c.kingside_file = 8;
                c.queenside_file = 2;
            }
        }
        "chancellor" | "modern" => {
            r.resize(9, 9)?;
            r.promotion_ranks = [1 << 8, 1];
            r.double_step = [1 << 1, 1 << 7];
            if name == "chancellor" {
                r.add_piece(piece('C', "chancellor", "RN"));
                r.start_fen =
                    "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1".to_string();
                r.set_promotions("CQRBN");
            } else {
                r.add_piece(piece('M', "archbishop", "BN"));
                r.start_fen =
                    "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1".to_string();
                r.set_promotions("MQRBN");
            }
        }
        "perfect" => {
            let c = r.add_piece(piece('C', "chancellor", "RN"));
            r.add_piece(piece('M', "archbishop", "BN"));
            r.add_piece(piece('G', "amazon", "QN"));
            r.start_fen = "cmqgkbnr/pppppppp/8/8/8/8/PPPPPPPP/CMQGKBNR w KQkq - 0 1".to_string();
            r.set_promotions("GCMQRBN");
            // The chancellor castles too (on the queenside it stands in the corner).
            if let Some(castling) = r.castling.as_mut() {
                castling.rook_types |= 1 << c;
            }
        }
        "breakthrough" => {
            // Fairy-Stockfish's breakthrough: one kind of man, stepping forward
            // (straight ahead only without taking), no king; the first to reach
            // the far rank wins, and a side with no move loses.
            r.only_pieces(vec![piece('P', "breakthrough", "fmWfF")]);
            r.start_fen = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1".to_string();
            r.stalemate = GameValue::Loss;
            r.ends.flag_letter = [Some('P'); 2];
            r.ends.flag_cells = [vec![Cell::Rank(7)], vec![Cell::Rank(0)]];
        }
        "clobber" | "clobber10" => {
            // Clobber: one kind of man, filling the board in a chequer, that
            // only moves by taking an enemy man next to it (orthogonally); no
            // king, and a side with no move loses.
            let (side, start) = if name == "clobber" {
                (5, "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w 0 1".to_string())
            } else {
                let rows = ["PpPpPpPpPp", "pPpPpPpPpP"];
                let board: Vec<&str> = (0..10).map(|i| rows[i % 2]).collect();
                (10, format!("{} w 0 1", board.join("/")))
            };
            r.resize(side, if name == "clobber" { 6 } else { 10 })?;
            r.only_pieces(vec![piece('P', "clobber", "cW")]);
            r.start_fen = start;
            r.stalemate = GameValue::Loss;
        }
        "jesonmor" => {
            // Fairy-Stockfish's Jeson Mor: nine knights a side on 9 × 9, no king;
            // a knight on the centre square e5 wins unless the reply takes it
            // (its flagMove), and a side with no move loses.
            r.resize(9, 9)?;
            r.only_pieces(vec![piece('N', "knight", "N")]);
            r.start_fen = "nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w - - 0 1".to_string();
            r.stalemate = GameValue::Loss;
            r.ends.flag_letter = [Some('N'); 2];
            r.ends.flag_cells = [vec![Cell::Square(4, 4)], vec![Cell::Square(4, 4)]];
            r.ends.flag_move = true;
        }
        "gustav3" => {
            // Gustav III's chess: 10 × 8, an amazon in each corner and wall
            // squares beside the pawns' files; the king castles to h or d.
            r.resize(10, 8)?;
            r.add_piece(piece('A', "amazon", "QN"));
            r.start_fen =
                "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
                    .to_string();
            r.set_promotions("AQRBN");
            if let Some(c) = r.castling.as_mut() {
                c.kingside_file = 7;
                c.queenside_file = 3;
            }
        }
        "omicron" => {
            // Omicron chess: Omega chess on 12 × 10, the playing field framed by
            // walls but for the wizards' corners; castling on the second rank.
            r.resize(12, 10)?;
            r.add_piece(piece('C', "champion", "DAW"));
            r.add_piece(piece('W', "wizard", "CF"));
            r.start_fen = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/\
                           *PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1"
                .to_string();
            r.set_promotions("WCQRBN");
            r.promotion_ranks = [0b11 << 8, 0b11];
            r.double_step = [1 << 2, 1 << 7];
            if let Some(c) = r.castling.as_mut() {
                c.kingside_file = 8;
                c.queenside_file = 4;
                c.rank = 1;
            }
        }
        "troitzky" => {
            // Troitzky chess: 10 × 10 cut to a rounded board by walls, each
            // file promoting where it ends (single squares, not a rank).
            r.resize(10, 10)?;
            r.start_fen = "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/\
                           **RNBBNR**/****QK**** w - - 0 1"
                .to_string();
            let region = |text: &str| {
                super::regions::parse_region(r.size, text).map_err(VariantError::Definition)
            };
            r.regions.promotion_squares = [
                Some(region("a6 b8 c9 d9 e10 f10 g9 h9 i8 j6")?),
                Some(region("a5 b3 c2 d2 e1 f1 g2 h2 i3 j5")?),
            ];
            r.promotion_ranks = [0, 0];
            r.double_step = [1 << 2, 1 << 7];
            r.castling = None;
        }
        "legan" => {
            // Legan chess: the armies in two corners, pawns moving diagonally
            // towards the a8 (h1) corner and taking straight, promoting on the
            // edge squares around it.
            r.only_pieces(chess_rules().pieces);
            r.pieces[0] = piece('P', "customPiece1", &super::regions::fsf_betza("mflFcflW"));
            r.pawn_keys.pawn_types = Some(vec!['P']);
            r.set_promotions("QRBN");
            // Castling stays on, as in Fairy-Stockfish (its start position has
            // no right, but a FEN's castling field is read and checked).
            r.castling = chess_rules().castling;
            r.start_fen = "knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1".to_string();
            let region = |text: &str| {
                super::regions::parse_region(r.size, text).map_err(VariantError::Definition)
            };
            r.regions.promotion_squares = [
                Some(region("a8 b8 c8 d8 a7 a6 a5")?),
                Some(region("e1 f1 g1 h1 h2 h3 h4")?),
            ];
            r.promotion_ranks = [0, 0];
        }
        "fox-and-hounds" => {
            // Fox and hounds: White's fox (stepping diagonally) wins on the
            // eighth rank, Black's four hounds (stepping diagonally forward)
            // win by leaving it no move; nothing is taken.
            r.only_pieces(vec![
                piece('H', "customPiece1", "mfF"),
                piece('F', "customPiece2", "mF"),
            ]);
            r.start_fen = "1h1h1h1h/8/8/8/8/8/8/4F3 w - - 0 1".to_string();
            // Castling stays on without a piece to castle, as there.
            r.castling = chess_rules()
                .castling
                .map(|c| CastlingRules { rook_types: 0, ..c });
            r.stalemate = GameValue::Loss;
            r.ends.flag_letter = [Some('F'), None];
            r.ends.flag_cells = [vec![Cell::Rank(7)], Vec::new()];
        }
        _ => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantPosition};

    /// Perft 1–3 from the start of the built-ins with walls and square regions,
    /// Clobber's and Petrified's, as pyffish 0.0.90 counts them (its
    /// `legal_moves`, recursively; Fairy-Stockfish's `go perft` agrees).
    #[test]
    fn walled_and_square_region_builtins_count_as_fairy_stockfish() {
        for (name, counts) in [
            ("gustav3", [22, 484, 12_804]),
            ("omicron", [30, 900, 29_540]),
            ("troitzky", [20, 400, 8_766]),
            ("legan", [8, 64, 724]),
            ("clobber", [49, 2_116, 80_063]),
            ("clobber10", [180, 31_252, 5_231_000]),
            ("petrified", [20, 400, 10_022]),
        ] {
            let v = Variant::builtin(name).unwrap();
            let pos = VariantPosition::startpos(&v);
            for (depth, &n) in (1..).zip(&counts) {
                assert_eq!(pos.perft(depth), n, "{name} perft {depth}");
            }
        }
    }
}
