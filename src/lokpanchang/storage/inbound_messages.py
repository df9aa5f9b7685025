"""People's messages seen (``inbound_message``): each channel message id recorded once, so
a retried webhook is not answered twice, with the language a stranger's words suggested."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from lokpanchang.storage.db import Session
from lokpanchang.storage.models import MAX_ADDRESS, InboundMessage


def record_first(
    session: Session, message_id: str, sender: str, kind: str, now: datetime
) -> InboundMessage | None:
    """Record the message ``message_id`` from ``sender``; None when it was recorded before
    (the channel retries). The stored row is returned for its ``language`` to be set."""
    if session.execute(
        select(InboundMessage.id).where(InboundMessage.wa_message_id == message_id)
    ).first():
        return None
    # A worker racing us on the same id makes this flush fail; the task is then retried and
    # the lookup above finds the id (the unique constraint is the real guard).
    inbound = InboundMessage(
        wa_message_id=message_id,
        from_phone=sender[:MAX_ADDRESS],
        kind=kind[:20],
        received_at=now,
    )
    session.add(inbound)
    session.flush()
    return inbound


def latest_language(session: Session, sender: str, since: datetime) -> str | None:
    """The language ``sender``'s latest message since ``since`` suggested, if any did."""
    return session.scalar(
        select(InboundMessage.language)
        .where(
            InboundMessage.from_phone == sender,
            InboundMessage.language.is_not(None),
            InboundMessage.received_at >= since,
        )
        .order_by(InboundMessage.received_at.desc(), InboundMessage.id.desc())
        .limit(1)
    )
