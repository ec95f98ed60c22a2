"""The mate scan over Dask DataFrames: which mates in one were on the board in a
database of games, and which were missed — partition by partition, on whatever
cluster the caller has.

kibitz is the function each partition calls, not a cluster of its own: one call of
`kibitz.scan_games` per partition (the games are read and scanned in Rust, without
the GIL), and Dask does the rest. The Lichess database on Hugging Face
(`Lichess/standard-chess-games`) is Parquet, Hive-partitioned as
``year=YYYY/month=MM/…parquet``, with a ``movetext`` column that keeps the
``{ [%eval …] [%clk …] }`` comments; a path or glob of that layout is read with
``dask.dataframe.read_parquet``.

    from dask.distributed import Client, LocalCluster
    from kibitz.dask import missed_mates

    client = Client(LocalCluster(n_workers=4, threads_per_worker=1))   # or Client("tcp://scheduler:8786")
    mates = missed_mates("lichess/year=2024/month=01/*.parquet", only_missed=True)
    mates.to_parquet("missed/")                                       # or .compute()

Needs the extra: ``pip install kibitz[dask]``.
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence, Union

import pandas as pd

import kibitz

__all__ = ["missed_mates", "scan_partition", "META_COLUMNS"]

#: The scan's columns and their pandas dtypes, after the columns kept from the
#: input (see `missed_mates`). Lists (the mates, their patterns) are objects.
#: The one list is the extension's (`kibitz.MATE_COLUMNS`).
META_COLUMNS = dict(kibitz.MATE_COLUMNS)


def _meta(keep: Sequence[str], threats: bool) -> pd.DataFrame:
    columns = {name: pd.Series([], dtype="object") for name in keep}
    for name, dtype in META_COLUMNS.items():
        columns[name] = pd.Series([], dtype=dtype)
    if threats:
        columns["threats_san"] = pd.Series([], dtype="object")
    return pd.DataFrame(columns)


def scan_partition(
    partition: pd.DataFrame,
    movetext: str = "movetext",
    fen: Optional[str] = None,
    keep: Sequence[str] = (),
    threats: bool = False,
    glance_only: bool = False,
    only_missed: bool = False,
    threads: Optional[int] = 1,
    chess960: bool = False,
) -> pd.DataFrame:
    """One partition's rows: `kibitz.scan_games` on its movetext column, each row
    indexed by its game's index label in the partition, with the `keep` columns of
    its game in front. A game that does not read gives one row with `error` set; a
    partition never fails as a whole."""
    fens = partition[fen] if fen else None
    cols = kibitz.scan_games(
        partition[movetext],
        fens=fens,
        threads=threads,
        threats=threats,
        glance_only=glance_only,
        chess960=chess960,
    )
    games = cols["game"]
    out = {name: partition[name].to_numpy()[games] if games else [] for name in keep}
    out.update(cols)
    frame = pd.DataFrame(out, index=partition.index[games] if games else partition.index[:0])
    frame = frame.astype({name: dtype for name, dtype in META_COLUMNS.items()})
    for name in keep:
        frame[name] = frame[name].astype("object")
    if only_missed:
        frame = frame[frame["missed"].fillna(False) | frame["error"].notna()]
    return frame


def _check_columns(frame, movetext: str, fen: Optional[str], keep: Iterable[str]) -> None:
    """A `ValueError` naming the column that is missing or not text, before any work."""
    for name in [movetext, *([fen] if fen else []), *keep]:
        if name not in frame.columns:
            raise ValueError(
                f"column {name!r} is missing (the columns are {list(frame.columns)})"
            )
    for name in [movetext, *([fen] if fen else [])]:
        dtype = frame[name].dtype
        if not (
            pd.api.types.is_string_dtype(dtype)
            or pd.api.types.is_object_dtype(dtype)
        ):
            raise ValueError(f"column {name!r} must hold strings, not {dtype}")


def missed_mates(
    data: Union[str, Sequence[str], "dask.dataframe.DataFrame"],  # noqa: F821
    *,
    movetext: str = "movetext",
    fen: Optional[str] = None,
    keep: Sequence[str] = ("Site",),
    threats: bool = False,
    glance_only: bool = False,
    only_missed: bool = False,
    threads_per_partition: Optional[int] = 1,
    chess960: bool = False,
    **read_parquet,
):
    """The positions with a mate in one in every game of `data`, as a lazy Dask
    DataFrame with declared `meta` — compute it on the `dask.distributed.Client`
    at hand, a laptop's `LocalCluster()` or a cluster's `Client("tcp://…:8786")`.

    data is a Dask DataFrame or a Parquet path or glob (read with
    `dask.dataframe.read_parquet`, only the columns needed). movetext names the
    column of movetext strings (or whole PGN games), fen an optional column of
    start positions. The columns in `keep` that the data has (by default the
    Lichess `Site`, the game's address) come first in each row, then the scan's
    columns (`META_COLUMNS`): `game` (the game's place in its partition), `ply`,
    `fen`, the mating moves, the move `played` and whether it `missed` the mate,
    the `clock` and `eval` comments, and `error` for a game that does not read.
    only_missed keeps the missed mates (and the errors). Each row's index is its
    game's index label in `data`.

    Other keyword arguments go to `dask.dataframe.read_parquet` (for instance
    `split_row_groups=True` for a partition per row group).

    A missing column, or one that holds no strings, is a `ValueError` naming it,
    raised here, before any work starts.
    """
    import dask.dataframe as dd

    if isinstance(data, (str, list, tuple)):
        wanted = [movetext, *([fen] if fen else [])]
        probe = dd.read_parquet(data, **read_parquet)
        keep = [k for k in keep if k in probe.columns and k not in wanted] if keep == ("Site",) else list(keep)
        _check_columns(probe, movetext, fen, keep)
        columns = [*wanted, *[k for k in keep if k not in wanted]]
        frame = dd.read_parquet(data, columns=columns, **read_parquet)
    else:
        frame = data
        if keep == ("Site",):
            keep = [k for k in keep if k in frame.columns]
        _check_columns(frame, movetext, fen, keep)
    keep = list(keep)
    return frame.map_partitions(
        scan_partition,
        movetext,
        fen,
        keep,
        threats,
        glance_only,
        only_missed,
        threads_per_partition,
        chess960,
        meta=_meta(keep, threats),
    )
