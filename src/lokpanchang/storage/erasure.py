"""SQL for erasing a subscriber at their request (``delete`` + ``yes``, issue 14).

Their row stays, so every count stays right (the ledger's rows, the subscription events),
but nothing in it or in those rows names their number or their place: each of their addresses
(``subscriber_address``: a phone, a Telegram chat id) becomes ``erased-<id>``; WhatsApp ids (which encode the number), display name, coordinates, town
and zone are cleared; the inbound messages they sent lose their sender and their id; the
panchangams prepared for their place are dropped (they are recomputed when needed), and so
are the webhooks naming them that wait in the inbound store (``storage.inbound``). The
ledger keeps each row's local date, kind, status and zone (a zone names no one).

On SQLite, freed pages are zeroed (``PRAGMA secure_delete``, ``storage.db``) and
``checkpoint`` folds the write-ahead log into the file, so the file's bytes keep no trace.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import delete, or_, text, update
from sqlalchemy.orm import Session

from lokpanchang.storage import inbound
from lokpanchang.storage.db import engine_for
from lokpanchang.storage.models import (
    AnnouncementLog,
    InboundMessage,
    MessageLog,
    PreparedPanchangam,
    SubscriptionEvent,
    UserDetail,
)

ERASED_REASON = "erased at the subscriber's request"


def erase_subscriber(
    session: Session, user: UserDetail, now: datetime, written: Iterable[str] = ()
) -> None:
    """Erase ``user``'s addresses and place everywhere in the database (their counts stay);
    ``written`` are their addresses as their channels' webhook bodies write them (the stored
    webhooks naming them are dropped: ``Adapter.as_written``)."""
    place = _place_prefix(user)
    for address in user.addresses:
        _anonymise_rows(session, user.id, address.address)
    inbound.forget_naming(session, list(written))
    if place is not None:
        session.execute(delete(PreparedPanchangam).where(PreparedPanchangam.key.startswith(place)))
    _anonymise_user(user, now)
    session.flush()
    session.add(SubscriptionEvent(user_id=user.id, kind="erased", at=now))


def _place_prefix(user: UserDetail) -> str | None:
    """The prepared panchangams' key prefix of the user's place (``content.store_key``)."""
    if user.latitude is None or user.longitude is None:
        return None
    return f"{round(user.latitude, 2):.2f},{round(user.longitude, 2):.2f},"


def _anonymise_rows(session: Session, user_id: int, address: str) -> None:
    for model in (MessageLog, AnnouncementLog):
        rows = update(model).where(model.user_id == user_id)
        session.execute(rows.values(whatsapp_message_id=None, error_detail=None))
    events = update(SubscriptionEvent).where(SubscriptionEvent.user_id == user_id)
    session.execute(events.values(detail=""))
    sent = update(InboundMessage).where(
        or_(
            InboundMessage.from_phone == address,
            InboundMessage.from_phone == address.lstrip("+"),
        )
    )
    session.execute(
        sent.values(
            from_phone="",
            wa_message_id=text("'erased-' || CAST(id AS VARCHAR(20))"),
        )
    )


def _anonymise_user(user: UserDetail, now: datetime) -> None:
    for address in user.addresses:
        address.address = f"erased-{user.id}"
    user.link_code, user.display_name = None, ""
    user.latitude = user.longitude = None
    user.city, user.city_id, user.timezone, user.number_id = None, None, None, None
    user.sunrise_offset = user.sunrise_due_at = user.paused_until = None
    user.delete_asked_at = None
    user.obsoleted_on = min(user.obsoleted_on, now)
    user.disabled_reason, user.updated_on = ERASED_REASON, now


def checkpoint(url: str) -> None:
    """On SQLite, fold the write-ahead log into the database file (and empty it)."""
    engine = engine_for(url)
    if engine.dialect.name == "sqlite":
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
