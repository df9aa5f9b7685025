"""Inline SVG charts drawn in Python: no JavaScript, readable without colour (titles, labels)."""

from __future__ import annotations

from datetime import datetime, timedelta

from markupsafe import Markup, escape

from lokpanchang.storage.states import LedgerStatus, RunStatus
from lokpanchang.web.admin.queries import DayBar, RunSummary

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
    peak = max([b.delivered + b.sent + b.failed for b in bars] + [1])
    step = (width - left - 8) / max(len(bars), 1)
    parts = [_y_axis(peak, left, top, plot_h, width)]
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


def _y_axis(peak: int, left: int, top: int, plot_h: float, width: int) -> str:
    lines = []
    for fraction in (0, 0.5, 1):
        y = top + plot_h * (1 - fraction)
        lines.append(
            f'<line x1="{left}" x2="{width - 4}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        lines.append(_text(left - 6, y + 4, str(round(peak * fraction)), anchor="end"))
    return "".join(lines)


def timeline_chart(
    runs: list[RunSummary], day_start: datetime, now: datetime | None = None, width: int = 760
) -> Markup:
    """One row per run: a dot at its due instant on a 24-hour UTC axis, coloured by status;
    a dashed line marks ``now``."""
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
        parts.append(_text(left, top + 14, "No broadcast is due today."))
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


def _timeline_row(
    summary: RunSummary, day_start: datetime, left: int, span: float, y: float
) -> str:
    run = summary.run
    offset = (run.due_at - day_start) / timedelta(hours=24)
    x = left + span * min(max(offset, 0), 1)
    colour = STATUS_COLOURS.get(run.status, "#424242")
    tip = (
        f"{run.timezone} due {run.due_at:%H:%M} UTC, {run.status}: {summary.sent} sent, "
        f"{summary.delivered} delivered, {summary.failed} failed, {summary.late} late, "
        f"{summary.missed} missed"
    )
    return (
        f"<g><title>{escape(tip)}</title>{_text(left - 8, y + 4, run.timezone, anchor='end')}"
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{colour}"/></g>'
    )


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
