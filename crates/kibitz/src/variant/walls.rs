//! Wall squares, as Fairy-Stockfish has them: `*` in a FEN's board field
//! (outside Musketeer's gating rows, where `*` is an empty cell) is a square
//! no piece stands on, enters or rides through. A slider stops before it, a
//! leaper does not land on it (it may leap over it), a lame leaper and a pawn's
//! double step are blocked by it, a hopper may hop over it (it is occupied),
//! nothing is dropped on it and castling does not pass it. It is written back
//! as `*`. Walls belong to the position, not the variant (Gustav III's chess,
//! Omicron and Troitzky chess have them in their start positions), and stay
//! where they are for the game, but where a variant's moves put walls
//! ([`super::walling`]: the Amazons' arrows, Duck chess's duck).
//!
//! On the board a wall is the code [`WALL`](super::state::WALL), beside the
//! set [`State::walls`](super::state::State); the readers of the board that
//! take an occupied square for a piece test for it.

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantError, VariantPosition};

    fn moves(pos: &VariantPosition) -> Vec<String> {
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    fn position(variant: &str, fen: &str) -> VariantPosition {
        let v = Variant::builtin(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
        VariantPosition::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    // The move lists below are pyffish 0.0.90's (`legal_moves`) for the same FENs.

    #[test]
    fn a_wall_is_read_and_written_back_as_a_star() {
        for (variant, fen) in [
            ("chess", "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1"),
            ("chess", "*2k3*/8/8/8/8/8/8/*3K2* b - - 3 9"),
            ("crazyhouse", "4k3/8/8/8/8/8/8/****K3[N] w - - 0 1"),
            (
                "shogi",
                "lnsgkgsnl/1r5b1/ppppppppp/9/4*4/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
            ),
            ("xiangqi", "5k3/9/9/9/4*4/9/9/4C4/9/3K5 w - - 0 1"),
        ] {
            let pos = position(variant, fen);
            let again = position(variant, &pos.fen());
            assert_eq!(again.fen(), pos.fen(), "{variant}");
            assert!(pos.fen().contains('*'), "{variant}: {}", pos.fen());
            assert_eq!(
                pos.walls().count() as usize,
                fen.split(' ').next().map_or(0, |b| b.matches('*').count())
            );
        }
        let pos = position("chess", "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1");
        assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1");
        assert_eq!(pos.piece_at(3), None);
    }

    #[test]
    fn a_rider_stops_before_a_wall_and_takes_none() {
        let pos = position("chess", "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1");
        let all = moves(&pos);
        assert_eq!(all.len(), 13);
        assert!(all.contains(&"a1c1".to_string()));
        assert!(!all.iter().any(|m| m.ends_with("d1")));
        // The rook's move next to the wall plays and writes the wall back.
        let mut next = pos.clone();
        next.play_uci("a1c1").unwrap();
        assert_eq!(next.fen(), "4k3/8/8/8/8/8/8/2R*K3 b - - 1 1");
    }

    #[test]
    fn a_leaper_jumps_over_walls_but_lands_on_none() {
        // The knight's two squares are walls: it has no move.
        let pos = position("chess", "4k3/8/8/8/8/1*6/2*5/N3K3 w - - 0 1");
        assert_eq!(moves(&pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
        // Over a wall: b1 to a3, c3 and d2 with walls on b2 and c2.
        let pos = position("chess", "4k3/8/8/8/8/8/1**5/1N2K3 w - - 0 1");
        let knight: Vec<String> = moves(&pos)
            .into_iter()
            .filter(|m| m.starts_with("b1"))
            .collect();
        assert_eq!(knight, ["b1a3", "b1c3", "b1d2"]);
    }

    #[test]
    fn pawns_are_blocked_by_walls() {
        let pos = position("chess", "4k3/8/8/8/8/4*3/4P3/4K3 w - - 0 1");
        assert_eq!(moves(&pos), ["e1d1", "e1d2", "e1f1", "e1f2"]);
        let pos = position("chess", "4k3/8/8/8/4*3/8/4P3/4K3 w - - 0 1");
        assert_eq!(moves(&pos), ["e1d1", "e1d2", "e1f1", "e1f2", "e2e3"]);
        // No capture of a wall either.
        let pos = position("chess", "4k3/8/8/8/8/3*1*2/4P3/4K3 w - - 0 1");
        assert!(!moves(&pos).iter().any(|m| m == "e2d3" || m == "e2f3"));
    }

    #[test]
    fn a_wall_shields_the_king_and_blocks_castling() {
        // The rook behind the wall on e7 gives no check.
        let pos = position("chess", "4k3/4*3/8/8/8/8/8/4R1K1 b - - 0 1");
        assert!(!pos.is_check());
        assert_eq!(moves(&pos), ["e8d7", "e8d8", "e8f7", "e8f8"]);
        let pos = position("chess", "r3k2r/8/8/8/8/8/8/R1*1K2R w KQkq - 0 1");
        let all = moves(&pos);
        assert_eq!(all.len(), 23);
        assert!(all.contains(&"e1g1".to_string()) && !all.contains(&"e1c1".to_string()));
        assert_eq!(pos.perft(1), 23);
    }

    #[test]
    fn a_hopper_hops_over_a_wall_and_nothing_is_dropped_on_one() {
        // The cannon checks over the wall on e6.
        let pos = position("xiangqi", "4k4/9/9/9/4*4/9/9/4C4/9/3K5 b - - 0 1");
        assert!(pos.is_check());
        let pos = position("crazyhouse", "4k3/8/8/8/8/8/8/****K3[N] w - - 0 1");
        let all = moves(&pos);
        assert_eq!(all.len(), 62);
        assert!(
            !all.iter()
                .any(|m| m.starts_with("N@") && m.ends_with('1') && m < &"N@e".to_string())
        );
        assert_eq!(pos.perft(1), 62);
        assert_eq!(
            pos.perft(2),
            pos.legal_moves()
                .iter()
                .map(|m| {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    next.legal_moves().len() as u64
                })
                .sum::<u64>()
        );
    }

    #[test]
    fn a_row_with_walls_past_its_files_is_a_typed_error() {
        let v = Variant::builtin("chess").unwrap();
        let err = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/R2*K3** w - - 0 1").unwrap_err();
        assert!(matches!(err, VariantError::Fen { .. }), "{err}");
        assert!(err.to_string().contains("more than 8 files"), "{err}");
        // `+*` is no promoted piece.
        let v = Variant::builtin("shogi").unwrap();
        let err = VariantPosition::from_fen(
            &v,
            "lnsgkgsnl/1r5b1/ppppppppp/9/4+*4/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
        )
        .unwrap_err();
        assert!(matches!(err, VariantError::Fen { .. }), "{err}");
    }
}
