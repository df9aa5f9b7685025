"""Every page, asked with bad query values and bad cookies, answers a page or a clear 4xx:
never a 500 (issue 24, item 9).

The walk learns which query arguments and cookies each page reads by asking it once with a
recording request (so a new page or a new argument is walked without editing this file),
then asks again with each of them set to each bad value. The names ``url_for`` keeps for
itself (``endpoint``, ``_external``, ...) are tried on every page too: a page that builds its
links from the request's arguments must not hand them to ``url_for`` as keywords.
"""

from __future__ import annotations

from datetime import date
from urllib.parse import urlencode

import pytest
from flask import Request
from werkzeug.datastructures import ImmutableMultiDict

from lokpanchang.web import create_app
from lokpanchang.web.admin import queries
from tests.web.conftest import csrf_from, log_in

# The values a visitor (or a scanner) sends: not numbers, huge numbers, separators, control
# characters, a query string inside a value, a very long one.
BAD_VALUES = (
    "x",
    "",
    "-1",
    "99999999999999999999999",
    "1e309",
    "nan",
    "9999-99-99",
    "a=1&b=2&c=3&d=4&e=5&f=6",
    "\x00",
    "%ff",
    "é\u202e",
    "y" * 5000,
)
# Arguments url_for takes for itself (a page that passed the request's arguments to it as
# keywords broke on any value), tried with one value each.
RESERVED = ("endpoint", "_external", "_scheme", "_anchor", "_method", "values")
BAD_COOKIES = (
    "a=1&b=2&c=3&d=4&e=5&f=6",
    "place=%00&pick=-5&lang=%ff",
    "pick=99999999999999999999999",
    "lang=xx&lang=yy",
    "%",
    "=" * 200,
)
PATH_VALUES = {
    "user_id": 1,
    "run_id": 1,
    "day": date(2026, 1, 1).isoformat(),
    "phone": "+1",
    "token": "not-a-token",
}
ASKED: dict[str, set[str]] = {}  # endpoint -> the argument and cookie names it read


class Recording(ImmutableMultiDict):
    """The request's arguments and cookies, remembering each name asked for (under the
    endpoint being walked)."""

    endpoint = ""

    def _note(self, key):
        if isinstance(key, str):
            ASKED.setdefault(Recording.endpoint, set()).add(key)

    def get(self, key, *args, **kwargs):
        self._note(key)
        return super().get(key, *args, **kwargs)

    def __getitem__(self, key):
        self._note(key)
        return super().__getitem__(key)

    def getlist(self, key, *args, **kwargs):
        self._note(key)
        return super().getlist(key, *args, **kwargs)

    def __contains__(self, key):
        self._note(key)
        return super().__contains__(key)


class RecordingRequest(Request):
    parameter_storage_class = Recording
    dict_storage_class = Recording


@pytest.fixture
def walker(portal_settings, seeded, monkeypatch):
    """A logged-in test client on seeded data whose lists have several pages."""
    monkeypatch.setattr(queries, "PAGE_SIZE", 1)
    app = create_app(portal_settings())
    app.request_class = RecordingRequest
    app.config["PROPAGATE_EXCEPTIONS"] = False  # an exception is the 500 a visitor sees
    client = app.test_client()
    assert log_in(client).status_code == 302
    client.csrf = csrf_from(client, "/admin/")
    return app, client


def pages(app) -> list[tuple[str, str]]:
    """(endpoint, path) of every GET route, path values filled in."""
    found = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        values = {name: PATH_VALUES[name] for name in rule.arguments}
        found.append((rule.endpoint, rule.build(values, append_unknown=False)[1]))
    return sorted(found)


def _names(client, endpoint: str, path: str) -> set[str]:
    ASKED.pop(endpoint, None)
    Recording.endpoint = endpoint
    reply = client.get(path)
    assert reply.status_code < 500, f"{path} alone answered {reply.status_code}"
    return ASKED.get(endpoint, set())


@pytest.mark.slow
def test_every_page_answers_bad_query_values_without_a_500(walker):
    app, client = walker
    failures = []
    for endpoint, path in pages(app):
        asked = _names(client, endpoint, path)
        tries = [(name, value) for name in sorted(asked) for value in BAD_VALUES]
        for name, value in tries + [(name, "x") for name in RESERVED]:
            # On the second page too, where the pager's links are built from the arguments.
            query = urlencode({"page": "2", name: value})
            reply = client.get(f"{path}?{query}")
            if reply.status_code >= 500:
                failures.append(f"{path}?{query[:80]} -> {reply.status_code}")
    assert not failures, "\n".join(failures)


@pytest.mark.slow
def test_every_page_answers_bad_cookies_without_a_500(walker):
    app, client = walker
    session_cookie = app.config["SESSION_COOKIE_NAME"]
    failures = []
    for endpoint, path in pages(app):
        cookies = _names(client, endpoint, path) | {"lokpanchang_choice", session_cookie}
        for name in sorted(cookies):
            kept = client.get_cookie(name)
            for value in BAD_COOKIES:
                client.set_cookie(name, value)
                reply = client.get(path)
                if reply.status_code >= 500:
                    failures.append(
                        f"{path} with cookie {name}={value[:40]} -> {reply.status_code}"
                    )
            client.delete_cookie(name)
            if kept is not None:
                client.set_cookie(name, kept.value)
    assert not failures, "\n".join(failures)


def test_the_reported_choice_cookie_still_shows_the_default_place(walker):
    _app, client = walker
    client.set_cookie("lokpanchang_choice", "a=1&b=2&c=3&d=4&e=5&f=6")
    reply = client.get("/panchang")
    assert reply.status_code == 200
    assert "New Delhi" in reply.get_data(as_text=True)


def test_the_subscribers_pager_keeps_an_endpoint_argument_as_a_plain_query_value(walker):
    _app, client = walker
    reply = client.get("/admin/subscribers?endpoint=x&status=active")
    assert reply.status_code == 200
    page = reply.get_data(as_text=True)
    assert "endpoint=x" in page and "page=2" in page


def test_the_walk_includes_the_card(walker):
    app, _client = walker
    assert ("public_card.card_png", "/card.png") in pages(app)
