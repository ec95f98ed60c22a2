//! Move counters as python-chess keeps them: they never wrap. kibitz keeps 64
//! bits, saturates at the top and says clearly when a FEN's number is larger.

use kibitz::Position;

#[test]
fn move_counters_do_not_wrap_at_2_to_the_32() {
    // python-chess counts without bound; kibitz keeps 64 bits and says so past them.
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295").unwrap();
    let mv = kibitz::notation::parse_san(&pos, "Kd7").unwrap();
    pos.play(mv).unwrap();
    assert_eq!(pos.fen(), "8/3k4/8/8/8/8/8/4K3 w - - 4294967296 4294967296");
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 4294967296").unwrap();
    assert_eq!(pos.fullmoves(), 4_294_967_296);
    let max = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 18446744073709551615").unwrap();
    let mut after = max.clone();
    after
        .play(kibitz::notation::parse_san(&max, "Kd7").unwrap())
        .unwrap();
    assert_eq!(after.fullmoves(), u64::MAX, "saturates, never wraps to 0");
    let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 18446744073709551616").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid FEN: move number \"18446744073709551616\" is larger than 18446744073709551615, the largest kibitz keeps"
    );
    let err = Position::from_fen(&format!("4k3/8/8/8/8/8/8/4K3 b - - {} 1", "9".repeat(300)))
        .unwrap_err();
    assert!(err.to_string().contains("is larger than"), "{err}");
    assert!(err.to_string().chars().count() < 200, "{err}");
}
