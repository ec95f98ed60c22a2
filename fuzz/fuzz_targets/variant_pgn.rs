//! One game of any variant from arbitrary bytes (`kibitz::board::pgn`, the
//! WebAssembly module's `readGamePGN`): never a panic, an error naming a line of
//! the input, and a game read replays: each of its moves is legal where it
//! stands, and its UCI reads back as the same move.
#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;

use kibitz::CastlingMode;
use kibitz::board::pgn::{read_first_game, variant_tag_name};
use kibitz::board::{Board, GameRules};
use kibitz::variant::Variant;
use libfuzzer_sys::fuzz_target;

thread_local! {
    // A variant's tables take milliseconds to build: each name once per process.
    static BUILT: RefCell<HashMap<String, Result<Variant, String>>> = RefCell::new(HashMap::new());
}

fn rules(tag: Option<&str>) -> Result<GameRules, String> {
    let (name, chess960) = variant_tag_name(tag.unwrap_or(""));
    let variant = if name == "chess" {
        None
    } else {
        let built = BUILT.with_borrow_mut(|built| {
            built
                .entry(name.clone())
                .or_insert_with(|| Variant::builtin(&name).map_err(|e| e.to_string()))
                .clone()
        });
        Some(built?)
    };
    GameRules::new(variant, CastlingMode::from_chess960(chess960)).map_err(|e| e.to_string())
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.matches('\n').count() + 1;
    match read_first_game(&text, rules) {
        Ok(game) => {
            let mut pos = game.start().clone();
            for (&mv, uci) in game.moves().iter().zip(game.uci_moves()) {
                assert!(pos.legal_moves().contains(&mv), "an illegal move kept");
                assert_eq!(pos.parse_move(&uci).ok(), Some(mv), "{uci} does not read back");
                pos.play_unchecked(mv);
            }
        }
        Err(e) => assert!(e.line <= lines, "{e}"),
    }
});
