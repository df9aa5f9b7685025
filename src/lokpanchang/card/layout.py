"""PURE layout: a card's words -> placed runs of text -> PNG bytes.

``plan`` decides every run's font and place (wrapping at spaces within the card's width);
``paint`` draws the plan. Tests read the plan to check that each character is in the
cmap of the font it is drawn in and that nothing leaves the card.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from lokpanchang import languages
from lokpanchang.card.fonts import LATIN, FontFile, characters, face, script_font
from lokpanchang.card.text import CardText

Colour = tuple[int, int, int]

WIDTH = 1080  # px: phones show it full width; WhatsApp keeps this width when forwarding
MARGIN = 64
PAPER, INK, MUTED = (255, 248, 238), (31, 26, 23), (122, 92, 62)
BAND, ON_BAND = (178, 58, 16), (255, 255, 255)
BOX, BOX_EDGE = (253, 231, 207), (226, 150, 90)
_GROUNDS: tuple[Colour, ...] = (PAPER, BAND, BOX, BOX_EDGE)
# Each text colour on the ground it is drawn on, as a ramp of LEVELS shades.
RAMPS: tuple[tuple[Colour, Colour], ...] = (
    (ON_BAND, BAND),
    (MUTED, PAPER),
    (INK, PAPER),
    (INK, BOX),
    (MUTED, BOX),
)
LEVELS = 16  # shades of antialiasing per ramp: 4 + 5 * 16 = 84 palette entries
PNG_COMPRESSION = 3  # zlib level: 10 ms a card and ~60 KB; level 6 took 20 ms for 50 KB
MASKS_KEPT = 4096  # words' glyph masks kept (a few KB each)
# (size px, line height as a multiple of size): Indic scripts stack marks above and below.
Style = tuple[int, float]
TITLE: Style = (54, 1.45)
LABEL: Style = (32, 1.5)
VALUE: Style = (44, 1.45)
NOTE: Style = (40, 1.45)
FOOTER: Style = (28, 1.5)
BAND_PADDING = 44
WORD_GAP = 0.08  # em added to each space
# Marks and joiners shape with the letter before them, so they stay in its run.
_JOINING = frozenset(("Mn", "Mc", "Me", "Cf"))


@dataclass(frozen=True)
class Run:
    """Text drawn in one font at a baseline point (px from the card's top left), in
    ``colour`` on ``ground``."""

    text: str
    font: FontFile
    size: int
    x: float
    baseline: float
    width: float
    colour: Colour
    ground: Colour
    bold: bool = False


@dataclass(frozen=True)
class Box:
    """A filled rectangle (left, top, right, bottom px) drawn under the text."""

    edges: tuple[float, float, float, float]
    fill: Colour
    outline: Colour | None = None
    radius: int = 0


@dataclass(frozen=True)
class Plan:
    """A card laid out: its height (px), the boxes and the runs of text, in drawing order."""

    height: int
    boxes: tuple[Box, ...]
    runs: tuple[Run, ...]


def render_png(card: CardText) -> bytes:
    """The card as PNG bytes, ``WIDTH`` px wide."""
    return paint(plan(card))


def plan(card: CardText) -> Plan:
    """Lay out ``card`` in its language's script font (Latin for what that font lacks)."""
    page = _Page(script_font(languages.language(card.language).script))
    page.band(card.title)
    for label, value in card.rows:
        page.text(label, LABEL, MUTED)
        page.text(value, VALUE, INK, after=18)
    page.note(card.today, card.tomorrow)
    page.footer(card.footer)
    return page.finish()


def paint(layout: Plan) -> bytes:
    """Draw ``layout`` and encode it as a palette PNG.

    The card has a few colours, so it is drawn as palette indices: each text colour on its
    ground is a ramp of ``LEVELS`` shades, and a glyph's coverage picks the shade. An RGB
    PNG of the same card took 45-65 ms to encode; this one about 10 (at level 3).
    """
    canvas = Image.new("L", (WIDTH, layout.height), _GROUNDS.index(PAPER))
    shapes = ImageDraw.Draw(canvas)
    for box in layout.boxes:
        outline = _GROUNDS.index(box.outline) if box.outline else None
        fill = _GROUNDS.index(box.fill)
        shapes.rounded_rectangle(box.edges, radius=box.radius, fill=fill, outline=outline, width=3)
    for ramp, runs in _by_ramp(layout.runs).items():
        _shade(canvas, ramp, runs)
    canvas.putpalette(_palette())
    out = io.BytesIO()
    canvas.save(out, "PNG", compress_level=PNG_COMPRESSION)
    return out.getvalue()


def _by_ramp(runs: tuple[Run, ...]) -> dict[tuple[Colour, Colour], list[Run]]:
    found: dict[tuple[Colour, Colour], list[Run]] = {}
    for run in runs:
        found.setdefault((run.colour, run.ground), []).append(run)
    return found


def _shade(canvas: Image.Image, ramp: tuple[Colour, Colour], runs: list[Run]) -> None:
    """Draw ``runs`` (all of one ramp) onto ``canvas`` as shades of that ramp.

    The ramps' indices lie above the grounds', so where a glyph covers a pixel its shade
    (the larger index) replaces the ground, and elsewhere the ground stays.
    """
    placed = [(_mask(r.text, r.font, r.size, r.bold), round(r.x), round(r.baseline)) for r in runs]
    top = max(0, min(baseline + rise for (_, (_, rise)), _, baseline in placed))
    bottom = min(canvas.height, max(y + r + m.height for (m, (_, r)), _, y in placed))
    coverage = Image.new("L", (WIDTH, bottom - top), 0)
    for (mask, (left, rise)), x, baseline in placed:
        coverage.paste(255, (x + left, baseline + rise - top), mask)
    first = _first_index(ramp)
    shade = coverage.point([0] + [first + (v * (LEVELS - 1) + 127) // 255 for v in range(1, 256)])
    region = (0, top, WIDTH, bottom)
    canvas.paste(ImageChops.lighter(canvas.crop(region), shade), region)


@lru_cache(maxsize=MASKS_KEPT)
def _mask(text: str, font: FontFile, size: int, bold: bool) -> tuple[Image.Image, tuple[int, int]]:
    """``text``'s glyph coverage and its offset from the baseline point (px).

    Kept: the words of a language recur from card to card (labels, names, times), and
    shaping and rasterising them is most of a card's time.
    """
    shaped = face(font, size)
    box = shaped.getbbox(text, anchor="ls")
    left, top, right, bottom = (
        math.floor(box[0]),
        math.floor(box[1]),
        math.ceil(box[2]),
        math.ceil(box[3]),
    )
    nudges = (0, 1) if bold else (0,)  # one weight only: bold is the word twice, 1 px apart
    mask = Image.new("L", (right - left + len(nudges), bottom - top), 0)
    draw = ImageDraw.Draw(mask)
    for nudge in nudges:
        draw.text((nudge - left, -top), text, font=shaped, fill=255, anchor="ls")
    return mask, (left, top)


def _first_index(ramp: tuple[Colour, Colour]) -> int:
    return len(_GROUNDS) + RAMPS.index(ramp) * LEVELS


def _palette() -> list[int]:
    colours = list(_GROUNDS)
    for ink, ground in RAMPS:
        for level in range(LEVELS):
            colours.append(_mix(ground, ink, level / (LEVELS - 1)))
    return [channel for colour in colours for channel in colour]


def _mix(ground: Colour, ink: Colour, share: float) -> Colour:
    r, g, b = (round(a + (b - a) * share) for a, b in zip(ground, ink, strict=True))
    return (r, g, b)


class _Page:
    """The layout being built, top to bottom."""

    def __init__(self, font: FontFile) -> None:
        self.font = font
        self.y = 0.0
        self.ground = PAPER
        self.boxes: list[Box] = []
        self.runs: list[Run] = []

    def band(self, title: str) -> None:
        lines = wrap(title, self.font, TITLE[0], WIDTH - 2 * MARGIN)
        height = 2 * BAND_PADDING + len(lines) * TITLE[0] * TITLE[1]
        self.boxes.append(Box((0, 0, WIDTH, height), BAND))
        self.y, self.ground = BAND_PADDING, BAND
        self._lines(lines, TITLE, ON_BAND, bold=True)
        self.y, self.ground = height + 36, PAPER

    def text(
        self, text: str, style: Style, colour: Colour, after: float = 0, indent: int = 0
    ) -> None:
        if not text:
            return
        width = WIDTH - 2 * (MARGIN + indent)
        self._lines(wrap(text, self.font, style[0], width), style, colour, indent)
        self.y += after

    def note(self, today: str, tomorrow: str) -> None:
        """The day's observances (and tomorrow's, smaller) in a box."""
        if not (today or tomorrow):
            return
        top = self.y + 8
        self.y, self.ground = top + 28, BOX
        self.text(today, NOTE, INK, indent=28)
        self.text(tomorrow, LABEL, MUTED, indent=28)
        self.boxes.append(Box((MARGIN, top, WIDTH - MARGIN, self.y + 20), BOX, BOX_EDGE, 18))
        self.y, self.ground = self.y + 44, PAPER

    def footer(self, footer: str) -> None:
        self.y += 12
        self.text(footer, FOOTER, MUTED)

    def finish(self) -> Plan:
        return Plan(round(self.y + 40), tuple(self.boxes), tuple(self.runs))

    def _lines(
        self, lines: list[str], style: Style, colour: Colour, indent: int = 0, bold: bool = False
    ) -> None:
        size, leading = style
        space = _space(self.font, size)
        for line in lines:
            baseline = self.y + size * 1.05  # room for the marks above the headline
            x: float = MARGIN + indent
            for word in line.split(" "):
                for text, font in runs(word, self.font):
                    width = _length(text, font, size)
                    self.runs.append(
                        Run(text, font, size, x, baseline, width, colour, self.ground, bold)
                    )
                    x += width
                x += space
            self.y += size * leading


def runs(text: str, font: FontFile) -> list[tuple[str, FontFile]]:
    """``text`` split into runs of ``font`` and of the Latin fallback, each character in a
    font that has it (a mark or joiner stays with the letter it follows)."""
    found: list[tuple[str, FontFile]] = []
    for char in text:
        chosen = _font_for(char, font, found[-1][1] if found else None)
        if found and found[-1][1] == chosen:
            found[-1] = (found[-1][0] + char, chosen)
        else:
            found.append((char, chosen))
    return found


def _font_for(char: str, font: FontFile, current: FontFile | None) -> FontFile:
    joins = unicodedata.category(char) in _JOINING
    if current is not None and joins and ord(char) in characters(current):
        return current
    return font if ord(char) in characters(font) else LATIN


def wrap(text: str, font: FontFile, size: int, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` px (a word wider than
    the line is broken between characters)."""
    space = _space(font, size)
    lines: list[str] = []
    line, used = "", 0.0
    for word in text.split(" "):
        for piece in _pieces(word, font, size, width):
            wide = _width(piece, font, size)
            if line and used + space + wide > width:
                lines.append(line)
                line, used = "", 0.0
            line, used = (f"{line} {piece}", used + space + wide) if line else (piece, wide)
    return [*lines, line] if line else lines


def _pieces(word: str, font: FontFile, size: int, width: float) -> Iterator[str]:
    """``word``, or its parts that each fit in ``width`` when it is wider."""
    while _width(word, font, size) > width and len(word) > 1:
        cut = len(word) - 1
        while cut > 1 and _width(word[:cut], font, size) > width:
            cut -= 1
        yield word[:cut]
        word = word[cut:]
    yield word


def _space(font: FontFile, size: int) -> float:
    """The gap between words: the font's space, widened a little (some fonts' spaces are
    narrow next to a virama's overhang)."""
    return _length(" ", font, size) + size * WORD_GAP


@lru_cache(maxsize=8192)
def _width(text: str, font: FontFile, size: int) -> float:
    return sum(_length(part, f, size) for part, f in runs(text, font))


@lru_cache(maxsize=8192)
def _length(text: str, font: FontFile, size: int) -> float:
    return face(font, size).getlength(text)
