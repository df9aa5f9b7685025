"""Reading log backups: ``<data_dir>/backups/logs/YYYY-MM-DD/`` holds a day's files (JSON
lines, gzipped by ``ops.log_archives.backup``, or plain text) and a checksum manifest.

Symbolic links are never followed (not as day folders, not as files, not into the archive):
the backup task writes none, so one is someone pointing the viewer at a file elsewhere."""

from __future__ import annotations

import gzip
import io
import json
import os
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ERROR_LEVELS = frozenset({"error", "critical", "exception", "fatal"})
MAX_LINES = 2000
MANIFEST = "MANIFEST.sha256"  # checksums written by the backup task, not log lines


def backup_dates(root: Path) -> list[date]:
    """Days with a backup folder, newest first; other folders are ignored."""
    if not root.is_dir():
        return []
    days = []
    for child in root.iterdir():
        try:
            days.append(date.fromisoformat(child.name))
        except ValueError:
            continue
    return sorted((d for d in days if _real_dir(root / d.isoformat())), reverse=True)


def day_folder(root: Path, day: date) -> Path | None:
    folder = root / day.isoformat()
    return folder if _real_dir(folder) and not root.is_symlink() else None


def _real_dir(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def day_files(folder: Path) -> list[Path]:
    """The regular files under ``folder``, found without following any symbolic link."""
    found: list[Path] = []
    for directory, _subdirectories, names in os.walk(folder, followlinks=False):
        paths = (Path(directory) / name for name in names)
        found.extend(path for path in paths if not path.is_symlink() and path.is_file())
    return sorted(found)


@dataclass(frozen=True)
class LogLine:
    file: str
    text: str
    level: str

    @property
    def is_error(self) -> bool:
        return self.level in ERROR_LEVELS


def read_day(
    folder: Path, search: str = "", errors_only: bool = False
) -> tuple[list[LogLine], bool]:
    """Matching lines of every file in ``folder`` (at most MAX_LINES; True when cut short)."""
    found: list[LogLine] = []
    needle = search.casefold()
    for line in _lines(folder):
        if errors_only and not line.is_error:
            continue
        if needle and needle not in line.text.casefold():
            continue
        if len(found) == MAX_LINES:
            return found, True
        found.append(line)
    return found, False


def _lines(folder: Path) -> Iterator[LogLine]:
    for path in (p for p in day_files(folder) if p.name != MANIFEST):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8", errors="replace") as handle:
            for raw in handle:
                text = raw.rstrip("\n")
                if text:
                    yield LogLine(str(path.relative_to(folder)), text, _level(text))


def _level(text: str) -> str:
    try:
        record = json.loads(text)
    except ValueError:
        record = None
    if isinstance(record, dict):
        return str(record.get("level", record.get("levelname", ""))).lower()
    upper = text.upper()
    return "error" if "ERROR" in upper or "CRITICAL" in upper or "TRACEBACK" in upper else ""


def archive(folder: Path) -> bytes:
    """The day's regular files as a .tar.gz, built in memory."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        tar.add(folder, arcname=folder.name, recursive=False)
        for path in day_files(folder):
            tar.add(path, arcname=f"{folder.name}/{path.relative_to(folder)}", recursive=False)
    return buffer.getvalue()
