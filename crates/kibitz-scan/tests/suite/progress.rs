//! How far a batch says it is: the bytes whose records are written, not the bytes
//! the reader has read ahead (a progress bar at 100 % while a slow prover works on
//! the first positions was the bug).

use std::io::Cursor;

use kibitz_scan::detect::Format;
use kibitz_scan::scanned::Scanned;
use kibitz_scan::source::Input;
use kibitz_scan::{Options, run};

/// The `done` figure of every chunk of `bytes`, plain or gzip-compressed.
fn progress(bytes: Vec<u8>, chunk_bytes: usize) -> (Vec<u64>, u64) {
    let len = bytes.len() as u64;
    let input = Input::from_reader("test", Cursor::new(bytes), Some(len)).unwrap();
    let options = Options {
        threads: 1,
        chunk_bytes,
        ..Options::default()
    };
    let mut done = Vec::new();
    run(
        input,
        &options,
        |_| Format::Fen,
        |_, _, _| Scanned::default(),
        |_, _, at| {
            done.push(at);
            Ok(())
        },
    )
    .unwrap();
    (done, len)
}

fn lines() -> Vec<u8> {
    "8/8/8/8/8/8/8/K6k w - - 0 1\n".repeat(40_000).into_bytes()
}

#[test]
fn progress_follows_the_records_written_not_the_reader() {
    let (done, len) = progress(lines(), 4096);
    assert!(done.len() > 100, "{} chunks", done.len());
    assert!(done.windows(2).all(|w| w[0] <= w[1]), "never goes back");
    // The first chunk's records are about 4 KiB of the input, whatever was read ahead.
    assert!(
        done[0] <= 8192,
        "first chunk said {} of {len} bytes done",
        done[0]
    );
    assert_eq!(*done.last().unwrap(), len);
}

#[test]
fn compressed_progress_is_scaled_to_the_raw_bytes() {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&lines()).unwrap();
    let packed = gz.finish().unwrap();
    let (done, len) = progress(packed, 4096);
    assert!(done.windows(2).all(|w| w[0] <= w[1]), "never goes back");
    assert!(
        done[0] < len / 2,
        "first chunk said {} of {len} bytes done",
        done[0]
    );
    assert!(*done.last().unwrap() <= len);
}
