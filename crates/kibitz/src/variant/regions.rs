//! Regions of the board and the rules of the Eastern games that rest on them,
//! as Fairy-Stockfish has them (its `variant.cpp`, `position.h`):
//!
//! - **mobility regions** (`mobilityRegionWhite<Piece>`): a piece type of one
//!   colour may only move to (and attack) the squares of its region: the
//!   xiangqi general and advisors in their palace, the elephants on their side
//!   of the river. A rider that only moves along its lines (Buffalo's) rides
//!   through any square and stops only in its region; one that captures along
//!   them is refused (the reverse attack tables know no region);
//! - **the soldier** (`soldierPromotionRank`): Fairy-Stockfish's `soldier` moves
//!   `fsW` (forward and sideways), but only forward until it reaches that rank
//!   (relative to its side), i.e. until it has crossed the river;
//! - **the flying general** (`flyingGeneral`): the two kings may not face each
//!   other on an open line. It is not a check (a position where they face is
//!   never reached), so it is played as an attack-only rook line of each king:
//!   a move that leaves the kings facing leaves the mover's king attacked, and
//!   the piece between them is pinned.
//!
//! All three are applied once, to the tables a variant is turned into
//! ([`super::tables`]): a leap out of the region, or a soldier's sideways step
//! before the river, is simply not in the table, and the kings' lines are extra
//! entries of the reverse ray tables. The hot path does not change.
//!
//! Also here: Fairy-Stockfish's Betza dialect where it differs from standard
//! Betza ([`fsf_betza`]), the region syntax of its `variants.ini`
//! ([`parse_region`]), and the Eastern built-ins ([`xiangqi_rules`],
//! [`minixiangqi_rules`]).

use super::VariantError;
use super::board::{BoardSize, Sq, WideBitboard};
use super::rules::{
    CountingRule, GameValue, PieceDef, PieceKind, Regions, Rules, chess_rules, piece,
};

impl Regions {
    /// Is any rule of the module in use?
    pub fn any(&self) -> bool {
        !self.mobility.is_empty() || self.soldier_rank > 0 || self.flying_general
    }

    /// The region of the piece `name` of colour `c`, if it has one.
    pub fn region(&self, name: &str, c: usize) -> Option<&WideBitboard> {
        self.mobility
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, r)| r[c].as_ref())
    }

    /// Sets the region of the piece `name` for colour `c`.
    pub fn set_region(&mut self, name: &str, c: usize, region: WideBitboard) {
        match self.mobility.iter_mut().find(|(n, _)| n == name) {
            Some((_, r)) => r[c] = Some(region),
            None => {
                let mut r = [None, None];
                r[c] = Some(region);
                self.mobility.push((name.to_string(), r));
            }
        }
    }

    /// The letter SAN writes for a moving piece whose FEN letter is `letter`.
    pub fn san_letter(&self, letter: char) -> char {
        self.san_synonyms
            .iter()
            .find(|(l, _)| *l == letter)
            .map_or(letter, |&(_, s)| s)
    }

    /// May a leap of the piece `def` of colour `c` go from `from` to `to`? Its
    /// region holds `to`, and a soldier short of its rank steps along its file.
    pub fn allows_leap(&self, size: BoardSize, def: &PieceDef, c: usize, from: Sq, to: Sq) -> bool {
        if let Some(region) = self.region(&def.name, c)
            && !region.contains(to)
        {
            return false;
        }
        if def.name == "soldier" {
            let rank = size.rank_of(from);
            let relative = if c == 0 {
                rank
            } else {
                size.ranks() - 1 - rank
            };
            if relative < self.soldier_rank && size.file_of(from) != size.file_of(to) {
                return false;
            }
        }
        true
    }

    /// Checks what the tables cannot play: a region on a rider that captures
    /// along its lines (the reverse attack tables know no region). A rider that
    /// only moves along its lines may have one: as in Fairy-Stockfish, it rides
    /// through any square and stops only in its region (the move generator cuts
    /// its targets, `Tables::ride_region`).
    pub fn check(&self, rules: &Rules) -> Result<(), VariantError> {
        for (name, _) in &self.mobility {
            let Some(def) = rules.pieces.iter().find(|p| &p.name == name) else {
                continue;
            };
            let letter = def.letter;
            let components = crate::mobility::betza::parse_components(&def.betza);
            if components.is_ok_and(|cs| {
                cs.iter()
                    .any(|c| (c.range.is_some() || c.hop.is_some()) && c.captures)
            }) {
                return Err(VariantError::Definition(format!(
                    "a mobility region for `{letter}` ({}), a rider that captures along its lines: \
                     regions are supported for leapers and for riders that only move",
                    def.betza
                )));
            }
        }
        Ok(())
    }
}

/// The set of squares of `files` × `ranks` (0-based, inclusive ranges).
fn rectangle(size: BoardSize, files: (u8, u8), ranks: (u8, u8)) -> WideBitboard {
    let mut out = WideBitboard::EMPTY;
    for f in files.0..=files.1 {
        for r in ranks.0..=ranks.1 {
            if let Some(sq) = size.square_index(i32::from(f), i32::from(r)) {
                out.insert(sq);
            }
        }
    }
    out
}

/// The squares of the ranks of `ranks` (a bit per rank from 0), or `squares`
/// where a section gave the region square by square.
pub(crate) fn ranks_or_squares(
    size: BoardSize,
    ranks: u16,
    squares: Option<WideBitboard>,
) -> WideBitboard {
    if let Some(squares) = squares {
        return squares;
    }
    let mut out = WideBitboard::EMPTY;
    for rank in (0..size.ranks()).filter(|&r| ranks >> r & 1 != 0) {
        out |= rectangle(size, (0, size.files() - 1), (rank, rank));
    }
    out
}

impl Rules {
    /// The promotion region of colour `c` as squares: the squares a section
    /// gave (`promotionRegionWhite = a6 b8 c9 …`: Troitzky's, Sittuyin's
    /// diagonals), else the promotion ranks.
    pub(crate) fn promotion_region(&self, c: usize) -> WideBitboard {
        ranks_or_squares(
            self.size,
            self.promotion_ranks[c],
            self.regions.promotion_squares[c],
        )
    }

    /// The squares from which a pawn of colour `c` steps two (Fairy-Stockfish's
    /// `doubleStepRegion`, and where its `i` moves start).
    pub(crate) fn double_step_region(&self, c: usize) -> WideBitboard {
        ranks_or_squares(
            self.size,
            self.double_step[c],
            self.regions.double_step_squares[c],
        )
    }

    /// The squares from which a pawn of colour `c` steps three (`tripleStepRegion`).
    pub(crate) fn triple_step_region(&self, c: usize) -> WideBitboard {
        ranks_or_squares(
            self.size,
            self.triple_step[c],
            self.regions.triple_step_squares[c],
        )
    }
}

/// Reads Fairy-Stockfish's region syntax (its `parser.cpp`): squares and whole
/// ranks or files separated by spaces, `*3` a rank, `c*` a file, `d1` a square
/// (a union, as Fairy-Stockfish builds it).
pub(crate) fn parse_region(size: BoardSize, value: &str) -> Result<WideBitboard, String> {
    let mut out = WideBitboard::EMPTY;
    let files = size.files();
    let ranks = size.ranks();
    // `-` is the empty region.
    for token in value.split_whitespace().filter(|&t| t != "-") {
        let bad = || format!("`{token}` is not a square, `*<rank>` or `<file>*`");
        let mut chars = token.chars();
        let first = chars.next().ok_or_else(bad)?;
        let rest: &str = chars.as_str();
        let file = match first {
            '*' => None,
            'a'..='p' => Some(first as u8 - b'a'),
            _ => return Err(bad()),
        };
        let rank = if rest == "*" {
            None
        } else {
            let n: u8 = rest.parse().map_err(|_| bad())?;
            if n == 0 || n > ranks {
                return Err(format!("rank {n} of `{token}` is off the board"));
            }
            Some(n - 1)
        };
        if file.is_some_and(|f| f >= files) {
            return Err(format!("file of `{token}` is off the board"));
        }
        let fs = file.map_or((0, files - 1), |f| (f, f));
        let rs = rank.map_or((0, ranks - 1), |r| (r, r));
        if file.is_none() && rank.is_none() {
            return Err(bad());
        }
        out |= rectangle(size, fs, rs);
    }
    Ok(out)
}

/// The `variants.ini` keys of this module (Fairy-Stockfish's names): `Ok(true)`
/// when `key` is one of them and was applied, `Ok(false)` when it is not one.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    let boolean = |v: &str| match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("`{v}` is not true or false")),
    };
    if let Some(rest) = key.strip_prefix("mobilityRegion") {
        let (c, piece) = if let Some(p) = rest.strip_prefix("White") {
            (0, p)
        } else if let Some(p) = rest.strip_prefix("Black") {
            (1, p)
        } else {
            return Ok(false);
        };
        // Fairy-Stockfish's key capitalises the piece's name: `King`, `CustomPiece1`.
        let mut name = piece.to_string();
        if let Some(first) = name.get(..1) {
            let lower = first.to_ascii_lowercase();
            name.replace_range(..1, &lower);
        }
        if name.is_empty() {
            return Err("no piece named in the key".to_string());
        }
        let region = parse_region(rules.size, value)?;
        rules.regions.set_region(&name, c, region);
        return Ok(true);
    }
    match key {
        "flyingGeneral" => rules.regions.flying_general = boolean(value)?,
        "makpongRule" => rules.regions.makpong = boolean(value)?,
        "cambodianMoves" => rules.regions.cambodian_moves = boolean(value)?,
        "sittuyinPromotion" => rules.regions.sittuyin_promotion = boolean(value)?,
        "countingRule" => {
            rules.regions.counting = match value {
                "makruk" => CountingRule::Makruk,
                "cambodian" => CountingRule::Cambodian,
                "asean" => CountingRule::Asean,
                "none" => CountingRule::None,
                _ => return Err(format!("`{value}` is not a counting rule")),
            }
        }
        "soldierPromotionRank" => {
            let n: u8 = value
                .parse()
                .map_err(|_| format!("`{value}` is not a rank number"))?;
            if n == 0 || n > rules.size.ranks() {
                return Err(format!("rank {n} is off the board"));
            }
            rules.regions.soldier_rank = n - 1;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Fairy-Stockfish's reading of Betza (its `piece.cpp`) where it differs from the
/// standard one kibitz reads, rewritten into standard Betza:
///
/// - a two-letter direction of a vertical and a horizontal letter on a lone
///   orthogonal atom (`fsW`, `frW`) is split into its two letters (`fWsW`: the
///   soldier's forward and sideways steps, where standard Betza's `fs` selects
///   nothing of a wazir);
/// - a lone direction letter on an oblique atom is doubled (`fN` = `ffN`, the
///   two narrow forward leaps, where standard Betza means all four forward);
/// - its halves on oblique and diagonal atoms (`fhN`, `hrN`), see [`halves`].
///
/// Any other text is returned as it is.
pub(crate) fn fsf_betza(text: &str) -> String {
    const VERTICAL: &str = "fbv";
    const HORIZONTAL: &str = "lrs";
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        // One component: lowercase modifiers, then the atom and what follows it.
        let start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let Some(&atom) = chars.get(i) else {
            out.extend(&chars[start..]);
            break;
        };
        let mut end = i + 1;
        while end < chars.len() && (chars[end].is_ascii_digit() || chars[end] == atom) {
            end += 1;
        }
        let modifiers = &chars[start..i];
        let tail: String = chars[i..end].iter().collect();
        i = end;
        // The direction letters as Fairy-Stockfish groups them (a pair, or a lone
        // letter), and the other modifiers.
        let is_dir = |x: char| VERTICAL.contains(x) || HORIZONTAL.contains(x) || x == 'h';
        let vertical = |x: char| VERTICAL.contains(x) || x == 'h';
        let horizontal = |x: char| HORIZONTAL.contains(x) || x == 'h';
        let mut groups: Vec<Vec<char>> = Vec::new();
        let mut others = String::new();
        let mut k = 0;
        while k < modifiers.len() {
            let c = modifiers[k];
            if !is_dir(c) {
                others.push(c);
                k += 1;
                continue;
            }
            match modifiers.get(k + 1) {
                Some(&c2)
                    if c2 == c
                        || (vertical(c) && horizontal(c2))
                        || (horizontal(c) && vertical(c2)) =>
                {
                    groups.push(vec![c, c2]);
                    k += 2;
                }
                _ => {
                    groups.push(vec![c]);
                    k += 1;
                }
            }
        }
        let mixed = |g: &Vec<char>| g.len() == 2 && g[0] != g[1];
        if let Some(directions) = halves(&groups, atom) {
            out.push_str(&others);
            out.push_str(&directions);
            out.push_str(&tail);
        } else if matches!(atom, 'W' | 'D' | 'H' | 'R') && groups.iter().any(mixed) {
            // Split: each letter of a mixed pair alone (`h` alone selects nothing).
            for g in &groups {
                let letters = if mixed(g) { g.clone() } else { vec![g[0]] };
                for l in letters.into_iter().filter(|&l| l != 'h') {
                    out.push_str(&others);
                    out.push(l);
                    out.push_str(&tail);
                }
            }
        } else if matches!(atom, 'N' | 'C' | 'Z') && groups.iter().any(|g| g.len() == 1) {
            // A lone letter on an oblique atom means its doubled pair.
            out.push_str(&others);
            for g in &groups {
                out.push(g[0]);
                out.push(*g.get(1).unwrap_or(&g[0]));
            }
            out.push_str(&tail);
        } else if matches!(atom, 'F' | 'A' | 'B' | 'G')
            && groups
                .iter()
                .any(|g| mixed(g) && HORIZONTAL.contains(g[0]) && VERTICAL.contains(g[1]))
        {
            // `rf` is one diagonal (right-forward) to Fairy-Stockfish, as `fr`
            // is; kibitz's Betza reads a side letter first as the whole side.
            out.push_str(&others);
            for g in &groups {
                if mixed(g) && HORIZONTAL.contains(g[0]) && VERTICAL.contains(g[1]) {
                    out.push(g[1]);
                    out.push(g[0]);
                } else {
                    out.extend(g);
                }
            }
            out.push_str(&tail);
        } else {
            out.extend(modifiers);
            out.push_str(&tail);
        }
    }
    out
}

/// The direction letters, in standard Betza, of a component of an oblique
/// (`N`, `C`, `Z`) or diagonal (`F`, `A`, `G`, `B`) atom whose directions
/// include one of Fairy-Stockfish's halves; None when they include none, or a
/// form this does not rewrite (it is then read as written, and refused).
///
/// To Fairy-Stockfish (its `piece.cpp`), `fh`, `bh`, `rh` and `lh` are every
/// move with a forward, backward, rightward or leftward part: standard Betza's
/// lone `f`, `b`, `r`, `l`. `hr` and `hl` are the chiral halves of an oblique
/// atom (`hr` holds two forward and one right, and its quarter turns: kibitz's
/// `rh`), and every move of a diagonal one. A lone `h` adds nothing.
fn halves(groups: &[Vec<char>], atom: char) -> Option<String> {
    let oblique = matches!(atom, 'N' | 'C' | 'Z');
    if !(oblique || matches!(atom, 'F' | 'A' | 'G' | 'B'))
        || !groups.iter().any(|g| g.len() == 2 && g.contains(&'h'))
    {
        return None;
    }
    let mut out = String::new();
    let mut every = false;
    for g in groups {
        match g.as_slice() {
            ['h'] => {}
            [c, 'h'] if "fblr".contains(*c) => out.push(*c),
            ['h', c] if "lr".contains(*c) => {
                if oblique {
                    out.push(*c);
                    out.push('h');
                } else {
                    every = true;
                }
            }
            // A lone letter of an oblique atom is its doubled pair (above).
            [c] if oblique => {
                out.push(*c);
                out.push(*c);
            }
            [c] if *c != 'h' => out.push(*c),
            [a, b] if *a != 'h' && *b != 'h' => {
                out.push(*a);
                out.push(*b);
            }
            _ => return None,
        }
    }
    if every {
        out.clear();
    } else if out.is_empty() {
        return None;
    }
    Some(out)
}

/// Minixiangqi (Fairy-Stockfish's `minixiangqi`): 7 × 7, chariot, horse, general
/// in the palace c–e 1–3, cannon, soldier; the flying general; stalemate loses.
pub(crate) fn minixiangqi_rules() -> Result<Rules, VariantError> {
    let mut r = chess_rules();
    r.name = "minixiangqi".to_string();
    r.resize(7, 7)?;
    r.pieces = vec![
        piece('R', "rook", "R"),
        piece('N', "horse", "nN"),
        piece('C', "cannon", "mRcpR"),
        piece('P', "soldier", "fWsW"),
        PieceDef {
            letter: 'K',
            name: "king".to_string(),
            betza: "W".to_string(),
            kind: PieceKind::King,
        },
    ];
    r.promotion_limit = vec![0; r.pieces.len()];
    r.promotion_types.clear();
    r.promotion_ranks = [0, 0];
    r.double_step = [0, 0];
    r.en_passant = false;
    r.castling = None;
    r.stalemate = GameValue::Loss;
    r.start_fen = "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1".to_string();
    let size = r.size;
    r.regions
        .set_region("king", 0, rectangle(size, (2, 4), (0, 2)));
    r.regions
        .set_region("king", 1, rectangle(size, (2, 4), (4, 6)));
    r.regions.soldier_rank = 0;
    r.regions.san_synonyms = vec![('N', 'H')];
    r.regions.flying_general = true;
    // The xiangqi family's repetitions: perpetual check loses (its chasing
    // rule, which xiangqi adds, kibitz does not judge).
    r.ends.perpetual_check_illegal = true;
    Ok(r)
}

/// Xiangqi (Fairy-Stockfish's `xiangqi`, without its chasing rules): 9 × 10;
/// general and advisors in the palace d–f 1–3, elephants (`nA`) on their side of
/// the river, horse `nN`, cannon `mRcpR`, soldiers stepping sideways from the
/// sixth rank; the flying general; stalemate loses.
pub(crate) fn xiangqi_rules() -> Result<Rules, VariantError> {
    let mut r = minixiangqi_rules()?;
    r.name = "xiangqi".to_string();
    r.resize(9, 10)?;
    let king = r.pieces.pop();
    r.pieces.push(piece('B', "elephant", "nA"));
    r.pieces.push(piece('A', "fers", "F"));
    r.pieces.extend(king);
    r.promotion_limit = vec![0; r.pieces.len()];
    r.start_fen =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_string();
    let size = r.size;
    r.regions = Regions::default();
    for (c, ranks) in [(0, (0, 2)), (1, (7, 9))] {
        let palace = rectangle(size, (3, 5), ranks);
        r.regions.set_region("king", c, palace);
        r.regions.set_region("fers", c, palace);
    }
    r.regions
        .set_region("elephant", 0, rectangle(size, (0, 8), (0, 4)));
    r.regions
        .set_region("elephant", 1, rectangle(size, (0, 8), (5, 9)));
    r.regions.soldier_rank = 5;
    r.regions.san_synonyms = vec![('N', 'H'), ('B', 'E')];
    r.regions.flying_general = true;
    Ok(r)
}

/// Manchu (Fairy-Stockfish's `manchu`): xiangqi where White has, for its
/// chariots, horses and cannons, one banner `M` (`RcpRnN`: a chariot that also
/// captures as a cannon and leaps as a horse).
pub(crate) fn manchu_rules() -> Result<Rules, VariantError> {
    let mut r = xiangqi_rules()?;
    r.name = "manchu".to_string();
    let king = r.pieces.pop();
    r.pieces.push(piece('M', "banner", "RcpRnN"));
    r.pieces.extend(king);
    r.promotion_limit = vec![0; r.pieces.len()];
    r.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1".to_string();
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Variant, VariantPosition};

    #[test]
    fn fairy_stockfish_betza_dialect() {
        assert_eq!(fsf_betza("fsW"), "fWsW");
        assert_eq!(fsf_betza("mRcpR"), "mRcpR");
        assert_eq!(fsf_betza("nN"), "nN");
        assert_eq!(fsf_betza("fN"), "ffN");
        assert_eq!(fsf_betza("fmWfceF"), "fmWfceF");
        assert_eq!(fsf_betza("K"), "K");
        assert_eq!(fsf_betza("mfrW2"), "mfW2mrW2");
        assert_eq!(fsf_betza("lN"), "llN");
        assert_eq!(fsf_betza("fsN"), "fsN");
        // One diagonal, whichever letter comes first.
        assert_eq!(fsf_betza("mrfF"), "mfrF");
        assert_eq!(fsf_betza("mfrWmrfF"), "mfWmrWmfrF");
        // Halves: `fh` every forward move, `hr` the chiral half.
        assert_eq!(fsf_betza("mfhNcfW"), "mfNcfW");
        assert_eq!(fsf_betza("mfWcfFfhmnN"), "mfWcfFmnfN");
        assert_eq!(fsf_betza("rhN"), "rN");
        assert_eq!(fsf_betza("hlN"), "lhN");
        assert_eq!(fsf_betza("bhF"), "bF");
        assert_eq!(fsf_betza("hrF"), "F");
    }

    #[test]
    fn regions_read_as_fairy_stockfish_writes_them() {
        let size = BoardSize::new(9, 10).unwrap();
        let palace = parse_region(size, "d1 e1 f1 d2 e2 f2 d3 e3 f3").unwrap();
        assert_eq!(palace, rectangle(size, (3, 5), (0, 2)));
        assert_eq!(parse_region(size, "*1 *2").unwrap().count(), 18);
        assert_eq!(parse_region(size, "c*").unwrap().count(), 10);
        assert!(parse_region(size, "z9").is_err());
        assert!(parse_region(size, "a11").is_err());
    }

    /// Promotion and double-step regions of single squares (Troitzky's
    /// promotion edge, Wolf chess's extra double steps): the move list is
    /// pyffish 0.0.90's for the same section and FEN.
    #[test]
    fn promotion_and_double_step_regions_of_any_squares() {
        let ini = crate::variant::ini::VariantsIni::read(
            "[sqregions:chess]\nmaxRank = 10\nmaxFile = j\n\
             startFen = 4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1\n\
             promotionRegionWhite = a6 b8 c9 d9 e10 f10 g9 h9 i8 j6\n\
             promotionRegionBlack = a5 b3 c2 d2 e1 f1 g2 h2 i3 j5\n\
             doubleStepRegionWhite = *2 b3 c3\ndoubleStepRegionBlack = *9\ncastling = false\n",
        )
        .unwrap();
        let v = ini.find("sqregions").unwrap();
        let pos =
            VariantPosition::from_fen(&v, "4k5/10/10/1PP7/10/P9/10/1PP7/10/4K5 w - - 0 1").unwrap();
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        moves.sort();
        let expected = [
            "a5a6b", "a5a6n", "a5a6q", "a5a6r", "b3b4", "b3b5", "b7b8b", "b7b8n", "b7b8q", "b7b8r",
            "c3c4", "c3c5", "c7c8", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ];
        assert_eq!(moves, expected);
        // Counted as listed (the bulk pawn count reads the same regions).
        assert_eq!(pos.perft(1), expected.len() as u64);
        // The regions are written back square by square, and read again the same.
        let text = v.describe().ini_section().unwrap();
        assert!(text.contains("doubleStepRegionWhite = "), "{text}");
        let again = &crate::variant::ini::parse(&text).unwrap()[0];
        let pos2 = VariantPosition::from_fen(again, &pos.fen()).unwrap();
        assert_eq!(pos2.perft(2), pos.perft(2));
    }

    /// Fairy-Stockfish's own perft numbers, from its repository's `tests/perft.sh`
    /// (`xiangqi startpos 4 3290240`, and a position with the kings on one file).
    #[test]
    fn xiangqi_perft_of_fairy_stockfish_tests() {
        let v = Variant::builtin("xiangqi").unwrap();
        let pos = VariantPosition::startpos(&v);
        assert_eq!(pos.perft(1), 44);
        assert_eq!(pos.perft(4), 3_290_240);
        let fen = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1";
        let pos = VariantPosition::from_fen(&v, fen).unwrap();
        assert_eq!(pos.perft(4), 92_741);
    }

    /// Xiangqi written as a `variants.ini` section from chess, with the keys of
    /// this module, plays as the built-in.
    #[test]
    fn xiangqi_from_variants_ini_keys() {
        let text = "[inixiangqi:chess]\nmaxRank = 10\nmaxFile = i\npawn = -\nknight = -\n\
            bishop = -\nqueen = -\nrook = r\nhorse = n\nelephant = b\nfers = a\n\
            cannon = c\nsoldier = p\nking = k:W\ncastling = false\ndoubleStep = false\n\
            promotionPieceTypes = -\nstalemateValue = loss\nflyingGeneral = true\n\
            soldierPromotionRank = 6\n\
            mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3\n\
            mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10\n\
            mobilityRegionWhiteFers = d1 e1 f1 d2 e2 f2 d3 e3 f3\n\
            mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10\n\
            mobilityRegionWhiteElephant = *1 *2 *3 *4 *5\n\
            mobilityRegionBlackElephant = *6 *7 *8 *9 *10\n\
            startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n";
        let v = crate::variant::ini::parse(text).unwrap().remove(0);
        let fen = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1";
        let pos = VariantPosition::from_fen(&v, fen).unwrap();
        assert_eq!(pos.perft(4), 92_741);
        assert_eq!(VariantPosition::startpos(&v).perft(3), 79_666);
        let bad = text.replace("soldierPromotionRank = 6", "soldierPromotionRank = 11");
        assert!(crate::variant::ini::parse(&bad).is_err());
        let bad = text.replace("*1 *2 *3 *4 *5", "*1 *2 *3 *4 z5");
        assert!(crate::variant::ini::parse(&bad).is_err());
    }

    /// A rider that only moves rides through any square and stops in its region
    /// (Buffalo's); the perft counts agree with the listed moves. One that
    /// captures along its lines is refused (Chak's).
    #[test]
    fn a_rider_that_only_moves_stops_in_its_region() {
        let text = "[zone:chess]\ncustomPiece1 = d:mQ\n\
            mobilityRegionWhiteCustomPiece1 = *1 *2 d5\n\
            startFen = 4k3/8/8/8/8/8/3P4/3DK3 w - - 0 1\n";
        let v = crate::variant::ini::parse(text).unwrap().remove(0);
        let pos = VariantPosition::startpos(&v);
        let mut rides: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| pos.uci(m).starts_with("d1"))
            .map(|m| pos.uci(m))
            .collect();
        rides.sort();
        // Up the d-file it is blocked; b3 and a4 lie outside, e2's ray reaches nothing.
        assert_eq!(rides, ["d1a1", "d1b1", "d1c1", "d1c2", "d1e2"]);
        let listed: u64 = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut next = pos.clone();
                next.play(m).unwrap();
                next.perft(1)
            })
            .sum();
        assert_eq!(pos.perft(2), listed);
        let err = crate::variant::ini::parse(&text.replace("d:mQ", "d:mQcQ2")).unwrap_err();
        assert!(
            err.to_string().contains("captures along its lines"),
            "{err}"
        );
    }

    /// SAN as Fairy-Stockfish writes it: the horse and elephant by their synonyms.
    #[test]
    fn xiangqi_san_letters() {
        let v = Variant::builtin("xiangqi").unwrap();
        let pos = VariantPosition::startpos(&v);
        let san: Vec<String> = pos.legal_moves().iter().map(|m| pos.san(m)).collect();
        for expected in ["Hc3", "Ea3", "Ece3", "Che3", "Ade2", "Ke2", "Pe5"] {
            assert!(san.iter().any(|s| s == expected), "{expected} in {san:?}");
        }
    }

    /// Fairy-Stockfish's `tests/perft.sh`: `makruk startpos 4 273026`.
    #[test]
    fn makruk_perft_of_fairy_stockfish_tests() {
        let v = Variant::builtin("makruk").unwrap();
        assert_eq!(VariantPosition::startpos(&v).perft(4), 273_026);
    }

    /// A count running is read and written in the FEN's en-passant and halfmove
    /// fields, as Fairy-Stockfish writes them.
    #[test]
    fn makruk_counting_in_the_fen() {
        let v = Variant::builtin("makruk").unwrap();
        let fen = "8/8/3k4/8/8/4K3/8/R7 w - 128 12 40";
        let pos = VariantPosition::from_fen(&v, fen).unwrap();
        assert_eq!(pos.fen(), fen);
        assert!(VariantPosition::from_fen(&v, "8/8/3k4/8/8/4K3/8/R7 w - 12x 12 40").is_err());
        // Taking the last pawn starts the lone king's count (pyffish 0.0.90's FENs).
        let mut pos = VariantPosition::from_fen(&v, "8/8/3k4/8/8/4K3/p7/R7 w - - 12 40").unwrap();
        pos.play_uci("a1a2").unwrap();
        assert_eq!(pos.fen(), "8/8/3k4/8/8/4K3/R7/8 b - 32 6 40");
        pos.play_uci("d6d5").unwrap();
        assert_eq!(pos.fen(), "8/8/8/3k4/8/4K3/R7/8 w - 32 7 41");
    }

    #[test]
    fn minixiangqi_start() {
        let v = Variant::builtin("minixiangqi").unwrap();
        let pos = VariantPosition::startpos(&v);
        // Fairy-Stockfish 0.0.90 (`go perft 4` of its `minixiangqi`).
        assert_eq!(pos.perft(4), 127_164);
    }
}
