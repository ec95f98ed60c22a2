//! kibitz's integration tests of mates, the prover and problems: mates in one
//! against brute force and cozy-chess, the prover against exhaustive search and
//! outside labels, problem trees replayed, the Popeye reader. One binary, each file
//! of this folder a module (`cargo test -p kibitz --test mates -- MODULE::` runs
//! one, `-- --ignored MODULE::` its ignored ones); see `rules/main.rs` for why.

#[path = "../common/mod.rs"]
mod common;

mod help_reach;
mod mate_adversarial;
mod mate_exact;
mod mate_more;
mod popeye_read;
mod problem_trees;
mod solve_dfpn_bench;
mod solve_labels;
mod solve_oracle;
