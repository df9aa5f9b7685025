"""Rendering and the error policy are pure: standard library only, and no clock reads."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import lokpanchang

SRC = Path(lokpanchang.__file__).resolve().parents[1]
CLOCK_READS = re.compile(
    r"\b(datetime\.now|datetime\.utcnow|date\.today|time\.time|time\.monotonic)\s*\("
)


@pytest.mark.parametrize("module", ["lokpanchang.messages", "lokpanchang.delivery.errors"])
def test_importing_it_loads_only_the_standard_library(module):
    probe = (
        f"import sys; before = set(sys.modules); import {module}; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "print(sorted(m for m in new - set(sys.stdlib_module_names) if not m.startswith('_sysconfigdata')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env={"PYTHONPATH": str(SRC)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "['lokpanchang']"


@pytest.mark.parametrize(
    "path",
    [
        *sorted((SRC / "lokpanchang" / "messages").glob("*.py")),
        SRC / "lokpanchang" / "delivery" / "errors.py",
    ],
    ids=lambda p: p.name,
)
def test_it_never_reads_the_clock(path):
    assert not CLOCK_READS.search(path.read_text())
