"""Our almanac against every odd-year day of drikpanchang.com's New Delhi month pages.

``measure(convention)`` computes every day of the extracted reference
(``reference/drikpanchang``: 27,375 grid days, 900 detailed first days) and compares what the
pages print: the tithi at sunrise and the skipped tithis, the sunrise and sunset minutes,
the nakshatra and Moon sign ends of every day, and every tithi, nakshatra, yoga and karana
end of the first days. Printed minutes are rounded half-up (a 23:59:40 end prints 24:00),
so an instant is "within 30 s" of the published minute exactly when it rounds to it.

The accuracy table (issue 22):

    PYTHONPATH=src .venv/bin/python -m tests.almanac.drikpanchang_accuracy [drik|astronomical]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from lokpanchang.almanac import (
    Convention,
    convention_named,
    elements,
    generate_panchangam_with_timezone,
    motion,
)
from lokpanchang.almanac.model import Element, Panchangam
from lokpanchang.almanac.timescale import datetime_from_jd, jd_from_datetime
from lokpanchang.messages.minutes import nearest_minute
from tests.almanac.reference import drikpanchang
from tests.almanac.reference.drikpanchang import FirstDay, PublishedDay

RASHI = elements.ElementKind("rashi", motion.Angle.MOON, 12)  # the Moon's sign
ENDS = ("tithi", "nakshatra", "yoga", "karana")
_COUNTS = {"tithi": 30, "nakshatra": 27, "yoga": 27, "karana": 60}
_HALF_DAY = timedelta(hours=12)


@dataclass
class Tally:
    """Agreements of one kind of published value."""

    compared: int = 0
    agreed: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, agrees: bool, what: str) -> None:
        self.compared += 1
        self.agreed += agrees
        if not agrees:
            self.misses.append(what)

    @property
    def rate(self) -> float:
        return self.agreed / self.compared if self.compared else float("nan")


@dataclass
class Ends:
    """Published end times of one element and how far ours are from each (seconds)."""

    offsets: list[float] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)  # a published end we have no end for

    def within(self, seconds: float) -> float:
        """The share of published ends ours are within ``seconds`` of (unmatched count
        as misses)."""
        total = len(self.offsets) + len(self.unmatched)
        return sum(abs(x) <= seconds for x in self.offsets) / total if total else float("nan")

    def exact(self) -> float:
        """The share whose printed minute ours rounds to (ours in [minute - 30 s, + 30 s))."""
        total = len(self.offsets) + len(self.unmatched)
        return sum(-30.0 <= x < 30.0 for x in self.offsets) / total if total else float("nan")


@dataclass
class Accuracy:
    convention: str
    tithi_at_sunrise: Tally = field(default_factory=Tally)
    skipped_tithis: Tally = field(default_factory=Tally)
    sunrise: Tally = field(default_factory=Tally)
    sunset: Tally = field(default_factory=Tally)
    ends: dict[str, Ends] = field(default_factory=lambda: {k: Ends() for k in (*ENDS, "rashi")})


def delhi_day(day: date, convention: Convention) -> Panchangam:
    """Our panchangam of ``day`` at the pages' New Delhi (no observances or muhurtas)."""
    return generate_panchangam_with_timezone(
        drikpanchang.LATITUDE,
        drikpanchang.LONGITUDE,
        "Asia/Kolkata",
        day,
        convention=convention,
        include_observances=False,
        include_muhurtas=False,
    )


def _offset(ours: datetime, published: datetime) -> float:
    return (ours - published).total_seconds()


def _ended(entries: tuple[Element, ...], ours: Panchangam) -> list[Element]:
    """The entries that end before the next sunrise (those the pages print an end for)."""
    return [e for e in entries if ours.next_sunrise is None or e.end < ours.next_sunrise]


def _rashi_ends(ours: Panchangam, convention: Convention) -> list[datetime]:
    """The Moon's sign changes before the next sunrise (as ``muhurtas`` finds them)."""
    start, end = jd_from_datetime(ours.day_start), jd_from_datetime(ours.day_end)
    spans = elements.spans(RASHI, start, end, convention)
    return [datetime_from_jd(s.end, drikpanchang.ZONE) for s in spans if s.end < end]


def _grid(
    accuracy: Accuracy, published: PublishedDay, ours: Panchangam, convention: Convention
) -> None:
    label = published.date.isoformat()
    accuracy.tithi_at_sunrise.add(ours.tithi[0].number == published.tithi, label)
    skipped = len(_ended(ours.tithi, ours)) == 2
    if len(published.tithi_numbers) == 2 or skipped:
        accuracy.skipped_tithis.add(skipped == (len(published.tithi_numbers) == 2), label)
    assert ours.sunrise is not None and ours.sunset is not None  # New Delhi: never polar
    accuracy.sunrise.add(nearest_minute(ours.sunrise) == published.sunrise, label)
    accuracy.sunset.add(nearest_minute(ours.sunset) == published.sunset, label)
    if published.nakshatra_end is not None:
        ended = _ended(ours.nakshatra, ours)
        mine = ended[0].end if ended else None
        _pair(accuracy.ends["nakshatra"], mine, published.nakshatra_end, label)
    if published.moon_sign_end is not None:
        rashi = _rashi_ends(ours, convention)
        _pair(accuracy.ends["rashi"], rashi[0] if rashi else None, published.moon_sign_end, label)


def _pair(ends: Ends, ours: datetime | None, printed: datetime, label: str) -> None:
    if ours is None:
        ends.unmatched.append(label)
    else:
        ends.offsets.append(_offset(ours, printed))


def _candidates(printed: datetime, day: date) -> Iterator[datetime]:
    """The instants a detail time may stand for: the pages print the midnight ending the
    date (24:00) as "12:00 PM" without a date, the same text as noon."""
    yield printed
    if printed.date() == day and (printed.hour, printed.minute) == (12, 0):
        yield printed + _HALF_DAY


def _first(accuracy: Accuracy, published: FirstDay, ours: Panchangam) -> None:
    for kind in ENDS:
        ended = _ended(getattr(ours, kind), ours)
        printed = [e for e in getattr(published, kind) if e.end is not None]
        for index, entry in enumerate(printed):
            label = f"{published.date} {kind} {entry.name}"
            mine = ended[index] if index < len(ended) else None
            expected = (entry.next_number - 2) % _COUNTS[kind] + 1 if entry.next_number else None
            if mine is None or (expected is not None and mine.number != expected):
                accuracy.ends[kind].unmatched.append(label)
                continue
            nearest = min(_candidates(entry.end, published.date), key=lambda c: abs(mine.end - c))
            accuracy.ends[kind].offsets.append(_offset(mine.end, nearest))


def measure(convention: Convention, every: int = 1) -> Accuracy:
    """Compare every ``every``-th grid day (and every first day among them) under
    ``convention``."""
    accuracy = Accuracy(convention.name)
    firsts = {record.date: record for record in drikpanchang.first_days()}
    for published in drikpanchang.days()[::every]:
        ours = delhi_day(published.date, convention)
        _grid(accuracy, published, ours, convention)
        if published.date in firsts:
            _first(accuracy, firsts[published.date], ours)
    return accuracy


def table(accuracy: Accuracy) -> str:
    """The accuracy table as Markdown."""
    lines = [
        f"convention `{accuracy.convention}`",
        "",
        "| published value | compared | within 30 s | within 60 s | exact minute |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for kind, ends in accuracy.ends.items():
        name = "Moon sign" if kind == "rashi" else kind
        count = len(ends.offsets) + len(ends.unmatched)
        lines.append(
            f"| {name} end | {count} | {ends.within(30):.2%} | {ends.within(60):.2%} "
            f"| {ends.exact():.2%} |"
        )
    for name, tally in (
        ("sunrise", accuracy.sunrise),
        ("sunset", accuracy.sunset),
        ("tithi at sunrise", accuracy.tithi_at_sunrise),
        ("skipped tithi", accuracy.skipped_tithis),
    ):
        lines.append(f"| {name} | {tally.compared} | | | {tally.rate:.2%} |")
    return "\n".join(lines)


if __name__ == "__main__":
    chosen = convention_named(sys.argv[1] if len(sys.argv) > 1 else "drik")
    print(table(measure(chosen)))
