from __future__ import annotations

import pytest

from lokpanchang.broadcast import SendContext
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.delivery.memory import MemorySender


@pytest.fixture
def settings(make_settings, database_url):
    return make_settings(
        database_url=database_url,
        batch_size=3,
        run_stall_after=120,
        late_grace=7200,
        claim_stale_after=300,
    )


@pytest.fixture
def ctx(settings):
    return SendContext(settings, MemorySender(), almanac_content())
