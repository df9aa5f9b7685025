"""What each subscriber receives: a panchangam computed once per (place, date), then rendered.

The broadcast takes any ``Content`` (recipient -> (template parameters, text)), so tests can
pass their own. ``default_content(settings)`` wires the almanac, ``lokpanchang.messages`` and
the shared store of prepared panchangams (table ``prepared_panchangam``): ``prepare_run``
fills it before a run's instant, so no worker computes at the instant what another already
has. The store only saves work: a value missing from it is computed (and stored) by the batch.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from datetime import date
from threading import Lock
from typing import Any, Protocol, cast

import structlog

from lokpanchang import clock
from lokpanchang.almanac import (
    DRIK,
    Convention,
    convention_named,
    generate_panchangam_with_timezone,
)
from lokpanchang.almanac.calendars.kinds import Calendar, default_calendar
from lokpanchang.config import Settings
from lokpanchang.messages import render_daily, template_version
from lokpanchang.storage import prepared
from lokpanchang.storage.cities import city_name_in, km_from_city
from lokpanchang.storage.db import transaction

log = structlog.get_logger(__name__)

PLACE_DECIMALS = 2  # ~1 km: subscribers of one town share one computation


@dataclass(frozen=True)
class Recipient:
    ledger_id: int
    user_id: int
    phone: str
    language: str
    latitude: float
    longitude: float
    timezone: str
    local_date: date
    place: str = ""
    distance_km: float = 0.0  # from the subscriber to the town ``place`` names
    calendar: str = ""  # the month line's calendar (``almanac.calendars``); "": purnimanta


def subscriber_calendar(user) -> Calendar:
    """The calendar ``user`` (a ``UserDetail``) reads: their own choice, else the default of
    their language and their town's state (``subscriber_default_calendar``)."""
    return Calendar(user.calendar) if user.calendar else subscriber_default_calendar(user)


def subscriber_default_calendar(user) -> Calendar:
    """The calendar of ``user``'s language and town (``almanac.calendars.default_calendar``)."""
    city = user.city
    where = (city.country_code or "", city.state or "") if city is not None else ("", "")
    return default_calendar(user.language, *where)


def subscriber_recipient(user, local_date: date, ledger_id: int = 0) -> Recipient:
    """``user`` (a ``UserDetail`` with its ``city``) as the recipient of ``local_date``'s message."""
    city = user.city
    return Recipient(
        ledger_id,
        user.id,
        user.address,
        user.language,
        user.latitude,
        user.longitude,
        user.timezone,
        local_date,
        city_name_in(city, user.language),
        km_from_city(user.latitude, user.longitude, city),
        str(subscriber_calendar(user)),
    )


Rendered = tuple[tuple[str, ...], str]
Content = Callable[[Recipient], Rendered]


def place_key(recipient: Recipient) -> tuple:
    """The cache key of a recipient's panchangam: rounded place, zone and local date."""
    return (
        round(recipient.latitude, PLACE_DECIMALS),
        round(recipient.longitude, PLACE_DECIMALS),
        recipient.timezone,
        recipient.local_date,
    )


def store_key(key: tuple) -> str:
    """``place_key`` as the shared store's text key: ``"17.39,78.49,Asia/Kolkata,2026-03-10"``."""
    latitude, longitude, zone, local_date = key
    return f"{latitude:.{PLACE_DECIMALS}f},{longitude:.{PLACE_DECIMALS}f},{zone},{local_date.isoformat()}"


class PreparedStore(Protocol):
    """Panchangams (as ``to_dict()`` values) shared by every worker process."""

    def load(self, keys: list[str]) -> dict[str, dict]: ...

    def save(self, values: dict[str, tuple[date, dict]]) -> None: ...


class DatabaseStore:
    """The store in the ``prepared_panchangam`` table (insert or ignore: first write wins)."""

    def __init__(self, database_url: str, convention: Convention = DRIK) -> None:
        self._url = database_url
        self._convention = convention.name

    def load(self, keys: list[str]) -> dict[str, dict]:
        """The stored values of ``keys`` computed under this store's convention (one stored
        before ALMANAC_CONVENTION changed, or before values named theirs, is not served)."""
        with transaction(self._url) as session:
            values = prepared.prepared_values(session, keys)
        return {
            key: value
            for key, value in values.items()
            if value.get("convention", "astronomical") == self._convention
        }

    def save(self, values: dict[str, tuple[date, dict]]) -> None:
        now = clock.now()
        # In key order: two batches inserting the same keys in different orders deadlock.
        rows = [
            {"key": key, "local_date": day, "value": value, "created_at": now}
            for key, (day, value) in sorted(values.items())
        ]
        with transaction(self._url) as session:
            prepared.store_prepared(session, rows)


class Bounded:
    """A small thread-safe LRU dictionary."""

    def __init__(self, capacity: int) -> None:
        self._values: OrderedDict[Hashable, object] = OrderedDict()
        self._capacity = capacity
        self._lock = Lock()

    def get(self, key: Hashable) -> object | None:
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
            return self._values.get(key)

    def put(self, key: Hashable, value: object) -> None:
        with self._lock:
            self._values[key] = value
            if len(self._values) > self._capacity:
                self._values.popitem(last=False)

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._values


class CachedPanchangams:
    """``compute(recipient)`` memoised by ``place_key``: per process, then the shared store.

    With a store, values are kept (and rendered) in their stored form, ``encode(value)``, so a
    message is the same whether its panchangam was computed here or loaded. ``computed``
    counts this process's computations.
    """

    def __init__(
        self,
        compute: Callable[[Recipient], object],
        capacity: int = 20_000,
        store: PreparedStore | None = None,
        encode: Callable[[Any], object] = lambda value: value.to_dict(),
    ) -> None:
        self._compute = compute
        self._values = Bounded(capacity)
        self._store = store
        self._encode = encode if store is not None else (lambda value: value)
        self.computed = 0

    def get(self, recipient: Recipient) -> object:
        key = place_key(recipient)
        value = self._values.get(key)
        if value is None:
            value = self.fill([recipient]).get(key)
        if value is None:  # the computation failed in fill: raise its error here
            value = self._computed(recipient, {})
        return value

    def fill(self, recipients: list[Recipient]) -> dict[tuple, object]:
        """Have every recipient's panchangam in this process: from the store, else computed
        (and stored). Returns the values by ``place_key``; a failing computation is skipped."""
        wanted: dict[tuple, Recipient] = {}
        for recipient in recipients:
            wanted.setdefault(place_key(recipient), recipient)
        found = {key: self._values.get(key) for key in wanted if key in self._values}
        missing = {key: r for key, r in wanted.items() if key not in found}
        found.update(self._load(list(missing)))
        fresh: dict[str, tuple[date, object]] = {}
        for key, recipient in missing.items():
            if key not in found:
                try:
                    found[key] = self._computed(recipient, fresh)
                except Exception:
                    log.exception("content.prepare_failed", key=store_key(key))
        self._save(fresh)
        for key in missing:
            if key in found:
                self._values.put(key, found[key])
        return found

    def _computed(self, recipient: Recipient, fresh: dict) -> object:
        value = self._encode(self._compute(recipient))
        self.computed += 1
        fresh[store_key(place_key(recipient))] = (recipient.local_date, value)
        return value

    def _load(self, keys: list[tuple]) -> dict[tuple, object]:
        if self._store is None or not keys:
            return {}
        names = {store_key(key): key for key in keys}
        try:
            stored = self._store.load(list(names))
        except Exception as exc:  # noqa: BLE001 -- the store only saves work
            log.warning("content.store_unavailable", error=str(exc))
            return {}
        return {names[name]: value for name, value in stored.items()}

    def _save(self, fresh: dict) -> None:
        if self._store is None or not fresh:
            return
        try:
            self._store.save(fresh)
        except Exception as exc:  # noqa: BLE001 -- the store only saves work
            log.warning("content.store_unavailable", error=str(exc))


class PanchangamContent:
    """Content from a cached panchangam and a renderer
    ``render(panchangam, language, place, distance_km, calendar)``."""

    def __init__(
        self,
        compute: Callable[[Recipient], object],
        render: Callable[[Any, str, str, int, str], Iterable[Any]],
        store: PreparedStore | None = None,
    ) -> None:
        self.panchangams = CachedPanchangams(compute, store=store)
        self._render = render
        self._rendered = Bounded(40_000)  # a town's message is rendered once per language

    def __call__(self, recipient: Recipient) -> Rendered:
        # The same town and distance (to the km) read alike: one rendering per language
        # and calendar.
        named = (recipient.place, round(recipient.distance_km), recipient.calendar)
        key = (place_key(recipient), recipient.language, named)
        rendered = cast(Rendered | None, self._rendered.get(key))
        if rendered is None:
            panchangam = self.panchangams.get(recipient)
            parameters, text = self._render(panchangam, recipient.language, *named)
            rendered = (tuple(parameters), text)
            self._rendered.put(key, rendered)
        return rendered

    def prepare(self, recipients: list[Recipient]) -> int:
        """Compute (or load) ahead of rendering; returns how many distinct panchangams it holds."""
        return len(self.panchangams.fill(recipients))


def almanac_content(
    store: PreparedStore | None = None, version: int = 1, convention: Convention = DRIK
) -> PanchangamContent:
    """The production content: the almanac's panchangam under ``convention``, rendered by
    ``lokpanchang.messages`` as daily template ``version`` (2 adds today's and tomorrow's
    observances)."""

    def compute(recipient: Recipient) -> object:
        # Observances are computed for every version, so stored values serve both; the
        # message has no use for the muhurtas.
        return generate_panchangam_with_timezone(
            recipient.latitude,
            recipient.longitude,
            recipient.timezone,
            recipient.local_date,
            city=recipient.place or None,
            convention=convention,
            include_muhurtas=False,
        )

    def render(
        panchangam: object, language: str, place: str, distance_km: float, calendar: str = ""
    ) -> Rendered:
        message = render_daily(
            panchangam, language, place, distance_km, version=version, calendar=calendar
        )
        return message.parameters, message.text

    return PanchangamContent(compute, render, store)


def default_content(settings: Settings) -> PanchangamContent:
    """The almanac content of ``settings``, sharing prepared panchangams through the database."""
    version = template_version(settings.whatsapp_template_name)
    convention = convention_named(settings.almanac_convention)
    store = DatabaseStore(settings.effective_database_url, convention)
    return almanac_content(store, version, convention)
