//! The PGN peer of `kibitz-bench stream`: pgn-reader 0.29 with shakmaty, as a whole
//! process.
//!
//! ```text
//! peer_pgn read FILE   # tags and SAN tokens read, no move played; prints the totals
//! peer_pgn play FILE   # every SAN move played with shakmaty; one line per game
//! ```
//!
//! `FILE` may be `-` for standard input. In `play` mode each game's line holds what
//! `kibitz pgn FILE` prints: the game number, the plies, the result (the one after the
//! moves, else the `[Result]` tag, else `*`), the final FEN and the tags, so that both
//! sides do the same work: decode the tags, play every move, write the FEN.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use pgn_reader::{Outcome, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// Counts games, tags and SAN tokens without playing anything.
#[derive(Default)]
struct Counter {
    games: u64,
    tags: u64,
    sans: u64,
}

impl Visitor for Counter {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), _name: &[u8], _value: RawTag<'_>) -> ControlFlow<()> {
        self.tags += 1;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), _san: SanPlus) -> ControlFlow<()> {
        self.sans += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
}

/// One game being played: its tags, position, plies, result and first error.
struct Game {
    tags: Vec<(String, String)>,
    pos: Chess,
    plies: usize,
    outcome: Option<Outcome>,
    error: Option<String>,
}

/// Plays every move of every game and writes one line per game.
struct Player<W> {
    out: W,
    games: u64,
    failed: u64,
    io: Option<io::Error>,
}

impl<W: Write> Visitor for Player<W> {
    type Tags = Vec<(String, String)>;
    type Movetext = Game;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<(), Game> {
        let mut error = None;
        let pos = match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")) {
            None => Chess::default(),
            Some((_, fen)) => match Fen::from_ascii(fen.trim().as_bytes())
                .map_err(|e| e.to_string())
                .and_then(|f| {
                    f.into_position(CastlingMode::Standard)
                        .map_err(|e| e.to_string())
                }) {
                Ok(pos) => pos,
                Err(err) => {
                    error = Some(format!("bad FEN tag: {err}"));
                    Chess::default()
                }
            },
        };
        ControlFlow::Continue(Game {
            tags,
            pos,
            plies: 0,
            outcome: None,
            error,
        })
    }

    fn san(&mut self, game: &mut Game, san: SanPlus) -> ControlFlow<()> {
        if game.error.is_none() {
            match san.san.to_move(&game.pos) {
                Ok(mv) => {
                    game.pos.play_unchecked(mv);
                    game.plies += 1;
                }
                Err(err) => game.error = Some(format!("ply {}: {err}: {san}", game.plies + 1)),
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, game: &mut Game, outcome: Outcome) -> ControlFlow<()> {
        game.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Game) {
        if let Some(err) = &game.error {
            self.failed += 1;
            eprintln!("peer_pgn: game {}: {err}", self.games);
            return;
        }
        let result = match game.outcome {
            Some(outcome) => outcome.as_str(),
            None => game
                .tags
                .iter()
                .find(|(n, _)| n == "Result")
                .map_or("*", |(_, v)| v.as_str()),
        };
        let tags: Vec<String> = game
            .tags
            .iter()
            .map(|(n, v)| format!("{n}={v:?}"))
            .collect();
        let written = writeln!(
            self.out,
            "{}\t{} plies\t{result}\t{}\t{}",
            self.games,
            game.plies,
            Fen::from_position(&game.pos, EnPassantMode::Legal),
            tags.join(" ")
        );
        if let Err(err) = written {
            self.io.get_or_insert(err);
        }
    }
}

fn run(mode: &str, name: &str) -> io::Result<ExitCode> {
    let input: Box<dyn Read> = if name == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(File::open(name)?)
    };
    let mut reader = Reader::new(input);
    let stdout = io::stdout().lock();
    match mode {
        "read" => {
            let mut counter = Counter::default();
            reader.visit_all_games(&mut counter)?;
            let mut out = BufWriter::new(stdout);
            writeln!(
                out,
                "{} games, {} tags, {} SAN tokens",
                counter.games, counter.tags, counter.sans
            )?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        _ => {
            let mut player = Player {
                out: BufWriter::new(stdout),
                games: 0,
                failed: 0,
                io: None,
            };
            reader.visit_all_games(&mut player)?;
            if let Some(err) = player.io.take() {
                return Err(err);
            }
            player.out.flush()?;
            Ok(if player.failed > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, name] = args.as_slice() else {
        eprintln!("usage: peer_pgn read|play FILE");
        return ExitCode::from(2);
    };
    if mode != "read" && mode != "play" {
        eprintln!("peer_pgn: unknown mode {mode:?} (read or play)");
        return ExitCode::from(2);
    }
    match run(mode, name) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("peer_pgn: {name}: {err}");
            ExitCode::from(2)
        }
    }
}
