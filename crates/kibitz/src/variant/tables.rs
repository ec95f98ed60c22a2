//! A variant turned into lookup tables, once: every piece's leaps from every
//! square (with the squares a lame leap needs empty), its ray directions with
//! ranges, the squares along each ray, and the reverse tables that answer "is
//! this square attacked" by lookups and short ray walks.

use crate::mobility::betza::{self, Hop};

use super::VariantError;
use super::board::{NO_SQ, Sq, WideBitboard};
use super::pawns::PawnSets;
use super::rules::{Conditions, MAX_TYPES, Palace, PieceKind, Rules};

/// Move-mode bits.
pub(crate) const MOVE: u8 = 1;
pub(crate) const CAPTURE: u8 = 2;

/// One leap from a square: its target, its modes, and up to two squares a lame leap
/// needs empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Leap {
    pub to: Sq,
    pub mode: u8,
    pub block: [Sq; 2],
}

impl Leap {
    /// Is the leap lame and its path taken on `board` (a piece or a wall on
    /// one of its `block` squares)?
    #[inline(always)]
    pub fn blocked(&self, board: &[u8]) -> bool {
        self.block[0] != NO_SQ
            && (board[usize::from(self.block[0])] != 0
                || (self.block[1] != NO_SQ && board[usize::from(self.block[1])] != 0))
    }
}

/// One ray of a piece: direction index, at most `max` steps, modes, hopper kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ray {
    pub dir: u8,
    pub max: u8,
    pub mode: u8,
    pub hop: Option<Hop>,
}

/// One plain ride of a piece from one square: `len` squares of `ray_squares`
/// from `start` (the ray cut to the piece's range), and its modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RideLine {
    pub start: u32,
    pub len: u8,
    pub mode: u8,
}

/// A square from which a leaper of one of `types` (mask) attacks the target, if
/// `block` is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LeapAttack {
    pub from: Sq,
    pub types: u32,
    pub block: [Sq; 2],
}

/// The tables of one variant.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    pub files: u16,
    pub squares: usize,
    pub types: usize,
    /// Ray directions `(file, rank)` steps, closed under negation.
    pub dirs: Vec<(i8, i8)>,
    /// Index of the negated direction.
    pub opposite: Vec<u8>,
    /// Squares along each ray, flat; `ray_index[sq * dirs + d]` = (start, len).
    pub ray_squares: Vec<Sq>,
    pub ray_index: Vec<(u32, u8)>,
    /// Leaps, flat; `leap_index[(c * types + t) * squares + sq]` = (start, end).
    pub leaps: Vec<Leap>,
    pub leap_index: Vec<(u32, u32)>,
    /// Rays of each `(colour, type)`.
    pub rays: Vec<Vec<Ray>>,
    /// The plain (not hopping) rays of each `(colour, type, square)`, flat, each
    /// cut to its range and never empty; `ride_index` as `leap_index`.
    pub ride_lines: Vec<RideLine>,
    pub ride_index: Vec<(u32, u32)>,
    /// For attacker colour `c` and target `sq`: `attack_index[c * squares + sq]` into `leap_attacks`.
    pub leap_attacks: Vec<LeapAttack>,
    pub attack_index: Vec<(u32, u32)>,
    /// The squares of each `attack_index` list as a set: where no piece of
    /// the attacker's colour stands on one, the list is not walked.
    pub leap_attack_from: Vec<WideBitboard>,
    /// The squares next to each square (a king's step away): atomic's blast
    /// and the adjacency of its kings, Ataxx's copies and flips.
    pub adjacent: Vec<WideBitboard>,
    /// Per attacker colour and direction (the direction the attacker moves in):
    /// types riding it with a capture, and their range per type.
    pub ride_mask: [Vec<u32>; 2],
    pub ride_max: [Vec<[u8; MAX_TYPES]>; 2],
    pub cannon_mask: [Vec<u32>; 2],
    pub grass_mask: [Vec<u32>; 2],
    /// Directions with any attacking rider or hopper, per attacker colour.
    pub attack_dirs: [Vec<u8>; 2],
    /// Squares where a move off (or onto, with hoppers) may expose a royal on `sq`.
    pub sensitive: Vec<WideBitboard>,
    pub has_hoppers: bool,
    /// Per `(colour, type)`: can two of the piece's leaps or rays reach the same
    /// square from one square (`nAB`, `BAA`)? Then its moves are deduplicated.
    pub overlap: Vec<bool>,
    pub pawn: Option<u8>,
    pub king: Option<u8>,
    /// The extinction types and their kin (a bit per type): the types whose
    /// pieces [`State::watched`](super::state::State) keeps, so that the
    /// pseudo-royal pieces are found without a scan of the board.
    pub watched: u32,
    /// The squares of each ray as a set: `ray_bb[sq * dirs + d]`.
    pub ray_bb: Vec<WideBitboard>,
    /// Per direction: do square indices grow along it (its first blocker is the
    /// lowest square of the blockers, else the highest)?
    pub dir_up: Vec<bool>,
    /// The targets of the leaps without a lame path, per `(colour, type, square)`
    /// as `leap_index`: those that move, and those that capture.
    pub leap_move_bb: Vec<WideBitboard>,
    pub leap_cap_bb: Vec<WideBitboard>,
    /// Per `(colour, type)`: has the piece lame leaps (then the leap list is walked too)?
    pub lame: Vec<bool>,
    /// Per `(colour, type)`: the mobility region of a rider or hopper that moves
    /// without capturing ([`super::regions`]): its moves may end only there (its
    /// leaps are cut in their tables already).
    pub ride_region: Vec<Option<WideBitboard>>,
    /// Per colour: its promotion zone.
    pub promo_zone: [WideBitboard; 2],
    /// The squares a pawn of each colour steps two from (`doubleStepRegion`).
    pub double_zone: [WideBitboard; 2],
    /// The squares a pawn of each colour steps three from (`tripleStepRegion`).
    pub triple_zone: [WideBitboard; 2],
    /// Boards of at most 128 squares count their pawns all at once, in a `u128`:
    /// these are its masks (all zero on larger boards).
    pub small: bool,
    pub board128: u128,
    pub not_first_file128: u128,
    pub not_last_file128: u128,
    /// Per colour: the double-step ranks, the promotion zone, the last rank.
    pub double128: [u128; 2],
    pub zone128: [u128; 2],
    pub last128: [u128; 2],
    /// Janggi's palace rules, resolved ([`super::palace`]).
    pub palace: Palace,
    /// The fairy conditions, resolved ([`super::conditions`]).
    pub conditions: ConditionTables,
    /// Which types are pawns to promotion, en passant and the n-move rule
    /// ([`super::pawns`]).
    pub pawn_sets: PawnSets,
    /// The types other than the orthodox pawn that promote or take en passant
    /// (custom pawns: their moves go through [`State::custom_pawn_moves`](super::state::State)).
    pub custom_pawns: u32,
    /// The orthodox pawn's bit and `custom_pawns`: the types whose moves are
    /// not plain leaps and rides.
    pub special: u32,
    /// Per `(colour, type, square)` as `leap_index`: the squares an initial
    /// (`i`) move reaches that no other quiet move of the piece does; such a
    /// move leaves en-passant squares behind (as Fairy-Stockfish's). Empty when
    /// no piece has one.
    pub initial_only: Vec<WideBitboard>,
    /// The types with such moves.
    pub initial_ep: u32,
    /// Per colour: the types other than the orthodox pawn whose moves that
    /// cannot be undone reset the n-move count (`nMoveRuleTypes`).
    pub n_move_custom: [u32; 2],
}

struct Component {
    dx: i32,
    dy: i32,
    range: Option<Option<u32>>,
    mode: u8,
    initial: bool,
    lame: bool,
    hop: Option<Hop>,
}

/// The squares a lame leap `(dx, dy)` passes: straight or diagonal leaps their
/// in-between squares; oblique ones first orthogonal steps along the longer
/// component, then diagonal steps (the xiangqi horse's leg).
fn lame_path(dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut path = Vec::new();
    if ax == 0 || ay == 0 || ax == ay {
        let n = ax.max(ay);
        for k in 1..n {
            path.push((sx * k * (ax.min(1)), sy * k * (ay.min(1))));
        }
        return path;
    }
    let (major, minor) = (ax.max(ay), ax.min(ay));
    let orth = major - minor;
    let (mut x, mut y) = (0, 0);
    for _ in 0..orth {
        if ax > ay {
            x += sx;
        } else {
            y += sy;
        }
        path.push((x, y));
    }
    for _ in 0..minor {
        x += sx;
        y += sy;
        path.push((x, y));
    }
    path.pop(); // the last point is the target
    path
}

/// With `dedup`, whether `sq` is not yet in `seen` (and adds it); without,
/// always true. Keeps a square reachable by two components of one piece from
/// becoming two moves.
#[inline(always)]
pub(crate) fn first_time(dedup: bool, seen: &mut WideBitboard, sq: Sq) -> bool {
    if !dedup {
        return true;
    }
    if seen.contains(sq) {
        return false;
    }
    seen.insert(sq);
    true
}

impl Tables {
    pub fn build(rules: &Rules) -> Result<Tables, VariantError> {
        let files = rules.size.files();
        let squares = rules.size.squares();
        let types = rules.pieces.len();
        let on = |f: i32, r: i32| rules.size.square_index(f, r);
        let pawn = rules.kind_index(PieceKind::Pawn);
        let king = rules.kind_index(PieceKind::King);
        let mut watched = 0;
        let mut extinction = rules.ends.extinction_types;
        while extinction != 0 {
            let ty = extinction.trailing_zeros() as usize;
            extinction &= extinction - 1;
            watched |= rules.ends.extinction_kin.get(ty).copied().unwrap_or(0) | 1 << ty;
        }

        let has_regions = rules.regions.any();
        rules.regions.check(rules)?;
        // Where `i` (initial) moves may start: as in Fairy-Stockfish, any piece on a
        // rank of its side's double-step region.
        let double_zone = [rules.double_step_region(0), rules.double_step_region(1)];
        let triple_zone = [rules.triple_step_region(0), rules.triple_step_region(1)];
        let mut initial = vec![WideBitboard::EMPTY; 2 * types];
        for c in 0..2 {
            for t in 0..types {
                initial[c * types + t] = double_zone[c];
            }
        }

        // Parse every piece into components, per colour.
        let mut parsed: Vec<Vec<Component>> = Vec::new();
        for c in 0..2 {
            for p in &rules.pieces {
                let betza_text = match p.kind {
                    PieceKind::Pawn => "fmWfcF",
                    _ => p.betza.as_str(),
                };
                let err = |source| VariantError::Betza {
                    letter: p.letter,
                    betza: betza_text.to_string(),
                    source,
                };
                let comps = if betza_text.is_empty() {
                    Vec::new()
                } else {
                    betza::parse_components(betza_text).map_err(err)?
                };
                let mut out = Vec::new();
                for comp in comps {
                    if comp.initial && comp.range.is_some() {
                        return Err(err(betza::BetzaError::Unplayable {
                            what: "an initial-only (i) rider",
                            position: 0,
                        }));
                    }
                    for d in &comp.directions {
                        // Betza directions are read from each side's own point of
                        // view (as in Fairy-Stockfish): Black's are White's turned
                        // by 180 degrees, so `r` is towards the a-file and `f` down.
                        let (dx, dy) = if c == 0 {
                            (d.dk() as i32, -d.dr() as i32)
                        } else {
                            (-d.dk() as i32, d.dr() as i32)
                        };
                        let mut mode = 0;
                        if comp.moves {
                            mode |= MOVE;
                        }
                        // Initial moves never capture (as in Fairy-Stockfish).
                        if comp.captures && !comp.initial {
                            mode |= CAPTURE;
                        }
                        if mode == 0 {
                            continue;
                        }
                        out.push(Component {
                            dx,
                            dy,
                            range: comp.range,
                            mode,
                            initial: comp.initial,
                            lame: comp.lame,
                            hop: comp.hop,
                        });
                    }
                }
                parsed.push(out);
            }
        }

        // Directions of all rays, closed under negation.
        let mut dirs: Vec<(i8, i8)> = Vec::new();
        let dir_id = |dx: i32, dy: i32, dirs: &mut Vec<(i8, i8)>| -> u8 {
            for v in [(dx, dy), (-dx, -dy)] {
                let v = (v.0 as i8, v.1 as i8);
                if !dirs.contains(&v) {
                    dirs.push(v);
                }
            }
            dirs.iter()
                .position(|&v| v == (dx as i8, dy as i8))
                .unwrap_or(0) as u8
        };
        let mut rays: Vec<Vec<Ray>> = Vec::new();
        for comps in &parsed {
            let mut list: Vec<Ray> = Vec::new();
            for comp in comps.iter().filter(|c| c.range.is_some()) {
                let dir = dir_id(comp.dx, comp.dy, &mut dirs);
                let max = match comp.range {
                    Some(Some(n)) => n.min(254) as u8,
                    _ => 255,
                };
                match list.iter_mut().find(|r| r.dir == dir && r.hop == comp.hop) {
                    Some(r) => {
                        r.max = r.max.max(max);
                        r.mode |= comp.mode;
                    }
                    None => list.push(Ray {
                        dir,
                        max,
                        mode: comp.mode,
                        hop: comp.hop,
                    }),
                }
            }
            rays.push(list);
        }
        // The flying general's lines ([`super::regions`]): the four orthogonals.
        if rules.regions.flying_general {
            for (dx, dy) in [(1, 0), (0, 1)] {
                dir_id(dx, dy, &mut dirs);
            }
        }
        let nd = dirs.len();
        let opposite: Vec<u8> = dirs
            .iter()
            .map(|&(x, y)| dirs.iter().position(|&v| v == (-x, -y)).unwrap_or(0) as u8)
            .collect();
        let mut ray_squares = Vec::new();
        let mut ray_index = Vec::with_capacity(squares * nd);
        for sq in 0..squares {
            let (f, r) = (
                (sq % usize::from(files)) as i32,
                (sq / usize::from(files)) as i32,
            );
            for &(dx, dy) in &dirs {
                let start = ray_squares.len() as u32;
                let (mut x, mut y) = (f + i32::from(dx), r + i32::from(dy));
                while let Some(s) = on(x, y) {
                    ray_squares.push(s);
                    x += i32::from(dx);
                    y += i32::from(dy);
                }
                ray_index.push((start, (ray_squares.len() as u32 - start) as u8));
            }
        }

        // Leaps per (colour, type, square), merged and without the first steps of
        // the piece's own plain rays.
        let mut leaps = Vec::new();
        let mut leap_index = Vec::with_capacity(2 * types * squares);
        let any_initial = parsed
            .iter()
            .flatten()
            .any(|c| c.initial && c.mode & MOVE != 0);
        let mut initial_only = if any_initial {
            vec![WideBitboard::EMPTY; 2 * types * squares]
        } else {
            Vec::new()
        };
        let mut initial_ep = 0u32;
        for c in 0..2 {
            for t in 0..types {
                let comps = &parsed[c * types + t];
                let ray_list = &rays[c * types + t];
                for sq in 0..squares {
                    let (f, r) = (
                        (sq % usize::from(files)) as i32,
                        (sq / usize::from(files)) as i32,
                    );
                    let start = leaps.len() as u32;
                    let mut here: Vec<Leap> = Vec::new();
                    // Quiet targets of the initial moves, and of the others
                    // (the rays' squares on an empty board).
                    let (mut first_moves, mut quiet) = (WideBitboard::EMPTY, WideBitboard::EMPTY);
                    for ray in ray_list.iter().filter(|r| r.mode & MOVE != 0) {
                        let (dx, dy) = dirs[usize::from(ray.dir)];
                        let (mut x, mut y) = (f + i32::from(dx), r + i32::from(dy));
                        let mut n = 0;
                        while let (Some(s), true) = (on(x, y), n < ray.max) {
                            quiet.insert(s);
                            x += i32::from(dx);
                            y += i32::from(dy);
                            n += 1;
                        }
                    }
                    for comp in comps.iter().filter(|c| c.range.is_none()) {
                        if comp.initial && !initial[c * types + t].contains(sq as Sq) {
                            continue;
                        }
                        let Some(to) = on(f + comp.dx, r + comp.dy) else {
                            continue;
                        };
                        if comp.mode & MOVE != 0 {
                            if comp.initial {
                                first_moves.insert(to);
                            } else {
                                quiet.insert(to);
                            }
                        }
                        // Mobility regions and the soldier ([`super::regions`]).
                        if has_regions
                            && !rules.regions.allows_leap(
                                rules.size,
                                &rules.pieces[t],
                                c,
                                sq as Sq,
                                to,
                            )
                        {
                            continue;
                        }
                        let mut block = [NO_SQ; 2];
                        if comp.lame {
                            let path = lame_path(comp.dx, comp.dy);
                            if path.len() > 2 {
                                return Err(VariantError::Betza {
                                    letter: rules.pieces[t].letter,
                                    betza: rules.pieces[t].betza.clone(),
                                    source: betza::BetzaError::Unplayable {
                                        what: "a lame leap longer than three steps",
                                        position: 0,
                                    },
                                });
                            }
                            for (i, (px, py)) in path.into_iter().enumerate() {
                                block[i] = on(f + px, r + py).unwrap_or(NO_SQ);
                            }
                        }
                        let mut mode = comp.mode;
                        // A plain ray along the same step already makes this move.
                        for ray in ray_list.iter().filter(|r| r.hop.is_none()) {
                            let (dx, dy) = dirs[usize::from(ray.dir)];
                            if (i32::from(dx), i32::from(dy)) == (comp.dx, comp.dy) {
                                mode &= !ray.mode;
                            }
                        }
                        if mode == 0 {
                            continue;
                        }
                        match here.iter_mut().find(|l| l.to == to && l.block == block) {
                            Some(l) => l.mode |= mode,
                            None => here.push(Leap { to, mode, block }),
                        }
                    }
                    leaps.extend(here);
                    leap_index.push((start, leaps.len() as u32));
                    if any_initial {
                        let only = first_moves & !quiet;
                        if only != WideBitboard::EMPTY {
                            initial_ep |= 1 << t;
                        }
                        initial_only[(c * types + t) * squares + sq] = only;
                    }
                }
            }
        }

        // Reverse leap tables: for attacker colour c and target sq.
        let mut per_target: Vec<Vec<LeapAttack>> = vec![Vec::new(); 2 * squares];
        for c in 0..2 {
            for t in 0..types {
                for from in 0..squares {
                    let (s, e) = leap_index[(c * types + t) * squares + from];
                    for l in &leaps[s as usize..e as usize] {
                        if l.mode & CAPTURE == 0 {
                            continue;
                        }
                        let list = &mut per_target[c * squares + usize::from(l.to)];
                        match list
                            .iter_mut()
                            .find(|a| usize::from(a.from) == from && a.block == l.block)
                        {
                            Some(a) => a.types |= 1 << t,
                            None => list.push(LeapAttack {
                                from: from as Sq,
                                types: 1 << t,
                                block: l.block,
                            }),
                        }
                    }
                }
            }
        }
        let mut leap_attacks = Vec::new();
        let mut attack_index = Vec::new();
        let adjacent = (0..squares)
            .map(|sq| {
                let (f, r) = (
                    (sq % usize::from(files)) as i32,
                    (sq / usize::from(files)) as i32,
                );
                let mut set = WideBitboard::EMPTY;
                for (df, dr) in [
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (-1, 0),
                    (1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                ] {
                    if let Some(s) = on(f + df, r + dr) {
                        set.insert(s);
                    }
                }
                set
            })
            .collect();
        let mut leap_attack_from = Vec::new();
        for list in per_target {
            let start = leap_attacks.len() as u32;
            let mut from = WideBitboard::EMPTY;
            for a in &list {
                from.insert(a.from);
            }
            leap_attack_from.push(from);
            leap_attacks.extend(list);
            attack_index.push((start, leap_attacks.len() as u32));
        }

        // Reverse ray tables.
        let mut ride_mask = [vec![0u32; nd], vec![0u32; nd]];
        let mut ride_max = [vec![[0u8; MAX_TYPES]; nd], vec![[0u8; MAX_TYPES]; nd]];
        let mut cannon_mask = [vec![0u32; nd], vec![0u32; nd]];
        let mut grass_mask = [vec![0u32; nd], vec![0u32; nd]];
        let mut has_hoppers = false;
        for c in 0..2 {
            for t in 0..types {
                for ray in &rays[c * types + t] {
                    if ray.mode & CAPTURE == 0 {
                        continue;
                    }
                    let d = usize::from(ray.dir);
                    match ray.hop {
                        None => {
                            ride_mask[c][d] |= 1 << t;
                            ride_max[c][d][t] = ride_max[c][d][t].max(ray.max);
                        }
                        Some(Hop::Cannon) => {
                            cannon_mask[c][d] |= 1 << t;
                            has_hoppers = true;
                        }
                        Some(Hop::Grasshopper) => {
                            grass_mask[c][d] |= 1 << t;
                            has_hoppers = true;
                        }
                    }
                }
            }
        }
        // The flying general: each king attacks along the orthogonals, any distance
        // (attack-only: no move is made of it).
        if let (true, Some(k)) = (rules.regions.flying_general, king) {
            for c in 0..2 {
                for (d, &(dx, dy)) in dirs.iter().enumerate() {
                    if dx == 0 || dy == 0 {
                        ride_mask[c][d] |= 1 << k;
                        ride_max[c][d][usize::from(k)] = 255;
                    }
                }
            }
        }
        // Quiet hopper moves can also create hurdles; any hopper makes the
        // landing square matter.
        has_hoppers |= rays.iter().flatten().any(|r| r.hop.is_some());
        let attack_dirs = [0, 1].map(|c: usize| {
            (0..nd as u8)
                .filter(|&d| {
                    let d = usize::from(d);
                    ride_mask[c][d] | cannon_mask[c][d] | grass_mask[c][d] != 0
                })
                .collect::<Vec<u8>>()
        });

        let mut sensitive = vec![WideBitboard::EMPTY; squares];
        for (sq, set) in sensitive.iter_mut().enumerate() {
            for d in 0..nd {
                let (s, len) = ray_index[sq * nd + d];
                for &x in &ray_squares[s as usize..s as usize + usize::from(len)] {
                    set.insert(x);
                }
            }
            for c in 0..2 {
                let (s, e) = attack_index[c * squares + sq];
                for a in &leap_attacks[s as usize..e as usize] {
                    for &b in &a.block {
                        if b != NO_SQ {
                            set.insert(b);
                        }
                    }
                }
            }
        }
        // Pieces whose components can reach one square twice.
        let mut overlap = vec![false; 2 * types];
        for (ct, flag) in overlap.iter_mut().enumerate() {
            'squares: for sq in 0..squares {
                let mut seen = WideBitboard::EMPTY;
                let (s, e) = leap_index[ct * squares + sq];
                let leap_targets = leaps[s as usize..e as usize].iter().map(|l| l.to);
                let ray_targets = rays[ct].iter().flat_map(|ray| {
                    let (s, len) = ray_index[sq * nd + usize::from(ray.dir)];
                    let line = &ray_squares[s as usize..s as usize + usize::from(len)];
                    match ray.hop {
                        None => &line[..line.len().min(usize::from(ray.max))],
                        Some(_) => line,
                    }
                });
                for to in leap_targets.chain(ray_targets.copied()) {
                    if !first_time(true, &mut seen, to) {
                        *flag = true;
                        break 'squares;
                    }
                }
            }
        }
        // The plain rides per (colour, type, square), for counting targets.
        let mut ride_lines = Vec::new();
        let mut ride_index = Vec::with_capacity(2 * types * squares);
        for ray_list in &rays {
            for sq in 0..squares {
                let first = ride_lines.len() as u32;
                for ray in ray_list.iter().filter(|r| r.hop.is_none()) {
                    let (s, len) = ray_index[sq * nd + usize::from(ray.dir)];
                    let len = len.min(ray.max);
                    if len > 0 {
                        ride_lines.push(RideLine {
                            start: s,
                            len,
                            mode: ray.mode,
                        });
                    }
                }
                ride_index.push((first, ride_lines.len() as u32));
            }
        }
        // Sets for the bulk counts.
        let mut ray_bb = vec![WideBitboard::EMPTY; squares * nd];
        for sq in 0..squares {
            for d in 0..nd {
                let (s, len) = ray_index[sq * nd + d];
                for &x in &ray_squares[s as usize..s as usize + usize::from(len)] {
                    ray_bb[sq * nd + d].insert(x);
                }
            }
        }
        let dir_up: Vec<bool> = dirs
            .iter()
            .map(|&(dx, dy)| i32::from(dy) * i32::from(files) + i32::from(dx) > 0)
            .collect();
        let mut leap_move_bb = vec![WideBitboard::EMPTY; 2 * types * squares];
        let mut leap_cap_bb = vec![WideBitboard::EMPTY; 2 * types * squares];
        let mut lame = vec![false; 2 * types];
        for (ct, has_lame) in lame.iter_mut().enumerate() {
            for sq in 0..squares {
                let i = ct * squares + sq;
                let (s, e) = leap_index[i];
                for l in &leaps[s as usize..e as usize] {
                    if l.block[0] != NO_SQ {
                        *has_lame = true;
                        continue;
                    }
                    if l.mode & MOVE != 0 {
                        leap_move_bb[i].insert(l.to);
                    }
                    if l.mode & CAPTURE != 0 {
                        leap_cap_bb[i].insert(l.to);
                    }
                }
            }
        }
        // Sittuyin's pawns promote by a move of their own, never by moving
        // into the region (Fairy-Stockfish's `standardPromotionZone`).
        let promo_zone = if rules.regions.sittuyin_promotion {
            [WideBitboard::EMPTY; 2]
        } else {
            [rules.promotion_region(0), rules.promotion_region(1)]
        };
        let small = squares <= 128;
        let (mut board128, mut not_first_file128, mut not_last_file128) = (0u128, 0u128, 0u128);
        let (mut double128, mut zone128, mut last128) = ([0u128; 2], [0u128; 2], [0u128; 2]);
        if small {
            let ranks = squares / usize::from(files);
            for sq in 0..squares {
                let bit = 1u128 << sq;
                let (f, rank) = (sq % usize::from(files), sq / usize::from(files));
                board128 |= bit;
                if f != 0 {
                    not_first_file128 |= bit;
                }
                if f + 1 != usize::from(files) {
                    not_last_file128 |= bit;
                }
                for c in 0..2 {
                    if double_zone[c].contains(sq as Sq) {
                        double128[c] |= bit;
                    }
                    if promo_zone[c].contains(sq as Sq) {
                        zone128[c] |= bit;
                    }
                    if rank == if c == 0 { ranks - 1 } else { 0 } {
                        last128[c] |= bit;
                    }
                }
            }
        }
        let pawn_sets = super::pawns::resolve(rules).map_err(VariantError::Definition)?;
        let custom_pawns = (pawn_sets.promotion[0]
            | pawn_sets.promotion[1]
            | pawn_sets.en_passant[0]
            | pawn_sets.en_passant[1])
            & !pawn.map_or(0, |p| 1u32 << p);
        let ride_region = (0..2 * types)
            .map(|ct| {
                let (c, t) = (ct / types, ct % types);
                rules
                    .regions
                    .region(&rules.pieces[t].name, c)
                    .copied()
                    .filter(|_| !rays[ct].is_empty())
            })
            .collect();
        Ok(Tables {
            ride_region,
            custom_pawns,
            special: custom_pawns | pawn.map_or(0, |p| 1u32 << p),
            initial_only,
            initial_ep,
            pawn_sets,
            n_move_custom: pawn_sets.n_move.map(|m| m & !pawn.map_or(0, |p| 1u32 << p)),
            palace: rules.palace.with_reach(rules.size),
            conditions: ConditionTables::build(rules).map_err(VariantError::Definition)?,
            small,
            board128,
            not_first_file128,
            not_last_file128,
            double128,
            zone128,
            last128,
            ray_bb,
            dir_up,
            leap_move_bb,
            leap_cap_bb,
            lame,
            promo_zone,
            double_zone,
            triple_zone,
            files: u16::from(files),
            squares,
            types,
            dirs,
            opposite,
            ray_squares,
            ray_index,
            leaps,
            leap_index,
            rays,
            ride_lines,
            ride_index,
            leap_attacks,
            attack_index,
            leap_attack_from,
            adjacent,
            ride_mask,
            ride_max,
            cannon_mask,
            grass_mask,
            attack_dirs,
            sensitive,
            has_hoppers,
            overlap,
            pawn,
            king,
            watched,
        })
    }

    #[inline(always)]
    pub fn leaps_of(&self, c: usize, t: usize, sq: Sq) -> &[Leap] {
        let (s, e) = self.leap_index[(c * self.types + t) * self.squares + usize::from(sq)];
        &self.leaps[s as usize..e as usize]
    }

    #[inline(always)]
    pub fn rides_of(&self, c: usize, t: usize, sq: Sq) -> &[RideLine] {
        let (s, e) = self.ride_index[(c * self.types + t) * self.squares + usize::from(sq)];
        &self.ride_lines[s as usize..e as usize]
    }

    #[inline]
    pub fn ray(&self, sq: Sq, d: u8) -> &[Sq] {
        let (s, len) = self.ray_index[usize::from(sq) * self.dirs.len() + usize::from(d)];
        &self.ray_squares[s as usize..s as usize + usize::from(len)]
    }

    /// The square `(dx, dy)` (files, ranks) from `sq`, if on the board.
    #[inline]
    pub(crate) fn offset(&self, sq: Sq, dx: i32, dy: i32) -> Option<Sq> {
        let files = i32::from(self.files);
        let ranks = self.squares as i32 / files;
        let (f, r) = (i32::from(sq) % files + dx, i32::from(sq) / files + dy);
        ((0..files).contains(&f) && (0..ranks).contains(&r)).then(|| (r * files + f) as Sq)
    }

    #[inline]
    pub fn leap_attackers(&self, c: usize, sq: Sq) -> &[LeapAttack] {
        let (s, e) = self.attack_index[c * self.squares + usize::from(sq)];
        &self.leap_attacks[s as usize..e as usize]
    }

    /// [`leap_attackers`](Self::leap_attackers), or none where no square of
    /// the list is in `pieces` (colour `c`'s: then no entry can attack).
    #[inline]
    pub fn leap_attackers_among(&self, c: usize, sq: Sq, pieces: WideBitboard) -> &[LeapAttack] {
        let i = c * self.squares + usize::from(sq);
        if (self.leap_attack_from[i] & pieces).is_empty() {
            return &[];
        }
        let (s, e) = self.attack_index[i];
        &self.leap_attacks[s as usize..e as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::lame_path;

    #[test]
    fn lame_paths() {
        assert_eq!(lame_path(1, 2), [(0, 1)]);
        assert_eq!(lame_path(-2, 1), [(-1, 0)]);
        assert_eq!(lame_path(2, 2), [(1, 1)]);
        assert_eq!(lame_path(0, 3), [(0, 1), (0, 2)]);
        assert_eq!(lame_path(2, 3), [(0, 1), (1, 2)]);
        assert!(lame_path(1, 0).is_empty());
    }
}

/// A piece's part in the rebirth rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    #[default]
    Fairy,
}

/// The conditions resolved for the engine's tables.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ConditionTables {
    pub conditions: Conditions,
    /// Does the attack test ask the observer's leave ([`State::observer_valid`])?
    pub validates: bool,
    pub files: u16,
    pub ranks: u16,
    pub roles: [Role; MAX_TYPES],
    /// The types a pawn may promote to, per colour.
    pub promotions: [u32; 2],
}
