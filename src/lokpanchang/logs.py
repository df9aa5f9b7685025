"""Structured logs: JSON lines to stderr and to a daily file, ids bound per request and task.

``configure_logging(settings)`` once per process. Each event carries the ids bound in the
current context (``request_id``, ``task_id``, ``task_name``, ``run_id``, ``subscriber_id``)
and passes through ``mask_sensitive`` before it is written: phone numbers keep their
country code and last two digits, tokens and secrets become ``***``.
The daily file is ``<log_dir>/lokpanchang-YYYY-MM-DD.jsonl`` (UTC date of the write).
"""

from __future__ import annotations

import json
import logging
import re
import sys
import threading
import uuid
from pathlib import Path
from typing import TextIO

import phonenumbers
import structlog
from structlog.contextvars import bind_contextvars, clear_contextvars

from lokpanchang import clock
from lokpanchang.config import Settings

MASK = "***"
SENSITIVE_KEY = re.compile(
    r"(token|secret|password|passwd|authorization|api[_-]?key|signature|cookie)", re.I
)
BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9._~+/=-]+", re.I)
KEY_VALUE_SECRET = re.compile(
    r"((?:access_token|token|secret|password|app_secret|api_key)[\"']?\s*[=:]\s*[\"']?)"
    r"([^\s&\"',;]+)",
    re.I,
)
PHONE = re.compile(r"(?<![\w.:/-])\+?\d[\d ()-]{8,18}\d(?![\w.:-])")
ISO_DATE = re.compile(
    r"\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])"
)  # looks like a phone to PHONE
STDERR = "stderr"
SECRET_SETTING_FIELDS = (
    "whatsapp_access_token",
    "whatsapp_app_secret",
    "whatsapp_verify_token",
    "secret_key",
    "smtp_password",
    "s3_secret_access_key",
)


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
    text = BEARER.sub(lambda m: m.group(1) + MASK, text)
    text = KEY_VALUE_SECRET.sub(lambda m: m.group(1) + MASK, text)
    return PHONE.sub(_mask_phone_match, text)


def _mask_phone_match(match: re.Match) -> str:
    text = match.group(0)
    return text if ISO_DATE.fullmatch(text) else mask_phone(text)


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
    """Writes each rendered line to a stream and to the day's file under ``log_dir``."""

    _lock = threading.Lock()

    def __init__(self, stream: TextIO | str | None, log_dir: Path | None) -> None:
        self.stream = stream
        self.log_dir = log_dir

    def msg(self, message: str) -> None:
        # "stderr" means whatever sys.stderr is at write time (it may be replaced after setup).
        stream = sys.stderr if self.stream == STDERR else self.stream
        assert not isinstance(stream, str)
        with self._lock:
            if stream is not None:
                print(message, file=stream, flush=True)
            if self.log_dir is not None:
                with daily_log_path(self.log_dir).open("a", encoding="utf-8") as handle:
                    handle.write(message + "\n")

    log = debug = info = warning = warn = error = critical = exception = fatal = msg


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
    secrets = tuple(getattr(settings, name) for name in SECRET_SETTING_FIELDS)
    return [
        structlog.processors.format_exc_info,
        SensitiveDataMasker(secrets),
        structlog.processors.JSONRenderer(default=str, sort_keys=False),
    ]


def configure_logging(
    settings: Settings, stream: TextIO | str | None = STDERR, to_files: bool = True
) -> None:
    """Configure structlog for this process: JSON lines, masked, ids from contextvars."""
    writer = JsonLinesLogger(stream, settings.effective_log_dir if to_files else None)
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
    writer = JsonLinesLogger(stream, settings.effective_log_dir if to_files else None)
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(StdlibBridge(settings, writer))
    root.setLevel(level or settings.log_level)


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
