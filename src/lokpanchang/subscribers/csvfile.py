"""Reading a subscribers CSV: every row checked, every problem reported with its line.

Columns: ``phone,latitude,longitude`` and optionally ``name``, ``language``,
``send_time`` (any order after a header row naming them). Line numbers count
physical lines of the file, the header being line 1.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import time

from lokpanchang.storage.subscriptions import DEFAULT_SEND_TIME
from lokpanchang.subscribers.validation import NewSubscriber, new_subscriber

REQUIRED = ("phone", "latitude", "longitude")
OPTIONAL = ("name", "language", "send_time")


@dataclass(frozen=True, slots=True)
class RowProblem:
    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


@dataclass
class ParsedFile:
    """The good rows (with their line numbers) and the problems found."""

    rows: list[tuple[int, NewSubscriber]] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    problems: list[RowProblem] = field(default_factory=list)


def _columns(header: list[str]) -> list[str]:
    names = [name.strip().lower() for name in header]
    unknown = [name for name in names if name not in REQUIRED + OPTIONAL]
    if unknown or any(name not in names for name in REQUIRED) or len(set(names)) != len(names):
        raise ValueError(
            f"header {','.join(header)!r} must name phone,latitude,longitude and optionally "
            f"{','.join(OPTIONAL)}, each once"
        )
    return names


def parse_subscribers(
    lines: Iterable[str], default_send_time: time = DEFAULT_SEND_TIME
) -> ParsedFile:
    """Check every row of a subscribers CSV; never stops at the first problem."""
    parsed = ParsedFile()
    reader = csv.reader(lines)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        parsed.problems.append(RowProblem(1, str(exc)))
        return parsed
    if header is None:
        parsed.problems.append(RowProblem(1, "the file is empty; expected a header row"))
        return parsed
    try:
        columns = _columns(header)
    except ValueError as exc:
        parsed.problems.append(RowProblem(1, str(exc)))
        return parsed
    parsed.columns = columns
    first_line_of: dict[str, int] = {}
    line = reader.line_num
    while True:
        try:
            values = next(reader, None)
        except csv.Error as exc:
            # The reader cannot say where the broken row ends, so the rest is not read.
            parsed.problems.append(RowProblem(line + 1, f"{exc}; the rest was not read"))
            return parsed
        if values is None:
            return parsed
        start, line = line + 1, reader.line_num
        _check_row(parsed, start, values, columns, first_line_of, default_send_time)


def _check_row(parsed, line, values, columns, first_line_of, default_send_time) -> None:
    problem = _shape_problem(values, columns)
    if problem is None:
        try:
            fields = dict(zip(columns, values))
            address = fields.pop("phone")  # the file's numbers are WhatsApp's (the default)
            row = new_subscriber(address, **fields, default_send_time=default_send_time)
        except ValueError as exc:
            problem = str(exc)
        else:
            problem = _duplicate(row.address, line, first_line_of)
    if problem is None:
        parsed.rows.append((line, row))
    else:
        parsed.problems.append(RowProblem(line, problem))


def _shape_problem(values: list[str], columns: list[str]) -> str | None:
    if not values or all(not value.strip() for value in values):
        return "empty line"
    if len(values) != len(columns):
        return f"expected {len(columns)} columns ({','.join(columns)}), found {len(values)}"
    return None


def _duplicate(phone: str, line: int, first_line_of: dict[str, int]) -> str | None:
    if phone in first_line_of:
        return f"duplicate phone {phone}: already on line {first_line_of[phone]}"
    first_line_of[phone] = line
    return None
