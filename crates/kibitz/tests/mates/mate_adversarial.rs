//! Adversarial tests for the mate code, hunting for glance false positives and
//! `mates_in_one` discrepancies in the rule-of-chess corners a static test can get
//! wrong: en passant (as the mating move, as a defence, as a discovered rank check),
//! pins made or broken by the move, x-rays through the vacated square and through the
//! mated king, a pinned or checked mover, double and discovered checks, promotion
//! captures as a defence, double-push interpositions, and threat mode.
//!
//! Three generators, all seeded and deterministic:
//!
//! * `templates`: hand-built corner positions (a core of men) with random men added
//!   around them, mirrored in colour and flipped left–right at random;
//! * `dense`: random sparse positions crowded around a king on or near the edge,
//!   with random castling and en-passant squares, so that glance candidates abound;
//! * `mutants`: random chains of legal-position mutations (move, add or remove a man,
//!   pass the turn, toggle castling and en passant, mirror, flip) starting from every
//!   puzzle position where the glance detector reports a mate.
//!
//! Every valid position is checked by [`check`]: each glance mate is a mate found by
//! an exhaustive oracle, in both modes; `mates_in_one` and `mate_threats` equal the
//! oracle; the answers are colour-mirror equivariant; and every move reported as mating
//! is confirmed by cozy-chess (on a sample, cozy-chess's whole list of mates too).
//!
//! `KIBITZ_FUZZ_SCALE=n` multiplies the work and `KIBITZ_FUZZ_SEED=n` changes the
//! seeds, for longer runs by hand.

use crate::common::{Rng, mating_ucis, puzzles, ucis};
use kibitz::mate::{
    count_mates_in_one, first_mate_in_one, glance, glance_threats, has_glance_mate,
    has_mate_threat, mate_threats, mates_in_one,
};
use kibitz::{Move, MoveKind, Position, Role, attacks};
use std::collections::BTreeMap;

// ----- the oracles -----

/// cozy-chess's mating moves, in UCI with castling written as kibitz's standard
/// form does (the king's two-step from e1/e8 with a corner rook, king takes rook
/// otherwise). `None` when cozy-chess refuses the FEN. It is given the Shredder-FEN,
/// so that positions with Chess960 castling rights read.
fn cozy_mates(fen: &str) -> Option<Vec<String>> {
    let shredder = Position::from_fen(fen).ok()?.shredder_fen();
    let board = cozy_chess::Board::from_fen(&shredder, true).ok()?;
    let mut moves = Vec::new();
    board.generate_moves(|set| {
        moves.extend(set);
        false
    });
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|&mv| {
            let mut next = board.clone();
            next.play_unchecked(mv);
            next.status() == cozy_chess::GameStatus::Won
        })
        .map(|mv| cozy_uci(&board, mv))
        .collect();
    out.sort();
    Some(out)
}

fn cozy_uci(board: &cozy_chess::Board, mv: cozy_chess::Move) -> String {
    let castles = board.piece_on(mv.from) == Some(cozy_chess::Piece::King)
        && board.color_on(mv.to) == Some(board.side_to_move());
    let standard = mv.from.file() == cozy_chess::File::E
        && matches!(mv.to.file(), cozy_chess::File::A | cozy_chess::File::H);
    if castles && standard {
        let file = if (mv.to.file() as usize) > (mv.from.file() as usize) {
            'g'
        } else {
            'c'
        };
        let s = mv.from.to_string();
        format!("{s}{file}{}", &s[1..])
    } else {
        mv.to_string()
    }
}

/// Does cozy-chess agree that `uci` checkmates in `fen`?
fn cozy_confirms(fen: &str, uci: &str) -> bool {
    match cozy_mates(fen) {
        Some(mates) => mates.iter().any(|m| m == uci),
        // cozy-chess is stricter about en-passant squares: ask it without one.
        None => cozy_mates(&without_ep(fen)).is_some_and(|m| m.iter().any(|m| m == uci)),
    }
}

/// The FEN with its en-passant field blanked.
fn without_ep(fen: &str) -> String {
    let mut f: Vec<&str> = fen.split(' ').collect();
    f[3] = "-";
    f.join(" ")
}

// ----- boards as arrays, for building and mutating -----

/// A board that may or may not be a valid position: 64 squares a1..h8 ('.' empty,
/// FEN letters otherwise), the turn, castling letters and an en-passant square.
#[derive(Clone)]
struct Board {
    sq: [u8; 64],
    white: bool,
    castling: String,
    ep: Option<usize>,
}

fn sq_name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

fn sq_index(s: &str) -> usize {
    let b = s.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

impl Board {
    fn empty() -> Board {
        Board {
            sq: [b'.'; 64],
            white: true,
            castling: String::new(),
            ep: None,
        }
    }

    /// From a list such as `"kg8 pf7 Re1 Kg1"` (letter, square).
    fn from_men(men: &str, white: bool) -> Board {
        let mut b = Board::empty();
        b.white = white;
        for m in men.split_whitespace() {
            b.sq[sq_index(&m[1..])] = m.as_bytes()[0];
        }
        b
    }

    fn from_position(pos: &Position) -> Board {
        let fen = pos.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut b = Board::empty();
        let (mut rank, mut file) = (7usize, 0usize);
        for c in fields[0].bytes() {
            match c {
                b'/' => {
                    rank -= 1;
                    file = 0;
                }
                b'1'..=b'8' => file += (c - b'0') as usize,
                _ => {
                    b.sq[rank * 8 + file] = c;
                    file += 1;
                }
            }
        }
        b.white = fields[1] == "w";
        b.castling = if fields[2] == "-" {
            String::new()
        } else {
            fields[2].to_string()
        };
        b.ep = (fields[3] != "-").then(|| sq_index(fields[3]));
        b
    }

    fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let c = self.sq[rank * 8 + file];
                if c == b'.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(c as char);
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let castling = if self.castling.is_empty() {
            "-".to_string()
        } else {
            self.castling.clone()
        };
        let ep = self.ep.map(sq_name).unwrap_or_else(|| "-".to_string());
        format!(
            "{s} {} {castling} {ep} 0 1",
            if self.white { 'w' } else { 'b' }
        )
    }

    fn position(&self) -> Option<Position> {
        Position::from_fen(&self.fen()).ok()
    }

    /// Colours swapped and the board turned upside down.
    fn mirrored(&self) -> Board {
        let mut b = Board::empty();
        for i in 0..64 {
            let c = self.sq[i];
            b.sq[(7 - i / 8) * 8 + i % 8] = if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
        }
        b.white = !self.white;
        let mut castling: Vec<char> = self
            .castling
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        castling.sort_by_key(|c| "KQkq".find(*c));
        b.castling = castling.into_iter().collect();
        b.ep = self.ep.map(|i| (7 - i / 8) * 8 + i % 8);
        b
    }

    /// Files a..h reversed (castling rights dropped).
    fn flipped(&self) -> Board {
        let mut b = self.clone();
        for i in 0..64 {
            b.sq[(i / 8) * 8 + 7 - i % 8] = self.sq[i];
        }
        b.castling.clear();
        b.ep = self.ep.map(|i| (i / 8) * 8 + 7 - i % 8);
        b
    }

    fn king(&self, white: bool) -> usize {
        let k = if white { b'K' } else { b'k' };
        self.sq.iter().position(|&c| c == k).unwrap_or(0)
    }

    /// A random empty square, within distance `near` of `centre` when given.
    fn random_empty(&self, rng: &mut Rng, centre: Option<(usize, usize)>) -> Option<usize> {
        for _ in 0..40 {
            let i = match centre {
                Some((c, near)) => {
                    let f = (c % 8) as i32 + rng.below(2 * near + 1) as i32 - near as i32;
                    let r = (c / 8) as i32 + rng.below(2 * near + 1) as i32 - near as i32;
                    if !(0..8).contains(&f) || !(0..8).contains(&r) {
                        continue;
                    }
                    (r * 8 + f) as usize
                }
                None => rng.below(64),
            };
            if self.sq[i] == b'.' {
                return Some(i);
            }
        }
        None
    }

    /// Sets an en-passant square for the side to move if an enemy pawn could just have
    /// double-pushed (from_fen keeps it only when the capture is legal).
    fn random_ep(&mut self, rng: &mut Rng) {
        let (pawn, rank, dir) = if self.white {
            (b'p', 4, 1i32)
        } else {
            (b'P', 3, -1)
        };
        let files: Vec<usize> = (0..8)
            .filter(|&f| {
                let at = rank * 8 + f;
                let ep = (at as i32 + 8 * dir) as usize;
                let origin = (at as i32 + 16 * dir) as usize;
                self.sq[at] == pawn && self.sq[ep] == b'.' && self.sq[origin] == b'.'
            })
            .collect();
        if !files.is_empty() {
            let f = files[rng.below(files.len())];
            self.ep = Some(((rank * 8 + f) as i32 + 8 * dir) as usize);
        }
    }
}

const PIECES: &[u8] = b"PNBRQpnbrq";

fn random_man(rng: &mut Rng, white: bool) -> u8 {
    let c = b"PPPNBRRQ"[rng.below(8)];
    if white { c } else { c.to_ascii_lowercase() }
}

/// One random mutation of `b`, biased towards the men near either king.
fn mutate(b: &mut Board, rng: &mut Rng) {
    let target = if rng.below(2) == 0 {
        b.king(b.white)
    } else {
        b.king(!b.white)
    };
    let near = Some((target, 1 + rng.below(3)));
    match rng.below(14) {
        0..=2 => {
            // Move a man (kings included) to a random empty square, often near a king.
            let men: Vec<usize> = (0..64).filter(|&i| b.sq[i] != b'.').collect();
            let from = men[rng.below(men.len())];
            let to = if rng.below(2) == 0 {
                b.random_empty(rng, near)
            } else {
                b.random_empty(rng, None)
            };
            if let Some(to) = to {
                b.sq[to] = b.sq[from];
                b.sq[from] = b'.';
            }
        }
        3..=5 => {
            if let Some(to) = b.random_empty(rng, near) {
                b.sq[to] = PIECES[rng.below(PIECES.len())];
            }
        }
        6 => {
            if let Some(to) = b.random_empty(rng, None) {
                b.sq[to] = PIECES[rng.below(PIECES.len())];
            }
        }
        7..=8 => {
            let men: Vec<usize> = (0..64)
                .filter(|&i| b.sq[i] != b'.' && !b"Kk".contains(&b.sq[i]))
                .collect();
            if !men.is_empty() {
                b.sq[men[rng.below(men.len())]] = b'.';
            }
        }
        9 => {
            b.white = !b.white;
            b.ep = None;
        }
        10 => {
            let mut c = String::new();
            for ch in "KQkq".chars() {
                if rng.below(2) == 0 {
                    c.push(ch);
                }
            }
            b.castling = c;
        }
        11 => b.random_ep(rng),
        12 => *b = b.mirrored(),
        _ => *b = b.flipped(),
    }
}

// ----- the checks -----

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    with_mate: usize,
    glance_mates: usize,
    glance_threats: usize,
    cozy_full: usize,
    glance_asymmetric: usize,
    /// FENs cozy-chess refuses (its en-passant test is stricter).
    cozy_refused: usize,
    /// How often each corner was met (see [`coverage`]).
    corners: BTreeMap<&'static str, usize>,
    failures: Vec<String>,
}

impl Tally {
    fn fail(&mut self, what: String) {
        if self.failures.len() < 20 {
            eprintln!("FAIL {what}");
        }
        self.failures.push(what);
    }

    fn corner(&self, name: &str) -> usize {
        self.corners.get(name).copied().unwrap_or(0)
    }

    fn assert_clean(&self, name: &str) {
        eprintln!(
            "{name}: {} positions, {} with a mate, {} glance mates, {} glance threats, \
             {} full cozy-chess comparisons, {} glance colour asymmetries",
            self.positions,
            self.with_mate,
            self.glance_mates,
            self.glance_threats,
            self.cozy_full,
            self.glance_asymmetric
        );
        eprintln!("{name} corners: {:?}", self.corners);
        eprintln!("{name}: cozy-chess refused {} FENs", self.cozy_refused);
        assert!(
            self.failures.is_empty(),
            "{name}: {} failures, first: {}",
            self.failures.len(),
            self.failures[0]
        );
    }
}

/// A square name mirrored rank-wise (`e2` ↔ `e7`), for moves of the mirrored board.
fn mirror_uci(uci: &str) -> String {
    let b = uci.as_bytes();
    let r = |c: u8| (b'1' + b'8' - c) as char;
    let mut s = format!("{}{}{}{}", b[0] as char, r(b[1]), b[2] as char, r(b[3]));
    if b.len() == 5 {
        s.push(b[4] as char);
    }
    s
}

/// All the assertions on one valid position; `cozy_all` asks for cozy-chess's full
/// list of mates too (the glance reports are always confirmed by cozy-chess).
fn check(pos: &Position, t: &mut Tally, cozy_all: bool) {
    t.positions += 1;
    coverage(pos, t);
    let fen = pos.fen();
    let exact = ucis(mates_in_one(pos));
    let truth = mating_ucis(pos);
    if exact != truth {
        t.fail(format!(
            "mates_in_one {fen}: got {exact:?}, oracle {truth:?}"
        ));
    }
    if count_mates_in_one(pos) != truth.len() {
        t.fail(format!("count_mates_in_one {fen}"));
    }
    // The first mate found, when there is one, is one of the oracle's.
    match first_mate_in_one(pos) {
        Some(mv) if truth.contains(&mv.uci()) => {}
        None if truth.is_empty() => {}
        got => t.fail(format!(
            "first_mate_in_one {fen}: got {:?}, oracle {truth:?}",
            got.map(|m| m.uci())
        )),
    }
    if !truth.is_empty() {
        t.with_mate += 1;
    }
    let seen = glance(pos);
    if has_glance_mate(pos) == seen.is_empty() {
        t.fail(format!("has_glance_mate {fen}"));
    }
    for g in &seen {
        t.glance_mates += 1;
        let uci = g.mv.uci();
        if !truth.contains(&uci) || !cozy_confirms(&fen, &uci) {
            t.fail(format!(
                "glance false positive {fen} {uci} ({:?})",
                g.pattern
            ));
        }
    }
    let threats = glance_threats(pos);
    if has_mate_threat(pos) != pos.pass().is_some_and(|p| !mating_ucis(&p).is_empty()) {
        t.fail(format!("has_mate_threat {fen}"));
    }
    match pos.pass() {
        None => {
            if !threats.is_empty() || !mate_threats(pos).is_empty() {
                t.fail(format!("threats while in check {fen}"));
            }
        }
        Some(passed) => {
            let passed_fen = passed.fen();
            let truth_threats = mating_ucis(&passed);
            let exact_threats = ucis(mate_threats(pos));
            if exact_threats != truth_threats {
                t.fail(format!(
                    "mate_threats {fen}: got {exact_threats:?}, oracle {truth_threats:?}"
                ));
            }
            for g in &threats {
                t.glance_threats += 1;
                let uci = g.mv.uci();
                if !truth_threats.contains(&uci) || !cozy_confirms(&passed_fen, &uci) {
                    t.fail(format!(
                        "glance threat false positive {fen} {uci} ({:?})",
                        g.pattern
                    ));
                }
            }
        }
    }
    if cozy_all || !truth.is_empty() {
        t.cozy_full += 1;
        match cozy_mates(&fen) {
            Some(cozy) if cozy != truth => {
                t.fail(format!("cozy-chess {fen}: cozy {cozy:?}, oracle {truth:?}"))
            }
            Some(_) => {}
            None => {
                if t.cozy_refused < 5 {
                    eprintln!("cozy-chess refuses {fen}");
                }
                t.cozy_refused += 1;
            }
        }
    }
    // Colour mirror: the same mates, mirrored.
    if let Some(m) = Board::from_position(pos).mirrored().position() {
        let mirrored: Vec<String> = {
            let mut v: Vec<String> = ucis(mates_in_one(&m))
                .iter()
                .map(|u| mirror_uci(u))
                .collect();
            v.sort();
            v
        };
        if mirrored != truth {
            t.fail(format!("mirror {fen}: {mirrored:?} vs {truth:?}"));
        }
        if glance(&m).len() != seen.len() {
            t.glance_asymmetric += 1;
        }
    } else {
        t.fail(format!("mirror of {fen} rejected"));
    }
}

/// `KIBITZ_FUZZ_SEED=n` changes every generator's seed, for new positions by hand.
fn seed(base: u64) -> Rng {
    let extra: u64 = std::env::var("KIBITZ_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Rng((base ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1)
}

fn scale() -> usize {
    std::env::var("KIBITZ_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// The kind of a reply to a check, for counting the checks that only one kind of
/// reply answers (the corners a static mate test can overlook).
fn reply_kind(pos: &Position, mv: Move) -> &'static str {
    let capture = pos.occupied().contains(mv.to);
    match (mv.kind, mv.role, mv.promotion.is_some(), capture) {
        (MoveKind::EnPassant, ..) => "ep",
        (_, Role::Pawn, true, true) => "promo-capture",
        (_, Role::Pawn, true, false) => "promo-push",
        (_, Role::Pawn, false, false) if mv.from.index().abs_diff(mv.to.index()) == 16 => {
            "double-push"
        }
        (_, Role::Pawn, false, false) => "push",
        (_, Role::Pawn, false, true) => "pawn-capture",
        (_, Role::King, _, true) => "king-capture",
        (_, Role::King, _, false) => "king-step",
        (_, _, _, true) if pos.pinned().any() => "capture-with-pins",
        (_, _, _, true) => "piece-capture",
        _ if pos.pinned().any() => "interpose-with-pins",
        _ => "interpose",
    }
}

/// Counts the corners `pos` shows: its en-passant square, a checked or pinned mover;
/// for each checking move, the kind of mate it gives (en passant, castling, promotion,
/// double push, double or discovered check, a pinned or checked mover, a checker
/// guarded only through the mated king or through its own vacated square) or, when
/// all replies are of one kind, that kind ("sole:ep", "sole:promo-capture", …).
fn coverage(pos: &Position, t: &mut Tally) {
    let mut bump = |k: &'static str| *t.corners.entry(k).or_insert(0) += 1;
    if pos.ep_square().is_some() {
        bump("pos:ep-square");
    }
    if pos.is_check() {
        bump("pos:mover-in-check");
    }
    if pos.pinned().any() {
        bump("pos:mover-pinned");
    }
    let us = pos.turn();
    for &mv in pos.legal_moves().iter() {
        let next = pos.after(mv);
        if !next.is_check() {
            continue;
        }
        let replies = next.legal_moves();
        if replies.is_empty() {
            bump("mate");
            let king = next.king(!us);
            if mv.kind == MoveKind::EnPassant {
                bump("mate:ep");
            }
            if mv.kind == MoveKind::Castle {
                bump("mate:castle");
            }
            if let Some(r) = mv.promotion {
                bump(if r == Role::Queen {
                    "mate:promotion"
                } else {
                    "mate:under-promotion"
                });
            }
            if mv.role == Role::Pawn && mv.from.index().abs_diff(mv.to.index()) == 16 {
                bump("mate:double-push");
            }
            if next.checkers().more_than_one() {
                bump("mate:double-check");
            } else if !next.checkers().contains(mv.to) {
                bump("mate:discovered");
            }
            if pos.pinned().contains(mv.from) {
                bump("mate:pinned-mover");
            }
            if pos.is_check() {
                bump("mate:mover-in-check");
            }
            for c in next.checkers() & attacks::king_attacks(king) {
                let guarded = next.is_attacked(c, us, next.occupied());
                let lifted = next.is_attacked(c, us, next.occupied().without(king));
                if lifted && !guarded {
                    bump("mate:guard-through-king");
                }
                let with_from = next.occupied().with(mv.from);
                if guarded && !next.is_attacked(c, us, with_from) {
                    bump("mate:guard-through-vacated");
                }
            }
        } else {
            let first = reply_kind(&next, replies[0]);
            if replies.iter().all(|&r| reply_kind(&next, r) == first) {
                bump(match first {
                    "ep" => "sole:ep",
                    "promo-capture" => "sole:promo-capture",
                    "promo-push" => "sole:promo-push",
                    "double-push" => "sole:double-push",
                    "push" => "sole:push",
                    "pawn-capture" => "sole:pawn-capture",
                    "king-capture" => "sole:king-capture",
                    "king-step" => "sole:king-step",
                    "capture-with-pins" => "sole:capture-with-pins",
                    "piece-capture" => "sole:piece-capture",
                    "interpose-with-pins" => "sole:interpose-with-pins",
                    _ => "sole:interpose",
                });
            }
        }
    }
}

// ----- generator 1: corner templates -----

/// Cores of corner positions: (men, White to move?, the corner it aims at).
const TEMPLATES: &[(&str, bool, &str)] = &[
    // Back-rank mate, answered by a promotion capture c7xd8=Q.
    (
        "rd1 kb2 Kh8 Ph7 Pg7 Pc7",
        false,
        "promotion capture as a defence",
    ),
    // Qh4+ is answered by the double push e2-e4 only.
    (
        "Ka4 Pa3 Pa5 Pb5 nb3 bd1 Pe2 qh8 kh1",
        false,
        "double-push interposition",
    ),
    // Re8 would mate, but the rook is pinned along the first rank.
    (
        "kg8 pf7 pg7 ph7 Re1 Kg1 ra1",
        true,
        "mover pinned off its line",
    ),
    // Re8 would mate, but White is in check from the knight.
    ("kg8 pf7 pg7 ph7 Re1 Kg1 nh3", true, "mover in check"),
    // Ra8#: e8, behind the king on the check line, is attacked only with the king lifted.
    ("kd8 Kd6 Ra1", true, "x-ray through the mated king"),
    // exd6 e.p. uncovers the rook on the fifth rank (g6 pinned by the bishop).
    (
        "Ra5 Pe5 pd5 kh5 pg6 ph6 pg4 ph4 Kb1 Be8",
        true,
        "en passant as a discovered rank check",
    ),
    // d2-d4+ mates but for e4xd3 e.p.
    (
        "ke5 pe4 pd5 pd6 pe6 pf6 pf5 nf4 Pd2 Pc3 Kh1",
        true,
        "en passant as a defence",
    ),
    // Qg7 supported through the vacated square by the bishop behind the queen.
    (
        "kg8 pf7 ph7 pg6 Qc3 Bb2 Kg1",
        true,
        "battery through the vacated square",
    ),
    // Nf7 would be a smothered mate, but the knight is pinned by the bishop on h6.
    (
        "kh8 rg8 pg7 ph7 Ng5 Kd2 bh6",
        true,
        "pinned knight / smothered shape",
    ),
    // Boden's shape, the second bishop's diagonal through the checking square.
    ("kc8 rd8 pb7 qd7 Bf4 Bh3 Kg1", true, "two bishops"),
    // Discovered double check by a rook stepping off the bishop's diagonal.
    (
        "kh8 pg7 ph7 Rg6 Bb2 Kb1 rb8",
        true,
        "discovered and double check",
    ),
    // The rook on d8 is pinned by the queen until Re8+ steps in between: then
    // Rxe8 answers the check (a pin broken by the move itself).
    (
        "kg8 pf7 pg7 ph7 rd8 Re1 Kg1 Qb8",
        true,
        "pin broken by the move",
    ),
    // Promotion giving mate, and promotion capture giving mate.
    (
        "kh8 pg7 ph7 Pb7 rc8 Kg1",
        true,
        "promotion as the mating move",
    ),
    // Castling mates, both ways.
    ("re8 kf8 rg8 pe7 pg7 Ke1 Rh1", true, "castling short"),
    ("rc8 kd8 re8 pc7 pe7 Ke1 Ra1", true, "castling long"),
];

fn template_board(men: &str, white: bool) -> Board {
    Board::from_men(men, white)
}

#[test]
fn templates() {
    let mut rng = seed(0x7e3a_1a7e);
    let mut t = Tally::default();
    let per_core = 400 * scale();
    let mut valid_cores = 0;
    for &(men, white, _) in TEMPLATES {
        let mut core = template_board(men, white);
        // Castling rights wherever king and rook allow them.
        for c in [
            "KQkq", "KQk", "KQq", "KQ", "Kkq", "Kk", "Kq", "K", "Qkq", "Qk", "Qq", "Q",
        ] {
            core.castling = c.to_string();
            if core.position().is_some() {
                break;
            }
            core.castling.clear();
        }
        if let Some(p) = core.position() {
            valid_cores += 1;
            check(&p, &mut t, true);
        }
        for _ in 0..per_core {
            let mut b = core.clone();
            let king = b.king(!b.white);
            for _ in 0..rng.below(5) {
                let near = if rng.below(3) == 0 {
                    None
                } else {
                    Some((king, 2))
                };
                if let Some(i) = b.random_empty(&mut rng, near) {
                    let white = rng.below(2) == 0;
                    b.sq[i] = random_man(&mut rng, white);
                }
            }
            if rng.below(2) == 0 {
                b.random_ep(&mut rng);
            }
            if rng.below(2) == 0 {
                b = b.mirrored();
            }
            if rng.below(2) == 0 {
                b = b.flipped();
            }
            if let Some(p) = b.position() {
                check(&p, &mut t, rng.below(8) == 0);
                // And a few mutations of each.
                for _ in 0..3 {
                    mutate(&mut b, &mut rng);
                    if let Some(p) = b.position() {
                        check(&p, &mut t, false);
                    }
                }
            }
        }
    }
    assert_eq!(valid_cores, TEMPLATES.len());
    for corner in [
        "mate:castle",
        "mate:ep",
        "mate:under-promotion",
        "mate:guard-through-vacated",
        "sole:ep",
        "sole:promo-capture",
        "sole:double-push",
        "pos:mover-pinned",
        "pos:mover-in-check",
    ] {
        assert!(t.corner(corner) > 0, "{corner} never met: {:?}", t.corners);
    }
    assert!(t.positions > 5_000 * scale(), "{}", t.positions);
    t.assert_clean("templates");
}

// ----- generator 2: crowded edges -----

#[test]
fn dense() {
    let mut rng = seed(0xde45_e000);
    let mut t = Tally::default();
    let n = 60_000 * scale();
    let mut tries = 0;
    while t.positions < n && tries < 20 * n {
        tries += 1;
        let mut b = Board::empty();
        b.white = rng.below(2) == 0;
        // The defender's king on or near an edge; the attacker's anywhere.
        let defender_white = if rng.below(3) == 0 { b.white } else { !b.white };
        let edge = [0usize, 1, 6, 7];
        let (f, r) = if rng.below(2) == 0 {
            (edge[rng.below(4)], rng.below(8))
        } else {
            (rng.below(8), edge[rng.below(4)])
        };
        let dk = r * 8 + f;
        b.sq[dk] = if defender_white { b'K' } else { b'k' };
        let Some(ak) = b.random_empty(&mut rng, None) else {
            continue;
        };
        b.sq[ak] = if defender_white { b'k' } else { b'K' };
        // The defender's own men box the king in; the attacker brings pieces.
        for _ in 0..rng.below(6) {
            if let Some(i) = b.random_empty(&mut rng, Some((dk, 1))) {
                b.sq[i] = random_man(&mut rng, defender_white);
            }
        }
        for _ in 0..1 + rng.below(4) {
            let near = 3 + rng.below(3);
            if let Some(i) = b.random_empty(&mut rng, Some((dk, near))) {
                b.sq[i] = random_man(&mut rng, !defender_white);
            }
        }
        for _ in 0..rng.below(5) {
            if let Some(i) = b.random_empty(&mut rng, None) {
                b.sq[i] = PIECES[rng.below(PIECES.len())];
            }
        }
        if rng.below(2) == 0 {
            b.random_ep(&mut rng);
        }
        if let Some(p) = b.position() {
            check(&p, &mut t, rng.below(16) == 0);
        }
    }
    assert!(t.positions >= n, "{}", t.positions);
    assert!(t.glance_mates + t.glance_threats > 1_000, "{t:?}");
    for corner in [
        "mate:double-check",
        "mate:discovered",
        "mate:pinned-mover",
        "sole:promo-push",
    ] {
        assert!(t.corner(corner) > 0, "{corner} never met: {:?}", t.corners);
    }
    t.assert_clean("dense");
}

// ----- generator 3: mutations of the puzzles' glance mates -----

#[test]
fn mutants() {
    let mut rng = seed(0x3017_a475);
    let Some(puzzles) = puzzles() else {
        return;
    };
    let sources: Vec<Position> = puzzles
        .into_iter()
        .map(|p| p.pos)
        .filter(|p| !glance(p).is_empty() || !glance_threats(p).is_empty())
        .collect();
    assert!(sources.len() > 10_000, "{}", sources.len());
    let mut t = Tally::default();
    // Every source once, then chains of mutations from a sample of them.
    let chains = 12 * scale();
    for (n, src) in sources.iter().enumerate() {
        if n % 3 != 0 && scale() == 1 {
            continue;
        }
        check(src, &mut t, n % 8 == 0);
        for _ in 0..chains {
            let mut b = Board::from_position(src);
            for _ in 0..1 + rng.below(4) {
                mutate(&mut b, &mut rng);
                if let Some(p) = b.position() {
                    check(&p, &mut t, rng.below(32) == 0);
                }
            }
        }
    }
    t.assert_clean("mutants");
}

// ----- generator 4: near mates -----

/// Does `pos` have a checking piece move (the glance detector's kind of move) that
/// leaves the opponent exactly one kind of reply? Such near mates are where a static
/// test that overlooks one defence reports a false mate.
fn near_mate(pos: &Position) -> bool {
    let near = |p: &Position| {
        p.legal_moves().iter().any(|&mv| {
            if mv.role == Role::Pawn || mv.role == Role::King {
                return false;
            }
            let next = p.after(mv);
            if !next.is_check() {
                return false;
            }
            let replies = next.legal_moves();
            !replies.is_empty()
                && replies.len() <= 4
                && replies
                    .iter()
                    .all(|&r| reply_kind(&next, r) == reply_kind(&next, replies[0]))
        })
    };
    near(pos) || pos.pass().is_some_and(|p| near(&p))
}

#[test]
fn near_mates() {
    let mut rng = seed(0x4ea2_3a7e);
    let mut seeds: Vec<Board> = Vec::new();
    // Seeds: puzzle positions and crowded random positions with a near mate.
    // The corners asserted below need the puzzles' seeds too: skip without them.
    let Some(puzzles) = puzzles() else {
        return;
    };
    for (n, p) in puzzles.into_iter().enumerate() {
        if n % 7 == 0 && near_mate(&p.pos) {
            seeds.push(Board::from_position(&p.pos));
        }
    }
    let from_puzzles = seeds.len();
    while seeds.len() < from_puzzles + 1_500 {
        let mut b = Board::from_men("Ke1 ke8", rng.below(2) == 0);
        b.sq[sq_index("e1")] = b'.';
        b.sq[sq_index("e8")] = b'.';
        let k1 = rng.below(64);
        b.sq[k1] = b'K';
        let Some(k2) = b.random_empty(&mut rng, None) else {
            continue;
        };
        b.sq[k2] = b'k';
        for _ in 0..3 + rng.below(10) {
            let king = if rng.below(2) == 0 { k1 } else { k2 };
            if let Some(i) = b.random_empty(&mut rng, Some((king, 2))) {
                b.sq[i] = PIECES[rng.below(PIECES.len())];
            }
        }
        b.random_ep(&mut rng);
        if let Some(p) = b.position()
            && near_mate(&p)
        {
            seeds.push(b);
        }
    }
    let mut t = Tally::default();
    let chains = 20 * scale();
    for seed in &seeds {
        for _ in 0..chains {
            let mut b = seed.clone();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut b, &mut rng);
                if let Some(p) = b.position() {
                    check(&p, &mut t, rng.below(32) == 0);
                }
            }
        }
    }
    eprintln!(
        "near mates: {} seeds ({from_puzzles} from puzzles)",
        seeds.len()
    );
    for corner in [
        "sole:promo-capture",
        "sole:double-push",
        "sole:king-capture",
        "sole:ep",
    ] {
        assert!(t.corner(corner) > 0, "{corner} never met: {:?}", t.corners);
    }
    t.assert_clean("near mates");
}

// ----- pinned-down regressions -----

/// Hand-made corner positions with their exact mates (sorted UCI), each also put
/// through all the checks.
#[test]
fn corner_cases() {
    let cases: [(&str, &[&str]); 12] = [
        // d2-d4+ would mate but for e4xd3 e.p.
        ("8/8/3ppp2/3pkp2/4pp2/2P5/3P4/7K w - - 0 1", &[]),
        // exd6 e.p. mates by uncovering the rook on the fifth rank (g6 is pinned).
        ("4B3/8/6pp/R2pP2k/6pp/8/8/1K6 w - d6 0 1", &["e5d6"]),
        // Rd8+ is answered by c7xd8=Q.
        ("7K/2P3PP/8/8/8/8/1k6/3r4 b - - 0 1", &[]),
        // Qh4+ is answered by the double push e2-e4 only (Qd4# is the mate).
        ("7q/8/8/PP6/K7/Pn6/4P3/3b3k b - - 0 1", &["h8d4"]),
        // The same with e3 blocked: Qh4# too.
        ("7q/8/8/PP6/K7/Pn2p3/4P3/3b3k b - - 0 1", &["h8d4", "h8h4"]),
        // Re8 would mate, but the rook is pinned along the first rank.
        ("6k1/5ppp/8/8/8/8/8/r3R1K1 w - - 0 1", &[]),
        // Re8 would mate, but White is in check from the knight.
        ("6k1/5ppp/8/8/8/7n/8/4R1K1 w - - 0 1", &[]),
        // Ra8#: e8, behind the king, is attacked only with the king lifted.
        ("3k4/8/3K4/8/8/8/8/R7 w - - 0 1", &["a1a8"]),
        // Re8+ breaks the queen's pin on d8, so Rxe8 answers it; Qxd8# mates.
        ("1Q1r2k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", &["b8d8"]),
        // Nf7 would be a smothered mate, but the knight is pinned by the bishop.
        ("6rk/6pp/7b/6N1/8/8/3K4/8 w - - 0 1", &[]),
        // Castling mates.
        ("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", &["e1g1", "h1f1"]),
        ("2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1", &["a1d1", "e1c1"]),
    ];
    let mut t = Tally::default();
    for (fen, mates) in cases {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(ucis(mates_in_one(&pos)), mates, "{fen}");
        check(&pos, &mut t, true);
    }
    t.assert_clean("corner cases");
}

/// The geometry the glance detector leans on: empty-board rays bound every attack
/// set, and `line`/`between` agree with a square-by-square walk.
#[test]
fn rays_and_lines_the_detector_relies_on() {
    use kibitz::{Bitboard, Square, lines};
    let mut rng = Rng(0x0a7_1e5);
    for a in Square::ALL {
        for _ in 0..64 {
            let occ = Bitboard(rng.next() & rng.next());
            assert!((attacks::rook_attacks(a, occ) - attacks::rook_rays(a)).is_empty());
            assert!((attacks::bishop_attacks(a, occ) - attacks::bishop_rays(a)).is_empty());
            assert!((attacks::queen_attacks(a, occ) - attacks::queen_rays(a)).is_empty());
        }
        assert_eq!(
            attacks::rook_rays(a),
            attacks::rook_attacks(a, Bitboard::EMPTY)
        );
        assert_eq!(
            attacks::bishop_rays(a),
            attacks::bishop_attacks(a, Bitboard::EMPTY)
        );
        for b in Square::ALL {
            let (fa, ra) = (a.index() as i32 % 8, a.index() as i32 / 8);
            let (fb, rb) = (b.index() as i32 % 8, b.index() as i32 / 8);
            let (df, dr) = (fb - fa, rb - ra);
            let aligned = a != b && (df == 0 || dr == 0 || df.abs() == dr.abs());
            let mut between = Bitboard::EMPTY;
            let mut line = Bitboard::EMPTY;
            if aligned {
                let (sf, sr) = (df.signum(), dr.signum());
                let mut k = 1;
                while (fa + k * sf, ra + k * sr) != (fb, rb) {
                    between |= Square::new(((ra + k * sr) * 8 + fa + k * sf) as u32);
                    k += 1;
                }
                for k in -8..8 {
                    let (f, r) = (fa + k * sf, ra + k * sr);
                    if (0..8).contains(&f) && (0..8).contains(&r) {
                        line |= Square::new((r * 8 + f) as u32);
                    }
                }
            }
            assert_eq!(lines::between(a, b), between, "between {a} {b}");
            if a != b {
                assert_eq!(lines::line(a, b), line, "line {a} {b}");
            }
        }
    }
}
