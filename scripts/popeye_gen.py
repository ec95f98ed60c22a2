"""Popeye problem files generated from python-chess positions (seeded), for the
Popeye tests and the fuzz target's seeds: keywords in random case and
abbreviations Popeye accepts, pieces grouped (`pa2b3`) or not, and the FEN each
problem stands for, computed by python-chess.

A Popeye diagram has no side to move and no castling or en passant field: the
stipulation gives the side (Black in h#n, White otherwise), castling is allowed
where king and rook stand on their first squares, and there is no en passant.
"""

from __future__ import annotations

import random

import chess

# Popeye's English piece codes (S is the knight).
CODES = {chess.KING: 'k', chess.QUEEN: 'q', chess.ROOK: 'r', chess.BISHOP: 'b',
         chess.KNIGHT: 's', chess.PAWN: 'p'}

# Spellings Popeye reads: any case, any prefix that begins one keyword only. None
# is a piece code alone (`n` the nightrider, `st` the sting, `bl` the bishop-lion):
# after a piece list Popeye reads those as a piece, and so does kibitz; nor `t`,
# which begins the colour TotalInvisible.
SPELLINGS = {
    'beginproblem': ['beginproblem', 'BeginProblem', 'begin', 'BEGIN'],
    'nextproblem': ['nextproblem', 'NextProblem', 'next', 'NEXT'],
    'endproblem': ['endproblem', 'EndProblem', 'end', 'e'],
    'pieces': ['pieces', 'Pieces', 'pi', 'PIEC'],
    'stipulation': ['stipulation', 'Stipulation', 'stip', 'stipul'],
    'option': ['option', 'Option', 'opt', 'op'],
    'title': ['title', 'Title', 'TITL', 'tit'],
    'author': ['author', 'Author', 'au'],
    'white': ['white', 'White', 'w', 'wh'],
    'black': ['black', 'Black', 'blac', 'BLACK'],
    'setplay': ['SetPlay', 'set', 'setp'],
    'try': ['Try', 'try'],
    'variations': ['Variations', 'vari', 'va'],
    'defence': ['Defence', 'def'],
    'maxsolutions': ['MaxSolutions', 'maxsol', 'maxs'],
}


def spell(rng: random.Random, word: str) -> str:
    return rng.choice(SPELLINGS[word])


def diagram_board(board: chess.Board, stipulation: str) -> chess.Board:
    """The position a Popeye diagram of `board`'s pieces stands for."""
    out = chess.Board(None)
    out.set_piece_map(board.piece_map())
    out.turn = chess.BLACK if stipulation.startswith('h#') and not stipulation.endswith('.5') else chess.WHITE
    rights = ''
    for color, rank, k, q in ((chess.WHITE, 0, 'K', 'Q'), (chess.BLACK, 7, 'k', 'q')):
        if out.piece_at(chess.square(4, rank)) == chess.Piece(chess.KING, color):
            if out.piece_at(chess.square(7, rank)) == chess.Piece(chess.ROOK, color):
                rights += k
            if out.piece_at(chess.square(0, rank)) == chess.Piece(chess.ROOK, color):
                rights += q
    out.set_castling_fen(rights or '-')
    out.ep_square = None
    return out


def pieces_text(rng: random.Random, board: chess.Board) -> str:
    words = [spell(rng, 'pieces')]
    for color, name in ((chess.WHITE, 'white'), (chess.BLACK, 'black')):
        words.append(spell(rng, name))
        by_kind: dict[str, list[str]] = {}
        for square, piece in sorted(board.piece_map().items()):
            if piece.color == color:
                by_kind.setdefault(CODES[piece.piece_type], []).append(chess.square_name(square))
        kinds = list(by_kind.items())
        rng.shuffle(kinds)
        for code, squares in kinds:
            code = code.upper() if rng.random() < 0.5 else code
            style = rng.random()
            if style < 0.4:
                words.append(code + ''.join(squares))
            elif style < 0.6 and code.lower() in ('q', 's'):
                # A code alone, its squares the next word (`k`, `r`, `b` and `p` alone
                # begin piece attributes, Kamikaze, Royal, Bul and Paralysing/Patrol/
                # Protean, which is what Popeye reads them as after a colour).
                words.append(code)
                words.append(''.join(squares))
            else:
                words.extend(code + s for s in squares)
    return ' '.join(words)


def problem_text(rng: random.Random, board: chess.Board, stipulation: str,
                 options: list[str] = (), title: str | None = None) -> str:
    """One problem's lines (without begin/next/end)."""
    lines = []
    if title is not None:
        lines.append(f'{spell(rng, "title")} {title}')
    if rng.random() < 0.3:
        lines.append(f'{spell(rng, "author")} A. Composer')
    lines.append(pieces_text(rng, board))
    lines.append(f'{spell(rng, "stipulation")} {stipulation}')
    if options:
        lines.append(f'{spell(rng, "option")} ' + ' '.join(options))
    rng.shuffle(lines)
    return '\n'.join(lines)


def popeye_file(rng: random.Random, problems: list[str]) -> str:
    """Problems' texts joined into one Popeye input."""
    out = [spell(rng, 'beginproblem')]
    for i, text in enumerate(problems):
        if i > 0:
            out.append(spell(rng, 'nextproblem'))
        out.append(text)
    out.append(spell(rng, 'endproblem'))
    return '\n'.join(out) + '\n'


def random_position(rng: random.Random, plies: int) -> chess.Board:
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def seeds(seed: int = 1, files: int = 40) -> dict[str, bytes]:
    """Popeye inputs for the fuzz target: random positions and stipulations."""
    rng = random.Random(seed)
    out = {}
    stips = ['#1', '#2', '#3', 'h#1', 'h#2', 'h#1.5', 's#1', 's#2', 'h#0.5']
    opts = ['set', 'try', 'vari', 'defence 2', 'maxsol 3', 'NoBoard', 'maxtime 5']
    for n in range(files):
        problems = []
        for _ in range(rng.randint(1, 4)):
            board = random_position(rng, rng.randint(0, 80))
            problems.append(problem_text(rng, board, rng.choice(stips),
                                         rng.sample(opts, rng.randint(0, 3)),
                                         title=f'problem {n}'))
        out[f'popeye_{n}.txt'] = popeye_file(rng, problems).encode()
    return out


# Popeye's keywords and piece codes in German and French (its tables in
# output/plaintext/language_dependant.c), each with spellings Popeye reads: any
# case, any prefix that begins one keyword only.
LANGUAGES = {
    'german': {
        'beginproblem': ['AnfangProblem', 'anfang', 'ANFANGPROB'],
        'nextproblem': ['WeiteresProblem', 'weit'],
        'endproblem': ['EndeProblem', 'ende'],
        'pieces': ['Steine', 'stei'],
        'stipulation': ['Forderung', 'ford'],
        'forsyth': ['Forsyth', 'fors'],
        'twin': ['Zwilling', 'zwill'],
        'white': ['Weiss', 'weiss'],
        'black': ['Schwarz', 'schw'],
        'rotate': ['Drehung', 'dreh'],
        'mirror': ['Spiegelung', 'spieg'],
        'move': ['versetze', 'verset'],
        'remove': ['entferne', 'entf'],
        'polish': ['Farbwechsel', 'farbw'],
    },
    'french': {
        'beginproblem': ['DebutProbleme', 'debut'],
        'nextproblem': ['asuivre', 'asui'],
        'endproblem': ['FinProbleme', 'fin'],
        'pieces': ['pieces', 'PIECES'],
        'stipulation': ['enonce', 'enon'],
        'forsyth': ['Forsyth', 'fors'],
        'twin': ['jumeau', 'jum'],
        'white': ['Blanc', 'blanc'],
        'black': ['Noir', 'noir'],
        'rotate': ['rotation', 'rota'],
        'mirror': ['miroir', 'miro'],
        'move': ['deplacement', 'depl'],
        'remove': ['ote'],
        'polish': ['CouleurEchange', 'coul'],
    },
    'english': {
        'beginproblem': ['beginproblem', 'begin'],
        'nextproblem': ['nextproblem', 'next'],
        'endproblem': ['endproblem', 'end'],
        'pieces': ['pieces', 'pi'],
        'stipulation': ['stipulation', 'stip'],
        'forsyth': ['Forsyth', 'fors'],
        'twin': ['twin', 'tw'],
        'white': ['white', 'w'],
        'black': ['black', 'blac'],
        'rotate': ['rotate', 'rot'],
        'mirror': ['mirror', 'mir'],
        'move': ['move', 'mo'],
        'remove': ['remove', 'rem'],
        'polish': ['PolishType', 'pol'],
    },
}

LANGUAGE_CODES = {
    'german': {chess.KING: 'k', chess.QUEEN: 'd', chess.ROOK: 't', chess.BISHOP: 'l',
               chess.KNIGHT: 's', chess.PAWN: 'b'},
    'french': {chess.KING: 'r', chess.QUEEN: 'd', chess.ROOK: 't', chess.BISHOP: 'f',
               chess.KNIGHT: 'c', chess.PAWN: 'p'},
    'english': CODES,
}


def forsyth(board: chess.Board, language: str) -> str:
    """The pieces as Popeye's Forsyth word in a language (python-chess's board FEN
    with Popeye's piece letters)."""
    codes = LANGUAGE_CODES[language]
    out = []
    for ch in board.board_fen():
        if ch.isalpha():
            code = codes[chess.Piece.from_symbol(ch).piece_type]
            out.append(code.upper() if ch.isupper() else code)
        else:
            out.append(ch)
    return ''.join(out)


def localized_pieces(rng: random.Random, board: chess.Board, language: str) -> str:
    words = LANGUAGES[language]
    out = [rng.choice(words['pieces'])]
    for color, name in ((chess.WHITE, 'white'), (chess.BLACK, 'black')):
        out.append(rng.choice(words[name]))
        for square, piece in sorted(board.piece_map().items()):
            if piece.color == color:
                out.append(LANGUAGE_CODES[language][piece.piece_type] + chess.square_name(square))
    return ' '.join(out)


def twin_board(board: chess.Board, change: tuple) -> chess.Board | None:
    """A twin's pieces computed by python-chess (None when the change cannot be
    made: nothing on the square to move or remove)."""
    out = chess.Board(None)
    out.set_piece_map(board.piece_map())
    kind = change[0]
    if kind == 'rotate':
        # Popeye turns the board to the left: a1 goes to h1 at 90 degrees.
        for _ in range(change[1] // 90):
            out = out.transform(lambda bb: chess.flip_horizontal(chess.flip_diagonal(bb)))
    elif kind == 'mirror':
        out = out.transform({'a1<-->h1': chess.flip_horizontal, 'a1<-->a8': chess.flip_vertical,
                             'a1<-->h8': chess.flip_anti_diagonal,
                             'a8<-->h1': chess.flip_diagonal}[change[1]])
    elif kind == 'polish':
        out = chess.Board(None)
        out.set_piece_map({sq: chess.Piece(p.piece_type, not p.color)
                           for sq, p in board.piece_map().items()})
    elif kind == 'move':
        piece = out.remove_piece_at(change[1])
        if piece is None:
            return None
        out.set_piece_at(change[2], piece)
    elif kind == 'remove':
        if out.remove_piece_at(change[1]) is None:
            return None
    return out


def twin_words(rng: random.Random, change: tuple, language: str) -> str:
    words = LANGUAGES[language]
    kind = change[0]
    if kind in ('rotate', 'mirror'):
        return f'{rng.choice(words[kind])} {change[1]}'
    if kind == 'polish':
        return rng.choice(words['polish'])
    squares = ' '.join(chess.square_name(s) for s in change[1:])
    return f'{rng.choice(words[kind])} {squares}'


def random_change(rng: random.Random, board: chess.Board) -> tuple:
    kind = rng.choice(['rotate', 'mirror', 'polish', 'move', 'remove'])
    occupied = list(board.piece_map())
    if kind == 'rotate':
        return ('rotate', rng.choice([90, 180, 270]))
    if kind == 'mirror':
        return ('mirror', rng.choice(['a1<-->h1', 'a1<-->a8', 'a1<-->h8', 'a8<-->h1']))
    if kind == 'polish':
        return ('polish',)
    if kind == 'move':
        return ('move', rng.choice(occupied), rng.randrange(64))
    return ('remove', rng.choice(occupied))


def language_problem(rng: random.Random, board: chess.Board, stipulation: str, language: str,
                     changes: list[tuple]) -> str:
    """One problem's text in a language: its pieces as `pieces` or `forsyth`, its
    stipulation, and a twin for each change (each applied to the diagram)."""
    words = LANGUAGES[language]
    if rng.random() < 0.5:
        pieces = f'{rng.choice(words["forsyth"])} {forsyth(board, language)}'
    else:
        pieces = localized_pieces(rng, board, language)
    lines = [pieces, f'{rng.choice(words["stipulation"])} {stipulation}']
    rng.shuffle(lines)
    for change in changes:
        lines.append(f'{rng.choice(words["twin"])} {twin_words(rng, change, language)}')
    return '\n'.join(lines)


def language_file(rng: random.Random, texts: list[str], language: str) -> str:
    words = LANGUAGES[language]
    out = [rng.choice(words['beginproblem'])]
    for i, text in enumerate(texts):
        if i > 0:
            out.append(rng.choice(words['nextproblem']))
        out.append(text)
    out.append(rng.choice(words['endproblem']))
    return '\n'.join(out) + '\n'
