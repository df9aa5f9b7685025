from __future__ import annotations

from datetime import date

from lokpanchang.broadcast.content import PanchangamContent, Recipient, almanac_content

DAY = date(2026, 3, 10)


def recipient(ledger_id: int, latitude: float, longitude: float, language: str = "en") -> Recipient:
    return Recipient(
        ledger_id,
        ledger_id,
        f"+9198{ledger_id:08d}",
        language,
        latitude,
        longitude,
        "Asia/Kolkata",
        DAY,
        "Hyderabad",
    )


def test_a_panchangam_is_computed_once_per_place_and_date_whatever_the_language():
    computed = []
    content = PanchangamContent(
        lambda r: computed.append(r.ledger_id) or r.ledger_id,
        lambda p, language, *named: ((str(p), language), f"{p} {language}"),
    )
    neighbours = [
        recipient(1, 17.3851, 78.4862),
        recipient(2, 17.3853, 78.4858, "hi"),
        recipient(3, 28.61, 77.21),
    ]
    assert content.prepare(neighbours) == 2
    assert [content(r) for r in neighbours] == [
        (("1", "en"), "1 en"),
        (("1", "hi"), "1 hi"),
        (("3", "en"), "3 en"),
    ]
    assert computed == [1, 3]


def test_the_production_content_renders_the_almanac_for_the_subscribers_place():
    parameters, text = almanac_content()(recipient(1, 17.385, 78.486))
    assert "Hyderabad" in text and "10 Mar 2026" in text and "Tuesday" in text
    assert "Krishna Saptami" in text  # the almanac's tithi at sunrise in Hyderabad that day
    assert parameters and all("\n" not in p for p in parameters)


def test_a_subscriber_far_from_the_named_town_is_told_how_far():
    from lokpanchang.broadcast.kinds import to_recipient
    from lokpanchang.storage.models import CityDetail, MessageLog, UserDetail

    town = CityDetail(
        city="Sea Ranch", timezone="America/Los_Angeles", latitude=38.71519, longitude=-123.45445
    )
    at_sea = UserDetail.at(
        "whatsapp",
        "+14155550100",
        id=7,
        language="en",
        latitude=30.0,
        longitude=-140.0,
        timezone="Etc/GMT+9",
        city=town,
    )
    recipient = to_recipient(MessageLog(id=3, local_date=DAY), at_sea)
    assert round(recipient.distance_km) == 1797
    parameters, text = almanac_content()(recipient)
    assert parameters[0].endswith(", near Sea Ranch (1,797 km)")


def test_the_template_name_setting_selects_the_observance_version():
    from types import SimpleNamespace

    from lokpanchang.broadcast.content import default_content

    mokshada = Recipient(1, 1, "+919800000001", "en", 28.6358, 77.2245, "Asia/Kolkata",
                         date(2026, 12, 20), "New Delhi")  # fmt: skip
    v1 = SimpleNamespace(
        whatsapp_template_name="daily_panchangam",
        effective_database_url="sqlite://",
        almanac_convention="drik",
    )
    v2 = SimpleNamespace(
        whatsapp_template_name="daily_panchangam_v2",
        effective_database_url="sqlite://",
        almanac_convention="drik",
    )
    old_parameters, old_text = almanac_content(version=1)(mokshada)
    assert len(old_parameters) == 8 and "Mokshada" not in old_text
    new_parameters, new_text = almanac_content(version=2)(mokshada)
    assert len(new_parameters) == 10 and "Today: Mokshada Ekadashi (fast)" in new_text
    from lokpanchang.almanac import generate_panchangam_with_timezone

    day = generate_panchangam_with_timezone(28.6358, 77.2245, "Asia/Kolkata", date(2026, 12, 20))
    v1_parameters, _ = default_content(v1)._render(day.to_dict(), "en", "New Delhi", 0.0)
    v2_parameters, _ = default_content(v2)._render(day.to_dict(), "en", "New Delhi", 0.0)
    assert len(v1_parameters) == 8 and len(v2_parameters) == 10
