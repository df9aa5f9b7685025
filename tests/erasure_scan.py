"""Byte-scans for an erased person: every form of their number, their name and their place.

``needles`` lists what must be nowhere after erasure (issue 24, item 3): the number as people,
WhatsApp and our logs could write it (``+91…``, ``91…`` as a ``wa_id``, the national digits,
spaced and dashed groups), the profile name, and the coordinates as the webhook wrote them,
as text and as the 8-byte doubles databases store (both byte orders), plus the rounded forms
our own keys and replies use. ``traces`` reads every file under the folders given, whole.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from pathlib import Path


def phone_forms(phone: str, country_code: str = "91") -> dict[str, bytes]:
    """``+919812300123`` in every form it could be written in."""
    digits = phone.lstrip("+")
    national = digits[len(country_code) :]
    half = len(national) // 2
    spaced = f"{national[:half]} {national[half:]}"
    return {
        "number +cc": f"+{digits}".encode(),
        "number cc (wa_id)": digits.encode(),
        "number national": national.encode(),
        "number spaced": f"+{country_code} {spaced}".encode(),
        "number national spaced": spaced.encode(),
        "number dashed": f"{national[:half]}-{national[half:]}".encode(),
    }


def place_forms(latitude: float, longitude: float) -> dict[str, bytes]:
    """The coordinates as a webhook's JSON writes them, as stored doubles, and rounded."""
    return {
        "latitude text": repr(latitude).encode(),
        "longitude text": repr(longitude).encode(),
        "latitude double BE": struct.pack(">d", latitude),
        "latitude double LE": struct.pack("<d", latitude),
        "longitude double BE": struct.pack(">d", longitude),
        "longitude double LE": struct.pack("<d", longitude),
        "place to 3 places": f"{latitude:.3f}, {longitude:.3f}".encode(),
        "place key": f"{latitude:.2f},{longitude:.2f},".encode(),
    }


def needles(phone: str, name: str, latitude: float, longitude: float) -> dict[str, bytes]:
    forms = phone_forms(phone) | place_forms(latitude, longitude)
    return forms | {"name": name.encode(), "name casefolded": name.casefold().encode()}


def files_under(folders: Iterable[Path]) -> list[Path]:
    return sorted(p for folder in folders for p in Path(folder).rglob("*") if p.is_file())


def traces(files: Iterable[Path], wanted: dict[str, bytes]) -> list[str]:
    """``"<form> in <file>"`` for each form found in each file, byte for byte."""
    found = []
    for path in files:
        try:
            data = path.read_bytes()
        except FileNotFoundError:  # a file removed while we looked (a rotated WAL)
            continue
        found += [f"{name} in {path}" for name, needle in wanted.items() if needle in data]
    return found
