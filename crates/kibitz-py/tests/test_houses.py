"""The drop built-ins of variant/houses.rs against pyffish 0.0.90.

Their start positions have empty hands (bughouse's pieces come from the partner's
board, which is not played), so besides the seeded games from the start that every
built-in gets (fairy_oracle.FSF_BUILTINS), each is played here from positions with
pieces in hand and promoted pieces on the board: at every ply the legal moves, FEN,
check and game end of both modules, SAN on some plies; and perft along the games,
from Fairy-Stockfish's `go perft` when its binary is built, else from pyffish.
"""

import pytest

pyffish = pytest.importorskip('pyffish')
import fairy_oracle as fo  # noqa: E402
import kibitz  # noqa: E402
from test_pyffish_compat import compare_game, random_game  # noqa: E402

# Positions with pieces in hand (and promoted pieces, marked `~`), per variant.
STARTS = {
    'bughouse': [
        'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[NPbp] w KQkq - 0 3',
        'r3k2r/1P3ppp/8/8/8/8/5PPP/R3K2R[QRBNPqrbnp] w KQkq - 0 20',
        '4k3/1P6/8/3Q~4/8/8/6p1/4K3[Pp] b - - 0 30',
    ],
    # Commoners in hand (one must be dropped), and one side with both.
    'koedem': [
        'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[Kk] w - - 0 1',
        'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQ1B1R[KNPp] b kq - 0 5',
        '4k3/1P6/8/8/8/8/5ppp/8[KQk] w - - 0 30',
    ],
    # Pieces and pawns in hand with gates left, and gates kept with an empty hand.
    'shouse': [
        'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[HNPhbp] w KQBCDFkqcdfg - 0 3',
        'r3k2r/1P3ppp/8/8/8/8/5PPP/R3K2R[PEp] w KQkq - 0 20',
        'rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[] w KQBCDFGkqbcdfg - 0 1',
    ],
    # Every kind in hand (soldiers, advisors and elephants on their points only),
    # and a bare palace where a drop may not check.
    'supply': [
        'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[RNCPABrncpab] w - - 0 1',
        'r1bakab1r/9/1cn4c1/p1p1p3p/6p2/2P6/P3P1P1P/1C2B2C1/9/RN1AKABNR[NPRbp] w - - 0 6',
        '3k5/9/9/9/9/9/9/9/9/4K4[RNCPrnc] w - - 0 40',
    ],
}

GAMES_PER_START = 2
MAX_PLIES = 40
PERFT_DEPTH = 2
PERFT_POSITIONS = 4


def cases():
    return [(v, i) for v in fo.HOUSES for i in range(len(STARTS.get(v, [])))]


@pytest.mark.parametrize('variant,index', cases())
def test_games_from_positions_with_hands(variant, index):
    start = STARTS[variant][index]
    for g in range(GAMES_PER_START):
        _, played = random_game(variant, 500 + 10 * index + g, MAX_PLIES, start=start)
        compare_game(variant, start, played)


@pytest.fixture(scope='module')
def fairy_uci():
    binary = fo.fairy_stockfish_binary()
    if binary is None:
        yield None
        return
    engine = fo.FairyStockfishUci(binary)
    yield engine
    engine.close()


@pytest.mark.parametrize('variant,index', cases())
def test_perft_along_games(variant, index, fairy_uci):
    start = STARTS[variant][index]
    _, played = random_game(variant, 900 + index, MAX_PLIES, start=start)
    step = max(1, len(played) // PERFT_POSITIONS)
    for n in range(0, len(played) + 1, step):
        fen = pyffish.get_fen(variant, start, played[:n])
        if fairy_uci is not None:
            want = fairy_uci.perft(variant, fen, PERFT_DEPTH)
        else:
            want = fo.pyffish_perft(variant, fen, PERFT_DEPTH)
        got = kibitz.Position(fen, variant=variant).perft(PERFT_DEPTH)
        assert got == want, (variant, fen)
