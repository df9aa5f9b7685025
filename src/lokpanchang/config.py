"""Typed settings, read once from the environment.

Every setting is an environment variable named after the field in upper case
(``late_grace`` -> ``LATE_GRACE``). Secrets may instead be given as a file with
``NAME_FILE`` (Docker/Kubernetes secrets). A bad value stops start-up with a
message naming the variable and the value.
"""

from __future__ import annotations

import os
import re
import secrets
from datetime import time
from functools import lru_cache
from pathlib import Path
from typing import Literal
from urllib.parse import quote, urlsplit, urlunsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

SECRET_FIELDS = (
    "whatsapp_access_token",
    "whatsapp_app_secret",
    "whatsapp_verify_token",
    "secret_key",
    "flower_basic_auth",
    "database_url",
    "smtp_password",
    "s3_secret_access_key",
    "metrics_token",
    "telegram_bot_token",
    "telegram_webhook_secret",
    "email_smtp_password",
    "redis_password",
)
# URL settings whose password (``scheme://user:password@host``) is a secret of its own.
URL_SETTINGS = ("database_url", "celery_broker_url", "celery_result_backend", "redis_url")


REDIS_URL_SETTINGS = ("celery_broker_url", "celery_result_backend", "redis_url")
REDIS_SCHEMES = ("redis", "rediss")


def with_password(url: str, password: str) -> str:
    """``url`` with ``password`` (percent-quoted) after its user name, if it has one:
    ``redis://lokpanchang@redis:6379/0`` -> ``redis://lokpanchang:PASSWORD@redis:6379/0``."""
    parts = urlsplit(url)
    user, _, host = parts.netloc.rpartition("@")
    return urlunsplit(parts._replace(netloc=f"{user}:{quote(password, safe='')}@{host}"))


def secret_values(settings: Settings) -> tuple[str, ...]:
    """Every secret value the settings hold, for masking wherever text is written: each of
    SECRET_FIELDS, and the password inside each URL setting."""
    values = [str(getattr(settings, name) or "") for name in SECRET_FIELDS]
    for name in URL_SETTINGS:
        try:
            values.append(urlsplit(str(getattr(settings, name) or "")).password or "")
        except ValueError:  # not a URL the masker can read: the whole value is masked anyway
            continue
    return tuple(value for value in values if value)


# A production SECRET_KEY (and METRICS_TOKEN) is random (``secret_weakness``): generate one
# with `python -c "import secrets; print(secrets.token_urlsafe(48))"`.
MIN_SECRET_LENGTH = 32
MAX_GUESSABLE_SHARE = 0.4  # measured: random keys at most 0.28 (2,000 each), placeholders >= 0.52
MAX_JUDGED_SECRET = 128
GUESSABLE_PATTERNS = {  # zxcvbn's match patterns -> what the message calls them
    "dictionary": "words",
    "spatial": "keyboard runs",
    "repeat": "repeats",
    "sequence": "sequences",
}


MESSAGING_LIMITS = {"250": 250, "2000": 2000, "10000": 10000, "100000": 100000, "unlimited": None}
"""WhatsApp's messaging-limit tiers (``WHATSAPP_MESSAGING_LIMIT``)."""


TELEGRAM_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
TELEGRAM_USERNAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,29}[Bb][Oo][Tt]")


class ConfigError(Exception):
    """A setting has a bad value; the message names the variable and the value."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    environment: Literal["development", "production", "test"] = "development"
    data_dir: Path = Path("var")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    log_json: bool | None = None  # unset: JSON lines unless stderr is a terminal
    secret_key: str = ""

    # Storage and queue. Empty means "embedded default under data_dir".
    database_url: str = ""
    celery_broker_url: str = ""
    celery_result_backend: str = ""
    redis_url: str = ""
    # Redis's password (or its ACL user's, named in the URLs as ``redis://USER@host``),
    # put into each redis:// URL above; give it as a file (REDIS_PASSWORD_FILE).
    redis_password: str = ""

    # Scheduling (seconds).
    default_send_time: time = time(6, 30)
    planner_period: int = Field(600, gt=0)
    planner_lookahead: int = Field(900, gt=0)
    late_grace: int = Field(7200, ge=0)
    lock_ttl: int = Field(86400, gt=0)
    batch_size: int = Field(500, gt=0, le=10000)
    # Must exceed the look-ahead (the longest ETA we set); kept short so the ETA tasks of a
    # killed worker come back quickly. Unset: the look-ahead plus 5 minutes.
    visibility_timeout: int | None = Field(None, gt=0)
    # A due run with no progress for this long is re-enqueued by the next planner pass.
    run_stall_after: int = Field(120, gt=0)
    # A claimed-but-unsent ledger row older than this may be claimed again by another batch.
    claim_stale_after: int = Field(300, gt=0)
    send_max_retries: int = Field(5, ge=0)
    # Worker groups (docs/scaling.md, "Worker groups"): a group's name (letters, digits, -, _;
    # one per host or set of hosts) makes its workers send a run's batches only from the
    # WhatsApp numbers the group holds a lease on; empty: any worker sends from any number.
    # A lease lapses NUMBER_LEASE_TTL seconds after its group last renewed it (every third).
    worker_group: str = Field("", pattern=r"^[A-Za-z0-9_-]{0,40}$")
    number_lease_ttl: float = Field(15.0, ge=3, le=600)
    # A stored webhook still waiting this long is queued again (its task was lost with the
    # broker's data); recovery looks every half of it (``tasks.recover_inbound``).
    inbound_recover_after: int = Field(120, ge=2)
    # Erasure on PostgreSQL rewrites the tables that held the person's values (a lock on each,
    # seconds at a million subscribers): once for all erasures of this many seconds, and
    # never when a send is due within ERASURE_COMPACT_CLEAR seconds (``tasks.erasure``).
    erasure_compact_after: int = Field(3600, ge=0)
    erasure_compact_clear: int = Field(600, ge=0)

    # Delivery.
    delivery_backend: Literal["auto", "outbox", "whatsapp", "memory"] = "auto"
    # Comma-separated phone-number ids (``whatsapp_numbers``): each number has its own
    # throughput (SEND_RATE) and a subscriber stays on one.
    whatsapp_phone_number_id: str = ""
    whatsapp_access_token: str = ""
    whatsapp_api_version: str = "v25.0"
    whatsapp_base_url: str = "https://graph.facebook.com"
    whatsapp_template_name: str = "daily_panchangam"
    # The daily template's header (issue 27): ``image`` sends the day's card as an image
    # header (the template must be registered with one); a message without a card (``card
    # off``, none to be had) then goes as WHATSAPP_TEXT_TEMPLATE_NAME, the header-less twin
    # (empty: WHATSAPP_TEMPLATE_NAME + "_text").
    whatsapp_template_header: Literal["none", "image"] = "none"
    whatsapp_text_template_name: str = ""
    whatsapp_verify_token: str = ""
    whatsapp_app_secret: str = ""
    # Unique subscribers reached by business-initiated messages in any rolling 24 h.
    whatsapp_messaging_limit: str = "unlimited"
    # Meta's category of our templates: marketing templates do not reach +1 numbers.
    whatsapp_template_category: Literal["utility", "marketing"] = "marketing"
    # Set by `up --fake-whatsapp`: the fake Cloud API it runs, which /healthz then checks.
    fake_whatsapp_url: str = ""
    send_rate: float = Field(80.0, gt=0)  # messages/s per phone number
    send_concurrency: int = Field(200, gt=0)
    send_timeout: float = Field(15.0, gt=0)
    # Telegram (docs/telegram.md): a bot's token from BotFather, its public username (for
    # t.me links), the secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token, and its
    # pace (about 30 messages/s for a bot overall; one per second per chat is fixed).
    telegram_bot_token: str = ""
    telegram_api_base_url: str = "https://api.telegram.org"
    telegram_bot_username: str = ""
    telegram_webhook_secret: str = ""
    telegram_send_rate: float = Field(25.0, gt=0, le=30)
    # Set by `up --fake-telegram`: the fake Bot API it runs.
    fake_telegram_url: str = ""
    # E-mail (docs/email.md): the SMTP relay (TLS required: STARTTLS or implicit; "off" only
    # for a local fake), who the mail is from, its pace, how long a sign-up's link works, and
    # the site's public address its links point at (e.g. https://panchang.example.org).
    email_smtp_host: str = ""
    email_smtp_port: int = Field(587, gt=0, lt=65536)
    email_smtp_tls: Literal["starttls", "implicit", "off"] = "starttls"
    email_smtp_user: str = ""
    email_smtp_password: str = ""
    email_from: str = "panchang@localhost"
    email_from_name: str = "Lokpanchang"
    email_send_rate: float = Field(10.0, gt=0)
    email_connections: int = Field(4, gt=0, le=100)
    email_confirm_hours: int = Field(48, gt=0, le=24 * 30)
    public_url: str = ""
    # Set by `up --fake-email`: the fake relay's page of what it accepted.
    fake_email_url: str = ""
    # Outcomes the channel returned are held this long (s) while the database is unreachable.
    outcome_hold: float = Field(120.0, ge=0)

    # Almanac.
    # drik: drikpanchang.com's published times; astronomical: Swiss Ephemeris' own (docs/almanac.md).
    almanac_convention: Literal["drik", "astronomical"] = "drik"
    # Empty: the almanac convention's own sunrise (drik: drikpanchang.com's; astronomical:
    # upper_limb).
    sunrise_convention: Literal["", "drik", "upper_limb", "disc_centre", "hindu"] = ""
    ephemeris_path: str = ""

    # Web.
    web_host: str = "127.0.0.1"
    web_port: int = Field(5050, gt=0, lt=65536)
    # `lokpanchang web` serves through gunicorn: WEB_WORKERS processes of the WEB_WORKER_CLASS
    # (gevent: up to WEB_CONNECTIONS connections each; gthread: WEB_THREADS threads each).
    web_worker_class: Literal["gevent", "gthread"] = "gevent"
    web_workers: int = Field(2, gt=0, le=64)
    web_threads: int = Field(8, gt=0, le=1000)
    web_connections: int = Field(10000, gt=0, le=100000)
    # Seconds: a worker that stops answering the arbiter this long is restarted, and each
    # write of an answer waits at most this long. A request's headers (gevent) must arrive
    # within WEB_KEEPALIVE (also how long an idle kept-alive connection stays open), its
    # whole body within WEB_BODY_SECONDS after them (else 408); one client address has at
    # most WEB_UPLOADS_PER_CLIENT bodies arriving at once in a worker (else 429).
    web_timeout: int = Field(30, gt=0, le=3600)
    web_keepalive: int = Field(5, gt=0, le=300)
    web_body_seconds: int = Field(10, gt=0, le=3600)
    web_uploads_per_client: int = Field(16, gt=0, le=100000)
    # Strict-Transport-Security max-age in production (0 leaves the header out).
    hsts_seconds: int = Field(31536000, ge=0)
    # Bearer token Prometheus sends for /metrics; open without one only in development.
    metrics_token: str = ""
    enable_test_routes: bool = False
    # Reverse proxies in front of the web process whose X-Forwarded-* headers are believed;
    # 0 (the default) believes none, so a client cannot choose its own address.
    trusted_proxy_hops: int = Field(0, ge=0, le=5)
    session_lifetime: int = Field(8 * 3600, gt=0)
    # The public page: the place it opens on (until a visitor chooses one), and the number
    # people write to on WhatsApp (E.164; empty: no "get this every morning" WhatsApp link).
    public_default_place: str = "New Delhi"
    # Its expensive work (web.public_work): helper processes per web worker (0: in the worker
    # itself), and how many such computations one client address may have in flight.
    public_helpers: int = Field(1, ge=0, le=16)
    public_per_client: int = Field(2, gt=0, le=1000)
    whatsapp_display_number: str = ""
    # The day's card (issue 27): rendered PNGs kept on disk under CARD_CACHE_DIR (empty:
    # data_dir/cards), at most CARD_CACHE_MB; the least recently used go first.
    card_cache_dir: Path | None = None
    card_cache_mb: int = Field(256, gt=0, le=1_000_000)
    # Cards rendered ahead (broadcast.card_prerender): every CARD_PRERENDER_PERIOD s beat
    # starts a pass over the cards of the slots due within CARD_PRERENDER_HOURS, rendered
    # CARD_PRERENDER_CHUNK at a time on the `cards` queue, never within
    # CARD_PRERENDER_GUARD s of a slot's instant nor while a run is open.
    card_prerender_period: int = Field(300, gt=0, le=86400)
    card_prerender_hours: int = Field(12, gt=0, le=48)
    card_prerender_chunk: int = Field(20, gt=0, le=1000)
    card_prerender_guard: int = Field(300, ge=0, le=86400)
    # Login throttling: this many failures within the window lock an account out for the
    # lockout from the client that failed (a client address, any account: the larger number;
    # an account from everywhere: the largest); the password is then not even checked.
    admin_login_max_failures: int = Field(5, gt=0)
    admin_login_max_address_failures: int = Field(20, gt=0)
    admin_login_max_account_failures: int = Field(50, gt=0)
    admin_login_window_seconds: int = Field(900, gt=0)
    admin_login_lockout_seconds: int = Field(900, gt=0)

    # Operations.
    metrics_retention_days: int = Field(90, gt=0)
    log_dir: Path | None = None
    s3_bucket: str = ""
    s3_endpoint_url: str = ""
    s3_access_key_id: str = ""
    s3_secret_access_key: str = ""
    s3_region: str = "us-east-1"
    s3_prefix: str = "lokpanchang/"
    log_archive_keep_days: int = Field(14, ge=0)  # local archives kept after a verified upload
    smtp_host: str = ""
    smtp_port: int = 587
    # The weekly report's relay: TLS required (STARTTLS, or implicit on port 465); "off" only
    # for a relay on this machine, and then never with a login (issue 24, item 4).
    smtp_tls: Literal["starttls", "implicit", "off"] = "starttls"
    smtp_user: str = ""
    smtp_password: str = ""
    report_email_to: str = ""
    flower_basic_auth: str = ""
    flower_port: int = Field(5555, gt=0, lt=65536)

    @field_validator("default_send_time", mode="before")
    @classmethod
    def _parse_hhmm(cls, value: object) -> object:
        return parse_send_time(value) if isinstance(value, str) else value

    @field_validator("whatsapp_phone_number_id")
    @classmethod
    def _number_ids(cls, value: str) -> str:
        if value.strip() and not all(part.strip() for part in value.split(",")):
            raise ValueError("an empty phone-number id in the list; give ids like 111,222")
        if any(not part.strip().isdigit() for part in value.split(",") if part.strip()):
            raise ValueError("phone-number ids are digits, comma-separated (e.g. 111,222)")
        return value

    @field_validator("whatsapp_messaging_limit")
    @classmethod
    def _messaging_limit(cls, value: str) -> str:
        if value.strip().lower() not in MESSAGING_LIMITS:
            raise ValueError(f"must be one of {', '.join(MESSAGING_LIMITS)}")
        return value.strip().lower()

    @field_validator("whatsapp_api_version")
    @classmethod
    def _api_version(cls, value: str) -> str:
        if not value.startswith("v"):
            raise ValueError("must look like v25.0")
        return value

    @field_validator("telegram_webhook_secret")
    @classmethod
    def _webhook_secret(cls, value: str) -> str:
        if value and not TELEGRAM_SECRET.fullmatch(value):
            raise ValueError("must be 1-256 characters of A-Z, a-z, 0-9, _ and - (Telegram's rule)")
        return value

    @field_validator("telegram_bot_username")
    @classmethod
    def _bot_username(cls, value: str) -> str:
        name = value.removeprefix("@")
        if name and not TELEGRAM_USERNAME.fullmatch(name):
            raise ValueError("is not a bot username (5-32 letters, digits or _, ending in 'bot')")
        return name

    @field_validator("whatsapp_display_number")
    @classmethod
    def _display_number(cls, value: str) -> str:
        digits = value.strip().removeprefix("+").replace(" ", "").replace("-", "")
        if value.strip() and not (digits.isdigit() and 8 <= len(digits) <= 15):
            raise ValueError("must be a phone number in international form, e.g. +919812345678")
        return f"+{digits}" if digits else ""

    @model_validator(mode="after")
    def _lookahead_exceeds_period(self) -> Settings:
        if self.planner_lookahead <= self.planner_period:
            raise ValueError(
                f"PLANNER_LOOKAHEAD={self.planner_lookahead} must exceed "
                f"PLANNER_PERIOD={self.planner_period}, or slots fall between passes"
            )
        if (
            self.visibility_timeout is not None
            and self.visibility_timeout <= self.planner_lookahead
        ):
            raise ValueError(
                f"VISIBILITY_TIMEOUT={self.visibility_timeout} must exceed "
                f"PLANNER_LOOKAHEAD={self.planner_lookahead}, or ETA tasks are delivered twice"
            )
        return self

    @model_validator(mode="after")
    def _redis_password_into_urls(self) -> Settings:
        password = self.redis_password
        if not password:
            return self
        for name in REDIS_URL_SETTINGS:
            url = getattr(self, name)
            given = urlsplit(url)
            if given.scheme not in REDIS_SCHEMES or given.password == quote(password, safe=""):
                continue  # not Redis, or already given (validation may run more than once)
            if given.password is not None:
                raise ValueError(
                    f"{name.upper()} carries a password and REDIS_PASSWORD is set too: "
                    "give the password once, in REDIS_PASSWORD_FILE"
                )
            setattr(self, name, with_password(url, password))
        return self

    # Derived values -------------------------------------------------------

    @property
    def is_embedded(self) -> bool:
        """True when no broker is configured: kombu's SQL transport and DB locks."""
        return not self.celery_broker_url

    @property
    def effective_visibility_timeout(self) -> int:
        """Seconds Redis waits before handing an unacknowledged task out again."""
        return self.visibility_timeout or self.planner_lookahead + 300

    @property
    def effective_database_url(self) -> str:
        return self.database_url or f"sqlite:///{(self.data_dir / 'lokpanchang.sqlite3').resolve()}"

    @property
    def effective_broker_url(self) -> str:
        return (
            self.celery_broker_url
            or f"sqla+sqlite:///{(self.data_dir / 'broker.sqlite3').resolve()}"
        )

    @property
    def effective_result_backend(self) -> str:
        return self.celery_result_backend or (
            f"db+sqlite:///{(self.data_dir / 'results.sqlite3').resolve()}"
        )

    @property
    def effective_delivery_backend(self) -> str:
        if self.delivery_backend != "auto":
            return self.delivery_backend
        has_credentials = self.whatsapp_phone_number_id and self.whatsapp_access_token
        return "whatsapp" if has_credentials else "outbox"

    @property
    def whatsapp_numbers(self) -> tuple[str, ...]:
        """The configured phone-number ids, in order (the first is the default)."""
        return tuple(part.strip() for part in self.whatsapp_phone_number_id.split(",") if part)

    @property
    def messaging_limit(self) -> int | None:
        """Unique subscribers per rolling 24 h, or None when unlimited."""
        return MESSAGING_LIMITS[self.whatsapp_messaging_limit]

    @property
    def sending_stale_after(self) -> float:
        """Seconds after which a row left 'sending' is given up as ambiguous: a live worker
        may hold it through a claim's life and an outage of the database."""
        return self.claim_stale_after + self.outcome_hold

    @property
    def effective_log_dir(self) -> Path:
        return self.log_dir or self.data_dir / "logs"

    @property
    def effective_card_cache_dir(self) -> Path:
        return self.card_cache_dir or self.data_dir / "cards"


def secret_weakness(value: str) -> str:
    """Why ``value`` is too weak to sign sessions or guard /metrics; empty when it is not
    (never echoing it). A secret is made by a machine: at least MIN_SECRET_LENGTH
    characters, of which less than MAX_GUESSABLE_SHARE are what zxcvbn recognises as
    words, sequences, repeats or keyboard runs of 4 or more characters -- placeholders like
    ``your-secret-key-here-change-me-please`` or ``abcdefghij...`` are nearly all of that,
    a random key (``secrets.token_urlsafe``, ``openssl rand -hex 16``) at most a third."""
    if len(value) < MIN_SECRET_LENGTH:
        return f"it has {len(value)} characters, it needs at least {MIN_SECRET_LENGTH}"
    from zxcvbn import zxcvbn

    judged = value[:MAX_JUDGED_SECRET]
    parts = [
        match
        for match in zxcvbn(judged)["sequence"]
        if match["pattern"] in GUESSABLE_PATTERNS and len(match["token"]) >= 4
    ]
    share = sum(len(match["token"]) for match in parts) / len(judged)
    if share >= MAX_GUESSABLE_SHARE:
        kinds = sorted({GUESSABLE_PATTERNS[match["pattern"]] for match in parts})
        return (
            f"{share:.0%} of it is {' and '.join(kinds)}, not random characters "
            "(a placeholder or a phrase)"
        )
    return ""


def parse_send_time(value: object) -> time:
    """Parse ``HH:MM`` (24-hour) into a time, naming the value when it is not one."""
    text = str(value).strip()
    try:
        hours, minutes = text.split(":")
        if len(minutes) != 2:
            raise ValueError
        return time(int(hours), int(minutes))
    except ValueError:
        raise ValueError(f"send time {text!r} is not HH:MM (24-hour), e.g. 06:30") from None


def parse_zone(name: str) -> ZoneInfo:
    """The IANA zone called ``name``, or a ValueError naming it."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"time zone {name!r} is not an IANA zone name (e.g. Asia/Kolkata)"
        ) from None


def _secrets_from_files(environ: dict[str, str]) -> dict[str, str]:
    """Values of ``NAME_FILE`` variables, read from the files they name."""
    found: dict[str, str] = {}
    for field in SECRET_FIELDS:
        path = environ.get(f"{field.upper()}_FILE")
        if not path:
            continue
        try:
            found[field] = Path(path).read_text().strip()
        except OSError as exc:
            raise ConfigError(
                f"{field.upper()}_FILE={path!r} cannot be read: {exc.strerror}"
            ) from None
    return found


def _describe(error: ValidationError, environ: dict[str, str]) -> str:
    lines = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else ""
        name = field.upper()
        if field in SECRET_FIELDS:  # named, never echoed: the error is printed and logged
            lines.append(f"{name} (its value not shown): {problem['msg']}")
        elif name:
            shown = environ.get(name, problem.get("input"))
            lines.append(f"{name}={shown!r}: {problem['msg']}")
        else:
            lines.append(problem["msg"].removeprefix("Value error, "))
    return "bad configuration: " + "; ".join(lines)


def load_settings(environ: dict[str, str] | None = None, **overrides: object) -> Settings:
    """Build Settings from ``environ`` (default: the process environment) and overrides."""
    env = dict(os.environ if environ is None else environ)
    values = {**_secrets_from_files(env), **overrides}
    try:
        if environ is None:
            return Settings(**values)  # type: ignore[arg-type]  # validated by pydantic
        return _settings_from_mapping(env, values)
    except ValidationError as exc:
        raise ConfigError(_describe(exc, env)) from None


def _settings_from_mapping(env: dict[str, str], values: dict[str, object]) -> Settings:
    fields = Settings.model_fields
    from_env = {key.lower(): value for key, value in env.items() if key.lower() in fields}
    return Settings.model_validate({**from_env, **values})


KEY_FILE = "secret_key"
KEY_BYTES = 48


def signing_key(settings: Settings) -> str:
    """What every process of an install signs with: ``SECRET_KEY``, else the install's own key.

    Outside production an unset ``SECRET_KEY`` used to fall back to a constant written in the
    code, so anyone could sign an operator's session cookie (or a subscriber's link). Each
    install makes its own key on first use, ``DATA_DIR/secret_key`` (readable by its owner
    only), and every process of the install (web, workers) reads the same one.
    """
    return settings.secret_key or install_key(settings.data_dir)


def install_key(data_dir: Path) -> str:
    """The key in ``data_dir/secret_key``, made (atomically, mode 0600) when there is none."""
    path = data_dir / KEY_FILE
    if not path.exists():
        _create_key(path)
    return path.read_text().strip()


def _create_key(path: Path) -> None:
    """Write a new key beside ``path`` and link it into place: a process racing us either
    wins (we keep its key) or loses; nobody reads a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(secrets.token_urlsafe(KEY_BYTES) + "\n")
    try:
        os.link(partial, path)
    except FileExistsError:
        pass
    finally:
        partial.unlink()


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings, read once."""
    return load_settings()
