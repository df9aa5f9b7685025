"""Small helpers shared by the portal's views."""

from __future__ import annotations

import math
from datetime import date

from flask import abort, request

from lokpanchang.web.security import current_operator


def page_arg() -> int:
    try:
        return max(1, int(request.args.get("page", "1")))
    except ValueError:
        return 1


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
