"""The beat page says each schedule in words (the stable string is its tooltip)."""

from __future__ import annotations

import re


def test_the_beat_page_shows_the_words(operator_client):
    page = operator_client.get("/admin/beat").get_data(as_text=True)
    row = re.search(r'<tr id="beat-cleanup-old-metrics">.*?</tr>', page, re.S)
    assert row, "no row for cleanup-old-metrics"
    cell = re.search(r'<td title="(crontab: [^"]+)">([^<]+)</td>', row.group(0))
    assert cell and cell.group(2) == "daily at 02:00 UTC"
    assert cell.group(1).startswith("crontab: minute=0 hour=2 ")
