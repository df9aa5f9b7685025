"""SQL for a subscriber's addresses (``subscriber_address``): who is at an address on a
channel, and the addresses a bulk write adds. Channel names are the adapters'."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import cast

from sqlalchemy import Table, select
from sqlalchemy.orm import Session

from lokpanchang.storage.db import in_chunks
from lokpanchang.storage.models import SubscriberAddress, UserDetail

ADDRESSES = cast(Table, SubscriberAddress.__table__)


def subscriber_at(session: Session, channel: str, address: str) -> UserDetail | None:
    """The subscriber reached at ``address`` on ``channel``, if any."""
    if not address:
        return None
    query = (
        select(UserDetail)
        .join(SubscriberAddress, SubscriberAddress.user_id == UserDetail.id)
        .where(SubscriberAddress.channel == channel, SubscriberAddress.address == address)
    )
    return session.scalar(query)


def at_addresses(channel: str, addresses: Iterable[str]):
    """A WHERE clause: subscribers with one of ``addresses`` on ``channel``."""
    mine = select(SubscriberAddress.user_id).where(
        SubscriberAddress.channel == channel, SubscriberAddress.address.in_(set(addresses))
    )
    return UserDetail.id.in_(mine)


def address_matches(pattern: str):
    """A WHERE clause: subscribers with an address (on any channel) LIKE ``pattern``."""
    mine = select(SubscriberAddress.user_id).where(SubscriberAddress.address.like(pattern))
    return UserDetail.id.in_(mine)


def user_ids_at(session: Session, channel: str, addresses: list[str]) -> dict[str, int]:
    """``address -> subscriber id`` for those of ``addresses`` known on ``channel``."""
    found: dict[str, int] = {}
    for chunk in in_chunks(addresses):
        query = select(SubscriberAddress.address, SubscriberAddress.user_id).where(
            SubscriberAddress.channel == channel, SubscriberAddress.address.in_(chunk)
        )
        found.update((address, user_id) for address, user_id in session.execute(query))
    return found


def insert_addresses(
    session: Session, channel: str, pairs: list[tuple[int, str]], now: datetime
) -> None:
    """Add the (subscriber id, address) ``pairs`` on ``channel`` (executemany, in chunks)."""
    rows = [
        {"user_id": user_id, "channel": channel, "address": address, "created_on": now}
        for user_id, address in pairs
    ]
    for chunk in in_chunks(rows):
        session.execute(ADDRESSES.insert(), chunk)


def insert_subscribers(
    session: Session, channel: str, rows: list[dict], now: datetime
) -> list[int]:
    """Insert ``user_detail`` rows, each with its ``address`` on ``channel`` (a key of the
    row, not a column), in chunks; the new ids in the order of ``rows``."""
    users = cast(Table, UserDetail.__table__)
    statement = users.insert().returning(users.c.id, sort_by_parameter_order=True)
    ids: list[int] = []
    for chunk in in_chunks(rows):
        values = [
            {k: v for k, v in row.items() if k != "address"} | {"channel": channel} for row in chunk
        ]
        ids.extend(session.execute(statement, values).scalars())
    insert_addresses(session, channel, [(i, row["address"]) for i, row in zip(ids, rows)], now)
    return ids
