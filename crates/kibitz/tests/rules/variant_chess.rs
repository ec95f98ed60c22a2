//! The `chess` variant against the orthodox `Position`: move for move, check,
//! game end, SAN and perft, on `perft.epd` (read through `KIBITZ_TEST_DATA`) and
//! on positions from seeded random games.

use std::collections::BTreeSet;

use kibitz::variant::{Variant, VariantOutcome, VariantPosition};
use kibitz::{Position, perft};

fn orthodox_moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.uci()).collect()
}

fn variant_moves(pos: &VariantPosition) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| pos.uci(m)).collect()
}

/// Compares one position in every respect the two engines share.
fn agree(orthodox: &Position, pos: &VariantPosition, context: &str) {
    assert_eq!(
        orthodox_moves(orthodox),
        variant_moves(pos),
        "{context}: moves of {}",
        orthodox.fen()
    );
    assert_eq!(
        orthodox.is_check(),
        pos.is_check(),
        "{context}: check in {}",
        orthodox.fen()
    );
    let outcome = pos.outcome();
    assert_eq!(
        orthodox.is_checkmate(),
        matches!(outcome, Some(VariantOutcome::Checkmate(_))),
        "{context}"
    );
    assert_eq!(
        orthodox.is_stalemate(),
        matches!(outcome, Some(VariantOutcome::Stalemate(_))),
        "{context}"
    );
    let again = VariantPosition::from_fen(pos.variant(), &pos.fen()).unwrap();
    assert_eq!(&again, pos, "{context}: FEN round trip of {}", pos.fen());
}

/// `(id, fen, [(depth, nodes)])`: one entry of perft.epd.
type Entry = (String, String, Vec<(u32, u64)>);

/// The entries of perft.epd.
fn perft_entries() -> Option<Vec<Entry>> {
    let text = kibitz_testdata::text("perft.epd")?;
    let mut out: Vec<Entry> = Vec::new();
    for line in text.lines() {
        let (key, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        match key {
            "id" => out.push((rest.to_string(), String::new(), Vec::new())),
            "epd" => out.last_mut().unwrap().1 = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap();
                out.last_mut()
                    .unwrap()
                    .2
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => {}
        }
    }
    Some(out)
}

#[test]
fn perft_epd_agrees_with_the_published_counts_and_the_orthodox_engine() {
    let Some(entries) = perft_entries() else {
        return;
    };
    let chess = Variant::builtin("chess").unwrap();
    for (id, fen, counts) in entries {
        let orthodox = Position::from_fen(&fen).unwrap();
        let pos = VariantPosition::from_fen(&chess, &fen).unwrap();
        agree(&orthodox, &pos, &id);
        for mv in orthodox.legal_moves().iter() {
            let mut o = orthodox.clone();
            o.play(*mv).unwrap();
            let mut p = pos.clone();
            p.play_uci(&mv.uci()).unwrap();
            agree(&o, &p, &format!("{id} after {}", mv.uci()));
        }
        for (depth, nodes) in counts {
            if nodes > 1_000_000 {
                continue;
            }
            assert_eq!(pos.perft(depth), nodes, "{id} perft {depth}");
            assert_eq!(
                perft(&orthodox, depth),
                nodes,
                "{id} orthodox perft {depth}"
            );
        }
    }
}

#[test]
fn seeded_random_games_agree_move_for_move() {
    let chess = Variant::builtin("chess").unwrap();
    let mut seed: u64 = 0x00c0_ffee;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut plies = 0;
    for game in 0..150 {
        let mut orthodox = Position::startpos();
        let mut pos = VariantPosition::startpos(&chess);
        for ply in 0..120 {
            let context = format!("game {game} ply {ply}");
            agree(&orthodox, &pos, &context);
            let moves = orthodox.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            let vmv = pos.parse_uci(&mv.uci()).unwrap();
            assert_eq!(
                pos.san(&vmv),
                kibitz::notation::san(&orthodox, mv),
                "{context}: SAN in {}",
                orthodox.fen()
            );
            if ply % 16 == 5 {
                assert_eq!(
                    pos.perft(2),
                    perft(&orthodox, 2),
                    "{context}: perft 2 of {}",
                    orthodox.fen()
                );
            }
            orthodox.play(mv).unwrap();
            pos.play(&vmv).unwrap();
            plies += 1;
        }
    }
    assert!(plies > 5000, "{plies} plies played");
}

#[test]
fn mates_in_one_agree_with_the_orthodox_engine() {
    let chess = Variant::builtin("chess").unwrap();
    for fen in [
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
        "6k1/8/8/8/8/8/r4PPP/6K1 b - - 0 1",
    ] {
        let orthodox = Position::from_fen(fen).unwrap();
        let pos = VariantPosition::from_fen(&chess, fen).unwrap();
        let mut expected: Vec<String> = orthodox
            .legal_moves()
            .iter()
            .filter(|m| orthodox.after(**m).is_checkmate())
            .map(|m| m.uci())
            .collect();
        let mut got: Vec<String> = pos.mates_in_one().iter().map(|m| pos.uci(m)).collect();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{fen}");
        assert!(!got.is_empty(), "{fen} has a mate");
    }
}
