"""Small helpers shared by the portal's views."""

from __future__ import annotations

import math
from datetime import date
from urllib.parse import urlencode

from flask import abort, request

from lokpanchang.web import MAX_ROW_ID
from lokpanchang.web.security import current_operator

# Far past any real last page, small enough that (page - 1) * size fits every database's OFFSET.
MAX_PAGE = 1_000_000


def page_arg() -> int:
    """``?page=N``: 1 when missing or not a number; never more than MAX_PAGE."""
    try:
        return min(MAX_PAGE, max(1, int(request.args.get("page", "1"))))
    except ValueError:
        return 1


def page_url(page: int) -> str:
    """This list's address on ``page``, its other arguments kept as they came. They are never
    handed to ``url_for`` as keywords: ``?endpoint=x`` (or ``_external``...) would be its own."""
    kept = [(name, value) for name, value in request.args.items(multi=True) if name != "page"]
    return f"{request.script_root}{request.path}?{urlencode([*kept, ('page', page)])}"


def id_arg(text: str) -> int | None:
    """A row id typed in a form (ASCII digits, at most the largest stored id), else None."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_ROW_ID:
        return None
    return int(text)


def page_count(total: int, size: int) -> int:
    return max(1, math.ceil(total / size))


def date_arg(name: str) -> date | None:
    """``?name=YYYY-MM-DD`` as a date; a bad value is a 400 naming it."""
    text = request.values.get(name, "").strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        abort(400, description=f"{name}={text!r} is not a date like 2026-03-21")


def operator_name() -> str:
    operator = current_operator()
    return operator.username if operator else "?"


def or_404(value):
    if value is None:
        abort(404)
    return value
