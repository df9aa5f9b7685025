"""Subscribers: filters, one subscriber's page, edit, stop and reactivate."""

from __future__ import annotations

import re

import pytest

from lokpanchang.storage.db import session_factory
from lokpanchang.storage.models import SubscriptionEvent, UserDetail
from tests.web.seed import KOLKATA_PHONES, NEW_YORK_PHONE, STOPPED_PHONE


def _phones(page: str) -> list[str]:
    return re.findall(r'<a href="/admin/subscribers/\d+">(\+\d+)</a>', page)


def _list(client, **params) -> list[str]:
    return _phones(client.get("/admin/subscribers", query_string=params).get_data(as_text=True))


def test_filters_by_zone_status_language_and_city(operator_client, seeded):
    assert _list(operator_client, zone="America/New_York") == [NEW_YORK_PHONE]
    assert _list(operator_client, status="stopped") == [STOPPED_PHONE]
    assert len(_list(operator_client, status="active")) == 13
    assert len(_list(operator_client, language="hi")) == 6
    assert _list(operator_client, city="lond") == [STOPPED_PHONE]
    assert _list(operator_client, text="0100") == [NEW_YORK_PHONE]


def test_the_list_is_paginated(operator_client, seeded, monkeypatch):
    from lokpanchang.web.admin import queries

    monkeypatch.setattr(queries, "PAGE_SIZE", 5)
    first, third = _list(operator_client), _list(operator_client, page=3)
    assert len(first) == 5 and len(third) == 4
    assert not set(first) & set(third)


def test_a_subscriber_page_shows_the_ledger(operator_client, seeded):
    user_id = seeded.user_ids[KOLKATA_PHONES[9]]
    page = operator_client.get(f"/admin/subscribers/{user_id}").get_data(as_text=True)
    assert "131026 Message undeliverable" in page
    assert page.count("<td>daily</td>") == 6


def test_an_unknown_subscriber_is_404(operator_client, seeded):
    assert operator_client.get("/admin/subscribers/999999").status_code == 404


def test_stop_then_reactivate_records_both_events(operator_client, seeded, portal_url):
    user_id = seeded.user_ids[KOLKATA_PHONES[1]]
    token = {"csrf_token": operator_client.csrf}
    operator_client.post(f"/admin/subscribers/{user_id}/stop", data=token)
    page = operator_client.get(f"/admin/subscribers/{user_id}").get_data(as_text=True)
    assert 'id="subscriber-status">stopped<' in page
    operator_client.post(f"/admin/subscribers/{user_id}/reactivate", data=token)
    page = operator_client.get(f"/admin/subscribers/{user_id}").get_data(as_text=True)
    assert 'id="subscriber-status">active<' in page
    with session_factory(portal_url)() as session:
        kinds = [e.kind for e in session.query(SubscriptionEvent).filter_by(user_id=user_id)]
    assert kinds == ["stopped", "resumed"]


def test_stopping_a_stopped_subscriber_says_so(operator_client, seeded):
    user_id = seeded.user_ids[STOPPED_PHONE]
    response = operator_client.post(
        f"/admin/subscribers/{user_id}/stop",
        data={"csrf_token": operator_client.csrf},
        follow_redirects=True,
    )
    assert "is already stopped" in response.get_data(as_text=True)


def _edit(client, user_id, **fields):
    form = {
        "csrf_token": client.csrf,
        "display_name": "Asha",
        "language": "hi",
        "send_time": "07:15",
        "latitude": "25.3176",
        "longitude": "82.9739",
        **fields,
    }
    return client.post(f"/admin/subscribers/{user_id}/edit", data=form)


def test_editing_name_language_and_send_time_is_saved(operator_client, seeded, portal_url):
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    assert _edit(operator_client, user_id).status_code == 302
    with session_factory(portal_url)() as session:
        user = session.get(UserDetail, user_id)
        assert (user.display_name, user.language, user.send_time.strftime("%H:%M")) == (
            "Asha",
            "hi",
            "07:15",
        )
        assert user.timezone == "Asia/Kolkata"


@pytest.mark.parametrize(
    "field, value, named",
    [
        ("latitude", "91", "latitude 91.0 is outside"),
        ("longitude", "east", "longitude 'east' is not a number"),
        ("send_time", "25:00", "send time '25:00'"),
        ("language", "xx", "language 'xx'"),
    ],
)
def test_a_bad_edit_names_the_value_and_changes_nothing(
    operator_client, seeded, portal_url, field, value, named
):
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    response = _edit(operator_client, user_id, **{field: value})
    assert response.status_code == 400
    assert named in response.get_data(as_text=True).replace("&#39;", "'")
    with session_factory(portal_url)() as session:
        assert session.get(UserDetail, user_id).language == "en"


def test_changing_the_coordinates_re_resolves_city_and_zone(operator_client, seeded, portal_url):
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    response = _edit(operator_client, user_id, latitude="40.7128", longitude="-74.0060")
    assert response.status_code == 302
    with session_factory(portal_url)() as session:
        user = session.get(UserDetail, user_id)
        assert user.timezone == "America/New_York"
        assert user.city.country_code == "US"
        events = [
            (e.kind, e.detail) for e in session.query(SubscriptionEvent).filter_by(user_id=user_id)
        ]
    assert events == [
        ("updated", "(by operator ops)"),
        ("moved", "Asia/Kolkata -> America/New_York (by operator ops)"),
    ]


def test_moving_only_records_a_move(operator_client, seeded, portal_url):
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    response = _edit(
        operator_client,
        user_id,
        display_name="Subscriber 0000",
        language="en",
        send_time="06:30",
        latitude="51.5074",
        longitude="-0.1278",
    )
    assert response.status_code == 302
    with session_factory(portal_url)() as session:
        kinds = [e.kind for e in session.query(SubscriptionEvent).filter_by(user_id=user_id)]
        assert session.get(UserDetail, user_id).city.city == "London"
    assert kinds == ["moved"]


def test_todays_message_is_rendered_as_the_broadcast_will_send_it(operator_client, seeded):
    from markupsafe import escape

    from lokpanchang import clock
    from lokpanchang.planning import local_date_at
    from lokpanchang.web import integrations

    phone = KOLKATA_PHONES[1]
    page = operator_client.get(f"/admin/subscribers/{seeded.user_ids[phone]}").get_data(
        as_text=True
    )
    expected = integrations.daily_message(
        seeded.user_ids[phone],
        phone,
        "hi",
        25.3176,
        82.9739,
        "Asia/Kolkata",
        local_date_at("Asia/Kolkata", clock.now()),
        "Varanasi",
    )
    assert f'<pre class="message" lang="hi">{escape(expected.text)}</pre>' in page
