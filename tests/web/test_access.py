"""Without a session nothing but the login page answers; test routes exist only when enabled."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from werkzeug.routing import IntegerConverter

from lokpanchang import clock
from lokpanchang.web import create_app
from tests.web.conftest import csrf_from, log_in
from tests.web.seed import KOLKATA_PHONES, PASSWORD

# Blueprints whose every route is for operators; a route added to them is covered here unasked.
OPERATOR_BLUEPRINTS = ("admin", "testroutes")
OPEN_ENDPOINTS = {"admin.login"}
SAMPLE_ARGS = {"int": "1", "default": KOLKATA_PHONES[0]}
SAMPLE_VALUES = {"day": "2026-01-01"}


def _sample_path(rule) -> str:
    path = rule.rule
    for name, converter in rule._converters.items():
        kind = "int" if isinstance(converter, IntegerConverter) else "default"
        value = SAMPLE_VALUES.get(name, SAMPLE_ARGS[kind])
        path = re.sub(rf"<(?:[^:>]+:)?{name}>", value, path)
    return path


def operator_routes(app):
    for rule in app.url_map.iter_rules():
        blueprint = rule.endpoint.split(".")[0]
        if blueprint in OPERATOR_BLUEPRINTS and rule.endpoint not in OPEN_ENDPOINTS:
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield method, _sample_path(rule)


def test_the_operator_route_list_covers_every_page_and_test_route(app):
    paths = {path for _method, path in operator_routes(app)}
    assert {"/admin/", "/admin/subscribers", "/test-db", "/test-planner"} <= paths
    assert f"/test/whatsapp/{KOLKATA_PHONES[0]}" in paths
    assert f"/send-panchang-{KOLKATA_PHONES[0]}" in paths
    assert len(paths) >= 20


def test_without_login_every_operator_route_answers_302_to_login_or_401(client, seeded):
    checked = 0
    for method, path in operator_routes(client.application):
        response = client.open(
            path, method=method, data={"confirm": "yes", "phone": KOLKATA_PHONES[0]}
        )
        body = response.get_data(as_text=True)
        assert response.status_code in (302, 401), (method, path, response.status_code)
        if response.status_code == 302:
            assert response.location.startswith("/admin/login"), (method, path, response.location)
        assert KOLKATA_PHONES[0] not in body and "Varanasi" not in body, (method, path)
        checked += 1
    assert checked >= 25
    assert not (client.application.config["SETTINGS"].data_dir / "outbox.jsonl").exists()


def test_json_routes_answer_401_without_login(client):
    for path in ("/admin/api/summary.json", "/test-db", "/test-planner"):
        response = client.get(path)
        assert response.status_code == 401, path
        assert response.json == {"error": "login required"}


def test_a_page_asked_for_as_json_answers_401(client):
    response = client.get("/admin/subscribers", headers={"Accept": "application/json"})
    assert response.status_code == 401


def test_test_routes_are_404_when_not_enabled_even_for_an_operator(portal_settings):
    app = create_app(portal_settings(enable_test_routes=False))
    client = app.test_client()
    assert log_in(client).status_code == 302
    for path in (
        "/test-db",
        "/test-planner",
        f"/test/whatsapp/{KOLKATA_PHONES[0]}",
        f"/send-panchang-{KOLKATA_PHONES[0]}",
    ):
        assert client.get(path).status_code == 404, path


def test_the_login_page_redirects_back_to_the_page_asked_for(client):
    response = client.get("/admin/subscribers?zone=Asia/Kolkata")
    assert response.status_code == 302
    token = csrf_from(client, response.location)
    response = client.post(
        "/admin/login",
        data={
            "username": "ops",
            "password": PASSWORD,
            "csrf_token": token,
            "next": "/admin/subscribers?zone=Asia/Kolkata",
        },
    )
    assert response.location == "/admin/subscribers?zone=Asia/Kolkata"


def test_login_refuses_to_redirect_off_site(client):
    token = csrf_from(client)
    response = client.post(
        "/admin/login",
        data={
            "username": "ops",
            "password": PASSWORD,
            "csrf_token": token,
            "next": "//evil.example/x",
        },
    )
    assert response.location == "/admin/"


def test_a_wrong_password_is_refused_without_a_session(client):
    response = log_in(client, password="wrong-password-123")
    assert response.status_code == 401
    assert "Wrong username or password" in response.get_data(as_text=True)
    assert client.get("/admin/").status_code == 302


def test_an_unknown_user_is_refused(client):
    assert log_in(client, username="nobody").status_code == 401


def test_login_without_the_csrf_token_is_refused(client):
    client.get("/admin/login")
    response = client.post("/admin/login", data={"username": "ops", "password": PASSWORD})
    assert response.status_code == 400
    assert client.get("/admin/").status_code == 302


def test_a_post_without_the_csrf_token_changes_nothing(operator_client, seeded):
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    response = operator_client.post(f"/admin/subscribers/{user_id}/stop")
    assert response.status_code == 400
    page = operator_client.get(f"/admin/subscribers/{user_id}").get_data(as_text=True)
    assert 'id="subscriber-status">active<' in page


def test_a_post_with_a_wrong_csrf_token_is_refused(operator_client, seeded):
    user_id = seeded.user_ids[KOLKATA_PHONES[0]]
    response = operator_client.post(
        f"/admin/subscribers/{user_id}/stop", data={"csrf_token": "forged"}
    )
    assert response.status_code == 400


def test_the_session_expires_after_the_configured_lifetime(portal_settings):
    app = create_app(portal_settings(session_lifetime=600))
    client = app.test_client()
    with time_machine.travel(clock.now(), tick=False) as traveller:
        assert log_in(client).status_code == 302
        assert client.get("/admin/").status_code == 200
        traveller.shift(timedelta(seconds=601))
        response = client.get("/admin/")
    assert response.status_code == 302
    assert response.location.startswith("/admin/login")


def test_the_session_cookie_is_http_only_and_same_site(client):
    response = log_in(client)
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Expires=" in cookie


def test_in_production_the_session_cookie_is_secure(portal_settings):
    app = create_app(portal_settings(environment="production"))
    response = log_in(app.test_client())
    assert "Secure" in response.headers["Set-Cookie"]


def test_logging_out_ends_the_session(operator_client):
    response = operator_client.post("/admin/logout", data={"csrf_token": operator_client.csrf})
    assert response.status_code == 302
    assert operator_client.get("/admin/").status_code == 302


# /healthz answers 503 without a worker and beat (scheduler subject); /livez is the web alone.
@pytest.mark.parametrize("path", ["/", "/panchang", "/livez"])
def test_public_pages_need_no_login(client, path):
    assert client.get(path).status_code == 200


def test_the_login_page_tells_a_new_installation_how_to_create_an_operator(
    make_settings, sqlite_url
):
    from lokpanchang.storage import migrate
    from lokpanchang.storage.db import engine_for

    migrate.upgrade(sqlite_url)
    app = create_app(make_settings(database_url=sqlite_url, secret_key="k"))
    page = app.test_client().get("/admin/login").get_data(as_text=True)
    engine_for(sqlite_url).dispose()
    assert "lokpanchang admin create-user --username" in page


def test_the_login_page_has_no_hint_once_an_operator_exists(client):
    assert "admin create-user" not in client.get("/admin/login").get_data(as_text=True)


def test_portal_pages_forbid_framing_and_caching(operator_client):
    response = operator_client.get("/admin/")
    assert response.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["Cache-Control"] == "no-store"


def test_the_public_page_may_be_cached_but_not_framed(client):
    response = client.get("/")
    assert response.headers["X-Frame-Options"] == "DENY"
    assert "no-store" not in response.headers.get("Cache-Control", "")


def test_a_request_without_the_cookie_builds_no_signer_and_a_login_still_holds(
    app, client, seeded, monkeypatch
):
    signers = []
    build = app.session_interface.get_signing_serializer
    monkeypatch.setattr(
        app.session_interface,
        "get_signing_serializer",
        lambda flask_app: signers.append(1) or build(flask_app),
    )
    assert client.get("/livez").status_code == 200
    assert signers == []  # no cookie: an empty session, no signer made
    log_in(client)
    signers.clear()
    assert client.get("/admin/").status_code == 200  # the signed cookie is read and holds
    assert signers, "a request with the cookie checks its signature"


def test_a_security_header_a_view_sets_itself_is_kept_and_the_others_added(app):
    app.add_url_rule(
        "/own-header", "own_header", lambda: ("x", 200, {"referrer-policy": "no-referrer"})
    )
    response = app.test_client().get("/own-header")
    assert response.headers.getlist("Referrer-Policy") == ["no-referrer"]
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Cache-Control"] == "no-store"
