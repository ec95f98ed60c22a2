//! Perft of one variant position, single thread, for profilers and `valgrind
//! --tool=callgrind` (small and quick to build, unlike the CLI):
//! `cargo run --release -p kibitz --example variant_perft -- VARIANT DEPTH [FEN] [--ini FILE]`.
//! `VARIANT` is a built-in name or a section of `--ini FILE`; `FEN` defaults to the
//! variant's start position.

use std::time::Instant;

use kibitz::variant::{Variant, VariantPosition, ini};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut sections = Vec::new();
    if let Some(i) = args.iter().position(|a| a == "--ini") {
        let path = args.get(i + 1).ok_or("--ini needs a file")?.clone();
        sections = ini::parse(&std::fs::read_to_string(&path)?)?;
        args.drain(i..i + 2);
    }
    let [name, depth, rest @ ..] = args.as_slice() else {
        return Err("usage: variant_perft VARIANT DEPTH [FEN] [--ini FILE]".into());
    };
    let variant = match sections.iter().find(|v| v.name() == name) {
        Some(v) => v.clone(),
        None => Variant::builtin(name)?,
    };
    let pos = match rest.first() {
        Some(fen) => VariantPosition::from_fen(&variant, fen)?,
        None => VariantPosition::startpos(&variant),
    };
    let depth: u32 = depth.parse()?;
    let start = Instant::now();
    let nodes = pos.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!(
        "time {secs:.3} s, {:.2} Mnodes/s",
        nodes as f64 / secs / 1e6
    );
    Ok(())
}
