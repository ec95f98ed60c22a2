//! Node counting and the limits, shared by the searches of this module.

use crate::limits::Limits;

/// Counts nodes and says when a limit has struck (checking the clock every 1024
/// nodes); once struck, it stays struck.
#[derive(Debug)]
pub(crate) struct Budget<'l> {
    limits: &'l Limits,
    /// Nodes so far.
    pub nodes: u64,
    /// Has a limit struck?
    pub aborted: bool,
}

impl<'l> Budget<'l> {
    pub fn new(limits: &'l Limits) -> Budget<'l> {
        Budget {
            limits,
            nodes: 0,
            aborted: false,
        }
    }

    /// Counts a node; true when the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.aborted
            && (self.limits.nodes.is_some_and(|n| self.nodes >= n)
                || (self.nodes & 1023 == 0 && self.limits.expired()))
        {
            self.aborted = true;
        }
        self.aborted
    }
}
