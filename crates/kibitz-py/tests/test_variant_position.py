"""Fairy variants through the Python module (issue 19): `kibitz.Position(fen,
variant=..., variants=...)` and `kibitz.variants()`, answered by the library's one
variant engine, against Fairy-Stockfish (PyPI `pyffish`, pinned in
requirements-test.txt) as the oracle.

Seeded random games are played in Fairy-Stockfish in every built-in variant both
know and in generated user variants (variants.ini sections with random Betza
pieces, boards up to 12 x 10; fairy_oracle.py). At every ply kibitz's Position,
read from Fairy-Stockfish's FEN, must give the same legal moves (UCI), FEN, check
and end of game; a second Position plays the game's moves (UCI and SAN) and must
pass through the same FENs. Perft, SAN and mates in one are compared on positions
of those games. Musketeer (not a Fairy-Stockfish variant) is played from its first
move; its published perft tables are the Rust tests' oracle.

`kibitz.variants()` must list exactly what `kibitz variants --json` writes.
"""

import json
import pickle
import random
from pathlib import Path

import pytest

import kibitz
import kit
from kit import json_lines

# pyffish (Fairy-Stockfish, the oracle) is pinned in requirements-test.txt: imported,
# not skipped without it.
import pyffish as sf
import fairy_oracle as fo

GAMES_PER_BUILTIN = 3
USER_VARIANTS = 12
MAX_PLIES = 60


@pytest.fixture(scope='module')
def user_variants():
    return fo.user_variants(count=USER_VARIANTS, seed=19)


@pytest.fixture(scope='module')
def ini_text(user_variants):
    return '\n'.join(v.section for v in user_variants)


def jobs(user_variants):
    """(variant name, variants.ini text or None, game seed)."""
    out = []
    for i, name in enumerate(fo.FSF_BUILTINS):
        out += [(name, None, 7000 + 100 * i + g) for g in range(GAMES_PER_BUILTIN)]
    for i, v in enumerate(user_variants):
        out.append((v.name, v.section, 9000 + i))
    return out


@pytest.fixture(scope='module')
def games(user_variants, ini_text):
    out = []
    for name, section, seed in jobs(user_variants):
        game = fo.play_random_game(name, seed, MAX_PLIES, section)
        out.append((name, ini_text if section else None, game))
    return out


def position(fen, name, ini):
    return kibitz.Position(fen, variant=name, variants=ini)


def test_games_agree_ply_by_ply(games):
    plies = 0
    for name, ini, game in games:
        played = position(game.start, name, ini)
        for i, ply in enumerate(game.plies):
            where = f'{name} ply {i}: {ply.fen}'
            pos = position(ply.fen, name, ini)
            assert pos.variant == name
            assert pos.fen() == ply.fen, where
            assert played.fen() == ply.fen, where
            # The moves and check of the game played, which holds its history:
            # Janggi's passes end a game by the moves played, which no FEN shows.
            assert set(played.legal_moves()) == ply.moves, where
            assert played.is_check() == ply.check, where
            if name not in fo.HISTORY_ENDS:
                assert set(pos.legal_moves()) == ply.moves, where
            if ply.played is None:
                continue
            plies += 1
            # Play the game alternately in UCI and in kibitz's SAN.
            move = ply.played if i % 2 == 0 else pos.san(ply.played)
            played.play(move)
        end = played if name in fo.HISTORY_ENDS else position(game.plies[-1].fen, name, ini)
        if game.result is None:
            assert end.outcome() is None, name
        else:
            outcome = end.outcome()
            assert outcome is not None and outcome['result'] == game.result, (name, outcome)
            assert end.is_checkmate() == (outcome['reason'] == 'checkmate')
            assert end.is_stalemate() == (outcome['reason'] == 'stalemate')
    assert plies >= 1500, plies


def test_san_agrees_with_fairy_stockfish(games):
    """Every legal move's SAN on a sample of plies, as Fairy-Stockfish writes it."""
    rng = random.Random(191)
    checked = 0
    for name, ini, game in games:
        # Not compared for the shogi family: Fairy-Stockfish writes shogi notation
        # there (`P-76`), and even in its SAN a promoted pawn is a gold (`Ge5`),
        # where kibitz, whose promoted pieces are types of their own, writes `+Pe5`
        # and a promotion `Bxh8=+B`. kibitz's SAN there is played back below
        # (test_games_agree_ply_by_ply plays every other move in it).
        if name in fo.SHOGI_FAMILY:
            continue
        for ply in rng.sample(game.plies, min(3, len(game.plies))):
            pos = position(ply.fen, name, ini)
            for uci in sorted(ply.moves):
                want = sf.get_san(name, ply.fen, uci)
                assert pos.san(uci) == want, f'{name} {ply.fen} {uci}'
                assert pos.uci(want) == uci, f'{name} {ply.fen} {want}'
                checked += 1
    assert checked > 1000, checked


def test_perft_agrees_with_fairy_stockfish(games):
    rng = random.Random(192)
    for name, ini, game in games:
        for ply in rng.sample(game.plies, min(2, len(game.plies))):
            pos = position(ply.fen, name, ini)
            assert pos.perft(2) == fo.pyffish_perft(name, ply.fen, 2), f'{name} {ply.fen}'


def fairy_mates(name, fen, moves):
    """The moves after which Fairy-Stockfish's side to move is checkmated."""
    out = set()
    for m in moves:
        if sf.legal_moves(name, fen, [m]):
            continue
        if sf.gives_check(name, fen, [m]):
            out.add(m)
    return out


def test_mates_in_one_agree_with_fairy_stockfish(games):
    compared = mating = 0
    rng = random.Random(193)
    for name, ini, game in games:
        # The position before a mate, and one more from the game.
        picks = [game.plies[-2]] if game.result and len(game.plies) > 1 else []
        picks.append(rng.choice(game.plies))
        for ply in picks:
            pos = position(ply.fen, name, ini)
            want = fairy_mates(name, ply.fen, ply.moves)
            got = pos.mates_in_one()
            assert {m.uci for m in got} == want, f'{name} {ply.fen}'
            for m in got:
                assert m.san.endswith('#') and m.patterns == [] and m.glance is None
                assert pos.san(m.uci) == m.san
            compared += 1
            mating += bool(want)
    assert compared >= 40 and mating >= 1, (compared, mating)


def test_variants_lists_what_the_cli_lists(tmp_path, ini_text, user_variants):
    path = tmp_path / 'variants.ini'
    path.write_text(ini_text)
    want = json_lines(kit.kibitz('variants', '--json', '--variants', path).stdout)
    assert kibitz.variants(path) == want
    assert kibitz.variants(str(path)) == want
    assert kibitz.variants(ini_text) == want
    names = [v['name'] for v in kibitz.variants()]
    assert names == [v['name'] for v in want][:len(names)]
    assert names[:2] == ['chess', 'musketeer']
    assert [v['name'] for v in want][len(names):] == [v.name for v in user_variants]


def test_variants_from_a_path_and_pickling(tmp_path, user_variants, ini_text):
    path = tmp_path / 'variants.ini'
    path.write_text(ini_text)
    v = user_variants[0]
    fen = sf.start_fen(v.name)
    for source in (path, str(path), ini_text):
        pos = kibitz.Position(variant=v.name, variants=source)
        assert pos.fen() == sf.get_fen(v.name, fen, [])
        assert pos == kibitz.Position(fen, variant=v.name, variants=ini_text)
        again = pickle.loads(pickle.dumps(pos))
        assert again == pos and again.variant == v.name
        assert hash(again) == hash(pos)
    assert kibitz.Position(variant='grand') != kibitz.Position()
    assert repr(kibitz.Position(variant='grand')).endswith("variant='grand')")


def test_musketeer_from_its_first_move():
    pos = kibitz.Position(variant='musketeer')
    assert pos.fen().endswith('/********[] w KQkq - 0 1')
    assert len(pos.legal_moves()) == 10 and 'leopard' in pos.legal_moves()
    assert pos.perft(2) == 90
    for move in ['leopard', 'cannon', 'L@b0', 'L@g9', 'C@d0', 'C@f9', 'd4', 'Nf6/L']:
        pos.play(move)
    assert pos.fen() == ('*****c**/rnbqkblr/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR/*L*C**** '
                         'w KQkq - 1 5')
    # The same position from the FEN, and the gating moves it offers.
    again = kibitz.Position(pos.fen(), variant='musketeer')
    assert again == pos
    assert 'b1c3l' in pos.legal_moves() and 'Nc3/L' in pos.legal_moves(san=True)
    # The king/rook rule, named.
    pos = kibitz.Position(variant='musketeer')
    for move in ['hawk', 'spider', 'H@e0', 'H@a9']:
        pos.play(move)
    with pytest.raises(ValueError, match='king/rook rule'):
        pos.play('S@h0')


def test_bad_input_is_named():
    with pytest.raises(ValueError, match='known variants: chess, musketeer'):
        kibitz.Position(variant='chesss')
    with pytest.raises(ValueError, match='row 2'):
        kibitz.Position('rnabqkbcnr/ppppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1',
                        variant='capablanca')
    with pytest.raises(ValueError, match='variant='):
        kibitz.Position(variants='[x:chess]\n')
    # Chess960 is refused only where it would change nothing or cannot apply.
    with pytest.raises(ValueError, match='no castling for Chess960'):
        kibitz.Position(variant='grand', chess960=True)
    with pytest.raises(ValueError, match='chess960: not supported with Seirawan'):
        kibitz.Position(variant='seirawan', chess960=True)
    with pytest.raises(ValueError, match='frobnicate'):
        kibitz.Position(variant='x', variants='[x:chess]\nfrobnicate = 1\n')
    with pytest.raises(FileNotFoundError):
        kibitz.Position(variant='x', variants=Path('/nonexistent/variants.ini'))
    pos = kibitz.Position(variant='capablanca')
    with pytest.raises(ValueError, match='illegal'):
        pos.play('e2e5')
    for method in ('shredder_fen', 'glance', 'is_insufficient_material'):
        with pytest.raises(ValueError, match='capablanca'):
            getattr(pos, method)()
    with pytest.raises(ValueError, match='capablanca'):
        kibitz.glance(pos)
    # Mates in one and mate threats are every board's (through one face); the
    # pattern names are orthodox chess's.
    assert kibitz.mates_in_one(pos) == pos.mates_in_one() == []
    mate = kibitz.Position('6k3/10/6K3/10/10/10/10/C9 w - - 0 1', variant='capablanca')
    assert [(m.san, m.patterns) for m in kibitz.mates_in_one(mate)] == [('Ca8#', [])]
    threat = kibitz.Position('6k3/10/6K3/10/10/10/10/C9 b - - 0 1', variant='capablanca')
    assert [m.san for m in threat.mate_threats()] == ['Ca8#']
    assert [m.san for m in kibitz.mate_threats(threat)] == ['Ca8#']
    # Solving is for every board: no mate in one from the start, proven.
    record = pos.solve(1)
    assert (record['keys'], record['proven']) == ([], True)


def test_orthodox_outcome():
    """Orthodox positions answer outcome() too: python-chess is the oracle."""
    import chess
    for fen in [chess.STARTING_FEN,
                'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
                '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1',
                '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1']:
        want = chess.Board(fen).outcome()
        got = kibitz.Position(fen).outcome()
        if want is None:
            assert got is None, fen
        else:
            reason = want.termination.name.lower()
            assert got == {'result': want.result(), 'reason': reason}, fen
    assert kibitz.Position().variant is None


# --- the CLI answers as the Python module does ------------------------------------------

def kibitz_walk(name, seed, plies):
    """FENs of a seeded random game played by kibitz itself (for variants
    Fairy-Stockfish does not have): the CLI and Python must answer alike."""
    rng = random.Random(seed)
    pos = kibitz.Position(variant=name)
    fens = [pos.fen()]
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.play(rng.choice(moves))
        fens.append(pos.fen())
    return fens


def test_cli_moves_and_play_answer_as_python_does(tmp_path, games):
    by_variant = {}
    for name, ini, game in games:
        if ini is None:
            by_variant.setdefault(name, []).extend(p.fen for p in game.plies[::7])
    by_variant['musketeer'] = kibitz_walk('musketeer', 5, 40)
    by_variant['sixteen'] = kibitz_walk('sixteen', 6, 40)[::4]
    for name, fens in by_variant.items():
        path = tmp_path / f'{name}.fens'
        path.write_text('\n'.join(fens) + '\n')
        out = kit.run('moves', '--variant', name, '--fens', path, '--format', 'uci', '--json')
        assert out.returncode == 0, out.stderr
        records = json_lines(out.stdout)
        assert len(records) == len(fens), name
        for fen, record in zip(fens, records):
            pos = kibitz.Position(fen, variant=name)
            assert record['fen'] == pos.fen(), (name, fen)
            assert [m['uci'] for m in record['moves']] == pos.legal_moves(), (name, fen)
            assert [m['san'] for m in record['moves']] == pos.legal_moves(san=True)
            assert record['check'] == pos.is_check(), (name, fen)
            assert record['outcome'] == pos.outcome(), (name, fen)
        # The text form, one move a line.
        fen = fens[len(fens) // 2]
        pos = kibitz.Position(fen, variant=name)
        for fmt, san in (('uci', False), ('san', True)):
            out = kit.run('moves', '--variant', name, '--fen', fen, '--format', fmt)
            assert out.stdout.split() == pos.legal_moves(san=san), (name, fen, fmt)
    # A Musketeer game from its first move, through `kibitz play`, in SAN and UCI.
    moves = ['leopard', 'cannon', 'L@b0', 'L@g9', 'C@d0', 'C@f9', 'd4', 'g8f6l']
    out = kit.run('play', '--variant', 'musketeer', *moves, '--json')
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout)
    pos = kibitz.Position(variant='musketeer')
    sans, fens = [], []
    for move in moves:
        sans.append(pos.san(move))
        pos.play(move)
        fens.append(pos.fen())
    assert record == {'fen': pos.fen(), 'moves': sans, 'fens': fens, 'outcome': pos.outcome()}
    out = kit.run('play', '--variant', 'musketeer', 'hawk', 'spider', 'H@e0', 'H@a9',
                  'S@h0')
    assert out.returncode == 1
    assert 'move 5' in out.stderr and 'king/rook rule' in out.stderr, out.stderr
