//! Fairy-Stockfish's built-ins that are another built-in with other pieces, board
//! or drops, as its `variant.cpp` defines them: `fairy` (chess with five more
//! pieces, its endgame pseudo-variant), `paradigm` (bishops that also leap as
//! a lame knight), `georgian` (Amazon without castling or en passant),
//! `tencubed` (10 × 10 with champions and wizards), `opulent` (Grand Chess with
//! three more pieces), `capahouse` (Capablanca with crazyhouse drops),
//! `dragon` (chess with a dragon in hand, dropped on the back rank) and `wolf`
//! (Wolf chess: 8 × 10, sergeants that promote as pawns do, and a pawn that may
//! also promote to an elephant, written `+P` in the FEN).
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
        "wolf" => ("chess", wolf),
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

/// Wolf chess (Fairy-Stockfish's `wolf`): 8 × 10 without knights, with the
/// wolf (chancellor), the fox (archbishop), the nightrider and the elephant
/// (nightrider and queen); sergeants step as a king forward and double-step
/// from where pawns do, and promote as pawns do. A pawn reaching the last rank
/// may also become an elephant shogi-style (UCI `a9a10+`, FEN `+P`, SAN
/// `a10=E` as Fairy-Stockfish writes it). Double steps also from b3, c3, f3,
/// g3 (b8, c8, f8, g8); only pawns take en passant; no castling.
fn wolf(r: &mut Rules) -> Result<(), VariantError> {
    r.resize(8, 10)?;
    if let Some(n) = r.type_of_letter('N') {
        r.pieces.remove(usize::from(n));
        r.promotion_limit.remove(usize::from(n));
    }
    r.castling = None;
    r.add_piece(piece('W', "wolf", "RN"));
    r.add_piece(piece('F', "fox", "BN"));
    let sergeant = super::regions::fsf_betza("fKifmnD");
    r.add_piece(piece('S', "sergeant", &sergeant));
    r.add_piece(piece('N', "nightrider", "NN"));
    r.add_piece(piece('E', "elephant", "NNQ"));
    r.start_fen =
        "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1".to_string();
    r.set_promotions("QWFRB");
    r.promotion_ranks = [1 << 9, 1];
    r.double_step = [0, 0];
    let region =
        |text: &str| super::regions::parse_region(r.size, text).map_err(VariantError::Definition);
    r.regions.double_step_squares = [
        Some(region("*2 b3 c3 f3 g3")?),
        Some(region("*9 b8 c8 f8 g8")?),
    ];
    let pawns = Some(vec!['P', 'S']);
    r.pawn_keys.promotion[0] = pawns.clone();
    r.pawn_keys.n_move[0] = pawns;
    r.pawn_keys.en_passant[0] = Some(vec!['P']);
    r.shogi.promotions.push(('P', Some('E')));
    r.shogi.san_as_moved = true;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantPosition};

    /// Fairy-Stockfish's `go perft` from Wolf chess's start (`setoption name
    /// UCI_Variant value wolf`: 23, 529, 13,722; depth 4 is 353,804).
    #[test]
    fn wolf_perft_from_the_start() {
        let v = Variant::builtin("wolf").unwrap();
        let pos = VariantPosition::startpos(&v);
        for (depth, n) in [(1, 23), (2, 529), (3, 13_722)] {
            assert_eq!(pos.perft(depth), n, "perft {depth}");
        }
    }

    /// pyffish 0.0.90: a pawn on the last rank promotes to each choice once and
    /// to the elephant shogi-style (`+`, FEN `+P`, SAN `=E`).
    #[test]
    fn a_wolf_pawn_promotes_to_its_choices_and_the_elephant() {
        let v = Variant::builtin("wolf").unwrap();
        let mut pos = VariantPosition::from_fen(&v, "2k5/P7/8/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let mut got: Vec<(String, String)> = pos
            .legal_moves()
            .iter()
            .filter(|m| pos.uci(m).starts_with("a9"))
            .map(|m| (pos.uci(m), pos.san(m)))
            .collect();
        got.sort();
        let want = [
            ("a9a10+", "a10=E+"),
            ("a9a10b", "a10=B"),
            ("a9a10f", "a10=F"),
            ("a9a10q", "a10=Q+"),
            ("a9a10r", "a10=R+"),
            ("a9a10w", "a10=W+"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(u, s)| (u.to_string(), s.to_string()))
            .collect();
        assert_eq!(got, want);
        pos.play_uci("a9a10+").unwrap();
        assert_eq!(pos.fen(), "+P1k5/8/8/8/8/8/8/8/8/K7 b - - 0 1");
        pos.play_uci("c10d9").unwrap();
        let mv = pos.parse_uci("a10a3").unwrap();
        assert_eq!(pos.san(&mv), "Ea3+");
    }

    /// pyffish 0.0.90: a sergeant's double step leaves its square and the one
    /// passed as en-passant squares, kept when the FEN is read back; a pawn
    /// takes the sergeant en passant.
    #[test]
    fn a_sergeant_double_step_is_taken_en_passant_after_a_fen() {
        let v = Variant::builtin("wolf").unwrap();
        let fen = "k7/8/8/Ps6/8/8/8/8/8/7K w - b7b8 0 2";
        let mut pos = VariantPosition::from_fen(&v, fen).unwrap();
        assert_eq!(pos.fen(), fen);
        pos.play_uci("a7b8").unwrap();
        assert_eq!(pos.fen(), "k7/8/1P6/8/8/8/8/8/8/7K b - - 0 2");
    }
}
