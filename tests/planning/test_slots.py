"""Slots, the forward window, the catch-up window and the verdict."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, timezone

import pytest

from lokpanchang.planning import (
    PlanResult,
    Slot,
    catch_up_verdict,
    due_slots,
    next_occurrence,
    pass_instants,
    recent_slots,
    simulate_passes,
)

KOLKATA_DUE = datetime(2026, 3, 1, 1, 0, tzinfo=UTC)  # 06:30 IST
KOLKATA_SLOT = Slot(KOLKATA_DUE, "Asia/Kolkata", date(2026, 3, 1), time(6, 30))
LOOKAHEAD = timedelta(seconds=900)
KOLKATA = [("Asia/Kolkata", time(6, 30))]


def test_the_lock_key_names_zone_and_date_and_adds_a_time_other_than_0630():
    assert KOLKATA_SLOT.lock_key() == "lock:Asia/Kolkata:2026-03-01"
    seven = Slot(KOLKATA_DUE + timedelta(minutes=30), "Asia/Kolkata", date(2026, 3, 1), time(7, 0))
    assert seven.lock_key() == "lock:Asia/Kolkata:2026-03-01:07:00"


def test_a_slot_serialises_with_utc_z_and_hhmm():
    assert KOLKATA_SLOT.to_dict() == {
        "timezone": "Asia/Kolkata",
        "local_date": "2026-03-01",
        "send_time": "06:30",
        "due_at": "2026-03-01T01:00:00Z",
    }


def test_a_slot_keeps_its_instant_in_utc_whatever_offset_it_was_given():
    ist = timezone(timedelta(hours=5, minutes=30))
    slot = Slot(
        datetime(2026, 3, 1, 6, 30, tzinfo=ist), "Asia/Kolkata", date(2026, 3, 1), time(6, 30)
    )
    assert slot == KOLKATA_SLOT and slot.due_at.tzinfo is UTC


def test_a_slot_refuses_a_naive_instant_and_a_bad_zone():
    with pytest.raises(ValueError, match="due_at=.*no time zone"):
        Slot(datetime(2026, 3, 1, 1, 0), "Asia/Kolkata", date(2026, 3, 1), time(6, 30))
    with pytest.raises(ValueError, match="'Asia/Kolkatta'"):
        Slot(KOLKATA_DUE, "Asia/Kolkatta", date(2026, 3, 1), time(6, 30))


def test_slots_sort_by_their_instant():
    later = Slot(KOLKATA_DUE + timedelta(minutes=1), "Africa/Abidjan", date(2026, 3, 1), time(1, 1))
    assert sorted([later, KOLKATA_SLOT]) == [KOLKATA_SLOT, later]


def test_the_forward_window_includes_now_and_excludes_its_end():
    assert due_slots(KOLKATA_DUE, KOLKATA, LOOKAHEAD).slots == (KOLKATA_SLOT,)
    assert due_slots(KOLKATA_DUE - LOOKAHEAD, KOLKATA, LOOKAHEAD).slots == ()
    assert due_slots(
        KOLKATA_DUE - LOOKAHEAD + timedelta(microseconds=1), KOLKATA, LOOKAHEAD
    ).slots == (KOLKATA_SLOT,)
    assert due_slots(KOLKATA_DUE + timedelta(microseconds=1), KOLKATA, LOOKAHEAD).slots == ()


def test_a_pass_reports_invalid_zones_and_plans_the_rest():
    pairs = [*KOLKATA, ("Bad/Zone", time(6, 30)), ("", time(6, 30)), *KOLKATA]
    result = due_slots(KOLKATA_DUE - timedelta(minutes=10), pairs, LOOKAHEAD)
    assert result == PlanResult(slots=(KOLKATA_SLOT,), invalid_zones=("", "Bad/Zone"))


def test_a_pass_plans_each_send_time_of_a_zone():
    pairs = [*KOLKATA, ("Asia/Kolkata", time(6, 40)), ("Asia/Kolkata", time(7, 0))]
    result = due_slots(KOLKATA_DUE, pairs, LOOKAHEAD)
    assert [s.lock_key() for s in result.slots] == [
        "lock:Asia/Kolkata:2026-03-01",
        "lock:Asia/Kolkata:2026-03-01:06:40",
    ]


def test_a_pass_refuses_a_naive_now_and_a_window_that_is_not_positive():
    with pytest.raises(ValueError, match="now=2026-03-01T01:00:00 has no time zone"):
        due_slots(KOLKATA_DUE.replace(tzinfo=None), KOLKATA, LOOKAHEAD)
    with pytest.raises(ValueError, match="lookahead="):
        due_slots(KOLKATA_DUE, KOLKATA, timedelta(0))


def test_a_skipped_day_is_left_out_of_the_plan():
    apia = [("Pacific/Apia", time(6, 30))]
    result = due_slots(datetime(2011, 12, 29, tzinfo=UTC), apia, timedelta(days=3))
    assert [s.local_date for s in result.slots] == [
        date(2011, 12, 29),
        date(2011, 12, 31),
        date(2012, 1, 1),
    ]


def test_a_send_in_a_midnight_gap_is_moved_within_its_date():
    # Santiago, 2026-09-06: 00:00 -04 became 01:00 -03, so 00:15 is sent at 01:15 that day.
    santiago = [("America/Santiago", time(0, 15))]
    result = due_slots(datetime(2026, 9, 6, 4, 5, tzinfo=UTC), santiago, LOOKAHEAD)
    assert [(s.local_date, s.due_at) for s in result.slots] == [
        (date(2026, 9, 6), datetime(2026, 9, 6, 4, 15, tzinfo=UTC))
    ]


def test_recent_slots_cover_the_lookback_up_to_but_excluding_now():
    assert recent_slots(KOLKATA_DUE, "Asia/Kolkata", time(6, 30), timedelta(hours=2)) == []
    just_after = KOLKATA_DUE + timedelta(microseconds=1)
    assert recent_slots(just_after, "Asia/Kolkata", time(6, 30), timedelta(hours=2)) == [
        KOLKATA_SLOT
    ]
    two_hours = KOLKATA_DUE + timedelta(hours=2)
    assert recent_slots(two_hours, "Asia/Kolkata", time(6, 30), timedelta(hours=2)) == [
        KOLKATA_SLOT
    ]
    assert (
        recent_slots(
            two_hours + timedelta(microseconds=1), "Asia/Kolkata", time(6, 30), timedelta(hours=2)
        )
        == []
    )


def test_recent_slots_span_several_days():
    week = recent_slots(
        KOLKATA_DUE + timedelta(days=7), "Asia/Kolkata", time(6, 30), timedelta(days=7)
    )
    assert [s.local_date.day for s in week] == [1, 2, 3, 4, 5, 6, 7]


def test_the_next_occurrence_is_strictly_after():
    assert (
        next_occurrence("Asia/Kolkata", time(6, 30), KOLKATA_DUE - timedelta(seconds=1))
        == KOLKATA_SLOT
    )
    assert next_occurrence("Asia/Kolkata", time(6, 30), KOLKATA_DUE).local_date == date(2026, 3, 2)


def test_the_next_occurrence_after_a_skipped_day_is_the_day_after():
    after = datetime(2011, 12, 29, 17, 0, tzinfo=UTC)  # 07:00 on the 29th in Apia
    assert next_occurrence("Pacific/Apia", time(6, 30), after).local_date == date(2011, 12, 31)


@pytest.mark.parametrize(
    ("late_by", "verdict"),
    [
        (timedelta(0), "late"),
        (timedelta(hours=2) - timedelta(seconds=1), "late"),
        (timedelta(hours=2), "missed"),
        (timedelta(days=1), "missed"),
    ],
)
def test_a_slot_is_late_within_the_grace_and_missed_after(late_by, verdict):
    assert catch_up_verdict(KOLKATA_SLOT, KOLKATA_DUE + late_by, timedelta(hours=2)) == verdict


def test_a_slot_not_yet_due_has_no_verdict():
    with pytest.raises(ValueError, match="lock:Asia/Kolkata:2026-03-01 is due at"):
        catch_up_verdict(KOLKATA_SLOT, KOLKATA_DUE - timedelta(seconds=1), timedelta(hours=2))


def test_a_zero_grace_misses_everything_and_a_negative_one_is_refused():
    assert catch_up_verdict(KOLKATA_SLOT, KOLKATA_DUE, timedelta(0)) == "missed"
    with pytest.raises(ValueError, match="grace="):
        catch_up_verdict(KOLKATA_SLOT, KOLKATA_DUE, timedelta(seconds=-1))


def test_passes_run_from_start_to_end_inclusive():
    start = datetime(2026, 3, 1, tzinfo=UTC)
    instants = list(pass_instants(start, start + timedelta(minutes=30), timedelta(minutes=10)))
    assert instants == [start + timedelta(minutes=m) for m in (0, 10, 20, 30)]


def test_simulated_passes_list_each_slot_once_though_windows_overlap():
    start = datetime(2026, 3, 1, tzinfo=UTC)
    result = simulate_passes(
        start, start + timedelta(days=2), timedelta(seconds=600), lambda _: KOLKATA, LOOKAHEAD
    )
    assert [s.local_date for s in result.slots] == [date(2026, 3, 1), date(2026, 3, 2)]


def test_simulated_passes_see_the_zones_of_their_own_instant():
    start = datetime(2026, 3, 1, tzinfo=UTC)

    def zones_at(instant):
        return KOLKATA if instant < start + timedelta(days=1) else []

    result = simulate_passes(
        start, start + timedelta(days=2), timedelta(seconds=600), zones_at, LOOKAHEAD
    )
    assert [s.local_date for s in result.slots] == [date(2026, 3, 1)]


def test_simulated_passes_refuse_an_end_before_the_start_and_a_bad_period():
    start = datetime(2026, 3, 1, tzinfo=UTC)
    with pytest.raises(ValueError, match="before start="):
        list(pass_instants(start, start - timedelta(seconds=1), timedelta(seconds=600)))
    with pytest.raises(ValueError, match="every="):
        list(pass_instants(start, start, timedelta(0)))


@pytest.mark.parametrize(
    ("zone", "skipped"),
    [
        ("Pacific/Apia", date(2011, 12, 30)),
        ("Pacific/Fakaofo", date(2011, 12, 30)),
        ("Pacific/Kwajalein", date(1993, 8, 21)),
        ("Asia/Manila", date(1844, 12, 31)),
        ("America/Sitka", None),
        ("America/Juneau", None),
    ],
)
@pytest.mark.parametrize("send_time", [time(0, 0), time(6, 30), time(12, 0), time(23, 30)], ids=str)
def test_around_a_date_line_jump_every_other_date_has_one_slot_in_order(zone, skipped, send_time):
    around = skipped or date(1867, 10, 18)  # Alaska's repeated day
    start = datetime.combine(around - timedelta(days=5), time(0), tzinfo=UTC)
    slots = due_slots(start, [(zone, send_time)], timedelta(days=10)).slots
    dates = [s.local_date for s in slots]
    assert all(a.due_at < b.due_at for a, b in zip(slots, slots[1:]))
    gaps = [(a, b) for a, b in zip(dates, dates[1:]) if b - a != timedelta(days=1)]
    assert gaps == ([(skipped - timedelta(days=1), skipped + timedelta(days=1))] if skipped else [])
