//! The PGN visitor driver: boundaries, errors, the streaming reader, chunking, and
//! no panics or blow-ups on any input.

use std::io::Read;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use kibitz::notation::pgn::{
    GameEnd, PgnErrorKind, Reader, Visitor, game_starts, read_games, visit_games,
};
use kibitz::{Move, Position};
use proptest::prelude::*;

/// Everything a visitor is told, one string per event, one list per game.
#[derive(Default, Debug, PartialEq)]
struct Transcript {
    games: Vec<Vec<String>>,
    current: Vec<String>,
}

impl Visitor for Transcript {
    fn begin_game(&mut self, line: usize) {
        self.current.push(format!("begin {line}"));
    }
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        let (n, v) = (
            String::from_utf8_lossy(name),
            String::from_utf8_lossy(value),
        );
        self.current.push(format!("tag {n}={v}"));
    }
    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<()> {
        self.current.push(format!("start {}", start.fen()));
        ControlFlow::Continue(())
    }
    fn ply(&mut self, _: &Position, mv: Move, san: &[u8]) -> ControlFlow<()> {
        let san = String::from_utf8_lossy(san);
        self.current.push(format!("ply {} {san}", mv.uci()));
        ControlFlow::Continue(())
    }
    fn null_move(&mut self, _: &Position) -> ControlFlow<()> {
        self.current.push("null".to_string());
        ControlFlow::Continue(())
    }
    fn comment(&mut self, text: &[u8]) {
        self.current
            .push(format!("comment {}", String::from_utf8_lossy(text)));
    }
    fn nag(&mut self, nag: u16) {
        self.current.push(format!("nag {nag}"));
    }
    fn end_game(&mut self, end: &GameEnd<'_>) {
        let error = end.error.map(|e| e.to_string());
        self.current.push(format!(
            "end line {} result {:?} plies {} fen {} error {error:?}",
            end.line,
            end.result,
            end.plies,
            end.position.fen()
        ));
        self.games.push(std::mem::take(&mut self.current));
    }
}

fn transcript(text: &[u8]) -> Vec<Vec<String>> {
    let mut t = Transcript::default();
    let n = visit_games(text, 1, &mut t);
    assert_eq!(n, t.games.len());
    assert!(t.current.is_empty());
    t.games
}

/// A source that hands out at most `step` bytes per read.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(out.len()).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn streamed(text: &[u8], step: usize) -> Vec<Vec<String>> {
    let mut reader = Reader::new(Trickle { bytes: text, step });
    let mut t = Transcript::default();
    while reader.visit_game(&mut t).unwrap() {}
    t.games
}

/// The text cut at every boundary, each piece read alone with its first line.
fn chunked(text: &[u8]) -> Vec<Vec<String>> {
    let mut cuts: Vec<usize> = game_starts(text).collect();
    if cuts.first() != Some(&0) {
        cuts.insert(0, 0);
    }
    cuts.push(text.len());
    let mut t = Transcript::default();
    let mut line = 1;
    for pair in cuts.windows(2) {
        let piece = &text[pair[0]..pair[1]];
        visit_games(piece, line, &mut t);
        line += piece.iter().filter(|&&c| c == b'\n').count();
    }
    t.games
}

fn last(game: &[String]) -> &str {
    game.last().unwrap()
}

#[test]
fn events_of_a_game() {
    let text = b"[Event \"e\"]\n[White \"A \\\"B\\\"\"]\n{intro} 1. e4! {best} $14 e5 (1... c5 {not seen}) 2. -- Nc6 1-0 {after}\n";
    let games = transcript(text);
    assert_eq!(
        games,
        [[
            "begin 1",
            "tag Event=e",
            "tag White=A \"B\"",
            "start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "comment intro",
            "ply e2e4 e4",
            "nag 1",
            "comment best",
            "nag 14",
            "ply e7e5 e5",
            "null",
            "ply b8c6 Nc6",
            "end line 1 result Some(\"1-0\") plies 4 fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3 error None",
        ]]
    );
}

#[test]
fn a_tag_line_ends_an_unclosed_variation_or_tag_but_not_a_comment() {
    let text = b"[Event \"a\"]\n\n1. e4 { open\n\n[Event \"b\"]\n1. d4 } e5 (1. c4\n[Event \"c\"]\n1. Nf3 *\n[Event \"d\n[Site \"x\"]\n\n1. e4 { left open\n\n[Event \"e\"]\n1. d4 *\n";
    let games = transcript(text);
    assert_eq!(games.len(), 3, "{games:#?}");
    assert!(games[0].contains(&"comment  open\n\n[Event \"b\"]\n1. d4 ".to_string()));
    assert!(games[0].contains(&"ply e7e5 e5".to_string()));
    assert!(
        last(&games[0]).contains("error Some(\"line 6: unterminated variation: \\\"(1. c4\\\"\")"),
        "{}",
        last(&games[0])
    );
    assert!(last(&games[1]).contains("plies 1"));
    assert!(
        last(&games[2])
            .contains("error Some(\"line 9: unterminated tag: \\\"[Event \\\\\\\"d\\\"\")"),
        "{}",
        last(&games[2])
    );
}

#[test]
fn tags_then_tags_are_one_game_wherever_event_is() {
    // python-chess reads one game here (a blank line may come between tags).
    let games = read_games(b"[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n1. e4 *\n");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap().plies(), 1);
    // A Lichess study export: `[Termination]` before `[Event]`.
    let text = b"[Termination \"mate in 1\"]\n[Event \"s: 1\"]\n\n1. e4 *\n\n[Termination \"mate in 1\"]\n[Event \"s: 2\"]\n\n1. d4 *\n";
    let games = read_games(text);
    assert_eq!(games.len(), 2);
    for game in &games {
        let game = game.as_ref().unwrap();
        assert_eq!(game.tag("Termination"), Some("mate in 1"));
        assert_eq!(game.plies(), 1);
    }
    let games = read_games(b"[White \"a\"]\n[Black \"b\"]\n1. e4 *\n");
    assert_eq!(games.len(), 1);
}

#[test]
fn a_tag_given_again_keeps_its_place_and_takes_the_later_value() {
    // Two tag sections with no movetext between: one game (python-chess reads it so),
    // whose tags hold each name once, as python-chess's dict does.
    let games = read_games(
        b"[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
    );
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().unwrap();
    let tags: Vec<(&str, &str)> = game
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(tags, [("Event", "b"), ("Result", "1-0")]);
    assert_eq!(game.tag("Event"), Some("b"));
    // In one section too, and for the tags the driver reads: the later [FEN] is the
    // start position, the later [Variant] the rules.
    let games = read_games(
        b"[FEN \"8/8/8/8/8/8/4K3/k7 w - - 0 1\"]\n[White \"x\"]\n\n\
          [FEN \"7k/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. Ka2 *\n\n\
          [Variant \"Chess960\"]\n[Variant \"Standard\"]\n\n1. e4 *\n",
    );
    assert_eq!(games.len(), 2);
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.start.fen(), "7k/8/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(game.position.fen(), "7k/8/8/8/8/8/K7/8 b - - 1 1");
    assert_eq!(game.tags.len(), 2);
    let game = games[1].as_ref().unwrap();
    assert_eq!(game.tag("Variant"), Some("Standard"));
    assert_eq!(game.moves[0].uci(), "e2e4");
}

#[test]
fn result_ends_the_game() {
    let games =
        transcript(b"1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 *\n1. d4 1/2-1/2 1. c4 \xc2\xbd-\xc2\xbd");
    assert_eq!(games.len(), 4);
    assert!(last(&games[0]).contains("result Some(\"0-1\") plies 4"));
    assert!(last(&games[2]).contains("line 4 result Some(\"1/2-1/2\") plies 1"));
    assert!(last(&games[3]).contains("result Some(\"1/2-1/2\") plies 1"));
}

#[test]
fn null_moves() {
    let games = transcript(b"1. e4 -- 2. d4 Z0 *\n\n1. e4 e5 2. Qh5 d6 3. Qxf7+ -- *\n");
    assert!(last(&games[0]).contains("plies 4"));
    assert_eq!(games[0].iter().filter(|e| *e == "null").count(), 2);
    assert!(
        last(&games[1])
            .contains("error Some(\"line 3, ply 6: null move \\\"--\\\" while in check\")"),
        "{}",
        last(&games[1])
    );
    let err = read_games(b"1. e4 -- 2. d4 *").remove(0).unwrap_err();
    assert_eq!(err.kind, PgnErrorKind::NullMove { ply: 2 });
    assert_eq!(
        err.to_string(),
        "game 1, ply 2: null move, which a Game cannot hold"
    );
    assert_eq!(err.partial.plies(), 1);
    assert_eq!(
        err.partial.position,
        err.partial.positions().last().unwrap()
    );
}

#[test]
fn variants_and_fen_errors() {
    // Chess960 plays, from X-FEN or Shredder-FEN rights, whatever the variant tag
    // says; a bad FEN and an unknown variant are errors naming their line.
    let text = b"[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 *\n\n\
[Variant \"From Position\"]\n[FEN \"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1\"]\n\n1. O-O O-O-O *\n\n\
[Variant \"Standard\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
[Variant \"crazyhouse\"]\n\n1. e4 *\n";
    let games = read_games(text);
    let game = games[0].as_ref().unwrap();
    assert_eq!(
        game.position.fen(),
        "bbqnnrkr/pppppppp/8/8/4P3/8/PPPP1PPP/BBQNNRKR b KQkq - 0 1"
    );
    let game = games[1].as_ref().unwrap();
    assert_eq!(game.position.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    let errors: Vec<String> = games[2..]
        .iter()
        .map(|g| {
            let e = g.as_ref().unwrap_err();
            format!("{} (line {})", e, e.line)
        })
        .collect();
    assert_eq!(
        errors,
        [
            "game 3: bad FEN tag: invalid FEN: piece placement has 4 ranks, expected 8 (line 12)",
            "game 4: unsupported variant \"crazyhouse\" (line 16)",
        ]
    );
    for game in &games[2..] {
        assert_eq!(game.as_ref().unwrap_err().partial.plies(), 0);
    }
}

#[test]
fn errors_name_the_line_and_quote_at_most_80_characters() {
    let long = "N".repeat(200);
    let text = format!("[Event \"x\"]\n\n1. e4 e5\n2. {long} *\n");
    let games = read_games(text.as_bytes());
    let err = games[0].as_ref().unwrap_err();
    assert_eq!(err.line, 4);
    let shown = err.to_string();
    assert!(
        shown.starts_with("game 1, ply 3: invalid SAN: \"NNN"),
        "{shown}"
    );
    assert!(shown.ends_with("N…\""), "{shown}");
    assert!(shown.chars().count() < 120, "{shown}");
}

#[test]
fn visitor_may_skip_movetext() {
    struct Tags(usize, usize);
    impl Visitor for Tags {
        fn tag(&mut self, _: &[u8], _: &[u8]) {
            self.0 += 1;
        }
        fn begin_movetext(&mut self, _: &Position) -> ControlFlow<()> {
            ControlFlow::Break(())
        }
        fn ply(&mut self, _: &Position, _: Move, _: &[u8]) -> ControlFlow<()> {
            panic!("movetext was skipped")
        }
        fn end_game(&mut self, end: &GameEnd<'_>) {
            assert_eq!(end.plies, 0);
            self.1 += 1;
        }
    }
    let mut tags = Tags(0, 0);
    let text = b"[A \"1\"]\n[B \"2\"]\n\n1. e4 Zz9 (e4 *\n\n[C \"3\"]\n1. d4 *";
    assert_eq!(visit_games(text, 1, &mut tags), 2);
    assert_eq!((tags.0, tags.1), (3, 2));
}

/// Games of seeded random play as PGN: tags, move numbers, clock comments, a NAG
/// now and then, results. The same text on every machine.
fn generated_pgn(seed: u64, games: usize) -> Vec<u8> {
    let mut state = seed | 1;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut text = String::new();
    for g in 1..=games {
        text.push_str(&format!(
            "[Event \"generated {g}\"]\n[Site \"?\"]\n[Result \"*\"]\n\n"
        ));
        let mut pos = Position::startpos();
        for ply in 0..next(150) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[next(moves.len())];
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(&kibitz::notation::san(&pos, mv));
            text.push(' ');
            match next(20) {
                0 => text.push_str("{ [%clk 0:01:02] } "),
                1 => text.push_str("$1 "),
                _ => {}
            }
            pos.play(mv).unwrap();
        }
        text.push_str("*\n\n");
    }
    text.into_bytes()
}

#[test]
fn generated_games_read_the_same_whole_streamed_and_chunked() {
    let bytes = generated_pgn(0x5eed_9a3e, 60);
    let whole = transcript(&bytes);
    assert_eq!(whole.len(), 60);
    assert_eq!(streamed(&bytes, 1 << 20), whole);
    assert_eq!(streamed(&bytes, 7), whole);
    assert_eq!(chunked(&bytes), whole);
}

#[test]
fn data_files_read_the_same_whole_streamed_and_chunked() {
    let Some(dir) = kibitz_testdata::path("pgn") else {
        return;
    };
    for name in ["WorldChamp1886.pgn", "tatamast22.pgn"] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let whole = transcript(&bytes);
        assert_eq!(streamed(&bytes, 1 << 20), whole, "{name}");
        assert_eq!(streamed(&bytes, 7), whole, "{name}");
        assert_eq!(chunked(&bytes), whole, "{name}");
    }
}

#[test]
fn huge_inputs_take_linear_time() {
    let started = Instant::now();
    let mut text = b"1. e4 ".to_vec();
    text.extend(std::iter::repeat_n(b'(', 2 << 20));
    let games = transcript(&text);
    assert_eq!(games.len(), 1);
    assert!(last(&games[0]).contains("unterminated variation"));

    let mut text = b"1. e4 ".to_vec();
    text.extend(std::iter::repeat_n(b'a', 50 << 20));
    let games = transcript(&text);
    assert!(last(&games[0]).contains("invalid SAN"));

    let mut text = b"[Event \"".to_vec();
    text.extend(std::iter::repeat_n(b'\\', 10 << 20));
    text.extend(b"\n{");
    text.extend(std::iter::repeat_n(b'\n', 10 << 20));
    assert_eq!(transcript(&text).len(), 1);
    assert_eq!(streamed(&text, 1 << 16).len(), 1);

    let text: Vec<u8> = b"[\n\n".iter().copied().cycle().take(3 << 20).collect();
    assert_eq!(chunked(&text).len(), 1);
    let text: Vec<u8> = b"*\n[\n".iter().copied().cycle().take(4 << 20).collect();
    assert_eq!(chunked(&text).len(), (1 << 20) + 1);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

/// Pieces of PGN, some broken, to build texts from.
const PIECES: &[&str] = &[
    "[Event \"x\"]\n",
    "[White \"y\"]\n",
    "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n",
    "[Variant \"Chess960\"]\n",
    "[Site \"unterminated\n",
    "\n",
    "\r\n",
    "  \n",
    "% escape\n",
    "1. e4 ",
    "e5 ",
    "2. Nf3 ",
    "Nc6!? ",
    "Kb2 ",
    "-- ",
    "{ comment ",
    "} ",
    "; rest of line\n",
    "( ",
    ") ",
    "$14 ",
    "1-0 ",
    "* ",
    "1/2-1/2\n",
    "Zz9 ",
    "[",
    "[Event ",
    "\u{feff}",
    "R\u{e9}ti ",
];

fn pgn_text() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0..PIECES.len(), 0..40)
        .prop_map(|picks| picks.into_iter().flat_map(|i| PIECES[i].bytes()).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn cutting_at_boundaries_changes_nothing(text in pgn_text()) {
        let whole = transcript(&text);
        prop_assert_eq!(&chunked(&text), &whole);
        prop_assert_eq!(&streamed(&text, 3), &whole);
        prop_assert_eq!(&streamed(&text, 1 << 16), &whole);
    }

    #[test]
    fn no_panic_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let whole = transcript(&bytes);
        prop_assert_eq!(&streamed(&bytes, 5), &whole);
        let _ = read_games(&bytes);
    }

    #[test]
    fn no_panic_on_mutated_pgn(
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..10),
    ) {
        let mut bytes = generated_pgn(0x0b5e_55ed, 3);
        bytes.truncate(4000);
        for (at, byte) in edits {
            let i = at % bytes.len();
            bytes[i] = byte;
        }
        let whole = transcript(&bytes);
        prop_assert!(!whole.is_empty());
        prop_assert_eq!(&chunked(&bytes), &whole);
        prop_assert_eq!(&streamed(&bytes, 100), &whole);
    }
}
