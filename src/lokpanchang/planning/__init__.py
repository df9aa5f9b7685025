"""PURE planning: instants, zones and send times -> due slots; DST gap/fold rules; catch-up rule.

Standard library and zoneinfo only. Nothing here reads the clock: every
function takes the instant it plans for, as an aware datetime.
"""

from lokpanchang.planning.catchup import Verdict, catch_up_verdict
from lokpanchang.planning.passes import pass_instants, simulate_passes
from lokpanchang.planning.slots import (
    DEFAULT_SEND_TIME,
    PlanResult,
    Slot,
    due_slots,
    next_occurrence,
    recent_slots,
    slot_for,
    slots_between,
)
from lokpanchang.planning.walltime import (
    local_date_at,
    occurrence,
    require_aware,
    wall_clock_at,
)
from lokpanchang.planning.zones import InvalidZoneError, is_valid_zone, load_zone

__all__ = [
    "DEFAULT_SEND_TIME",
    "InvalidZoneError",
    "PlanResult",
    "Slot",
    "Verdict",
    "catch_up_verdict",
    "due_slots",
    "is_valid_zone",
    "load_zone",
    "local_date_at",
    "next_occurrence",
    "occurrence",
    "pass_instants",
    "recent_slots",
    "require_aware",
    "simulate_passes",
    "slot_for",
    "slots_between",
    "wall_clock_at",
]
