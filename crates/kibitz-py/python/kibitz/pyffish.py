"""pyffish 0.0.90's stateless API over kibitz's variant engine.

``import kibitz.pyffish as sf`` runs code written for pyffish unchanged, for the
variants kibitz plays (``sf.variants()``: kibitz's built-ins and the sections
loaded with ``sf.load_variant_config``). The functions have pyffish's names,
positional arguments, return values and exception types; each replays its move
list in Rust (``kibitz._kibitz``), with the library's FEN, SAN and game-end code.

Where kibitz cannot answer as pyffish does (a notation it does not write, a
rule it does not judge, an input pyffish answers with garbage or a crash) the
call raises an error naming what is missing; it never returns a different
answer. docs/PYTHON.md lists every difference.
"""

from __future__ import annotations

import json
import os

from . import _kibitz as _k

__all__ = [
    'version', 'info', 'variants', 'set_option', 'load_variant_config', 'start_fen',
    'two_boards', 'captures_to_hand', 'get_san', 'get_san_moves', 'legal_moves', 'get_fen',
    'gives_check', 'is_capture', 'piece_to_partner', 'game_result', 'is_immediate_game_end',
    'is_optional_game_end', 'has_insufficient_material', 'validate_fen', 'get_fog_fen',
    'variant_info',
    'error', 'VALUE_MATE', 'VALUE_DRAW', 'NOTATION_DEFAULT', 'NOTATION_SAN', 'NOTATION_LAN',
    'NOTATION_SHOGI_HOSKING', 'NOTATION_SHOGI_HODGES', 'NOTATION_SHOGI_HODGES_NUMBER',
    'NOTATION_JANGGI', 'NOTATION_XIANGQI_WXF', 'NOTATION_THAI_SAN', 'NOTATION_THAI_LAN',
    'FEN_OK', 'FEN_INVALID_PROMOTED_PIECE',
]


class error(Exception):
    """pyffish.error: pyffish defines it and raises it nowhere; so does this module."""


error.__module__ = 'kibitz.pyffish'

VALUE_MATE = _k._SF_VALUE_MATE
VALUE_DRAW = 0

NOTATION_DEFAULT = 0
NOTATION_SAN = 1
NOTATION_LAN = 2
NOTATION_SHOGI_HOSKING = 3
NOTATION_SHOGI_HODGES = 4
NOTATION_SHOGI_HODGES_NUMBER = 5
NOTATION_JANGGI = 6
NOTATION_XIANGQI_WXF = 7
NOTATION_THAI_SAN = 8
NOTATION_THAI_LAN = 9

_NOTATION_NAMES = {
    NOTATION_LAN: 'NOTATION_LAN', NOTATION_SHOGI_HOSKING: 'NOTATION_SHOGI_HOSKING',
    NOTATION_SHOGI_HODGES: 'NOTATION_SHOGI_HODGES',
    NOTATION_SHOGI_HODGES_NUMBER: 'NOTATION_SHOGI_HODGES_NUMBER',
    NOTATION_JANGGI: 'NOTATION_JANGGI', NOTATION_XIANGQI_WXF: 'NOTATION_XIANGQI_WXF',
    NOTATION_THAI_SAN: 'NOTATION_THAI_SAN', NOTATION_THAI_LAN: 'NOTATION_THAI_LAN',
}

FEN_OK = 1
FEN_INVALID_PROMOTED_PIECE = -12

# Fairy-Stockfish's UCI options: set_option accepts their names as pyffish does.
# None of them changes an answer of the stateless functions but VariantPath
# (read as load_variant_config).
_OPTIONS = {
    'Clear Hash', 'Debug Log File', 'EvalFile', 'Hash', 'Move Overhead', 'MultiPV', 'Ponder',
    'Skill Level', 'Slow Mover', 'Syzygy50MoveRule', 'SyzygyPath', 'SyzygyProbeDepth',
    'SyzygyProbeLimit', 'Threads', 'TsumeMode', 'UCI_AnalyseMode', 'UCI_Chess960', 'UCI_Elo',
    'UCI_LimitStrength', 'UCI_ShowWDL', 'UCI_Variant', 'Use NNUE', 'VariantPath', 'nodestime',
    'usemillisec',
}



# --- argument checks, worded as CPython's PyArg_ParseTuple words them --------------------

def _type_name(value):
    return 'None' if value is None else type(value).__name__


def _str(value, index):
    if not isinstance(value, str):
        raise TypeError(f'argument {index} must be str, not {_type_name(value)}')
    return value


def _move(value):
    if not isinstance(value, str):
        # pyffish encodes each item as UTF-8 text: a non-str item is its TypeError.
        raise TypeError(f"utf_8_encode() argument 1 must be str, not {type(value).__name__}")
    return value


def _game(variant, fen, moves, chess960, *more):
    """The arguments of a call on a game, checked in pyffish's order ("ssO!|p", or
    "ssO!s|p" with is_capture's move in `more`): variant and FEN, the list, the
    strings after it; then each move of the list, as pyffish reads them while
    replaying. Returns the moves and chess960 as the bool pyffish reads ("p")."""
    _str(variant, 1), _str(fen, 2)
    if not isinstance(moves, list):
        raise TypeError(f'argument 3 must be list, not {_type_name(moves)}')
    for index, value in enumerate(more, 4):
        _str(value, index)
    chess960 = bool(chess960)
    return [_move(m) for m in moves], chess960


def _int(value, index):
    if isinstance(value, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    try:
        return int(value.__index__())
    except AttributeError:
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")


def _replaying(name, call, *args):
    """Calls the Rust function; an illegal move of the list is pyffish's SystemError.

    pyffish sets ValueError("Invalid move 'e2e5'") and still returns, which CPython
    turns into a SystemError caused by that ValueError: the same here.
    """
    try:
        return call(*args)
    except _k._SfInvalidMove as invalid:
        bad = ValueError(str(invalid))
        raise SystemError(
            f'<built-in function {name}> returned a result with an exception set') from bad


# --- the functions -------------------------------------------------------------------------

def version():
    """pyffish's version tuple: the API this module follows, (0, 0, 90)."""
    return (0, 0, 90)


def info():
    """The engine's name: kibitz's, with the pyffish API it follows."""
    from importlib import metadata
    try:
        v = metadata.version('kibitz')
    except metadata.PackageNotFoundError:
        v = 'dev'
    return f'kibitz {v} (pyffish 0.0.90 API)'


def variants():
    """The names of the variants kibitz plays: built-ins and loaded sections, sorted."""
    return _k._sf_variants()


def set_option(name, value, /):
    """Sets a Fairy-Stockfish UCI option; ValueError for a name it does not have.

    VariantPath loads that variants.ini. The other options (UCI_Chess960 too: the
    functions take chess960 as an argument) change no answer of these functions, in
    pyffish as here, and are accepted.
    """
    _str(name, 1)
    if name not in _OPTIONS:
        raise ValueError(f"No such option {name}'")
    text = str(value)
    if name == 'VariantPath' and text not in ('', '<empty>'):
        with open(os.fspath(text), encoding='utf-8') as f:
            load_variant_config(f.read())


def load_variant_config(config, /):
    """Adds the sections of a variants.ini text.

    ValueError naming the section and line for a section kibitz does not play
    (pyffish prints its complaint and goes on); nothing of that text is then loaded.
    """
    _k._sf_load_variant_config(_str(config, 1))


def start_fen(variant, /):
    return _k._sf_start_fen(_str(variant, 1))


def two_boards(variant, /):
    """True for one board of a game on two (bughouse, koedem, supply): kibitz
    plays that board, its hands filled from the FEN."""
    return _k._sf_two_boards(_str(variant, 1))


def captures_to_hand(variant, /):
    return _k._sf_captures_to_hand(_str(variant, 1))


def _notation(notation):
    notation = _int(notation, 5)
    if notation in (NOTATION_DEFAULT, NOTATION_SAN):
        return
    what = _NOTATION_NAMES.get(notation, f'notation {notation}')
    raise NotImplementedError(f'kibitz.pyffish does not write {what}; it writes SAN')


def _no_shogi_san(variant):
    # An unknown variant is the ValueError of the call itself, raised after this.
    try:
        shogi = _k._sf_writes_promoted_as_shogi(variant)
    except ValueError:
        return
    if shogi:
        raise NotImplementedError(
            f'kibitz.pyffish writes no SAN for {variant}: Fairy-Stockfish writes the shogi '
            'family in shogi notation, and names a promoted piece by what it moves as, '
            "where kibitz's SAN writes +P and =+B")


def _invalid_is_value_error(call, *args):
    """Calls the Rust function; an illegal move is pyffish's ValueError("Invalid move 'x'")
    (raised as such by get_san_moves; by get_san and is_capture where pyffish answers
    for some other move)."""
    try:
        return call(*args)
    except _k._SfInvalidMove as invalid:
        raise ValueError(str(invalid)) from None


def _san(call, variant, fen, move_or_moves, chess960, notation):
    """get_san's and get_san_moves's call, after their notation and variant checks."""
    _notation(notation)
    _no_shogi_san(variant)
    return _invalid_is_value_error(call, variant, fen, move_or_moves, chess960)


def get_san(variant, fen, move, chess960=False, notation=NOTATION_DEFAULT, /):
    """The SAN of a legal UCI move. An illegal move is ValueError("Invalid move 'x'")
    (pyffish returns some other move's SAN)."""
    _str(variant, 1), _str(fen, 2), _str(move, 3)
    return _san(_k._sf_get_san, variant, fen, move, bool(chess960), notation)


def get_san_moves(variant, fen, moves, chess960=False, notation=NOTATION_DEFAULT, /):
    moves, chess960 = _game(variant, fen, moves, chess960)
    return _san(_k._sf_get_san_moves, variant, fen, moves, chess960, notation)


def legal_moves(variant, fen, moves, chess960=False, /):
    moves, chess960 = _game(variant, fen, moves, chess960)
    return _replaying('legal_moves', _k._sf_legal_moves, variant, fen, moves, chess960)


def get_fen(variant, fen, moves, chess960=False, sfen=False, showPromoted=False,
            countStarted=0, /):
    moves, chess960 = _game(variant, fen, moves, chess960)
    if sfen:
        raise NotImplementedError('kibitz.pyffish does not write SFEN (sfen=True)')
    if showPromoted and not captures_to_hand(variant):
        raise NotImplementedError(
            'kibitz.pyffish does not mark promoted pieces (showPromoted=True) outside '
            'drop variants')
    if _int(countStarted, 7) != 0:
        raise NotImplementedError('kibitz.pyffish does not write a count started '
                                  '(countStarted, a counting rule)')
    return _replaying('get_fen', _k._sf_get_fen, variant, fen, moves, chess960)


def gives_check(variant, fen, moves, chess960=False, /):
    moves, chess960 = _game(variant, fen, moves, chess960)
    return _replaying('gives_check', _k._sf_gives_check, variant, fen, moves, chess960)


def is_capture(variant, fen, moves, move, chess960=False, /):
    """Does the legal UCI move take a piece? An illegal move is ValueError
    ("Invalid move 'x'"; pyffish answers for some other move)."""
    moves, chess960 = _game(variant, fen, moves, chess960, move)
    # The move list replays first: its illegal move is pyffish's SystemError.
    _replaying('is_capture', _k._sf_legal_moves, variant, fen, moves, chess960)
    return _invalid_is_value_error(_k._sf_is_capture, variant, fen, moves, move, chess960)


def piece_to_partner(variant, fen, moves, chess960=False, /):
    """The piece the last move took, as it enters a hand ('' when it took nothing)."""
    moves, chess960 = _game(variant, fen, moves, chess960)
    return _replaying('piece_to_partner', _k._sf_piece_to_partner, variant, fen, moves,
                      chess960)


def game_result(variant, fen, moves, chess960=False, /):
    """The result for the side to move (VALUE_MATE won, -VALUE_MATE lost, VALUE_DRAW).

    Called while legal moves remain, a variant with end rules beyond mate raises
    NotImplementedError (pyffish gives its mate or stalemate value)."""
    moves, chess960 = _game(variant, fen, moves, chess960)
    return _replaying('game_result', _k._sf_game_result, variant, fen, moves, chess960)


def is_immediate_game_end(variant, fen, moves, chess960=False, /):
    moves, chess960 = _game(variant, fen, moves, chess960)
    return _replaying('is_immediate_game_end', _k._sf_is_immediate_game_end,
                      variant, fen, moves, chess960)


def is_optional_game_end(variant, fen, moves, chess960=False, count_started=0, /):
    """The n-move rule, threefold repetition (perpetual check in the xiangqi family),
    and the counting rules (makruk, cambodian, asean: the count the FEN carries).

    Xiangqi's chasing rule and a count started from outside (count_started != 0) are
    not judged: NotImplementedError when the answer depends on them."""
    moves, chess960 = _game(variant, fen, moves, chess960)
    count_started = _int(count_started, 5)
    return _replaying('is_optional_game_end', _k._sf_is_optional_game_end,
                      variant, fen, moves, chess960, count_started)


def has_insufficient_material(variant, fen, moves, chess960=False, /):
    """(White's, Black's): can that side no longer win by material?"""
    moves, chess960 = _game(variant, fen, moves, chess960)
    return _replaying('has_insufficient_material', _k._sf_has_insufficient_material,
                      variant, fen, moves, chess960)


def variant_info(variant, /):
    """The variant described whole, as a dict (not in pyffish): 'name', 'files',
    'ranks', 'board', 'start_fen', 'gating', 'promotion', 'pieces' (each with
    'letter', 'name', 'betza', 'kind', 'value', 'mobility') and 'rules', every rule
    resolved as a variants.ini key: what `kibitz variants --json NAME` writes.

    >>> variant_info('crazyhouse')['rules']['pieceDrops']
    True
    """
    _str(variant, 1)
    return json.loads(_k._sf_variant_info(variant))


def validate_fen(fen, variant, chess960=False, /):
    """Fairy-Stockfish's check of a FEN: FEN_OK (1), or the negative code of the
    first check it fails (kibitz::variant::fen_check in the Rust library)."""
    _str(fen, 1), _str(variant, 2)
    return _k._sf_validate_fen(fen, variant, bool(chess960))


def get_fog_fen(fen, variant, chess960=False, /):
    """The FEN as the side to move sees it: squares it cannot see written '*'."""
    _str(fen, 1), _str(variant, 2)
    return _k._sf_get_fog_fen(fen, variant, bool(chess960))
