//! Twins: the changes `twin` makes to a problem's diagram (Popeye's twinnings,
//! `input/plaintext/twin.c`; the squares as `position/board.c` turns them), the
//! labels Popeye gives twins, and the structured stipulations (`sstipulation`)
//! that are a plain stipulation written another way.

use crate::Color;

use super::Walk;
use super::problem::Diagram;

/// One twinning change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// `move a b`: the piece on a goes to b (what stood there is removed).
    Move(usize, usize),
    /// `exchange a b`: the pieces on a and b change places.
    Exchange(usize, usize),
    /// `remove a`.
    Remove(usize),
    /// `shift a b`: every piece moves by the step from a to b.
    Shift(usize, usize),
    /// `rotate`: this many quarter turns to the left (90 degrees: a1 to h1).
    Rotate(usize),
    /// `mirror`, by its index in Popeye's list (`a1<-->h1`, `a1<-->a8`,
    /// `a1<-->h8`, `a8<-->h1`).
    Mirror(usize),
    /// `PolishType`: every piece changes colour.
    Polish,
    /// `substitute p q`: every piece of kind p becomes a q.
    Substitute(Walk, Walk),
}

impl Change {
    /// Applies the change; an error (the board unchanged) when a square it
    /// needs is empty or a shift would take a piece off the board.
    pub(crate) fn apply(self, board: &mut Diagram) -> Result<(), &'static str> {
        let file_rank = |sq: usize| (sq % 8, sq / 8);
        let at = |f: usize, r: usize| r * 8 + f;
        match self {
            Change::Move(a, b) => {
                let piece = board[a]
                    .take()
                    .ok_or("no piece on the square to move from")?;
                board[b] = Some(piece);
            }
            Change::Exchange(a, b) => {
                if board[a].is_none() || board[b].is_none() {
                    return Err("both squares must hold a piece");
                }
                board.swap(a, b);
            }
            Change::Remove(a) => {
                board[a].take().ok_or("no piece on the square to remove")?;
            }
            Change::Shift(a, b) => {
                let ((fa, ra), (fb, rb)) = (file_rank(a), file_rank(b));
                let (df, dr) = (fb as isize - fa as isize, rb as isize - ra as isize);
                let mut out: Diagram = [None; 64];
                for (sq, piece) in board.iter().enumerate() {
                    let Some(piece) = piece else { continue };
                    let (f, r) = file_rank(sq);
                    let (f, r) = (f as isize + df, r as isize + dr);
                    if !(0..8).contains(&f) || !(0..8).contains(&r) {
                        return Err("a piece would leave the board");
                    }
                    out[at(f as usize, r as usize)] = Some(*piece);
                }
                *board = out;
            }
            Change::Rotate(turns) => {
                for _ in 0..turns {
                    let mut out: Diagram = [None; 64];
                    for (sq, piece) in board.iter().enumerate() {
                        let (f, r) = file_rank(sq);
                        out[at(7 - r, f)] = *piece;
                    }
                    *board = out;
                }
            }
            Change::Mirror(m) => {
                let mut out: Diagram = [None; 64];
                for (sq, piece) in board.iter().enumerate() {
                    let (f, r) = file_rank(sq);
                    let to = match m {
                        0 => at(7 - f, r),
                        1 => at(f, 7 - r),
                        2 => at(7 - r, 7 - f),
                        _ => at(r, f),
                    };
                    out[to] = *piece;
                }
                *board = out;
            }
            Change::Polish => {
                for (colour, _) in board.iter_mut().flatten() {
                    *colour = match colour {
                        Color::White => Color::Black,
                        Color::Black => Color::White,
                    };
                }
            }
            Change::Substitute(from, to) => {
                for (_, walk) in board.iter_mut().flatten() {
                    if walk.code() == from.code() {
                        *walk = to;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A twin's label as Popeye writes it: `a)` to `z)`, then `a1)`, `b1)`, ….
pub(crate) fn label(index: u32) -> String {
    let letter = char::from(b'a' + (index % 26) as u8);
    match index / 26 {
        0 => format!("{letter})"),
        n => format!("{letter}{n})"),
    }
}

/// The stipulation a structured stipulation (`sstipulation`, without its side)
/// writes another way, as text for [`Stipulation`](crate::problem::Stipulation)'s
/// parser, where it is one of Popeye's own synonyms (its manual,
/// `py-engl.txt`, "Branch types"): `Na[g]d` with N odd is `g(N+1)/2` (`3a[#]d`
/// is `#2`), `Nad[g]` with N even is `sg(N/2)` (`4ad[#]` is `s#2`), `Nhh[g]` or
/// `Nh[g]h` is `hg(N/2)` (`.5` when N is odd), `Ns[g]` is `ser-gN`. Forks,
/// nested branches, minimum lengths and logical operators have no such
/// synonym: None.
///
/// ```text
/// 3a[#]d -> #2     4ad[#] -> s#2     4hh[#] -> h#2     5h[#]h -> h#2.5     5s[#] -> ser-#5
/// ```
pub(crate) fn structured(text: &str) -> Option<String> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let n: u32 = text[..digits]
        .parse()
        .ok()
        .filter(|&n| (1..=400).contains(&n))?;
    let rest = &text[digits..];
    let open = rest.find('[')?;
    let close = rest.find(']')?;
    let (pre, goal, post) = (&rest[..open], &rest[open + 1..close], &rest[close + 1..]);
    if goal.is_empty() || goal.bytes().any(|b| b"[]/:|&!{}?".contains(&b)) {
        return None;
    }
    let (pre, post) = (pre.to_ascii_lowercase(), post.to_ascii_lowercase());
    match (pre.as_str(), post.as_str()) {
        ("a", "d") if n % 2 == 1 => Some(format!("{goal}{}", n.div_ceil(2))),
        ("ad", "") if n.is_multiple_of(2) => Some(format!("s{goal}{}", n / 2)),
        ("hh", "") | ("h", "h") if n.is_multiple_of(2) => Some(format!("h{goal}{}", n / 2)),
        ("hh", "") | ("h", "h") => Some(format!("h{goal}{}.5", n / 2)),
        ("s", "") => Some(format!("ser-{goal}{n}")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structured_stipulations_with_a_synonym() {
        for (s, want) in [
            ("3a[#]d", Some("#2")),
            ("4ad[#]", Some("s#2")),
            ("4hh[#]", Some("h#2")),
            ("5h[=]h", Some("h=2.5")),
            ("5hh[#]", Some("h#2.5")),
            ("5s[#]", Some("ser-#5")),
            ("4ad[x]", Some("sx2")),
            ("6hh[/2da[#]{!+}]", None),
            ("3:3a[#]d", None),
            ("3a[1a[#]d]d", None),
            ("4a[#]d", None),
            ("a[#]d", None),
            ("0hh[#]", None),
        ] {
            assert_eq!(structured(s).as_deref(), want, "{s}");
        }
    }

    #[test]
    fn labels_as_popeye_writes_them() {
        assert_eq!(label(0), "a)");
        assert_eq!(label(25), "z)");
        assert_eq!(label(26), "a1)");
    }

    #[test]
    fn rotations_and_mirrors_move_a1_where_popeye_moves_it() {
        let king = Walk::from_code("k").unwrap();
        let a1_to = |change: Change| {
            let mut board: Diagram = [None; 64];
            board[0] = Some((Color::White, king));
            change.apply(&mut board).unwrap();
            super::super::problem::square_name(board.iter().position(Option::is_some).unwrap())
        };
        assert_eq!(a1_to(Change::Rotate(1)), "h1");
        assert_eq!(a1_to(Change::Rotate(2)), "h8");
        assert_eq!(a1_to(Change::Rotate(3)), "a8");
        assert_eq!(a1_to(Change::Mirror(0)), "h1");
        assert_eq!(a1_to(Change::Mirror(1)), "a8");
        assert_eq!(a1_to(Change::Mirror(2)), "h8");
        assert_eq!(a1_to(Change::Mirror(3)), "a1");
        assert_eq!(a1_to(Change::Shift(0, 9)), "b2");
        let mut board: Diagram = [None; 64];
        board[7] = Some((Color::White, king));
        assert!(Change::Shift(0, 1).apply(&mut board).is_err());
        assert!(Change::Remove(0).apply(&mut board).is_err());
    }
}
