//! A mate in one left on the board when a game ended (resigned, lost on time) is
//! reported: a record of the final position, without a move played.

use kibitz_scan::mate::MateScan;

#[test]
fn a_mate_on_the_final_position_is_reported() {
    let scan = MateScan::default();
    // White resigns (0-1) with Qxf7# on the board; Black had no mate before.
    let game = b"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 0-1";
    let (rows, totals) = scan.game_rows([(&game[..], None)]);
    let last = rows.last().expect("a record of the final position");
    assert_eq!(last.ply, Some(7));
    assert_eq!(last.played_san, None);
    assert_eq!(last.missed, None);
    assert_eq!(totals.positions, 7);
    // The same mates as the position alone, given as a FEN, has.
    let fen = last.fen.clone().unwrap();
    let (alone, _) = scan.game_rows([(&b"*"[..], Some(fen.as_str()))]);
    assert_eq!(alone.len(), 1, "{alone:?}");
    assert!(!alone[0].mates.is_empty());
    assert_eq!(last.mates, alone[0].mates);

    // A game cut off (no result) or stopped by an error is not looked at there.
    let (rows, _) = scan.game_rows([(&b"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Zz9 *"[..], None)]);
    assert!(
        rows.iter()
            .all(|r| r.played_san.is_some() || r.error.is_some()),
        "{rows:?}"
    );
}
