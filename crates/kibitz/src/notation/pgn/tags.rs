//! A game's tag pairs, each name once.

use std::collections::HashMap;

/// Up to this many tags a name is looked for by walking the list (a Lichess game
/// has about 17); past it, through an index, so that a game of many tags is still
/// read in linear time.
const WALK: usize = 32;

/// The tag pairs of one game, each name once: in the order the names first appear,
/// and a name given again (within a tag section, or in a second tag section before
/// any movetext, which is the same game) keeps its place and takes the later value,
/// as python-chess's `Headers` does. So a JSON object written from them never holds
/// a key twice.
///
/// [`clear`](Tags::clear) keeps the buffers, so a reader that reuses one `Tags`
/// allocates nothing per game once they are large enough.
///
/// ```
/// use kibitz::notation::pgn::Tags;
/// let mut tags = Tags::default();
/// tags.set("Event", "a");
/// tags.set("Result", "*");
/// tags.set("Event", "b");
/// assert_eq!(tags.get("Event"), Some("b"));
/// assert_eq!(tags.iter().collect::<Vec<_>>(), [("Event", "b"), ("Result", "*")]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Tags {
    /// The pairs; only the first `len` are this game's (the rest are buffers).
    pairs: Vec<(String, String)>,
    len: usize,
    /// Name → place, kept once the game has more than [`WALK`] tags.
    index: HashMap<String, usize>,
}

impl Tags {
    /// Forgets every pair, keeping the buffers.
    pub fn clear(&mut self) {
        self.len = 0;
        self.index.clear();
    }

    /// Sets tag `name` to `value`: a new name goes last, a known one keeps its place.
    pub fn set(&mut self, name: &str, value: &str) {
        if let Some(at) = self.find(name) {
            let old = &mut self.pairs[at].1;
            old.clear();
            old.push_str(value);
            return;
        }
        if self.len == self.pairs.len() {
            self.pairs.push((String::new(), String::new()));
        }
        let (n, v) = &mut self.pairs[self.len];
        n.clear();
        n.push_str(name);
        v.clear();
        v.push_str(value);
        self.len += 1;
        if self.len > WALK {
            if self.index.is_empty() {
                let pairs = &self.pairs[..self.len];
                self.index
                    .extend(pairs.iter().enumerate().map(|(i, (n, _))| (n.clone(), i)));
            } else {
                self.index.insert(name.to_owned(), self.len - 1);
            }
        }
    }

    /// The value of tag `name` (the last one given).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.find(name).map(|at| self.pairs[at].1.as_str())
    }

    /// The pairs, in the order their names first appeared.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.pairs[..self.len]
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The number of distinct names.
    pub fn len(&self) -> usize {
        self.len
    }

    /// No tag at all?
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The pairs as owned values, in order.
    pub fn to_vec(&self) -> Vec<(String, String)> {
        self.pairs[..self.len].to_vec()
    }

    fn find(&self, name: &str) -> Option<usize> {
        if self.len > WALK {
            self.index.get(name).copied()
        } else {
            self.pairs[..self.len].iter().position(|(n, _)| n == name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_given_again_keeps_its_place_and_takes_the_later_value() {
        let mut tags = Tags::default();
        for (n, v) in [
            ("Event", "a"),
            ("Site", "s"),
            ("Result", "*"),
            ("Event", "b"),
        ] {
            tags.set(n, v);
        }
        tags.set("Result", "1-0");
        assert_eq!(
            tags.to_vec(),
            [
                ("Event".to_string(), "b".to_string()),
                ("Site".to_string(), "s".to_string()),
                ("Result".to_string(), "1-0".to_string()),
            ]
        );
        tags.clear();
        assert!(tags.is_empty());
        assert_eq!(tags.get("Event"), None);
        tags.set("White", "w");
        assert_eq!(tags.iter().collect::<Vec<_>>(), [("White", "w")]);
    }

    #[test]
    fn many_tags_go_through_the_index_and_agree_with_a_walk() {
        let mut tags = Tags::default();
        for round in 0..2 {
            tags.clear();
            for i in 0..1000 {
                tags.set(&format!("T{}", i % 300), &format!("{round}-{i}"));
            }
            assert_eq!(tags.len(), 300);
            for i in 0..300 {
                let last = (0..1000).filter(|j| j % 300 == i).max().unwrap();
                assert_eq!(
                    tags.get(&format!("T{i}")),
                    Some(&*format!("{round}-{last}"))
                );
            }
            let names: Vec<String> = tags.iter().map(|(n, _)| n.to_string()).collect();
            let want: Vec<String> = (0..300).map(|i| format!("T{i}")).collect();
            assert_eq!(names, want);
        }
    }
}
