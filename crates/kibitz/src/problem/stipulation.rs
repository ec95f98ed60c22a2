//! Stipulations as problemists write them: `#3`, `h#2`, `h#2.5`, `s#2`.

use core::fmt;
use core::str::FromStr;

use crate::Color;
use crate::text::quote;

/// The most moves a stipulation may ask for (the prover's own limit).
pub const MAX_STIPULATION_MOVES: u32 = crate::prover::MAX_MATE_MOVES;

/// The genres kibitz solves, as the error message lists them.
pub const KNOWN_GENRES: &str = "#n (direct mate), h#n and h#n.5 (helpmate), s#n (selfmate)";

/// What kind of problem.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Genre {
    /// `#n`: the side to move mates in n against any defence.
    Direct,
    /// `h#n`: both sides cooperate; the side to move begins and is mated on the
    /// other side's n-th move. `h#n.5`: the side to move begins and mates on its
    /// (n+1)-th move.
    Help,
    /// `s#n`: the side to move forces the other side to mate it, whatever that side
    /// plays, on the other side's n-th move at the latest.
    Selfmate,
}

/// A stipulation: a genre and a length.
///
/// The length counts the moves of the side that moves first, as problemists
/// number them; `h#n.5` has a half move more (White begins and ends).
///
/// ```
/// use kibitz::problem::{Genre, Stipulation};
/// let s: Stipulation = "h#2.5".parse()?;
/// assert_eq!(s.genre(), Genre::Help);
/// assert_eq!(s.plies(), 5);
/// assert_eq!(s.to_string(), "h#2.5");
/// assert!("h#0".parse::<Stipulation>().is_err());
/// # Ok::<(), kibitz::problem::StipulationError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    genre: Genre,
    moves: u32,
    half: bool,
}

impl Stipulation {
    /// `#n`; `None` for n = 0 or past [`MAX_STIPULATION_MOVES`].
    pub fn direct(n: u32) -> Option<Stipulation> {
        (1..=MAX_STIPULATION_MOVES)
            .contains(&n)
            .then_some(Stipulation {
                genre: Genre::Direct,
                moves: n,
                half: false,
            })
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
            moves: n.clamp(1, MAX_STIPULATION_MOVES),
            half: false,
        }
    }

    /// `h#n` (`half`: `h#n.5`); `None` for `h#0` or past [`MAX_STIPULATION_MOVES`].
    pub fn help(n: u32, half: bool) -> Option<Stipulation> {
        ((n >= 1 || half) && n <= MAX_STIPULATION_MOVES).then_some(Stipulation {
            genre: Genre::Help,
            moves: n,
            half,
        })
    }

    /// `s#n`; `None` for n = 0 or past [`MAX_STIPULATION_MOVES`].
    pub fn selfmate(n: u32) -> Option<Stipulation> {
        (1..=MAX_STIPULATION_MOVES)
            .contains(&n)
            .then_some(Stipulation {
                genre: Genre::Selfmate,
                moves: n,
                half: false,
            })
    }

    /// The genre.
    pub fn genre(&self) -> Genre {
        self.genre
    }

    /// n, the whole moves (`h#2.5`: 2).
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Is it `h#n.5`?
    pub fn is_half(&self) -> bool {
        self.half
    }

    /// The single moves (plies) of a full solution line: `#n` 2n − 1, `s#n` 2n,
    /// `h#n` 2n, `h#n.5` 2n + 1.
    pub fn plies(&self) -> u32 {
        match self.genre {
            Genre::Direct => 2 * self.moves - 1,
            Genre::Selfmate => 2 * self.moves,
            Genre::Help => 2 * self.moves + u32::from(self.half),
        }
    }

    /// The side that moves first by the problemists' convention: White for `#n`,
    /// `s#n` and `h#n.5`, Black for `h#n`. Kibitz itself takes the side to move
    /// from the position; a reader of problem diagrams (which have no side to
    /// move) sets it from this.
    ///
    /// ```
    /// use kibitz::Color;
    /// use kibitz::problem::Stipulation;
    /// assert_eq!("h#2".parse::<Stipulation>()?.first_mover(), Color::Black);
    /// assert_eq!("h#1.5".parse::<Stipulation>()?.first_mover(), Color::White);
    /// # Ok::<(), kibitz::problem::StipulationError>(())
    /// ```
    pub fn first_mover(&self) -> Color {
        match (self.genre, self.half) {
            (Genre::Help, false) => Color::Black,
            _ => Color::White,
        }
    }

    /// The side that is to be mated, given the side to move: the other side in
    /// `#n` and `h#n.5`, the side to move itself in `s#n` and `h#n`.
    pub fn mated_side(&self, to_move: Color) -> Color {
        match (self.genre, self.half) {
            (Genre::Direct, _) | (Genre::Help, true) => !to_move,
            (Genre::Selfmate, _) | (Genre::Help, false) => to_move,
        }
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match self.genre {
            Genre::Direct => "",
            Genre::Help => "h",
            Genre::Selfmate => "s",
        };
        write!(f, "{prefix}#{}", self.moves)?;
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
}

/// What is wrong with a stipulation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StipulationErrorKind {
    /// Not one of [`KNOWN_GENRES`].
    UnknownGenre,
    /// No number of moves after `#`, or not a number.
    BadLength,
    /// `#0`, `h#0`, `s#0`: nothing to solve.
    Zero,
    /// More than [`MAX_STIPULATION_MOVES`] moves.
    TooLong,
    /// `.5` on a genre other than the helpmate.
    HalfMove,
}

impl fmt::Display for StipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stipulation {}: ", self.text)?;
        match self.kind {
            StipulationErrorKind::UnknownGenre => f.write_str("unknown genre")?,
            StipulationErrorKind::BadLength => f.write_str("no number of moves after `#`")?,
            StipulationErrorKind::Zero => f.write_str("0 moves: nothing to solve")?,
            StipulationErrorKind::TooLong => write!(f, "more than {MAX_STIPULATION_MOVES} moves")?,
            StipulationErrorKind::HalfMove => f.write_str("a half move (`.5`) is for h# only")?,
        }
        write!(f, "; known genres: {KNOWN_GENRES}")
    }
}

impl std::error::Error for StipulationError {}

impl FromStr for Stipulation {
    type Err = StipulationError;

    /// Reads `#n`, `h#n`, `h#n.5` or `s#n` (surrounding blanks ignored, the genre
    /// letter in either case).
    fn from_str(text: &str) -> Result<Stipulation, StipulationError> {
        let fail = |kind| StipulationError {
            text: quote(text),
            kind,
        };
        let t = text.trim();
        let (genre, rest) = if let Some(rest) = t.strip_prefix('#') {
            (Genre::Direct, rest)
        } else if let Some(rest) = t.strip_prefix("h#").or_else(|| t.strip_prefix("H#")) {
            (Genre::Help, rest)
        } else if let Some(rest) = t.strip_prefix("s#").or_else(|| t.strip_prefix("S#")) {
            (Genre::Selfmate, rest)
        } else {
            return Err(fail(StipulationErrorKind::UnknownGenre));
        };
        let (whole, half) = match rest.split_once('.') {
            Some((w, "5")) => (w, true),
            Some(_) => return Err(fail(StipulationErrorKind::BadLength)),
            None => (rest, false),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail(StipulationErrorKind::BadLength));
        }
        if half && genre != Genre::Help {
            return Err(fail(StipulationErrorKind::HalfMove));
        }
        let moves: u32 = match whole.parse() {
            Ok(n) if n <= MAX_STIPULATION_MOVES => n,
            _ => return Err(fail(StipulationErrorKind::TooLong)),
        };
        let made = match genre {
            Genre::Direct => Stipulation::direct(moves),
            Genre::Help => Stipulation::help(moves, half),
            Genre::Selfmate => Stipulation::selfmate(moves),
        };
        made.ok_or_else(|| fail(StipulationErrorKind::Zero))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_every_genre() {
        for text in ["#1", "#3", "h#1", "h#0.5", "h#2.5", "s#2", "#100"] {
            let s: Stipulation = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        assert_eq!(" H#2 ".parse::<Stipulation>().unwrap().to_string(), "h#2");
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        let kind = |t: &str| t.parse::<Stipulation>().unwrap_err().kind;
        assert_eq!(kind("h#0"), StipulationErrorKind::Zero);
        assert_eq!(kind("#0"), StipulationErrorKind::Zero);
        assert_eq!(kind("s#0"), StipulationErrorKind::Zero);
        assert_eq!(kind("hs#2"), StipulationErrorKind::UnknownGenre);
        assert_eq!(kind("=2"), StipulationErrorKind::UnknownGenre);
        assert_eq!(kind("#"), StipulationErrorKind::BadLength);
        assert_eq!(kind("#2.7"), StipulationErrorKind::BadLength);
        assert_eq!(kind("#-1"), StipulationErrorKind::BadLength);
        assert_eq!(kind("#2.5"), StipulationErrorKind::HalfMove);
        assert_eq!(kind("#101"), StipulationErrorKind::TooLong);
        assert_eq!(kind("#99999999999999999999"), StipulationErrorKind::TooLong);
        let err = "ser-h#3".parse::<Stipulation>().unwrap_err().to_string();
        assert!(err.contains("ser-h#3") && err.contains("h#n.5"), "{err}");
    }
}
