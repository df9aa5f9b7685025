"""The planner is pure: standard library only, and it never reads the clock."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import lokpanchang
import lokpanchang.planning

SRC = Path(lokpanchang.__file__).resolve().parents[1]
PLANNING = Path(lokpanchang.planning.__file__).parent
CLOCK_READS = re.compile(
    r"\b(datetime\.now|datetime\.utcnow|date\.today|time\.time|time\.monotonic)\s*\("
)


def test_importing_the_planner_loads_only_the_standard_library():
    probe = (
        "import sys; before = set(sys.modules); import lokpanchang.planning; "
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


def test_no_planner_module_reads_the_clock():
    for module in PLANNING.glob("*.py"):
        assert not CLOCK_READS.search(module.read_text()), module.name
