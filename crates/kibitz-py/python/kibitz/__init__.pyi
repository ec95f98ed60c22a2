"""Type stubs for the `kibitz` package (crates/kibitz-py): the Rust extension
`kibitz._kibitz`, re-exported."""

from collections.abc import Iterable, Iterator
from os import PathLike
from typing import Any, BinaryIO, Optional, Union, final

Direction = tuple[int, int]
Directions = Iterable[Direction]
BoardSpec = Union[str, tuple[int, int]]

# --- the seed exercise (piece mobility), with its exact signatures -------------------

def fide2coordinates(square: str) -> tuple[int, int]:
    """The coordinates (r, k) of a FIDE square; AssertionError('invalid position')."""

def coordinates2fide(r: int, k: int) -> str:
    """The FIDE name of (r, k); AssertionError('invalid position') (bool is not an int here)."""

def move(square: str, direction: Direction, repeated: bool = False) -> set[str]:
    """Squares reached from square along direction, once or repeatedly."""

def moves(square: str, once: Directions = (), repeated: Directions = ()) -> set[str]:
    """Squares reached from square along all the piece's directions."""

def group_size(once: Directions = (), repeated: Directions = ()) -> dict[int, int]:
    """Squares reached -> number of squares with that count, keys ascending."""

def strength(once: Directions = (), repeated: Directions = ()) -> int:
    """The squares reached, summed over all 64 squares."""

def mobility(once: Directions = (), repeated: Directions = ()) -> str:
    """The groups as '4 × 2 + 8 × 3 + …'."""

# --- fairy pieces on any board --------------------------------------------------------

@final
class Piece:
    """A piece: directions moved along once and repeatedly."""

    def __init__(self, once: Directions = (), repeated: Directions = ()) -> None: ...
    @staticmethod
    def named(name: str) -> Piece: ...
    @staticmethod
    def betza(text: str) -> Piece: ...
    @staticmethod
    def names() -> list[str]: ...
    @property
    def once(self) -> list[Direction]: ...
    @property
    def repeated(self) -> list[Direction]: ...
    def analyse(self, board: Optional[BoardSpec] = None) -> Analysis: ...
    def moves(self, square: str, board: Optional[BoardSpec] = None) -> set[str]: ...
    def group_size(self, board: Optional[BoardSpec] = None) -> dict[int, int]: ...
    def strength(self, board: Optional[BoardSpec] = None) -> int: ...
    def mobility(self, board: Optional[BoardSpec] = None) -> str: ...
    def __or__(self, other: Piece) -> Piece: ...
    def __eq__(self, other: object) -> bool: ...

@final
class Analysis:
    """The mobility of a piece on one board."""

    @property
    def board(self) -> str: ...
    def counts(self) -> list[list[int]]: ...
    def group_size(self) -> dict[int, int]: ...
    def strength(self) -> int: ...
    def mobility(self) -> str: ...
    def average(self) -> float: ...
    def split(self) -> tuple[int, int, int]: ...

# --- positions and mates ----------------------------------------------------------------

@final
class Position:
    """A legal chess position (FEN in, legal moves in UCI and SAN); with variant=,
    a position of a fairy variant (see variants()), variants= adding the sections of
    a Fairy-Stockfish variants.ini (its text, or a path)."""

    def __init__(
        self,
        fen: Optional[str] = None,
        chess960: bool = False,
        variant: Optional[str] = None,
        variants: Optional[Union[str, PathLike[str]]] = None,
    ) -> None: ...
    def fen(self) -> str: ...
    def shredder_fen(self) -> str: ...
    @property
    def chess960(self) -> bool: ...
    @property
    def variant(self) -> Optional[str]: ...
    def outcome(self) -> Optional[dict[str, str]]: ...
    def perft(self, depth: int) -> int: ...
    def solve(
        self,
        n: Optional[int] = None,
        *,
        stipulation: Optional[str] = None,
        tries: bool = False,
        set_play: bool = False,
        max_refutations: int = 1,
        all_keys: bool = False,
        tree: bool = False,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        hash_mb: Optional[int] = None,
        max_solutions: Optional[int] = None,
    ) -> dict[str, Any]:
        """kibitz.solve on this position; on a variant's position (variant=) the
        record `kibitz solve --variant NAME --json` writes, every stipulation."""
    @property
    def turn(self) -> str: ...
    def legal_moves(self, san: bool = False) -> list[str]: ...
    def san(self, move: str) -> str: ...
    def uci(self, move: str) -> str: ...
    def play(self, move: str) -> None: ...
    def after(self, move: str) -> Position: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def is_insufficient_material(self) -> bool: ...
    def mates_in_one(self) -> list[Mate]: ...
    def mate_threats(self) -> list[Mate]: ...
    def glance(self) -> list[Mate]: ...
    def copy(self) -> Position: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Mate:
    """A mating move: SAN, UCI, pattern names, and the glance pattern if any."""

    @property
    def san(self) -> str: ...
    @property
    def uci(self) -> str: ...
    @property
    def patterns(self) -> list[str]: ...
    @property
    def glance(self) -> Optional[str]: ...
    def __eq__(self, other: object) -> bool: ...

def variants(variants: Optional[Union[str, PathLike[str]]] = None) -> list[dict[str, Any]]:
    """Every variant as `kibitz variants --json` lists it (with the variants.ini's sections)."""

def mates_in_one(position: Union[str, Position], *, chess960: bool = False) -> list[Mate]: ...
def mate_threats(position: Union[str, Position], *, chess960: bool = False) -> list[Mate]: ...
def glance(position: Union[str, Position], *, chess960: bool = False) -> list[Mate]: ...
def mates_in_one_batch(
    fens: Iterable[str], skip_invalid: bool = False, chess960: bool = False
) -> list[Optional[list[str]]]: ...

# --- games in bulk --------------------------------------------------------------------

Columns = dict[str, list[Any]]

#: The columns of scan_games and MateReader, in order, with their pandas dtypes
#: (with threats=True, `threats_san` follows).
MATE_COLUMNS: dict[str, str]

def scan_games(
    movetexts: Iterable[Optional[str]],
    *,
    fens: Optional[Iterable[Optional[str]]] = None,
    threads: Optional[int] = None,
    threats: bool = False,
    glance_only: bool = False,
    chess960: bool = False,
) -> Columns: ...

@final
class MateReader(Iterator[Columns]):
    """Streams a PGN file or binary file object, yielding scan_games's columns."""

    def __init__(
        self,
        source: Union[str, PathLike[str], BinaryIO],
        *,
        batch_bytes: int = 1048576,
        threats: bool = False,
        glance_only: bool = False,
        chess960: bool = False,
    ) -> None: ...
    def __iter__(self) -> MateReader: ...
    def __next__(self) -> Columns: ...

def solve(
    position: Union[str, Position],
    n: Optional[int] = None,
    *,
    stipulation: Optional[str] = None,
    tries: bool = False,
    set_play: bool = False,
    max_refutations: int = 1,
    all_keys: bool = False,
    tree: bool = False,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    chess960: bool = False,
    hash_mb: Optional[int] = None,
    max_solutions: Optional[int] = None,
) -> dict[str, Any]:
    """The solve record `kibitz solve --json` writes (stipulation= h#2, s#3, #2, ...);
    a kibitz.Position of a variant is solved on its board, as `kibitz solve --variant`."""
