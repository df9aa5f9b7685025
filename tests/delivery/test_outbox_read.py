"""Reading the outbox while a worker writes to it."""

from __future__ import annotations

from lokpanchang.delivery.outbox import read_outbox


def test_a_line_still_being_written_is_not_read_yet(tmp_path):
    # Seen under load: a reader caught a batch's write half done, and json.loads failed on
    # the partial last line (JSONDecodeError in a fault test's poll).
    path = tmp_path / "outbox.jsonl"
    path.write_text('{"to": "+15550001"}\n{"to": "+155')
    assert read_outbox(path) == [{"to": "+15550001"}]
    with open(path, "a") as outbox:
        outbox.write('50002"}\n')
    assert read_outbox(path) == [{"to": "+15550001"}, {"to": "+15550002"}]
