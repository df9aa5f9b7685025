"""Structured logs: JSON lines to stderr and to a daily file, ids bound per request and task.

On a terminal (or with ``LOG_JSON=false``) stderr gets readable lines instead; the daily file
is always JSON lines. Terminal colour codes never reach a JSON line, and static-file request
lines are logged at INFO only when the level is DEBUG.
``configure_logging(settings)`` once per process. Each event carries the ids bound in the
current context (``request_id``, ``task_id``, ``task_name``, ``run_id``, ``subscriber_id``)
and passes through ``mask_sensitive`` before it is written: phone numbers keep their
country code and last two digits, tokens and secrets become ``***``.
The daily file is ``<log_dir>/lokpanchang-YYYY-MM-DD.jsonl`` (UTC date of the write).
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import threading
import unicodedata
import uuid
import weakref
from pathlib import Path
from typing import TextIO

import phonenumbers
import structlog
from structlog.contextvars import bind_contextvars, clear_contextvars

from lokpanchang import clock
from lokpanchang.config import Settings, secret_values

MASK = "***"
SENSITIVE_KEY = re.compile(
    r"(token|secret|password|passwd|authorization|api[_-]?key|signature|cookie)", re.I
)
BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9._~+/=-]+", re.I)
# access_token= and app_secret= are caught by their "token" and "secret" (the text before a
# match is kept as it is). Keys are ASCII words, so the pattern's case folding is ASCII only.
SECRET_KEY_WORDS = ("token", "secret", "password", "api_key")
KEY_VALUE_SECRET = re.compile(
    r"((?:" + "|".join(SECRET_KEY_WORDS) + r")[\"']?\s*[=:]\s*[\"']?)([^\s&\"',;]+)",
    re.I | re.ASCII,
)
# A phone number in any form a log line shows it: +919812345678, 919812345678 (a wa_id),
# +91 98123 45678, (+91) 98123-45678, +91.98123.45678, 098123 45678, after "/" or ":" or
# "=" in a path or query, URL-encoded (%2B91..., %28%2B91%29, %20, %2E or "+" between the
# groups), with a full-width plus or digits (＋９１, raw or as %EF%BC%8B), and at the end of a
# sentence. Without a leading plus, digits broken by spaces or dashes count only from
# BARE_MIN_DIGITS on (so "port 18081 3972" is no phone number), and never across
# parentheses. The forms are what ``normalise_phone`` accepts (issue 24, item 10).
PLUS = r"(?:\+|%2[bB]|\uff0b|%[eE][fF]%[bB][cC]%8[bB])"
PHONE_SEPARATOR = r"(?:[\d ().+-]|%20|%2[89]|%2[eE])"
PHONE = re.compile(
    r"(?<![\w.-])(?:(?:\(|%28)?" + PLUS + r"\d" + PHONE_SEPARATOR + r"{6,24}\d|\d[\d -]{6,18}\d)"
    r"(?![\w-]|\.\d)"
)
BARE_MIN_DIGITS = 10
EMAIL_ADDRESS = re.compile(r"([\w.!#$%&'*+/=?^`{|}~-]+)@((?:[\w-]+\.)+[\w-]{2,})")
URL_ESCAPES = re.compile(r"%2[bBeE89]|%20|%[eE][fF]%[bB][cC]%8[bB]")
ISO_DATE = re.compile(
    r"\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])"
)  # looks like a phone to PHONE
STDERR = "stderr"
TERMINAL_CODE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
REQUEST_LOGGERS = ("werkzeug", "gunicorn.access")
STATIC_REQUEST = re.compile(r'"(?:GET|HEAD) /(?:static/|favicon\.ico)')


def mask_phone(text: str) -> str:
    """``+919876543210`` -> ``+91********10``: country code and last two digits kept."""
    digits = re.sub(r"\D", "", text)
    if len(digits) < 8:
        return text
    code = _country_code(digits)
    hidden = len(digits) - len(code) - 2
    return f"+{code}{'*' * hidden}{digits[-2:]}"


def _country_code(digits: str) -> str:
    try:
        return str(phonenumbers.parse("+" + digits, None).country_code)
    except phonenumbers.NumberParseException:
        return digits[:2]


def mask_text(text: str, secrets: tuple[str, ...] = ()) -> str:
    """Hide secret values, bearer tokens, ``token=...`` pairs and phone numbers in ``text``."""
    for secret in secrets:
        text = text.replace(secret, MASK)
    # The two patterns are searched only in text that has their words (a plain lowercase
    # look costs a tenth of the search, and most lines have none).
    lowered = text.lower()
    if "bearer" in lowered:
        text = BEARER.sub(lambda m: m.group(1) + MASK, text)
    if any(word in lowered for word in SECRET_KEY_WORDS):
        text = KEY_VALUE_SECRET.sub(lambda m: m.group(1) + MASK, text)
    if "@" in text:  # an e-mail address keeps its first letter and its domain
        text = EMAIL_ADDRESS.sub(lambda m: m.group(1)[:1] + "***@" + m.group(2), text)
    return PHONE.sub(_mask_phone_match, text)


def _mask_phone_match(match: re.Match) -> str:
    text = match.group(0)
    if ISO_DATE.fullmatch(text) or _short_bare_number(text):
        return text
    return mask_phone(unicodedata.normalize("NFKC", URL_ESCAPES.sub(" ", text)))


def _short_bare_number(text: str) -> bool:
    broken = not text.isdigit() and text[0].isdigit()
    return broken and sum(c.isdigit() for c in text) < BARE_MIN_DIGITS


def mask_value(value, secrets: tuple[str, ...] = ()):
    """Mask strings anywhere in nested dicts, lists and tuples."""
    if isinstance(value, str):
        return mask_text(value, secrets)
    if isinstance(value, dict):
        return {
            k: MASK if _is_sensitive_key(k, v) else mask_value(v, secrets) for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return type(value)(mask_value(item, secrets) for item in value)
    return value


def _is_sensitive_key(key, value) -> bool:
    return isinstance(key, str) and bool(SENSITIVE_KEY.search(key)) and value not in (None, "")


class SensitiveDataMasker:
    """structlog processor: masks the whole event dict (keys named like secrets, and values)."""

    def __init__(self, secrets: tuple[str, ...] = ()) -> None:
        # Longest first, so a secret containing another is hidden whole.
        self.secrets = tuple(sorted((s for s in secrets if len(s) >= 4), key=len, reverse=True))

    def __call__(self, _logger, _method, event_dict: dict) -> dict:
        return mask_value(event_dict, self.secrets)


def mask_sensitive(_logger, _method, event_dict: dict) -> dict:
    """Processor masking with no configured secret values (patterns only)."""
    return mask_value(event_dict)


class JsonLinesLogger:
    """Writes each rendered line to a stream and to the day's file under ``log_dir``.

    With ``readable``, the stream gets the line as ``readable_line`` renders it instead.
    """

    _lock = threading.Lock()

    def __init__(
        self, stream: TextIO | str | None, log_dir: Path | None, readable: bool = False
    ) -> None:
        self.stream = stream
        self.log_dir = log_dir
        self.readable = readable
        self._file = DailyFile(log_dir) if log_dir is not None else None

    def msg(self, message: str) -> None:
        # "stderr" means whatever sys.stderr is at write time (it may be replaced after setup).
        stream = sys.stderr if self.stream == STDERR else self.stream
        assert not isinstance(stream, str)
        with self._lock:
            if stream is not None:
                shown = readable_line(json.loads(message)) if self.readable else message
                print(shown, file=stream, flush=True)
            if self._file is not None:
                self._file.append(message)

    log = debug = info = warning = warn = error = critical = exception = fatal = msg


class DailyFile:
    """The day's log file under ``log_dir``, kept open to append to (opened again when the
    day changes): one ``write`` per line, so the lines of several processes never mix, and no
    open, mkdir and close for every line (a busy web server writes thousands a second)."""

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = log_dir
        self._day = None
        self._fd: int | None = None
        self._closer: weakref.finalize | None = None  # closes the fd when this is dropped

    def append(self, line: str) -> None:
        day = clock.now().date()
        if self._fd is None or day != self._day:
            self._open(day)
        assert self._fd is not None
        os.write(self._fd, (line + "\n").encode("utf-8"))

    def _open(self, day) -> None:
        if self._closer is not None:
            self._closer()  # the previous day's file
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC
        self._fd, self._day = os.open(daily_log_path(self.log_dir, day), flags, 0o644), day
        self._closer = weakref.finalize(self, os.close, self._fd)


def daily_log_path(log_dir: Path, day=None) -> Path:
    day = day or clock.now().date()
    log_dir.mkdir(parents=True, exist_ok=True)
    return log_dir / f"lokpanchang-{day.isoformat()}.jsonl"


def _enrich() -> list:
    return [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True, key="ts"),
    ]


def _render(settings: Settings) -> list:
    secrets = secret_values(settings)
    return [
        structlog.processors.format_exc_info,
        strip_terminal_codes,
        SensitiveDataMasker(secrets),
        structlog.processors.JSONRenderer(default=str, sort_keys=False),
    ]


def strip_terminal_codes(_logger, _method, event_dict: dict) -> dict:
    """Processor: colour and cursor codes (werkzeug's, Celery's) removed from text values."""
    return {
        key: TERMINAL_CODE.sub("", value) if isinstance(value, str) else value
        for key, value in event_dict.items()
    }


def readable_output(settings: Settings, stream: TextIO | str | None) -> bool:
    """Readable lines instead of JSON on ``stream``: ``LOG_JSON=false``, or ``LOG_JSON`` unset
    and the stream is a terminal."""
    if settings.log_json is not None:
        return not settings.log_json
    target = sys.stderr if stream == STDERR else stream
    return bool(getattr(target, "isatty", lambda: False)())


def readable_line(event: dict) -> str:
    """``10:10:42 info     planner.pass  planned=0 late=0  [celery.beat]``: time (UTC),
    level, event, then the other fields as key=value."""
    event = dict(event)
    stamp = str(event.pop("ts", ""))[11:19]
    level, text = event.pop("level", ""), event.pop("event", "")
    source = event.pop("logger", None)
    fields = " ".join(f"{key}={_shown(value)}" for key, value in event.items())
    line = f"{stamp} {level:<8} {text}"
    line += f"  {fields}" if fields else ""
    return line + (f"  [{source}]" if source else "")


def _shown(value) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return json.dumps(text) if not text or " " in text else text


def configure_logging(
    settings: Settings, stream: TextIO | str | None = STDERR, to_files: bool = True
) -> None:
    """Configure structlog for this process: JSON lines (readable on a terminal), masked, ids
    from contextvars."""
    writer = JsonLinesLogger(
        stream, settings.effective_log_dir if to_files else None, readable_output(settings, stream)
    )
    structlog.configure(
        processors=[*_enrich(), *_render(settings)],
        wrapper_class=structlog.make_filtering_bound_logger(settings.log_level),
        logger_factory=lambda *args: writer,
        cache_logger_on_first_use=False,
    )


class StdlibBridge(logging.Handler):
    """Sends stdlib records (Celery's own, libraries') through the same masked JSON lines."""

    def __init__(self, settings: Settings, writer: JsonLinesLogger) -> None:
        super().__init__()
        self.writer = writer
        self.setFormatter(
            structlog.stdlib.ProcessorFormatter(
                foreign_pre_chain=[*_enrich(), structlog.stdlib.add_logger_name],
                processors=[
                    structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    *_render(settings),
                ],
            )
        )

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.writer.msg(self.format(record))
        except Exception:  # noqa: BLE001 -- logging must never raise into the caller
            self.handleError(record)


def route_stdlib_logging(
    settings: Settings,
    level: int | str | None = None,
    stream: TextIO | str | None = STDERR,
    to_files: bool = True,
) -> None:
    """Replace the root logger's handlers with one writing our JSON lines."""
    writer = JsonLinesLogger(
        stream, settings.effective_log_dir if to_files else None, readable_output(settings, stream)
    )
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    bridge = StdlibBridge(settings, writer)
    bridge.addFilter(quiet_static_requests)
    root.addHandler(bridge)
    root.setLevel(level or settings.log_level)


def quiet_static_requests(record: logging.LogRecord) -> bool:
    """Filter: a web server's line for a static file (stylesheet, icon) is shown only at DEBUG."""
    if record.name not in REQUEST_LOGGERS or record.levelno != logging.INFO:
        return True
    return request_line_shown(TERMINAL_CODE.sub("", record.getMessage()))


def request_line_shown(line: str) -> bool:
    """A web server's request line is logged, unless it is for a static file (stylesheet,
    icon) and the level is above DEBUG."""
    return STATIC_REQUEST.search(line) is None or logging.getLogger().isEnabledFor(logging.DEBUG)


def bind_ids(**ids: object) -> None:
    """Bind ids (run_id, subscriber_id, ...) to every later event in this context."""
    bind_contextvars(**{name: value for name, value in ids.items() if value is not None})


def on_task_prerun(sender=None, task_id=None, task=None, **_kwargs) -> None:
    """Celery ``task_prerun``: a task starts with only its own ids bound."""
    clear_contextvars()
    bind_contextvars(task_id=task_id, task_name=getattr(task or sender, "name", None))


def on_task_postrun(**_kwargs) -> None:
    clear_contextvars()


def connect_celery_signals() -> None:
    from celery.signals import task_postrun, task_prerun

    task_prerun.connect(on_task_prerun, weak=False, dispatch_uid="lokpanchang.logs.prerun")
    task_postrun.connect(on_task_postrun, weak=False, dispatch_uid="lokpanchang.logs.postrun")


def bind_request_id(header_value: str | None) -> str:
    """Flask ``before_request``: keep the caller's X-Request-ID (if sane) or make one."""
    clear_contextvars()
    request_id = (
        header_value
        if header_value and re.fullmatch(r"[\w.-]{1,64}", header_value)
        else uuid.uuid4().hex
    )
    bind_contextvars(request_id=request_id)
    return request_id


def read_log_lines(path: Path) -> list[dict]:
    """The events of a JSON-lines log file (for tools and tests)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
