"""/livez and /healthz are answered in front of the Flask app, as every response is answered:
security headers, a request id, JSON; GET and HEAD only."""

from __future__ import annotations

import pytest

from lokpanchang.web import create_app
from lokpanchang.web.security import SECURITY_HEADERS


@pytest.fixture
def probe_client(make_settings, migrated_sqlite):
    settings = make_settings(
        database_url=migrated_sqlite,
        environment="production",
        secret_key="k3Jd9-fQ2x_Lm8vR0tYw4ZpA7sNc1eHb6uGi5oKa",
    )
    return create_app(settings).test_client()


def test_a_probe_carries_the_security_headers_hsts_and_no_store(probe_client):
    reply = probe_client.get("/livez")
    assert (reply.status_code, reply.data) == (200, b'{"web":"ok"}')
    for name, value in SECURITY_HEADERS.items():
        assert reply.headers[name] == value
    assert reply.headers["Cache-Control"] == "no-store"
    assert "max-age=" in reply.headers["Strict-Transport-Security"]
    assert reply.headers["Content-Type"] == "application/json"


def test_healthz_without_worker_or_beat_is_503_and_says_which(probe_client):
    reply = probe_client.get("/healthz")
    assert reply.status_code == 503
    assert reply.get_json() == {"web": "ok", "database": "ok", "worker": "down", "beat": "down"}


def test_the_callers_request_id_is_echoed_and_a_bad_one_replaced(probe_client):
    assert (
        probe_client.get("/livez", headers={"X-Request-ID": "lb-42"}).headers["X-Request-ID"]
        == "lb-42"
    )
    made = probe_client.get("/livez", headers={"X-Request-ID": "bad id;drop"}).headers
    assert made["X-Request-ID"] != "bad id;drop" and len(made["X-Request-ID"]) == 32


def test_head_answers_without_a_body_and_other_methods_get_405(probe_client):
    head = probe_client.head("/healthz")
    assert (head.status_code, head.data) == (503, b"")
    posted = probe_client.post("/livez")
    assert posted.status_code == 405 and posted.headers["Allow"] == "GET, HEAD"
    assert posted.headers["X-Frame-Options"] == "DENY"


def test_other_paths_still_reach_the_app(probe_client):
    assert probe_client.get("/livez/extra").status_code == 404
    assert probe_client.get("/admin/login").status_code == 200
