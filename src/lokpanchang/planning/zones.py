"""IANA zone names -> ZoneInfo, with errors that name the bad zone."""

from __future__ import annotations

from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# Files under the system zoneinfo folder that load as zones but are not IANA names:
# their meaning depends on the machine, so a stored zone must never be one of them.
SYSTEM_ALIASES = frozenset({"localtime", "posixrules"})


class InvalidZoneError(ValueError):
    """A time zone name that is not an IANA zone; ``zone`` holds the name as given."""

    def __init__(self, zone: object) -> None:
        self.zone = zone
        super().__init__(f"time zone {zone!r} is not an IANA zone name (e.g. Asia/Kolkata)")


def load_zone(name: str) -> ZoneInfo:
    """The IANA zone called ``name``; raises InvalidZoneError naming it otherwise.

    Names are taken exactly as given (case and spaces matter): a stored zone
    that needs guessing is reported, not guessed.
    """
    if not isinstance(name, str) or name in SYSTEM_ALIASES:
        raise InvalidZoneError(name)
    return _loaded_zone(name)


# ZoneInfo keeps only 8 zones strongly cached; a pass over hundreds of zones would
# re-read and parse every zone file each time (~0.1 ms each). Valid names are few
# (~600) and failures are not cached, so this cache stays small.
@cache
def _loaded_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise InvalidZoneError(name) from None


def is_valid_zone(name: object) -> bool:
    """True when ``name`` loads as an IANA zone."""
    try:
        load_zone(name)  # type: ignore[arg-type]
    except InvalidZoneError:
        return False
    return True
