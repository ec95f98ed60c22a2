//! Popeye's keywords in its three languages and how a word is matched against them: case
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

/// One of the three languages Popeye reads. An input's language is told by its
/// first word, as Popeye tells it (`detect_user_language`,
/// `input/plaintext/plaintext.c`): the first language, in the order French,
/// German, English, whose `beginproblem` word the first word begins
/// (`DebutProbleme`, `AnfangProblem`, `beginproblem`); every later keyword and
/// piece code is read in that language.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Language {
    /// French (`DebutProbleme`).
    French,
    /// German (`AnfangProblem`).
    German,
    /// English (`beginproblem`).
    English,
}

impl Language {
    /// The languages in Popeye's order of trial.
    pub(crate) const ALL: [Language; 3] = [Language::French, Language::German, Language::English];

    /// The language whose begin word `word` begins, if any.
    ///
    /// ```
    /// use kibitz::popeye::Language;
    /// assert_eq!(Language::of_begin("anfang"), Some(Language::German));
    /// assert_eq!(Language::of_begin("DebutProbleme"), Some(Language::French));
    /// assert_eq!(Language::of_begin("BeginProblem"), Some(Language::English));
    /// assert_eq!(Language::of_begin("start"), None);
    /// ```
    pub fn of_begin(word: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|l| lookup(&[BEGIN[l.index()]], word) == Lookup::Found(0))
    }

    pub(crate) fn index(self) -> usize {
        match self {
            Language::French => 0,
            Language::German => 1,
            Language::English => 2,
        }
    }
}

// The keyword tables below are Popeye's vocabulary, typed in from its
// `output/plaintext/language_dependant.c` (tables `GlobalTokenString`,
// `ProblemTokenString`, `EndTwinTokenString`, `InitialTwinTokenString`,
// `OptString`, `ColourString`, `PieSpString`, `TwinningString`), each indexed
// French, German, English; the order inside a table decides which keyword a
// prefix means, so it is Popeye's.

/// The word that starts a Popeye input (Popeye's `GlobalTokenString`).
pub(crate) const BEGIN: [&str; 3] = ["DebutProbleme", "AnfangProblem", "beginproblem"];

/// The words of a problem (Popeye's `InitialTwinTokenString`), in its order.
pub(crate) const PROBLEM: [[&str; 16]; 3] = [
    [
        "remarque",
        "senonce",
        "auteur",
        "source",
        "pieces",
        "condition",
        "option",
        "enonce",
        "protocol",
        "\n",
        "titre",
        "LaTeX",
        "PiecesLaTeX",
        "prix",
        "PositionInitialePartie",
        "Forsyth",
    ],
    [
        "Bemerkung",
        "sForderung",
        "Autor",
        "Quelle",
        "Steine",
        "Bedingung",
        "Option",
        "Forderung",
        "Protokoll",
        "\n",
        "Titel",
        "LaTeX",
        "LaTeXSteine",
        "Auszeichnung",
        "PartieAnfangsStellung",
        "Forsyth",
    ],
    [
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
    ],
];

/// A problem's words, by their index in [`PROBLEM`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ProblemWord {
    Remark,
    SStipulation,
    Author,
    Origin,
    Pieces,
    Option,
    Stipulation,
    Protocol,
    Title,
    Award,
    Forsyth,
    Condition,
    /// A keyword outside the subset (its English name).
    Unsupported(&'static str),
}

impl ProblemWord {
    pub(crate) fn from_index(i: usize) -> ProblemWord {
        match i {
            0 => ProblemWord::Remark,
            1 => ProblemWord::SStipulation,
            2 => ProblemWord::Author,
            3 => ProblemWord::Origin,
            4 => ProblemWord::Pieces,
            5 => ProblemWord::Condition,
            6 => ProblemWord::Option,
            7 => ProblemWord::Stipulation,
            8 => ProblemWord::Protocol,
            10 => ProblemWord::Title,
            13 => ProblemWord::Award,
            15 => ProblemWord::Forsyth,
            other => ProblemWord::Unsupported(PROBLEM[Language::English.index()][other]),
        }
    }
}

/// The conditions kibitz plays and their variant words, per language (Popeye's
/// `CondString`, `ExtraCondString`, `CirceVariantTypeString`,
/// `AntiCirceVariantTypeString` and `ConditionLetteredVariantTypeString`),
/// each with the word [`crate::variant::Conditions`] reads (empty: a word that
/// says the default) and the length of the shortest prefix Popeye reads as
/// that name (0: the whole name only). Popeye reads a prefix that no later
/// name of its table of over a hundred shares; the lengths here were worked
/// out on that table (`annan` is `Annanschach`, but French's `AnnanEchecs`
/// is written twice there, once for Nanna, so only the whole name is read;
/// `marsc` is `MarsCirce` but for French's `MarsCirceMalefique`). The kings'
/// words are read from Popeye's table of Circe's variants (`rexe`);
/// Take&Make's `Absolute` from its own table of one word, where any prefix
/// reads it (`ta` is `Take&MakeChess` in English and French, `tak` in German;
/// `mak` is `Make&TakeChess`).
pub(crate) const CONDITIONS: [[(&str, &str, usize); 23]; 3] = [
    [
        ("Circe", "circe", 0),
        ("AntiCirce", "anticirce", 0),
        ("Madrasi", "madrasi", 0),
        ("SansEchecs", "ohneschach", 0),
        ("Calvet", "calvet", 0),
        ("Cheylan", "cheylan", 0),
        ("RexInclusif", "ri", 0),
        ("RexExclusif", "rexexclusive", 4),
        ("NoirMaximum", "blackmaximummer", 0),
        ("NoirMinimum", "blackminimummer", 0),
        ("BlancMaximum", "whitemaximummer", 0),
        ("BlancMinimum", "whiteminimummer", 0),
        ("Maximum", "maximummer", 0),
        ("Isardam", "isardam", 0),
        ("TypeA", "typea", 0),
        ("TypeB", "typeb", 0),
        ("AnnanEchecs", "annan", 0),
        ("TypeC", "typec", 0),
        ("TypeD", "typed", 0),
        ("MarsCirce", "marscirce", 0),
        ("Take&MakeEchecs", "takemake", 2),
        ("Make&TakeEchecs", "maketake", 3),
        ("Absolu", "absolute", 1),
    ],
    [
        ("Circe", "circe", 0),
        ("AntiCirce", "anticirce", 0),
        ("Madrasi", "madrasi", 0),
        ("OhneSchach", "ohneschach", 0),
        ("Calvet", "calvet", 0),
        ("Cheylan", "cheylan", 0),
        ("RexInklusive", "ri", 0),
        ("RexExklusive", "rexexclusive", 4),
        ("SchwarzerLaengstzueger", "blackmaximummer", 0),
        ("SchwarzerKuerzestzueger", "blackminimummer", 0),
        ("WeisserLaengstzueger", "whitemaximummer", 0),
        ("WeisserKuerzestzueger", "whiteminimummer", 0),
        ("Laengstzueger", "maximummer", 0),
        ("Isardam", "isardam", 0),
        ("TypA", "typea", 0),
        ("TypB", "typeb", 0),
        ("Annanschach", "annan", 3),
        ("TypC", "typec", 0),
        ("TypD", "typed", 0),
        ("MarsCirce", "marscirce", 5),
        ("Take&MakeSchach", "takemake", 3),
        ("Make&TakeSchach", "maketake", 3),
        ("Absolut", "absolute", 1),
    ],
    [
        ("Circe", "circe", 0),
        ("AntiCirce", "anticirce", 0),
        ("Madrasi", "madrasi", 0),
        ("ChecklessChess", "ohneschach", 0),
        ("Calvet", "calvet", 0),
        ("Cheylan", "cheylan", 0),
        ("RexInclusive", "ri", 0),
        ("RexExclusive", "rexexclusive", 4),
        ("BlackMaximummer", "blackmaximummer", 0),
        ("BlackMinimummer", "blackminimummer", 0),
        ("WhiteMaximummer", "whitemaximummer", 0),
        ("WhiteMinimummer", "whiteminimummer", 0),
        ("Maximummer", "maximummer", 0),
        ("Isardam", "isardam", 0),
        ("TypeA", "typea", 0),
        ("TypeB", "typeb", 0),
        ("AnnanChess", "annan", 3),
        ("TypeC", "typec", 0),
        ("TypeD", "typed", 0),
        ("MarsCirce", "marscirce", 5),
        ("Take&MakeChess", "takemake", 2),
        ("Make&TakeChess", "maketake", 3),
        ("Absolute", "absolute", 1),
    ],
];

/// The words that end a problem (Popeye's `ProblemTokenString`): `endproblem` ends
/// the input, `nextproblem` starts another problem.
pub(crate) const END: [[&str; 2]; 3] = [
    ["FinProbleme", "asuivre"],
    ["EndeProblem", "WeiteresProblem"],
    ["endproblem", "nextproblem"],
];

/// The words that end a twin (Popeye's `EndTwinTokenString`): `twin` starts
/// another twin, `zeroposition` says the diagram is not solved itself.
pub(crate) const TWIN: [[&str; 2]; 3] = [
    ["jumeau", "zeroposition"],
    ["Zwilling", "NullStellung"],
    ["twin", "zeroposition"],
];

/// The changes of a twin (Popeye's `TwinningString`), in its order.
pub(crate) const TWINNING: [[&str; 13]; 3] = [
    [
        "deplacement",
        "echange",
        "enonce",
        "senonce",
        "ajoute",
        "ote",
        "enplus",
        "rotation",
        "condition",
        "CouleurEchange",
        "miroir",
        "translation",
        "remplace",
    ],
    [
        "versetze",
        "tausche",
        "Forderung",
        "SForderung",
        "hinzufuegen",
        "entferne",
        "ferner",
        "Drehung",
        "Bedingung",
        "Farbwechsel",
        "Spiegelung",
        "Verschiebung",
        "ersetze",
    ],
    [
        "move",
        "exchange",
        "stipulation",
        "sstipulation",
        "add",
        "remove",
        "continued",
        "rotate",
        "condition",
        "PolishType",
        "mirror",
        "shift",
        "substitute",
    ],
];

/// The mirrors of `mirror` (Popeye's `TwinningMirrorString`, the same in every
/// language): the square a1 (or a8) goes to.
pub(crate) const MIRRORS: [&str; 4] = ["a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"];

/// Piece colours (Popeye's `ColourString`).
pub(crate) const COLOURS: [[&str; 4]; 3] = [
    ["Blanc", "Noir", "Neutre", "TotalInvisible"],
    ["Weiss", "Schwarz", "Neutral", "TotalUnsichtbar"],
    ["White", "Black", "Neutral", "TotalInvisible"],
];

/// Piece attributes (Popeye's `PieSpString`): all outside the subset, but a word
/// that begins one is read as one, as Popeye reads it.
pub(crate) const ATTRIBUTES: [[&str; 20]; 3] = [
    [
        "Royale",
        "Kamikaze",
        "Paralysante",
        "Cameleon",
        "Jigger",
        "Volage",
        "Fonctionnaire",
        "DemiNeutre",
        "CouleurEchangeantSautoir",
        "Protee",
        "Magique",
        "Imprenable",
        "Patrouille",
        "Frischauf",
        "Bul",
        "Dob",
        "Anda",
        "AndaInverse",
        "AliceA",
        "AliceB",
    ],
    [
        "Koeniglich",
        "Kamikaze",
        "Paralysierend",
        "Chamaeleon",
        "Jigger",
        "Volage",
        "Beamtet",
        "HalbNeutral",
        "SprungbockFarbeWechselnd",
        "Proteisch",
        "Magisch",
        "Unschlagbar",
        "Patrouille",
        "Frischauf",
        "Bul",
        "Dob",
        "Anda",
        "AndaInvers",
        "AliceA",
        "AliceB",
    ],
    [
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
    ],
];

/// Popeye's options (`OptString`), in its order.
pub(crate) const OPTIONS: [[&str; 39]; 3] = [
    [
        "Defense",
        "Apparent",
        "ApparentSeul",
        "Variantes",
        "Trace",
        "Enroute",
        "SansRB",
        "Duplex",
        "SansRN",
        "Menace",
        "SansMenace",
        "Essais",
        "MaxSolutions",
        "MaxCasesFuites",
        "Search",
        "MultiSolutions",
        "NonSymetrique",
        "NonTrivial",
        "RetiensPieceMatante",
        "EnPassant",
        "SansEchiquier",
        "SansVariantesCourtes",
        "DemiDuplex",
        "ApresCle",
        "Intelligent",
        "MaxTemps",
        "SansRoquer",
        "Quodlibet",
        "FinApresSolutionsCourtes",
        "Bip",
        "SansGrille",
        "AjouteGrille",
        "RoquesMutuellementExclusifs",
        "ButEstFin",
        "optionnonpubliee",
        "CoupsVides",
        "JusquAuCoup",
        "TrivialEssaiSupprimer",
        "MatsEn1",
    ],
    [
        "Widerlegung",
        "Satzspiel",
        "WeissBeginnt",
        "Varianten",
        "Zugnummern",
        "StartZugnummer",
        "OhneWk",
        "Duplex",
        "OhneSk",
        "Drohung",
        "OhneDrohung",
        "Verfuehrung",
        "MaxLoesungen",
        "MaxFluchtFelder",
        "Suchen",
        "MehrereLoesungen",
        "KeineSymmetrie",
        "NichtTrivial",
        "HalteMattsetzendenStein",
        "EnPassant",
        "OhneBrett",
        "OhneKurzVarianten",
        "HalbDuplex",
        "NachSchluessel",
        "Intelligent",
        "MaxZeit",
        "KeineRochade",
        "Quodlibet",
        "StopNachKurzloesungen",
        "Pieps",
        "OhneGitter",
        "ZeichneGitter",
        "RochadenGegenseitigAusschliessend",
        "ZielIstEnde",
        "nichtpublizierteoption",
        "NullZuege",
        "BisZugnummer",
        "TrivialeFehlversucheUnterdruecken",
        "MattsIn1",
    ],
    [
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
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn condition_prefixes_are_read_where_popeye_reads_them() {
        let read = |condition: &str| {
            let text =
                format!("begin\npieces white ke1 black ke8\ncondition {condition}\nstip #2\nend");
            let problem = crate::popeye::read_str(&text).next().unwrap();
            problem
                .map(|p| p.conditions.to_string())
                .map_err(|e| e.to_string())
        };
        assert_eq!(read("annan").unwrap(), "annan");
        assert_eq!(read("AnnanChess typed").unwrap(), "annan typed");
        // Below Popeye's shortest prefix, and French's name only whole (Popeye's
        // table writes `AnnanEchecs` twice).
        assert!(read("an").is_err());
        let french = "debut\npieces blanc re1 noir re8\ncondition annan\nenonce #2\nfin";
        assert!(crate::popeye::read_str(french).next().unwrap().is_err());
    }

    #[test]
    fn unique_prefixes_as_popeye_reads_them() {
        assert_eq!(lookup(&PROBLEM[2], "st"), Lookup::Found(7));
        assert_eq!(lookup(&PROBLEM[2], "s"), Lookup::Ambiguous);
        assert_eq!(lookup(&PROBLEM[2], "PIECES"), Lookup::Found(4));
        assert_eq!(lookup(&PROBLEM[2], "p"), Lookup::Ambiguous);
        assert_eq!(lookup(&PROBLEM[2], "LaTeX"), Lookup::Found(11));
        assert_eq!(lookup(&PROBLEM[2], "t"), Lookup::Found(10));
        assert_eq!(lookup(&PROBLEM[2], "x"), Lookup::None);
        assert_eq!(lookup(&END[2], "e"), Lookup::Found(0));
        assert_eq!(lookup(&END[2], "next"), Lookup::Found(1));
        assert_eq!(lookup(&BEGIN[2..], "Begin"), Lookup::Found(0));
        assert_eq!(lookup(&OPTIONS[2], "set"), Lookup::Found(1));
        assert_eq!(lookup(&OPTIONS[2], "try"), Lookup::Found(11));
        assert_eq!(lookup(&OPTIONS[2], "vari"), Lookup::Found(3));
        assert_eq!(lookup(&OPTIONS[2], "maxsol"), Lookup::Found(12));
        assert_eq!(lookup(&OPTIONS[2], "max"), Lookup::Ambiguous);
        assert_eq!(lookup(&OPTIONS[2], ""), Lookup::None);
        assert_eq!(
            candidates(&OPTIONS[2], "max"),
            "MaxSolutions, MaxFlightsquares, MaxTime"
        );
        assert_eq!(lookup(&COLOURS[2], "w"), Lookup::Found(0));
        assert_eq!(lookup(&ATTRIBUTES[2], "k"), Lookup::Found(1));
    }
}
