"""Systematic mutations of a FEN, for the differential test of validate_fen
(test_pyffish_compat.py): one thing changed at a time (fields dropped, added or
replaced, board characters, promoted marks, ranks and files, holdings, kings
removed, doubled or moved next to each other, castling pieces moved, long digit
runs). Nothing here knows an answer: pyffish gives it at test time.

`pyffish_undefined` names the FENs for which pyffish 0.0.90's validate_fen reads
or writes outside its buffers (its answer is garbage or a crash): the test
counts them by name and checks only that kibitz answers them with a code.
"""

import string


def split_board(board, ranks):
    """The board field as ranks of cells ('' empty, '*' a hole, 'P', '+P', 'P~') and
    the text after the last rank (holdings)."""
    cut = board.find('[')
    pocket = board[cut:] if cut >= 0 else ''
    body = board[:cut] if cut >= 0 else board
    rows = body.split('/')
    if len(rows) > ranks:
        pocket = '/' + '/'.join(rows[ranks:]) + pocket
        rows = rows[:ranks]
    grid = []
    for row in rows:
        cells, i = [], 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                cells += [''] * int(row[i:j])
                i = j
                continue
            if c == '+' and i + 1 < len(row):
                cells.append(row[i:i + 2])
                i += 2
                continue
            if c == '~' and cells:
                cells[-1] += '~'
            else:
                cells.append(c)
            i += 1
        grid.append(cells)
    return grid, pocket


def join_board(grid, pocket):
    rows = []
    for cells in grid:
        out, empty = '', 0
        for c in cells:
            if c == '':
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += c
        if empty:
            out += str(empty)
        rows.append(out)
    return '/'.join(rows) + pocket


def squares_of(grid, letter):
    return [(r, f) for r, row in enumerate(grid) for f, c in enumerate(row) if c == letter]


def mutations(fen, letters, files, ranks, king='k'):
    """(name, fen) pairs: the FEN with one thing changed at a time.

    `letters` are the variant's piece letters (lowercase), `king` its king's letter."""
    fields = fen.split(' ')
    board, rest = fields[0], fields[1:]
    out = [('as is', fen), ('empty', ''), ('one space', ' '), ('board only', board),
           ('trailing space', fen + ' '), ('double space', fen.replace(' ', '  ', 1))]
    for k in range(1, len(fields)):
        out.append((f'first {k} fields', ' '.join(fields[:k])))
    for extra in ('0', 'x', '+0+0', '3+3', '0 1'):
        out.append((f'extra field {extra}', f'{fen} {extra}'))
    # Fields replaced one at a time by odd values.
    odd = ['x', '-', '', '0', '12', '-1', '1.5', 'w', 'b', 'W', 'KQkq', 'e3', 'e', '3e', 'e33',
           'z9', 'ee', '3+3', '1+2', '9+', '+1+2', '+4+0', 'a+b', '0+0+0', 'HAha', '~', 'Aa']
    for i in range(1, len(fields)):
        for v in odd:
            if v != fields[i]:
                out.append((f'field {i} = {v!r}', ' '.join(fields[:i] + [v] + fields[i + 1:])))
    # Castling letters: each file letter, both cases, alone.
    if len(fields) >= 3:
        for f in string.ascii_lowercase[:files]:
            for c in (f, f.upper()):
                out.append((f'castling {c}', ' '.join(fields[:2] + [c] + fields[3:])))
    # Board characters.
    grid, pocket = split_board(board, ranks)
    for c in ['x', '?', '#', '+', '~', '*', '[', ']', '-', '.'] + [l.upper() for l in letters] + letters:
        out.append((f'char {c!r} appended to the first rank', c + board))
        for r, row in enumerate(grid):
            for f, cell in enumerate(row):
                if cell not in ('', '*'):
                    g = [list(x) for x in grid]
                    g[r][f] = c
                    out.append((f'piece replaced by {c!r}', ' '.join([join_board(g, pocket)] + rest)))
                    break
            else:
                continue
            break
    for l in letters:
        for c in (l, l.upper()):
            for mark in ('+', '~'):
                cell = '+' + c if mark == '+' else c + '~'
                g = [list(x) for x in grid]
                spot = next(((r, f) for r, row in enumerate(g) for f, x in enumerate(row) if x == ''), None)
                if spot:
                    g[spot[0]][spot[1]] = cell
                    out.append((f'{cell} on an empty square', ' '.join([join_board(g, pocket)] + rest)))
    # Geometry: ranks and files.
    out.append(('a rank too many', ' '.join([join_board(grid + [[''] * files], pocket)] + rest)))
    out.append(('a rank too few', ' '.join([join_board(grid[1:], pocket)] + rest)))
    for r in (0, len(grid) - 1):
        for delta in (1, -1):
            g = [list(x) for x in grid]
            if delta > 0:
                g[r] = g[r] + ['']
            else:
                g[r] = g[r][:-1]
            out.append((f'rank {r} {"wider" if delta > 0 else "narrower"}',
                        ' '.join([join_board(g, pocket)] + rest)))
        g = [list(x) for x in grid]
        g[r] = g[r] + [letters[0].upper()]
        out.append((f'rank {r} with a piece past the last file', ' '.join([join_board(g, pocket)] + rest)))
    # Holdings.
    for p in ('[]', '[-]', '[P]', '[Pp]', '[x]', '[1]', '[P', 'P]', '[[P]]', '/P', '/x', '/', '[~]', '[+P]'):
        out.append((f'holdings {p!r}', ' '.join([join_board(grid, '') + p] + rest)))
    # Kings: removed, doubled, moved next to the other.
    for k in (king, king.upper()):
        at = squares_of(grid, k)
        if not at:
            continue
        g = [list(x) for x in grid]
        g[at[0][0]][at[0][1]] = ''
        out.append((f'no {k}', ' '.join([join_board(g, pocket)] + rest)))
        g = [list(x) for x in grid]
        spot = next(((r, f) for r, row in enumerate(g) for f, x in enumerate(row) if x == ''), None)
        if spot:
            g[spot[0]][spot[1]] = k
            out.append((f'two {k}', ' '.join([join_board(g, pocket)] + rest)))
        other = squares_of(grid, k.swapcase())
        if other:
            (r0, f0), (r1, f1) = at[0], other[0]
            for dr, df in ((0, 1), (1, 0), (1, 1), (-1, -1), (0, -1), (2, 0), (1, 2)):
                r, f = r1 + dr, f1 + df
                if 0 <= r < len(grid) and 0 <= f < len(grid[r]) and (r, f) != (r1, f1):
                    g = [list(x) for x in grid]
                    g[r0][f0] = ''
                    g[r][f] = k
                    out.append((f'{k} moved by {dr},{df} from the other king',
                                ' '.join([join_board(g, pocket)] + rest)))
    # Each piece of the first and last rank removed or moved one file (castling rights).
    for r in (0, len(grid) - 1):
        for f, cell in enumerate(grid[r]):
            if cell in ('', '*'):
                continue
            g = [list(x) for x in grid]
            g[r][f] = ''
            out.append((f'{cell} at {r},{f} removed', ' '.join([join_board(g, pocket)] + rest)))
            if f + 1 < len(g[r]) and g[r][f + 1] == '':
                g[r][f + 1] = cell
                out.append((f'{cell} at {r},{f} moved right', ' '.join([join_board(g, pocket)] + rest)))
    # Long digit runs (FSF adds 9 × the previous digit).
    out.append(('rank written 1 1', fen.replace('8', '44', 1)))
    out.append(('digits 123', fen.replace('/', '/123/', 1)))
    return out


def pyffish_undefined(fen, start, files, ranks, shogi_style, castles):
    """Why pyffish 0.0.90's validate_fen has no defined answer for this FEN (it reads
    or writes outside its buffers: a garbage code or a crash), or None."""
    fields = fen.split(' ')
    board = fields[0]
    if shogi_style and board == '' and len(fen) > 0:
        return 'empty board field in a shogi-style variant'
    # Pieces written past the last file: pyffish stops only at exactly the last file.
    for rank in board.split('[')[0].split('/')[:ranks]:
        file, prev = 0, '?'
        for c in rank:
            if c.isdigit():
                file += int(c) + (9 * int(prev) if prev.isdigit() else 0)
            elif c == '*':
                file += 1
            elif c.isalpha():
                if file > files:
                    return 'a piece past the last file'
                file += 1
            prev = c
    short = len(fields) in (4, 5) and fields[2][:1].isdigit()
    if castles and len(fields) >= 3 and not short:
        castling = fields[2]
        start_fields = start.split(' ')
        start_rights = start_fields[2] if len(start_fields) >= 3 else ''
        for side, rights in ((str.isupper, 'KQ'), (str.islower, 'kq')):
            flags = [c.lower() for c in castling if c.isalpha() and side(c)]
            # pyffish takes the second castling rook of the start position without
            # looking; a start FEN with both rights of a side has two.
            if flags and not all(r in start_rights for r in rights):
                return 'a castling right of a side without both at the start'
            # A gating letter's file is read from the castling rank even past the board.
            if any(c not in 'kq' and ord(c) - ord('a') >= files for c in flags):
                return 'a gating right past the last file'
    return None
