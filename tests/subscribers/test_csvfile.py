"""Every bad row of a subscribers CSV is reported with its line number and reason."""

from __future__ import annotations

import io
from datetime import time

from lokpanchang.subscribers import parse_subscribers

ACCEPTANCE = """phone,latitude,longitude,name
+919876543210,28.6139,77.2090,Asha
+91 12345,28.6139,77.2090,Bad phone
+12125550199,95,-74.0060,Too far north

+919876543210,19.0760,72.8777,Asha again
+442079460123,51.5074,-0.1278,London
"""


def parse(text: str):
    return parse_subscribers(io.StringIO(text, newline=""))


def test_each_problem_of_the_acceptance_file_is_reported_with_its_line():
    parsed = parse(ACCEPTANCE)
    found = {problem.line: problem.reason for problem in parsed.problems}
    assert sorted(found) == [3, 4, 5, 6]
    assert "phone '+91 12345'" in found[3]
    assert "latitude '95'" in found[4]
    assert found[5] == "empty line"
    assert "duplicate phone +919876543210: already on line 2" in found[6]
    assert [line for line, _ in parsed.rows] == [2, 7]


def test_wrong_column_counts_are_reported():
    parsed = parse("phone,latitude,longitude\n+919876543210,28.6\n+442079460123,51.5,-0.12,x\n")
    assert [str(p) for p in parsed.problems] == [
        "line 2: expected 3 columns (phone,latitude,longitude), found 2",
        "line 3: expected 3 columns (phone,latitude,longitude), found 4",
    ]


def test_bad_language_and_send_time_are_reported():
    parsed = parse(
        "phone,latitude,longitude,language,send_time\n"
        "+919876543210,28.6,77.2,xx,06:30\n+442079460123,51.5,-0.12,en,7pm\n"
    )
    reasons = [p.reason for p in parsed.problems]
    assert "language 'xx'" in reasons[0]
    assert "'7pm'" in reasons[1]


def test_a_bad_header_is_reported_on_line_1():
    parsed = parse("mobile,lat,lon\n+919876543210,28.6,77.2\n")
    assert parsed.problems[0].line == 1
    assert "mobile,lat,lon" in parsed.problems[0].reason
    assert parsed.rows == []


def test_an_empty_file_is_a_problem():
    assert parse("").problems[0].reason.startswith("the file is empty")


def test_optional_columns_may_come_in_any_order_and_empty_values_take_defaults():
    parsed = parse(
        "send_time,phone,latitude,longitude,language\n,+919876543210,28.6,77.2,\n",
    )
    ((line, row),) = parsed.rows
    assert (line, row.send_time, row.language) == (2, time(6, 30), "en")


def test_line_numbers_count_physical_lines_when_a_name_spans_two():
    parsed = parse(
        'phone,latitude,longitude,name\n+919876543210,28.6,77.2,"two\nlines"\n+1,0,0,x\n'
    )
    assert parsed.problems[0].line == 4
