"""`kibitz solve` on Popeye problem files, checked against python-chess and against
the same problems given as FEN.

* Round trip: Popeye text written from python-chess positions (seeded random games,
  Lichess puzzles) reads back as the position python-chess sets up for the diagram
  (side to move from the stipulation, castling where king and rook stand at home).
* Same answer: every problem's record equals the record of `kibitz solve --fen` on
  that FEN with the matching flags (only `input`, the problem's own fields and the
  time differ).
* Errors: a word outside the subset makes that problem an error record naming the
  word and its line; every other problem still gets its record, in order.
"""

import random

import chess
import pytest

import kit
import popeye_gen

PROBLEM_FIELDS = {'input', 'problem', 'title', 'author', 'origin', 'award', 'remark',
                  'stipulation', 'ms'}


def run(args, stdin=None):
    return kit.records('solve', '--json', *args, stdin=stdin)


def random_problems(seed, count, stipulations):
    """(board, stipulation) pairs from seeded random games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = popeye_gen.random_position(rng, rng.randint(0, 90))
        out.append((board, rng.choice(stipulations)))
    return out


def mate_in_two_puzzles(limit):
    """Lichess mateIn2 puzzle positions, mirrored when Black is to move (a Popeye
    #2 has White to move)."""
    return [(board.mirror() if board.turn == chess.BLACK else board, '#2')
            for board, _ in kit.puzzles('mixed_range_*.csv', theme='mateIn2', limit=limit)]


def write_file(tmp_path, rng, problems, options=()):
    texts = [popeye_gen.problem_text(rng, board, stip, list(options), title=f'problem {i + 1}')
             for i, (board, stip) in enumerate(problems)]
    path = tmp_path / 'problems.txt'
    path.write_text(popeye_gen.popeye_file(rng, texts))
    return path


def test_popeye_text_round_trips_to_the_python_chess_position(tmp_path):
    rng = random.Random(7)
    problems = random_problems(11, 150, ['#1', 'h#1', 'h#0.5', 's#1'])
    path = write_file(tmp_path, rng, problems)
    # A bound of one move and few nodes: this test is about the positions.
    code, records = run([str(path), '--nodes', '1000'])
    assert len(records) == len(problems)
    checked = 0
    for i, ((board, stip), record) in enumerate(zip(problems, records)):
        assert record['problem'] == i + 1
        diagram = popeye_gen.diagram_board(board, stip)
        if diagram.is_valid():
            assert 'error' not in record, record
            assert record['fen'] == diagram.fen(), (stip, board.fen())
            assert record['title'] == f'problem {i + 1}'
            checked += 1
        else:
            # python-chess refuses the diagram (the side not to move in check):
            # so does kibitz, in an error record naming the position.
            assert 'the position' in record['error'], record
    assert checked > 100
    assert code in (0, 1)


# (stipulations, Popeye options, the same as `kibitz solve` flags)
SAME_ANSWER = [
    (['#1', '#2', '#3'], [], []),
    (['#2'], ['vari'], ['--tree']),
    (['#2'], ['maxtime 600'], ['--time', '600']),
    (['#2', 's#1', 's#2'], ['set'], ['--set']),
    (['#2', 's#2'], ['try'], ['--tries']),
    (['#2'], ['defence 2'], ['--tries', '--max-refutations', '2']),
    (['#2'], ['set', 'try', 'vari'], ['--set', '--tries', '--tree']),
    (['h#1', 'h#2', 'h#0.5', 'h#1.5'], [], []),
    (['h#1', 'h#2'], ['maxsol 1'], ['--max-solutions', '1']),
    (['s#1', 's#2'], ['vari'], ['--tree']),
]
# Both sides get the same node limit: a problem too hard for it compares its
# unproven records, which are deterministic too.
NODES = ['--nodes', '300000']


@pytest.mark.parametrize('stipulations,options,flags', SAME_ANSWER)
def test_same_answer_as_fen(tmp_path, stipulations, options, flags):
    rng = random.Random(3)
    problems = [(b, s) for b, s in random_problems(5, 30, stipulations)
                if popeye_gen.diagram_board(b, s).is_valid()]
    # Mates in two that exist, from Lichess, where the data is present.
    if '#2' in stipulations:
        try:
            problems += mate_in_two_puzzles(20)
        except pytest.skip.Exception:
            pass
    path = write_file(tmp_path, rng, problems, options)
    _, from_popeye = run([str(path), *NODES])
    assert len(from_popeye) == len(problems)
    for (board, stip), record in zip(problems, from_popeye):
        assert record.get('stipulation') == stip, record.get('error')
        fen = popeye_gen.diagram_board(board, stip).fen()
        _, [from_fen] = run(['--fen', fen, '--stip', stip, *NODES, *flags])
        assert {k: v for k, v in record.items() if k not in PROBLEM_FIELDS} == \
            {k: v for k, v in from_fen.items() if k not in PROBLEM_FIELDS}, (stip, fen)


FAIRY = ['g', 'n', 'ca', 'z', 'am', 'le', 'gn', 'rh', 'li', 'nh', 'ma', 'pa']


def test_fairy_problems_same_answer_as_their_variant_fen(tmp_path):
    """Fairy pieces replace some of a random position's; each problem's record
    equals `kibitz solve --variants INI --variant popeye --fen FEN --stip S` with
    the variant written from the record's fairy pieces (letters and Betza)."""
    rng = random.Random(17)
    texts, diagrams = [], []
    while len(texts) < 40:
        board = popeye_gen.random_position(rng, rng.randint(10, 70))
        stip = rng.choice(['#1', '#2', 'h#1', 'h#2', 's#1'])
        men = {sq: (p.color, popeye_gen.CODES[p.piece_type])
               for sq, p in board.piece_map().items()}
        officers = [sq for sq, (_, code) in men.items() if code not in ('k', 'p')]
        for sq in rng.sample(officers, min(len(officers), rng.randint(1, 3))):
            men[sq] = (men[sq][0], rng.choice(FAIRY))
        words = ['pieces']
        for color, name in ((chess.WHITE, 'white'), (chess.BLACK, 'black')):
            words.append(name)
            words += [code + chess.square_name(sq) for sq, (c, code) in sorted(men.items()) if c == color]
        texts.append(f"{' '.join(words)}\nstipulation {stip}")
        diagrams.append((men, stip))
    path = tmp_path / 'fairy.txt'
    path.write_text(popeye_gen.popeye_file(rng, texts))
    _, records = run([str(path), *NODES])
    assert len(records) == len(texts)
    compared = 0
    for (men, stip), record in zip(diagrams, records):
        if 'error' in record:
            # The side not to move in check (by a fairy piece, say): no position.
            assert 'the position' in record['error'], record['error']
            continue
        letters = {f['code'].lower(): f['letter'] for f in record.get('fairy', [])}
        letters.update({'k': 'K', 'q': 'Q', 'r': 'R', 'b': 'B', 's': 'N', 'p': 'P'})
        placement = chess.Board(None)
        rows = []
        for rank in range(7, -1, -1):
            row, empty = '', 0
            for file in range(8):
                man = men.get(chess.square(file, rank))
                if man is None:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                letter = letters[man[1]]
                row += letter if man[0] == chess.WHITE else letter.lower()
            rows.append(row + (str(empty) if empty else ''))
        assert record['fen'].split()[0] == '/'.join(rows)
        del placement
        if not record.get('fairy'):
            continue
        ini = tmp_path / 'popeye.ini'
        custom = '\n'.join(f"customPiece{i + 1} = {f['letter'].lower()}:{f['betza']}"
                            for i, f in enumerate(record['fairy']))
        promotions = 'qrbn' + ''.join(f['letter'].lower() for f in record['fairy'])
        ini.write_text(f'[popeye:chess]\n{custom}\npromotionPieceTypes = {promotions}\n')
        _, [from_fen] = run(['--variants', str(ini), '--variant', 'popeye', '--fen', record['fen'],
                             '--stip', stip, *NODES])
        assert {k: v for k, v in record.items() if k not in PROBLEM_FIELDS | {'fairy'}} == \
            {k: v for k, v in from_fen.items() if k not in PROBLEM_FIELDS}, (stip, record['fen'])
        compared += 1
    assert compared >= 15


BAD = [
    ('condition maximummer', 'maximummer'),
    ('option postkeyplay', 'postkeyplay'),
    ('frobnicate', 'frobnicate'),
    ('option nosymmetry', 'nosymmetry'),
    ('stipulation pser-h#2', 'pser-h#2'),
    ('pieces white kaf3', 'kaf3'),
    ('option max 3', 'max'),
    ('sstipulation white 6hh[/2da[#]{!+}]', '6hh[/2da[#]{!+}]'),
    ('forsyth 8/8/=K7', '8/8/=K7'),
]


def test_words_outside_the_subset_are_error_records_and_the_others_are_solved(tmp_path):
    rng = random.Random(5)
    problems = [(b, s) for b, s in random_problems(9, 80, ['#1'])
                if popeye_gen.diagram_board(b, s).is_valid()][:40]
    texts, bad_at = [], {}
    for i, (board, stip) in enumerate(problems):
        text = popeye_gen.problem_text(rng, board, stip)
        if i % 4 == 1:
            line, word = BAD[(i // 4) % len(BAD)]
            lines = text.split('\n')
            at = rng.randint(0, len(lines))
            lines.insert(at, line)
            text = '\n'.join(lines)
            bad_at[i] = (word, at)
        texts.append(text)
    content = popeye_gen.popeye_file(rng, texts)
    path = tmp_path / 'bad.txt'
    path.write_text(content)
    # The line of each problem's first text line in the file.
    starts, line = [], 2
    for text in texts:
        starts.append(line)
        line += text.count('\n') + 2
    code, records = run([str(path)])
    assert code == 1
    assert [r['problem'] for r in records] == list(range(1, len(problems) + 1))
    for i, record in enumerate(records):
        if i in bad_at:
            word, at = bad_at[i]
            assert 'error' in record, record
            assert f'`{word}`' in record['error'], (record['error'], word)
            assert record['input'] == f'{path}:{starts[i] + at}', (record, word)
        else:
            assert 'error' not in record, record
            assert record['fen'] == popeye_gen.diagram_board(*problems[i]).fen()


def test_popeye_flag_and_detection(tmp_path):
    text = 'BeginProblem\npieces white kf3 rd1 black kh4\nstipulation #3\nEndProblem\n'
    _, [record] = run(['-'], stdin=text.encode())
    assert record['mate'] == 2 and record['stipulation'] == '#3'
    # `beg` is a prefix Popeye accepts, but too short to tell the file apart: --popeye.
    short = text.replace('BeginProblem', 'beg')
    code, records = run(['--popeye', '-'], stdin=short.encode())
    assert code == 0 and records[0]['mate'] == 2
    code, records = run(['-'], stdin=short.encode())
    assert code == 1 and 'error' in records[0]


@pytest.mark.parametrize('language', ['german', 'french', 'english'])
def test_languages_forsyth_and_twins_yield_the_python_chess_positions(tmp_path, language):
    """Problems written in German, French or English keywords and piece codes,
    as `pieces` or `forsyth`, with twins (rotate, mirror, polish, move, remove):
    each twin's record has the position python-chess computes for it."""
    rng = random.Random({'german': 3, 'french': 5, 'english': 9}[language])
    problems = random_problems({'german': 13, 'french': 17, 'english': 19}[language], 40,
                               ['#1', 'h#1', 's#1'])
    texts, expected = [], []
    for board, stip in problems:
        changes = [popeye_gen.random_change(rng, board) for _ in range(rng.randint(0, 3))]
        texts.append(popeye_gen.language_problem(rng, board, stip, language, changes))
        # The diagram is twin a) when there are twins, then one twin a change.
        want = [(None if not changes else 'a)', popeye_gen.diagram_board(board, stip))]
        for i, change in enumerate(changes):
            twin = popeye_gen.twin_board(board, change)
            label = 'bcdefgh'[i] + ')'
            want.append((label, None if twin is None else popeye_gen.diagram_board(twin, stip)))
        expected.append(want)
    path = tmp_path / 'problems.txt'
    path.write_text(popeye_gen.language_file(rng, texts, language))
    _, records = run([str(path), '--nodes', '1'])
    flat = [(i + 1, label, board) for i, want in enumerate(expected) for label, board in want]
    assert len(records) == len(flat)
    checked = 0
    for (number, label, board), record in zip(flat, records):
        assert record['problem'] == number
        if label is not None and 'error' in record:
            assert f'problem {number} {label}:' in record['error'], record
        elif 'error' not in record:
            assert record.get('twin') == label, record
        if board is not None and board.is_valid():
            assert 'error' not in record, record
            assert record['fen'] == board.fen(), record
            checked += 1
        elif board is None:
            # Nothing on the square to move or remove: an error naming the twin.
            assert 'no piece on the square' in record['error'], record
        elif 'error' not in record:
            # python-chess refuses positions kibitz plays (an impossible
            # check after a rotation); the pieces are still python-chess's.
            assert record['fen'] == board.fen(), record
    assert checked > 40
