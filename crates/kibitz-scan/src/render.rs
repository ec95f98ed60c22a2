//! A chunk's output, rendered by the worker that analysed it, with the game
//! numbers left open: a worker knows a game's place in its chunk but not how many
//! games the chunks before held. The writer fills them in as it writes.

use std::io::{self, Write};

/// Where a piece of output goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Records.
    Stdout,
    /// Messages about bad records (text output only).
    Stderr,
}

#[derive(Copy, Clone, Debug)]
enum Mark {
    /// Write the number of the chunk's game `n` (from 0) here.
    Game(u64),
    /// From here on, write to this stream.
    Switch(Stream),
}

/// A place in a [`Rendered`] output.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Checkpoint {
    text: usize,
    marks: usize,
}

/// Rendered text with marks for game numbers and stream switches.
#[derive(Clone, Debug, Default)]
pub struct Rendered {
    /// The text.
    pub text: String,
    marks: Vec<(usize, Mark)>,
}

impl Rendered {
    /// Leaves a place for the number (from 1, counted over the whole input) of the
    /// chunk's game `game` (from 0).
    pub fn game_number(&mut self, game: u64) {
        self.marks.push((self.text.len(), Mark::Game(game)));
    }

    /// Writes what follows to `stream`.
    pub fn switch(&mut self, stream: Stream) {
        self.marks.push((self.text.len(), Mark::Switch(stream)));
    }

    /// Where the output is now, to go back to with [`rewind`](Rendered::rewind).
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            text: self.text.len(),
            marks: self.marks.len(),
        }
    }

    /// Drops everything written since `checkpoint`.
    pub fn rewind(&mut self, checkpoint: Checkpoint) {
        self.text.truncate(checkpoint.text);
        self.marks.truncate(checkpoint.marks);
    }

    /// Appends `other`, marks and all.
    pub fn append(&mut self, other: Rendered) {
        let base = self.text.len();
        self.text.push_str(&other.text);
        self.marks
            .extend(other.marks.into_iter().map(|(at, mark)| (at + base, mark)));
    }

    /// Appends `other` as a JSON string: its text escaped and quoted, its game
    /// numbers still open (digits need no escaping).
    pub fn append_json_string(&mut self, other: Rendered) {
        self.text.push('"');
        let mut at = 0;
        for (pos, mark) in other.marks {
            crate::json::escape(&mut self.text, &other.text[at..pos]);
            self.marks.push((self.text.len(), mark));
            at = pos;
        }
        crate::json::escape(&mut self.text, &other.text[at..]);
        self.text.push('"');
    }

    /// Writes everything out, numbering games from `games_before + 1`. Standard
    /// output is flushed before anything goes to standard error, so the two
    /// interleave in order on a terminal.
    pub fn write(
        &self,
        stdout: &mut impl Write,
        stderr: &mut impl Write,
        games_before: u64,
    ) -> io::Result<()> {
        let mut at = 0;
        let mut stream = Stream::Stdout;
        let mut number = [0u8; 20];
        for &(pos, mark) in &self.marks {
            let piece = &self.text.as_bytes()[at..pos];
            match stream {
                Stream::Stdout => stdout.write_all(piece)?,
                Stream::Stderr => stderr.write_all(piece)?,
            }
            at = pos;
            match mark {
                Mark::Game(n) => {
                    let digits = crate::json::decimal(&mut number, games_before + n + 1);
                    match stream {
                        Stream::Stdout => stdout.write_all(digits)?,
                        Stream::Stderr => stderr.write_all(digits)?,
                    }
                }
                Mark::Switch(to) => {
                    if to == Stream::Stderr && stream == Stream::Stdout {
                        stdout.flush()?;
                    }
                    stream = to;
                }
            }
        }
        let rest = &self.text.as_bytes()[at..];
        match stream {
            Stream::Stdout => stdout.write_all(rest),
            Stream::Stderr => stderr.write_all(rest),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_streams_are_filled_in() {
        let mut r = Rendered::default();
        r.text.push_str("game ");
        r.game_number(0);
        r.text.push_str(" ok\n");
        r.switch(Stream::Stderr);
        r.text.push_str("game ");
        r.game_number(9);
        r.text.push_str(" bad\n");
        r.switch(Stream::Stdout);
        r.text.push_str("end\n");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        r.write(&mut out, &mut err, 99).unwrap();
        assert_eq!(out, b"game 100 ok\nend\n");
        assert_eq!(err, b"game 109 bad\n");
    }
}
