"""Seeded data for portal tests: subscribers in three zones, runs and a ledger, relative to ``now``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun, CityDetail, MessageLog, UserDetail

PASSWORD = "correct-horse-battery"
KOLKATA_PHONES = [f"+9198100000{i:02d}" for i in range(12)]
NEW_YORK_PHONE = "+12125550100"
STOPPED_PHONE = "+447700900123"
FAILED_PHONES = KOLKATA_PHONES[8:11]


@dataclass
class Seeded:
    kolkata_run_id: int
    halted_run_id: int
    user_ids: dict[str, int]


def local_today(zone: str, now: datetime):
    return now.astimezone(ZoneInfo(zone)).date()


def seed(url: str, now: datetime) -> Seeded:
    with transaction(url) as session:
        cities = _cities(session)
        users = _users(session, cities, now)
        kolkata, halted = _runs(session, now)
        _ledger(session, users, kolkata, now)
        return Seeded(kolkata.id, halted.id, {u.address_on("whatsapp"): u.id for u in users})


def _cities(session):
    cities = {
        "Varanasi": CityDetail(
            city="Varanasi",
            state="Uttar Pradesh",
            country="India",
            country_code="IN",
            timezone="Asia/Kolkata",
            latitude=25.3176,
            longitude=82.9739,
        ),
        "New York": CityDetail(
            city="New York",
            state="New York",
            country="United States",
            country_code="US",
            timezone="America/New_York",
            latitude=40.7128,
            longitude=-74.006,
        ),
        "London": CityDetail(
            city="London",
            state="England",
            country="United Kingdom",
            country_code="GB",
            timezone="Europe/London",
            latitude=51.5074,
            longitude=-0.1278,
        ),
    }
    session.add_all(cities.values())
    session.flush()
    return cities


def _user(phone, city, now, created_days_ago, language="en", **extra):
    return UserDetail.at(
        "whatsapp",
        phone,
        display_name=f"Subscriber {phone[-4:]}",
        latitude=city.latitude,
        longitude=city.longitude,
        timezone=city.timezone,
        city_id=city.id,
        language=language,
        send_time=time(6, 30),
        created_on=now - timedelta(days=created_days_ago),
        **extra,
    )


def _users(session, cities, now):
    users = [
        _user(p, cities["Varanasi"], now, 40 if i else 0.25, "hi" if i % 2 else "en")
        for i, p in enumerate(KOLKATA_PHONES)
    ]
    users.append(_user(NEW_YORK_PHONE, cities["New York"], now, 0.5))
    users.append(
        _user(STOPPED_PHONE, cities["London"], now, 90, obsoleted_on=now - timedelta(days=2))
    )
    session.add_all(users)
    session.flush()
    return users


def _runs(session, now):
    today = local_today("Asia/Kolkata", now)
    day_start = datetime.combine(now.astimezone(UTC).date(), time(0), tzinfo=UTC)
    kolkata = BroadcastRun(
        timezone="Asia/Kolkata",
        send_time=time(6, 30),
        local_date=today,
        due_at=day_start + timedelta(hours=1),
        status="done",
        planned_at=day_start,
        total=12,
        sent=8,
        failed=3,
    )
    halted_due = now - timedelta(hours=1)  # within the default 2 h grace: it can be resumed
    halted = BroadcastRun(
        timezone="America/New_York",
        send_time=time(6, 30),
        local_date=local_today("America/New_York", halted_due),
        due_at=halted_due,
        status="halted",
        planned_at=halted_due,
        finished_at=halted_due,
        error="190 access token expired",
    )
    session.add_all([kolkata, halted])
    session.flush()
    return kolkata, halted


def _ledger(session, users, run, now):
    sent_at = max(run.due_at, now - timedelta(minutes=30))
    for user in users[:11]:
        failed = user.address_on("whatsapp") in FAILED_PHONES
        session.add(
            MessageLog(
                user_id=user.id,
                local_date=run.local_date,
                run_id=run.id,
                timezone=user.timezone,
                status="failed" if failed else ("delivered" if user.id % 2 else "sent"),
                sent_at=None if failed else sent_at,
                failed_at=sent_at if failed else None,
                error_code=131026 if failed else None,
                error_detail="Message undeliverable" if failed else None,
            )
        )
    for days_ago in range(1, 6):  # history for the 30-day chart
        for user in users[:10]:
            session.add(
                MessageLog(
                    user_id=user.id,
                    local_date=run.local_date - timedelta(days=days_ago),
                    timezone=user.timezone,
                    status="delivered",
                    sent_at=now - timedelta(days=days_ago),
                )
            )
