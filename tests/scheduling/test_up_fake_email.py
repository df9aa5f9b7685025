"""E-mail end to end, as a new user meets it: ``lokpanchang up --fake-email`` (web, worker, beat
and the fake SMTP relay as separate processes). Two people sign up on the public page and
confirm by the signed link (nothing is sent before); the real planner sends the day's
panchangam at 06:30 in the place; one address bounces (550 5.1.1) and is disabled; the other
leaves by the one-click POST of its ``List-Unsubscribe`` link (RFC 8058); a third marks our
mail as spam: the fake's feedback report (ARF), piped to ``/email/feedback``, disables it and
it gets no panchangam."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import SubscriptionEvent, UserDetail
from tests import servers
from tests.scheduling.cluster import next_kolkata_morning
from tests.scheduling.test_up_fake_whatsapp import get_json, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]

UJJAIN = {"latitude": "23.1765", "longitude": "75.7885", "place": "Ujjain"}
STAYS, BOUNCES = "asha.rao@example.com", "gone@example.org"
COMPLAINS = "ravi@example.net"


def fake_url(log: Path) -> str | None:
    found = re.search(
        r"what it accepted: (http://127\.0\.0\.1:\d+/_fake/messages)", log.read_text()
    )
    return found.group(1) if found else None


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


def signed_up(web: str, fake: str, address: str, log: Path) -> None:
    """Sign up on the page, then open the link the confirmation brings and press its button."""
    status, page = post(f"{web}email/signup", {"email": address, "lang": "en", **UJJAIN})
    assert status == 200 and "Nothing is sent until you open it" in page
    [asked] = wait_for(lambda: mails_to(fake, address), 30, "the confirmation", log)
    [link] = re.findall(r"http://\S+/email/confirm/\S+", asked["text"])
    with urllib.request.urlopen(link, timeout=30) as response:  # a scanner's GET confirms nothing
        assert response.status == 200
    assert post(link, {})[0] == 200


def test_sign_up_confirm_the_daily_panchangam_a_bounce_and_a_one_click_leave(tmp_path):
    port = servers.free_port()
    start = next_kolkata_morning(datetime.now(UTC)) - timedelta(minutes=4)  # 06:26 in Ujjain
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("WHATSAPP_", "DELIVERY_", "TELEGRAM_", "EMAIL_"))
        and k not in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "REDIS_URL")
    }
    env.update(
        DATA_DIR=str(tmp_path / "var"),
        LOG_JSON="false",
        LOKPANCHANG_CLOCK_OFFSET=str((start - datetime.now(UTC)).total_seconds()),
        PLANNER_PERIOD="10",
        PLANNER_LOOKAHEAD="300",
    )
    log = tmp_path / "up.log"
    with open(log, "w") as out:
        up = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang", "up", "--port", str(port), "--fake-email"],
            env=env,
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    web = f"http://127.0.0.1:{port}/"
    try:
        fake = wait_for(lambda: fake_url(log), 30, "the fake relay's address", log)
        wait_for(lambda: _answers(web), 90, "the web", log)
        for address in (STAYS, BOUNCES, COMPLAINS):
            signed_up(web, fake, address, log)
        for address in (
            STAYS,
            BOUNCES,
            COMPLAINS,
        ):  # subscribed (a reply by e-mail), nothing more yet
            wait_for(lambda a=address: len(mails_to(fake, a)) == 2, 60, "the subscribed reply", log)
        bounce = urllib.request.Request(
            fake.replace("/messages", "/bounces"),
            data=json.dumps({"address": BOUNCES}).encode(),
            headers={"Content-Type": "application/json"},
        )
        urllib.request.urlopen(bounce, timeout=10).close()
        _complain(fake, web, COMPLAINS)

        daily = wait_for(
            lambda: [m for m in mails_to(fake, STAYS) if "Tithi" in m["text"]],
            300,
            "the 06:30 panchangam",
            log,
        )
        [mail] = daily
        assert "Ujjain" in mail["text"] and "Tithi" in mail["html"]
        assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        database = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
        gone = wait_for(lambda: _disabled(database, BOUNCES), 60, "the bounce's disabling", log)
        assert "550" in gone

        leave = mail["headers"]["List-Unsubscribe"].strip("<>")
        assert post(leave, {"List-Unsubscribe": "One-Click"})[0] == 200
        wait_for(lambda: _stopped(database, STAYS), 60, "the one-click unsubscribe", log)
        assert [m for m in mails_to(fake, BOUNCES) if "Tithi" in m["text"]] == []
        assert "complaint" in _disabled(database, COMPLAINS)
        assert [m for m in mails_to(fake, COMPLAINS) if "Tithi" in m["text"]] == []
    finally:
        up.terminate()
        try:
            up.wait(timeout=40)
        except subprocess.TimeoutExpired:
            up.kill()
            up.wait()


def _complain(fake: str, web: str, address: str) -> None:
    """``address`` calls our last mail spam: the fake's ARF report, piped to the service."""
    asked = urllib.request.Request(
        fake.replace("/messages", "/complaints"),
        data=json.dumps({"address": address}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(asked, timeout=10) as response:
        report = response.read()
    assert b"report-type=feedback-report" in report.replace(b'"', b"")
    piped = urllib.request.Request(
        web + "email/feedback", data=report, headers={"Content-Type": "message/rfc822"}
    )
    with urllib.request.urlopen(piped, timeout=10) as response:
        assert response.status == 202


def _answers(web: str) -> bool:
    try:
        with urllib.request.urlopen(web + "livez", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


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
