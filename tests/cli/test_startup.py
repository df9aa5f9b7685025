"""`lokpanchang --version` and `--help` import nothing heavy (issue 25 item 11: every CLI call
paid ≈ 1.3 s of CPU for imports); a command imports only its own module. Timings are in
bench/cli/startup.py, not here."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lokpanchang.cli import COMMANDS, build_parser

HEAVY = ("sqlalchemy", "celery", "pydantic", "aiohttp", "swisseph", "numpy", "flask", "kombu")
LOADED = """
import sys
from lokpanchang.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)))
"""


def modules_after(*arguments: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", LOADED, *arguments], capture_output=True, text=True, check=True
    )
    return set(done.stdout.split("\n")[-2].split())


@pytest.mark.parametrize("arguments", [("--version",), ("--help",), ()])
def test_version_and_help_import_no_framework_and_no_command(arguments):
    loaded = modules_after(*arguments)
    assert {name for name in loaded if name.split(".")[0] in HEAVY} == set()
    assert {name for name in loaded if name.startswith("lokpanchang.")} == {"lokpanchang.cli"}


def test_a_command_imports_its_own_module_not_the_others():
    loaded = modules_after("places", "--help")
    assert "lokpanchang.cli.places" in loaded
    assert not {"lokpanchang.cli.subscribers", "lokpanchang.cli.service", "sqlalchemy"} & loaded


def test_the_help_lists_every_command_with_the_summary_its_module_registers():
    full = build_parser()
    [commands] = [action for action in full._actions if action.dest == "command"]
    registered = {action.dest: action.help for action in commands._choices_actions}
    assert registered == {name: entry.summary for name, entry in COMMANDS.items()}
