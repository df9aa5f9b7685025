"""The fake Cloud API's configuration and its ``--fail`` SPEC language.

SPEC is a comma-separated list of ``PHONE=ACTION``; PHONE with or without ``+``:

- ``CODE``            accept the send (200), then post a ``failed`` status webhook with CODE
- ``sync:CODE``       answer the send at once with Meta's error CODE
- ``sync:CODE*N``     the same for the first N sends to PHONE only, then behave normally
- ``http:STATUS``     answer with HTTP STATUS and a non-JSON body (a proxy's error page)
- ``hang``            never answer (the client times out after the request reached us)
- ``drop``            close the connection without answering
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lokpanchang import languages as registry

_ACTION = re.compile(
    r"^(?:(?P<async>\d+)|sync:(?P<sync>\d+)(?:\*(?P<times>\d+))?|"
    r"http:(?P<http>\d{3})|(?P<special>hang|drop))$"
)


@dataclass
class Failure:
    kind: str  # "async", "sync", "http", "hang", "drop"
    code: int = 0
    remaining: int | None = None  # None: every time


@dataclass
class FakeConfig:
    token: str
    phone_number_id: str  # one id, or several comma-separated: the account's numbers
    # Both versions of the daily template are registered (issue 10 added the second).
    # Each has its header-less twin (``_text``), for the messages without a card when the
    # daily template is registered with an image header (issue 27).
    templates: dict[str, int] = field(
        default_factory=lambda: {
            "daily_panchangam": 8,
            "daily_panchangam_v2": 10,
            "daily_panchangam_text": 8,
            "daily_panchangam_v2_text": 10,
        }
    )
    # Templates registered with an image header (sent with a media id, never without).
    image_templates: frozenset[str] = frozenset()
    # Template languages registered at Meta: exactly the registry's Meta codes (Sanskrit is
    # sent under Hindi's), so a send under any other code fails here as at Meta (132001).
    languages: frozenset[str] = frozenset(map(registry.meta_code, registry.CODES))
    latency_ms: float = 0.0
    rate: float = 0.0  # messages/s per number; 0 = unlimited
    pair_interval: float = 6.0  # seconds between messages to one user; 0 = unlimited
    pair_burst: int = 3
    webhook_url: str = ""
    app_secret: str = ""
    # Status webhooks in flight at once: Meta posts many at a time during a broadcast (and so
    # in any order); 1 posts them one by one, in order.
    webhook_concurrency: int = 1
    failures: dict[str, Failure] = field(default_factory=dict)
    display_phone_number: str = "15550000000"
    keep: int = 20_000  # requests listed in full at /_fake/messages (older ones only counted)
    # Templates Meta categorised as marketing: accepted, then failed (131049) for +1 numbers.
    marketing_templates: frozenset[str] = frozenset()

    @property
    def numbers(self) -> tuple[str, ...]:
        return tuple(part.strip() for part in self.phone_number_id.split(",") if part.strip())


class SpecError(ValueError):
    """A ``--fail`` SPEC entry that does not parse; the message names it."""


def parse_fail_spec(spec: str) -> dict[str, Failure]:
    """Recipient (digits only) -> the failure to inject, from a SPEC string."""
    failures: dict[str, Failure] = {}
    for entry in filter(None, (part.strip() for part in spec.split(","))):
        phone, _, action = entry.partition("=")
        match = _ACTION.match(action.strip())
        digits = phone.strip().lstrip("+")
        if not match or not digits.isdigit():
            raise SpecError(
                f"--fail entry {entry!r} is not PHONE=CODE, PHONE=sync:CODE[*N], "
                "PHONE=http:STATUS, PHONE=hang or PHONE=drop"
            )
        failures[digits] = _failure(match)
    return failures


def _failure(match: re.Match) -> Failure:
    if match["async"]:
        return Failure("async", int(match["async"]))
    if match["sync"]:
        return Failure("sync", int(match["sync"]), int(match["times"]) if match["times"] else None)
    if match["http"]:
        return Failure("http", int(match["http"]))
    return Failure(match["special"])
