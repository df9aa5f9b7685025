"""The card's fonts: one per script, from Debian's font packages, and the one place they
are looked up.

Each script's text is set in its own font; characters that font lacks (Latin place names
in a Tamil card, the punctuation some Indic fonts leave out) fall back to the Latin font,
so nothing is drawn as a missing-glyph box. The fonts are shaped by libraqm (HarfBuzz and
FriBiDi) through Pillow.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageFont, features

FONT_ROOT = Path("/usr/share/fonts")


@dataclass(frozen=True)
class FontFile:
    """A font file and the Debian package that installs it."""

    path: Path
    package: str


LATIN = FontFile(FONT_ROOT / "truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core")
SCRIPT_FONTS: dict[str, FontFile] = {
    "LATIN": LATIN,
    "DEVANAGARI": FontFile(
        FONT_ROOT / "truetype/lohit-devanagari/Lohit-Devanagari.ttf", "fonts-lohit-deva"
    ),
    "TAMIL": FontFile(FONT_ROOT / "truetype/lohit-tamil/Lohit-Tamil.ttf", "fonts-lohit-taml"),
    "TELUGU": FontFile(FONT_ROOT / "truetype/lohit-telugu/Lohit-Telugu.ttf", "fonts-lohit-telu"),
    "KANNADA": FontFile(FONT_ROOT / "truetype/lohit-kannada/Lohit-Kannada.ttf", "fonts-lohit-knda"),
    "MALAYALAM": FontFile(
        FONT_ROOT / "opentype/malayalam/Manjari-Regular.otf", "fonts-smc-manjari"
    ),
    "GUJARATI": FontFile(
        FONT_ROOT / "truetype/lohit-gujarati/Lohit-Gujarati.ttf", "fonts-lohit-gujr"
    ),
    "BENGALI": FontFile(
        FONT_ROOT / "truetype/lohit-bengali/Lohit-Bengali.ttf", "fonts-lohit-beng-bengali"
    ),
}


class CardFontError(RuntimeError):
    """A font or the shaping engine the card needs is not installed; says what to install."""


def script_font(script: str) -> FontFile:
    """The font for ``script`` (a registry script name, e.g. ``"TAMIL"``)."""
    try:
        return SCRIPT_FONTS[script]
    except KeyError:
        raise CardFontError(
            f"no card font for script {script!r}; known: {', '.join(SCRIPT_FONTS)}"
        ) from None


@cache
def face(font: FontFile, size: int) -> ImageFont.FreeTypeFont:
    """``font`` at ``size`` px, shaped by libraqm; CardFontError naming the missing file."""
    _require_raqm()
    if not font.path.is_file():
        raise CardFontError(
            f"card font {font.path} is missing: install the Debian package {font.package} "
            f"(apt-get install {font.package})"
        )
    return ImageFont.truetype(str(font.path), size, layout_engine=ImageFont.Layout.RAQM)


@cache
def characters(font: FontFile) -> frozenset[int]:
    """The code points ``font`` maps to a glyph (its cmap)."""
    from fontTools.ttLib import TTFont

    face(font, 1)  # the same clear error when the file is missing
    with TTFont(str(font.path), lazy=True) as loaded:
        return frozenset(loaded.getBestCmap())


@cache
def _require_raqm() -> None:
    if not features.check("raqm"):
        raise CardFontError(
            "Pillow has no libraqm here, so Indic text would be drawn unshaped: install "
            "Debian's libraqm0 (or libfribidi0 for Pillow's wheels, which bundle HarfBuzz)"
        )
