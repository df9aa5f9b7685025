"""Storage and queue: the database, Celery's broker and result backend, and Redis. Empty
means the embedded default under DATA_DIR (SQLite, and kombu's SQL transport)."""

from __future__ import annotations

from typing import Self
from urllib.parse import quote, urlsplit, urlunsplit

from pydantic import model_validator

from lokpanchang.config.install import Install

# URL settings whose password (``scheme://user:password@host``) is a secret of its own.
URL_SETTINGS = ("database_url", "celery_broker_url", "celery_result_backend", "redis_url")
REDIS_URL_SETTINGS = ("celery_broker_url", "celery_result_backend", "redis_url")
REDIS_SCHEMES = ("redis", "rediss")


class Storage(Install):
    """Where the data and the queue live; REDIS_PASSWORD goes into every redis:// URL."""

    # Storage and queue. Empty means "embedded default under data_dir".
    database_url: str = ""
    celery_broker_url: str = ""
    celery_result_backend: str = ""
    redis_url: str = ""
    # Redis's password (or its ACL user's, named in the URLs as ``redis://USER@host``),
    # put into each redis:// URL above; give it as a file (REDIS_PASSWORD_FILE).
    redis_password: str = ""

    @model_validator(mode="after")
    def _redis_password_into_urls(self) -> Self:
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

    @property
    def is_embedded(self) -> bool:
        """True when no broker is configured: kombu's SQL transport and DB locks."""
        return not self.celery_broker_url

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


def with_password(url: str, password: str) -> str:
    """``url`` with ``password`` (percent-quoted) after its user name, if it has one:
    ``redis://lokpanchang@redis:6379/0`` -> ``redis://lokpanchang:PASSWORD@redis:6379/0``."""
    parts = urlsplit(url)
    user, _, host = parts.netloc.rpartition("@")
    return urlunsplit(parts._replace(netloc=f"{user}:{quote(password, safe='')}@{host}"))
