//! The reader: problem after problem from a stream, each a [`Problem`] or the
//! first error met in it, the next problem read whatever happened to this one.

use std::collections::VecDeque;
use std::io::BufRead;

use crate::Color;

use super::Walk;
use super::error::{PopeyeError, PopeyeErrorKind};
use super::lexer::{LexError, Lexer, MAX_LINE_BYTES, Word};
use super::problem::{PopeyeOptions, Problem, build_position, fen, square_name};
use super::twin::{self, Change};
use super::words::{self, Language, Lookup, ProblemWord};
use crate::problem::{Genre, Stipulation};
use crate::variant::Conditions;

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
    /// After `twin` (or `zeroposition`) on this line: a twin's changes follow.
    Twin(u64),
    /// After `endproblem`, the end of the input, or an input that does not begin
    /// with `beginproblem`.
    Done,
}

/// A problem being read (or a twin's diagram and stipulation).
#[derive(Clone)]
pub(crate) struct Draft {
    pub(crate) board: [Option<(Color, Walk)>; 64],
    stipulation: Option<Stipulation>,
    /// The side to move an `sstipulation` names.
    turn: Option<Color>,
    options: PopeyeOptions,
    /// `condition`: the fairy conditions.
    conditions: Conditions,
    texts: [Vec<String>; 5],
    text_bytes: usize,
}

/// The twins of a problem being read: its diagram as read (what each twin
/// changes) and the last twin (what `continued` changes).
struct Twins {
    base: Draft,
    last: Draft,
    /// The next twin's letter, from 0 (`a)`).
    next: u32,
}

/// Reads the problems of a Popeye input, one [`Problem`] (or [`PopeyeError`]) per
/// problem, in order, holding one line and one problem at a time.
///
/// ```
/// use kibitz::popeye::Reader;
/// let text = "BeginProblem\nPieces White Kc1 Qd8 Sb5 Pa2b3 Black Ka8 Rb8\nStip #2\nNext\n\
///             Pieces White Ke1 Black Ke8\nCondition KoeKo\nStip h#1\nEndProblem\n";
/// let mut problems = Reader::new(text.as_bytes());
/// let first = problems.next().unwrap().unwrap();
/// assert_eq!(first.stipulation.to_string(), "#2");
/// let second = problems.next().unwrap().unwrap_err();
/// assert_eq!(
///     second.to_string(),
///     "problem 2, line 6: condition `KoeKo` (KoeKo) is outside kibitz's Popeye subset"
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
    /// The input's language, told by its first word.
    language: Language,
    /// The file `protocol` named last: Popeye writes all later output there too.
    protocol: Option<String>,
    /// The twins of the problem being read.
    twins: Option<Twins>,
    /// The label of the twin being read, for its errors.
    label: Option<String>,
    /// Problems read and not yet handed out (a duplex gives two).
    queue: VecDeque<Result<Problem, PopeyeError>>,
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
            language: Language::English,
            protocol: None,
            twins: None,
            label: None,
            queue: VecDeque::new(),
        }
    }

    /// The input's language (English until its first word is read).
    pub fn language(&self) -> Language {
        self.language
    }

    /// Keeps the first error of the problem.
    fn note(&mut self, line: u64, kind: PopeyeErrorKind) {
        if self.error.is_none() {
            self.error = Some(PopeyeError {
                problem: self.problems.max(1),
                twin: self.label.clone(),
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

    /// Reads one problem, up to its `endproblem`, `nextproblem` or first twin,
    /// and queues its problems (or its error).
    fn problem(&mut self, first_line: u64) {
        self.problems += 1;
        self.error = None;
        self.twins = None;
        self.label = None;
        let mut draft = Draft {
            board: [None; 64],
            stipulation: None,
            turn: None,
            options: PopeyeOptions::default(),
            conditions: Conditions::NONE,
            texts: Default::default(),
            text_bytes: 0,
        };
        let lang = self.language.index();
        let (end_line, twin) = loop {
            let Some(w) = self.word() else {
                self.state = State::Done;
                let line = self.lexer.line_no();
                self.note(line, PopeyeErrorKind::UnexpectedEnd);
                break (line, None);
            };
            match words::lookup(&words::PROBLEM[lang], &w.text) {
                Lookup::Ambiguous => self.note(
                    w.line,
                    PopeyeErrorKind::Ambiguous {
                        candidates: words::candidates(&words::PROBLEM[lang], &w.text),
                        word: w.text,
                    },
                ),
                Lookup::Found(i) => self.problem_word(&mut draft, ProblemWord::from_index(i), w),
                Lookup::None => {
                    if let Some(end) = self.end_word(&w) {
                        break (end, None);
                    }
                    match words::lookup(&words::TWIN[lang], &w.text) {
                        Lookup::Found(t) => {
                            self.state = State::Twin(w.line);
                            break (w.line, Some(t == 1));
                        }
                        _ => self.note(w.line, PopeyeErrorKind::UnknownWord { word: w.text }),
                    }
                }
            }
        };
        if let Some(err) = self.error.take() {
            // The twins of a problem whose diagram is wrong are not read.
            if twin.is_some() {
                self.skip_twins();
            }
            self.queue.push_back(Err(err));
            return;
        }
        match twin {
            None => self.finish(&draft, first_line, end_line, None, Vec::new()),
            Some(zero) => {
                if !zero {
                    self.finish(
                        &draft,
                        first_line,
                        end_line,
                        Some(twin::label(0)),
                        Vec::new(),
                    );
                }
                self.twins = Some(Twins {
                    base: draft.clone(),
                    last: draft,
                    next: u32::from(!zero),
                });
            }
        }
    }

    /// A keyword of a problem (also read inside a twin: `remark`, …).
    fn problem_word(&mut self, draft: &mut Draft, word: ProblemWord, w: Word) {
        match word {
            ProblemWord::Title => self.text(draft, 0, w.line),
            ProblemWord::Author => self.text(draft, 1, w.line),
            ProblemWord::Origin => self.text(draft, 2, w.line),
            ProblemWord::Award => self.text(draft, 3, w.line),
            ProblemWord::Remark => self.text(draft, 4, w.line),
            ProblemWord::Pieces => self.pieces(draft),
            ProblemWord::Option => self.options(&mut draft.options),
            ProblemWord::Condition => self.conditions(&mut draft.conditions),
            ProblemWord::Stipulation => {
                if let Some(s) = self.stipulation() {
                    draft.stipulation = Some(s);
                    draft.turn = None;
                }
            }
            ProblemWord::SStipulation => {
                if let Some((turn, s)) = self.sstipulation() {
                    draft.stipulation = Some(s);
                    draft.turn = Some(turn);
                }
            }
            ProblemWord::Forsyth => self.forsyth(draft),
            ProblemWord::Protocol => {
                let name = self.lexer.rest_of_line();
                if name.is_empty() || name.len() > 4096 {
                    self.note(
                        w.line,
                        PopeyeErrorKind::BadArgument {
                            keyword: "protocol",
                            word: name,
                            why: "a file name (the rest of the line) is needed",
                        },
                    );
                } else {
                    self.protocol = Some(name);
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
        }
    }

    /// Is `w` `endproblem` or `nextproblem`? Then the state is set and its line
    /// returned.
    fn end_word(&mut self, w: &Word) -> Option<u64> {
        match words::lookup(&words::END[self.language.index()], &w.text) {
            Lookup::Found(0) => {
                self.state = State::Done;
                Some(w.line)
            }
            Lookup::Found(_) => {
                self.state = State::Next(w.line);
                Some(w.line)
            }
            _ => None,
        }
    }

    /// Skips the twins of a problem up to its end, their words unread.
    fn skip_twins(&mut self) {
        self.state = State::Done;
        while let Some(w) = self.word() {
            if self.end_word(&w).is_some() {
                break;
            }
        }
        self.error = None;
    }

    /// Reads one twin's changes, up to the next twin or the problem's end, and
    /// queues its problems (or its error).
    fn twin(&mut self, first_line: u64) {
        let Some(mut twins) = self.twins.take() else {
            self.state = State::Done;
            return;
        };
        self.error = None;
        let label = twin::label(twins.next);
        self.label = Some(label.clone());
        twins.next = twins.next.saturating_add(1);
        let lang = self.language.index();
        let mut draft = twins.base.clone();
        let mut changes: Vec<String> = Vec::new();
        let mut first = true;
        let end_line = loop {
            let Some(w) = self.word() else {
                self.state = State::Done;
                let line = self.lexer.line_no();
                self.note(line, PopeyeErrorKind::UnexpectedEnd);
                break line;
            };
            let was_first = first;
            first = false;
            match words::lookup(&words::TWINNING[lang], &w.text) {
                Lookup::Found(6) if was_first => {
                    draft = twins.last.clone();
                    changes.push("continued".to_string());
                }
                Lookup::Found(i) => {
                    if let Some(text) = self.twinning(&mut draft, i, &w) {
                        changes.push(text);
                    }
                }
                Lookup::Ambiguous => self.note(
                    w.line,
                    PopeyeErrorKind::Ambiguous {
                        candidates: words::candidates(&words::TWINNING[lang], &w.text),
                        word: w.text,
                    },
                ),
                Lookup::None => {
                    if let Some(end) = self.end_word(&w) {
                        break end;
                    }
                    if let Lookup::Found(_) = words::lookup(&words::TWIN[lang], &w.text) {
                        self.state = State::Twin(w.line);
                        break w.line;
                    }
                    match words::lookup(&words::PROBLEM[lang], &w.text) {
                        Lookup::Found(i) => {
                            self.problem_word(&mut draft, ProblemWord::from_index(i), w)
                        }
                        _ => self.note(w.line, PopeyeErrorKind::UnknownWord { word: w.text }),
                    }
                }
            }
        };
        twins.last = draft.clone();
        self.twins = Some(twins);
        if let Some(err) = self.error.take() {
            self.queue.push_back(Err(err));
        } else {
            self.finish(&draft, first_line, end_line, Some(label), changes);
        }
        self.label = None;
    }

    /// One twinning change (`TWINNING[lang][i]`) applied to `draft`: its text in
    /// English for the record, None after an error (noted).
    fn twinning(&mut self, draft: &mut Draft, i: usize, w: &Word) -> Option<String> {
        let name = words::TWINNING[Language::English.index()][i];
        let square = |this: &mut Self| -> Option<usize> {
            let a = this.word()?;
            match square_list(&a.text).filter(|l| l.len() == 1) {
                Some(l) => Some(l[0]),
                None => {
                    this.note(
                        a.line,
                        PopeyeErrorKind::BadArgument {
                            keyword: name,
                            word: a.text.clone(),
                            why: "a square is needed",
                        },
                    );
                    this.pending = Some(a);
                    None
                }
            }
        };
        let change = match name {
            "move" | "exchange" | "shift" => {
                let from = square(self)?;
                let to = square(self)?;
                let text = format!("{name} {} {}", square_name(from), square_name(to));
                let change = match name {
                    "move" => Change::Move(from, to),
                    "exchange" => Change::Exchange(from, to),
                    _ => Change::Shift(from, to),
                };
                (change, text)
            }
            "remove" => {
                let sq = square(self)?;
                (Change::Remove(sq), format!("remove {}", square_name(sq)))
            }
            "rotate" => {
                let a = self.word()?;
                let Some(turns) = ["90", "180", "270"].iter().position(|d| *d == a.text) else {
                    self.note(
                        a.line,
                        PopeyeErrorKind::BadArgument {
                            keyword: name,
                            word: a.text,
                            why: "90, 180 or 270 degrees",
                        },
                    );
                    return None;
                };
                (Change::Rotate(turns + 1), format!("rotate {}", a.text))
            }
            "mirror" => {
                let a = self.word()?;
                let Some(m) = words::MIRRORS
                    .iter()
                    .position(|m| m.eq_ignore_ascii_case(&a.text))
                else {
                    self.note(
                        a.line,
                        PopeyeErrorKind::BadArgument {
                            keyword: name,
                            word: a.text,
                            why: "a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1",
                        },
                    );
                    return None;
                };
                (Change::Mirror(m), format!("mirror {}", words::MIRRORS[m]))
            }
            "PolishType" => (Change::Polish, "PolishType".to_string()),
            "substitute" => {
                let a = self.word()?;
                let b = self.word()?;
                let from = Walk::from_code_in(&a.text, self.language);
                let to = Walk::from_code_in(&b.text, self.language);
                let (Some(from), Some(to)) = (from, to) else {
                    self.note(
                        a.line,
                        PopeyeErrorKind::BadArgument {
                            keyword: name,
                            word: format!("{} {}", a.text, b.text),
                            why: "two piece codes are needed",
                        },
                    );
                    return None;
                };
                if !to.playable() {
                    self.note(
                        b.line,
                        PopeyeErrorKind::Unsupported {
                            what: "piece",
                            word: b.text,
                            name: to.name().to_string(),
                        },
                    );
                    return None;
                }
                let text = format!("substitute {} {}", from.code(), to.code());
                (Change::Substitute(from, to), text)
            }
            "add" => {
                self.pieces(draft);
                return Some("add".to_string());
            }
            "stipulation" => {
                let s = self.stipulation()?;
                draft.stipulation = Some(s);
                draft.turn = None;
                return Some(format!("stipulation {s}"));
            }
            "sstipulation" => {
                let (turn, s) = self.sstipulation()?;
                draft.stipulation = Some(s);
                draft.turn = Some(turn);
                return Some(format!("sstipulation {s}"));
            }
            "condition" => {
                // As Popeye's `TwinningCond`: the twin's conditions replace
                // the problem's (none when no condition follows).
                let mut conditions = Conditions::NONE;
                self.conditions(&mut conditions);
                draft.conditions = conditions;
                return Some(format!("condition {conditions}").trim_end().to_string());
            }
            other => {
                // `continued` anywhere but first.
                self.note(
                    w.line,
                    PopeyeErrorKind::Unsupported {
                        what: "twinning",
                        word: w.text.clone(),
                        name: other.to_string(),
                    },
                );
                return None;
            }
        };
        let (change, text) = change;
        if let Err(why) = change.apply(&mut draft.board) {
            self.note(
                w.line,
                PopeyeErrorKind::BadArgument {
                    keyword: name,
                    word: text,
                    why,
                },
            );
            return None;
        }
        Some(text)
    }

    /// Queues the problems of a draft read whole: itself, or its duplex
    /// (`HalfDuplex`), or both (`Duplex`); or the reason it makes none.
    fn finish(
        &mut self,
        draft: &Draft,
        first_line: u64,
        end_line: u64,
        twin: Option<String>,
        changes: Vec<String>,
    ) {
        let fail = |kind| PopeyeError {
            problem: self.problems,
            twin: twin.clone(),
            line: end_line,
            kind,
        };
        let Some(mut stipulation) = draft.stipulation else {
            self.queue
                .push_back(Err(fail(PopeyeErrorKind::NoStipulation)));
            return;
        };
        let options = &draft.options;
        let mut notes = Vec::new();
        if options.white_to_play {
            // Popeye shortens a helpmate by Black's first half move, White
            // starting (`stipulation/whitetoplay.c`); elsewhere it ignores it.
            match (stipulation.genre(), stipulation.is_half()) {
                (Genre::Help, false) if draft.turn.is_none() => {
                    stipulation = Stipulation::new(
                        Genre::Help,
                        stipulation.goal(),
                        stipulation.moves() - 1,
                        true,
                    )
                    .unwrap_or(stipulation)
                }
                _ => notes.push("WhiteToPlay is not applicable: ignored (as Popeye)".to_string()),
            }
        }
        let turn = draft.turn.unwrap_or(stipulation.first_mover());
        let halves: &[bool] = match (options.duplex, options.half_duplex) {
            (true, _) => &[false, true],
            (false, true) => &[true],
            (false, false) => &[false],
        };
        let [title, author, origin, award, remark] = draft.texts.clone();
        for &duplex in halves {
            let turn = if duplex { !turn } else { turn };
            // The en passant square is the diagram's last move's, for its side.
            let en_passant = if duplex { None } else { options.en_passant };
            let fen = fen(&draft.board, turn, options.no_castling, en_passant);
            let position = match build_position(&draft.board, &fen, draft.conditions, options) {
                Ok(pos) => pos,
                Err(why) => {
                    self.queue
                        .push_back(Err(fail(PopeyeErrorKind::Position { fen, why })));
                    continue;
                }
            };
            self.queue.push_back(Ok(Problem {
                number: self.problems,
                line: first_line,
                twin: twin.clone(),
                twin_changes: changes.clone(),
                duplex,
                board: draft.board,
                stipulation,
                turn,
                options: draft.options.clone(),
                conditions: draft.conditions,
                title: title.clone(),
                author: author.clone(),
                origin: origin.clone(),
                award: award.clone(),
                remark: remark.clone(),
                protocol: self.protocol.clone(),
                notes: notes.clone(),
                language: self.language,
                position,
            }));
        }
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
        let lang = self.language.index();
        loop {
            let colour = match words::lookup(&words::COLOURS[lang], &w.text) {
                Lookup::Found(0) => Some(Color::White),
                Lookup::Found(1) => Some(Color::Black),
                Lookup::Found(i) => {
                    self.note(
                        w.line,
                        PopeyeErrorKind::Unsupported {
                            what: "colour",
                            word: w.text.clone(),
                            name: words::COLOURS[2][i].to_string(),
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
                match words::lookup(&words::ATTRIBUTES[lang], &w.text) {
                    Lookup::Found(i) => self.note(
                        w.line,
                        PopeyeErrorKind::Unsupported {
                            what: "piece attribute",
                            word: w.text.clone(),
                            name: words::ATTRIBUTES[2][i].to_string(),
                        },
                    ),
                    Lookup::Ambiguous => self.note(
                        w.line,
                        PopeyeErrorKind::Ambiguous {
                            word: w.text.clone(),
                            candidates: words::candidates(&words::ATTRIBUTES[lang], &w.text),
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
                let Some((walk, rest)) = split_walk(&w.text, self.language) else {
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

    /// `condition`: conditions and their variant words until a keyword; a
    /// condition kibitz does not play is an error naming it.
    fn conditions(&mut self, conditions: &mut Conditions) {
        let lang = self.language.index();
        let mut previous: Option<&'static str> = None;
        loop {
            let Some(w) = self.word() else { return };
            let found = words::CONDITIONS[lang].iter().find(|(name, _, shortest)| {
                name.eq_ignore_ascii_case(&w.text)
                    || (*shortest > 0
                        && w.text.len() >= *shortest
                        && name
                            .get(..w.text.len())
                            .is_some_and(|head| head.eq_ignore_ascii_case(&w.text)))
            });
            let Some(&(_, word, _)) = found else {
                let keyword =
                    matches!(
                        words::lookup(&words::PROBLEM[lang], &w.text),
                        Lookup::Found(_)
                    ) || matches!(words::lookup(&words::END[lang], &w.text), Lookup::Found(_))
                        || [&words::TWINNING[lang][..], &words::TWIN[lang][..]]
                            .iter()
                            .any(|list| matches!(words::lookup(list, &w.text), Lookup::Found(_)));
                if !keyword {
                    self.note(
                        w.line,
                        PopeyeErrorKind::Unsupported {
                            what: "condition",
                            word: w.text.clone(),
                            name: w.text.clone(),
                        },
                    );
                }
                self.pending = Some(w);
                return;
            };
            if word.is_empty() {
                continue;
            }
            if let Err(e) = conditions.add_word(word, previous) {
                self.note(
                    w.line,
                    PopeyeErrorKind::BadArgument {
                        keyword: "condition",
                        word: w.text.clone(),
                        why: e.why,
                    },
                );
            }
            previous = Some(word);
        }
    }

    /// `option`: options until a word that is none.
    fn options(&mut self, options: &mut PopeyeOptions) {
        let lang = self.language.index();
        loop {
            let Some(w) = self.word() else { return };
            let Lookup::Found(i) = words::lookup(&words::OPTIONS[lang], &w.text) else {
                self.pending = Some(w);
                return;
            };
            match words::OPTIONS[Language::English.index()][i] {
                "SetPlay" => options.set_play = true,
                "Try" => options.refutations = Some(1),
                "Variations" => options.variations = true,
                "NoThreat" => options.no_threat = true,
                "NoBoard" => options.no_board = true,
                "WhiteToPlay" => options.white_to_play = true,
                "Duplex" => options.duplex = true,
                "HalfDuplex" => options.half_duplex = true,
                "NoWk" => options.no_white_king = true,
                "NoBk" => options.no_black_king = true,
                // Output only (Popeye's move counter, its beeps, grid drawing):
                // nothing to kibitz, whose records are the same either way.
                "MoveNumbers" | "SuppressGrid" | "WriteGrid" => {}
                "Beep" | "Intelligent" => {
                    // An optional number: Popeye's beeps, or its intelligent
                    // mode's solutions per mating position; a hint to kibitz,
                    // whose search finds every solution with or without it.
                    if words::OPTIONS[2][i] == "Intelligent" {
                        options.intelligent = true;
                    }
                    if let Some(n) = self.word()
                        && !n.text.bytes().all(|b| b.is_ascii_digit())
                    {
                        self.pending = Some(n);
                    }
                }
                "EnPassant" => {
                    if let Some(sq) = self.en_passant() {
                        options.en_passant = Some(sq);
                    }
                }
                "NoCastling" => {
                    let Some(list) = self.word() else { return };
                    match square_list(&list.text) {
                        Some(squares) => {
                            for sq in squares {
                                options.no_castling |= 1 << sq;
                            }
                        }
                        None => {
                            self.note(list.line, PopeyeErrorKind::BadSquares { word: list.text })
                        }
                    }
                }
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

    /// `EnPassant`'s squares, one word (`e2e4` or `e2e3e4`: the pawn's
    /// departure, the squares it crossed, its arrival): the square it crossed,
    /// where it may be taken en passant.
    fn en_passant(&mut self) -> Option<usize> {
        let w = self.word()?;
        let crossed = square_list(&w.text).and_then(|l| {
            let (from, to) = (*l.first()?, *l.last()?);
            let mid = (from + to) / 2;
            let ok = from % 8 == to % 8
                && from.abs_diff(to) == 16
                && (l.len() == 2 || (l.len() == 3 && l[1] == mid))
                && matches!(to / 8, 3 | 4);
            ok.then_some(mid)
        });
        if crossed.is_none() {
            self.note(
                w.line,
                PopeyeErrorKind::BadArgument {
                    keyword: "EnPassant",
                    word: w.text,
                    why: "a pawn's double step is needed (`e2e4` or `e2e3e4`)",
                },
            );
        }
        crossed
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

    /// `stipulation`: read by [`Stipulation`]'s parser, so that every form it
    /// knows is read here too (the length may be the next word, `# 2`, as
    /// Popeye allows).
    fn stipulation(&mut self) -> Option<Stipulation> {
        let w = self.word()?;
        let mut text = w.text.clone();
        if !text.ends_with(|c: char| c.is_ascii_digit()) {
            match self.word() {
                Some(n) if n.text.starts_with(|c: char| c.is_ascii_digit()) => {
                    text.push_str(&n.text)
                }
                Some(n) => self.pending = Some(n),
                None => {}
            }
        }
        match text.parse::<Stipulation>() {
            Ok(s) => Some(s),
            Err(e) => {
                self.note(
                    w.line,
                    PopeyeErrorKind::BadStipulation {
                        word: text,
                        why: e.reason(),
                    },
                );
                None
            }
        }
    }

    /// `sstipulation`: a side and the play in Popeye's structured form, read
    /// where it is a plain stipulation written another way ([`twin::structured`]);
    /// any other is an error naming it.
    fn sstipulation(&mut self) -> Option<(Color, Stipulation)> {
        let side = self.word()?;
        let turn = match words::lookup(&words::COLOURS[self.language.index()], &side.text) {
            Lookup::Found(0) => Color::White,
            Lookup::Found(1) => Color::Black,
            _ => {
                self.note(side.line, PopeyeErrorKind::NoColour { word: side.text });
                return None;
            }
        };
        let w = self.word()?;
        let Some(text) = twin::structured(&w.text) else {
            self.note(
                w.line,
                PopeyeErrorKind::BadStipulation {
                    word: w.text,
                    why: "this structured stipulation has no equivalent stipulation kibitz reads"
                        .to_string(),
                },
            );
            return None;
        };
        match text.parse::<Stipulation>() {
            Ok(s) => Some((turn, s)),
            Err(e) => {
                self.note(
                    w.line,
                    PopeyeErrorKind::BadStipulation {
                        word: format!("{} (= {text})", w.text),
                        why: e.reason(),
                    },
                );
                None
            }
        }
    }

    /// `forsyth`: the position as one word, from a8 to h1 (Popeye's
    /// `ParseForsyth`, `input/plaintext/twin.c`): a number (up to two digits)
    /// skips empty squares, `/` is read past, a piece is its one-letter code or
    /// `.` and its two-letter code, white in upper case and black in lower case
    /// (or `+`/`-` before it); `=` (neutral) is outside the subset. The pieces are
    /// added to the diagram, as in Popeye.
    fn forsyth(&mut self, draft: &mut Draft) {
        let Some(w) = self.word() else { return };
        let bytes = w.text.as_bytes();
        // Squares from a8: index 0 is a8, 63 is h1.
        let mut at = 0usize;
        let mut i = 0;
        let bad = |this: &mut Self, why| {
            this.note(
                w.line,
                PopeyeErrorKind::BadArgument {
                    keyword: "forsyth",
                    word: w.text.clone(),
                    why,
                },
            );
        };
        while i < bytes.len() && at < 64 {
            let b = bytes[i];
            if b.is_ascii_digit() {
                let mut n = usize::from(b - b'0');
                i += 1;
                if i < bytes.len() && bytes[i].is_ascii_digit() {
                    n = n * 10 + usize::from(bytes[i] - b'0');
                    i += 1;
                }
                at += n;
                continue;
            }
            if b == b'/' {
                i += 1;
                continue;
            }
            let mut colour = None;
            match b {
                b'=' => return bad(self, "neutral pieces are outside kibitz's Popeye subset"),
                b'+' => colour = Some(Color::White),
                b'-' => colour = Some(Color::Black),
                _ => {}
            }
            if colour.is_some() {
                i += 1;
            }
            let len = if bytes.get(i) == Some(&b'.') {
                i += 1;
                2
            } else {
                1
            };
            let Some(code) = w.text.get(i..i + len) else {
                return bad(self, "a piece code is cut short");
            };
            let Some(walk) = Walk::from_code_in(code, self.language) else {
                return bad(self, "a piece code Popeye does not know");
            };
            if !walk.playable() {
                self.note(
                    w.line,
                    PopeyeErrorKind::Unsupported {
                        what: "piece",
                        word: code.to_string(),
                        name: walk.name().to_string(),
                    },
                );
            }
            let colour = colour.unwrap_or(if bytes[i].is_ascii_lowercase() {
                Color::Black
            } else {
                Color::White
            });
            let square = (7 - at / 8) * 8 + at % 8;
            draft.board[square] = Some((colour, walk));
            at += 1;
            i += len;
        }
        // Popeye stops at h1; a closing `/` is common and harmless.
        if bytes[i.min(bytes.len())..].iter().any(|&b| b != b'/') {
            bad(self, "more than 64 squares");
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Problem, PopeyeError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(problem) = self.queue.pop_front() {
                return Some(problem);
            }
            match self.state {
                State::Done => return None,
                State::Next(line) => self.problem(line),
                State::Twin(line) => self.twin(line),
                State::Start => {
                    let first = self.word();
                    // A character that makes no word before `beginproblem`.
                    if let Some(err) = self.error.take() {
                        self.state = State::Done;
                        return Some(Err(err));
                    }
                    let w = first?;
                    match Language::of_begin(&w.text) {
                        Some(language) => {
                            self.language = language;
                            self.problem(w.line);
                        }
                        None => {
                            self.state = State::Done;
                            self.problems = 1;
                            return Some(Err(PopeyeError {
                                problem: 1,
                                twin: None,
                                line: w.line,
                                kind: PopeyeErrorKind::NoBegin { word: w.text },
                            }));
                        }
                    }
                }
            }
        }
    }
}

/// Splits a word into a piece code and what follows: one character when the
/// word's length is odd, two when even (squares take two each).
fn split_walk(word: &str, language: Language) -> Option<(Walk, &str)> {
    let n = if word.len() % 2 == 1 { 1 } else { 2 };
    let code = word.get(..n)?;
    Some((Walk::from_code_in(code, language)?, &word[n..]))
}

/// Squares written one after another (`a2b3`), a1 = 0; None unless the whole
/// text is squares.
pub(crate) fn square_list(text: &str) -> Option<Vec<usize>> {
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
