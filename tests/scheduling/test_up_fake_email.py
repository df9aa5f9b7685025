"""E-mail end to end, as a new user meets it: ``lokpanchang up --fake-email`` (web, worker, beat
and the fake SMTP relay as separate processes). Two people sign up on the public page and
confirm by the signed link (nothing is sent before); the real planner sends the day's
panchangam at 06:30 in the place; one address bounces (550 5.1.1) and is disabled; the other
leaves by the one-click POST of its ``List-Unsubscribe`` link (RFC 8058); a third marks our
mail as spam: the fake's feedback report (ARF), piped to ``/email/feedback``, disables it and
it gets no panchangam; a fourth's mail is refused later by their own server: the relay's
bounce (DSN, 5.1.1), piped there too, disables it the same way."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import SubscriptionEvent, UserDetail
from tests.scheduling.cluster import next_kolkata_morning
from tests.upprocess import Up, embedded_env, get_json, running

pytestmark = [pytest.mark.integration, pytest.mark.slow]

UJJAIN = {"latitude": "23.1765", "longitude": "75.7885", "place": "Ujjain"}
STAYS, BOUNCES = "asha.rao@example.com", "gone@example.org"
COMPLAINS, LATER = "ravi@example.net", "meera@example.in"


def fake_url(up: Up) -> str | None:
    return up.announced(r"what it accepted: (http://127\.0\.0\.1:\d+/_fake/messages)")


def post(url: str, fields: dict) -> tuple[int, str]:
    data = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(url, data=data, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def mails_to(fake: str, address: str) -> list[dict]:
    return [m for m in get_json(fake)["messages"] if m["rcpt_to"] == [address]]


def signed_up(up: Up, fake: str, address: str) -> None:
    """Sign up on the page, then open the link the confirmation brings and press its button."""
    status, page = post(f"{up.web}email/signup", {"email": address, "lang": "en", **UJJAIN})
    assert status == 200 and "Nothing is sent until you open it" in page
    [asked] = up.wait_for(lambda: mails_to(fake, address), 30, "the confirmation")
    [link] = re.findall(r"http://\S+/email/confirm/\S+", asked["text"])
    with urllib.request.urlopen(link, timeout=30) as response:  # a scanner's GET confirms nothing
        assert response.status == 200
    assert post(link, {})[0] == 200


def test_sign_up_confirm_the_daily_panchangam_a_bounce_and_a_one_click_leave(tmp_path):
    start = next_kolkata_morning(datetime.now(UTC)) - timedelta(minutes=4)  # 06:26 in Ujjain
    env = embedded_env(
        tmp_path,
        LOKPANCHANG_CLOCK_OFFSET=str((start - datetime.now(UTC)).total_seconds()),
        PLANNER_PERIOD="10",
        PLANNER_LOOKAHEAD="300",
    )
    with running(tmp_path, env, "--fake-email") as up:
        web = up.web
        fake = up.wait_for(lambda: fake_url(up), 30, "the fake relay's address")
        up.wait_for(up.answers, 90, "the web")
        for address in (STAYS, BOUNCES, COMPLAINS, LATER):
            signed_up(up, fake, address)
        for address in (STAYS, BOUNCES, COMPLAINS, LATER):  # subscribed (a reply), no more yet
            up.wait_for(lambda a=address: len(mails_to(fake, a)) == 2, 60, "the subscribed reply")
        bounce = urllib.request.Request(
            fake.replace("/messages", "/bounces"),
            data=json.dumps({"address": BOUNCES}).encode(),
            headers={"Content-Type": "application/json"},
        )
        urllib.request.urlopen(bounce, timeout=10).close()
        _pipe_report(fake, web, "complaints", {"address": COMPLAINS}, b"feedback-report")
        late = {"address": LATER, "status": "5.1.1"}
        _pipe_report(fake, web, "late-bounces", late, b"delivery-status")

        daily = up.wait_for(
            lambda: [m for m in mails_to(fake, STAYS) if "Tithi" in m["text"]],
            300,
            "the 06:30 panchangam",
        )
        [mail] = daily
        assert "Ujjain" in mail["text"] and "Tithi" in mail["html"]
        assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        database = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
        gone = up.wait_for(lambda: _disabled(database, BOUNCES), 60, "the bounce's disabling")
        assert "550" in gone

        leave = mail["headers"]["List-Unsubscribe"].strip("<>")
        assert post(leave, {"List-Unsubscribe": "One-Click"})[0] == 200
        up.wait_for(lambda: _stopped(database, STAYS), 60, "the one-click unsubscribe")
        assert [m for m in mails_to(fake, BOUNCES) if "Tithi" in m["text"]] == []
        assert "complaint" in _disabled(database, COMPLAINS)
        assert [m for m in mails_to(fake, COMPLAINS) if "Tithi" in m["text"]] == []
        assert _disabled(database, LATER).startswith("hard bounce: 5.1.1")
        assert [m for m in mails_to(fake, LATER) if "Tithi" in m["text"]] == []


def _pipe_report(fake: str, web: str, what: str, asked: dict, report_type: bytes) -> None:
    """The fake's report (``what``: a complaint's ARF, a later bounce's DSN) about our last
    mail to ``asked["address"]``, piped to the service as the operator's alias does."""
    request = urllib.request.Request(
        fake.replace("/messages", f"/{what}"),
        data=json.dumps(asked).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        report = response.read()
    assert b"report-type=" + report_type in report.replace(b'"', b"")
    piped = urllib.request.Request(
        web + "email/feedback", data=report, headers={"Content-Type": "message/rfc822"}
    )
    with urllib.request.urlopen(piped, timeout=10) as response:
        assert response.status == 202


def _subscriber(session, address: str) -> UserDetail:
    from lokpanchang.storage.addresses import subscriber_at

    found = subscriber_at(session, "email", address)
    assert found is not None, f"no subscriber at {address}"
    return found


def _disabled(url: str, address: str) -> str:
    with transaction(url) as session:
        user = _subscriber(session, address)
        return user.disabled_reason or ""  # set only when the channel disabled them


def _stopped(url: str, address: str) -> bool:
    with transaction(url) as session:
        user = _subscriber(session, address)
        kinds = session.scalars(
            select(SubscriptionEvent.kind).where(SubscriptionEvent.user_id == user.id)
        )
        return "stopped" in set(kinds)
