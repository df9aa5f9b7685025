"""Which cards the coming sends need (issue 27 item 3): one per place cell, date, language
and calendar, soonest send first."""

from __future__ import annotations

from datetime import UTC, date, datetime

from lokpanchang.card.cells import CardCell, Reader, card_cells

DAY = date(2026, 3, 10)
KOLKATA = datetime(2026, 3, 10, 1, 0, tzinfo=UTC)  # 06:30 IST
KOLKATA_LATER = datetime(2026, 3, 10, 2, 30, tzinfo=UTC)  # 08:00 IST
LONDON = datetime(2026, 3, 10, 6, 30, tzinfo=UTC)


def reader(latitude=17.385, longitude=78.486, language="en", calendar="", city="Hyderabad",
           state="Telangana"):  # fmt: skip
    return Reader(latitude, longitude, language, calendar, city, "IN", state)


def test_subscribers_of_one_cell_language_and_calendar_share_one_card():
    cells = card_cells([(KOLKATA, "Asia/Kolkata", DAY, [reader(), reader(17.3853, 78.4858)])])
    assert cells == [
        CardCell(KOLKATA, 17.39, 78.49, "Asia/Kolkata", DAY, "en", "amanta", "Hyderabad")
    ]


def test_each_language_and_calendar_is_its_own_card():
    readers = [reader(), reader(language="te"), reader(calendar="purnimanta")]
    cells = card_cells([(KOLKATA, "Asia/Kolkata", DAY, readers)])
    assert {(cell.language, cell.calendar) for cell in cells} == {
        ("en", "amanta"), ("te", "amanta"), ("en", "purnimanta"),
    }  # fmt: skip


def test_a_reader_without_a_calendar_reads_their_language_and_states_default():
    tamil = reader(13.08, 80.27, "ta", city="Chennai", state="Tamil Nadu")
    hindi = reader(28.61, 77.21, "hi", city="New Delhi", state="Delhi")
    cells = card_cells([(KOLKATA, "Asia/Kolkata", DAY, [tamil, hindi])])
    assert sorted(cell.calendar for cell in cells) == ["purnimanta", "tamil"]


def test_a_card_two_slots_need_is_listed_once_at_the_earlier_send():
    cells = card_cells([
        (KOLKATA_LATER, "Asia/Kolkata", DAY, [reader()]),
        (KOLKATA, "Asia/Kolkata", DAY, [reader()]),
    ])  # fmt: skip
    assert [cell.due_at for cell in cells] == [KOLKATA]


def test_cards_come_soonest_send_first_in_the_same_order_on_every_pass():
    slots = [
        (LONDON, "Europe/London", DAY, [reader(51.51, -0.13, city="London")]),
        (KOLKATA, "Asia/Kolkata", DAY, [reader(language="hi"), reader(language="bn")]),
    ]
    cells = card_cells(slots)
    assert [(c.due_at, c.language) for c in cells] == [
        (KOLKATA, "bn"), (KOLKATA, "hi"), (LONDON, "en"),
    ]  # fmt: skip
    assert card_cells(list(reversed(slots))) == cells


def test_no_slots_need_no_cards():
    assert card_cells([]) == []
    assert card_cells([(KOLKATA, "Asia/Kolkata", DAY, [])]) == []
