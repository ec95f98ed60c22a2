//! Musketeer Chess from its very first move: selection and placement as moves
//! (the published rules, Zied Haddad 2011, as fsmosca/musketeer-chess describes
//! them), checked against the published perft tables in
//! `$KIBITZ_TEST_DATA/musketeer/` (see `PROVENANCE.md`): the positions six plies
//! from the start are exactly the tables' start positions of the pair selected.

use std::collections::BTreeSet;

use crate::common::{musketeer, variant_ucis};
use kibitz::variant::VariantPosition;

/// The FEN without its move counters (the tables number their start positions 1).
fn board_part(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_game_starts_with_the_selection() {
    let v = musketeer();
    let pos = VariantPosition::startpos(&v);
    assert!(pos.is_pregame());
    assert_eq!(
        pos.fen(),
        "********/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/********[] w KQkq - 0 1"
    );
    let names: BTreeSet<String> = variant_ucis(&pos).into_iter().collect();
    let want: BTreeSet<String> = v
        .pieces()
        .iter()
        .filter(|p| "LCUDMAEHFS".contains(p.letter))
        .map(|p| p.name.clone())
        .collect();
    assert_eq!(names.len(), 10);
    assert_eq!(names, want);
    assert_eq!(pos.outcome(), None);
    assert!(!pos.is_check());
    assert!(pos.mates_in_one().is_empty());
    // Black may not select White's piece.
    let mut pos = pos;
    pos.play_uci("leopard").unwrap();
    assert_eq!(
        pos.fen(),
        "********/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/********[Ll] b KQkq - 0 1"
    );
    assert!(pos.parse_uci("leopard").is_err());
    assert_eq!(variant_ucis(&pos).len(), 9);
}

/// The example game of the published rules: `1. leopard cannon 2. L@b0 L@g9
/// 3. C@d0 C@f9 4. d4 Nf6/L`.
#[test]
fn the_published_example_game() {
    let v = musketeer();
    let mut pos = VariantPosition::startpos(&v);
    let mut fens = Vec::new();
    for text in [
        "leopard", "Cannon", "L@b0", "L@g9", "C@d0", "C@f9", "d4", "Nf6/L",
    ] {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.san(&mv).to_lowercase(), text.to_lowercase());
        pos.play(&mv).unwrap();
        // Every FEN of the first moves reads back to the same position.
        let again = VariantPosition::from_fen(&v, &pos.fen()).unwrap();
        assert_eq!(again, pos, "{}", pos.fen());
        fens.push(pos.fen());
    }
    assert_eq!(
        fens[1],
        "********/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/********[LClc] w KQkq - 0 2"
    );
    assert_eq!(
        fens[2],
        "********/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/*L******[Clc] b KQkq - 0 2"
    );
    assert_eq!(
        fens[5],
        "*****cl*/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/*L*C**** w KQkq - 0 4"
    );
    assert!(!pos.is_pregame());
    assert_eq!(
        pos.fen(),
        "*****c**/rnbqkblr/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR/*L*C**** w KQkq - 1 5"
    );
    // The same game in UCI.
    let mut again = VariantPosition::startpos(&v);
    for text in [
        "leopard", "cannon", "L@b0", "L@g9", "C@d0", "C@f9", "d2d4", "g8f6l",
    ] {
        again
            .play_uci(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    assert_eq!(again, pos);
}

#[test]
fn a_placement_breaking_the_king_rook_rule_is_an_error_naming_it() {
    let v = musketeer();
    let mut pos = VariantPosition::startpos(&v);
    for text in ["hawk", "spider", "H@e0", "H@a9"] {
        pos.play_uci(text).unwrap();
    }
    // White's hawk is over the king's file: the spider may not go over a rook's.
    let moves = variant_ucis(&pos);
    assert!(!moves.contains(&"S@a0".to_string()), "{moves:?}");
    assert!(!moves.contains(&"S@h0".to_string()), "{moves:?}");
    assert!(moves.contains(&"S@b0".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 5, "{moves:?}");
    for text in ["S@a0", "S@h0"] {
        let err = pos.parse_move(text).unwrap_err().to_string();
        assert!(err.contains("king/rook rule"), "{err}");
    }
    // Not the piece whose turn it is, or an occupied file: merely illegal.
    let err = pos.parse_move("S@e0").unwrap_err().to_string();
    assert!(!err.contains("king/rook"), "{err}");
    pos.play_uci("S@c0").unwrap();
    // Black's hawk is over a rook's file: its spider may not go over the king's.
    let err = pos.play_uci("S@e9").unwrap_err().to_string();
    assert!(
        err.contains("king/rook rule") && err.contains("black"),
        "{err}"
    );
    pos.play_uci("S@d9").unwrap();
    assert!(!pos.is_pregame());
}

#[test]
fn pregame_fens_that_cannot_happen_are_errors() {
    let v = musketeer();
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (fen, why) in [
        (
            format!("********/{board}/********[] b KQkq - 0 1"),
            "White selects first",
        ),
        (
            format!("********/{board}/********[L] b KQkq - 0 1"),
            "same selected",
        ),
        (
            format!("********/{board}/********[Ll] w KQkq - 0 1"),
            "Black selects",
        ),
        (
            format!("********/{board}/********[LClc] b KQkq - 0 1"),
            "White places first",
        ),
        (
            format!("********/{board}/********[LCcl] w KQkq - 0 1"),
            "order selected",
        ),
        (
            format!("********/{board}/********[Qq] b KQkq - 0 1"),
            "not a musketeer piece",
        ),
        (
            format!("********/{board}/********[LLll] w KQkq - 0 1"),
            "twice",
        ),
        (
            format!("********/{board}/********[Ll b KQkq - 0 1"),
            "does not end",
        ),
    ] {
        let err = VariantPosition::from_fen(&v, &fen).unwrap_err().to_string();
        assert!(err.contains(why), "{fen}: {err}");
    }
    // A bracket left empty once everything is placed is the game under way.
    let pos = VariantPosition::from_fen(&v, &format!("*l*c****/{board}/*L*C****[] w KQkq - 0 1"))
        .unwrap();
    assert!(!pos.is_pregame());
    assert!(!pos.fen().contains('['));
}

/// Six plies from the start (two selections, four placements) reach exactly the
/// 2,704 start positions of the published table of the pair selected, in
/// either order of selection.
#[test]
fn six_plies_from_the_start_reach_the_published_start_positions() {
    let Some(dir) = kibitz_testdata::path("musketeer") else {
        return;
    };
    let v = musketeer();
    let start = VariantPosition::startpos(&v);
    assert_eq!(start.perft(2), 90);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_lowercase();
        let (a, b) = stem.split_once('_').unwrap();
        let table: BTreeSet<String> = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .filter_map(|l| l.rsplit_once(',').map(|(fen, _)| board_part(fen)))
            .collect();
        assert_eq!(table.len(), 2704, "{stem}");
        for (first, second) in [(a, b), (b, a)] {
            let mut pos = start.clone();
            pos.play_uci(first).unwrap();
            pos.play_uci(second).unwrap();
            assert_eq!(pos.perft(4), 2704, "{first} {second}");
            let mut reached = BTreeSet::new();
            walk(&pos, 4, &mut reached);
            assert_eq!(reached, table, "{first} then {second}");
        }
    }
}

fn walk(pos: &VariantPosition, depth: u32, out: &mut BTreeSet<String>) {
    if depth == 0 {
        assert!(!pos.is_pregame());
        out.insert(board_part(&pos.fen()));
        return;
    }
    for mv in pos.legal_moves() {
        let mut next = pos.clone();
        next.play(&mv).unwrap();
        walk(&next, depth - 1, out);
    }
}

/// From the first move to castling with gating: the leopard over the king's file
/// enters e1 as the king castles; the cannon over b waits for the knight.
#[test]
fn a_game_from_the_first_move_castles_with_gating() {
    let v = musketeer();
    let mut pos = VariantPosition::startpos(&v);
    for text in [
        "leopard", "cannon", "L@e0", "L@e9", "C@b0", "C@b9", "e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5",
    ] {
        pos.play_uci(&pos.uci(&pos.parse_move(text).unwrap()))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let moves = variant_ucis(&pos);
    assert!(moves.contains(&"e1g1l".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1g1".to_string()), "gating is compulsory");
    let castle = pos.parse_uci("e1g1l").unwrap();
    assert_eq!(pos.san(&castle), "O-O/L");
    pos.play(&castle).unwrap();
    assert_eq!(
        pos.fen(),
        "*c**l***/rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQLRK1/*C****** b kq - 5 7"
    );
    // The knight's departure gates the cannon; a capture on b8 would have lost
    // Black's gate: here Black's knight leaves b8 and its cannon enters.
    let mut black = pos.clone();
    black.play_uci("b8c6c").unwrap();
    assert!(
        black.fen().starts_with("****l***/rcbqk2r/"),
        "{}",
        black.fen()
    );
}
