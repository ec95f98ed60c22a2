//! PGN (and FEN/CSV) batches of arbitrary bytes through the whole batch edge: no
//! panic, and the records do not depend on the chunk size or the thread count.
#![no_main]

use std::io::Cursor;

use kibitz_scan::detect::Format;
use kibitz_scan::games::GameList;
use kibitz_scan::mate::MateScan;
use kibitz_scan::source::Input;
use kibitz_scan::{Options, run};
use libfuzzer_sys::fuzz_target;

fn records(text: &[u8], threads: usize, chunk_bytes: usize, pgn_list: bool) -> (Vec<u8>, Vec<u8>) {
    let input = Input::from_reader("fuzz", Cursor::new(text.to_vec()), None).expect("in memory");
    let options = Options {
        threads,
        chunk_bytes,
        // Small, so that records past the limit (skipped, reported) are met too.
        max_record: 2048,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let scan = MateScan {
        json: true,
        threats: true,
        ..MateScan::default()
    };
    let list = GameList { json: true };
    let totals = run(
        input,
        &options,
        |head| {
            if pgn_list {
                Format::Pgn
            } else {
                Format::detect(head)
            }
        },
        |name, format, chunk| {
            if pgn_list {
                list.chunk(name, chunk)
            } else {
                scan.chunk(name, format, chunk)
            }
        },
        |scanned, before, _| scanned.out.write(&mut out, &mut err, before),
    )
    .expect("writing to memory cannot fail");
    let _ = totals;
    (out, err)
}

fuzz_target!(|data: &[u8]| {
    let Some((&knobs, text)) = data.split_first() else {
        return;
    };
    let pgn_list = knobs & 1 == 1;
    let whole = records(text, 1, 1 << 20, pgn_list);
    let cut = records(text, 2, 1 + (knobs >> 1) as usize, pgn_list);
    assert!(whole == cut, "records depend on the chunk size");
});
