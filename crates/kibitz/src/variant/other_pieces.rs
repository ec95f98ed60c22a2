//! Fairy-Stockfish's built-ins that are another built-in with other pieces, board
//! or drops, as its `variant.cpp` defines them: `fairy` (chess with five more
//! pieces, its endgame pseudo-variant), `paradigm` (bishops that also leap as
//! a lame knight), `georgian` (Amazon without castling or en passant),
//! `tencubed` (10 × 10 with champions and wizards), `opulent` (Grand Chess with
//! three more pieces), `capahouse` (Capablanca with crazyhouse drops) and
//! `dragon` (chess with a dragon in hand, dropped on the back rank).
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("capahouse")?;
//! let pos = VariantPosition::startpos(&v);
//! assert_eq!(pos.fen(), "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1");
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::rules::{DropRules, PieceDef, Rules, piece};

/// How a built-in of this family is made from its base.
type Derive = fn(&mut Rules) -> Result<(), VariantError>;

/// The built-in `name` of this family: the built-in it starts from and what it
/// changes; `None` for another name.
pub(crate) fn derived(name: &str) -> Option<(&'static str, Derive)> {
    Some(match name {
        "fairy" => ("chess", fairy),
        "paradigm" => ("chess", paradigm),
        "georgian" => ("amazon", georgian),
        "tencubed" => ("chess", tencubed),
        "opulent" => ("grand", opulent),
        "capahouse" => ("capablanca", capahouse),
        "dragon" => ("chess", dragon),
        _ => return None,
    })
}

/// The piece of White letter `letter` becomes `def`, keeping its type index (and
/// with it its promotion choice and limit).
fn replace(r: &mut Rules, letter: char, def: PieceDef) {
    if let Some(t) = r.type_of_letter(letter) {
        r.pieces[usize::from(t)] = def;
    }
}

/// Adds pieces with a promotion limit each (0: none).
fn add_limited(r: &mut Rules, pieces: &[(char, &str, &str)], limit: u8) {
    for &(letter, name, betza) in pieces {
        let t = r.add_piece(piece(letter, name, betza));
        r.promotion_limit[usize::from(t)] = limit;
    }
}

fn fairy(r: &mut Rules) -> Result<(), VariantError> {
    add_limited(
        r,
        &[
            ('S', "silver", "FfW"),
            ('F', "fers", "F"),
            ('A', "archbishop", "BN"),
            ('C', "chancellor", "RN"),
            ('M', "commoner", "K"),
        ],
        0,
    );
    Ok(())
}

fn paradigm(r: &mut Rules) -> Result<(), VariantError> {
    // The bishop's slot: it stays a promotion choice.
    replace(r, 'B', piece('B', "paradigm bishop", "BnN"));
    Ok(())
}

fn georgian(r: &mut Rules) -> Result<(), VariantError> {
    r.start_fen = "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1".to_string();
    r.castling = None;
    r.en_passant = false;
    Ok(())
}

fn tencubed(r: &mut Rules) -> Result<(), VariantError> {
    r.resize(10, 10)?;
    add_limited(
        r,
        &[
            ('A', "archbishop", "BN"),
            ('M', "chancellor", "RN"),
            ('C', "champion", "DAW"),
            ('W', "wizard", "CF"),
        ],
        0,
    );
    r.start_fen =
        "2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1"
            .to_string();
    r.set_promotions("AMQ");
    r.promotion_ranks = [1 << 9, 1];
    r.double_step = [1 << 2, 1 << 7];
    r.castling = None;
    Ok(())
}

fn opulent(r: &mut Rules) -> Result<(), VariantError> {
    // The knight's slot (a promotion choice up to two) becomes the knight-wazir.
    replace(r, 'N', piece('N', "knight-wazir", "NW"));
    add_limited(r, &[('W', "wizard", "CF"), ('L', "lion", "FDH")], 2);
    r.start_fen =
        "rw6wr/clbnqknbla/pppppppppp/10/10/10/10/PPPPPPPPPP/CLBNQKNBLA/RW6WR w - - 0 1".to_string();
    r.set_promotions("ACQRBNWL");
    Ok(())
}

fn capahouse(r: &mut Rules) -> Result<(), VariantError> {
    r.start_fen =
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1".to_string();
    r.drops = DropRules::CRAZYHOUSE;
    Ok(())
}

fn dragon(r: &mut Rules) -> Result<(), VariantError> {
    r.add_piece(piece('D', "dragon", "BN"));
    r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1".to_string();
    r.drops = DropRules {
        enabled: true,
        // White drops on the first rank, Black on the eighth.
        region: Some([1, 1 << 7]),
        ..DropRules::NONE
    };
    r.set_promotions("DQRBN");
    Ok(())
}
