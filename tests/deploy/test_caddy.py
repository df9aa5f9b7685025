"""The shipped Caddy profile in front of a real ``lokpanchang web`` (issue 24, item 8): behind
it, two clients are two addresses (the login throttle locks the one that failed, not the
other), with compose.yaml's TRUSTED_PROXY_HOPS.

Caddy runs ``deploy/Caddyfile`` itself, with what only makes sense in compose translated: the
site address (``{$LOKPANCHANG_DOMAIN}``: plain HTTP on a free loopback port here, no
certificates), the upstream ``web:8000`` (the test's server), and the admin endpoint off.
"""

from __future__ import annotations

import http.client
import re
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import yaml

from tests import servers
from tests.web import liveserver

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(rb'name="csrf_token" value="([^"]+)"')
SESSION = "lokpanchang_session"
CADDY = shutil.which("caddy")
pytestmark = [pytest.mark.integration]


def compose_hops() -> str:
    web = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]["web"]
    value = str(web["environment"]["TRUSTED_PROXY_HOPS"])
    found = re.fullmatch(r"\$\{TRUSTED_PROXY_HOPS:-(\d+)\}", value)
    assert found, value
    return found.group(1)


def test_compose_believes_one_hop_and_publishes_web_on_loopback_only():
    web = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]["web"]
    assert compose_hops() == "1"
    assert all(str(port).startswith("127.0.0.1:") for port in web["ports"])


def caddyfile(site_port: int, web_port: int) -> str:
    text = (ROOT / "deploy" / "Caddyfile").read_text()
    text = text.replace("{$LOKPANCHANG_DOMAIN}", f"http://127.0.0.1:{site_port}")
    text = text.replace("reverse_proxy web:8000", f"reverse_proxy 127.0.0.1:{web_port}")
    assert text.lstrip("#").count("{\n\tservers") == 1, "the global options block moved"
    return text.replace("{\n\tservers", "{\n\tadmin off\n\tservers", 1)


@pytest.fixture(scope="module")
def behind_caddy(tmp_path_factory):
    if CADDY is None:
        servers.missing("caddy")
    directory = tmp_path_factory.mktemp("caddy")
    url = liveserver.migrated_database(directory)
    env = liveserver.production_env(directory, url, TRUSTED_PROXY_HOPS=compose_hops())
    web = liveserver.start(directory, env, url)
    site_port = servers.free_port()
    config = directory / "Caddyfile"
    config.write_text(caddyfile(site_port, web.port))
    log = (directory / "caddy.log").open("w")
    caddy = subprocess.Popen(
        [CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
        cwd=directory,
        env={"HOME": str(directory), "XDG_DATA_HOME": str(directory), "PATH": "/usr/bin:/bin"},
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    try:
        servers.wait_for_port(site_port, 30)
        yield site_port, web
    finally:
        caddy.terminate()
        caddy.wait(10)
        log.close()
        web.stop()


def through(site_port: int, source: str, method: str, path: str, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", site_port, 10, (source, 0))
    try:
        connection.request(method, path, body, headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def log_in(site_port: int, source: str, password: str) -> int:
    status, headers, page = through(site_port, source, "GET", "/admin/login")
    assert status == 200, page[:200]
    cookie, token = re.search(rf"{SESSION}=([^;]+)", headers["Set-Cookie"]), CSRF.search(page)
    assert cookie and token, page[:200]
    form = f"username=ops&password={quote(password)}&csrf_token={quote(token.group(1).decode())}"
    status, _, _ = through(
        site_port,
        source,
        "POST",
        "/admin/login",
        form.encode(),
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"{SESSION}={cookie.group(1)}",
        },
    )
    return status


def test_behind_caddy_two_clients_are_two_addresses(behind_caddy):
    site_port, web = behind_caddy
    for _ in range(5):
        assert log_in(site_port, "127.0.0.2", "wrong-password-123") == 401
    assert log_in(site_port, "127.0.0.2", liveserver.PASSWORD) == 429  # this client: locked
    assert log_in(site_port, "127.0.0.3", liveserver.PASSWORD) == 302  # the other: not
    seen = access_lines_with(web, '127.0.0.2 "POST /admin/login', '127.0.0.3 "POST /admin/login')
    assert '127.0.0.2 "POST /admin/login' in seen and '127.0.0.3 "POST /admin/login' in seen


def test_a_client_cannot_choose_its_address_through_caddy(behind_caddy):
    site_port, web = behind_caddy
    spoofed = {"X-Forwarded-For": "203.0.113.9"}
    through(site_port, "127.0.0.4", "GET", "/admin/login", headers=spoofed)
    assert '127.0.0.4 "GET /admin/login' in access_lines_with(web, '127.0.0.4 "GET /admin/login')
    assert "203.0.113.9" not in web.log_files_text()


def access_lines(web) -> str:
    return web.log_files_text().replace('\\"', '"')  # the JSON lines' escaped quotes


def access_lines_with(web, *wanted: str, seconds: float = 20) -> str:
    """The access lines once each of ``wanted`` is among them (a line is written after its
    response is sent), or as they are at the deadline."""
    deadline = time.monotonic() + seconds
    lines = access_lines(web)
    while not all(w in lines for w in wanted) and time.monotonic() < deadline:
        time.sleep(0.1)
        lines = access_lines(web)
    return lines
