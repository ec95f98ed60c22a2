//! Side-by-side benchmarks (work in progress).
// The lead wires these helpers into the harness with the peers.
#[allow(dead_code)]
mod mate;

fn main() {}
