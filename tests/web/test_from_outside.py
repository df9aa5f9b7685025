"""The outside security review's findings, tried again from outside: real HTTP against a
real ``lokpanchang web`` process (issue 11). Each test reproduced its finding first."""

from __future__ import annotations

import hashlib
import hmac
import io
import re
import select
import socket
import subprocess
import sys
import tarfile
import time
import uuid
from urllib.parse import quote

import psutil
import pytest
from flask import Flask
from flask.sessions import SecureCookieSessionInterface

from tests.web import liveserver

pytestmark = [pytest.mark.integration]

SESSION_COOKIE = "lokpanchang_session"
CSRF = re.compile(rb'name="csrf_token" value="([^"]+)"')
PHONE = "+919812345678"
NATIONAL_DIGITS = "98123456"  # what a masked log line must not show
SECURITY_HEADERS = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Strict-Transport-Security",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("live")
    url = liveserver.migrated_database(directory)
    live = liveserver.start(directory, liveserver.production_env(directory, url), url)
    # The public helpers load the gazetteer once (seconds on a loaded machine); these tests
    # are about what every response carries, not about the first visitor's wait.
    assert live.request("GET", "/", timeout=120).status == 200
    yield live
    live.stop()


def sign(raw: bytes) -> str:
    digest = hmac.new(liveserver.APP_SECRET.encode(), raw, hashlib.sha256).hexdigest()
    return "sha256=" + digest


def log_in(server, username="ops", password=liveserver.PASSWORD, next_path=None) -> tuple:
    """Log in through the form; returns (the POST's reply, the session cookie header)."""
    page = server.request("GET", "/admin/login")
    cookie = f"{SESSION_COOKIE}={page.cookie(SESSION_COOKIE)}"
    form = {"username": username, "password": password}
    token = CSRF.search(page.body)
    assert token, "no CSRF token on the login page"
    form["csrf_token"] = token.group(1).decode()
    body = "&".join(f"{k}={quote(v)}" for k, v in form.items())
    path = "/admin/login" + (f"?next={next_path}" if next_path else "")
    reply = server.request(
        "POST",
        path,
        body.encode(),
        {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie},
    )
    new = reply.cookie(SESSION_COOKIE)
    return reply, f"{SESSION_COOKIE}={new}" if new else cookie


def read_reply(sock: socket.socket, deadline_s: float = 10) -> bytes:
    """Whatever the server answers before it closes, or until the deadline."""
    data, deadline = b"", time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        ready, _, _ = select.select([sock], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
        if b"\r\n\r\n" in data:
            break
    return data


def status_of(raw: bytes) -> int:
    match = re.match(rb"HTTP/1\.[01] (\d{3})", raw)
    return int(match.group(1)) if match else 0


def tree_rss(process: psutil.Process) -> int:
    return sum(p.memory_info().rss for p in [process, *process.children(recursive=True)])


def send_chunked(sock: socket.socket, head: bytes, total: int) -> tuple[int, bytes]:
    """Send ``head`` then up to ``total`` bytes as 256 KiB chunks, reading as we go; returns
    (bytes sent, the reply) once the server answered or stopped reading."""
    sock.sendall(head)
    chunk = b"x" * (256 * 1024)
    framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    sent, reply = 0, b""
    sock.settimeout(5)
    while sent < total:
        if select.select([sock], [], [], 0)[0]:
            reply = read_reply(sock)
            break
        try:
            sock.sendall(framed)
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            break
        sent += len(chunk)
    return sent, reply or read_reply(sock)


# SECRET_KEY ------------------------------------------------------------------------------


def test_a_session_signed_with_the_old_constant_key_is_not_an_operator_login(tmp_path):
    url = liveserver.migrated_database(tmp_path)
    env = liveserver.production_env(tmp_path, url, ENVIRONMENT="development")
    del env["SECRET_KEY"]
    server = liveserver.start(tmp_path, env, url)
    try:
        forger = Flask("forger")
        forger.secret_key = "development-only-secret-key"
        forged = (
            SecureCookieSessionInterface()
            .get_signing_serializer(forger)
            .dumps(
                {"operator_id": 1, "login_at": time.time(), "csrf_token": "x", "_permanent": True}
            )
        )
        reply = server.request("GET", "/admin/", headers={"Cookie": f"{SESSION_COOKIE}={forged}"})
        assert reply.status == 302 and "/admin/login" in reply.headers["Location"]
        key_file = tmp_path / "var" / "secret_key"
        assert key_file.stat().st_mode & 0o077 == 0, "the key is readable by others"
        assert len(key_file.read_text().strip()) >= 32
    finally:
        server.stop()


@pytest.mark.parametrize(
    "key",
    [
        "a",
        "x" * 40,
        "password1234",
        # The review's placeholders (issue 24, item 7): accepted before.
        "your-secret-key-here-change-me-please",
        "abcdefghijklmnopqrstuvwxyz0123456789",
    ],
)
def test_production_refuses_a_weak_secret_key_naming_the_setting(tmp_path, key):
    url = liveserver.migrated_database(tmp_path, operator=None)
    done = liveserver.run_to_exit(
        tmp_path, liveserver.production_env(tmp_path, url, SECRET_KEY=key)
    )
    assert done.returncode != 0
    assert "SECRET_KEY is too weak" in done.stderr and "Traceback" not in done.stderr
    assert "secrets.token_urlsafe(48)" in done.stderr  # what to do
    assert (
        len(key) < 8 or key not in done.stderr
    )  # never the value (a too-short one reads as letters)


# Body limits -------------------------------------------------------------------------------


def test_a_chunked_webhook_body_over_3_mb_is_refused_before_it_is_read_whole(server):
    process = psutil.Process(server.process.pid)
    before = tree_rss(process)
    with server.connect() as sock:
        head = (
            b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nX-Hub-Signature-256: sha256=00\r\n\r\n"
        )
        sent, reply = send_chunked(sock, head, 96 * 1024 * 1024)
    assert status_of(reply) == 413, reply[:200]
    assert sent < 48 * 1024 * 1024, f"the server read {sent} bytes before refusing"
    assert tree_rss(process) - before < 40 * 1024 * 1024


def test_a_200_mb_multipart_login_post_is_refused_before_its_body_is_sent(server):
    with server.connect() as sock:
        sock.sendall(
            b"POST /admin/login HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: multipart/form-data; boundary=b\r\n"
            b"Content-Length: 209715200\r\n\r\n--b\r\n"
        )
        reply = read_reply(sock, deadline_s=5)
    assert status_of(reply) == 413, reply[:200]


def test_a_chunked_multipart_login_post_is_refused_at_the_limit(server):
    with server.connect() as sock:
        head = (
            b"POST /admin/login HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: multipart/form-data; boundary=b\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        part = b'--b\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n'
        head += f"{len(part):x}\r\n".encode() + part + b"\r\n"
        sent, reply = send_chunked(sock, head, 96 * 1024 * 1024)
    assert status_of(reply) == 413, reply[:200]
    assert sent < 48 * 1024 * 1024


# Sessions --------------------------------------------------------------------------------------


def test_a_cookie_saved_before_logout_no_longer_works_after_it(server):
    reply, cookie = log_in(server)
    assert reply.status == 302
    page = server.request("GET", "/admin/", headers={"Cookie": cookie})
    assert page.status == 200
    token = CSRF.search(page.body).group(1).decode()
    logout = server.request(
        "POST",
        "/admin/logout",
        f"csrf_token={quote(token)}".encode(),
        {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie},
    )
    assert logout.status == 302
    again = server.request("GET", "/admin/", headers={"Cookie": cookie})
    assert again.status == 302 and "/admin/login" in again.headers["Location"]


# Bad input is a 4xx, never a 500 ----------------------------------------------------------------


def test_a_signature_header_that_is_not_ascii_is_refused_without_a_traceback(server):
    with server.connect() as sock:
        sock.sendall(
            b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"X-Hub-Signature-256: sha256=\xe9\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
        )
        reply = read_reply(sock)
    assert status_of(reply) in (400, 403), reply[:200]
    assert "Traceback" not in server.log_files_text()


def test_json_nested_100000_deep_is_a_400(server):
    raw = b"[" * 100_000 + b"]" * 100_000
    reply = server.request(
        "POST",
        "/webhook",
        raw,
        {"Content-Type": "application/json", "X-Hub-Signature-256": sign(raw)},
    )
    assert reply.status == 400
    assert "Traceback" not in server.log_files_text()


@pytest.mark.parametrize(
    "path",
    [
        "/admin/subscribers?page=99999999999999999999",
        "/admin/subscribers/99999999999999999999",
        "/admin/subscribers/99999999999999999999/edit",
        "/admin/broadcasts/99999999999999999999",
        "/admin/broadcasts?page=99999999999999999999",
        "/admin/send/today?target=subscriber&user_id=%C2%B2",
        "/admin/send/today?target=subscriber&user_id=99999999999999999999",
    ],
)
def test_operator_pages_answer_bad_numbers_with_a_4xx(server, path):
    _, cookie = log_in(server)
    reply = server.request("GET", path, headers={"Cookie": cookie})
    assert reply.status < 500, (path, reply.status)
    assert reply.status in (200, 400, 404)


def test_a_next_with_a_line_break_after_login_goes_to_the_dashboard(server):
    reply, _ = log_in(server, next_path="/%0D%0ASet-Cookie:x=y")
    assert reply.status == 302
    assert reply.headers["Location"].endswith("/admin/")
    assert reply.headers.get_all("Set-Cookie") and not any(
        c.startswith("x=") for c in reply.headers.get_all("Set-Cookie")
    )


# Log lines ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        f"/admin/subscribers/{PHONE}",
        f"/admin/x:{PHONE[1:]}",
        f"/admin/subscribers?phone={quote(PHONE)}",
        "/admin/subscribers?phone=%2B91%2098123%2045678",
        "/admin/subscribers?phone=+91+98123+45678",
        f"/{PHONE[1:]}",
        "/admin/subscribers?phone=%28%2B91%29%2098123%2045678",  # issue 24, item 10
        "/admin/subscribers?phone=%2B91.98123.45678",
        "/admin/subscribers/%EF%BC%8B91%2098123%2045678/edit",
    ],
)
def test_phone_numbers_in_request_lines_are_masked_in_the_logs(server, path):
    agent = f"masking-probe-{uuid.uuid4().hex}"  # the access line names it: wait for that line
    server.request("GET", path, headers={"User-Agent": agent})
    deadline = time.monotonic() + 10
    while agent not in server.log_files_text() and time.monotonic() < deadline:
        time.sleep(0.1)  # the access line is written after the response
    text = server.log_files_text()
    assert agent in text, "no access line was logged"
    assert NATIONAL_DIGITS not in text.replace(" ", "").replace("%20", "").replace("+", "")


# Headers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/no-such-page"),
        ("POST", "/livez"),
        ("POST", "/webhook"),
        ("GET", "/webhook"),
        ("GET", "/metrics"),
        ("GET", "/healthz"),
        ("GET", "/livez"),
        ("GET", "/static/lokpanchang.css"),
        ("GET", "/admin/login"),
        ("GET", "/"),
    ],
)
def test_every_response_has_the_security_headers_and_hsts_in_production(server, method, path):
    reply = server.request(method, path, b"" if method == "POST" else None)
    for name in SECURITY_HEADERS:
        assert reply.headers.get(name), f"{method} {path} ({reply.status}) lacks {name}"
    assert "max-age=" in reply.headers["Strict-Transport-Security"]


def test_the_server_header_names_no_versions(server):
    server_header = server.request("GET", "/livez").headers.get("Server", "")
    assert not re.search(r"\d|Werkzeug|Python", server_header), server_header


# /metrics -------------------------------------------------------------------------------------


def test_metrics_need_the_bearer_token(server):
    assert server.request("GET", "/metrics").status == 401
    wrong = {"Authorization": "Bearer not-the-token"}
    assert server.request("GET", "/metrics", headers=wrong).status == 401
    right = {"Authorization": f"Bearer {liveserver.METRICS_TOKEN}"}
    reply = server.request("GET", "/metrics", headers=right)
    assert reply.status == 200 and b"lokpanchang_" in reply.body


# The log viewer -----------------------------------------------------------------------------


def test_the_log_viewer_does_not_follow_symlinks(server, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("TOP-SECRET-LINE from outside the backups\n")
    root = server.directory / "var" / "backups" / "logs"
    day = root / "2026-01-02"
    day.mkdir(parents=True, exist_ok=True)
    (day / "app.log").write_text("an ordinary log line\n")
    (day / "linked.log").symlink_to(outside / "secret.txt")
    (root / "2026-01-03").symlink_to(outside, target_is_directory=True)
    _, cookie = log_in(server)
    page = server.request("GET", "/admin/logs/2026-01-02", headers={"Cookie": cookie})
    assert page.status == 200 and b"an ordinary log line" in page.body
    assert b"TOP-SECRET-LINE" not in page.body
    archive = server.request(
        "GET", "/admin/logs/2026-01-02/archive.tar.gz", headers={"Cookie": cookie}
    )
    assert archive.status == 200
    with tarfile.open(fileobj=io.BytesIO(archive.body)) as tar:
        assert all(not member.issym() for member in tar.getmembers())
        assert "2026-01-02/linked.log" not in tar.getnames()
    linked_day = server.request("GET", "/admin/logs/2026-01-03", headers={"Cookie": cookie})
    assert linked_day.status == 404
    listing = server.request("GET", "/admin/logs", headers={"Cookie": cookie})
    assert b"2026-01-03" not in listing.body


def test_a_new_password_ends_the_sessions_saved_before_it(server):
    _, first = log_in(server)
    _, second = log_in(server)
    password_file = server.directory / "new-password"
    password_file.write_text("a-different-good-passphrase\n")
    done = subprocess.run(
        [sys.executable, "-m", "lokpanchang", "admin", "set-password", "OPS"]
        + ["--password-file", str(password_file)],
        env=server.env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for cookie in (first, second):
        reply = server.request("GET", "/admin/", headers={"Cookie": cookie})
        assert reply.status == 302
    reply, _ = log_in(server, password="a-different-good-passphrase")
    assert reply.status == 302 and reply.headers["Location"].endswith("/admin/")
    password_file.write_text(liveserver.PASSWORD)  # later tests log in with the old one
    subprocess.run(
        [sys.executable, "-m", "lokpanchang", "admin", "set-password", "ops"]
        + ["--password-file", str(password_file)],
        env=server.env,
        timeout=60,
        check=True,
        capture_output=True,
    )


# Stalled clients are cut off by the settings' timeouts ---------------------------------


@pytest.fixture(scope="module")
def impatient_server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("impatient")
    url = liveserver.migrated_database(directory, operator=None)
    env = liveserver.production_env(
        directory, url, WEB_TIMEOUT="2", WEB_KEEPALIVE="2", WEB_BODY_SECONDS="2"
    )
    live = liveserver.start(directory, env, url)
    yield live
    live.stop()


def test_a_stalled_upload_is_answered_408_after_web_body_seconds(impatient_server):
    with impatient_server.connect() as sock:
        sock.sendall(
            b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'X-Hub-Signature-256: sha256=00\r\nContent-Length: 100000\r\n\r\n{"entry": ['
        )
        started = time.monotonic()
        reply = read_reply(sock, deadline_s=15)
    assert status_of(reply) == 408, reply[:200]
    assert 1.5 < time.monotonic() - started < 10


def test_headers_sent_a_byte_at_a_time_are_cut_off_after_web_keepalive(impatient_server):
    trickle = b"GET /livez HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"y" * 40  # 10 s at 4 bytes/s
    started, answer = time.monotonic(), None
    with impatient_server.connect() as sock:
        for byte in trickle:
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                answer = b""
                break
            if select.select([sock], [], [], 0.25)[0]:
                answer = read_reply(sock, deadline_s=1)
                break
    assert answer is not None, "the server waited for all of the trickled headers"
    assert status_of(answer) != 200  # closed, or refused: never served
    assert time.monotonic() - started < 8
    assert impatient_server.request("GET", "/livez").status == 200
