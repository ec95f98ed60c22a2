//! The Popeye reader: the subset as Popeye reads it, errors naming the word and its
//! line, the next problem read after a bad one, and no panic or runaway on any
//! input (proptest).

use kibitz::Position;
use kibitz::board::{AnyPosition, Board};
use kibitz::popeye::{PopeyeErrorKind, Reader, read_str};
use kibitz::problem::Genre;
use proptest::prelude::*;

fn errors(text: &str) -> Vec<String> {
    read_str(text)
        .map(|p| match p {
            Ok(p) => format!("ok {}", p.fen()),
            Err(e) => e.to_string(),
        })
        .collect()
}

#[test]
fn the_subset_with_abbreviations_and_any_case() {
    let text = "BeginProblem\n\
                Title  Two movers, the first\n\
                AUTHOR A. Composer\n\
                author B. Composer\n\
                origin Die Schwalbe 1937\n\
                remark a remark; with end and next in it\n\
                Pi White Kc1 Qd8 Sb5 Pa2b3 Black Ka8 Rb8\n\
                Stip #2\n\
                opt set try vari maxsol 3 maxtime 7 noboard\n\
                next\n\
                pieces white kf3 black kh4 stipulation h#2.5 option defence 2\n\
                n\n\
                pieces white ke1 ra1 black ke8 rh8 stip s#3\n\
                e\n\
                this is after the end and never read";
    let problems: Vec<_> = read_str(text).collect();
    assert_eq!(problems.len(), 3);
    let first = problems[0].as_ref().unwrap();
    assert_eq!((first.number, first.line), (1, 1));
    assert_eq!(first.title, ["Two movers, the first"]);
    assert_eq!(first.author, ["A. Composer", "B. Composer"]);
    assert_eq!(first.origin, ["Die Schwalbe 1937"]);
    assert_eq!(first.remark, ["a remark; with end and next in it"]);
    assert_eq!(first.stipulation.to_string(), "#2");
    assert!(first.options.set_play && first.options.variations && first.options.no_board);
    assert_eq!(first.options.refutations, Some(1));
    assert_eq!(first.options.max_solutions, Some(3));
    assert_eq!(first.options.max_time, Some(7));
    assert_eq!(first.fen(), "kr1Q4/8/8/1N6/8/1P6/P7/2K5 w - - 0 1");
    let second = problems[1].as_ref().unwrap();
    assert_eq!((second.number, second.line), (2, 10));
    assert_eq!(second.stipulation.genre(), Genre::Help);
    assert!(second.stipulation.is_half());
    assert_eq!(second.options.refutations, Some(2));
    assert_eq!(second.fen(), "8/8/8/8/7k/5K2/8/8 w - - 0 1");
    let third = problems[2].as_ref().unwrap();
    assert_eq!(third.stipulation.to_string(), "s#3");
    assert_eq!(third.fen(), "4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1");
    let AnyPosition::Chess { position: pos, .. } = &third.position else {
        panic!("orthodox")
    };
    assert_eq!(pos, &Position::from_fen(&third.fen()).unwrap());
}

#[test]
fn helpmates_give_black_the_move() {
    let got = errors("begin pieces white kc1 black ka8 pb7 stip h#3 end");
    assert_eq!(got, ["ok k7/1p6/8/8/8/8/8/2K5 b - - 0 1"]);
}

#[test]
fn the_length_may_be_the_next_word_and_later_pieces_replace_earlier() {
    let got = errors("begin pieces white kc1 qd1 white rd1 black ka8 stip # 2 end");
    assert_eq!(got, ["ok k7/8/8/8/8/8/8/2KR4 w - - 0 1"]);
    // A code alone, its squares the next word.
    let got = errors("begin pieces white q d1d2 kc1 black ka8 stip #2 end");
    assert_eq!(got, ["ok k7/8/8/8/8/8/3Q4/2KQ4 w - - 0 1"]);
}

#[test]
fn out_of_subset_words_are_errors_naming_word_and_line_and_the_next_problem_is_read() {
    let text = "beginproblem\n\
                pieces white ke1 black ke8\n\
                condition koeko\n\
                stipulation #2\n\
                nextproblem\n\
                pieces white kc1 qd6 black ka8\n\
                stipulation #1\n\
                nextproblem\n\
                pieces white ke1 black ke8\n\
                stipulation #2\n\
                twin move e1 e2\n\
                next\n\
                pieces white ke1 black ke8 stip pser-h#3\n\
                next\n\
                pieces white ke1 kaf3 black ke8 stip #2\n\
                next\n\
                pieces neutral ke1 stip #2\n\
                next\n\
                pieces white ke1 black ke8 stip #2 option nosymmetry\n\
                next\n\
                pieces white ke1 black ke8 stip #2 option max 3\n\
                next\n\
                pieces white royal qd4 ke1 black ke8 stip #2\n\
                next\n\
                pieces white ke1 black ke8 stip #2 frobnicate\n\
                next\n\
                pieces white ke1 black ke8 stip #2 option maxsolutions x\n\
                next\n\
                pieces white ke1 black ke8 stip #2 s\n\
                next\n\
                pieces white ke1 black ke8 stip #2 @\n\
                next\n\
                pieces white ke1 black ke8\n\
                next\n\
                pieces white ke1 ke2 black ke8 stip #2\n\
                next\n\
                pieces white ke1 black ke8 stip #2\n";
    let got = errors(text);
    let want = [
        "problem 1, line 3: condition `koeko` (koeko) is outside kibitz's Popeye subset",
        "ok k7/8/3Q4/8/8/8/8/2K5 w - - 0 1",
        // Twins: the diagram, then the king moved (Popeye's `twin move e1 e2`).
        "ok 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "ok 4k3/8/8/8/8/8/4K3/8 w - - 0 1",
        "problem 4, line 13: stipulation `pser-h#3`: unknown play form at `pser-h`",
        "problem 5, line 15: piece `kaf3` (kangaroo) is outside kibitz's Popeye subset",
        "problem 6, line 17: colour `neutral` (Neutral) is outside kibitz's Popeye subset",
        "problem 7, line 19: option `nosymmetry` (NoSymmetry) is outside kibitz's Popeye subset",
        "problem 8, line 21: `max` is not a Popeye keyword",
        "problem 9, line 23: piece attribute `royal` (Royal) is outside kibitz's Popeye subset",
        "problem 10, line 25: `frobnicate` is not a Popeye keyword",
        "problem 11, line 27: option MaxSolutions needs a number from 1, not `x`",
        "problem 12, line 29: `s` is ambiguous: it begins sstipulation, stipulation",
        "problem 13, line 31: character `@` is not allowed here",
        "problem 14, line 34: the problem has no stipulation",
        "problem 15, line 36: the position `4k3/8/8/8/8/8/4K3/4K3 w - - 0 1`: invalid position: more than one white king",
        "problem 16, line 37: the input ends inside the problem (no `endproblem` or `nextproblem`)",
    ];
    assert_eq!(got.len(), want.len(), "{got:#?}");
    for (g, w) in got.iter().zip(want) {
        assert!(g.starts_with(w), "{g}\n  does not start with\n{w}");
    }
}

#[test]
fn an_input_that_does_not_begin_with_beginproblem_is_one_error() {
    assert_eq!(
        errors("pieces white ke1\nend"),
        ["problem 1, line 1: a Popeye input begins with `beginproblem`, not `pieces`"]
    );
    assert!(errors("").is_empty());
    assert!(errors("\n \n").is_empty());
}

#[test]
fn fairy_pieces_make_a_variant_with_popeye_promotions() {
    let text = "begin pieces white kc1 gd4 nd5 amh1 pf7 black ka8 cac6 stip #2 end";
    let problem = read_str(text).next().unwrap().unwrap();
    assert_eq!(problem.fen(), "k7/5P2/2d5/3C4/3G4/8/8/2K4A w - - 0 1");
    let letters: Vec<(String, char)> = problem
        .fairy_letters()
        .iter()
        .map(|(w, l)| (w.name().to_string(), *l))
        .collect();
    assert_eq!(
        letters,
        [
            ("amazon".to_string(), 'A'),
            ("grasshopper".to_string(), 'G'),
            ("nightrider".to_string(), 'C'),
            ("camel".to_string(), 'D'),
        ]
    );
    let AnyPosition::Variant(pos) = &problem.position else {
        panic!("fairy")
    };
    // f7-f8 promotes to the queen, rook, bishop, knight and every fairy piece.
    let promotions = pos
        .legal_moves()
        .iter()
        .filter(|m| pos.uci(m).starts_with("f7f8"))
        .count();
    assert_eq!(promotions, 8);
}

#[test]
fn fairy_diagrams_keep_castling_wherever_the_white_king_stands() {
    // Found by the fuzz target: the variant took its castling king's file from
    // the diagram's white king (c1) and dropped Black's right to castle.
    let text = "begin pieces white kc1 rh1 black ke8 rh8 na7 stip #2 end";
    let problem = read_str(text).next().unwrap().unwrap();
    assert_eq!(problem.fen(), "4k2r/a7/8/8/8/8/8/2K4R w k - 0 1");
    let AnyPosition::Variant(pos) = &problem.position else {
        panic!("fairy")
    };
    assert_eq!(pos.fen(), problem.fen());
}

#[test]
fn errors_quote_at_most_80_characters() {
    let long = "x".repeat(5000);
    let got = errors(&format!("begin {long} end"));
    assert_eq!(got.len(), 1);
    assert!(got[0].chars().count() < 160, "{}", got[0]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any bytes: no panic, at most one record per `nextproblem` plus one, and
    /// every error names a line of the input.
    #[test]
    fn any_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..600)) {
        let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
        for p in Reader::new(&data[..]) {
            if let Err(e) = p {
                prop_assert!(e.line <= lines, "{e}");
                prop_assert!(!matches!(e.kind, PopeyeErrorKind::Io(_)));
            }
        }
    }

    /// Words from the language itself, shuffled: no panic, and every problem read
    /// has a position whose FEN reads back.
    #[test]
    fn keyword_soup_never_panics(words in proptest::collection::vec(prop::sample::select(vec![
        "begin", "beginproblem", "next", "end", "pieces", "white", "black", "neutral", "kc1",
        "ka8", "qd8", "sb5", "pa2b3", "g", "d4", "amh1", "royal", "stip", "#2", "h#2.5", "s#3",
        "#", "2", "option", "set", "try", "defence", "vari", "maxsol", "3", "title", "remark",
        "x", "condition", "circe", "twin", "\n", ";", "@", "é", "ze", "f3", "h#0.5", "#101",
    ]), 0..60)) {
        let text = words.join(" ");
        for p in read_str(&text).flatten() {
            prop_assert_eq!(p.position.fen(), p.fen());
        }
    }
}

#[test]
fn linear_time_on_long_inputs() {
    // A million words in one problem and a hundred thousand problems: read in
    // one pass (a quadratic reader would not finish).
    let many_words = format!("begin {} end", "remarkable ".repeat(1_000_000));
    assert_eq!(read_str(&many_words).count(), 1);
    let many_problems = "pieces white kc1 black ka8 stip #1 next\n".repeat(100_000);
    let text = format!("begin {many_problems} pieces white kc1 black ka8 stip #1 end");
    assert_eq!(read_str(&text).filter(|p| p.is_ok()).count(), 100_001);
}

/// A seeded xorshift: the same positions on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Popeye text written from kibitz positions of seeded random games reads back as
/// the position kibitz's FEN reader gives for the same diagram: the side to move
/// from the stipulation, castling where king and rook stand at home, no en passant.
#[test]
fn popeye_text_of_random_positions_round_trips() {
    use kibitz::{Color, Role, Square};
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    for game in 0..300 {
        let mut pos = Position::startpos();
        for _ in 0..rng.below(100) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(mv);
        }
        let stip = ["#2", "h#2", "h#1.5", "s#3"][game % 4];
        let mut text = String::from("BeginProblem\nPieces");
        for (color, name) in [(Color::White, "White"), (Color::Black, "Black")] {
            text.push(' ');
            text.push_str(name);
            for i in 0..64 {
                let sq = Square::new(i);
                if let Some(p) = pos.piece_at(sq).filter(|p| p.color == color) {
                    let code = if p.role == Role::Knight {
                        'S'
                    } else {
                        p.role.upper_char()
                    };
                    text.push(' ');
                    text.push(code);
                    text.push_str(&sq.name());
                }
            }
        }
        text.push_str(&format!("\nStipulation {stip}\nEndProblem\n"));
        // The diagram's FEN from kibitz's own FEN: the board field kept.
        let board = pos.fen().split(' ').next().unwrap_or_default().to_string();
        let turn = if stip == "h#2" { "b" } else { "w" };
        let home = |sq: &str, want: char| {
            pos.piece_at(sq.parse().unwrap()).is_some_and(|p| {
                p.role.upper_char() == want.to_ascii_uppercase()
                    && (p.color == Color::White) == want.is_ascii_uppercase()
            })
        };
        let mut castling = String::new();
        for (k, r, right) in [
            ("e1", "h1", 'K'),
            ("e1", "a1", 'Q'),
            ("e8", "h8", 'k'),
            ("e8", "a8", 'q'),
        ] {
            let upper = right.is_ascii_uppercase();
            let (king, rook) = if upper { ('K', 'R') } else { ('k', 'r') };
            if home(k, king) && home(r, rook) {
                castling.push(right);
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let fen = format!("{board} {turn} {castling} - 0 1");
        let read = read_str(&text).next().expect("one problem");
        match Position::from_fen(&fen) {
            Ok(want) => {
                let problem = read.unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(problem.fen(), fen);
                let AnyPosition::Chess { position: got, .. } = &problem.position else {
                    panic!("orthodox")
                };
                assert_eq!(got, &want, "{text}");
                checked += 1;
            }
            Err(_) => {
                let err = read.expect_err(&fen);
                assert!(
                    matches!(err.kind, PopeyeErrorKind::Position { .. }),
                    "{err}"
                );
            }
        }
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn a_condition_twin_replaces_the_conditions_and_other_twinnings_may_follow() {
    // As Popeye's `TwinningCond`: b) is Madrasi alone (Circe gone), c) has no
    // condition, and a twinning word after the conditions is read as one.
    let text = "begin pieces white ke1 qd1 black ke8 stip #2 cond circe\n\
                twin condition madrasi move d1 d2\n\
                twin condition\n\
                end";
    let problems: Vec<_> = read_str(text).map(|p| p.unwrap()).collect();
    let conditions: Vec<String> = problems.iter().map(|p| p.conditions.to_string()).collect();
    assert_eq!(conditions, ["circe", "madrasi", ""]);
    assert_eq!(
        problems[1].twin_changes,
        ["condition madrasi", "move d1 d2"]
    );
    assert_eq!(problems[2].twin_changes, ["condition"]);
    assert_eq!(problems[1].fen(), "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1");
}

#[test]
fn a_side_may_lack_its_king_only_under_nowk_or_nobk() {
    // Popeye: "both sides need a king" unless the options say otherwise; the
    // kingless side is then never in check (the queen's b7 is no mate).
    let text = "begin pieces white qb6 black ka8 stip #1\n\
                next pieces white qb6 black ka8 stip #1 option nowk\n\
                next pieces white kc6 qb6 black pa7 stip =1 option nobk\n\
                end";
    let got: Vec<_> = read_str(text).collect();
    let err = got[0].as_ref().unwrap_err().to_string();
    assert!(err.contains("no white king"), "{err}");
    let mut kingless = got[1].as_ref().unwrap().position.clone();
    assert!(!kingless.is_check());
    let b7 = kingless.parse_move("Qb7").unwrap();
    kingless.play_unchecked(b7);
    assert!(
        !kingless.legal_moves().is_empty(),
        "the black king takes on b7"
    );
    let stalemate = got[2].as_ref().unwrap();
    assert_eq!(stalemate.fen(), "8/p7/1QK5/8/8/8/8/8 w - - 0 1");
}
