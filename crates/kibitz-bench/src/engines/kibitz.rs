//! kibitz: the subject of every comparison.
use crate::{PerftEngine, PerftFn};

/// kibitz's own `Position` and `perft` (bulk counting at the last ply).
#[derive(Debug, Clone, Copy, Default)]
pub struct Kibitz;

impl PerftEngine for Kibitz {
    fn name(&self) -> &'static str {
        "kibitz"
    }

    fn prepare(&self, fen: &str) -> anyhow::Result<PerftFn> {
        let pos = ::kibitz::Position::from_fen(fen)
            .map_err(|err| anyhow::anyhow!("kibitz rejects `{fen}`: {err}"))?;
        Ok(Box::new(move |depth| ::kibitz::perft(&pos, depth)))
    }
}
