//! The FEN reader never panics: arbitrary strings, and valid FENs mutated by
//! deleting, inserting and replacing characters. Whatever it accepts must write
//! back to a FEN it reads again to the same position.

use kibitz::Position;
use proptest::prelude::*;

const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
];

/// Characters that appear in FENs, so mutations stay close to valid input.
const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0 9x";

fn check(text: &str) {
    if let Ok(pos) = Position::from_fen(text) {
        let fen = pos.fen();
        let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{text:?} -> {fen:?}: {e}"));
        assert_eq!(again, pos);
        assert_eq!(again.fen(), fen);
        // The position is usable: generating moves must not panic either.
        let _ = pos.legal_moves();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC{0,100}") {
        check(&text);
    }

    #[test]
    fn mutated_fens_never_panic(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec((0usize..3, any::<usize>(), any::<usize>()), 1..6),
    ) {
        let mut bytes = SEEDS[seed].as_bytes().to_vec();
        for (kind, at, ch) in edits {
            let at = at % (bytes.len() + 1);
            let ch = ALPHABET[ch % ALPHABET.len()];
            match kind {
                0 if at < bytes.len() => { bytes.remove(at); }
                1 => bytes.insert(at, ch),
                _ if at < bytes.len() => bytes[at] = ch,
                _ => {}
            }
        }
        check(&String::from_utf8_lossy(&bytes));
    }
}
