"""`lokpanchang web`'s gunicorn is sized and timed by the WEB_* settings."""

from __future__ import annotations

import secrets
from datetime import timedelta

import pytest
from gunicorn.config import Config
from gunicorn.glogging import Logger, SafeAtoms

from lokpanchang.config import ConfigError
from lokpanchang.web import check_secrets
from lokpanchang.web.server import MaskedLogger, access_line, gunicorn_options


def test_workers_threads_connections_and_timeouts_come_from_settings(make_settings):
    settings = make_settings(
        web_worker_class="gthread",
        web_workers=3,
        web_threads=16,
        web_connections=500,
        web_timeout=12,
        web_keepalive=3,
        web_host="127.0.0.1",
    )
    options = gunicorn_options(settings, 8123)
    assert options["bind"] == "127.0.0.1:8123"
    assert (options["worker_class"], options["workers"], options["threads"]) == ("gthread", 3, 16)
    assert (options["worker_connections"], options["timeout"], options["keepalive"]) == (500, 12, 3)
    assert options["logger_class"] is MaskedLogger
    assert options["forwarded_allow_ips"] == ""  # X-Forwarded-* believed by the app alone


@pytest.mark.parametrize("name", ["WEB_KEEPALIVE", "WEB_WORKERS", "WEB_TIMEOUT"])
def test_zero_is_refused_naming_the_setting(make_settings, name):
    with pytest.raises(ConfigError, match=name):
        make_settings(**{name.lower(): 0})


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("your-secret-key-here-change-me-please", "of it is words"),
        ("abcdefghijklmnopqrstuvwxyz0123456789", "of it is sequences"),
        ("changeme-changeme-changeme-changeme", "of it is"),
        ("short-but-random-Xq7!vL2p", "at least 32"),
    ],
)
def test_a_placeholder_secret_key_stops_production_saying_why(make_settings, key, why):
    settings = make_settings(environment="production", secret_key=key)
    with pytest.raises(ConfigError, match="SECRET_KEY is too weak") as refused:
        check_secrets(settings)
    assert why in str(refused.value) and key not in str(refused.value)


@pytest.mark.parametrize(
    "make_key", [lambda: secrets.token_urlsafe(24), lambda: secrets.token_hex(16)]
)
def test_random_keys_of_the_shortest_length_pass(make_settings, make_key):
    for _ in range(100):
        check_secrets(make_settings(environment="production", secret_key=make_key()))


def test_a_weak_metrics_token_stops_production(make_settings):
    settings = make_settings(
        environment="production",
        secret_key="k3Jd9-fQ2x_Lm8vR0tYw4ZpA7sNc1eHb6uGi5oKa",
        metrics_token="prometheus",
    )
    with pytest.raises(ConfigError, match="METRICS_TOKEN is too weak") as refused:
        check_secrets(settings)
    assert "prometheus" not in str(refused.value)


class _Response:
    status, sent, headers = "404 NOT FOUND", 207, [("Content-Type", "text/html")]


@pytest.mark.parametrize("agent", ['ab/2.3 "quoted"', None])
def test_an_access_line_reads_as_gunicorns_own_format_would_write_it(agent):
    environ = {
        "REMOTE_ADDR": "10.1.2.3",
        "REQUEST_METHOD": "GET",
        "RAW_URI": '/admin/x?q="1"',
        "SERVER_PROTOCOL": "HTTP/1.1",
        "PATH_INFO": "/admin/x",
        **({"HTTP_USER_AGENT": agent} if agent else {}),
    }
    took = timedelta(seconds=1, microseconds=234_567)
    config = Config()
    logger = Logger(config)
    gunicorns = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"' % SafeAtoms(  # noqa: UP031 -- gunicorn's syntax
        logger.atoms(_Response(), [], environ, took)
    )
    assert access_line(_Response(), environ, took) == gunicorns


def test_the_upload_front_reads_as_much_as_the_largest_route_takes_and_one_byte_more():
    from lokpanchang.web import MAX_BODY_BYTES, telegram_webhook, webhook
    from lokpanchang.web.bodies import MAX_REQUEST_BYTES

    largest = max(MAX_BODY_BYTES, webhook.MAX_BODY_BYTES, telegram_webhook.MAX_BODY_BYTES)
    assert largest + 1 == MAX_REQUEST_BYTES


def test_the_open_file_limit_is_raised_for_the_connection_budget():
    import subprocess
    import sys

    script = (
        "import resource\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (512, hard))\n"
        "from lokpanchang.web.server import raise_open_file_limit\n"
        "wanted = min(hard, 4096)\n"
        "assert raise_open_file_limit(wanted) == wanted\n"
        "print(resource.getrlimit(resource.RLIMIT_NOFILE)[0] == wanted)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.stdout.strip() == "True", done.stderr
