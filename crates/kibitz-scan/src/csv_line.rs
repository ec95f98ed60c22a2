//! One line of CSV split into its cells, quotes understood (`"a,b"`, `""` inside
//! quotes), through `csv-core` into reused buffers.
//!
//! Lines are split one at a time, so that a stray quote spoils its own line only
//! and every line of the input stays one record: a quoted cell cannot span lines
//! (none does in the Lichess puzzle files).

use std::borrow::Cow;

use csv_core::{ReadRecordResult, Reader};

/// A reusable splitter.
#[derive(Debug)]
pub struct CsvLine {
    reader: Reader,
    line: Vec<u8>,
    out: Vec<u8>,
    ends: Vec<usize>,
    cells: usize,
}

impl Default for CsvLine {
    fn default() -> CsvLine {
        CsvLine {
            // `Reader::new`: `Reader::default()` did not split this way when tried.
            reader: Reader::new(),
            line: Vec::new(),
            out: Vec::new(),
            ends: Vec::new(),
            cells: 0,
        }
    }
}

impl CsvLine {
    /// Splits `line` (without its line end); then [`cell`](CsvLine::cell) and
    /// [`cells`](CsvLine::cells) read the cells.
    ///
    /// ```
    /// use kibitz_scan::csv_line::CsvLine;
    /// let mut csv = CsvLine::default();
    /// csv.split(br#"x,"8/8/8 w - -","a ""b"",c""#);
    /// assert_eq!(csv.cells(), vec!["x", "8/8/8 w - -", "a \"b\",c"]);
    /// ```
    pub fn split(&mut self, line: &[u8]) {
        // The line with a line feed after it is one whole record, read in one call
        // (the positions `csv-core` gives are relative to each call's output).
        self.line.clear();
        self.line.extend_from_slice(line);
        self.line.push(b'\n');
        // Unquoting only ever shrinks the text, and there is at most one cell more
        // than there are bytes: the buffers are large enough at once.
        self.out.resize(self.line.len(), 0);
        self.ends.resize(self.line.len() + 1, 0);
        self.reader.reset();
        let (result, _, _, cells) =
            self.reader
                .read_record(&self.line, &mut self.out, &mut self.ends);
        self.cells = match result {
            ReadRecordResult::Record => cells,
            // Not reachable with these buffer sizes; an empty line at worst.
            _ => 0,
        };
    }

    /// Cell `i` of the last line split, bytes that are not UTF-8 replaced.
    pub fn cell(&self, i: usize) -> Cow<'_, str> {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        String::from_utf8_lossy(&self.out[start..self.ends[i]])
    }

    /// Every cell of the last line split.
    pub fn cells(&self) -> Vec<Cow<'_, str>> {
        (0..self.cells).map(|i| self.cell(i)).collect()
    }
}
