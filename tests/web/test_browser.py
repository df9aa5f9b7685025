"""The portal in a real Chromium (Playwright) against a real server on a loopback port."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from lokpanchang import clock
from lokpanchang.config import load_settings
from lokpanchang.messages.daily import DAILY_PARAMETER_COUNT
from lokpanchang.operators import create_operator
from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.web import create_app
from tests.web import seed as seed_data

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PAGES_WITH_FORMS = [
    "/admin/",
    "/admin/subscribers",
    "/admin/broadcasts",
    "/admin/failures",
    "/admin/broadcasts/backfill",
    "/admin/send/test",
    "/admin/send/today",
    "/",
    "/panchang",
    "/panchang/month?place=New+Delhi&month=2026-11",
]


class Server:
    def __init__(self, app):
        from werkzeug.serving import make_server

        self.httpd = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


class FakeCloudApi:
    """``lokpanchang fake-whatsapp`` in a subprocess on a free loopback port."""

    TOKEN, PHONE_NUMBER_ID = "browser-test-token", "1234567890"

    def __init__(self):
        count = DAILY_PARAMETER_COUNT
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "lokpanchang",
                "fake-whatsapp",
                "--port",
                "0",
                "--token",
                self.TOKEN,
                "--phone-number-id",
                self.PHONE_NUMBER_ID,
                "--pair-seconds",
                "0",
                "--template",
                "hello_world=0",
                "--template",
                f"daily_panchangam={count}",
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline()  # the fake prints its address once it listens
        match = re.search(r"http://127\.0\.0\.1:\d+", line)
        if match is None:
            self.stop()
            raise RuntimeError(f"fake-whatsapp did not start: {line!r}")
        self.url = match.group(0)

    def settings(self) -> dict:
        return {
            "delivery_backend": "whatsapp",
            "whatsapp_base_url": self.url,
            "whatsapp_access_token": self.TOKEN,
            "whatsapp_phone_number_id": self.PHONE_NUMBER_ID,
        }

    def accepted_to(self, phone: str, deadline_s: float = 10.0) -> list[dict]:
        """Accepted messages to ``phone``, polled until one arrives or the deadline passes."""
        end = time.monotonic() + deadline_s
        while True:
            with urllib.request.urlopen(
                f"{self.url}/_fake/messages?accepted=1", timeout=5
            ) as response:
                found = [m for m in json.load(response)["messages"] if m["to"] == phone.lstrip("+")]
            if found or time.monotonic() > end:
                return found
            time.sleep(0.1)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stdout.close()


@pytest.fixture(scope="module")
def fake_cloud_api():
    fake = FakeCloudApi()
    yield fake
    fake.stop()


@pytest.fixture(scope="module")
def portal(tmp_path_factory, fake_cloud_api):
    data_dir = tmp_path_factory.mktemp("browser")
    url = f"sqlite:///{data_dir / 'portal.sqlite3'}"
    migrate.upgrade(url)
    with transaction(url) as session:
        create_operator(session, "ops", seed_data.PASSWORD, clock.now())
    seeded = seed_data.seed(url, clock.now())
    settings = load_settings(
        {},
        data_dir=data_dir,
        database_url=url,
        secret_key="browser-test-secret",
        enable_test_routes=True,
        **fake_cloud_api.settings(),
    )
    server = Server(create_app(settings))
    server.seeded, server.settings, server.fake = seeded, settings, fake_cloud_api
    yield server
    server.stop()
    engine_for(url).dispose()


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is not installed (apt-get install chromium)"
        pytest.fail(message) if os.environ.get("CI") == "true" else pytest.skip(message)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, portal):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def log_in(page, portal) -> None:
    page.goto(f"{portal.url}/admin/login")
    page.fill("#username", "ops")
    page.fill("#password", seed_data.PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{portal.url}/admin/")


def test_an_operator_logs_in_with_the_keyboard_alone(page, portal):
    page.goto(f"{portal.url}/admin/")
    assert page.url.startswith(f"{portal.url}/admin/login")
    page.locator("#username").focus()
    page.keyboard.type("ops")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "password"
    page.keyboard.type(seed_data.PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{portal.url}/admin/")
    assert page.locator("h1").inner_text() == "Dashboard"


def test_the_dashboard_shows_the_seeded_data(page, portal):
    log_in(page, portal)
    assert page.locator("#kpi-active").inner_text() == "13"
    assert page.locator("#kpi-failed").inner_text() == "3"
    assert page.locator("#kpi-zone").inner_text().startswith("Asia/Kolkata")
    assert page.locator("svg[role=img]").count() == 2
    shot(page, "dashboard")


LABEL_CHECK = """() => [...document.querySelectorAll('input, select, textarea')]
  .filter(el => el.type !== 'hidden')
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
  .map(el => el.name || el.id || el.outerHTML)"""


def test_every_control_on_every_page_has_a_label(page, portal):
    log_in(page, portal)
    checked = 0
    for path in PAGES_WITH_FORMS + [
        f"/admin/subscribers/{portal.seeded.user_ids[seed_data.NEW_YORK_PHONE]}/edit"
    ]:
        page.goto(portal.url + path)
        assert page.evaluate(LABEL_CHECK) == [], path
        checked += page.locator("input:not([type=hidden]), select").count()
    assert checked >= 25


def test_an_operator_edits_a_subscriber(page, portal):
    log_in(page, portal)
    user_id = portal.seeded.user_ids[seed_data.NEW_YORK_PHONE]
    page.goto(f"{portal.url}/admin/subscribers?zone=America/New_York")
    page.click(f"text={seed_data.NEW_YORK_PHONE}")
    page.click("text=Edit")
    page.fill("#display_name", "Meera in Manhattan")
    page.select_option("#language", "hi")
    page.fill("#send_time", "07:00")
    page.click("button:has-text('Save')")
    page.wait_for_url(f"{portal.url}/admin/subscribers/{user_id}")
    assert page.locator(".flash").inner_text() == "Saved."
    assert "Meera in Manhattan" in page.locator(".facts").inner_text()
    assert "07:00 local" in page.locator(".facts").inner_text()
    shot(page, "subscriber-edited")


def test_an_operator_sends_a_test_message_after_confirming(page, portal):
    log_in(page, portal)
    page.click("nav >> text=Send")  # the send-today form, which links to the test message
    page.click("text=Send a test message to one number")
    page.fill("#test-phone", "+91 98123 45678")
    page.click("button:has-text('Review')")
    assert "+919812345678" in page.locator("[role=alert]").inner_text()
    page.click("#confirm-send")
    assert "Test message sent to +919812345678" in page.locator(".flash").inner_text()
    [arrived] = portal.fake.accepted_to("+919812345678")
    assert arrived["type"] == "template"
    body = arrived["payload"]["template"]["components"][0]["parameters"]
    assert any("Ujjain" in parameter["text"] for parameter in body)
    shot(page, "test-message-sent")


def test_an_operator_drills_from_the_dashboard_into_failures(page, portal):
    log_in(page, portal)
    page.click(f"a[href='/admin/broadcasts/{portal.seeded.kolkata_run_id}#failures']")
    page.wait_for_url(f"**/admin/broadcasts/{portal.seeded.kolkata_run_id}#failures")
    group = page.locator("#error-131026")
    assert "3 subscribers" in group.locator("h3").inner_text()
    phones = group.locator("tbody a").all_inner_texts()
    assert sorted(phones) == sorted(seed_data.FAILED_PHONES)
    group.locator("tbody a").first.click()
    assert "131026 Message undeliverable" in page.locator("table").first.inner_text()
    shot(page, "failure-drilldown")


def test_the_public_page_in_hindi(page, portal):
    page.goto(f"{portal.url}/")
    page.fill("#place", "Varanasi")
    page.fill("#date", "2026-03-21")
    page.select_option("#lang", "hi")
    page.keyboard.press("Enter")
    page.wait_for_selector("#panchangam")
    assert page.locator("html").get_attribute("lang") == "hi"
    assert "शनिवार" in page.locator("#panchangam").inner_text()  # 21 March 2026, a Saturday
    assert "पंचांग: " in page.locator("#message-text").inner_text()  # the Hindi template's heading
    shot(page, "public-hindi")


ENGLISH_LABELS = re.compile(r"\b(Sunrise|Sunset|Tithi|Nakshatra|Yoga|Karana|until|then)\b", re.I)


@pytest.mark.parametrize("language", ["ta", "hi"])
def test_the_public_page_in_tamil_and_hindi_shows_no_english_label(page, portal, language):
    page.goto(f"{portal.url}/panchang?place=Varanasi&date=2026-03-21&lang={language}")
    page.wait_for_selector("#panchangam")
    assert ENGLISH_LABELS.findall(page.locator("body").inner_text()) == []
    page.click("#next-day")
    page.wait_for_url(re.compile(r"date=2026-03-22"))
    assert page.locator("html").get_attribute("lang") == language
    assert ENGLISH_LABELS.findall(page.locator("body").inner_text()) == []
    shot(page, f"public-{language}-next-day")


def test_the_public_page_reopens_on_the_visitors_last_choice(page, portal):
    page.goto(f"{portal.url}/panchang?place=Rampur&date=2026-03-21&lang=ta")
    page.click("#places-found a >> nth=3")  # another of the look-alike places
    page.wait_for_selector("#panchangam")
    chosen = page.locator("h2").first.inner_text().split(" — ")[0]
    page.goto(f"{portal.url}/")
    assert page.locator("html").get_attribute("lang") == "ta"
    assert page.locator("h2").first.inner_text().split(" — ")[0] == chosen


def test_observances_muhurtas_and_the_month_view(page, portal):
    page.goto(f"{portal.url}/panchang?place=New+Delhi&date=2026-12-20")
    page.wait_for_selector("#observances")
    assert "Mokshada Ekadashi (fast); parana" in page.locator("#observances").inner_text()
    assert "Amrita" in page.locator("#muhurtas table.choghadiya").inner_text()
    page.locator("#month-link").click()
    page.wait_for_selector("#month-view")
    month = page.locator("#month-view").inner_text()
    assert "Mokshada Ekadashi" in month and "Dhanu Sankranti" in month
    page.locator("#month-view a", has_text="21").first.click()
    page.wait_for_selector("#observances")
    assert "(Mokshada Ekadashi)" in page.locator("#observances").inner_text()  # parana day
    shot(page, "public-month")


SHARE_STUB = """
window.sharedCards = [];
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  const file = data.files[0];
  const bytes = new Uint8Array(await file.arrayBuffer());
  window.sharedCards.push({name: file.name, type: file.type, size: file.size,
                           head: Array.from(bytes.slice(1, 4)), title: data.title});
};
"""


def test_the_share_link_downloads_the_card_where_the_browser_cannot_share(page, portal):
    page.goto(f"{portal.url}/panchang?place=Varanasi&date=2026-03-21&lang=ta")
    assert page.evaluate("typeof navigator.share") == "undefined"  # desktop Chromium on Linux
    with page.expect_download() as download:
        page.click("#share-card")
    saved = Path(download.value.path()).read_bytes()
    assert download.value.suggested_filename == "panchang-Varanasi-2026-03-21-ta.png"
    assert saved[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(saved[16:20], "big") == 1080  # the IHDR width


def test_the_share_link_hands_the_card_to_the_share_sheet_where_there_is_one(browser, portal):
    context = browser.new_context(viewport={"width": 412, "height": 915}, locale="en-GB")
    context.add_init_script(SHARE_STUB)  # the phone's share sheet, recording what it got
    page = context.new_page()
    try:
        page.goto(f"{portal.url}/panchang?place=Varanasi&date=2026-03-21&lang=hi")
        page.click("#share-card")
        page.wait_for_function("() => window.sharedCards.length > 0", timeout=15_000)
        shared = page.evaluate("window.sharedCards[0]")
        assert shared["name"] == "panchang-2026-03-21-hi.png" and shared["type"] == "image/png"
        assert shared["head"] == list(b"PNG") and shared["size"] > 10_000
        assert "वाराणसी" in shared["title"]  # the town in the reader's script (issue 25 item 2)
        assert page.url.startswith(f"{portal.url}/panchang")  # still on the page
        shot(page, "public-share-phone")
    finally:
        context.close()
