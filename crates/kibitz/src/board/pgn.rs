//! One game of any rules read from PGN: its tags, its start (the `[FEN]` tag or
//! the rules' start position) and its main line, played on the one board face
//! ([`AnyPosition`]). So a variant game (`[Variant "Crazyhouse"]`, drops and
//! all) reads as an orthodox one does.
//!
//! The orthodox reader ([`crate::notation::pgn`]) stays the path for chess in
//! bulk: it streams files of any size at the orthodox engine's speed. This one
//! reads the first game of a text for front ends that take one game of any
//! variant (the WebAssembly module's `readGamePGN`, as ffish.js's). Which rules
//! a `[Variant]` tag names is the caller's to say (its variants may include
//! `variants.ini` sections): [`variant_tag_name`] gives the name to look up.
//!
//! ```
//! use kibitz::board::pgn::read_first_game;
//! use kibitz::board::{Board, GameRules};
//! use kibitz::variant::Variant;
//!
//! let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *\n";
//! let game = read_first_game(pgn, |tag| {
//!     let (name, _chess960) = tag.map(|t| kibitz::board::pgn::variant_tag_name(t)).unwrap();
//!     Ok(GameRules::variant(Variant::builtin(&name).map_err(|e| e.to_string())?))
//! })?;
//! assert_eq!(game.tag("Variant"), Some("Crazyhouse"));
//! assert_eq!(game.uci_moves().last().map(String::as_str), Some("P@d5"));
//! assert_eq!(game.result(), Some("*"));
//! # Ok::<(), kibitz::board::pgn::GameReadError>(())
//! ```

use core::fmt;

use crate::notation::pgn::{Lexer, Token, decode, unescape};
use crate::text::quote;

use super::{AnyMove, AnyPosition, Board, BoardError, GameRules};

/// The first game of a PGN text, played.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    tags: Vec<(String, String)>,
    start: AnyPosition,
    moves: Vec<AnyMove>,
    result: Option<&'static str>,
}

impl PlayedGame {
    /// The tag pairs, in file order (a tag given twice is listed twice).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the last tag called `name` (as PGN readers take a tag
    /// given again), case-sensitive.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position the main line starts from.
    pub fn start(&self) -> &AnyPosition {
        &self.start
    }

    /// The main line's moves, each legal where it is played.
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves
    }

    /// The main line in UCI (for a variant, Fairy-Stockfish's dialect).
    pub fn uci_moves(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|&mv| {
                let uci = pos.uci(mv);
                pos.play_unchecked(mv);
                uci
            })
            .collect()
    }

    /// The result token that ended the movetext (`1-0`, `0-1`, `1/2-1/2`,
    /// `*`), or None when the text ended without one.
    pub fn result(&self) -> Option<&'static str> {
        self.result
    }
}

/// Why the first game of a PGN text could not be read: what, and on which line
/// (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReadError {
    /// The line of the token at fault; 0 when the text holds no game.
    pub line: usize,
    /// What was wrong.
    pub kind: GameReadErrorKind,
}

/// What was wrong with a game (see [`GameReadError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameReadErrorKind {
    /// The text holds no tag and no move.
    NoGame,
    /// The rules the tags name could not be had: the caller's message (such as
    /// an unknown variant, with the names known).
    Rules(String),
    /// The `[FEN]` tag does not hold a position of those rules.
    Fen(BoardError),
    /// A move of the main line that is not legal where it stands, or does not
    /// read: its half-move number from 1, its text (shortened) and why.
    Move {
        /// The half-move number in the game, from 1.
        ply: usize,
        /// The move as written, quoted and shortened.
        text: String,
        /// Why it could not be played.
        error: BoardError,
    },
    /// A null move (`--`, `Z0`), which a game of moves cannot hold.
    NullMove {
        /// The half-move number in the game, from 1.
        ply: usize,
    },
    /// A `{` comment or a `[` tag not closed, or a `(` variation not closed
    /// before the game's end: its start, quoted and shortened.
    Unterminated(String),
}

impl fmt::Display for GameReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            GameReadErrorKind::NoGame => f.write_str("no game in the PGN text"),
            GameReadErrorKind::Rules(why) => f.write_str(why),
            GameReadErrorKind::Fen(e) => write!(f, "bad FEN tag: {e}"),
            GameReadErrorKind::Move { ply, text, error } => {
                write!(f, "ply {ply}: move \"{text}\": {error}")
            }
            GameReadErrorKind::NullMove { ply } => {
                write!(f, "ply {ply}: null move, which a game of moves cannot hold")
            }
            GameReadErrorKind::Unterminated(start) => write!(f, "not closed: \"{start}\""),
        }
    }
}

impl std::error::Error for GameReadError {}

/// The variant name a `[Variant]` tag value stands for, and whether it asks
/// for Chess960: lowercase, without spaces or underscores, as Fairy-Stockfish
/// names its variants (`King of the Hill` is `kingofthehill`, `Ai-wok` is
/// `ai-wok`, Lichess's `Three-check` is `3check`); a `960` suffix (pychess's
/// `Crazyhouse960`) is the variant with Chess960 castling. Standard chess and
/// Chess960 themselves are `chess`.
///
/// ```
/// use kibitz::board::pgn::variant_tag_name;
/// assert_eq!(variant_tag_name("King of the Hill"), ("kingofthehill".to_string(), false));
/// assert_eq!(variant_tag_name("Three-check"), ("3check".to_string(), false));
/// assert_eq!(variant_tag_name("Crazyhouse960"), ("crazyhouse".to_string(), true));
/// assert_eq!(variant_tag_name("Chess960"), ("chess".to_string(), true));
/// assert_eq!(variant_tag_name("From Position"), ("chess".to_string(), false));
/// assert_eq!(variant_tag_name("Ai-wok"), ("ai-wok".to_string(), false));
/// ```
pub fn variant_tag_name(value: &str) -> (String, bool) {
    let name: String = value
        .chars()
        .filter(|c| !matches!(c, ' ' | '\t' | '_'))
        .flat_map(char::to_lowercase)
        .collect();
    match name.as_str() {
        "" | "standard" | "chess" | "fromposition" => ("chess".to_string(), false),
        "chess960" | "chess-960" | "960" | "fischerrandom" | "fischer-random" | "frc" => {
            ("chess".to_string(), true)
        }
        "threecheck" | "three-check" => ("3check".to_string(), false),
        _ => match name.strip_suffix("960") {
            Some(base) if !base.is_empty() => (base.to_string(), true),
            _ => (name, false),
        },
    }
}

/// Reads the first game of `text` and plays its main line. `rules` is given
/// the `[Variant]` tag's value (None without one) and says which rules that
/// is; the start is the `[FEN]` tag's position (or `startpos`) under them.
/// Comments, annotation glyphs and variations are skipped. The game ends at
/// its result, at a tag after its movetext (the next game), or at the end of
/// the text.
///
/// The work is linear in the text: each token is read once, and each move is
/// parsed against its position's legal moves.
pub fn read_first_game(
    text: &str,
    rules: impl FnOnce(Option<&str>) -> Result<GameRules, String>,
) -> Result<PlayedGame, GameReadError> {
    let mut lexer = Lexer::new(text.as_bytes(), 1);
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut value = Vec::new();
    let mut rules = Some(rules);
    // Set at the first token of movetext: the rules and the start are read from
    // the tags then.
    let mut pos: Option<AnyPosition> = None;
    let mut start: Option<AnyPosition> = None;
    let mut moves = Vec::new();
    let mut depth = 0usize;
    let mut variation_line = 0;
    let mut result = None;
    let mut first_line = None;
    let fail = |line, kind| Err(GameReadError { line, kind });
    while let Some((line, token)) = lexer.next_token() {
        first_line.get_or_insert(line);
        match token {
            Token::Comment { text, terminated } => {
                if !terminated {
                    let start = format!("{{{}", decode(text));
                    return fail(line, GameReadErrorKind::Unterminated(quote(&start)));
                }
                continue;
            }
            Token::Tag {
                name,
                value: raw,
                terminated,
            } => {
                if pos.is_some() {
                    // A tag after the movetext: the next game begins.
                    break;
                }
                if !terminated {
                    let start = format!("[{} \"{}", decode(name), decode(raw));
                    return fail(line, GameReadErrorKind::Unterminated(quote(&start)));
                }
                value.clear();
                unescape(raw, &mut value);
                tags.push((decode(name), decode(&value)));
                continue;
            }
            _ => {}
        }
        if pos.is_none() {
            let take = rules
                .take()
                .expect("the rules are read once, at the movetext");
            let first = start_of(&tags, take, line)?;
            start = Some(first.clone());
            pos = Some(first);
        }
        let here = pos.as_mut().expect("set above");
        match token {
            Token::Open => {
                if depth == 0 {
                    variation_line = line;
                }
                depth += 1;
            }
            Token::Close => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Token::Result(r) => {
                result = Some(r);
                break;
            }
            Token::San(san) => {
                let ply = moves.len() + 1;
                let written = decode(san);
                let mv = here.parse_move(&written).map_err(|error| GameReadError {
                    line,
                    kind: GameReadErrorKind::Move {
                        ply,
                        text: quote(&written),
                        error,
                    },
                })?;
                here.play_unchecked(mv);
                moves.push(mv);
            }
            Token::Null(_) => {
                return fail(
                    line,
                    GameReadErrorKind::NullMove {
                        ply: moves.len() + 1,
                    },
                );
            }
            Token::Nag(_) | Token::Comment { .. } | Token::Tag { .. } => {}
        }
    }
    if depth > 0 {
        return fail(
            variation_line,
            GameReadErrorKind::Unterminated("(".to_string()),
        );
    }
    let start = match start {
        Some(start) => start,
        // Tags alone: a game with no movetext, at its start.
        None if !tags.is_empty() => {
            let take = rules.take().expect("the rules are read once");
            start_of(&tags, take, first_line.unwrap_or(0))?
        }
        None => return fail(0, GameReadErrorKind::NoGame),
    };
    Ok(PlayedGame {
        tags,
        start,
        moves,
        result,
    })
}

/// The start of a game with these tags: the `[FEN]` tag's position (else the
/// start position) under the rules its `[Variant]` tag names. Errors are put
/// on `line`, where the movetext begins.
fn start_of(
    tags: &[(String, String)],
    rules: impl FnOnce(Option<&str>) -> Result<GameRules, String>,
    line: usize,
) -> Result<AnyPosition, GameReadError> {
    let find = |name: &str| {
        tags.iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let rules = rules(find("Variant")).map_err(|why| GameReadError {
        line,
        kind: GameReadErrorKind::Rules(why),
    })?;
    rules
        .position(find("FEN").unwrap_or(super::STARTPOS))
        .map_err(|e| GameReadError {
            line,
            kind: GameReadErrorKind::Fen(e),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn by_name(tag: Option<&str>) -> Result<GameRules, String> {
        let (name, chess960) = variant_tag_name(tag.unwrap_or(""));
        let variant = if name == "chess" {
            None
        } else {
            Some(Variant::builtin(&name).map_err(|e| e.to_string())?)
        };
        GameRules::new(variant, crate::CastlingMode::from_chess960(chess960))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_xiangqi_game_with_comments_and_a_variation() {
        let pgn = "[Event \"x\"]\n[Variant \"Xiangqi\"]\n\n1. h3e3 {central cannon} h10g8 (1... b10c8) 2. Hg3 $1 *\n\n[Event \"next\"]\n1. e4 *\n";
        let game = read_first_game(pgn, by_name).unwrap();
        assert_eq!(game.uci_moves(), ["h3e3", "h10g8", "h1g3"]);
        assert_eq!(game.tag("Event"), Some("x"));
        assert_eq!(game.result(), Some("*"));
    }

    #[test]
    fn the_fen_tag_is_the_start() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let pgn = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n1. O-O Kd7 1-0\n");
        let game = read_first_game(&pgn, by_name).unwrap();
        assert_eq!(game.start().fen(), fen);
        assert_eq!(game.uci_moves(), ["e1g1", "e8d7"]);
    }

    #[test]
    fn errors_name_the_line_and_what() {
        let err = read_first_game("[Variant \"Nonesuch\"]\n\n1. e4 *", by_name).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(matches!(err.kind, GameReadErrorKind::Rules(_)), "{err}");
        let err =
            read_first_game("[Variant \"Crazyhouse\"]\n1. e4 e5\n2. P@e6 *", by_name).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(
            err.to_string()
                .starts_with("line 3: ply 3: move \"P@e6\": "),
            "{err}"
        );
        let err = read_first_game("1. e4 --", by_name).unwrap_err();
        assert_eq!(err.kind, GameReadErrorKind::NullMove { ply: 2 });
        let err = read_first_game("1. e4 (1. d4", by_name).unwrap_err();
        assert!(
            matches!(err.kind, GameReadErrorKind::Unterminated(_)),
            "{err}"
        );
        let err = read_first_game("1. e4 {open", by_name).unwrap_err();
        assert!(
            matches!(err.kind, GameReadErrorKind::Unterminated(_)),
            "{err}"
        );
        let err = read_first_game("  \n", by_name).unwrap_err();
        assert_eq!(err.kind, GameReadErrorKind::NoGame);
        let long = format!("1. {} *", "Q".repeat(10_000));
        let err = read_first_game(&long, by_name).unwrap_err();
        assert!(
            err.to_string().len() < 300,
            "the move is quoted short: {err}"
        );
    }

    proptest::proptest! {
        /// Any text: a game whose moves replay, or an error on a line of the text;
        /// never a panic. The alphabet is PGN's, so that tags, moves, comments and
        /// variations are formed often.
        #[test]
        fn any_text_reads_or_names_a_line(text in "[\\[\\]\"{}()$;0-9a-hKQRBNPx@=+#. \n-]{0,120}",
                                          variant in proptest::sample::select(vec!["", "Crazyhouse", "Xiangqi", "Shogi", "Atomic"])) {
            let text = if variant.is_empty() { text } else { format!("[Variant \"{variant}\"]\n{text}") };
            let lines = text.matches('\n').count() + 1;
            match read_first_game(&text, by_name) {
                Ok(game) => {
                    let mut pos = game.start().clone();
                    for (&mv, uci) in game.moves().iter().zip(game.uci_moves()) {
                        proptest::prop_assert_eq!(pos.parse_move(&uci).ok(), Some(mv));
                        pos.play_unchecked(mv);
                    }
                }
                Err(e) => proptest::prop_assert!(e.line <= lines, "{}", e),
            }
        }
    }

    #[test]
    fn tags_alone_are_a_game_at_its_start() {
        let game = read_first_game("[Variant \"Shogi\"]\n", by_name).unwrap();
        assert!(game.moves().is_empty());
        assert_eq!(game.result(), None);
        assert_eq!(game.start().legal_moves().len(), 30);
    }
}
