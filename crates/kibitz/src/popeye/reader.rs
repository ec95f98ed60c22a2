//! The reader: problem after problem from a stream, each a [`Problem`] or the
//! first error met in it, the next problem read whatever happened to this one.

use std::io::BufRead;

use crate::Color;

use super::Walk;
use super::error::{PopeyeError, PopeyeErrorKind};
use super::lexer::{LexError, Lexer, MAX_LINE_BYTES, Word};
use super::problem::{PopeyeOptions, Problem, build_position, fen};
use super::words::{self, Lookup, ProblemWord};
use crate::problem::{Stipulation, StipulationErrorKind};

/// The most bytes of `title`, `author`, `origin`, `award` and `remark` text kept
/// for one problem; more is an error (memory stays bounded whatever the input).
pub const MAX_TEXT_BYTES: usize = 64 * 1024;

/// The longest stipulation kibitz solves (the prover's limit).
pub const MAX_MOVES: u32 = crate::problem::MAX_STIPULATION_MOVES;

/// Where the reader is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    /// Before `beginproblem`.
    Start,
    /// After `nextproblem` on this line: another problem follows.
    Next(u64),
    /// After `endproblem`, the end of the input, or an input that does not begin
    /// with `beginproblem`.
    Done,
}

/// A problem being read.
struct Draft {
    board: [Option<(Color, Walk)>; 64],
    stipulation: Option<Stipulation>,
    options: PopeyeOptions,
    texts: [Vec<String>; 5],
    text_bytes: usize,
}

/// Reads the problems of a Popeye input, one [`Problem`] (or [`PopeyeError`]) per
/// problem, in order, holding one line and one problem at a time.
///
/// ```
/// use kibitz::popeye::Reader;
/// let text = "BeginProblem\nPieces White Kc1 Qd8 Sb5 Pa2b3 Black Ka8 Rb8\nStip #2\nNext\n\
///             Pieces White Ke1 Black Ke8\nCondition Circe\nStip h#1\nEndProblem\n";
/// let mut problems = Reader::new(text.as_bytes());
/// let first = problems.next().unwrap().unwrap();
/// assert_eq!(first.stipulation.to_string(), "#2");
/// let second = problems.next().unwrap().unwrap_err();
/// assert_eq!(
///     second.to_string(),
///     "problem 2, line 6: keyword `Condition` (condition) is outside kibitz's Popeye subset"
/// );
/// assert!(problems.next().is_none());
/// ```
pub struct Reader<R> {
    lexer: Lexer<R>,
    /// A word read and handed back to the problem's loop.
    pending: Option<Word>,
    state: State,
    problems: u64,
    /// The first error of the problem being read.
    error: Option<PopeyeError>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `source`.
    pub fn new(source: R) -> Reader<R> {
        Reader {
            lexer: Lexer::new(source),
            pending: None,
            state: State::Start,
            problems: 0,
            error: None,
        }
    }

    /// Keeps the first error of the problem.
    fn note(&mut self, line: u64, kind: PopeyeErrorKind) {
        if self.error.is_none() {
            self.error = Some(PopeyeError {
                problem: self.problems.max(1),
                line,
                kind,
            });
        }
    }

    /// The next word (the one handed back first); characters that make no word
    /// are noted as errors and skipped.
    fn word(&mut self) -> Option<Word> {
        if let Some(w) = self.pending.take() {
            return Some(w);
        }
        loop {
            match self.lexer.word() {
                Ok(w) => return w,
                Err(LexError::BadCharacter { text, line }) => {
                    self.note(line, PopeyeErrorKind::BadCharacter { text })
                }
                Err(LexError::LineTooLong { line }) => self.note(
                    line,
                    PopeyeErrorKind::LineTooLong {
                        max: MAX_LINE_BYTES,
                    },
                ),
                Err(LexError::Io(why)) => {
                    let line = self.lexer.line_no();
                    self.note(line, PopeyeErrorKind::Io(why));
                }
            }
        }
    }

    /// Reads one problem, up to its `endproblem` or `nextproblem`.
    fn problem(&mut self, first_line: u64) -> Result<Problem, PopeyeError> {
        self.problems += 1;
        self.error = None;
        let mut draft = Draft {
            board: [None; 64],
            stipulation: None,
            options: PopeyeOptions::default(),
            texts: Default::default(),
            text_bytes: 0,
        };
        let end_line = loop {
            let Some(w) = self.word() else {
                self.state = State::Done;
                let line = self.lexer.line_no();
                self.note(line, PopeyeErrorKind::UnexpectedEnd);
                break line;
            };
            match words::lookup(words::PROBLEM, &w.text) {
                Lookup::Ambiguous => self.note(
                    w.line,
                    PopeyeErrorKind::Ambiguous {
                        candidates: words::candidates(words::PROBLEM, &w.text),
                        word: w.text,
                    },
                ),
                Lookup::Found(i) => match ProblemWord::from_index(i) {
                    ProblemWord::Title => self.text(&mut draft, 0, w.line),
                    ProblemWord::Author => self.text(&mut draft, 1, w.line),
                    ProblemWord::Origin => self.text(&mut draft, 2, w.line),
                    ProblemWord::Award => self.text(&mut draft, 3, w.line),
                    ProblemWord::Remark => self.text(&mut draft, 4, w.line),
                    ProblemWord::Pieces => self.pieces(&mut draft),
                    ProblemWord::Option => self.options(&mut draft.options),
                    ProblemWord::Stipulation => {
                        if let Some(s) = self.stipulation() {
                            draft.stipulation = Some(s);
                        }
                    }
                    ProblemWord::Unsupported(name) => self.note(
                        w.line,
                        PopeyeErrorKind::Unsupported {
                            what: "keyword",
                            word: w.text,
                            name: name.to_string(),
                        },
                    ),
                },
                Lookup::None => match words::lookup(words::END, &w.text) {
                    Lookup::Found(0) => {
                        self.state = State::Done;
                        break w.line;
                    }
                    Lookup::Found(_) => {
                        self.state = State::Next(w.line);
                        break w.line;
                    }
                    _ => {
                        let kind = match words::lookup(words::TWIN, &w.text) {
                            Lookup::Found(t) => PopeyeErrorKind::Unsupported {
                                what: "twin keyword",
                                name: words::TWIN[t].to_string(),
                                word: w.text,
                            },
                            _ => PopeyeErrorKind::UnknownWord { word: w.text },
                        };
                        self.note(w.line, kind);
                    }
                },
            }
        };
        if let Some(err) = self.error.take() {
            return Err(err);
        }
        let fail = |kind| PopeyeError {
            problem: self.problems,
            line: end_line,
            kind,
        };
        let Some(stipulation) = draft.stipulation else {
            return Err(fail(PopeyeErrorKind::NoStipulation));
        };
        let position = match build_position(&draft.board, &stipulation) {
            Ok(pos) => pos,
            Err(why) => {
                return Err(fail(PopeyeErrorKind::Position {
                    fen: fen(&draft.board, &stipulation),
                    why,
                }));
            }
        };
        let [title, author, origin, award, remark] = draft.texts;
        let problem = Problem {
            number: self.problems,
            line: first_line,
            board: draft.board,
            stipulation,
            options: draft.options,
            title,
            author,
            origin,
            award,
            remark,
            position,
        };
        Ok(problem)
    }

    /// `title`, `author`, …: the rest of the line.
    fn text(&mut self, draft: &mut Draft, which: usize, line: u64) {
        let text = self.lexer.rest_of_line();
        draft.text_bytes += text.len();
        if draft.text_bytes > MAX_TEXT_BYTES {
            self.note(
                line,
                PopeyeErrorKind::TextTooLong {
                    max: MAX_TEXT_BYTES,
                },
            );
        } else if !text.is_empty() {
            draft.texts[which].push(text);
        }
    }

    /// `pieces`: groups of a colour, maybe attributes, and pieces with squares.
    fn pieces(&mut self, draft: &mut Draft) {
        let Some(mut w) = self.word() else { return };
        let mut groups = 0;
        loop {
            let colour = match words::lookup(words::COLOURS, &w.text) {
                Lookup::Found(0) => Some(Color::White),
                Lookup::Found(1) => Some(Color::Black),
                Lookup::Found(i) => {
                    self.note(
                        w.line,
                        PopeyeErrorKind::Unsupported {
                            what: "colour",
                            word: w.text.clone(),
                            name: words::COLOURS[i].to_string(),
                        },
                    );
                    None
                }
                _ => {
                    if groups == 0 {
                        self.note(
                            w.line,
                            PopeyeErrorKind::NoColour {
                                word: w.text.clone(),
                            },
                        );
                    }
                    self.pending = Some(w);
                    return;
                }
            };
            groups += 1;
            let Some(next) = self.word() else { return };
            w = next;
            // Piece attributes (royal, kamikaze, …), all outside the subset; a
            // word that begins one is one, as in Popeye (`k` is Kamikaze).
            loop {
                match words::lookup(words::ATTRIBUTES, &w.text) {
                    Lookup::Found(i) => self.note(
                        w.line,
                        PopeyeErrorKind::Unsupported {
                            what: "piece attribute",
                            word: w.text.clone(),
                            name: words::ATTRIBUTES[i].to_string(),
                        },
                    ),
                    Lookup::Ambiguous => self.note(
                        w.line,
                        PopeyeErrorKind::Ambiguous {
                            word: w.text.clone(),
                            candidates: words::candidates(words::ATTRIBUTES, &w.text),
                        },
                    ),
                    Lookup::None => break,
                }
                let Some(next) = self.word() else { return };
                w = next;
            }
            let mut walks = 0;
            loop {
                if w.text.find('/').is_some_and(|i| i <= 2) {
                    self.note(
                        w.line,
                        PopeyeErrorKind::Unsupported {
                            what: "piece",
                            word: w.text.clone(),
                            name: "hunter".to_string(),
                        },
                    );
                    walks += 1;
                    let Some(next) = self.word() else { return };
                    w = next;
                    continue;
                }
                let Some((walk, rest)) = split_walk(&w.text) else {
                    if walks == 0 {
                        self.note(
                            w.line,
                            PopeyeErrorKind::UnknownWord {
                                word: w.text.clone(),
                            },
                        );
                        let Some(next) = self.word() else { return };
                        w = next;
                    }
                    break;
                };
                let squares = if rest.is_empty() {
                    let Some(list) = self.word() else {
                        self.note(
                            w.line,
                            PopeyeErrorKind::BadSquares {
                                word: w.text.clone(),
                            },
                        );
                        return;
                    };
                    let squares = square_list(&list.text);
                    if squares.is_none() {
                        self.note(list.line, PopeyeErrorKind::BadSquares { word: list.text });
                    }
                    squares
                } else {
                    // Not squares: the word is something else (`black`).
                    let Some(squares) = square_list(rest) else {
                        break;
                    };
                    Some(squares)
                };
                if !walk.playable() {
                    self.note(
                        w.line,
                        PopeyeErrorKind::Unsupported {
                            what: "piece",
                            word: w.text.clone(),
                            name: walk.name().to_string(),
                        },
                    );
                }
                if let (Some(colour), Some(squares)) = (colour, squares) {
                    for sq in squares {
                        draft.board[sq] = Some((colour, walk));
                    }
                }
                walks += 1;
                let Some(next) = self.word() else { return };
                w = next;
            }
        }
    }

    /// `option`: options until a word that is none.
    fn options(&mut self, options: &mut PopeyeOptions) {
        loop {
            let Some(w) = self.word() else { return };
            let Lookup::Found(i) = words::lookup(words::OPTIONS, &w.text) else {
                self.pending = Some(w);
                return;
            };
            match words::OPTIONS[i] {
                "SetPlay" => options.set_play = true,
                "Try" => options.refutations = Some(1),
                "Variations" => options.variations = true,
                "NoBoard" => options.no_board = true,
                "Defence" => {
                    if let Some(n) = self.number("Defence") {
                        options.refutations = Some(n);
                    }
                }
                "MaxSolutions" => {
                    if let Some(n) = self.number("MaxSolutions") {
                        options.max_solutions = Some(n);
                    }
                }
                "MaxTime" => {
                    if let Some(n) = self.number("MaxTime") {
                        options.max_time = Some(n);
                    }
                }
                name => self.note(
                    w.line,
                    PopeyeErrorKind::Unsupported {
                        what: "option",
                        word: w.text,
                        name: name.to_string(),
                    },
                ),
            }
        }
    }

    /// The number after an option: 1 or more; a word that is no number is an
    /// error and goes back to the problem's loop.
    fn number(&mut self, option: &'static str) -> Option<u32> {
        let w = self.word()?;
        match w.text.parse::<u32>() {
            Ok(n) if n >= 1 && w.text.bytes().all(|b| b.is_ascii_digit()) => Some(n),
            _ => {
                self.note(
                    w.line,
                    PopeyeErrorKind::BadNumber {
                        option,
                        word: w.text.clone(),
                    },
                );
                self.pending = Some(w);
                None
            }
        }
    }

    /// `stipulation`: any [`Stipulation`] kibitz reads (the length may be the
    /// next word, `# 2`, as Popeye allows).
    fn stipulation(&mut self) -> Option<Stipulation> {
        let w = self.word()?;
        let word = if w.text.ends_with(|c: char| c.is_ascii_digit()) {
            w.text.clone()
        } else {
            match self.word() {
                Some(n) => format!("{}{}", w.text, n.text),
                None => w.text.clone(),
            }
        };
        match word.parse::<Stipulation>() {
            Ok(s) => Some(s),
            Err(e) => {
                let why = match e.kind {
                    StipulationErrorKind::TooLong => "longer than kibitz's limit of 100 moves",
                    StipulationErrorKind::Zero => "the length must be at least 1",
                    StipulationErrorKind::BadLength => "the length is missing",
                    _ => "kibitz does not read this stipulation",
                };
                self.note(w.line, PopeyeErrorKind::BadStipulation { word, why });
                None
            }
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Problem, PopeyeError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.state {
            State::Done => None,
            State::Next(line) => Some(self.problem(line)),
            State::Start => {
                let first = self.word();
                // A character that makes no word before `beginproblem`.
                if let Some(err) = self.error.take() {
                    self.state = State::Done;
                    return Some(Err(err));
                }
                let w = first?;
                if words::lookup(words::BEGIN, &w.text) == Lookup::Found(0) {
                    Some(self.problem(w.line))
                } else {
                    self.state = State::Done;
                    self.problems = 1;
                    Some(Err(PopeyeError {
                        problem: 1,
                        line: w.line,
                        kind: PopeyeErrorKind::NoBegin { word: w.text },
                    }))
                }
            }
        }
    }
}

/// Splits a word into a piece code and what follows: one character when the
/// word's length is odd, two when even (squares take two each).
fn split_walk(word: &str) -> Option<(Walk, &str)> {
    let n = if word.len() % 2 == 1 { 1 } else { 2 };
    let code = word.get(..n)?;
    Some((Walk::from_code(code)?, &word[n..]))
}

/// Squares written one after another (`a2b3`), a1 = 0; None unless the whole
/// text is squares.
fn square_list(text: &str) -> Option<Vec<usize>> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || bytes.len() % 2 == 1 {
        return None;
    }
    bytes
        .chunks(2)
        .map(|pair| {
            let file = pair[0].to_ascii_lowercase().checked_sub(b'a')?;
            let rank = pair[1].checked_sub(b'1')?;
            (file < 8 && rank < 8).then_some(usize::from(rank) * 8 + usize::from(file))
        })
        .collect()
}
