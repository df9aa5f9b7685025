"""`lokpanchang places lookup LAT LON` and `places search NAME`.

``lookup --json`` prints the *query's* latitude/longitude and the zone at those
coordinates, with the nearest city's name and its distance in km; the city's own
coordinates are in ``city_latitude``/``city_longitude``.
"""

from __future__ import annotations

import json

from lokpanchang.cli import CommandError, summary
from lokpanchang.places import Place, lookup, search, validated


def register(subparsers) -> None:
    places = subparsers.add_parser("places", help=summary("places"))
    actions = places.add_subparsers(dest="places_command", required=True, metavar="ACTION")
    find = actions.add_parser("lookup", help="nearest city and time zone of coordinates")
    find.add_argument("latitude", help="decimal degrees, -90..90 (south is negative)")
    find.add_argument("longitude", help="decimal degrees, -180..180 (west is negative)")
    find.add_argument("--json", action="store_true", help="print JSON")
    find.set_defaults(handler=_lookup)
    named = actions.add_parser("search", help="cities by name, most populous first")
    named.add_argument("name")
    named.add_argument("--limit", type=int, default=10)
    named.add_argument("--json", action="store_true", help="print JSON")
    named.set_defaults(handler=_search)


def checked_coordinates(latitude: str, longitude: str) -> tuple[float, float]:
    """Coordinates from the command line, or a CommandError naming the bad value."""
    try:
        return validated(latitude, longitude)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _lookup(args) -> int:
    latitude, longitude = checked_coordinates(args.latitude, args.longitude)
    place = lookup(latitude, longitude)
    record = {
        "city": place.city,
        "region": place.region,
        "country": place.country,
        "country_code": place.country_code,
        "timezone": place.timezone,
        "latitude": latitude,
        "longitude": longitude,
        "distance_km": place.distance_km,
        "city_latitude": place.latitude,
        "city_longitude": place.longitude,
    }
    if args.json:
        print(json.dumps(record, ensure_ascii=False))
    else:
        print(
            f"{_describe(place)}, {place.distance_km:g} km away; time zone here: {place.timezone}"
        )
    return 0


def _search(args) -> int:
    found = search(args.name, args.limit)
    if args.json:
        print(json.dumps([_search_record(place) for place in found], ensure_ascii=False))
        return 0
    for place in found:
        print(
            f"{_describe(place)}  ({place.latitude:.4f}, {place.longitude:.4f})  {place.timezone}"
        )
    if not found:
        print(f"no city matches {args.name!r}")
    return 0


def _describe(place: Place) -> str:
    return ", ".join(part for part in (place.city, place.region, place.country) if part)


def _search_record(place: Place) -> dict:
    return {
        "city": place.city,
        "region": place.region,
        "country": place.country,
        "country_code": place.country_code,
        "timezone": place.timezone,
        "latitude": place.latitude,
        "longitude": place.longitude,
        "population": place.population,
    }
