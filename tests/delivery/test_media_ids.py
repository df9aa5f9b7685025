"""A channel's picture ids (issue 27): one upload per picture and identity, whatever the number
of messages asking at once, in one process or in several sharing the card directory."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from lokpanchang.delivery.media_ids import MediaIds, SharedIds

KEY = ("1065403522", "17.39_78.49_2026-03-10_en_amanta_drik_v1.png")


class Uploads:
    def __init__(self, fails: bool = False) -> None:
        self.count, self.fails = 0, fails

    async def __call__(self) -> str | None:
        self.count += 1
        await asyncio.sleep(0.05)  # the upload's round trip, while others ask for the same card
        return None if self.fails else f"media-{self.count}"


def test_messages_asking_at_once_in_one_process_share_one_upload():
    ids, upload = MediaIds(timedelta(days=29)), Uploads()

    async def ask():
        return await asyncio.gather(*(ids.get(KEY, upload) for _ in range(20)))

    assert set(asyncio.run(ask())) == {"media-1"} and upload.count == 1


def test_processes_sharing_the_card_directory_share_one_upload(tmp_path):
    processes = [
        MediaIds(timedelta(days=29), shared=SharedIds(tmp_path, "whatsapp")) for _ in range(4)
    ]
    upload = Uploads()

    async def ask():
        return await asyncio.gather(*(ids.get(KEY, upload) for ids in processes for _ in range(5)))

    assert set(asyncio.run(ask())) == {"media-1"} and upload.count == 1
    later = MediaIds(timedelta(days=29), shared=SharedIds(tmp_path, "whatsapp"))
    assert asyncio.run(later.get(KEY, upload)) == "media-1" and upload.count == 1


def test_an_id_past_its_lifetime_is_uploaded_again():
    now = [datetime(2026, 3, 10, tzinfo=UTC)]
    ids, upload = MediaIds(timedelta(days=29), now=lambda: now[0]), Uploads()
    assert asyncio.run(ids.get(KEY, upload)) == "media-1"
    now[0] += timedelta(days=29, seconds=1)  # Meta forgets it at 30 days: renewed before
    assert asyncio.run(ids.get(KEY, upload)) == "media-2"


def test_a_failed_upload_releases_the_claim_for_the_next_to_try(tmp_path):
    first = MediaIds(
        timedelta(days=29), failure_pause=timedelta(0), shared=SharedIds(tmp_path, "t")
    )
    assert asyncio.run(first.get(KEY, Uploads(fails=True))) is None
    second = MediaIds(timedelta(days=29), shared=SharedIds(tmp_path, "t"))
    upload = Uploads()
    assert asyncio.run(second.get(KEY, upload)) == "media-1" and upload.count == 1


def test_an_id_the_channel_forgot_is_forgotten_by_every_process(tmp_path):
    first = MediaIds(timedelta(days=29), shared=SharedIds(tmp_path, "whatsapp"))
    assert asyncio.run(first.get(KEY, Uploads())) == "media-1"
    first.forget(KEY)  # answered 131053: Meta no longer has it
    other, upload = MediaIds(timedelta(days=29), shared=SharedIds(tmp_path, "whatsapp")), Uploads()
    assert asyncio.run(other.get(KEY, upload)) == "media-1" and upload.count == 1  # a new upload
