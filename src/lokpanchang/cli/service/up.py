"""`lokpanchang up`: web, worker, beat and Flower as child processes on the embedded defaults.

Flower follows ``lokpanchang flower``'s rule (no credentials only in development; ``--no-flower``
leaves it out). It migrates the database first (SQLite, Celery over kombu's SQL transport, database locks,
the outbox channel), then supervises the children (``supervisor``). ``up --fake-whatsapp``
also runs the fake Cloud API as a child and points the others at it (a demo of the real
channel, webhooks included, with nothing leaving the machine); ``up --fake-telegram`` does the
same with the fake Telegram Bot API, and ``up --fake-email`` with a fake SMTP relay (its
messages on ``/_fake/messages``). What a run serves is written to ``DATA_DIR/up.json``.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from lokpanchang.cli import CommandError, summary
from lokpanchang.cli.service.processes import start_logging, tcp_port
from lokpanchang.cli.service.supervisor import (
    Child,
    Stop,
    holding_stop,
    stopping_on_signals,
    supervise,
)
from lokpanchang.config import Settings

FAKE_PHONE_NUMBER_ID = "100000000000001"
FAKE_TELEGRAM_BOT = "LokPanchangFakeBot"


def register(subparsers) -> None:
    up = subparsers.add_parser("up", help=summary("up"))
    up.add_argument("--port", type=tcp_port, default=None, help="web port (default 5050)")
    up.add_argument(
        "--sample-subscribers",
        action="store_true",
        help="import the 21 bundled sample subscribers (fake numbers) after migrating",
    )
    up.add_argument(
        "--fake-whatsapp",
        nargs="?",
        type=tcp_port,
        const=0,
        default=None,
        metavar="PORT",
        help="also run the fake Cloud API (on PORT, default a free one) and send to it",
    )
    up.add_argument(
        "--fake-telegram",
        nargs="?",
        type=tcp_port,
        const=0,
        default=None,
        metavar="PORT",
        help="also run the fake Telegram Bot API (on PORT, default a free one) and send to it",
    )
    up.add_argument(
        "--no-flower",
        action="store_true",
        help="do not run Flower (the task monitor on FLOWER_PORT, default 5555)",
    )
    up.add_argument(
        "--fake-email",
        nargs="?",
        type=tcp_port,
        const=0,
        default=None,
        metavar="PORT",
        help="also run a fake SMTP relay (on PORT, default a free one) and send e-mail to it",
    )
    up.set_defaults(handler=_up)


def _up(args) -> int:
    # Ctrl-C from here on, even while migrating, stops cleanly; once stopping, up exits
    with stopping_on_signals(ending_the_process=True):
        try:
            return _run(args)
        except Stop:  # before the banner: nothing was started or written yet
            print("lokpanchang: stopped", flush=True)
            return 0


def _run(args) -> int:
    from lokpanchang.storage import migrate

    settings = args.services().settings
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    port = str(args.port or settings.web_port)
    me = [sys.executable, "-m", "lokpanchang"]
    children = [
        Child("web", [*me, "web", "--simple", "--port", port]),
        Child("worker", [*me, "worker"]),
        Child("beat", [*me, "beat"]),
    ]
    run = UpRun(f"http://{loopback_host(settings)}:{port}/", settings.whatsapp_app_secret)
    env = _secret_env(run)
    if args.fake_whatsapp is not None:
        headers = _image_headers(settings)
        fake, env = _fake_whatsapp(me, args.fake_whatsapp or _free_port(), run.webhook_url, headers)
        children.insert(0, fake)
        run.app_secret, run.generated, run.fake_url = (
            env["WHATSAPP_APP_SECRET"],
            True,
            env["WHATSAPP_BASE_URL"],
        )
    if args.fake_telegram is not None:
        fake, telegram_env = _fake_telegram(me, args.fake_telegram or _free_port(), run.web_url)
        children.insert(0, fake)
        env = {**_without_files(env or dict(os.environ), TELEGRAM_SECRETS), **telegram_env}
        run.fake_telegram_url = telegram_env["TELEGRAM_API_BASE_URL"]
    if args.fake_email is not None:
        fake, email_env = _fake_email(me, args.fake_email or _free_port(), run.web_url)
        children.insert(0, fake)
        env = {**_without_files(env or dict(os.environ), ("EMAIL_SMTP_PASSWORD",)), **email_env}
        run.fake_email_url = email_env["FAKE_EMAIL_URL"]
    for child in children:
        child.env = env
    flower, flower_line = (None, "") if args.no_flower else _flower(settings, env)
    children += [flower] if flower else []
    print("\n".join([*run.banner(settings), flower_line]).strip(), flush=True)  # before logs
    run.write(settings.data_dir)
    try:
        start_logging(settings)
        with holding_stop(
            "the database migration is done (stopped half-way it could be left half-done)"
        ):
            migrate.upgrade(settings.effective_database_url)
        if args.sample_subscribers:
            from lokpanchang.cli.subscribers import import_sample

            import_sample(args)  # one transaction: a Ctrl-C here imports nobody
        return supervise(children)
    except Stop:
        return 0
    finally:
        run.remove(settings.data_dir)
        print(_stopped(children), flush=True)


def _stopped(children: list[Child]) -> str:
    started = [child.name for child in children if child.process is not None]
    if started:
        return f"lokpanchang: stopped ({', '.join(started)})"
    return f"lokpanchang: stopped (before starting {', '.join(c.name for c in children)})"


def _flower(settings: Settings, env: dict[str, str] | None) -> tuple[Child | None, str]:
    """Flower as a child, on ``lokpanchang flower``'s credential rule, and its banner line
    (why it is not started when its port is taken: another ``up`` or Flower runs)."""
    from lokpanchang.cli.flower import check_credentials, flower_command, flower_environment

    try:
        credentials = check_credentials(settings)
    except CommandError as refused:
        raise CommandError(f"{refused}; or run `up --no-flower`") from None
    host, port = loopback_host(settings), settings.flower_port
    if not _port_free(settings.web_host, port):
        return None, (
            f"lokpanchang: Flower not started: port {port} is in use "
            "(set FLOWER_PORT to a free one, or run `up --no-flower`)"
        )
    auth = (
        "basic auth (FLOWER_BASIC_AUTH)" if credentials else "NO authentication: development only"
    )
    child = Child(
        "flower", flower_command(settings), flower_environment(settings, credentials, env)
    )
    return child, f"lokpanchang: Flower on http://{host}:{port}/ (read-only, {auth})"


RUN_FILE = "up.json"


@dataclass
class UpRun:
    """What one ``up`` serves, written to ``DATA_DIR/up.json`` for ``lokpanchang simulate``.

    Without a configured ``WHATSAPP_APP_SECRET`` the run makes one up, so signed webhooks
    (from the fake or from ``simulate``) can be checked; it is shown and written only then.
    """

    web_url: str
    app_secret: str
    generated: bool = False
    fake_url: str | None = None
    fake_telegram_url: str | None = None
    fake_email_url: str | None = None

    def __post_init__(self) -> None:
        if not self.app_secret:
            self.app_secret, self.generated = secrets.token_urlsafe(24), True

    @property
    def webhook_url(self) -> str:
        return self.web_url + "webhook"

    def banner(self, settings) -> list[str]:
        lines = [
            f"lokpanchang: web on {self.web_url} (admin: /admin, health: /healthz); Ctrl-C stops"
        ]
        if self.fake_url:
            lines.append(
                f"lokpanchang: sending to the fake WhatsApp Cloud API at {self.fake_url} "
                f"(what it received: {self.fake_url}/_fake/messages)"
            )
        else:
            lines.append(
                f"lokpanchang: messages go to the outbox at {settings.data_dir / 'outbox.jsonl'}"
            )
        if self.fake_telegram_url:
            lines.append(
                f"lokpanchang: Telegram messages go to the fake Bot API at "
                f"{self.fake_telegram_url} (post updates to {self.fake_telegram_url}/_fake/updates)"
            )
        if self.fake_email_url:
            lines.append(
                f"lokpanchang: e-mail goes to the fake SMTP relay (what it accepted: "
                f"{self.fake_email_url})"
            )
        if self.generated:
            lines.append(
                f"lokpanchang: this run's app secret for signing webhooks: {self.app_secret} "
                "(`lokpanchang simulate` uses it)"
            )
        return lines

    def write(self, data_dir: Path) -> None:
        path = data_dir / RUN_FILE
        path.touch(mode=0o600)
        fields = {
            "web": self.web_url,
            "fake_whatsapp": self.fake_url,
            "fake_telegram": self.fake_telegram_url,
            "fake_email": self.fake_email_url,
        }
        if self.generated:
            fields["app_secret"] = self.app_secret
        path.write_text(json.dumps(fields, indent=2))

    def remove(self, data_dir: Path) -> None:
        (data_dir / RUN_FILE).unlink(missing_ok=True)


def read_run(data_dir: Path) -> dict:
    """What a running ``up`` wrote to ``DATA_DIR/up.json`` ({} when none is running)."""
    try:
        return json.loads((data_dir / RUN_FILE).read_text())
    except (OSError, ValueError):
        return {}


def _secret_env(run: UpRun) -> dict[str, str] | None:
    """The children's environment: this process's, plus the run's app secret if made up."""
    if not run.generated:
        return None
    env = {**os.environ, "WHATSAPP_APP_SECRET": run.app_secret}
    env.pop("WHATSAPP_APP_SECRET_FILE", None)
    return env


def _image_headers(settings: Settings) -> tuple[str, ...]:
    """The fake's templates registered with an image header: the daily one when
    ``WHATSAPP_TEMPLATE_HEADER=image`` (as it must then be at Meta)."""
    if settings.whatsapp_template_header != "image":
        return ()
    return (f"--image-header={settings.whatsapp_template_name}",)


def _fake_whatsapp(
    me: list[str],
    fake_port: int,
    webhook_url: str,
    headers: tuple[str, ...] = (),
) -> tuple[Child, dict[str, str]]:
    """The fake Cloud API as a child, and the environment pointing the other children at it.

    Token, app secret and verify token are fresh random values for this ``up`` only;
    ``headers`` declare templates registered with an image header (``--image-header``).
    """
    token, app_secret = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    base_url = f"http://127.0.0.1:{fake_port}"
    fake = Child(
        "fake-whatsapp",
        [
            *me,
            "fake-whatsapp",
            # One argument each (--name=value): a random value may start with '-'.
            f"--port={fake_port}",
            f"--token={token}",
            f"--phone-number-id={FAKE_PHONE_NUMBER_ID}",
            f"--webhook-url={webhook_url}",
            f"--app-secret={app_secret}",
            *headers,
        ],
    )
    env = {
        **os.environ,
        "DELIVERY_BACKEND": "whatsapp",
        "WHATSAPP_BASE_URL": base_url,
        "FAKE_WHATSAPP_URL": base_url,  # /healthz then counts the fake too
        "WHATSAPP_ACCESS_TOKEN": token,
        "WHATSAPP_PHONE_NUMBER_ID": FAKE_PHONE_NUMBER_ID,
        "WHATSAPP_APP_SECRET": app_secret,
        "WHATSAPP_VERIFY_TOKEN": secrets.token_urlsafe(16),
    }
    for name in (
        "WHATSAPP_ACCESS_TOKEN_FILE",
        "WHATSAPP_APP_SECRET_FILE",
        "WHATSAPP_VERIFY_TOKEN_FILE",
    ):
        env.pop(name, None)  # a secret file would override the fake's values
    return fake, env


def _fake_telegram(me: list[str], fake_port: int, web_url: str) -> tuple[Child, dict[str, str]]:
    """The fake Bot API as a child (its webhook set to ours, as `telegram set-webhook` would),
    and the settings pointing the other children at it; token and secret are this run's."""
    token = f"{secrets.randbelow(9 * 10**9) + 10**9}:{secrets.token_urlsafe(26)}"
    secret = secrets.token_urlsafe(24)
    base_url = f"http://127.0.0.1:{fake_port}"
    fake = Child(
        "fake-telegram",
        [
            *me,
            "fake-telegram",
            f"--port={fake_port}",
            f"--token={token}",
            f"--username={FAKE_TELEGRAM_BOT}",
            f"--webhook-url={web_url}telegram/webhook",
            f"--secret={secret}",
        ],
    )
    env = {
        "TELEGRAM_API_BASE_URL": base_url,
        "FAKE_TELEGRAM_URL": base_url,
        "TELEGRAM_BOT_TOKEN": token,
        "TELEGRAM_WEBHOOK_SECRET": secret,
        "TELEGRAM_BOT_USERNAME": FAKE_TELEGRAM_BOT,
    }
    return fake, env


TELEGRAM_SECRETS = ("TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET")


def _fake_email(me: list[str], smtp_port: int, web_url: str) -> tuple[Child, dict[str, str]]:
    """The fake SMTP relay as a child, and the settings pointing the others at it (plain
    SMTP on loopback: ``EMAIL_SMTP_TLS=off`` is set explicitly, for the fake only)."""
    http_port = _free_port()
    fake = Child(
        "fake-email",
        [*me, "fake-email", f"--port={smtp_port}", f"--http-port={http_port}"],
    )
    env = {
        "EMAIL_SMTP_HOST": "127.0.0.1",
        "EMAIL_SMTP_PORT": str(smtp_port),
        "EMAIL_SMTP_TLS": "off",
        "EMAIL_SMTP_USER": "",
        "EMAIL_SMTP_PASSWORD": "",
        "PUBLIC_URL": web_url.rstrip("/"),
        "FAKE_EMAIL_URL": f"http://127.0.0.1:{http_port}/_fake/messages",
    }
    return fake, env


def _without_files(env: dict[str, str], names: tuple[str, ...]) -> dict[str, str]:
    """``env`` without ``NAME_FILE`` for ``names`` (a secret file would override the fake's)."""
    return {key: value for key, value in env.items() if key.removesuffix("_FILE") not in names}


def loopback_host(settings) -> str:
    """Where this machine reaches the web process (a wildcard address is not one)."""
    return "127.0.0.1" if settings.web_host in ("0.0.0.0", "::", "") else settings.web_host


def _port_free(host: str, port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers bind
        try:
            probe.bind((host, port))
        except OSError:
            return False
        return True


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
