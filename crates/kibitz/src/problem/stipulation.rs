//! Stipulations as problemists write them: a play form, a goal and a length —
//! `#3`, `h#2.5`, `s#2`, `=2`, `hx3`, `h~1`, `r#2`, `semi-r#2`, `hs#3`,
//! `hr#2`, `ser-#4`, `ser-h#3`, `ser-s#2`, `ser-=3`, `h003`, `hzc82`.

use core::fmt;
use core::str::FromStr;

use crate::Color;
use crate::text::quote;

/// The most moves a stipulation may ask for (the prover's own limit).
pub const MAX_STIPULATION_MOVES: u32 = crate::prover::MAX_MATE_MOVES;

/// The stipulations kibitz solves, as the error message lists them.
pub const KNOWN_GENRES: &str = "a play form (none: direct, h, s, r, semi-r, hs, hr, ser-, ser-h, \
     ser-s), a goal (#, =, ==, +, x, ~, 00, ep, z<square>) and n moves (n.5 for the help forms)";

/// The play form: who moves and who must reach the goal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Genre {
    /// `#n`, `=n`, `+n`, …: the side to move reaches the goal with one of its
    /// moves within n against any defence.
    Direct,
    /// `h#n`: both sides cooperate; the side to move begins and the goal is
    /// reached by the other side's n-th move (`h#n.5`: by its own (n+1)-th).
    /// Exactly that many moves.
    Help,
    /// `s#n`: the side to move forces the other side to reach the goal,
    /// whatever that side plays, on the other side's n-th move at the latest.
    Selfmate,
    /// `r#n`: the selfmate in which both sides must reach the goal when they can
    /// (a move of the side to move that would reach it is forced and fails).
    Reflex,
    /// `semi-r#n`: the reflex condition binds the defending side only.
    SemiReflex,
    /// `hs#n`: help play of n − 1 moves (`hs#n.5`: n − ½), then `s#1`.
    HelpSelf,
    /// `hr#n`: help play of n − 1 moves (`hr#n.5`: n − ½), then `r#1`.
    HelpReflex,
    /// `ser-#n`: the side to move plays n moves in a row (the other side
    /// passes, so none of them but the last may give check); the n-th reaches
    /// the goal. Exactly n moves.
    Series,
    /// `ser-h#n`: the side to move plays n moves in a row (giving no check but
    /// with the last), then the other side reaches the goal in one.
    SeriesHelp,
    /// `ser-s#n`: the side to move plays n moves in a row (giving no check but
    /// with the last), after which every move of the other side reaches the goal
    /// (and it has one).
    SeriesSelf,
}

impl Genre {
    /// The prefix problemists write: `""`, `h`, `s`, `r`, `semi-r`, `hs`, `hr`,
    /// `ser-`, `ser-h`, `ser-s`.
    pub fn prefix(self) -> &'static str {
        match self {
            Genre::Direct => "",
            Genre::Help => "h",
            Genre::Selfmate => "s",
            Genre::Reflex => "r",
            Genre::SemiReflex => "semi-r",
            Genre::HelpSelf => "hs",
            Genre::HelpReflex => "hr",
            Genre::Series => "ser-",
            Genre::SeriesHelp => "ser-h",
            Genre::SeriesSelf => "ser-s",
        }
    }

    /// The forms, longest prefix first (the order the reader tries them).
    const BY_PREFIX: [Genre; 10] = [
        Genre::SemiReflex,
        Genre::SeriesHelp,
        Genre::SeriesSelf,
        Genre::Series,
        Genre::HelpSelf,
        Genre::HelpReflex,
        Genre::Help,
        Genre::Selfmate,
        Genre::Reflex,
        Genre::Direct,
    ];

    /// Play against any defence, answered by keys: direct, self and reflex.
    pub fn is_battle(self) -> bool {
        matches!(
            self,
            Genre::Direct | Genre::Selfmate | Genre::Reflex | Genre::SemiReflex
        )
    }

    /// Is the length `n.5` allowed (the help forms)?
    fn takes_half(self) -> bool {
        matches!(self, Genre::Help | Genre::HelpSelf | Genre::HelpReflex)
    }

    /// Does the play end in a forced last move of the other side (the self and
    /// reflex forms)?
    pub fn is_self(self) -> bool {
        matches!(
            self,
            Genre::Selfmate
                | Genre::Reflex
                | Genre::SemiReflex
                | Genre::HelpSelf
                | Genre::HelpReflex
                | Genre::SeriesSelf
        )
    }

    /// Is it a series form?
    pub fn is_series(self) -> bool {
        matches!(self, Genre::Series | Genre::SeriesHelp | Genre::SeriesSelf)
    }
}

/// What the last move must do, as Popeye names it.
///
/// ```
/// use kibitz::problem::{Goal, Stipulation};
/// let s: Stipulation = "hzc82".parse()?;
/// assert_eq!(s.goal(), Goal::Target { file: 2, rank: 7 });
/// assert_eq!(s.goal().to_string(), "zc8");
/// # Ok::<(), kibitz::problem::StipulationError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// `#`: the other side is checkmated.
    Mate,
    /// `=`: the other side is stalemated (not in check, no move).
    Stalemate,
    /// `==`: the other side is stalemated, and the side that moved would have no
    /// move either were it its turn.
    DoubleStalemate,
    /// `+`: the move gives check (mate included).
    Check,
    /// `x`: the move takes a man.
    Capture,
    /// `~`: any move.
    Any,
    /// `00`: the move is a castling.
    Castling,
    /// `ep`: the move is an en passant capture.
    EnPassant,
    /// `z<square>`: the moving man arrives on the square (files and ranks from
    /// 0; the king's square for a castling).
    Target {
        /// The file, a = 0.
        file: u8,
        /// The rank, 1 = 0.
        rank: u8,
    },
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Goal::Mate => f.write_str("#"),
            Goal::Stalemate => f.write_str("="),
            Goal::DoubleStalemate => f.write_str("=="),
            Goal::Check => f.write_str("+"),
            Goal::Capture => f.write_str("x"),
            Goal::Any => f.write_str("~"),
            Goal::Castling => f.write_str("00"),
            Goal::EnPassant => f.write_str("ep"),
            Goal::Target { file, rank } => {
                write!(f, "z{}", crate::board::square_name(file, rank))
            }
        }
    }
}

impl Goal {
    /// Reads the goal at the start of `t` (lowercase): the goal and the rest.
    fn read(t: &str) -> Option<(Goal, &str)> {
        const FIXED: [(&str, Goal); 8] = [
            ("==", Goal::DoubleStalemate),
            ("=", Goal::Stalemate),
            ("#", Goal::Mate),
            ("+", Goal::Check),
            ("x", Goal::Capture),
            ("~", Goal::Any),
            ("00", Goal::Castling),
            ("ep", Goal::EnPassant),
        ];
        for (sign, goal) in FIXED {
            if let Some(rest) = t.strip_prefix(sign) {
                return Some((goal, rest));
            }
        }
        // `z` and a square of one letter and one digit (Popeye's 8 × 8 squares:
        // the moves follow at once, `zg74`).
        let b = t.as_bytes();
        if b.len() >= 3
            && b[0] == b'z'
            && (b'a'..=b'p').contains(&b[1])
            && (b'1'..=b'9').contains(&b[2])
        {
            let goal = Goal::Target {
                file: b[1] - b'a',
                rank: b[2] - b'1',
            };
            return Some((goal, &t[3..]));
        }
        None
    }
}

/// A stipulation: a play form, a goal and a length.
///
/// The length counts the moves of the side that moves first, as problemists
/// number them; the help forms may have a half move more (`h#n.5`: White
/// begins and ends).
///
/// ```
/// use kibitz::problem::{Genre, Goal, Stipulation};
/// let s: Stipulation = "h#2.5".parse()?;
/// assert_eq!(s.genre(), Genre::Help);
/// assert_eq!(s.plies(), 5);
/// assert_eq!(s.to_string(), "h#2.5");
/// let s: Stipulation = "SER-H=3".parse()?;
/// assert_eq!((s.genre(), s.goal(), s.moves()), (Genre::SeriesHelp, Goal::Stalemate, 3));
/// assert_eq!(s.to_string(), "ser-h=3");
/// assert!("h#0".parse::<Stipulation>().is_err());
/// # Ok::<(), kibitz::problem::StipulationError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    genre: Genre,
    goal: Goal,
    moves: u32,
    half: bool,
}

impl Stipulation {
    /// Any stipulation; `None` when it asks for nothing (`h#0`, `hs#0.5`), for a
    /// half move outside the help forms, or past [`MAX_STIPULATION_MOVES`].
    ///
    /// ```
    /// use kibitz::problem::{Genre, Goal, Stipulation};
    /// let s = Stipulation::new(Genre::SeriesSelf, Goal::Mate, 2, false).unwrap();
    /// assert_eq!(s.to_string(), "ser-s#2");
    /// assert!(Stipulation::new(Genre::Series, Goal::Mate, 2, true).is_none());
    /// ```
    pub fn new(genre: Genre, goal: Goal, moves: u32, half: bool) -> Option<Stipulation> {
        let least = if genre == Genre::Help && half { 0 } else { 1 };
        (moves >= least && moves <= MAX_STIPULATION_MOVES && (!half || genre.takes_half()))
            .then_some(Stipulation {
                genre,
                goal,
                moves,
                half,
            })
    }

    /// `#n`; `None` for n = 0 or past [`MAX_STIPULATION_MOVES`].
    pub fn direct(n: u32) -> Option<Stipulation> {
        Stipulation::new(Genre::Direct, Goal::Mate, n, false)
    }

    /// `#n` with n brought into 1 to [`MAX_STIPULATION_MOVES`].
    ///
    /// ```
    /// use kibitz::problem::Stipulation;
    /// assert_eq!(Stipulation::direct_clamped(0).to_string(), "#1");
    /// assert_eq!(Stipulation::direct_clamped(500).to_string(), "#100");
    /// ```
    pub fn direct_clamped(n: u32) -> Stipulation {
        Stipulation {
            genre: Genre::Direct,
            goal: Goal::Mate,
            moves: n.clamp(1, MAX_STIPULATION_MOVES),
            half: false,
        }
    }

    /// `h#n` (`half`: `h#n.5`); `None` for `h#0` or past [`MAX_STIPULATION_MOVES`].
    pub fn help(n: u32, half: bool) -> Option<Stipulation> {
        Stipulation::new(Genre::Help, Goal::Mate, n, half)
    }

    /// `s#n`; `None` for n = 0 or past [`MAX_STIPULATION_MOVES`].
    pub fn selfmate(n: u32) -> Option<Stipulation> {
        Stipulation::new(Genre::Selfmate, Goal::Mate, n, false)
    }

    /// The play form.
    pub fn genre(&self) -> Genre {
        self.genre
    }

    /// The goal.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// n, the whole moves (`h#2.5`: 2).
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Is it `n.5` (a help form)?
    pub fn is_half(&self) -> bool {
        self.half
    }

    /// Is it the orthodox direct mate `#n`, the one the prover solves?
    pub fn is_direct_mate(&self) -> bool {
        self.genre == Genre::Direct && self.goal == Goal::Mate
    }

    /// The single moves (plies) of a full solution line, the other side's
    /// passes in series play not counted: `#n` 2n − 1; `s#n`, `r#n` 2n; `h#n`,
    /// `hs#n`, `hr#n` 2n (n.5: 2n + 1); `ser-#n` n; `ser-h#n`, `ser-s#n` n + 1.
    pub fn plies(&self) -> u32 {
        let n = self.moves;
        match self.genre {
            Genre::Direct => 2 * n - 1,
            Genre::Selfmate | Genre::Reflex | Genre::SemiReflex => 2 * n,
            Genre::Help | Genre::HelpSelf | Genre::HelpReflex => 2 * n + u32::from(self.half),
            Genre::Series => n,
            Genre::SeriesHelp | Genre::SeriesSelf => n + 1,
        }
    }

    /// The side that moves first by the problemists' convention, in which White
    /// reaches the goal in direct, help and series play and Black in the self
    /// and reflex forms: White for `#n`, `s#n`, `h#n.5`, `hs#n`, `ser-#n`,
    /// Black for `h#n`, `hs#n.5`, `ser-h#n`. Kibitz itself takes the side to
    /// move from the position; a reader of problem diagrams (which have no
    /// side to move) sets it from this.
    ///
    /// ```
    /// use kibitz::Color;
    /// use kibitz::problem::Stipulation;
    /// assert_eq!("h#2".parse::<Stipulation>()?.first_mover(), Color::Black);
    /// assert_eq!("h#1.5".parse::<Stipulation>()?.first_mover(), Color::White);
    /// assert_eq!("hs#2".parse::<Stipulation>()?.first_mover(), Color::White);
    /// assert_eq!("ser-h#3".parse::<Stipulation>()?.first_mover(), Color::Black);
    /// # Ok::<(), kibitz::problem::StipulationError>(())
    /// ```
    pub fn first_mover(&self) -> Color {
        // The side to move whose goal-reaching side is White (self forms: whose
        // goal-reaching side, Black, is forced by White).
        let last = self.last_mover(Color::White);
        if (last == Color::White) != self.genre.is_self() {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The side whose move reaches the goal, given the side to move.
    pub fn last_mover(&self, to_move: Color) -> Color {
        match self.genre {
            Genre::Direct | Genre::Series => to_move,
            Genre::Selfmate
            | Genre::Reflex
            | Genre::SemiReflex
            | Genre::SeriesHelp
            | Genre::SeriesSelf => !to_move,
            Genre::Help | Genre::HelpSelf | Genre::HelpReflex => {
                if self.plies() % 2 == 1 {
                    to_move
                } else {
                    !to_move
                }
            }
        }
    }

    /// The side that is to be mated (or stalemated, checked, …: the side the
    /// goal is reached against), given the side to move: the other side in
    /// `#n` and `h#n.5`, the side to move itself in `s#n` and `h#n`.
    pub fn mated_side(&self, to_move: Color) -> Color {
        !self.last_mover(to_move)
    }

    /// In a solution line of a series form, does the other side pass after the
    /// `i`-th move (from 0)? It does after each series move but the last.
    ///
    /// ```
    /// use kibitz::problem::Stipulation;
    /// let s: Stipulation = "ser-h#2".parse()?;
    /// assert_eq!([0, 1, 2].map(|i| s.passes_after(i)), [true, false, false]);
    /// # Ok::<(), kibitz::problem::StipulationError>(())
    /// ```
    pub fn passes_after(&self, i: usize) -> bool {
        self.genre.is_series() && i + 1 < self.moves as usize
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.genre.prefix(), self.goal, self.moves)?;
        if self.half {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

/// Why a stipulation was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StipulationError {
    /// The text, quoted (at most 80 characters).
    pub text: String,
    /// What is wrong with it.
    pub kind: StipulationErrorKind,
    /// The part not understood, quoted (empty when the whole is at fault).
    pub part: String,
}

/// What is wrong with a stipulation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StipulationErrorKind {
    /// No play form kibitz knows before the goal ([`KNOWN_GENRES`]).
    UnknownGenre,
    /// No goal kibitz knows after the play form.
    UnknownGoal,
    /// No number of moves after the goal, or not a number.
    BadLength,
    /// `#0`, `h#0`, `s#0`: nothing to solve.
    Zero,
    /// More than [`MAX_STIPULATION_MOVES`] moves.
    TooLong,
    /// `.5` on a form other than the help forms.
    HalfMove,
}

impl StipulationError {
    /// What is wrong, without the stipulation itself: for messages that name
    /// it already (a Popeye error record).
    ///
    /// ```
    /// let e = "h#0".parse::<kibitz::problem::Stipulation>().unwrap_err();
    /// assert!(e.reason().starts_with("0 moves: nothing to solve"));
    /// ```
    pub fn reason(&self) -> String {
        let mut out = String::new();
        self.write_reason(&mut out)
            .expect("a String takes any text");
        out
    }

    fn write_reason(&self, f: &mut impl fmt::Write) -> fmt::Result {
        match self.kind {
            StipulationErrorKind::UnknownGenre => {
                write!(f, "unknown play form at `{}`", self.part)?
            }
            StipulationErrorKind::UnknownGoal => write!(f, "unknown goal `{}`", self.part)?,
            StipulationErrorKind::BadLength => {
                write!(f, "no number of moves after the goal (`{}`)", self.part)?
            }
            StipulationErrorKind::Zero => f.write_str("0 moves: nothing to solve")?,
            StipulationErrorKind::TooLong => write!(f, "more than {MAX_STIPULATION_MOVES} moves")?,
            StipulationErrorKind::HalfMove => {
                f.write_str("a half move (`.5`) is for h, hs and hr only")?
            }
        }
        write!(f, "; kibitz reads {KNOWN_GENRES}")
    }
}

impl fmt::Display for StipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stipulation {}: ", self.text)?;
        self.write_reason(f)
    }
}

impl std::error::Error for StipulationError {}

impl FromStr for Stipulation {
    type Err = StipulationError;

    /// Reads a play form, a goal and a length (surrounding blanks ignored,
    /// letters in either case): `#2`, `h#2.5`, `ser-h=3`, `hzc82`.
    fn from_str(text: &str) -> Result<Stipulation, StipulationError> {
        let fail = |kind, part: &str| StipulationError {
            text: quote(text),
            kind,
            part: crate::text::quote_to(part, 12),
        };
        let lower = text.trim().to_ascii_lowercase();
        let t = lower.as_str();
        // The longest prefix after which a goal follows.
        let read = Genre::BY_PREFIX.iter().find_map(|&genre| {
            let rest = t.strip_prefix(genre.prefix())?;
            Goal::read(rest).map(|(goal, rest)| (genre, goal, rest))
        });
        let Some((genre, goal, rest)) = read else {
            // Name the part at fault: the letters and dashes before the goal when
            // they are no play form, else what follows the play form.
            let end = t
                .find(|c: char| !(c.is_ascii_alphabetic() || c == '-'))
                .unwrap_or(t.len());
            let run = &t[..end];
            let form = Genre::BY_PREFIX.iter().find(|g| {
                run.strip_prefix(g.prefix()).is_some_and(|goal| {
                    goal.is_empty() || goal == "x" || goal == "ep" || goal.starts_with('z')
                })
            });
            return Err(match form {
                Some(g) => fail(StipulationErrorKind::UnknownGoal, &t[g.prefix().len()..]),
                None => fail(StipulationErrorKind::UnknownGenre, run),
            });
        };
        let (whole, half) = match rest.split_once('.') {
            Some((w, "5")) => (w, true),
            Some(_) => return Err(fail(StipulationErrorKind::BadLength, rest)),
            None => (rest, false),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail(StipulationErrorKind::BadLength, rest));
        }
        if half && !genre.takes_half() {
            return Err(fail(StipulationErrorKind::HalfMove, rest));
        }
        let moves: u32 = match whole.parse() {
            Ok(n) if n <= MAX_STIPULATION_MOVES => n,
            _ => return Err(fail(StipulationErrorKind::TooLong, whole)),
        };
        Stipulation::new(genre, goal, moves, half)
            .ok_or_else(|| fail(StipulationErrorKind::Zero, whole))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_every_genre() {
        for text in [
            "#1", "#3", "h#1", "h#0.5", "h#2.5", "s#2", "#100", "=2", "==3", "+1", "x2", "~1",
            "h003", "hep2", "hzc82", "h=2", "h==2.5", "hx3", "h~1", "r#2", "semi-r#2", "hs#3",
            "hs#2.5", "hr#2", "ser-#4", "ser-h#3", "ser-s#2", "ser-=3", "s=2", "ser-x3",
        ] {
            let s: Stipulation = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        assert_eq!(" H#2 ".parse::<Stipulation>().unwrap().to_string(), "h#2");
        assert_eq!("HZg74".parse::<Stipulation>().unwrap().to_string(), "hzg74");
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        let err = |t: &str| t.parse::<Stipulation>().unwrap_err();
        let kind = |t: &str| err(t).kind;
        assert_eq!(kind("h#0"), StipulationErrorKind::Zero);
        assert_eq!(kind("#0"), StipulationErrorKind::Zero);
        assert_eq!(kind("s#0"), StipulationErrorKind::Zero);
        assert_eq!(kind("hs#0.5"), StipulationErrorKind::Zero);
        assert_eq!(kind("#"), StipulationErrorKind::BadLength);
        assert_eq!(kind("#2.7"), StipulationErrorKind::BadLength);
        assert_eq!(kind("#-1"), StipulationErrorKind::BadLength);
        assert_eq!(kind("#2.5"), StipulationErrorKind::HalfMove);
        assert_eq!(kind("ser-#2.5"), StipulationErrorKind::HalfMove);
        assert_eq!(kind("#101"), StipulationErrorKind::TooLong);
        assert_eq!(kind("#99999999999999999999"), StipulationErrorKind::TooLong);
        assert_eq!(err("h%2").part, "%2");
        assert_eq!(kind("h%2"), StipulationErrorKind::UnknownGoal);
        assert_eq!(kind("dia6.5"), StipulationErrorKind::UnknownGenre);
        assert_eq!(err("reci-h#2").part, "reci-h");
        assert_eq!(kind("reci-h#2"), StipulationErrorKind::UnknownGenre);
        assert_eq!(kind("zz3"), StipulationErrorKind::UnknownGoal);
        let e = err("pser-h#3").to_string();
        assert!(e.contains("pser-h#3") && e.contains("ser-h"), "{e}");
    }

    #[test]
    fn the_first_mover_is_the_problemists() {
        let first = |t: &str| t.parse::<Stipulation>().unwrap().first_mover();
        for (t, c) in [
            ("#2", Color::White),
            ("s#2", Color::White),
            ("r#2", Color::White),
            ("h#2", Color::Black),
            ("h=2.5", Color::White),
            ("hs#2", Color::White),
            ("hs#2.5", Color::Black),
            ("ser-#3", Color::White),
            ("ser-h#3", Color::Black),
            ("ser-s#3", Color::White),
        ] {
            assert_eq!(first(t), c, "{t}");
        }
    }
}
