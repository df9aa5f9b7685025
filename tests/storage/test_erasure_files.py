"""Erasure on PostgreSQL reaches the files (issue 24, item 3): the old row versions an
erasure leaves behind (its UPDATEs and DELETEs keep them until VACUUM), in the heap and in the
indexes, are gone from the tables' files after ``erasure.compact``. A real server; its files
are read after a CHECKPOINT wrote its pages there."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

from sqlalchemy import text

from lokpanchang import clock
from lokpanchang.storage import erasure, inbound, migrate
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import UserDetail

NOW = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
PHONE, NAME = "+919812300457", "Kaveri Ramaswamy"
BODY = {"wa_id": PHONE.lstrip("+"), "profile": {"name": NAME}, "latitude": 28.61391}


def subscribe(url: str) -> int:
    with transaction(url) as session:
        session.add_all(  # neighbours on the same pages
            UserDetail.at("whatsapp", f"+9198{n:08d}", display_name=f"N{n}", created_on=NOW)
            for n in range(300)
        )
        for n in range(40):  # webhooks of others on the page; theirs is stored last, lowest
            inbound.store(session, "whatsapp", {"wa_id": f"9198{n:08d}", "text": "hi"}, NOW)
        user = UserDetail.at("whatsapp", PHONE, display_name=NAME, created_on=NOW)
        user.latitude, user.longitude = 28.61391, 77.20904
        session.add(user)
        inbound.store(session, "whatsapp", BODY, NOW)
        session.flush()
        # Replies to them: one written before they were a subscriber, one after (reply_log).
        session.add_all([reply(None, "Share your location"), reply(user.id, f"{NAME} 28.61391")])
        return user.id


def reply(user_id: int | None, said: str):
    from lokpanchang.storage.models import ReplyLog

    return ReplyLog(
        kind="reply",
        key=f"whatsapp:wamid.{PHONE.lstrip('+')}.{user_id}:1",
        user_id=user_id,
        channel="whatsapp",
        address=PHONE,
        via="",
        language="en",
        message_kind="text",
        template="",
        parameters=[],
        text=said,
        status="sent",
        created_at=NOW,
        attempts=1,
        whatsapp_message_id=f"wamid.{PHONE.lstrip('+')}",
    )


def erase(url: str, user_id: int) -> None:
    with transaction(url) as session:
        user = session.get_one(UserDetail, user_id)
        erasure.erase_subscriber(session, user, NOW, [PHONE.lstrip("+")])


def files_holding(url: str, datadir, needle: bytes) -> list[str]:
    with engine_for(url).connect() as connection:
        connection.execute(text("CHECKPOINT"))
        paths = connection.execute(
            text(
                "SELECT c.relname, pg_relation_filepath(c.oid) FROM pg_class c"
                " JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i', 't')"
            )
        ).all()
    return [name for name, path in paths if needle in (datadir / path).read_bytes()]


def test_compaction_leaves_no_old_row_version_in_the_tables_or_indexes(
    postgres_server, postgres_url
):
    migrate.upgrade(postgres_url)
    user_id = subscribe(postgres_url)
    wa_id, datadir = PHONE.lstrip("+").encode(), postgres_server.datadir
    assert {"subscriber_address", "user_detail", "inbound_webhook", "reply_log"} <= set(
        files_holding(postgres_url, datadir, wa_id)
        + files_holding(postgres_url, datadir, NAME.encode())
    )
    erase(postgres_url, user_id)
    erasure.compact(postgres_url)
    for needle in (wa_id, NAME.encode(), b"28.61391"):
        assert files_holding(postgres_url, datadir, needle) == [], needle


def holding_a_snapshot(url: str):
    """A transaction that saw the rows before the erasure (a long report, a pg_dump)."""
    connection = engine_for(url).connect().execution_options(isolation_level="REPEATABLE READ")
    connection.execute(text("SELECT count(*) FROM user_detail"))
    return connection


def test_compaction_waits_for_a_transaction_older_than_the_erasure(postgres_server, postgres_url):
    # Seen through a real up: the VACUUM right after the erasure's commit ran while a
    # beat's or a web's transaction begun before it was still open, and removed nothing.
    migrate.upgrade(postgres_url)
    user_id = subscribe(postgres_url)
    older = holding_a_snapshot(postgres_url)
    erase(postgres_url, user_id)
    started = clock.monotonic()
    threading.Timer(1.0, older.close).start()  # the report ends a second later
    assert erasure.compact(postgres_url).older == 0  # none older still open when it vacuumed
    assert clock.monotonic() - started >= 1.0
    assert files_holding(postgres_url, postgres_server.datadir, NAME.encode()) == []


def test_compaction_does_not_wait_for_ever_and_says_what_held_it(postgres_url):
    migrate.upgrade(postgres_url)
    user_id = subscribe(postgres_url)
    older = holding_a_snapshot(postgres_url)
    try:
        erase(postgres_url, user_id)
        assert erasure.compact(postgres_url, wait_s=0.3).older == 1
    finally:
        older.close()
