"""Sunrise delivery (issue 14, item 3): through the same planner, runs and ledger, one
message per subscriber per local date, at each date's sunrise; groups, not one task each."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import update

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.convention import DRIK
from lokpanchang.almanac.sunrise_times import POLAR_SEND_TIME, sunrise_send_time
from lokpanchang.broadcast import planner_pass, send_batch, start_run, sunrise
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.messages.minutes import minute_text
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from tests.broadcast.helpers import (
    RecordingQueue,
    add_subscriber,
    ledger,
    runs,
    sends_per_user_and_date,
)

KOLKATA = ZoneInfo("Asia/Kolkata")
HYDERABAD = (17.385, 78.486)
DELHI = (28.6358, 77.2245)
START = datetime(2026, 3, 9, 18, 0, tzinfo=UTC)  # 23:30 on 9 March in India


def at_sunrise(url: str, user_id: int, offset: int = 0, paused_until: date | None = None):
    with transaction(url) as session:
        statement = update(UserDetail).where(UserDetail.id == user_id)
        session.execute(statement.values(sunrise_offset=offset, paused_until=paused_until))


def sunrise_subscriber(url: str, where, zone: str = "Asia/Kolkata", offset: int = 0) -> int:
    user_id = add_subscriber(url, zone, latitude=where[0], longitude=where[1])
    at_sunrise(url, user_id, offset)
    return user_id


class Beat:
    """Planner passes every ``step``, and each run enqueued executed at its instant."""

    def __init__(self, settings, ctx) -> None:
        self.settings, self.ctx = settings, ctx
        self.queue, self.lock = RecordingQueue(), DatabaseLock(settings.database_url)
        self.done: set[int] = set()
        self.late: list[int] = []

    def run_until(self, start: datetime, end: datetime, step=timedelta(minutes=10)) -> None:
        now = start
        while now <= end:
            report = planner_pass(self.settings, now, self.queue, self.lock)
            self.late += report.late
            for run_id, eta in list(self.queue.calls):
                if run_id not in self.done and (eta is None or eta <= now):
                    self.done.add(run_id)
                    for bounds in start_run(self.settings, run_id, now):
                        send_batch(self.ctx, run_id, bounds, now)
            now += step


def local_sunrise(where, day: date, offset: int = 0) -> time:
    found = sunrise_send_time(*sunrise.place_of(*where), "Asia/Kolkata", day, DRIK, offset)
    assert found is not None
    return found


def test_each_local_date_is_sent_once_at_that_dates_sunrise(settings, ctx):
    url = settings.database_url
    first = sunrise_subscriber(url, HYDERABAD)
    second = sunrise_subscriber(url, HYDERABAD)
    delhi = sunrise_subscriber(url, DELHI, offset=30)
    fixed = add_subscriber(url, "Asia/Kolkata")  # 06:30 as always
    beat = Beat(settings, ctx)
    beat.run_until(START, START + timedelta(days=2))
    rows = ledger(url)
    assert set(sends_per_user_and_date(url).values()) == {1}
    days = {date(2026, 3, 10), date(2026, 3, 11)}
    for user_id, where, offset in (
        (first, HYDERABAD, 0),
        (second, HYDERABAD, 0),
        (delhi, DELHI, 30),
    ):
        mine = {row.local_date: row for row in rows if row.user_id == user_id}
        assert set(mine) == days
        for day, row in mine.items():
            expected = datetime.combine(day, local_sunrise(where, day, offset), KOLKATA)
            assert row.status == "sent" and row.scheduled_at == expected
    assert {row.local_date for row in rows if row.user_id == fixed} == days
    assert beat.late == []  # moving on to the next sunrise leaves no empty late runs


def test_one_run_serves_a_whole_place_whatever_its_size(settings, ctx):
    url = settings.database_url
    for _ in range(5):
        sunrise_subscriber(url, HYDERABAD)
    Beat(settings, ctx).run_until(START, START + timedelta(hours=14))
    [run] = runs(url)
    assert (run.send_time, run.total) == (local_sunrise(HYDERABAD, date(2026, 3, 10)), 5)


def test_plan_sees_the_sunrise_slot_as_soon_as_it_is_chosen(settings):
    url = settings.database_url
    user_id = sunrise_subscriber(url, DELHI)
    with transaction(url) as session:
        moved = sunrise.move_on(session, START, timedelta(hours=24), DRIK)
        user = session.get(UserDetail, user_id)
        assert moved == 1 and user.send_time == local_sunrise(DELHI, date(2026, 3, 10))
        assert user.sunrise_due_at == datetime.combine(
            date(2026, 3, 10), user.send_time, KOLKATA
        ).astimezone(UTC)


def test_no_sunrise_means_the_fixed_polar_time_that_day(settings, ctx):
    url = settings.database_url
    user_id = sunrise_subscriber(url, (69.65, 18.96), zone="Europe/Oslo")  # polar night
    winter = datetime(2026, 12, 20, 20, 0, tzinfo=UTC)
    Beat(settings, ctx).run_until(winter, winter + timedelta(hours=12))
    [row] = ledger(url)
    oslo = ZoneInfo("Europe/Oslo")
    assert row.user_id == user_id and row.local_date == date(2026, 12, 21)
    assert row.scheduled_at == datetime.combine(date(2026, 12, 21), POLAR_SEND_TIME, oslo)


def test_a_sunrise_missed_in_an_outage_is_caught_up_late(settings, ctx):
    url = settings.database_url
    user_id = sunrise_subscriber(url, DELHI)
    with transaction(url) as session:
        sunrise.move_on(session, START, timedelta(hours=24), DRIK)  # the slot was chosen, then
    due = datetime.combine(date(2026, 3, 10), local_sunrise(DELHI, date(2026, 3, 10)), KOLKATA)
    beat = Beat(settings, ctx)  # the beat was down until 90 minutes after sunrise
    beat.run_until(due + timedelta(minutes=90), due + timedelta(minutes=100))
    [row] = ledger(url)
    assert (row.user_id, row.local_date, row.status, row.late) == (
        user_id,
        date(2026, 3, 10),
        "sent",
        True,
    )
    assert len(beat.late) == 1


def test_a_paused_subscriber_gets_nothing_until_the_pause_ends(settings, ctx):
    url = settings.database_url
    paused = add_subscriber(url, "Asia/Kolkata")
    at_sunrise(url, paused, paused_until=date(2026, 3, 10))
    with transaction(url) as session:  # a daily subscriber, not at sunrise
        session.execute(update(UserDetail).values(sunrise_offset=None))
    Beat(settings, ctx).run_until(START, START + timedelta(days=2))
    assert {row.local_date for row in ledger(url)} == {date(2026, 3, 11)}


def test_the_sunrise_send_time_is_the_minute_the_panchangam_prints():
    """Issue 25, item 6: the reply said 'Next: 06:57' while the message said sunrise 06:56
    (the send time rounded up, the message half-up): one rounding, every day of December."""
    place = sunrise.place_of(*DELHI)
    for day in (date(2026, 12, 1) + timedelta(days=n) for n in range(31)):
        found = generate_panchangam_with_timezone(
            *place, "Asia/Kolkata", day, include_observances=False, include_muhurtas=False
        )
        assert found.sunrise is not None
        sent = sunrise_send_time(*place, "Asia/Kolkata", day, DRIK)
        assert sent is not None and f"{sent:%H:%M}" == minute_text(found.sunrise), day


def test_the_sunrise_place_is_the_place_the_message_is_computed_for():
    """The send time and the message's sunrise come from one place: a coarser place for the
    send time moved it by up to a minute from the sunrise the message prints."""
    assert sunrise.place_of(*DELHI) == (28.64, 77.22)
