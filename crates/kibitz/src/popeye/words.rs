//! Popeye's English keywords and how a word is matched against them: case
//! insensitively, any prefix that begins one keyword only (Popeye's
//! `GetUniqIndex`, `input/plaintext/token.c`).

/// What a word matched in a table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// The keyword at this index.
    Found(usize),
    /// No keyword begins with the word.
    None,
    /// Several keywords begin with it.
    Ambiguous,
}

/// Does `keyword` begin with `word`, ignoring ASCII case?
fn begins(keyword: &str, word: &str) -> bool {
    keyword.len() >= word.len()
        && keyword.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes())
}

/// Popeye's rule: the first keyword the word begins; an exact match wins, and a
/// prefix is taken only when no later keyword also begins with it.
pub(crate) fn lookup(table: &[&str], word: &str) -> Lookup {
    if word.is_empty() {
        return Lookup::None;
    }
    let Some(first) = table.iter().position(|k| begins(k, word)) else {
        return Lookup::None;
    };
    if table[first].len() == word.len() || !table[first + 1..].iter().any(|k| begins(k, word)) {
        Lookup::Found(first)
    } else {
        Lookup::Ambiguous
    }
}

/// The keywords of `table` that begin with `word`, for an error message.
pub(crate) fn candidates(table: &[&str], word: &str) -> String {
    let found: Vec<&str> = table.iter().copied().filter(|k| begins(k, word)).collect();
    found.join(", ")
}

/// The word that starts a Popeye input (Popeye's `GlobalTokenString`).
pub(crate) const BEGIN: &[&str] = &["beginproblem"];

/// The words of a problem (Popeye's `InitialTwinTokenString`, English), in its order:
/// the order decides which keyword a prefix means.
pub(crate) const PROBLEM: &[&str] = &[
    "remark",
    "sstipulation",
    "author",
    "origin",
    "pieces",
    "condition",
    "option",
    "stipulation",
    "protocol",
    "\n",
    "title",
    "LaTeX",
    "LaTeXPieces",
    "award",
    "InitialGameArray",
    "Forsyth",
];

/// A problem's words, by their index in [`PROBLEM`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ProblemWord {
    Remark,
    Author,
    Origin,
    Pieces,
    Option,
    Stipulation,
    Title,
    Award,
    /// A keyword outside the subset (its full name).
    Unsupported(&'static str),
}

impl ProblemWord {
    pub(crate) fn from_index(i: usize) -> ProblemWord {
        match PROBLEM[i] {
            "remark" => ProblemWord::Remark,
            "author" => ProblemWord::Author,
            "origin" => ProblemWord::Origin,
            "pieces" => ProblemWord::Pieces,
            "option" => ProblemWord::Option,
            "stipulation" => ProblemWord::Stipulation,
            "title" => ProblemWord::Title,
            "award" => ProblemWord::Award,
            other => ProblemWord::Unsupported(other),
        }
    }
}

/// The words that end a problem (Popeye's `ProblemTokenString`): `endproblem` ends
/// the input, `nextproblem` starts another problem.
pub(crate) const END: &[&str] = &["endproblem", "nextproblem"];

/// The words that end a twin (Popeye's `EndTwinTokenString`): twins are outside the subset.
pub(crate) const TWIN: &[&str] = &["twin", "zeroposition"];

/// Piece colours (Popeye's `ColourString`).
pub(crate) const COLOURS: &[&str] = &["White", "Black", "Neutral", "TotalInvisible"];

/// Piece attributes (Popeye's `PieSpString`): all outside the subset, but a word
/// that begins one is read as one, as Popeye reads it.
pub(crate) const ATTRIBUTES: &[&str] = &[
    "Royal",
    "Kamikaze",
    "Paralysing",
    "Chameleon",
    "Jigger",
    "Volage",
    "Functionary",
    "HalfNeutral",
    "HurdleColourChanging",
    "Protean",
    "Magic",
    "Uncapturable",
    "Patrol",
    "Frischauf",
    "Bul",
    "Dob",
    "Anda",
    "AndaInverse",
    "AliceA",
    "AliceB",
];

/// Popeye's options (`OptString`, English), in its order.
pub(crate) const OPTIONS: &[&str] = &[
    "Defence",
    "SetPlay",
    "WhiteToPlay",
    "Variations",
    "MoveNumbers",
    "StartMoveNumber",
    "NoWk",
    "Duplex",
    "NoBk",
    "Threat",
    "NoThreat",
    "Try",
    "MaxSolutions",
    "MaxFlightsquares",
    "Search",
    "MultiSolutions",
    "NoSymmetry",
    "NonTrivial",
    "KeepMatingPiece",
    "EnPassant",
    "NoBoard",
    "NoShortVariations",
    "HalfDuplex",
    "PostKeyPlay",
    "Intelligent",
    "MaxTime",
    "NoCastling",
    "Quodlibet",
    "StopOnShortSolutions",
    "Beep",
    "SuppressGrid",
    "WriteGrid",
    "CastlingMutuallyExclusive",
    "GoalIsEnd",
    "unpublishedoption",
    "NullMoves",
    "UpToMoveNumber",
    "TrivialTriesAvoid",
    "MatesIn1",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_prefixes_as_popeye_reads_them() {
        assert_eq!(lookup(PROBLEM, "st"), Lookup::Found(7));
        assert_eq!(lookup(PROBLEM, "s"), Lookup::Ambiguous);
        assert_eq!(lookup(PROBLEM, "PIECES"), Lookup::Found(4));
        assert_eq!(lookup(PROBLEM, "p"), Lookup::Ambiguous);
        assert_eq!(lookup(PROBLEM, "LaTeX"), Lookup::Found(11));
        assert_eq!(lookup(PROBLEM, "t"), Lookup::Found(10));
        assert_eq!(lookup(PROBLEM, "x"), Lookup::None);
        assert_eq!(lookup(END, "e"), Lookup::Found(0));
        assert_eq!(lookup(END, "next"), Lookup::Found(1));
        assert_eq!(lookup(BEGIN, "Begin"), Lookup::Found(0));
        assert_eq!(lookup(OPTIONS, "set"), Lookup::Found(1));
        assert_eq!(lookup(OPTIONS, "try"), Lookup::Found(11));
        assert_eq!(lookup(OPTIONS, "vari"), Lookup::Found(3));
        assert_eq!(lookup(OPTIONS, "maxsol"), Lookup::Found(12));
        assert_eq!(lookup(OPTIONS, "max"), Lookup::Ambiguous);
        assert_eq!(lookup(OPTIONS, ""), Lookup::None);
        assert_eq!(
            candidates(OPTIONS, "max"),
            "MaxSolutions, MaxFlightsquares, MaxTime"
        );
        assert_eq!(lookup(COLOURS, "w"), Lookup::Found(0));
        assert_eq!(lookup(ATTRIBUTES, "k"), Lookup::Found(1));
    }
}
