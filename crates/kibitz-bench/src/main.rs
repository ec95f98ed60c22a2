//! Side-by-side benchmarks (work in progress).
mod mobility;

fn main() {
    mobility::run(101);
}
