"""The eight Mahadwadashis and Shravana Dwadashi of one Ekadashi, from its tithis and the Moon.

As drikpanchang.com's Ekadashi lists name them (Brahmavaivarta Purana's eight, through
Nirnaya Sindhu): four by how the tithis fall on the sunrises, four by the nakshatra that
meets a Shukla Dwadashi.

- Unmilini: Ekadashi in force at two sunrises; on the second.
- Vyanjuli (Vanjuli): Dwadashi in force at two sunrises; on the first.
- Trisprisha (Trisparsha): Ekadashi, Dwadashi and Trayodashi in one Hindu day; on it.
- Pakshavardhini: the Purnima or Amavasya ending the paksha in force at two sunrises; on
  the day Dwadashi is in force at sunrise.
- Jaya, Vijaya, Jayanti: a Dwadashi (either paksha) and Pushya, Shravana, Punarvasu both in
  force from sunrise to sunset of one day; on that day. drikpanchang.com's Dwadashi pages:
  "if the Pushya Nakshatra prevails from sunrise to sunset on the day of Dwadashi Tithi, it
  is known as Jaya Mahadwadashi" (krishna-damodara-dwadashi-date-time.html); its lists of
  2027 print Vijaya on the one Dwadashi whole with Shravana (New Delhi, 12 September), not on
  one with Shravana all day but Dwadashi over before sunset (New York, the same day), and
  Jayanti on a Krishna Dwadashi whole with Punarvasu (New York, 28 August). Punarvasu for
  Jayanti is fitted to that one day (the Puranic lists give Jaya Punarvasu, Jayanti Rohini,
  Papanashini Pushya; drikpanchang.com gives Jaya Pushya). Papanashini is not placed: no
  published day or text names drikpanchang.com's star for it.
- Shravana Dwadashi: any other Dwadashi meeting Shravana on its sunrise day; an Unmilini
  the day before moves to it (the Dwadashi's fast takes the Ekadashi's place).

Times are UT Julian days.
"""

from __future__ import annotations

from datetime import date, timedelta

from lokpanchang.almanac.observances import lunar, variants
from lokpanchang.almanac.observances.days import Days, Span
from lokpanchang.almanac.observances.ekadashi import sunrise_days as sunrises_in
from lokpanchang.almanac.observances.model import Unavailable

SHRAVANA = 22
STARS = {8: "jaya_mahadwadashi", 22: "vijaya_mahadwadashi", 7: "jayanti_mahadwadashi"}


def sunrise_days(days: Days, span: Span) -> list[date]:
    """The civil dates whose sunrise falls inside ``span`` (none where a date has none)."""
    found = sunrises_in(days, span)
    return [] if isinstance(found, Unavailable) else found


def _span(tithi: lunar.Tithi) -> Span:
    return tithi.start, tithi.end


def _by_sunrises(days: Days, ekadashi: lunar.Tithi) -> dict[str, date]:
    dwadashi = lunar.next_tithi(ekadashi)
    at_sunrise = sunrise_days(days, _span(ekadashi))
    dwadashi_days = sunrise_days(days, _span(dwadashi))
    found: dict[str, date] = {}
    if len(at_sunrise) == 2:
        found["unmilini_mahadwadashi"] = at_sunrise[1]
    elif len(dwadashi_days) == 2:
        found["vyanjuli_mahadwadashi"] = dwadashi_days[0]
    elif len(at_sunrise) == 1 and not dwadashi_days:
        found["trisprisha_mahadwadashi"] = at_sunrise[0]
    last = lunar.tithi(ekadashi.lunation, ekadashi.number + 4, ekadashi.convention)
    if dwadashi_days and len(sunrise_days(days, _span(last))) == 2:
        found["pakshavardhini_mahadwadashi"] = dwadashi_days[0]
    return found


def _by_stars(days: Days, ekadashi: lunar.Tithi) -> dict[str, date]:
    dwadashi = lunar.next_tithi(ekadashi)
    dwadashi_days = sunrise_days(days, _span(dwadashi))
    if not dwadashi_days:
        return {}
    day = dwadashi_days[0]
    sunrise = days.sunrise(day)
    assert sunrise is not None  # a day in ``dwadashi_days`` has one
    star = variants.nakshatra_at(days, sunrise)
    at_junction = variants.nakshatra_at(days, ekadashi.end)
    whole = _whole_day_star(days, dwadashi, day)
    if whole in STARS:
        return {STARS[whole]: day}
    # Shravana already with the Ekadashi: Vishnushrinkhala, the Ekadashi's own yoga
    if at_junction != SHRAVANA and SHRAVANA in (star, variants.nakshatra_at(days, dwadashi.end)):
        return {"shravana_dwadashi": day}
    return {}


def _whole_day_star(days: Days, dwadashi: lunar.Tithi, day: date) -> int | None:
    """The nakshatra in force at both the sunrise and the sunset of ``day`` when
    ``dwadashi`` is too (a day it fills), else None."""
    frame = days.frame(day)
    if frame.sunrise is None or frame.sunset is None or frame.sunset >= dwadashi.end:
        return None
    star = variants.nakshatra_at(days, frame.sunrise)
    return star if variants.nakshatra_at(days, frame.sunset) == star else None


def mahadwadashis(days: Days, ekadashi: lunar.Tithi) -> dict[str, date]:
    """Key -> civil date of each Mahadwadashi (and Shravana Dwadashi) of ``ekadashi``."""
    found = {**_by_sunrises(days, ekadashi), **_by_stars(days, ekadashi)}
    unmilini, shravana = found.get("unmilini_mahadwadashi"), found.get("shravana_dwadashi")
    if unmilini is not None and shravana == unmilini + timedelta(days=1):
        found["unmilini_mahadwadashi"] = shravana
    return found
