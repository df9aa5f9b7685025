"""Services are built once where a process starts and passed in (issue 26 item 2): the
process's settings are read (``config.get_settings``) only by the entry points below, and
every other module is handed them."""

from __future__ import annotations

import ast
from pathlib import Path

import lokpanchang
from lokpanchang.config import load_settings
from lokpanchang.services import Services

SRC = Path(lokpanchang.__file__).resolve().parent
# Where a process starts: the CLI's ``main`` (every ``lokpanchang`` command, gunicorn's
# arbiter and ``up`` included) and the Celery app of ``celery -A lokpanchang.tasks``.
PROCESS_STARTS = {"cli/__init__.py", "tasks/__init__.py"}
DEFINED_IN = "config/__init__.py"


def readers_of_the_settings(root: Path) -> list[str]:
    """``file:line`` of every mention of ``get_settings`` outside the process starts."""
    found = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name in PROCESS_STARTS or name == DEFINED_IN:
            continue
        found += [f"{name}:{line}" for line in _mentions(path.read_text(encoding="utf-8"))]
    return found


def _mentions(source: str) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Name) and node.id == "get_settings") or (
            isinstance(node, ast.Attribute) and node.attr == "get_settings"
        ):
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom):
            lines += [node.lineno for alias in node.names if alias.name == "get_settings"]
    return lines


def test_only_the_process_starts_read_the_settings():
    assert readers_of_the_settings(SRC) == []


def test_the_walk_finds_a_reader_however_it_is_written(tmp_path):
    (tmp_path / "tasks").mkdir()
    (tmp_path / "tasks" / "__init__.py").write_text("from x import get_settings\nget_settings()\n")
    (tmp_path / "a.py").write_text("from lokpanchang.config import get_settings as g\n")
    (tmp_path / "b.py").write_text("from lokpanchang import config\n\nconfig.get_settings()\n")
    assert readers_of_the_settings(tmp_path) == ["a.py:1", "b.py:3"]


def test_services_share_one_send_context_per_process(tmp_path):
    services = Services(load_settings({}, data_dir=tmp_path, delivery_backend="memory"))
    assert services.send_context() is services.send_context()
    assert services.database_url == services.settings.effective_database_url
