"""Bar charts as inline SVG, drawn in Python so reports need no JavaScript or build step."""

from __future__ import annotations

from html import escape

WIDTH, HEIGHT = 640, 260
MARGIN_LEFT, MARGIN_BOTTOM, MARGIN_TOP = 48, 56, 28
PALETTE = ("#2f6f9f", "#e39b2d", "#4c9a5b", "#b8423a", "#7a5aa6")


def bar_chart(title: str, labels: list[str], series: dict[str, list[float]]) -> str:
    """Grouped bars: one group per label, one bar per series; values must be >= 0."""
    peak = max([value for values in series.values() for value in values] + [1])
    plot_w, plot_h = WIDTH - MARGIN_LEFT - 10, HEIGHT - MARGIN_BOTTOM - MARGIN_TOP
    group_w = plot_w / max(len(labels), 1)
    bar_w = group_w * 0.8 / max(len(series), 1)
    parts = [_header(title), *_axis(peak, plot_h)]
    for i, label in enumerate(labels):
        x0 = MARGIN_LEFT + i * group_w + group_w * 0.1
        for j, (name, values) in enumerate(series.items()):
            parts.append(_bar(x0 + j * bar_w, bar_w, values[i], peak, plot_h, name, label, j))
        parts.append(_label(x0 + group_w * 0.4, label))
    parts.append(_legend(list(series)))
    return "\n".join(parts + ["</svg>"])


def _header(title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title>"
        f'<text x="{MARGIN_LEFT}" y="18" font-size="14" font-weight="bold">{escape(title)}</text>'
    )


def _axis(peak: float, plot_h: float) -> list[str]:
    base = MARGIN_TOP + plot_h
    return [
        f'<line x1="{MARGIN_LEFT}" y1="{base}" x2="{WIDTH - 10}" y2="{base}" stroke="#888"/>',
        f'<text x="{MARGIN_LEFT - 6}" y="{MARGIN_TOP + 4}" font-size="10" '
        f'text-anchor="end">{_number(peak)}</text>',
        f'<text x="{MARGIN_LEFT - 6}" y="{base}" font-size="10" text-anchor="end">0</text>',
    ]


def _bar(
    x: float, w: float, value: float, peak: float, plot_h: float, name: str, label: str, index: int
) -> str:
    h = plot_h * value / peak
    y = MARGIN_TOP + plot_h - h
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(w - 1, 1):.1f}" height="{h:.1f}" '
        f'fill="{PALETTE[index % len(PALETTE)]}"><title>{escape(label)} {escape(name)}: '
        f"{_number(value)}</title></rect>"
    )


def _label(x: float, label: str) -> str:
    y = HEIGHT - MARGIN_BOTTOM + 14
    return f'<text x="{x:.1f}" y="{y}" font-size="10" text-anchor="middle">{escape(label)}</text>'


def _legend(names: list[str]) -> str:
    items = []
    for i, name in enumerate(names):
        x = MARGIN_LEFT + i * 120
        items.append(
            f'<rect x="{x}" y="{HEIGHT - 22}" width="10" height="10" '
            f'fill="{PALETTE[i % len(PALETTE)]}"/><text x="{x + 14}" y="{HEIGHT - 13}" '
            f'font-size="11">{escape(name)}</text>'
        )
    return "".join(items)


def _number(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"
