"""SQL of the embedded broker (kombu's SQL transport, ``tasks.embedded_transport``): exchange
bindings every process sees, in a table of the broker's own database, and the taking of a
queue's next message. Each function takes the transport's engine or session."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

BINDINGS_TABLE = "lokpanchang_broker_binding"
Binding = tuple[str, str, str]  # (routing_key, pattern, queue)

_CREATE_BINDINGS = text(
    f"CREATE TABLE IF NOT EXISTS {BINDINGS_TABLE} ("
    " exchange VARCHAR(200) NOT NULL, routing_key VARCHAR(200) NOT NULL,"
    " pattern VARCHAR(400) NOT NULL, queue VARCHAR(200) NOT NULL,"
    " PRIMARY KEY (exchange, routing_key, queue))"
)
_BIND = text(
    f"INSERT INTO {BINDINGS_TABLE} VALUES (:e, :r, :p, :q)"
    " ON CONFLICT (exchange, routing_key, queue) DO NOTHING"
)
_BINDINGS = text(f"SELECT routing_key, pattern, queue FROM {BINDINGS_TABLE} WHERE exchange = :e")
_UNBIND = text(f"DELETE FROM {BINDINGS_TABLE} WHERE queue = :q")


def create_table(engine: Engine) -> None:
    with engine.begin() as db:
        db.execute(_CREATE_BINDINGS)


def bind(engine: Engine, exchange: str, routing_key: str, pattern: str, queue: str) -> None:
    """Bind ``queue`` to ``exchange`` (processes bind the same queues as they start: once)."""
    with engine.begin() as db:
        db.execute(_BIND, {"e": exchange, "r": routing_key, "p": pattern, "q": queue})


def bindings(engine: Engine, exchange: str) -> list[Binding]:
    """Every binding of ``exchange`` any process declared."""
    with engine.connect() as db:
        rows = db.execute(_BINDINGS, {"e": exchange})
        return [(key, pattern, queue) for key, pattern, queue in rows]


def unbind_everywhere(engine: Engine, queue: str) -> None:
    with engine.begin() as db:
        db.execute(_UNBIND, {"q": queue})


def take_message(session: Session, message_cls: Any, queue_id: int) -> Any | None:
    """The queue's oldest visible message, deleted as it is taken (kombu's own transport
    keeps taken messages for ever), or None; commits. SQLite takes its write lock first, so
    two processes never take the same message."""
    if session.get_bind().dialect.name == "sqlite":
        session.execute(text("BEGIN IMMEDIATE TRANSACTION"))
    try:
        message = (
            session.query(message_cls)
            .with_for_update()
            .filter(message_cls.queue_id == queue_id)
            .filter(message_cls.visible.is_(True))
            .order_by(message_cls.sent_at, message_cls.id)
            .first()
        )
        if message is None:
            return None
        payload = message.payload
        session.delete(message)
        return payload
    finally:
        session.commit()
