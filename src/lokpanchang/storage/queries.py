"""Read queries shared by the planner, the CLI and the portal."""

from __future__ import annotations

from datetime import datetime, time

from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang.clock import require_aware
from lokpanchang.storage.models import UserDetail


def active_zone_send_times(session: Session, now: datetime) -> list[tuple[str, time]]:
    """Distinct (timezone, send time) of subscribers active at ``now`` (``obsoleted_on > now``).

    Subscribers without a zone yet (location not shared) are left out; zone
    names come back exactly as stored, so the planner can report invalid ones.
    Sorted by zone, then send time.
    """
    require_aware(now, "now")
    statement = (
        select(UserDetail.timezone, UserDetail.send_time)
        .where(UserDetail.obsoleted_on > now, UserDetail.timezone.is_not(None))
        .distinct()
        .order_by(UserDetail.timezone, UserDetail.send_time)
    )
    return [(zone, send_time) for zone, send_time in session.execute(statement)]
