//! Side-by-side benchmarks (work in progress).

// The harness that calls these is wired in by the lead.
#[allow(dead_code)]
mod san;

fn main() {}
