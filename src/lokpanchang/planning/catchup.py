"""What to do with a slot whose instant has passed without its send."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

from lokpanchang.planning.slots import Slot
from lokpanchang.planning.walltime import require_aware

Verdict = Literal["late", "missed"]


def catch_up_verdict(slot: Slot, now: datetime, grace: timedelta) -> Verdict:
    """``"late"`` if ``now - due_at < grace``, else ``"missed"``.

    Late: send it now and mark it late. Missed: record it and never send it.

    ``now`` is an aware instant at or after ``slot.due_at``; ``grace`` is a
    non-negative timedelta (the LATE_GRACE setting, 2 h by default). A slot
    that is not yet due has no verdict: that raises ValueError.
    """
    require_aware(now, "now")
    if not isinstance(grace, timedelta) or grace < timedelta(0):
        raise ValueError(f"grace={grace!r} must be a timedelta of zero or more")
    if now < slot.due_at:
        raise ValueError(
            f"slot {slot.lock_key()} is due at {slot.due_at.isoformat()}, after now={now.isoformat()}"
        )
    return "late" if now - slot.due_at < grace else "missed"
