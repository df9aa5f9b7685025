"""Erasure reaches the outbox (issue 24, item 3): an erased person's lines are overwritten in
place, byte for byte, and everyone else's stay as they were."""

from __future__ import annotations

import json

from lokpanchang.delivery.outbox import forget, read_outbox


def line(phone: str, text: str) -> str:
    return json.dumps({"phone": phone, "text": text}, ensure_ascii=False) + "\n"


def test_their_lines_are_overwritten_in_place_and_the_others_kept(tmp_path):
    path = tmp_path / "outbox.jsonl"
    path.write_text(
        line("+919812300457", "Namaste, Kaveri Ramaswamy")
        + line("+15550001", "hello")
        + line("919812300457", "28.61391, 77.20904")
        + '{"phone": "+9198123'  # a line still being written is left to its writer
    )
    size = path.stat().st_size
    assert forget(path, ["+919812300457"]) == 2
    raw = path.read_bytes()
    assert b"9812300457" not in raw and b"Kaveri" not in raw and b"28.61391" not in raw
    assert path.stat().st_size == size  # overwritten, not rewritten elsewhere
    assert read_outbox(path) == [{"phone": "+15550001", "text": "hello"}]
    assert raw.endswith(b'{"phone": "+9198123')


def test_forgetting_in_no_outbox_does_nothing(tmp_path):
    assert forget(tmp_path / "outbox.jsonl", ["+919812300457"]) == 0
    assert not (tmp_path / "outbox.jsonl").exists()
