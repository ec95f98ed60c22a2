//! FEN and EPD lines from arbitrary bytes: never a panic; a position that reads
//! writes a FEN that reads back as the same position.
#![no_main]

use kibitz::Position;
use kibitz_scan::mate::parse_fen_line;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for parsed in [
        Position::from_fen(&text).map_err(|e| e.to_string()),
        parse_fen_line(&text),
    ] {
        if let Ok(pos) = parsed {
            let fen = pos.fen();
            let again = Position::from_fen(&fen).expect("a written FEN reads back");
            assert_eq!(again, pos, "{fen}");
            assert_eq!(again.fen(), fen);
        }
    }
});
