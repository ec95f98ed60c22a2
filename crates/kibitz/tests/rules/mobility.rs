//! Piece mobility (seed 002) against the seed's examples, the shared data's `mobility.tsv`, the
//! slow reference walker and a brute-force crowded-board expectation.

use std::collections::BTreeSet;

use kibitz::mobility::exercise::{
    coordinates2fide, fide2coordinates, group_size, mobility, move_along, moves, strength,
};
use kibitz::mobility::{Board, Direction, Piece, betza};
use proptest::prelude::*;

const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];
const BISHOP: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn seed_examples_verbatim() {
    assert_eq!(fide2coordinates("d4"), Ok((4, 3)));
    assert_eq!(fide2coordinates("g2"), Ok((6, 6)));
    assert_eq!(
        fide2coordinates("x9").unwrap_err().to_string(),
        "invalid position"
    );
    assert_eq!(coordinates2fide(4, 3).as_deref(), Ok("d4"));
    assert_eq!(coordinates2fide(6, 6).as_deref(), Ok("g2"));
    assert_eq!(
        coordinates2fide(8, 7).unwrap_err().to_string(),
        "invalid position"
    );

    assert_eq!(move_along("d4", (1, 2), false), Ok(names(&["f3"])));
    assert_eq!(
        move_along("d4", (1, 1), true),
        Ok(names(&["e3", "f2", "g1"]))
    );
    assert_eq!(
        move_along("x9", (1, 2), false).unwrap_err().to_string(),
        "invalid position"
    );

    assert_eq!(
        moves("d4", &KNIGHT, &[]),
        Ok(names(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]))
    );
    assert_eq!(
        moves("g2", &KNIGHT, &[]),
        Ok(names(&["e1", "e3", "f4", "h4"]))
    );
    assert_eq!(
        moves("x9", &KNIGHT, &[]).unwrap_err().to_string(),
        "invalid position"
    );
    assert_eq!(
        group_size(&KNIGHT, &[]).into_iter().collect::<Vec<_>>(),
        [(2, 4), (3, 8), (4, 20), (6, 16), (8, 16)]
    );
    assert_eq!(strength(&KNIGHT, &[]), 336);
    assert_eq!(
        mobility(&KNIGHT, &[]),
        "4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8"
    );

    assert_eq!(
        moves("d4", &[], &BISHOP),
        Ok(names(&[
            "a1", "a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1", "g7", "h8"
        ]))
    );
    assert_eq!(
        moves("g1", &[], &BISHOP),
        Ok(names(&["a7", "b6", "c5", "d4", "e3", "f2", "h2"]))
    );
    assert_eq!(
        group_size(&[], &BISHOP).into_iter().collect::<Vec<_>>(),
        [(7, 28), (9, 20), (11, 12), (13, 4)]
    );
    assert_eq!(strength(&[], &BISHOP), 560);
    assert_eq!(mobility(&[], &BISHOP), "28 × 7 + 20 × 9 + 12 × 11 + 4 × 13");
}

#[test]
fn seed_invalid_positions() {
    for bad in ["x9", "", "a0", "i1", "a10", "d44", "D4", "4d"] {
        assert_eq!(
            fide2coordinates(bad).unwrap_err().to_string(),
            "invalid position",
            "{bad:?}"
        );
        assert!(moves(bad, &KNIGHT, &BISHOP).is_err());
    }
    for (r, k) in [(-1, 0), (0, -1), (8, 0), (0, 8), (i64::MAX, i64::MIN)] {
        assert_eq!(
            coordinates2fide(r, k).unwrap_err().to_string(),
            "invalid position"
        );
    }
}

#[test]
fn group_of_zero_and_overlapping_directions() {
    // A piece that only moves up one rank cannot move from the top rank: a group of 0.
    assert_eq!(
        group_size(&[(-1, 0)], &[]).into_iter().collect::<Vec<_>>(),
        [(0, 8), (1, 56)]
    );
    // (1, 0) and (2, 0) repeated reach the same squares as the first alone; counted once.
    assert_eq!(
        mobility(&[(2, 0)], &[(1, 0), (2, 0)]),
        mobility(&[], &[(1, 0)])
    );
    assert_eq!(
        strength(&[], &[(1, 0), (-1, 0), (0, 1), (0, -1), (2, 0)]),
        896
    );
    // Huge and zero directions reach nothing.
    assert_eq!(strength(&[(100, 0), (0, 0)], &[(i64::MIN, 1), (0, 0)]), 0);
}

#[test]
fn data_file_table() {
    let Some(text) = kibitz_testdata::text("mobility.tsv") else {
        return;
    };
    let mut rows = 0;
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, board, strength, mobility] = fields[..] else {
            panic!("malformed line {line:?}");
        };
        let analysis = Piece::named(name).unwrap().analyse(board.parse().unwrap());
        assert_eq!(analysis.strength().to_string(), strength, "{name}");
        assert_eq!(analysis.mobility(), mobility, "{name}");
        rows += 1;
    }
    assert!(rows >= 6, "only {rows} rows read");
}

#[test]
fn larger_boards() {
    let board: Board = "10x10".parse().unwrap();
    assert_eq!(board.square("i1"), Ok((9, 8)));
    assert_eq!(board.square("a10"), Ok((0, 0)));
    for name in ["i1", "a10"] {
        assert_eq!(
            Board::STANDARD.square(name).unwrap_err().to_string(),
            "invalid position"
        );
    }
    // A rook reaches (files − 1) + (ranks − 1) squares from everywhere.
    let rook = Piece::named("rook").unwrap();
    let big = Board::new(26, 26).unwrap();
    assert_eq!(rook.analyse(big).mobility(), "676 × 50");
    let wide = Board::new(10, 8).unwrap();
    assert_eq!(rook.analyse(wide).mobility(), "80 × 16");
    // On 1 × 1 nothing moves, and the one square is a group of 0.
    let tiny = Board::new(1, 1).unwrap();
    assert_eq!(
        Piece::named("amazon").unwrap().analyse(tiny).mobility(),
        "1 × 0"
    );
}

#[test]
fn designer_extras() {
    let board = Board::STANDARD;
    let knight = Piece::named("knight").unwrap();
    let a = knight.analyse(board);
    assert_eq!(a.average(), 336.0 / 64.0);
    let split = a.split();
    assert_eq!(
        (split.forward, split.sideways, split.backward),
        (168, 0, 168)
    );
    let rook = Piece::named("rook").unwrap().analyse(board).split();
    assert_eq!(
        (rook.forward, rook.sideways, rook.backward),
        (224, 448, 224)
    );

    assert!(Piece::named("bishop").unwrap().colour_bound(board));
    assert!(Piece::named("alfil").unwrap().colour_bound(board));
    assert!(!Piece::named("wazir").unwrap().colour_bound(board));
    assert!(!Piece::new().colour_bound(board));
    assert!(Piece::named("rook").unwrap().reaches_every_square(board));
    assert!(!Piece::named("bishop").unwrap().reaches_every_square(board));
    assert!(!Piece::from_betza("fW").unwrap().reaches_every_square(board));
    // The knight is stuck in the corner of 3 × 3 and cannot reach the centre.
    assert!(!knight.reaches_every_square(Board::new(3, 3).unwrap()));

    // Crowded rook on 8 × 8, by hand: from every square, each of the 4 lines of
    // length L contributes 1 + p + … + p^(L−1).
    let p: f64 = 0.7;
    let mut expected = 0.0;
    for r in 0..8 {
        for k in 0..8 {
            for len in [r, 7 - r, k, 7 - k] {
                expected += (0..len).map(|i| p.powi(i)).sum::<f64>();
            }
        }
    }
    let crowded = Piece::named("rook").unwrap().crowded(board, p).unwrap();
    assert!((crowded - expected).abs() < 1e-9, "{crowded} vs {expected}");
}

#[test]
fn betza_reaches_the_catalogue() {
    assert_eq!(
        betza::parse("BN")
            .unwrap()
            .analyse(Board::STANDARD)
            .strength(),
        896
    );
    // The short rook W3 from a corner of 8 × 8: three squares each way.
    let short = betza::parse("W3").unwrap();
    assert_eq!(short.targets(Board::STANDARD, (7, 0)).unwrap().len(), 6);
    // A White pawn's non-capturing step: forward is towards rank 8.
    let pawn = betza::parse("fmW").unwrap();
    let from = Board::STANDARD.square("e2").unwrap();
    assert_eq!(
        pawn.targets(Board::STANDARD, from).unwrap(),
        [Board::STANDARD.square("e3").unwrap()]
    );
}

// ---------------------------------------------------------------------------
// Property tests

fn direction(span: i64) -> impl Strategy<Value = Direction> {
    (-span..=span, -span..=span).prop_filter_map("(0, 0) is no direction", |(dr, dk)| {
        Direction::new(dr, dk).ok()
    })
}

/// Random pieces: leaps, riders with and without range, now and then a huge step.
fn any_piece() -> impl Strategy<Value = Piece> {
    let huge = prop_oneof![
        9 => direction(5),
        1 => (any::<i64>(), any::<i64>()).prop_filter_map("zero", |(a, b)| Direction::new(a, b).ok()),
    ];
    (
        prop::collection::vec(huge, 0..6),
        prop::collection::vec((direction(5), prop::option::of(1u32..5)), 0..6),
    )
        .prop_map(|(once, riders)| {
            let mut piece = Piece::from_directions(once, []);
            for (d, range) in riders {
                piece.add_rider(d, range);
            }
            piece
        })
}

fn any_board() -> impl Strategy<Value = Board> {
    (1u64..=26, 1u64..=26).prop_map(|(f, r)| Board::new(f, r).unwrap())
}

/// A piece with the board's symmetries: all images of a few `(m, n)`.
fn symmetric_piece() -> impl Strategy<Value = Piece> {
    prop::collection::vec((0i64..4, 0i64..4, any::<bool>()), 1..4).prop_map(|parts| {
        let mut piece = Piece::new();
        for (m, n, rider) in parts {
            let part = if rider {
                Piece::rider(m, n)
            } else {
                Piece::leaper(m, n)
            };
            if let Ok(part) = part {
                piece = piece.union(&part);
            }
        }
        piece
    })
}

/// The expected number of attacked squares, by enumerating every occupancy of
/// the other squares of a tiny board (the definition, not the formula).
fn crowded_brute_force(piece: &Piece, board: Board, p: f64) -> f64 {
    let n = board.len();
    let mut total = 0.0;
    for from in 0..n {
        let (r0, k0) = board.coordinates(from);
        let others: Vec<usize> = (0..n).filter(|&i| i != from).collect();
        for occupancy in 0u32..(1 << others.len()) {
            let mut occupied = vec![false; n];
            let mut weight = 1.0;
            for (bit, &sq) in others.iter().enumerate() {
                occupied[sq] = occupancy & (1 << bit) != 0;
                weight *= if occupied[sq] { 1.0 - p } else { p };
            }
            let mut attacked = vec![false; n];
            let lines = piece.once().map(|d| (d, Some(1))).chain(piece.repeated());
            for (d, range) in lines {
                let (mut r, mut k) = (i64::from(r0), i64::from(k0));
                let mut steps = 0;
                while range.is_none_or(|max| steps < max) {
                    let (Some(nr), Some(nk)) = (r.checked_add(d.dr()), k.checked_add(d.dk()))
                    else {
                        break;
                    };
                    if !board.contains(nr, nk) {
                        break;
                    }
                    (r, k) = (nr, nk);
                    steps += 1;
                    let sq = board.index((r as u8, k as u8));
                    attacked[sq] = true;
                    if occupied[sq] {
                        break;
                    }
                }
            }
            total += weight * attacked.iter().filter(|&&a| a).count() as f64;
        }
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fast_counts_match_the_reference_walk(piece in any_piece(), board in any_board()) {
        let analysis = piece.analyse(board);
        for i in 0..board.len() {
            let from = board.coordinates(i);
            let walked = piece.targets(board, from).unwrap().len() as u32;
            prop_assert_eq!(analysis.count(from), Some(walked), "from {:?} on {}", from, board);
        }
    }

    #[test]
    fn groups_sum_to_squares_and_strength(piece in any_piece(), board in any_board()) {
        let analysis = piece.analyse(board);
        let groups = analysis.group_size();
        prop_assert_eq!(groups.values().map(|&s| s as usize).sum::<usize>(), board.len());
        let weighted: u64 = groups.iter().map(|(&c, &s)| u64::from(c) * u64::from(s)).sum();
        prop_assert_eq!(weighted, analysis.strength());
        let split = analysis.split();
        prop_assert_eq!(split.forward + split.sideways + split.backward, analysis.strength());
        // The mobility string evaluates to the strength.
        let evaluated: u64 = analysis
            .mobility()
            .split(" + ")
            .map(|term| {
                let (size, count) = term.split_once(" × ").unwrap();
                size.parse::<u64>().unwrap() * count.parse::<u64>().unwrap()
            })
            .sum();
        prop_assert_eq!(evaluated, analysis.strength());
    }

    #[test]
    fn symmetric_pieces_have_symmetric_maps(piece in symmetric_piece(), board in any_board()) {
        let analysis = piece.analyse(board);
        let (files, ranks) = (board.files(), board.ranks());
        for r in 0..ranks {
            for k in 0..files {
                let here = analysis.count((r, k));
                prop_assert_eq!(here, analysis.count((r, files - 1 - k)));
                prop_assert_eq!(here, analysis.count((ranks - 1 - r, k)));
                if files == ranks {
                    prop_assert_eq!(here, analysis.count((k, r)));
                }
            }
        }
    }

    #[test]
    fn union_never_loses_moves(a in any_piece(), b in any_piece(), board in any_board()) {
        let (ma, mb) = (a.analyse(board), b.analyse(board));
        let union = a.union(&b).analyse(board);
        for i in 0..board.len() {
            prop_assert!(union.counts()[i] >= ma.counts()[i].max(mb.counts()[i]));
        }
    }

    #[test]
    fn crowded_matches_brute_force(
        piece in any_piece(),
        (files, ranks) in (1u64..=3, 1u64..=4),
        p in 0.0f64..=1.0,
    ) {
        let board = Board::new(files, ranks).unwrap();
        let fast = piece.crowded(board, p).unwrap();
        let slow = crowded_brute_force(&piece, board, p);
        prop_assert!((fast - slow).abs() < 1e-9, "fast {} slow {}", fast, slow);
    }

    #[test]
    fn square_names_round_trip(board in any_board(), r in 0u8..26, k in 0u8..26) {
        let name = board.name(r.into(), k.into());
        prop_assert_eq!(name.is_ok(), r < board.ranks() && k < board.files());
        if let Ok(name) = name {
            prop_assert_eq!(board.square(&name), Ok((r, k)));
        }
    }

    #[test]
    fn parsers_never_panic(text in ".{0,12}", ascii in "[a-zA-Z0-9,()+ x-]{0,12}") {
        for t in [&text, &ascii] {
            let _ = betza::parse(t);
            let _ = t.parse::<Direction>();
            let _ = t.parse::<Board>();
            let _ = Board::STANDARD.square(t);
            let _ = Board::new(26, 26).unwrap().square(t);
            let _ = Piece::named(t);
            let _ = fide2coordinates(t);
        }
    }

    #[test]
    fn betza_text_never_panics(text in "[fblrvshmpcnWFDNAHCZGKRBQJL0-9]{0,10}") {
        if let Ok(piece) = betza::parse(&text) {
            // Whatever parses can be analysed.
            let _ = piece.analyse(Board::STANDARD).mobility();
        }
    }
}

/// `reaches_every_square` against the definition: the graph of every square's
/// `targets` (the slow reference walk) searched both ways from square 0.
#[test]
fn reaching_every_square_agrees_with_the_move_graph() {
    fn by_graph(piece: &Piece, board: Board) -> bool {
        let n = board.len();
        let mut forward = vec![Vec::new(); n];
        let mut backward = vec![Vec::new(); n];
        for (from, out) in forward.iter_mut().enumerate() {
            for c in piece.targets(board, board.coordinates(from)).unwrap() {
                out.push(board.index(c));
                backward[board.index(c)].push(from);
            }
        }
        [forward, backward].iter().all(|edges| {
            let mut seen = vec![false; n];
            seen[0] = true;
            let mut stack = vec![0];
            while let Some(at) = stack.pop() {
                for &to in &edges[at] {
                    if !seen[to] {
                        seen[to] = true;
                        stack.push(to);
                    }
                }
            }
            seen.iter().all(|&s| s)
        })
    }
    let atoms = [
        "W", "F", "N", "D", "A", "fW", "bW", "sW", "fN", "bsN", "fR", "sR", "bB", "fB", "W3", "NN",
        "fbN", "C", "Z", "H", "R2", "fsW", "lW", "rN", "ffN", "G",
    ];
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut yes, mut no) = (0, 0);
    for _ in 0..600 {
        let betza: String = (0..1 + next(3)).map(|_| atoms[next(atoms.len())]).collect();
        let Ok(piece) = Piece::from_betza(&betza) else {
            continue;
        };
        let board = Board::new(1 + next(12) as u64, 1 + next(12) as u64).unwrap();
        let expected = by_graph(&piece, board);
        assert_eq!(
            piece.reaches_every_square(board),
            expected,
            "{betza} on {board}"
        );
        if expected { yes += 1 } else { no += 1 }
    }
    assert!(yes > 50 && no > 50, "{yes} connected, {no} not");
}
