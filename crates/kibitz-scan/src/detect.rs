//! What a batch input holds, told from its first lines.

use kibitz::board::GameRules;
use kibitz::notation::lichess::PuzzleColumns;

use crate::chunk::Framing;
use crate::csv_line::CsvLine;

/// The kinds of batch input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// One FEN or EPD line per position (`#` comment lines and blank lines skipped).
    Fen,
    /// Lichess puzzle rows; `header` when the first line names the columns.
    Puzzles {
        /// Where the FEN, moves and themes are.
        columns: PuzzleColumns,
        /// Is the first line a header?
        header: bool,
        /// The number of the first line that is not blank or a `#` comment: the
        /// header, or the first row (the lines before it are no records).
        first_line: u64,
    },
    /// PGN games.
    Pgn,
}

impl Format {
    /// The format of a text whose first bytes are `head` (a few kilobytes are
    /// plenty: the first line that is not blank or a `#` comment decides).
    ///
    /// ```
    /// use kibitz_scan::detect::Format;
    /// assert_eq!(Format::detect(b"\n[Event \"x\"]\n"), Format::Pgn);
    /// assert_eq!(Format::detect(b"1. e4 e5 *"), Format::Pgn);
    /// assert_eq!(Format::detect(b"# mates\n8/8/8/8/8/8/8/K6k w - - 0 1\n"), Format::Fen);
    /// assert!(matches!(
    ///     Format::detect(b"PuzzleId,FEN,Moves,Rating\n"),
    ///     Format::Puzzles { header: true, .. }
    /// ));
    /// // Any column order, quoted names.
    /// let Format::Puzzles { columns, header: true, first_line: 2 } =
    ///     Format::detect(b"# comment\n\"Moves\",\"FEN\"\n")
    /// else {
    ///     panic!("not read as puzzles");
    /// };
    /// assert_eq!((columns.fen, columns.moves), (1, 0));
    /// ```
    pub fn detect(head: &[u8]) -> Format {
        let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
        let (first_line, first) = (1u64..)
            .zip(head.split(|&b| b == b'\n').map(<[u8]>::trim_ascii))
            .find(|(_, l)| !l.is_empty() && !l.starts_with(b"#"))
            .unwrap_or((1, b""));
        if first.starts_with(b"[")
            || first.starts_with(b"1.")
            || first.starts_with(b"{")
            || first.starts_with(b"%")
        {
            return Format::Pgn;
        }
        // A header naming a FEN and a Moves column, in any order, quoted or not.
        let mut csv = CsvLine::default();
        csv.split(first);
        let names = csv.cells();
        if let Some(columns) = PuzzleColumns::from_names(names.iter().map(|n| n.as_ref())) {
            return Format::Puzzles {
                columns,
                header: true,
                first_line,
            };
        }
        // The header-less Lichess CSV: FEN,Moves,Rating.
        let mut cells = first.split(|&b| b == b',');
        let fen_like = cells.next().is_some_and(|c| {
            c.split(u8::is_ascii_whitespace)
                .filter(|w| !w.is_empty())
                .count()
                >= 4
        });
        if fen_like && cells.next().is_some() {
            return Format::Puzzles {
                columns: PuzzleColumns::HEADERLESS,
                header: false,
                first_line,
            };
        }
        Format::Fen
    }

    /// The format of a text of positions of `rules`: as [`Format::detect`] says,
    /// except that a variant's text is never read as PGN (the PGN reader is
    /// orthodox chess's): its lines are FEN/EPD lines, and a line that is not
    /// one is an error record. A variant's puzzle rows are error records too.
    ///
    /// ```
    /// use kibitz::board::GameRules;
    /// use kibitz::variant::Variant;
    /// use kibitz_scan::detect::Format;
    /// let capablanca = GameRules::variant(Variant::builtin("capablanca").unwrap());
    /// assert_eq!(Format::detect_for(b"1. e4 e5 *", &GameRules::chess()), Format::Pgn);
    /// assert_eq!(Format::detect_for(b"1. e4 e5 *", &capablanca), Format::Fen);
    /// ```
    pub fn detect_for(head: &[u8], rules: &GameRules) -> Format {
        match (rules, Format::detect(head)) {
            (GameRules::Variant(_), Format::Pgn) => Format::Fen,
            (_, format) => format,
        }
    }

    /// How the format's records are delimited.
    pub fn framing(self) -> Framing {
        match self {
            Format::Pgn => Framing::Games,
            Format::Fen | Format::Puzzles { .. } => Framing::Lines,
        }
    }
}
