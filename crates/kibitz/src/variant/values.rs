//! Piece values for a variant's search, derived from how far each piece reaches:
//! the piece-mobility seed's strength, measured on the variant's own board.
//!
//! A piece is worth what it attacks. Its empty-board strength overrates the long
//! riders, whose lines a real position blocks, so the measure is the expected
//! number of squares it reaches when every other square is occupied with
//! probability 0.3 ([`Piece::crowded`](crate::mobility::Piece::crowded), p = 0.7
//! empty). Only that part of a piece's moves counts that captures, plus half of
//! what only moves (`m`) and half of what only captures (`c`), hops or leaps lame.
//!
//! The measure is then scaled so that the knight is worth 300 and the queen 900
//! on any board: value = 300 × (measure / knight's)^k with k = ln 3 /
//! ln(queen's / knight's). On 8 × 8 this gives the bishop 344 and the rook 487,
//! near the classical 330 and 500; pieces of the Capablanca family land between rook and queen. The
//! pawn is worth 100 (its value is its promotion, which mobility does not see)
//! and the royal piece 0 (it is never traded).
//!
//! ```
//! use kibitz::variant::{Variant, values::piece_values};
//! let v = Variant::builtin("capablanca")?;
//! let values = piece_values(&v);
//! let value = |letter: char| values[v.pieces().iter().position(|p| p.letter == letter).unwrap()];
//! assert_eq!((value('P'), value('N'), value('Q'), value('K')), (100, 300, 900, 0));
//! assert!(value('N') < value('B') && value('B') < value('R') && value('R') < value('Q'));
//! // The archbishop (BN) and the chancellor (RN) stand between rook and queen.
//! assert!(value('R') < value('A') && value('A') < value('C') && value('C') <= value('Q'));
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::definition::Variant;
use super::rules::{PieceKind, Rules};
use crate::mobility::betza::{BetzaComponent, parse_components};
use crate::mobility::{Board, Piece};

/// The chance that a square is empty, for the crowded mobility measure.
const EMPTY_CHANCE: f64 = 0.7;

/// The pawn's value, the unit of the scale.
pub const PAWN_VALUE: i32 = 100;
/// The knight's value on every board: the scale's lower anchor.
pub const KNIGHT_VALUE: i32 = 300;
/// The queen's value on every board: the scale's upper anchor.
pub const QUEEN_VALUE: i32 = 900;

/// Fairy-Stockfish's knight in its middlegame and endgame units: the two
/// scales' common anchor for `pieceValueMg` and `pieceValueEg`.
const FSF_KNIGHT: [i32; 2] = [781, 854];

/// Reads `pieceValueMg` or `pieceValueEg` (`letter:value` pairs); false for
/// another key.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    let phase = match key {
        "pieceValueMg" => 0,
        "pieceValueEg" => 1,
        _ => return Ok(false),
    };
    for token in value.split_whitespace() {
        let bad = || format!("`{token}` is not letter:value (`a:2200`)");
        let (letter, number) = token.split_once(':').ok_or_else(bad)?;
        let mut chars = letter.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => return Err(bad()),
        };
        let number: i32 = number
            .parse()
            .ok()
            .filter(|v| (0..=1_000_000).contains(v))
            .ok_or_else(bad)?;
        if rules.type_of_letter(letter).is_none() {
            return Err(format!(
                "`{token}`: no piece `{}`",
                letter.to_ascii_lowercase()
            ));
        }
        match rules.piece_values.iter_mut().find(|(l, _)| *l == letter) {
            Some((_, v)) => v[phase] = Some(number),
            None => {
                let mut v = [None, None];
                v[phase] = Some(number);
                rules.piece_values.push((letter, v));
            }
        }
    }
    Ok(true)
}

/// A value given in Fairy-Stockfish's units, on this module's scale.
fn from_fsf_units(given: [Option<i32>; 2]) -> Option<i32> {
    let scaled: Vec<f64> = given
        .iter()
        .zip(FSF_KNIGHT)
        .filter_map(|(v, knight)| {
            v.map(|v| f64::from(v) * f64::from(KNIGHT_VALUE) / f64::from(knight))
        })
        .collect();
    (!scaled.is_empty()).then(|| (scaled.iter().sum::<f64>() / scaled.len() as f64).round() as i32)
}

/// The value of each of the variant's piece types, by type index (the order of
/// [`Variant::pieces`]), in centipawns: the section's `pieceValueMg` and
/// `pieceValueEg` where given, else measured.
///
/// ```
/// use kibitz::variant::{ini, values::piece_values};
/// let v = &ini::parse("[strongknights:chess]\npieceValueMg = n:1562\n")?[0];
/// assert_eq!(piece_values(v)[1], 600); // twice Fairy-Stockfish's knight
/// # Ok::<(), ini::IniError>(())
/// ```
pub fn piece_values(variant: &Variant) -> Vec<i32> {
    let mut values = measured_values(variant);
    for (letter, given) in &variant.rules.piece_values {
        if let (Some(t), Some(v)) = (
            variant.rules.type_of_letter(*letter),
            from_fsf_units(*given),
        ) {
            values[usize::from(t)] = v;
        }
    }
    values
}

/// The values measured from the pieces' reach (the module docs).
fn measured_values(variant: &Variant) -> Vec<i32> {
    let files = u64::from(variant.files());
    let ranks = u64::from(variant.ranks());
    let Ok(board) = Board::new(files, ranks) else {
        return variant.pieces().iter().map(|_| KNIGHT_VALUE).collect();
    };
    let measure = |betza: &str| reach(betza, board);
    // Both anchors are measured on this board, so that a small board's knight
    // and queen keep their values while their reach shrinks.
    let knight = measure("N").unwrap_or(1.0).max(1e-6);
    let queen = measure("Q").unwrap_or(knight * 3.0).max(knight * 1.01);
    let exponent = 3f64.ln() / (queen / knight).ln();
    variant
        .pieces()
        .iter()
        .map(|def| match def.kind {
            PieceKind::Pawn => PAWN_VALUE,
            PieceKind::King => 0,
            PieceKind::Other => match measure(&def.betza) {
                Some(m) if m > 0.0 => {
                    let v = f64::from(KNIGHT_VALUE) * (m / knight).powf(exponent);
                    v.round().clamp(10.0, 100_000.0) as i32
                }
                // A piece that cannot move is worth little; one whose Betza the
                // measure cannot read is taken as a minor piece.
                Some(_) => 10,
                None => KNIGHT_VALUE,
            },
        })
        .collect()
}

/// The crowded reach of a Betza piece on `board`: each component's reach,
/// weighted by how it may be used (see the module docs). None when the Betza
/// does not read.
fn reach(betza: &str, board: Board) -> Option<f64> {
    let components = parse_components(betza).ok()?;
    let mut total = 0.0;
    for c in &components {
        total += weight(c) * component_reach(c, board)?;
    }
    Some(total)
}

/// How much of a component's reach counts: all of it for a piece that moves
/// and captures the same way, half for a move-only or capture-only part, a
/// hopper or a lame leaper, a tenth for a move from the initial square only.
fn weight(c: &BetzaComponent) -> f64 {
    let mut w = if c.moves && c.captures { 1.0 } else { 0.5 };
    if c.hop.is_some() || c.lame {
        w *= 0.5;
    }
    if c.initial {
        w *= 0.2;
    }
    w
}

fn component_reach(c: &BetzaComponent, board: Board) -> Option<f64> {
    let mut piece = Piece::new();
    for &d in &c.directions {
        match c.range {
            None => piece.add_once(d),
            Some(range) => piece.add_rider(d, range),
        }
    }
    piece.crowded(board, EMPTY_CHANCE).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values_of(name: &str) -> Vec<(char, i32)> {
        let v = Variant::builtin(name).unwrap();
        let values = piece_values(&v);
        v.pieces().iter().map(|p| p.letter).zip(values).collect()
    }

    #[test]
    fn chess_pieces_are_ordered_as_every_player_orders_them() {
        let values = values_of("chess");
        let value = |l: char| values.iter().find(|(c, _)| *c == l).unwrap().1;
        assert_eq!(value('P'), 100);
        assert_eq!(value('N'), 300);
        assert_eq!(value('Q'), 900);
        assert_eq!(value('K'), 0);
        assert!((320..=420).contains(&value('B')), "{values:?}");
        assert!((450..=600).contains(&value('R')), "{values:?}");
    }

    #[test]
    fn a_sections_piece_values_take_precedence_and_bad_ones_are_named() {
        use crate::variant::ini;
        let v =
            &ini::parse("[x:capablanca]\npieceValueMg = a:2200 c:2300\npieceValueEg = a:2200\n")
                .unwrap()[0];
        let values = piece_values(v);
        let value = |l: char| values[v.pieces().iter().position(|p| p.letter == l).unwrap()];
        // a: the middlegame's 2200 × 300/781 and the endgame's 2200 × 300/854, averaged.
        assert_eq!(value('A'), 809);
        assert_eq!(value('C'), 883); // 2300 × 300/781
        assert_eq!(value('N'), 300);
        for (bad, named) in [
            ("pieceValueMg = z:100", "no piece `z`"),
            ("pieceValueMg = n100", "`n100`"),
            ("pieceValueEg = n:-5", "`n:-5`"),
        ] {
            let err = ini::parse(&format!("[x:chess]\n{bad}\n"))
                .unwrap_err()
                .to_string();
            assert!(err.contains(named) && err.contains("line 2"), "{err}");
        }
    }

    #[test]
    fn every_builtin_gets_a_value_for_every_piece() {
        for name in Variant::builtin_names() {
            let values = values_of(name);
            assert!(
                values.iter().all(|&(_, v)| (0..=100_000).contains(&v)),
                "{name}: {values:?}"
            );
        }
    }

    #[test]
    fn a_cannon_is_worth_less_than_a_rook_and_the_nightrider_more_than_the_knight() {
        let shako = values_of("shako");
        let value = |l: char| shako.iter().find(|(c, _)| *c == l).unwrap().1;
        assert!(value('C') < value('R'), "{shako:?}");
        let nightrider = values_of("nightrider");
        let n = nightrider.iter().find(|(c, _)| *c == 'N').unwrap().1;
        assert!(n > 300, "{nightrider:?}");
    }
}
