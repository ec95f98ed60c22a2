//! FEN and EPD lines from arbitrary bytes, read as orthodox chess and as a
//! variant by the batch commands' one line reader: never a panic; a position that
//! reads writes a FEN that reads back as the same position.
#![no_main]

use kibitz::Position;
use kibitz::board::{Board, GameRules};
use kibitz::variant::Variant;
use kibitz_scan::reader::fen_line;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// The variant's tables, built once for the whole run.
static CAPABLANCA: OnceLock<Variant> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(pos) = Position::from_fen(&text) {
        let fen = pos.fen();
        let again = Position::from_fen(&fen).expect("a written FEN reads back");
        assert_eq!(again, pos, "{fen}");
        assert_eq!(again.fen(), fen);
    }
    let capablanca =
        CAPABLANCA.get_or_init(|| Variant::builtin("capablanca").expect("a built-in variant"));
    for rules in [GameRules::chess(), GameRules::variant(capablanca.clone())] {
        if let Some(Ok(entry)) = fen_line(&rules, 1, data) {
            let fen = entry.position.fen();
            let again = rules.position(&fen).expect("a written FEN reads back");
            assert_eq!(again, entry.position, "{fen}");
            assert_eq!(again.fen(), fen);
        }
    }
});
