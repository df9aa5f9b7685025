"""Ekadashi in both traditions, and the parana (fast-breaking) window on the next day.

Smarta, as drikpanchang.com's published days show: the day Ekadashi is in force at sunrise;
at two sunrises the second (Unmilini); at none (a skipped tithi) the day it begins, with
the Gauna (alternative) fast on the next day; when the Dwadashi after it is not in force at
the next sunrise (Trisparsha: three tithis touch one day), the day before, with the Gauna
fast on the sunrise day, so that parana falls within Dwadashi (Trisparsha before Unmilini:
an Ekadashi at two sunrises whose Dwadashi is at none, month page 1929-04-05). Vaishnava:
the Gauna day if there is one; else the next day if Dashami still touches arunodaya
(``Days.arunodaya``) or Dwadashi is in force at two sunrises (Vanjuli); else the Smarta day.

Parana, as drikpanchang.com computes it: on the day after the fast, after sunrise and after
Hari Vasara (the first quarter of Dwadashi), within pratahkala (the first fifth of the
daytime) and before Dwadashi ends; when Hari Vasara lasts beyond pratahkala, in aparahna
(the fourth fifth) instead, skipping madhyahna; when Dwadashi is over before sunrise, from
sunrise to the end of pratahkala. Times are UT Julian days.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from lokpanchang.almanac.observances import lunar
from lokpanchang.almanac.observances.days import Days, Span, daytime_fifths
from lokpanchang.almanac.observances.model import Unavailable
from lokpanchang.almanac.observances.search import candidate_dates


@dataclass(frozen=True)
class Fast:
    """The fast days of one Ekadashi: the Smarta day and the Vaishnava day."""

    smarta: date
    vaishnava: date


def sunrise_days(days: Days, span: Span) -> list[date] | Unavailable:
    """The civil dates whose sunrise falls inside ``span``."""
    found = []
    for day in candidate_dates(days, span):
        sunrise = days.sunrise(day)
        if sunrise is None:
            return Unavailable.NO_SUNRISE
        if span[0] <= sunrise < span[1]:
            found.append(day)
    return found


def fast_days(days: Days, ekadashi: lunar.Tithi) -> Fast | Unavailable:
    """The Smarta and Vaishnava days of ``ekadashi`` at this place."""
    at_sunrise = sunrise_days(days, (ekadashi.start, ekadashi.end))
    dwadashi = lunar.next_tithi(ekadashi)
    dwadashi_sunrises = sunrise_days(days, (dwadashi.start, dwadashi.end))
    if isinstance(at_sunrise, Unavailable) or isinstance(dwadashi_sunrises, Unavailable):
        return Unavailable.NO_SUNRISE
    one_day = timedelta(days=1)
    if not at_sunrise:  # skipped: Dashami at one sunrise, Dwadashi at the next
        begins = candidate_dates(days, (ekadashi.start, ekadashi.end))[0]
        return Fast(begins, begins + one_day)
    day = at_sunrise[-1]
    if not dwadashi_sunrises:  # Trisparsha, also after an Ekadashi at two sunrises
        return Fast(day - one_day, day)
    if len(at_sunrise) > 1:
        return Fast(day, day)
    dawn = days.arunodaya(day)
    if isinstance(dawn, Unavailable):
        return dawn
    if ekadashi.start > dawn or len(dwadashi_sunrises) > 1:
        return Fast(day, day + one_day)
    return Fast(day, day)


def parana(days: Days, fast: date, dwadashi: lunar.Tithi) -> Span | Unavailable:
    """The parana window on the day after ``fast``, with Dwadashi ``dwadashi``."""
    frame = days.frame(fast + timedelta(days=1))
    fifths = daytime_fifths(frame)
    if fifths is None:
        return Unavailable.NO_SUNRISE if frame.sunrise is None else Unavailable.NO_SUNSET
    sunrise, pratah_end = fifths[0], fifths[1]
    if dwadashi.end <= sunrise:
        return sunrise, pratah_end
    hari_vasara_end = dwadashi.start + (dwadashi.end - dwadashi.start) / 4.0
    if hari_vasara_end <= pratah_end:
        return max(sunrise, hari_vasara_end), min(pratah_end, dwadashi.end)
    start, end = max(fifths[3], hari_vasara_end), min(fifths[4], dwadashi.end)
    return (start, end) if end > start else (hari_vasara_end, dwadashi.end)
