"""Worker groups' leases on numbers (``delivery.leases``), against a real Redis."""

from __future__ import annotations

import asyncio

import pytest
import redis

from lokpanchang.delivery.leases import (
    FENCES,
    LEASE,
    FencedBucket,
    Leases,
    NotOwner,
    preference,
    share,
)

NUMBERS = ("111", "222", "333")


def test_each_live_group_holds_its_share_starting_at_its_own_place():
    assert [share(3, groups) for groups in (0, 1, 2, 3, 4)] == [3, 3, 2, 1, 1]
    assert preference(NUMBERS, "a", ["a", "b"]) == ["111", "222", "333"]
    assert preference(NUMBERS, "b", ["a", "b"]) == ["333", "111", "222"]


def test_two_groups_split_the_numbers_and_a_dead_ones_pass_to_the_other(redis_url):
    a, b = Leases(redis_url, "a", NUMBERS, 3), Leases(redis_url, "b", NUMBERS, 3)
    assert sorted(a.tick()) == list(NUMBERS)  # alone: all of them
    assert b.tick() == {}  # a holds them all until its next renewal gives extras up
    assert sorted(a.tick()) == ["111", "222"]
    client = redis.Redis.from_url(redis_url)
    left = client.pttl(LEASE.format("333"))
    assert 0 < left < 1000  # given up: it runs out within the fence margin
    a.tick()
    assert client.pttl(LEASE.format("333")) <= left  # ... and is never renewed again
    client.delete(LEASE.format("333"))  # ... and has run out
    assert b.tick() == {"333": "b:2"}
    # group a dies: its leases and its liveness run out
    client.delete(LEASE.format("111"), LEASE.format("222"), "group:alive:a")
    assert sorted(b.tick()) == list(NUMBERS)
    assert b.owners(list(NUMBERS)) == {"111": "b", "222": "b", "333": "b"}


def _send(bucket: FencedBucket, fences: dict | None, number: str) -> None:
    async def acquire():
        token = FENCES.set(fences)
        try:
            await bucket.acquire(number)
        finally:
            FENCES.reset(token)
            await bucket.release()

    asyncio.run(acquire())


def test_a_group_whose_lease_lapsed_cannot_reserve_a_send(redis_url):
    a, b = Leases(redis_url, "a", ("111",), 3), Leases(redis_url, "b", ("111",), 3)
    held = a.tick()
    bucket = FencedBucket(redis_url, 1000.0)
    _send(bucket, held, "111")  # a holds it: its send is paced and goes
    redis.Redis.from_url(redis_url).delete(LEASE.format("111"))  # a's lease lapses
    assert b.tick() == {"111": "b:2"}  # b takes it with a new token
    with pytest.raises(NotOwner):
        _send(bucket, held, "111")  # a, still holding its old token, is refused
    with pytest.raises(NotOwner):
        _send(bucket, held, "222")  # a number it never held
    _send(bucket, None, "111")  # a send outside a group's batch (a reply) is not fenced
