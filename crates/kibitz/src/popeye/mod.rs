//! Chess problems in Popeye's input language, the form in which problem
//! collections are exchanged: a subset of it, read into [`Problem`]s.
//!
//! ```text
//! BeginProblem
//! Title     Mate in two
//! Author    A. Composer
//! Pieces    White Kc1 Qd8 Sb5 Pa2b3  Black Ka8 Rb8
//! Stipulation #2
//! Option    Try SetPlay
//! NextProblem
//! Pieces    White Kf3 Gd4  Black Kh4
//! Stipulation h#2
//! EndProblem
//! ```
//!
//! The subset, read as Popeye reads it (`input/plaintext/*.c` of Popeye's
//! sources): English keywords in any case, each abbreviated to any prefix that
//! begins it alone (`stip`, `pi`, `opt`; `s` is ambiguous) —
//!
//! * `beginproblem` first; `nextproblem` between problems, `endproblem` last (the
//!   input ends there, as in Popeye);
//! * `pieces` with colour groups `white …`/`black …`, each piece a code and its
//!   squares ([`Walk`]): orthodox `K Q R B S P` (S the knight) and the fairy
//!   pieces kibitz plays, given to its variant engine as Betza;
//! * `stipulation` `#n`, `h#n`, `h#n.5`, `s#n` ([`Stipulation`](crate::problem::Stipulation));
//! * `option` `SetPlay`, `Try`, `Defence n`, `Variations`, `NoThreat`, `MaxSolutions n`,
//!   `MaxTime n`, `NoBoard` ([`PopeyeOptions`]);
//! * `title`, `author`, `origin`, `award`, `remark`: the rest of the line, kept.
//!
//! * `condition` `Circe`, `AntiCirce` (`Calvet`, `Cheylan`), `Madrasi`
//!   (`RexInclusive`), Ohneschach (`ChecklessChess`), `Isardam`, the
//!   Maximummers and Minimummers, `AnnanChess` and `MarsCirce`
//!   (`RexExclusive`): the problem is played
//!   on the variant engine under them ([`crate::variant::Conditions`]);
//!
//! * `twin` and `zeroposition` with Popeye's twinnings (`move`, `rotate`,
//!   `stipulation`, `condition`, …): each twin is its own [`Problem`].
//!
//! Anything else — other conditions, other stipulations, options, colours, piece
//! attributes, pieces kibitz does not play, words that are no keyword — makes the
//! problem a [`PopeyeError`] naming the word and its line; the next problem is
//! read all the same. The reader holds one line (at most [`MAX_LINE_BYTES`]) and
//! one problem at a time, and takes time linear in the input.
//!
//! ```
//! use kibitz::popeye::read_str;
//! let text = "begin pi white kc1 qd8 sb5 pa2b3 black ka8 rb8 stip #2 opt try end";
//! let problem = read_str(text).next().unwrap()?;
//! assert_eq!(problem.fen(), "kr1Q4/8/8/1N6/8/1P6/P7/2K5 w - - 0 1");
//! assert_eq!(problem.options.refutations, Some(1));
//! assert!(problem.position.as_chess().is_some());
//! # Ok::<(), kibitz::popeye::PopeyeError>(())
//! ```

mod error;
mod lexer;
mod pieces;
mod problem;
mod reader;
mod twin;
mod words;

pub use error::{PopeyeError, PopeyeErrorKind};
pub use lexer::MAX_LINE_BYTES;
pub use pieces::Walk;
pub use problem::{PopeyeOptions, Problem};
pub use reader::{MAX_MOVES, MAX_TEXT_BYTES, Reader};
pub use words::Language;

/// The problems of a Popeye text.
///
/// ```
/// use kibitz::popeye::read_str;
/// let text = "begin\npieces white ke1 black ke8\ncondition koeko\nstip #2\nend";
/// let errors: Vec<String> = read_str(text)
///     .map(|p| p.unwrap_err().to_string())
///     .collect();
/// assert_eq!(
///     errors,
///     ["problem 1, line 3: condition `koeko` (koeko) is outside kibitz's Popeye subset"]
/// );
/// ```
pub fn read_str(text: &str) -> Reader<&[u8]> {
    Reader::new(text.as_bytes())
}

/// Does a text begin like a Popeye input: is its first word `begin` or a longer
/// prefix of `beginproblem` (or of `AnfangProblem`, `DebutProbleme`), in any case (after a UTF-8 byte order mark and blank
/// lines)? `kibitz solve` reads such inputs as Popeye problems.
///
/// ```
/// use kibitz::popeye::looks_like_popeye;
/// assert!(looks_like_popeye(b"\n  BeginProblem\n"));
/// assert!(looks_like_popeye(b"begin pieces"));
/// assert!(looks_like_popeye(b"AnfangProblem"));
/// assert!(looks_like_popeye(b"debut"));
/// assert!(!looks_like_popeye(b"beg"));
/// assert!(!looks_like_popeye(b"8/8/8/8/8/8/8/K6k w - - 0 1"));
/// ```
pub fn looks_like_popeye(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let word: Vec<u8> = head
        .iter()
        .copied()
        .skip_while(|b| b.is_ascii_whitespace())
        .take_while(|b| !b.is_ascii_whitespace() && !b",;".contains(b))
        .take(16)
        .collect();
    word.len() >= 5 && std::str::from_utf8(&word).is_ok_and(|w| Language::of_begin(w).is_some())
}
