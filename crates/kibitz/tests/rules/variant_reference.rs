//! The variant engine against things written without it:
//!
//! * every piece of every built-in variant, alone on an empty board, has the
//!   moves the mobility module (seed 002) gives it;
//! * on boards up to 16 × 16 and with riders Fairy-Stockfish refuses (camelrider,
//!   zebrarider), hoppers and lame leapers, legal moves and perft equal a slow
//!   reference generator written here square by square: no tables, no bitboards,
//!   legality by generating every enemy move;
//! * past Fairy-Stockfish's 12 × 10, the same for a drop game (crazyhouse on
//!   14 × 14) and a palace game (xiangqi's palace, elephants kept to their half
//!   and the flying general on 14 × 14), the reference told their rules here
//!   ([`Extra`]) rather than read from the engine.

use std::collections::BTreeSet;

use kibitz::mobility::betza::{self, Hop};
use kibitz::mobility::{Board, Piece};
use kibitz::variant::{PieceKind, Variant, VariantOutcome, VariantPosition, ini};

/// The FEN of `name`'s board (`w` × `h`) with at most one white piece on it.
fn lone_fen(name: &str, w: usize, h: usize, piece: Option<(usize, char)>) -> String {
    let mut fen = kibitz::board::placement_fen(w, h, |sq| {
        piece.filter(|&(at, _)| at == sq).map(|(_, letter)| letter)
    });
    if name == "musketeer" {
        fen = format!("{}/{fen}/{}", "*".repeat(w), "*".repeat(w));
    }
    if name == "seirawan" {
        fen.push_str("[]");
    }
    format!("{fen} w - - 0 1")
}

#[test]
fn every_piece_alone_moves_as_the_mobility_module_says() {
    let mut checked = 0;
    for name in Variant::builtin_names() {
        // Pieces confined to regions (the palace, the river, the soldier's
        // sideways step past it) have no empty-board counterpart: regions.rs
        // checks them against Fairy-Stockfish's perft counts.
        // So are games whose goal is the king's (its flag): without the king,
        // which the lone piece needs, they are not the same game. Janggi's
        // pieces move along the palace lines too (palace.rs checks them, and
        // pyffish the games).
        if matches!(
            *name,
            "xiangqi"
                | "minixiangqi"
                | "manchu"
                | "supply"
                | "kingofthehill"
                | "racingkings"
                | "janggi"
                | "janggimodern"
                | "janggicasual"
                | "janggitraditional"
        ) {
            continue;
        }
        let with_king = Variant::builtin(name).unwrap();
        let (w, h) = (
            usize::from(with_king.files()),
            usize::from(with_king.ranks()),
        );
        // A position of a variant with a royal piece needs one of each colour: the
        // pieces stand alone in the variant without it (the king's own moves are
        // checked by perft against the published counts).
        let text = format!(
            "[alone:{name}]\nking = -\nstartFen = {}\n",
            lone_fen(name, w, h, None)
        );
        let v = ini::VariantsIni::read(&text)
            .unwrap()
            .find("alone")
            .unwrap_or_else(|e| panic!("{name} without its king: {e}"));
        let board = Board::new(w as u64, h as u64).unwrap();
        for p in v.pieces() {
            // A shogi promoted piece (`+P` in a FEN, named `+shogiPawn`) moves as
            // the piece it promotes to, which is checked under its own letter.
            if p.kind == PieceKind::Pawn || p.name.starts_with('+') {
                continue;
            }
            // Pieces with position-only modifiers have no empty-board counterpart.
            let Ok(seed_piece) = Piece::from_betza(&p.betza) else {
                continue;
            };
            for sq in 0..w * h {
                let (file, rank) = (sq % w, sq / w);
                let fen = lone_fen(name, w, h, Some((sq, p.letter)));
                let pos = VariantPosition::from_fen(&v, &fen)
                    .unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
                // A lone piece has already won or lost by a variant rule
                // (extinction of the other side, a flag reached): no moves.
                if matches!(
                    pos.outcome(),
                    Some(
                        VariantOutcome::Flag(_)
                            | VariantOutcome::Extinction(_)
                            | VariantOutcome::CheckCount(_)
                    )
                ) {
                    continue;
                }
                // (Ataxx's drops, from a hand that never runs out, are no move
                // of the piece.)
                let got: BTreeSet<String> = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| !m.is_drop())
                    .map(|m| v.board().square_name(m.to()))
                    .collect();
                let from = ((h - 1 - rank) as u8, file as u8);
                let want: BTreeSet<String> = seed_piece
                    .targets(board, from)
                    .unwrap()
                    .into_iter()
                    .map(|(r, k)| board.name(r.into(), k.into()).unwrap())
                    .collect();
                assert_eq!(
                    got,
                    want,
                    "{name}: {} ({}) on {}",
                    p.letter,
                    p.betza,
                    v.board().square_name(sq as u16)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "{checked} piece placements");
}

// ---------------------------------------------------------------------------
// The slow reference.

#[derive(Clone)]
struct Comp {
    dx: i32,
    dy: i32,
    range: usize, // 1 for a leaper
    moves: bool,
    captures: bool,
    initial: bool,
    lame: bool,
    hop: Option<Hop>,
}

#[derive(Clone)]
struct RefPiece {
    letter: char,
    kind: PieceKind,
    comps: Vec<Comp>,
}

/// The rules a reference is told beyond the pieces' moves: drops (crazyhouse's:
/// a captured piece goes to the captor's hand, a promoted one as a pawn, and
/// pawns are never dropped on the first or last rank), the squares a piece
/// type may stand on, per colour (a palace), and the flying general (the two
/// kings may not face each other on an open file).
/// Squares as `(file, rank)` from 0.
type Squares = Vec<(i32, i32)>;

#[derive(Clone, Default)]
struct Extra {
    drops: bool,
    /// (letter, colour, squares allowed).
    regions: Vec<(char, usize, Squares)>,
    flying_general: bool,
}

/// The squares a piece may stand on, by square index (None: all).
type Region = Option<Vec<bool>>;

#[derive(Clone)]
struct Ref {
    w: i32,
    h: i32,
    pieces: Vec<RefPiece>,
    cells: Vec<Option<(usize, usize)>>,
    /// Pieces a pawn promoted to (`Q~`): they go to hand as pawns.
    promoted: Vec<bool>,
    /// The pieces in hand, by colour and type.
    hand: [Vec<u32>; 2],
    /// Per type and colour, the squares it may stand on.
    regions: Vec<[Region; 2]>,
    extra: Extra,
    turn: usize,
    /// (colour, king square, rook square, king target, rook target)
    castling: Vec<(usize, i32, i32, i32, i32)>,
    ep: Vec<i32>,
    double: [u16; 2],
    triple: [u16; 2],
    promo_ranks: [u16; 2],
    promo_letters: Vec<char>,
    limits: Vec<(char, u8)>,
    mandatory: bool,
}

fn comps_of(betza_text: &str, kind: PieceKind) -> Vec<Comp> {
    let text = if kind == PieceKind::Pawn {
        "fmWfcF"
    } else {
        betza_text
    };
    let mut out = Vec::new();
    for c in betza::parse_components(text).unwrap() {
        for d in &c.directions {
            out.push(Comp {
                dx: d.dk() as i32,
                dy: -d.dr() as i32,
                range: match c.range {
                    None => 1,
                    Some(None) => usize::MAX,
                    Some(Some(n)) => n as usize,
                },
                moves: c.moves,
                captures: c.captures,
                initial: c.initial,
                lame: c.lame,
                hop: c.hop,
            });
        }
    }
    out
}

impl Ref {
    fn new(v: &Variant, fen: &str) -> Ref {
        let pieces: Vec<RefPiece> = v
            .pieces()
            .iter()
            .map(|p| RefPiece {
                letter: p.letter,
                kind: p.kind,
                comps: comps_of(&p.betza, p.kind),
            })
            .collect();
        let (w, h) = (i32::from(v.files()), i32::from(v.ranks()));
        let type_of = |ch: char| {
            pieces
                .iter()
                .position(|p| p.letter == ch.to_ascii_uppercase())
                .unwrap()
        };
        let mut cells = vec![None; (w * h) as usize];
        let mut promoted = vec![false; (w * h) as usize];
        let mut hand = [vec![0; pieces.len()], vec![0; pieces.len()]];
        let field = fen.split(' ').next().unwrap();
        let (board, holdings) = field.split_once('[').unwrap_or((field, ""));
        for ch in holdings.trim_end_matches(']').chars() {
            hand[usize::from(ch.is_ascii_lowercase())][type_of(ch)] += 1;
        }
        for (i, row) in board.split('/').enumerate() {
            let rank = h - 1 - i as i32;
            let mut file = 0;
            let mut num = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    num = num * 10 + d as i32;
                    continue;
                }
                file += num;
                num = 0;
                if ch == '~' {
                    promoted[(rank * w + file - 1) as usize] = true;
                    continue;
                }
                cells[(rank * w + file) as usize] =
                    Some((usize::from(ch.is_ascii_lowercase()), type_of(ch)));
                file += 1;
            }
        }
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut castling = Vec::new();
        if let Some(c) = v.castling() {
            for ch in fields[2].chars().filter(|c| *c != '-') {
                let colour = usize::from(ch.is_ascii_lowercase());
                let rank = if colour == 0 {
                    i32::from(c.rank)
                } else {
                    h - 1 - i32::from(c.rank)
                };
                let kingside = ch.eq_ignore_ascii_case(&'K');
                let king = rank * w + i32::from(c.king_file);
                // The rook nearest the variant's rook file, walking towards the king.
                let mut f = i32::from(if kingside {
                    c.rook_kingside_file
                } else {
                    c.rook_queenside_file
                });
                let rook = loop {
                    if matches!(cells[(rank * w + f) as usize], Some((col, t)) if col == colour && c.castles_with(t))
                    {
                        break rank * w + f;
                    }
                    f += if kingside { -1 } else { 1 };
                };
                let kto = rank * w
                    + i32::from(if kingside {
                        c.kingside_file
                    } else {
                        c.queenside_file
                    });
                let rto = if kingside { kto - 1 } else { kto + 1 };
                castling.push((colour, king, rook, kto, rto));
            }
        }
        // Several squares after a move of more than two squares (`e3e4`), as
        // Fairy-Stockfish writes them.
        let mut ep = Vec::new();
        let mut rest = if fields[3] == "-" { "" } else { fields[3] };
        while !rest.is_empty() {
            let len = rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |i| i + 1);
            ep.push(i32::from(v.board().parse_square(&rest[..len]).unwrap()));
            rest = &rest[len..];
        }
        Ref {
            w,
            h,
            cells,
            promoted,
            hand,
            regions: vec![[None, None]; pieces.len()],
            extra: Extra::default(),
            pieces,
            turn: usize::from(fields[1] == "b"),
            castling,
            ep,
            double: v.double_step_ranks(),
            triple: v.triple_step_ranks(),
            promo_ranks: v.promotion_ranks(),
            promo_letters: v.promotion_letters(),
            limits: v.promotion_limits(),
            mandatory: v.mandatory_promotion(),
        }
    }

    /// The reference with the rules `extra` tells it.
    fn with(mut self, extra: &Extra) -> Ref {
        for (letter, colour, squares) in &extra.regions {
            let t = self
                .pieces
                .iter()
                .position(|p| p.letter == *letter)
                .unwrap();
            let mut allowed = vec![false; (self.w * self.h) as usize];
            for &(f, r) in squares {
                allowed[(r * self.w + f) as usize] = true;
            }
            self.regions[t][*colour] = Some(allowed);
        }
        self.extra = extra.clone();
        self
    }

    /// May `colour`'s piece of type `t` stand on `sq`?
    fn allowed(&self, t: usize, colour: usize, sq: i32) -> bool {
        self.regions[t][colour]
            .as_ref()
            .is_none_or(|allowed| allowed[sq as usize])
    }

    /// Do the two kings face each other on a file with nothing between them?
    fn kings_face(&self) -> bool {
        let (Some(a), Some(b)) = (self.king_of(0), self.king_of(1)) else {
            return false;
        };
        a % self.w == b % self.w
            && (a.min(b) + self.w..a.max(b))
                .step_by(self.w as usize)
                .all(|s| self.cells[s as usize].is_none())
    }

    fn at(&self, f: i32, r: i32) -> Option<Option<(usize, usize)>> {
        (f >= 0 && r >= 0 && f < self.w && r < self.h)
            .then(|| self.cells[(r * self.w + f) as usize])
    }

    /// Every move of `colour`'s piece on `sq` as `(to, is_capture)`, ignoring checks.
    fn piece_moves(&self, sq: i32, colour: usize) -> Vec<i32> {
        let (f0, r0) = (sq % self.w, sq / self.w);
        let t = self.cells[sq as usize].unwrap().1;
        // Each side reads Betza directions from its own side of the board
        // (Fairy-Stockfish): Black's are White's turned by 180 degrees.
        let sign = if colour == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        for c in &self.pieces[t].comps {
            // Initial moves: from the side's double-step ranks, never capturing.
            if c.initial && self.double[colour] >> (sq / self.w) & 1 == 0 {
                continue;
            }
            let captures = c.captures && !c.initial;
            let (dx, dy) = (c.dx * sign, c.dy * sign);
            let mut hurdle = false;
            let mut k = 0usize;
            let (mut f, mut r) = (f0, r0);
            while k < c.range {
                f += dx;
                r += dy;
                k += 1;
                let Some(cell) = self.at(f, r) else { break };
                if c.lame {
                    // Walk the path: orthogonal steps along the longer side first.
                    let (ax, ay) = (dx.abs(), dy.abs());
                    let (major, minor) = (ax.max(ay), ax.min(ay));
                    let (mut x, mut y) = (f0, r0);
                    let mut blocked = false;
                    for step in 0..major - 1 {
                        if step < major - minor {
                            if ax > ay {
                                x += dx.signum()
                            } else {
                                y += dy.signum()
                            }
                        } else {
                            x += dx.signum();
                            y += dy.signum();
                        }
                        if ax == ay || ax == 0 || ay == 0 {
                            // straight or diagonal: plain in-between squares
                        }
                        if self.at(x, y) != Some(None) {
                            blocked = true;
                        }
                    }
                    if blocked {
                        break;
                    }
                }
                // A square outside the piece's region is neither reached nor
                // attacked, but a rider passes over it (a palace's diagonals).
                if !self.allowed(t, colour, r * self.w + f) {
                    if cell.is_some() && c.hop.is_none() {
                        break;
                    }
                    if c.hop.is_some() && cell.is_some() {
                        if hurdle {
                            break;
                        }
                        hurdle = true;
                    }
                    continue;
                }
                match c.hop {
                    None => match cell {
                        None => {
                            if c.moves {
                                out.push(r * self.w + f)
                            }
                        }
                        Some((col, _)) => {
                            if col != colour && captures {
                                out.push(r * self.w + f);
                            }
                            break;
                        }
                    },
                    Some(hop) => {
                        if !hurdle {
                            if cell.is_some() {
                                hurdle = true;
                            }
                            continue;
                        }
                        match cell {
                            None => {
                                if c.moves {
                                    out.push(r * self.w + f)
                                }
                            }
                            Some((col, _)) => {
                                if col != colour && captures {
                                    out.push(r * self.w + f);
                                }
                                break;
                            }
                        }
                        if hop == Hop::Grasshopper {
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    fn attacked(&self, sq: i32, by: usize) -> bool {
        // An empty square (castling's path) is attacked if a piece of the other
        // side standing there could be captured.
        let mut board = self.clone();
        if board.cells[sq as usize].is_none() {
            board.cells[sq as usize] = Some((by ^ 1, 0));
        }
        (0..self.w * self.h).any(|s| {
            matches!(board.cells[s as usize], Some((c, _)) if c == by)
                && board.piece_moves_capturing(s, by).contains(&sq)
        })
    }

    /// Squares the piece on `s` could capture on (an enemy piece assumed there).
    fn piece_moves_capturing(&self, s: i32, by: usize) -> Vec<i32> {
        // Put a dummy enemy on every square it might capture: simplest is to test
        // each square separately, but the engine's own king square is what
        // matters, so compute captures with the current board.
        self.piece_moves(s, by)
            .into_iter()
            .filter(|&to| matches!(self.cells[to as usize], Some((c, _)) if c != by))
            .collect()
    }

    fn king_of(&self, colour: usize) -> Option<i32> {
        (0..self.w * self.h).find(|&s| {
            matches!(self.cells[s as usize], Some((c, t)) if c == colour && self.pieces[t].kind == PieceKind::King)
        })
    }

    fn name(&self, sq: i32) -> String {
        format!(
            "{}{}",
            char::from(b'a' + (sq % self.w) as u8),
            sq / self.w + 1
        )
    }

    /// Legal moves as `(uci, next position)`.
    fn legal(&self) -> Vec<(String, Ref)> {
        let us = self.turn;
        let mut out = Vec::new();
        let mut push = |uci: String, next: Ref| {
            let mut next = next;
            next.turn ^= 1;
            let safe = match next.king_of(us) {
                Some(k) => !next.attacked(k, us ^ 1),
                None => true,
            } && !(next.extra.flying_general && next.kings_face());
            if safe {
                out.push((uci, next));
            }
        };
        for s in 0..self.w * self.h {
            let Some((c, t)) = self.cells[s as usize] else {
                continue;
            };
            if c != us {
                continue;
            }
            let kind = self.pieces[t].kind;
            let mut targets = self.piece_moves(s, us);
            // A square two components reach (`nAB`: the alfil and the bishop) is one move.
            targets.sort_unstable();
            targets.dedup();
            let mut ep_targets = Vec::new();
            let mut multi = Vec::new();
            if kind == PieceKind::Pawn {
                let fwd = if us == 0 { self.w } else { -self.w };
                // captures on the en-passant square
                for &e in &self.ep {
                    if (e - fwd - s == 1 || e - fwd - s == -1)
                        && (e % self.w - s % self.w).abs() == 1
                    {
                        ep_targets.push(e);
                    }
                }
                let rank = s / self.w;
                for (steps, ranks) in [(2, self.double[us] | self.triple[us]), (3, self.triple[us])]
                {
                    if ranks >> rank & 1 == 0 {
                        continue;
                    }
                    if steps == 2 && self.double[us] >> rank & 1 == 0 {
                        // triple-only rank: the two-step still needs its own right
                        continue;
                    }
                    let path: Vec<i32> = (1..=steps).map(|k| s + k * fwd).collect();
                    if path
                        .iter()
                        .all(|&p| p >= 0 && p < self.w * self.h && self.cells[p as usize].is_none())
                    {
                        multi.push((
                            path[steps as usize - 1],
                            path[..steps as usize - 1].to_vec(),
                        ));
                    }
                }
                targets.retain(|&to| !ep_targets.contains(&to));
            }
            let mut base = self.clone();
            base.ep.clear();
            base.cells[s as usize] = None;
            // Castling rights lost by moving the king or a rook, or by a capture on a rook square.
            let keep = |rights: &Vec<(usize, i32, i32, i32, i32)>, a: i32, b: i32| {
                rights
                    .iter()
                    .copied()
                    .filter(|&(_, k, r, _, _)| k != a && r != a && r != b)
                    .collect::<Vec<_>>()
            };
            base.promoted[s as usize] = false;
            for to in targets.into_iter().chain(multi.iter().map(|m| m.0)) {
                let mut next = base.clone();
                next.castling = keep(&self.castling, s, to);
                next.take_to_hand(to, us);
                next.cells[to as usize] = Some((us, t));
                next.promoted[to as usize] = self.promoted[s as usize];
                if let Some(m) = multi.iter().find(|m| m.0 == to) {
                    // en passant squares that an enemy pawn attacks
                    for &p in &m.1 {
                        let back = if us == 0 { self.w } else { -self.w };
                        let attackers = [p + back - 1, p + back + 1];
                        let attacked = attackers.iter().any(|&a| {
                            a >= 0
                                && a < self.w * self.h
                                && (a % self.w - p % self.w).abs() == 1
                                && matches!(self.cells[a as usize], Some((c2, t2)) if c2 != us && self.pieces[t2].kind == PieceKind::Pawn)
                        });
                        if attacked {
                            next.ep.push(p);
                        }
                    }
                }
                let uci = format!("{}{}", self.name(s), self.name(to));
                if kind == PieceKind::Pawn {
                    let to_rank = to / self.w;
                    if self.promo_ranks[us] >> to_rank & 1 != 0 {
                        let last = if us == 0 { self.h - 1 } else { 0 };
                        if to_rank != last && !self.mandatory {
                            push(uci.clone(), next.clone());
                        }
                        for &l in &self.promo_letters {
                            let pt = self.pieces.iter().position(|p| p.letter == l).unwrap();
                            let have = self.cells.iter().filter(|c| **c == Some((us, pt))).count();
                            if self
                                .limits
                                .iter()
                                .any(|&(x, n)| x == l && have >= usize::from(n))
                            {
                                continue;
                            }
                            let mut n2 = next.clone();
                            n2.cells[to as usize] = Some((us, pt));
                            n2.promoted[to as usize] = true;
                            push(format!("{uci}{}", l.to_ascii_lowercase()), n2);
                        }
                        continue;
                    }
                }
                push(uci, next);
            }
            for e in ep_targets {
                let mut next = base.clone();
                next.castling = self.castling.clone();
                next.cells[e as usize] = Some((us, t));
                let victim = e - if us == 0 { self.w } else { -self.w };
                next.take_to_hand(victim, us);
                next.cells[victim as usize] = None;
                push(format!("{}{}", self.name(s), self.name(e)), next);
            }
            if kind == PieceKind::King {
                for &(c2, k, r, kto, rto) in &self.castling {
                    if c2 != us || k != s {
                        continue;
                    }
                    let lo = k.min(r).min(kto).min(rto);
                    let hi = k.max(r).max(kto).max(rto);
                    if (lo..=hi).any(|x| x != k && x != r && self.cells[x as usize].is_some()) {
                        continue;
                    }
                    if (k.min(kto)..=k.max(kto)).any(|x| self.attacked(x, us ^ 1)) {
                        continue;
                    }
                    let rook = self.cells[r as usize];
                    let mut next = base.clone();
                    next.castling = keep(&self.castling, s, s);
                    next.cells[r as usize] = None;
                    next.cells[kto as usize] = Some((us, t));
                    next.cells[rto as usize] = rook;
                    push(format!("{}{}", self.name(k), self.name(kto)), next);
                }
            }
        }
        if self.extra.drops {
            for t in 0..self.pieces.len() {
                if self.hand[us][t] == 0 {
                    continue;
                }
                for to in 0..self.w * self.h {
                    let rank = to / self.w;
                    let pawn = self.pieces[t].kind == PieceKind::Pawn;
                    if self.cells[to as usize].is_some()
                        || (pawn && (rank == 0 || rank == self.h - 1))
                    {
                        continue;
                    }
                    let mut next = self.clone();
                    next.ep.clear();
                    next.hand[us][t] -= 1;
                    next.cells[to as usize] = Some((us, t));
                    push(format!("{}@{}", self.pieces[t].letter, self.name(to)), next);
                }
            }
        }
        out
    }

    /// A capture on `sq` by `us`: with drops, the piece goes to `us`'s hand (a
    /// promoted one as a pawn).
    fn take_to_hand(&mut self, sq: i32, us: usize) {
        if let (true, Some((c, t))) = (self.extra.drops, self.cells[sq as usize])
            && c != us
        {
            let t = if self.promoted[sq as usize] {
                self.pieces
                    .iter()
                    .position(|p| p.kind == PieceKind::Pawn)
                    .unwrap()
            } else {
                t
            };
            self.hand[us][t] += 1;
        }
        self.promoted[sq as usize] = false;
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal().iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }
}

/// The engine's legal moves as UCI; a move listed twice fails the test.
fn engine_moves(pos: &VariantPosition) -> BTreeSet<String> {
    let list: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(
        list.len(),
        set.len(),
        "a move listed twice: {list:?} in {}",
        pos.fen()
    );
    set
}

/// Seeded random games: at every ply the engine's and the reference's legal moves
/// are the same; the reference then follows the engine's FEN.
fn compare_games(v: &Variant, games: usize, plies: usize, seed: u64) -> usize {
    compare_games_told(v, &Extra::default(), games, plies, seed)
}

/// [`compare_games`] with a reference told the rules `extra`.
fn compare_games_told(v: &Variant, extra: &Extra, games: usize, plies: usize, seed: u64) -> usize {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut compared = 0;
    for game in 0..games {
        let mut pos = VariantPosition::startpos(v);
        for ply in 0..plies {
            let fen = pos.fen();
            let reference = Ref::new(v, &fen).with(extra);
            let want: BTreeSet<String> = reference.legal().into_iter().map(|(u, _)| u).collect();
            assert_eq!(
                engine_moves(&pos),
                want,
                "{} game {game} ply {ply}: {fen}",
                v.name()
            );
            // Every 16 plies, the reference's own moves two plies on (captures
            // into hand, promoted pieces, drops played).
            if ply % 16 == 8 {
                assert_eq!(
                    pos.perft(2),
                    reference.perft(2),
                    "{} game {game} ply {ply}: {fen}",
                    v.name()
                );
            }
            compared += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            pos.play(&mv).unwrap();
        }
    }
    compared
}

const FAIRY_INI: &str = "
# 12 x 12 with riders, hoppers and lame leapers
[riders12:chess]
maxFile = 12
maxRank = 12
customPiece1 = c:CC
customPiece2 = z:ZZ
customPiece3 = g:gQ
customPiece4 = o:mRcpR
customPiece5 = h:nN
customPiece6 = e:nA
customPiece7 = l:B2R3
customPiece8 = u:mNcB
customPiece9 = w:fWimfnDifmF
promotionRegionWhite = *12
promotionRegionBlack = *1
doubleStepRegionWhite = *2
doubleStepRegionBlack = *11
promotionPieceTypes = qczgo
castling = false
startFen = rczghoekuglr/ppwppppppwpp/12/12/12/12/12/12/12/12/PPWPPPPPPWPP/RCZGHOEKUGLR w - - 0 1

# a small board with a grasshopper army
[hoppers6:chess]
maxFile = 6
maxRank = 6
customPiece1 = g:gQ
customPiece2 = o:mRcpR
promotionRegionWhite = *6
promotionRegionBlack = *1
doubleStepRegionWhite = *2
doubleStepRegionBlack = *5
promotionPieceTypes = go
castling = false
startFen = gokogg/pppppp/6/6/PPPPPP/GOKOGG w - - 0 1
";

const ASYMMETRIC_INI: &str = "
# pieces whose moves differ between left and right, forward and back
[lefty:chess]
customPiece1 = a:rW
customPiece2 = y:lN
customPiece3 = x:frFbW
customPiece4 = v:rRfB
promotionPieceTypes = ayxvq
castling = false
startFen = ayxqkvna/pppppppp/8/8/8/8/PPPPPPPP/AYXQKVNA w - - 0 1

# pieces with two components reaching one square
[twice:chess]
customPiece1 = a:nAB
customPiece2 = y:BAA
customPiece3 = x:nDR
castling = false
promotionPieceTypes = ayxq
startFen = rnaqkyxr/pppppppp/8/8/8/8/PPPPPPPP/RNAQKYXR w - - 0 1
";

/// A square name `(file, rank)` from 0.
fn parse_sq(text: &str) -> (i32, i32) {
    let file = i32::from(text.as_bytes()[0] - b'a');
    (file, text[1..].parse::<i32>().unwrap() - 1)
}

/// The position turned by 180 degrees with the colours swapped (no castling rights).
fn rotate_fen(fen: &str, w: i32, h: i32) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut rows: Vec<Vec<Option<char>>> = Vec::new();
    for row in fields[0].split('/') {
        let mut cells = Vec::new();
        let mut num = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                num = num * 10 + d as usize;
                continue;
            }
            cells.extend(std::iter::repeat_n(None, num));
            num = 0;
            let swapped = if ch.is_ascii_lowercase() {
                ch.to_ascii_uppercase()
            } else {
                ch.to_ascii_lowercase()
            };
            cells.push(Some(swapped));
        }
        cells.extend(std::iter::repeat_n(None, num));
        assert_eq!(cells.len(), w as usize, "{fen}");
        rows.push(cells);
    }
    let board: Vec<String> = rows
        .iter()
        .rev()
        .map(|cells| {
            let mut out = String::new();
            let mut empty = 0;
            for c in cells.iter().rev() {
                match c {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(*p);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let turn = if fields[1] == "w" { "b" } else { "w" };
    let ep = if fields[3] == "-" {
        "-".to_string()
    } else {
        rotate_squares(fields[3], w, h)
    };
    format!(
        "{} {turn} - {ep} {} {}",
        board.join("/"),
        fields[4],
        fields[5]
    )
}

/// Every square name in `text` (a square or a UCI move) turned by 180 degrees.
fn rotate_squares(text: &str, w: i32, h: i32) -> String {
    let mut out = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let mut j = i + 1;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        if j == i + 1 {
            out.push(char::from(bytes[i])); // a promotion letter
        } else {
            let (f, r) = parse_sq(&text[i..j]);
            out.push(char::from(b'a' + (w - 1 - f) as u8));
            out.push_str(&(h - r).to_string());
        }
        i = j;
    }
    out
}

#[test]
fn black_reads_left_and_right_from_its_own_side() {
    for v in ini::parse(ASYMMETRIC_INI).unwrap() {
        let (w, h) = (i32::from(v.files()), i32::from(v.ranks()));
        // The reference (directions turned for Black) at every ply of random games.
        assert!(compare_games(&v, 6, 80, 0x1e7f) > 300, "{}", v.name());
        // The board turned round with the colours swapped has the turned moves,
        // move for move, and the same perft.
        let mut state = 0x2b0d_u64;
        let mut pos = VariantPosition::startpos(&v);
        for ply in 0..60 {
            let fen = pos.fen();
            let turned = rotate_fen(&fen, w, h);
            let other = VariantPosition::from_fen(&v, &turned)
                .unwrap_or_else(|e| panic!("{} ply {ply}: {turned}: {e}", v.name()));
            let want: BTreeSet<String> = engine_moves(&pos)
                .iter()
                .map(|m| rotate_squares(m, w, h))
                .collect();
            assert_eq!(engine_moves(&other), want, "{}: {fen} / {turned}", v.name());
            if ply % 10 == 0 {
                assert_eq!(pos.perft(2), other.perft(2), "{}: {fen}", v.name());
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play(&moves[(state % moves.len() as u64) as usize])
                .unwrap();
        }
    }
}

#[test]
fn a_black_right_wazir_goes_towards_the_a_file() {
    let v = ini::parse(ASYMMETRIC_INI).unwrap().remove(0);
    // Black's rW on d5: its right is White's left, as Fairy-Stockfish reads it.
    let fen = "4k3/8/8/3a4/8/8/8/4K3 b - - 0 1";
    let pos = VariantPosition::from_fen(&v, fen).unwrap();
    let want: BTreeSet<String> = Ref::new(&v, fen)
        .legal()
        .into_iter()
        .map(|(u, _)| u)
        .filter(|u| u.starts_with("d5"))
        .collect();
    assert_eq!(want.len(), 1);
    let got: BTreeSet<String> = engine_moves(&pos)
        .into_iter()
        .filter(|u| u.starts_with("d5"))
        .collect();
    assert_eq!(got, want);
    // The same wazir for White on e4 (d5 turned round) goes towards the h-file.
    let white = VariantPosition::from_fen(&v, &rotate_fen(fen, 8, 8)).unwrap();
    let turned: BTreeSet<String> = engine_moves(&white)
        .into_iter()
        .filter(|u| u.starts_with("e4"))
        .map(|u| rotate_squares(&u, 8, 8))
        .collect();
    assert_eq!(got, turned);
    // A White king beside it with Black to move: the position is refused exactly
    // when the reference says the wazir attacks the king.
    for fen in [
        "4k3/8/8/3aK3/8/8/8/8 b - - 0 1",
        "4k3/8/8/2Ka4/8/8/8/8 b - - 0 1",
    ] {
        let reference = Ref::new(&v, fen);
        let king = reference.king_of(0).unwrap();
        assert_eq!(
            VariantPosition::from_fen(&v, fen).is_ok(),
            !reference.attacked(king, 1),
            "{fen}"
        );
    }
}

#[test]
fn a_square_two_components_reach_is_one_move() {
    let v = ini::parse(ASYMMETRIC_INI).unwrap().remove(1);
    for fen in [
        "4k3/8/8/8/8/8/8/2A1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2Y1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/X3K3 w - - 0 1",
        "2a1k3/8/8/8/8/8/8/4K3 b - - 0 1",
        "3Ak3/8/8/8/8/8/8/4K2X w - - 0 1",
    ] {
        let pos = VariantPosition::from_fen(&v, fen).unwrap();
        let reference = Ref::new(&v, fen);
        let want: BTreeSet<String> = reference.legal().into_iter().map(|(u, _)| u).collect();
        assert_eq!(engine_moves(&pos), want, "{fen}");
        for depth in 1..=3 {
            assert_eq!(
                pos.perft(depth),
                reference.perft(depth),
                "{fen} depth {depth}"
            );
        }
    }
    let start = VariantPosition::startpos(&v);
    let reference = Ref::new(&v, &start.fen());
    assert_eq!(start.perft(2), reference.perft(2));
    assert!(compare_games(&v, 6, 80, 0xd0b1e) > 300);
}

#[test]
fn sixteen_by_sixteen_agrees_with_the_reference() {
    let v = Variant::builtin("sixteen").unwrap();
    let start = VariantPosition::startpos(&v);
    let reference = Ref::new(&v, &start.fen());
    assert_eq!(start.perft(2), reference.perft(2));
    assert!(compare_games(&v, 4, 60, 0x5157_4545) > 200);
}

#[test]
fn fairy_riders_hoppers_and_lame_leapers_agree_with_the_reference() {
    for v in ini::parse(FAIRY_INI).unwrap() {
        let start = VariantPosition::startpos(&v);
        let reference = Ref::new(&v, &start.fen());
        assert_eq!(start.perft(2), reference.perft(2), "{}", v.name());
        if v.files() <= 6 {
            assert_eq!(start.perft(3), reference.perft(3), "{}", v.name());
        }
        assert!(compare_games(&v, 6, 80, 0xfa1e) > 300, "{}", v.name());
    }
}

#[test]
fn built_in_variants_without_gating_agree_with_the_reference() {
    for name in [
        "capablanca",
        "janus",
        "grand",
        "shako",
        "grasshopper",
        "nightrider",
        "amazon",
    ] {
        let v = Variant::builtin(name).unwrap();
        assert!(compare_games(&v, 3, 60, 0xbeef) > 100, "{name}");
    }
}

/// Not a test of speed (tests never assert times): prints perft nodes per second
/// of the start positions, for the report.
///
/// ```text
/// cargo test --release -p kibitz --test rules -- --ignored --nocapture variant_reference::
/// ```
#[test]
#[ignore = "speed report, release only"]
fn perft_speed_report() {
    let only = std::env::var("KIBITZ_SPEED_VARIANT").ok();
    for (name, depth) in [
        ("capablanca", 5),
        ("grand", 4),
        ("seirawan", 5),
        ("sixteen", 4),
        ("chess", 5),
    ] {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let v = Variant::builtin(name).unwrap();
        let pos = VariantPosition::startpos(&v);
        // On a shared machine the thread's own CPU time (schedstat, Linux) says
        // more than the wall clock.
        let cpu_ns = || {
            std::fs::read_to_string("/proc/thread-self/schedstat")
                .ok()
                .and_then(|s| {
                    s.split_whitespace()
                        .next()
                        .and_then(|x| x.parse::<f64>().ok())
                })
        };
        let (t, c0) = (std::time::Instant::now(), cpu_ns());
        let nodes = pos.perft(depth);
        let secs = t.elapsed().as_secs_f64();
        let cpu = match (c0, cpu_ns()) {
            (Some(a), Some(b)) => (b - a) / 1e9,
            _ => secs,
        };
        println!(
            "{name} perft {depth}: {nodes} nodes, wall {secs:.2} s, cpu {cpu:.2} s = {:.1} M nodes/s of cpu",
            nodes as f64 / cpu / 1e6
        );
    }
}

/// Crazyhouse on 14 × 14 (Fairy-Stockfish stops at 12 × 10): drops, captures into
/// hand and promoted pieces that go back as pawns, against the reference told
/// crazyhouse's rules.
#[test]
fn crazyhouse_on_14_by_14_agrees_with_the_reference() {
    let v = ini::parse(
        "[crazy14:crazyhouse]\nmaxFile = n\nmaxRank = 14\ncastling = false\n\
         promotionRegionWhite = *14\npromotionRegionBlack = *1\n\
         doubleStepRegionWhite = *2\ndoubleStepRegionBlack = *13\n\
         startFen = rnbqkbnrnbqnbr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/\
         PPPPPPPPPPPPPP/RNBQKBNRNBQNBR[] w - - 0 1\n",
    )
    .unwrap()
    .remove(0);
    let extra = Extra {
        drops: true,
        ..Extra::default()
    };
    assert_eq!(v.files(), 14);
    // A position with both hands full and a promoted queen on the board.
    let fen = "r3k3nrn2r/pp1ppp1pp1ppp1/14/2Q~11/14/14/5b8/14/14/7n6/14/14/\
               PPPP1PPP1PPPPP/RNB1KBNR1B1QNR[QNBRPPqnbrpp] w - - 0 20";
    let pos = VariantPosition::from_fen(&v, fen).unwrap();
    let reference = Ref::new(&v, fen).with(&extra);
    let drops = engine_moves(&pos)
        .iter()
        .filter(|m| m.contains('@'))
        .count();
    assert!(drops > 500, "{drops} drops");
    assert_eq!(
        engine_moves(&pos),
        reference
            .legal()
            .into_iter()
            .map(|(u, _)| u)
            .collect::<BTreeSet<_>>()
    );
    assert_eq!(pos.perft(2), reference.perft(2));
    assert!(compare_games_told(&v, &extra, 4, 100, 0x00c4_a214) > 300);
}

/// Xiangqi's palace and the flying general on 14 × 14: kings and advisors kept
/// to a 3 × 3 palace, elephants to their own half, with cannons and horses,
/// against the reference told those regions.
#[test]
fn a_palace_game_on_14_by_14_agrees_with_the_reference() {
    let palace = |ranks: [i32; 3]| -> Vec<(i32, i32)> {
        ranks
            .iter()
            .flat_map(|&r| (5..8).map(move |f| (f, r)))
            .collect()
    };
    let names = |squares: &[(i32, i32)]| -> String {
        squares
            .iter()
            .map(|&(f, r)| format!("{}{}", char::from(b'a' + f as u8), r + 1))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (white_palace, black_palace) = (palace([0, 1, 2]), palace([11, 12, 13]));
    let half = |ranks: std::ops::Range<i32>| -> Vec<(i32, i32)> {
        ranks.flat_map(|r| (0..14).map(move |f| (f, r))).collect()
    };
    let text = format!(
        "[palace14:chess]\nmaxFile = n\nmaxRank = 14\ncastling = false\n\
         pawn = -\nknight = -\nbishop = -\nqueen = -\n\
         customPiece1 = a:F\ncustomPiece2 = e:nA\ncustomPiece3 = c:mRcpR\n\
         customPiece4 = s:fWlWrW\ncustomPiece5 = h:nN\nflyingGeneral = true\n\
         mobilityRegionWhiteKing = {wp}\nmobilityRegionBlackKing = {bp}\n\
         mobilityRegionWhiteCustomPiece1 = {wp}\nmobilityRegionBlackCustomPiece1 = {bp}\n\
         mobilityRegionWhiteCustomPiece2 = *1 *2 *3 *4 *5 *6 *7\n\
         mobilityRegionBlackCustomPiece2 = *8 *9 *10 *11 *12 *13 *14\n\
         startFen = rhec1aka1cehr1/14/14/s1s1s1s1s1s1s1/14/14/14/14/14/14/\
         S1S1S1S1S1S1S1/14/14/RHEC1AKA1CEHR1 w - - 0 1\n",
        wp = names(&white_palace),
        bp = names(&black_palace),
    );
    let v = ini::parse(&text).unwrap().remove(0);
    let extra = Extra {
        regions: vec![
            ('K', 0, white_palace.clone()),
            ('K', 1, black_palace.clone()),
            ('A', 0, white_palace),
            ('A', 1, black_palace),
            ('E', 0, half(0..7)),
            ('E', 1, half(7..14)),
        ],
        flying_general: true,
        ..Extra::default()
    };
    // The kings face each other on the g-file once the soldiers between them
    // are gone: a move that opens the file is refused.
    let fen = "5ak7/14/14/14/14/14/14/14/14/14/14/6S7/14/6K7 w - - 0 1";
    let pos = VariantPosition::from_fen(&v, fen).unwrap();
    let reference = Ref::new(&v, fen).with(&extra);
    let moves = engine_moves(&pos);
    assert!(
        !moves.contains("g3h3") && moves.contains("g3g4"),
        "{moves:?}"
    );
    assert_eq!(
        moves,
        reference
            .legal()
            .into_iter()
            .map(|(u, _)| u)
            .collect::<BTreeSet<_>>()
    );
    let start = VariantPosition::startpos(&v);
    assert_eq!(
        start.perft(2),
        Ref::new(&v, &start.fen()).with(&extra).perft(2)
    );
    assert!(compare_games_told(&v, &extra, 4, 100, 0x009a_1ace) > 300);
}
