//! Betza's funny notation, the part that reduces to once / repeated directions.
//!
//! A piece is a sequence of components `modifiers atom [atom] [range]`:
//!
//! * atoms: `W` (1,0) `F` (1,1) `D` (2,0) `N` (1,2) `A` (2,2) `H` (3,0) `C` (1,3)
//!   `Z` (2,3) `G` (3,3), each with all its symmetric images; shorthands `K` = `WF`,
//!   `R` = `WW`, `B` = `FF`, `Q` = `RB`;
//! * a doubled atom is a rider (`NN`, the nightrider, same as `N0`); a trailing
//!   number is the range (`W3`, at most three steps; `0`: unlimited; `R2`, `K2`);
//! * direction modifiers, from White's point of view (forward is towards rank 8):
//!   `f` forward, `b` backward, `l` left, `r` right, `v` vertical (the move's
//!   longer component is along the file), `s` sideways (longer along the rank).
//!   `f`/`b` followed by `l`/`r`/`s` is one compound direction (`fl`, forward and
//!   left); a doubled `ff`/`bb` means forward and vertical (the knight's narrow
//!   forward moves), `ll`/`rr` left or right and sideways. `lh`/`rh` (or `hl`/`hr`)
//!   is a chiral half of an oblique atom, the four moves turned into each other by
//!   quarter turns; `rh` holds the move two forward and one right. Separate
//!   letters add up: `fbN` is the four moves with a forward or backward part;
//! * `m` (moves only) is accepted and changes nothing: on an empty board every
//!   move is a non-capture.
//!
//! Modifiers that an empty board cannot express (hoppers, capture-only, multi-leg,
//! initial moves, …) are rejected by name, and so are `J` and `L`, whose meaning
//! differs between sources.
//!
//! The same parser, through [`parse_components`], also serves the variant engine
//! ([`crate::variant`]), which plays pieces in a position and so accepts `m` (move
//! only), `c` (capture only), `i` (initial move only), `n` (lame leaper: blocked by
//! a piece on its path) and the hoppers `p` (cannon: over exactly one piece, to any
//! square beyond) and `g` (grasshopper: to the square right behind the hurdle),
//! and `e` (en passant: Fairy-Stockfish's mark that the piece type takes en
//! passant, read by the variant's rules; the move itself is as without it).

use core::fmt;

use super::board::quote;
use super::{Direction, Piece};

/// Why Betza notation was rejected; positions are byte offsets in the text.
///
/// ```
/// use kibitz::mobility::Piece;
/// let err = Piece::from_betza("pR").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unsupported betza modifier `p` (hopper) at position 0: it cannot be reduced to once and repeated directions"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BetzaError {
    /// The text is empty.
    Empty,
    /// A known modifier that an empty board cannot express.
    Unsupported {
        /// The modifier letter.
        modifier: char,
        /// What it means in Betza notation.
        meaning: &'static str,
        /// Byte offset.
        position: usize,
    },
    /// A lowercase letter that is no modifier.
    UnknownModifier {
        /// The letter.
        modifier: char,
        /// Byte offset.
        position: usize,
    },
    /// `J` or `L`, whose atoms differ between sources.
    Ambiguous {
        /// The letter.
        atom: char,
        /// Byte offset.
        position: usize,
    },
    /// An uppercase letter that is no atom.
    UnknownAtom {
        /// The letter.
        atom: char,
        /// Byte offset.
        position: usize,
    },
    /// A character that has no place here (a digit before any atom, punctuation, …).
    Unexpected {
        /// The character.
        found: char,
        /// Byte offset.
        position: usize,
    },
    /// Modifiers at the end with no atom after them.
    MissingAtom {
        /// Byte offset of the first dangling modifier.
        position: usize,
    },
    /// A doubled rider shorthand (`RR`, `KK`) or a doubled atom with a range (`NN2`).
    BadDoubling {
        /// The atom.
        atom: char,
        /// Byte offset.
        position: usize,
    },
    /// A range too large to be meant.
    Range {
        /// The digits.
        digits: String,
        /// Byte offset.
        position: usize,
    },
    /// A combination the position engine cannot play (a lame rider, a hopping
    /// leaper, a hopper with a range, …).
    Unplayable {
        /// What is wrong.
        what: &'static str,
        /// Byte offset of the component.
        position: usize,
    },
    /// `h` without `l` or `r`.
    HalfWithoutSide {
        /// Byte offset of the `h`.
        position: usize,
    },
    /// Modifiers that select none of the atom's moves (`vF`, `hW`).
    EmptySelection {
        /// The modifiers.
        modifiers: String,
        /// The atom.
        atom: char,
        /// Byte offset of the component.
        position: usize,
    },
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetzaError::Empty => f.write_str("empty betza notation"),
            BetzaError::Unsupported {
                modifier,
                meaning,
                position,
            } => write!(
                f,
                "unsupported betza modifier `{modifier}` ({meaning}) at position {position}: it cannot be reduced to once and repeated directions"
            ),
            BetzaError::UnknownModifier { modifier, position } => {
                write!(
                    f,
                    "unknown betza modifier `{modifier}` at position {position}"
                )
            }
            BetzaError::Ambiguous { atom, position } => write!(
                f,
                "ambiguous betza atom `{atom}` at position {position}: it means different leaps in different sources; give the directions explicitly"
            ),
            BetzaError::UnknownAtom { atom, position } => {
                write!(f, "unknown betza atom `{atom}` at position {position}")
            }
            BetzaError::Unexpected { found, position } => {
                write!(
                    f,
                    "unexpected `{found}` at position {position} in betza notation"
                )
            }
            BetzaError::MissingAtom { position } => write!(
                f,
                "betza modifiers at position {position} are not followed by an atom"
            ),
            BetzaError::BadDoubling { atom, position } => write!(
                f,
                "betza atom `{atom}` at position {position} cannot be doubled here (only leaper atoms without a range double into riders)"
            ),
            BetzaError::Range { digits, position } => {
                write!(
                    f,
                    "betza range `{}` at position {position} is too large",
                    quote(digits)
                )
            }
            BetzaError::Unplayable { what, position } => write!(
                f,
                "betza component at position {position} cannot be played: {what}"
            ),
            BetzaError::HalfWithoutSide { position } => write!(
                f,
                "betza modifier `h` at position {position} needs `l` or `r` next to it"
            ),
            BetzaError::EmptySelection {
                modifiers,
                atom,
                position,
            } => write!(
                f,
                "betza modifiers `{}` select no move of `{atom}` at position {position}",
                quote(modifiers)
            ),
        }
    }
}

impl std::error::Error for BetzaError {}

/// Modifiers of (X)Betza notation that need occupied squares, several legs or
/// game state, with what they mean.
const UNSUPPORTED: &[(char, &str)] = &[
    ('p', "hopper"),
    ('g', "grasshopper-style hopper"),
    ('c', "capture only"),
    ('a', "multi-leg move"),
    ('j', "jumping over a piece"),
    ('z', "zig-zag (crooked) move"),
    ('q', "circular move"),
    ('o', "cylindrical board"),
    ('i', "initial move only"),
    ('e', "en passant capture"),
    ('n', "lame (non-jumping) leap"),
    ('k', "royal move"),
    ('d', "capture of own pieces"),
    ('u', "unload"),
    ('x', "capture by igui"),
    ('y', "change of move type"),
    ('t', "move after capture"),
];

/// The leaper atoms: letter and basic leap.
const ATOMS: &[(char, i64, i64)] = &[
    ('W', 1, 0),
    ('F', 1, 1),
    ('D', 2, 0),
    ('N', 1, 2),
    ('A', 2, 2),
    ('H', 3, 0),
    ('C', 1, 3),
    ('Z', 2, 3),
    ('G', 3, 3),
];

/// One conjunction of direction letters, such as `fl` or `ff` or `rh`.
#[derive(Clone, Debug, Default)]
struct Term {
    vertical: Option<char>,   // f, b
    horizontal: Option<char>, // l, r
    steep: bool,              // v, or a doubled f/b
    flat: bool,               // s, or a doubled l/r
    half: bool,               // h
    letters: usize,
    position: usize,
}

impl Term {
    /// Does `(dr, dk)` belong to this term? Forward is `dr < 0` (towards rank 8).
    fn admits(&self, dr: i64, dk: i64) -> bool {
        if self.half {
            // Chiral halves: sign(dr·dk)·sign(|dr|−|dk|) is −1 for the half holding
            // (−2, 1), two forward one right, and its quarter turns.
            let chirality = (dr * dk).signum() * (dr.abs() - dk.abs()).signum();
            return chirality == if self.horizontal == Some('r') { -1 } else { 1 };
        }
        let vertical_ok = match self.vertical {
            Some('f') => dr < 0,
            Some('b') => dr > 0,
            _ => true,
        };
        let horizontal_ok = match self.horizontal {
            Some('l') => dk < 0,
            Some('r') => dk > 0,
            _ => true,
        };
        let steep_ok = !self.steep || dk == 0 || dr.abs() > dk.abs();
        let flat_ok = !self.flat || dr == 0 || dk.abs() > dr.abs();
        vertical_ok && horizontal_ok && steep_ok && flat_ok
    }

    /// Can `c` join this term rather than start a new one?
    fn joins(&self, c: char) -> bool {
        let only = |x: Option<char>| self.letters == 1 && x.is_some();
        match c {
            // fl, fr, bl, br, fs, bs
            'l' | 'r' | 's' if only(self.vertical) && !self.steep => true,
            // ff, bb: forward and vertical
            'f' | 'b' => self.letters == 1 && self.vertical == Some(c),
            // ll, rr
            'l' | 'r' if self.letters == 1 && self.horizontal == Some(c) => true,
            // hl, hr
            'l' | 'r' => self.letters == 1 && self.half,
            // lh, rh
            'h' => only(self.horizontal),
            // lv, rv: left/right and vertical
            'v' => only(self.horizontal),
            _ => false,
        }
    }

    fn add(&mut self, c: char) {
        match c {
            'f' | 'b' if self.vertical == Some(c) => self.steep = true,
            'f' | 'b' => self.vertical = Some(c),
            'l' | 'r' if self.horizontal == Some(c) => self.flat = true,
            'l' | 'r' => self.horizontal = Some(c),
            'v' => self.steep = true,
            's' => self.flat = true,
            'h' => self.half = true,
            _ => {}
        }
        self.letters += 1;
    }
}

/// Parses Betza notation into a [`Piece`]; see the [module docs](self).
///
/// ```
/// use kibitz::mobility::{betza, Piece};
/// assert_eq!(betza::parse("BN")?, Piece::named("archbishop")?);
/// assert_eq!(betza::parse("NN")?, Piece::named("nightrider")?);
/// assert_eq!(betza::parse("N0")?, Piece::named("nightrider")?);
/// assert_eq!(betza::parse("fmW")?.once().count(), 1);
/// assert!(betza::parse("J").unwrap_err().to_string().contains("different leaps in different sources"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str) -> Result<Piece, BetzaError> {
    let mut piece = Piece::new();
    for component in parse_with(text, false)? {
        for &d in &component.directions {
            match component.range {
                None => piece.add_once(d),
                Some(r) => piece.add_rider(d, r),
            }
        }
    }
    Ok(piece)
}

/// How a hopper jumps (Betza `p` and `g`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hop {
    /// `p`: over exactly one piece (the hurdle), to any square beyond it on the line
    /// (the cannon's capture, the Janggi cannon).
    Cannon,
    /// `g`: over the first piece on the line, to the square right behind it (the grasshopper).
    Grasshopper,
}

/// One component of Betza notation as a position plays it: a set of directions,
/// how far along them, and which moves they make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaComponent {
    /// The directions, `dr < 0` forward (towards the top rank), as in [`Direction`].
    pub directions: Vec<Direction>,
    /// `None`: a leaper (one step); `Some(None)`: an unlimited rider; `Some(Some(n))`:
    /// at most `n` steps.
    pub range: Option<Option<u32>>,
    /// May the component move to an empty square?
    pub moves: bool,
    /// May it capture?
    pub captures: bool,
    /// Only from the piece's initial square (`i`)?
    pub initial: bool,
    /// A lame leap (`n`), blocked by a piece on its path?
    pub lame: bool,
    /// A hopper (`p`, `g`)?
    pub hop: Option<Hop>,
}

/// Parses Betza notation into the components a position plays (see the
/// [module docs](self)): the position modifiers `m`, `c`, `i`, `n`, `p`, `g` are kept.
///
/// ```
/// use kibitz::mobility::betza::{parse_components, Hop};
/// let cannon = parse_components("mRcpR")?;
/// assert_eq!(cannon.len(), 2);
/// assert!(cannon[0].moves && !cannon[0].captures);
/// assert_eq!(cannon[1].hop, Some(Hop::Cannon));
/// assert!(parse_components("nN")?[0].lame);
/// # Ok::<(), kibitz::mobility::BetzaError>(())
/// ```
pub fn parse_components(text: &str) -> Result<Vec<BetzaComponent>, BetzaError> {
    parse_with(text, true)
}

/// The one parser: `position` keeps the modifiers a position needs, otherwise they
/// are rejected as an empty board cannot express them.
fn parse_with(text: &str, position_mode: bool) -> Result<Vec<BetzaComponent>, BetzaError> {
    if text.is_empty() {
        return Err(BetzaError::Empty);
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut components = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = chars[i].0;
        // Modifiers.
        let mut terms: Vec<Term> = Vec::new();
        let (mut only_moves, mut only_captures) = (false, false);
        let (mut initial, mut lame, mut hop) = (false, false, None);
        while let Some(&(position, c)) = chars.get(i) {
            if !c.is_ascii_lowercase() {
                break;
            }
            match c {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => match terms.last_mut() {
                    Some(term) if term.joins(c) => term.add(c),
                    _ => {
                        let mut term = Term {
                            position,
                            ..Term::default()
                        };
                        term.add(c);
                        terms.push(term);
                    }
                },
                'm' => only_moves = true,
                'c' if position_mode => only_captures = true,
                'i' if position_mode => initial = true,
                'n' if position_mode => lame = true,
                'p' if position_mode => hop = Some(Hop::Cannon),
                'g' if position_mode => hop = Some(Hop::Grasshopper),
                // En passant (`fceF`): as in Fairy-Stockfish, a mark on the piece
                // type (it takes en passant with its captures), not on the move,
                // which the variant's rules read off the text.
                'e' if position_mode => {}
                _ => {
                    return Err(match UNSUPPORTED.iter().find(|(m, _)| *m == c) {
                        Some(&(modifier, meaning)) => BetzaError::Unsupported {
                            modifier,
                            meaning,
                            position,
                        },
                        None => BetzaError::UnknownModifier {
                            modifier: c,
                            position,
                        },
                    });
                }
            }
            i += 1;
        }
        if let Some(term) = terms.iter().find(|t| t.half && t.horizontal.is_none()) {
            return Err(BetzaError::HalfWithoutSide {
                position: term.position,
            });
        }
        // The atom.
        let Some(&(atom_position, atom)) = chars.get(i) else {
            return Err(BetzaError::MissingAtom { position: start });
        };
        let (leaps, rider): (Vec<(i64, i64)>, bool) = match atom {
            'K' => (vec![(1, 0), (1, 1)], false),
            'R' => (vec![(1, 0)], true),
            'B' => (vec![(1, 1)], true),
            'Q' => (vec![(1, 0), (1, 1)], true),
            'J' | 'L' => {
                return Err(BetzaError::Ambiguous {
                    atom,
                    position: atom_position,
                });
            }
            _ => match ATOMS.iter().find(|(a, _, _)| *a == atom) {
                Some(&(_, m, n)) => (vec![(m, n)], false),
                None if atom.is_ascii_uppercase() => {
                    return Err(BetzaError::UnknownAtom {
                        atom,
                        position: atom_position,
                    });
                }
                None => {
                    return Err(BetzaError::Unexpected {
                        found: atom,
                        position: atom_position,
                    });
                }
            },
        };
        i += 1;
        // Doubling and range.
        let doubled = chars.get(i).is_some_and(|&(_, c)| c == atom);
        if doubled {
            if rider || atom == 'K' {
                return Err(BetzaError::BadDoubling {
                    atom,
                    position: atom_position,
                });
            }
            i += 1;
        }
        let digits_start = i;
        while chars.get(i).is_some_and(|(_, c)| c.is_ascii_digit()) {
            i += 1;
        }
        // None: leaper; Some(None): unlimited rider; Some(Some(n)): at most n steps.
        let range: Option<Option<u32>> = if i > digits_start {
            if doubled {
                return Err(BetzaError::BadDoubling {
                    atom,
                    position: atom_position,
                });
            }
            let digits: String = chars[digits_start..i].iter().map(|&(_, c)| c).collect();
            let position = chars[digits_start].0;
            match digits.parse::<u32>() {
                Ok(0) => Some(None),
                Ok(1) => None,
                Ok(n) if n <= 1000 => Some(Some(n)),
                _ => return Err(BetzaError::Range { digits, position }),
            }
        } else if doubled || rider {
            Some(None)
        } else {
            None
        };
        if lame && range.is_some() {
            return Err(BetzaError::Unplayable {
                what: "a lame (n) rider",
                position: start,
            });
        }
        if hop.is_some() && range != Some(None) {
            return Err(BetzaError::Unplayable {
                what: "a hopper (p, g) must be an unlimited rider",
                position: start,
            });
        }
        // Every image of every leap, filtered by the modifiers.
        let mut directions = Vec::new();
        for &(m, n) in &leaps {
            for d in Direction::symmetric(m, n).unwrap_or_default() {
                if !terms.is_empty() && !terms.iter().any(|t| t.admits(d.dr(), d.dk())) {
                    continue;
                }
                directions.push(d);
            }
        }
        let added = !directions.is_empty();
        components.push(BetzaComponent {
            directions,
            range,
            // `m` and `c` together (`mc`) mean both; neither means both.
            moves: !only_captures || only_moves,
            captures: !only_moves || only_captures,
            initial,
            lame,
            hop,
        });
        if !added {
            let modifiers: String = text[start..atom_position].to_string();
            return Err(BetzaError::EmptySelection {
                modifiers,
                atom,
                position: start,
            });
        }
    }
    Ok(components)
}

impl Piece {
    /// Parses Betza notation; see [`betza::parse`](parse).
    ///
    /// ```
    /// use kibitz::mobility::Piece;
    /// assert_eq!(Piece::from_betza("Q")?, Piece::named("queen")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_betza(text: &str) -> Result<Piece, BetzaError> {
        parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(text: &str) -> Vec<(i64, i64)> {
        let piece = parse(text).unwrap();
        piece
            .once()
            .chain(piece.repeated().map(|(d, _)| d))
            .map(|d| (d.dr(), d.dk()))
            .collect()
    }

    #[test]
    fn shorthands_match_named_pieces() {
        for (betza, name) in [
            ("K", "king"),
            ("WF", "mann"),
            ("Q", "queen"),
            ("WWFF", "queen"),
            ("RB", "queen"),
            ("R", "rook"),
            ("B", "bishop"),
            ("N", "knight"),
            ("BN", "archbishop"),
            ("RN", "chancellor"),
            ("QN", "amazon"),
            ("C", "camel"),
            ("Z", "zebra"),
            ("W", "wazir"),
            ("F", "ferz"),
            ("A", "alfil"),
            ("D", "dabbaba"),
            ("NN", "nightrider"),
            ("N0", "nightrider"),
            ("W0", "rook"),
            ("mN", "knight"),
        ] {
            assert_eq!(
                parse(betza),
                Piece::named(name).map_err(|_| BetzaError::Empty),
                "{betza}"
            );
        }
    }

    #[test]
    fn direction_modifiers() {
        // Forward is towards rank 8: dr < 0.
        assert_eq!(dirs("fW"), [(-1, 0)]);
        assert_eq!(dirs("bW"), [(1, 0)]);
        assert_eq!(dirs("lW"), [(0, -1)]);
        assert_eq!(dirs("vW"), [(-1, 0), (1, 0)]);
        assert_eq!(dirs("sW"), [(0, -1), (0, 1)]);
        assert_eq!(dirs("fF"), [(-1, -1), (-1, 1)]);
        assert_eq!(dirs("flF"), [(-1, -1)]);
        assert_eq!(dirs("frF"), [(-1, 1)]);
        assert_eq!(dirs("fN"), [(-2, -1), (-2, 1), (-1, -2), (-1, 2)]);
        assert_eq!(dirs("ffN"), [(-2, -1), (-2, 1)]);
        assert_eq!(dirs("fsN"), [(-1, -2), (-1, 2)]);
        assert_eq!(dirs("llN"), [(-1, -2), (1, -2)]);
        assert_eq!(dirs("flN"), [(-2, -1), (-1, -2)]);
        assert_eq!(dirs("fbN").len(), 8);
        assert_eq!(dirs("rhN"), [(-2, 1), (-1, -2), (1, 2), (2, -1)]);
        assert_eq!(dirs("hlN"), [(-2, -1), (-1, 2), (1, -2), (2, 1)]);
        assert_eq!(dirs("fWbF"), [(-1, 0), (1, -1), (1, 1)]);
        assert_eq!(dirs("fR"), [(-1, 0)]);
        // The pawn's non-capturing move is fmW; the Berolina pawn's is fmF.
        assert_eq!(dirs("fmW"), [(-1, 0)]);
    }

    #[test]
    fn ranges() {
        let short_rook = parse("W3").unwrap();
        assert!(short_rook.repeated().all(|(_, r)| r == Some(3)));
        assert_eq!(short_rook.repeated().count(), 4);
        assert_eq!(
            parse("R2").unwrap().repeated().next().map(|(_, r)| r),
            Some(Some(2))
        );
        assert_eq!(parse("W1").unwrap(), Piece::named("wazir").unwrap());
    }

    #[test]
    fn errors_name_the_token() {
        let cases = [
            ("", "empty betza notation"),
            (
                "cK",
                "unsupported betza modifier `c` (capture only) at position 0: it cannot be reduced to once and repeated directions",
            ),
            (
                "KpR",
                "unsupported betza modifier `p` (hopper) at position 1: it cannot be reduced to once and repeated directions",
            ),
            (
                "aW",
                "unsupported betza modifier `a` (multi-leg move) at position 0: it cannot be reduced to once and repeated directions",
            ),
            ("wK", "unknown betza modifier `w` at position 0"),
            (
                "L",
                "ambiguous betza atom `L` at position 0: it means different leaps in different sources; give the directions explicitly",
            ),
            (
                "NJ",
                "ambiguous betza atom `J` at position 1: it means different leaps in different sources; give the directions explicitly",
            ),
            ("X", "unknown betza atom `X` at position 0"),
            ("3W", "unexpected `3` at position 0 in betza notation"),
            (
                "Wf",
                "betza modifiers at position 1 are not followed by an atom",
            ),
            (
                "RR",
                "betza atom `R` at position 0 cannot be doubled here (only leaper atoms without a range double into riders)",
            ),
            (
                "NN2",
                "betza atom `N` at position 0 cannot be doubled here (only leaper atoms without a range double into riders)",
            ),
            (
                "W99999999999",
                "betza range `99999999999` at position 1 is too large",
            ),
            (
                "hN",
                "betza modifier `h` at position 0 needs `l` or `r` next to it",
            ),
            (
                "vF",
                "betza modifiers `v` select no move of `F` at position 0",
            ),
            (
                "KrhW",
                "betza modifiers `rh` select no move of `W` at position 1",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), message, "{text:?}");
        }
    }
}
