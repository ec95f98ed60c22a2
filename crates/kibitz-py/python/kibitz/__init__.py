"""kibitz: chess at Rust speed.

The piece-mobility exercise with its exact signatures and errors (fide2coordinates,
coordinates2fide, move, moves, group_size, strength, mobility); fairy pieces (Piece,
Analysis); positions and legal moves (Position, standard and Chess960, and fairy
variants with Position(fen, variant=...), listed by variants()); mates in one
(mates_in_one, mate_threats, glance, mates_in_one_batch); games in bulk (scan_games,
MateReader). The optional `kibitz.dask` (``pip install kibitz[dask]``) runs the game
scan over Dask DataFrames and the Lichess Parquet layout.

Everything but `kibitz.dask` is the Rust extension `kibitz._kibitz`, re-exported here.
"""

from ._kibitz import *  # noqa: F401,F403
