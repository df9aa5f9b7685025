"""A CSV field longer than the csv module allows (131,072 characters) is a problem with its
line, not a traceback (issue 11)."""

from __future__ import annotations

import os
import subprocess
import sys

from lokpanchang.subscribers.csvfile import parse_subscribers

HEADER = "phone,latitude,longitude,name\n"


def test_a_field_over_the_csv_limit_is_a_problem_on_its_line():
    lines = [HEADER, "+919812345678,28.6,77.2,Asha\n", f"+919812345679,28.6,77.2,{'x' * 140_000}\n"]
    parsed = parse_subscribers(lines)
    assert [line for line, _ in parsed.rows] == [2]
    assert [problem.line for problem in parsed.problems] == [3]
    assert "131072" in parsed.problems[0].reason


def test_the_import_command_reports_it_without_a_traceback(tmp_path):
    path = tmp_path / "big.csv"
    path.write_text(HEADER + f'+919812345678,28.6,77.2,"{"x" * 200_000}"\n')
    done = subprocess.run(
        [sys.executable, "-m", "lokpanchang", "subscribers", "import", str(path)],
        env={**os.environ, "DATA_DIR": str(tmp_path / "var"), "DATABASE_URL": ""},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in done.stderr
    assert done.returncode != 0
    assert "line 2" in done.stdout + done.stderr
