"""Inline SVG charts drawn in Python: no JavaScript, readable without colour (titles, labels)."""

from __future__ import annotations

from datetime import datetime, timedelta

from markupsafe import Markup, escape

from lokpanchang.storage.dashboard import DayBar
from lokpanchang.storage.states import LedgerStatus, RunStatus
from lokpanchang.web.admin.dayplan import PlannedRow

L, R = LedgerStatus, RunStatus
SERIES = ((L.DELIVERED, "#2e7d32"), (L.SENT, "#1565c0"), (L.FAILED, "#c62828"))
STATUS_COLOURS = {
    R.DONE: "#2e7d32",
    "finished": "#2e7d32",
    L.SENT: "#2e7d32",
    R.RUNNING: "#1565c0",
    R.ENQUEUED: "#6a1b9a",
    R.PLANNED: "#757575",
    R.HALTED: "#c62828",
    L.FAILED: "#c62828",
    R.MISSED: "#ef6c00",
}


def delivery_chart(bars: list[DayBar], width: int = 760, height: int = 220) -> Markup:
    """Stacked bars per day (delivered, sent, failed) with a y scale and day labels."""
    left, bottom, top = 44, 28, 12
    plot_h = height - bottom - top
    ticks = axis_ticks(max([b.delivered + b.sent + b.failed for b in bars] + [1]))
    peak = ticks[-1]
    step = (width - left - 8) / max(len(bars), 1)
    parts = [_y_axis(ticks, left, top, plot_h, width)]
    for i, bar in enumerate(bars):
        parts.append(_stacked_bar(bar, left + i * step, step * 0.8, top + plot_h, plot_h / peak))
        if i % 5 == 0 or i == len(bars) - 1:
            x = left + i * step + step * 0.4
            parts.append(_text(x, height - 8, bar.day.strftime("%d %b"), anchor="middle"))
    return _svg(width, height, "Messages per day over the last 30 days", parts)


def _stacked_bar(bar: DayBar, x: float, w: float, base: float, scale: float) -> str:
    y, out = base, []
    tip = f"{bar.day.isoformat()}: {bar.delivered} delivered, {bar.sent} sent, {bar.failed} failed"
    for name, colour in SERIES:
        h = getattr(bar, name) * scale
        if h > 0:
            y -= h
            out.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{colour}"/>'
            )
    return f"<g><title>{escape(tip)}</title>{''.join(out)}</g>"


def axis_ticks(peak: int, most: int = 5) -> list[int]:
    """Round, whole tick values from 0 to at least ``peak``: steps of 1, 2 or 5 x 10^n,
    at most ``most`` intervals (messages are counted, so never a tick like 1.5)."""
    magnitude = 1
    while True:
        for step in (magnitude, 2 * magnitude, 5 * magnitude):
            intervals = -(-peak // step)  # ceiling
            if intervals <= most:
                return [step * i for i in range(max(intervals, 1) + 1)]
        magnitude *= 10


def _y_axis(ticks: list[int], left: int, top: int, plot_h: float, width: int) -> str:
    lines = []
    for value in ticks:
        y = top + plot_h * (1 - value / ticks[-1])
        lines.append(
            f'<line x1="{left}" x2="{width - 4}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        lines.append(_text(left - 6, y + 4, str(value), anchor="end"))
    return "".join(lines)


def timeline_chart(
    runs: list[PlannedRow], day_start: datetime, now: datetime | None = None, width: int = 760
) -> Markup:
    """One row per slot of the day: a dot at its due instant on a 24-hour UTC axis, coloured by
    its run's status (hollow while no run exists yet); a dashed line marks ``now``."""
    left, row_h, top = 170, 22, 24
    height = top + row_h * max(len(runs), 1) + 8
    span = width - left - 30
    parts = [_hour_grid(left, span, top, height)]
    if now is not None:
        parts.append(
            _now_line(left + span * ((now - day_start) / timedelta(hours=24)), top, height)
        )
    for i, summary in enumerate(runs):
        parts.append(_timeline_row(summary, day_start, left, span, top + i * row_h + row_h / 2))
    if not runs:
        parts.append(_text(left, top + 14, "No subscriber has a send time today."))
    return _svg(width, height, "Today's broadcasts by zone on a 24-hour UTC axis", parts)


def _hour_grid(left: int, span: float, top: int, height: int) -> str:
    out = []
    for hour in range(0, 25, 3):
        x = left + span * hour / 24
        out.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 6}" y2="{height}" stroke="#e5e5e5"/>'
        )
        out.append(_text(x, top - 10, f"{hour:02d}:00", anchor="middle"))
    return "".join(out)


def _now_line(x: float, top: int, height: int) -> str:
    return (
        f'<g><title>now</title><line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 4}" y2="{height}" '
        f'stroke="#8a3b12" stroke-dasharray="4 3"/></g>'
    )


def _timeline_row(row: PlannedRow, day_start: datetime, left: int, span: float, y: float) -> str:
    offset = (row.due_at - day_start) / timedelta(hours=24)
    x = left + span * min(max(offset, 0), 1)
    summary = row.summary
    tip = f"{row.timezone} due {row.due_at:%H:%M} UTC ({row.phase}), {row.status}"
    if summary is None:
        dot = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#fff" stroke="#757575"/>'
    else:
        colour = STATUS_COLOURS.get(summary.run.status, "#424242")
        dot = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{colour}"/>'
        tip += (
            f": {summary.sent} sent, {summary.delivered} delivered, {summary.failed} failed, "
            f"{summary.late} late, {summary.missed} missed"
        )
    label = _text(left - 8, y + 4, row.timezone, anchor="end")
    return f"<g><title>{escape(tip)}</title>{label}{dot}</g>"


def _text(x: float, y: float, text: str, anchor: str = "start") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="11" text-anchor="{anchor}" '
        f'fill="#333">{escape(text)}</text>'
    )


def _svg(width: int, height: int, label: str, parts: list[str]) -> Markup:
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
        f'viewBox="0 0 {width} {height}" width="100%" preserveAspectRatio="xMinYMin meet">'
        f"<title>{escape(label)}</title>{''.join(parts)}</svg>"
    )
