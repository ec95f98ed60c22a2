//! Side-by-side benchmarks (work in progress).
fn main() {}
