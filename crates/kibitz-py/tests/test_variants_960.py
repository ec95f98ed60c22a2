"""Chess960 castling in the variant engine (issue 40) against Fairy-Stockfish.

The oracle is pyffish with `is960` on (pinned in requirements-test.txt). For several
variants that castle, seeded random Chess960 start positions are made here (the
king between its two rooks, two bishops on squares of both colours, Black's
back rank mirroring White's; the castling rights written as X-FEN `KQkq` or as
Shredder-FEN rook files, one start in two), and seeded random games are played
from them in Fairy-Stockfish. At every ply kibitz (`--variant NAME --chess960`)
must give the same legal moves in UCI (castling as king takes rook), check, FEN
(rights as rook files, as Fairy-Stockfish writes them) and end of game, and
replaying the game must reach the same FEN after every ply. Also: perft 2 from
positions of those games, the Python module (`variant=..., chess960=True`), and
the variants.ini key `chess960 = true`.

Only the questions are made here (start positions, seeds); every answer is
pyffish's at test time.
"""

import json
import random

import pytest

import kit
from kit import json_lines, kibitz

import pyffish as sf
import fairy_oracle as fo

# Variants that castle with a royal king, and how many games each.
VARIANTS_960 = ['chess', 'capablanca', 'crazyhouse', 'janus', 'embassy', 'centaur',
                'kingofthehill', '3check', 'amazon', 'chancellor']
GAMES = 6
MAX_PLIES = 80
SEED = 960


def back_rank(rng, pieces):
    """A random Chess960 arrangement of `pieces` (White's letters): the king
    between two rooks, two bishops on squares of both colours."""
    while True:
        rank = list(pieces)
        rng.shuffle(rank)
        king = rank.index('K')
        rooks = [i for i, p in enumerate(rank) if p == 'R']
        bishops = [i for i, p in enumerate(rank) if p == 'B']
        if not (rooks[0] < king < rooks[-1]):
            continue
        if len(bishops) == 2 and bishops[0] % 2 == bishops[1] % 2:
            continue
        return ''.join(rank)


def start_960(variant, rng):
    """A Chess960 start position of `variant`, from its own start position with
    both back ranks replaced by one random arrangement."""
    fen = sf.start_fen(variant)
    board, rest = fen.split(' ', 1)
    hand = ''
    if '[' in board:
        board, hand = board.split('[', 1)
        hand = '[' + hand
    rows = board.split('/')
    white = rows[-1]
    assert white.isalpha() and white.isupper(), (variant, fen)
    rank = back_rank(rng, white)
    rows[-1], rows[0] = rank, rank.lower()
    fields = rest.split()
    if rng.random() < 0.5:
        # Shredder-FEN: the rooks' files.
        files = [chr(ord('A') + i) for i, p in enumerate(rank) if p == 'R']
        rights = files[-1] + files[0]
        fields[1] = rights + rights.lower()
    return '/'.join(rows) + hand + ' ' + ' '.join(fields)


def games_of(variant, index):
    rng = random.Random(SEED * 1000 + index)
    games = []
    for g in range(GAMES):
        start = start_960(variant, rng)
        games.append(fo.play_random_game(variant, SEED + 100 * index + g, MAX_PLIES,
                                         start=start, chess960=True))
    return games


_GAMES = {}


def games_for(variant):
    if variant not in _GAMES:
        _GAMES[variant] = games_of(variant, VARIANTS_960.index(variant))
    return _GAMES[variant]


def check_games(args, games, tmp_path, context):
    """Every position of `games` and every move played: kibitz (CLI `args`) against FSF."""
    plies = [ply for game in games for ply in game.plies]
    fens = tmp_path / 'fens.txt'
    fens.write_text(''.join(ply.fen + '\n' for ply in plies))
    records = json_lines(kibitz('moves', *args, '--fens', fens, '--format', 'uci',
                                '--json').stdout)
    assert len(records) == len(plies), context
    ends = {id(game.plies[-1]): game.result for game in games}
    for ply, record in zip(plies, records):
        where = f'{context}\nposition {ply.fen}'
        assert 'error' not in record, f'{where}\n{record.get("error")}'
        assert record['fen'] == ply.fen, where
        got = {m['uci'] for m in record['moves']}
        assert got == ply.moves, (f'{where}\nonly kibitz: {sorted(got - ply.moves)}'
                                  f'\nonly Fairy-Stockfish: {sorted(ply.moves - got)}')
        assert record['check'] == ply.check, where
        if not ply.moves:
            assert record['outcome']['result'] == ends[id(ply)], where
        else:
            assert record.get('outcome') is None, where
    for game in games:
        moves = [ply.played for ply in game.plies if ply.played]
        if not moves:
            continue
        out = kit.run('play', *args, '--fen', game.start, *moves, '--json')
        assert out.returncode == 0, f'{context}\n{game.start}\n{out.stderr[:1000]}'
        assert json.loads(out.stdout)['fens'] == [ply.fen for ply in game.plies[1:]], \
            f'{context}\n{game.start}'


def test_the_games_castle():
    """The games exercise castling: many positions where it is legal, and played."""
    king_takes_rook = 0
    played = 0
    for variant in ['chess', 'capablanca']:
        for game in games_for(variant):
            for ply in game.plies:
                castles = {m for m in ply.moves if castling(ply.fen, m)}
                king_takes_rook += bool(castles)
                played += ply.played in castles
    assert king_takes_rook >= 20 and played >= 2, (king_takes_rook, played)


def castling(fen, move):
    """Is the UCI `move` in `fen` a king taking its own rook (Chess960 castling)?"""
    board = fen.split()[0].split('[')[0]
    rows = board.split('/')
    squares = {}
    for r, row in enumerate(rows):
        rank, file, digits = len(rows) - r, 0, ''
        for ch in row + ' ':
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                file, digits = file + int(digits), ''
            if ch.isalpha():
                squares[f'{chr(97 + file)}{rank}'] = ch
                file += 1
    if len(move) < 4 or not move[0].isalpha() or '@' in move:
        return False
    cut = 2 if not move[2].isdigit() else 3
    frm, to = move[:cut], move[cut:]
    to = to.rstrip('abcdefghijklmnopqrstuvwxyz') if to[-1].isalpha() else to
    a, b = squares.get(frm), squares.get(to)
    return (a is not None and b is not None and a.upper() == 'K' and b.upper() == 'R'
            and a.isupper() == b.isupper())


@pytest.mark.parametrize('variant', VARIANTS_960)
def test_chess960_games_agree(variant, tmp_path):
    check_games(['--variant', variant, '--chess960'], games_for(variant), tmp_path, variant)


@pytest.mark.parametrize('variant', ['chess', 'capablanca', 'crazyhouse'])
def test_chess960_perft_agrees(variant):
    plies = [ply for game in games_for(variant) for ply in game.plies if ply.moves]
    fens = [ply.fen for ply in plies[::max(1, len(plies) // 6)][:6]]
    for fen in fens:
        want = fo.pyffish_perft(variant, fen, 2, True)
        got = json.loads(kibitz('perft', 2, '--variant', variant, '--chess960', '--fen', fen,
                                '--json').stdout)['nodes']
        assert got == want, f'{variant} perft 2 of {fen}'


def test_python_module_plays_chess960_variants():
    import kibitz as kz

    for variant in ['capablanca', 'crazyhouse', 'chess']:
        game = games_for(variant)[0]
        for ply in game.plies[:40]:
            pos = kz.Position(ply.fen, variant=variant, chess960=True)
            assert pos.chess960
            assert pos.fen() == ply.fen
            assert set(pos.legal_moves()) == ply.moves, ply.fen


def test_the_variant_engine_agrees_with_the_orthodox_engine_in_chess960():
    import kibitz as kz

    for game in games_for('chess'):
        for ply in game.plies[:60]:
            variant = kz.Position(ply.fen, variant='chess', chess960=True)
            ortho = kz.Position(ply.fen, chess960=True)
            assert sorted(variant.legal_moves()) == sorted(ortho.legal_moves()), ply.fen
            assert variant.fen() == ortho.shredder_fen(), ply.fen


def test_chess960_without_castling_is_refused():
    out = kit.run('moves', '--variant', 'grand', '--chess960')
    assert out.returncode != 0 and 'no castling' in out.stderr, out.stderr


INI_960 = """[cap960:capablanca]
chess960 = true
"""


def test_the_ini_key_chess960(tmp_path):
    fo.load_config(INI_960)
    assert 'cap960' in sf.variants()
    path = tmp_path / 'variants.ini'
    path.write_text(INI_960)
    rng = random.Random(SEED)
    games = [fo.play_random_game('cap960', SEED + g, MAX_PLIES,
                                 start=start_960('capablanca', rng)) for g in range(3)]
    games.append(fo.play_random_game('cap960', SEED, MAX_PLIES))
    check_games(['--variant', 'cap960', '--variants', path], games, tmp_path, INI_960)
