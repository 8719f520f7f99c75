"""One Rich table of results, as the examples and benchmarks print them: numbers right-aligned."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.table import Table


def results_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> Table:
    table = Table(title=title)
    for column in columns:
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(*row)
    return table
