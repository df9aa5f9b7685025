"""A bad setting stops any command with one line naming the variable and the value."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import lokpanchang

SRC = str(Path(lokpanchang.__file__).parents[1])


def run_command(tmp_path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {**os.environ, "PYTHONPATH": SRC, "DATA_DIR": str(tmp_path / "var"), **env}
    return subprocess.run(
        [sys.executable, "-m", "lokpanchang", *args],
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_bad_setting_is_reported_without_a_traceback(tmp_path):
    result = run_command(tmp_path, "subscribers", "list", LATE_GRACE="soon")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "LATE_GRACE='soon'" in result.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("variable", "value", "says"),
    [
        ("WHATSAPP_PHONE_NUMBER_ID", "1065403522,,1065403523", "an empty phone-number id"),
        ("WHATSAPP_PHONE_NUMBER_ID", "1065403522, ", "an empty phone-number id"),
        ("WHATSAPP_PHONE_NUMBER_ID", "1065403522,abc", "digits"),
        ("WHATSAPP_MESSAGING_LIMIT", "5000", "250, 2000, 10000, 100000, unlimited"),
        ("WHATSAPP_TEMPLATE_CATEGORY", "promotional", "'utility' or 'marketing'"),
    ],
)
def test_a_bad_whatsapp_account_setting_stops_start_up_naming_it(tmp_path, variable, value, says):
    result = run_command(tmp_path, "subscribers", "list", **{variable: value})
    assert result.returncode == 2 and "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert f"{variable}={value!r}" in last and says in last, last
