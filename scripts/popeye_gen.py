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
