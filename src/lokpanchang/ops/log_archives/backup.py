"""``backup_logs_task``: the previous UTC day's log files, gzipped, with a checksum manifest.

``<data_dir>/backups/logs/YYYY-MM-DD/`` holds ``<file>.gz`` and ``MANIFEST.sha256`` in
``sha256sum`` format (``sha256sum -c MANIFEST.sha256`` verifies it). The manifest is
written last: a folder with a manifest is complete. Running again is a no-op when the
manifest still matches; gzip output is deterministic (no timestamp), so a re-run after a
crash produces the same bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import structlog

from lokpanchang.config import Settings

MANIFEST = "MANIFEST.sha256"
log = structlog.get_logger(__name__)


def archive_root(settings: Settings) -> Path:
    return settings.data_dir / "backups" / "logs"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def read_manifest(folder: Path) -> dict[str, str]:
    """file name -> sha256 hex, from a folder's manifest (empty when there is none)."""
    path = folder / MANIFEST
    if not path.exists():
        return {}
    pairs = (line.split("  ", 1) for line in path.read_text().splitlines() if line.strip())
    return {name: digest for digest, name in pairs}


def manifest_matches(folder: Path) -> bool:
    entries = read_manifest(folder)
    return bool(entries) and all(
        (folder / name).exists() and sha256_of(folder / name) == digest
        for name, digest in entries.items()
    )


def logs_of_day(log_dir: Path, day: date) -> list[Path]:
    return sorted(log_dir.glob(f"lokpanchang-{day.isoformat()}*.jsonl"))


def _gzip(source: Path, target: Path) -> None:
    partial = target.with_name(target.name + ".partial")
    with (
        source.open("rb") as raw,
        partial.open("wb") as out,
        gzip.GzipFile(filename=source.name, mode="wb", fileobj=out, mtime=0) as zipped,
    ):
        shutil.copyfileobj(raw, zipped)
    partial.replace(target)


def _write_manifest(folder: Path, names: list[str]) -> None:
    lines = [f"{sha256_of(folder / name)}  {name}" for name in names]
    partial = folder / (MANIFEST + ".partial")
    partial.write_text("\n".join(lines) + "\n")
    partial.replace(folder / MANIFEST)


def backup_day(settings: Settings, day: date) -> dict:
    """Archive one day's logs; returns what happened (``archived``, ``unchanged``, ``no_logs``)."""
    folder = archive_root(settings) / day.isoformat()
    sources = logs_of_day(settings.effective_log_dir, day)
    if manifest_matches(folder) and set(read_manifest(folder)) >= {f"{p.name}.gz" for p in sources}:
        log.info("log_backup_unchanged", day=day.isoformat(), folder=str(folder))
        return {
            "day": day.isoformat(),
            "outcome": "unchanged",
            "files": sorted(read_manifest(folder)),
        }
    if not sources:
        log.info(
            "log_backup_nothing_to_do", day=day.isoformat(), log_dir=str(settings.effective_log_dir)
        )
        return {"day": day.isoformat(), "outcome": "no_logs", "files": []}
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for source in sources:
        _gzip(source, folder / f"{source.name}.gz")
        names.append(f"{source.name}.gz")
    _write_manifest(folder, names)
    log.info("log_backup_written", day=day.isoformat(), folder=str(folder), files=len(names))
    return {"day": day.isoformat(), "outcome": "archived", "files": names}


def backup_previous_day(settings: Settings, now: datetime) -> dict:
    return backup_day(settings, now.astimezone(UTC).date() - timedelta(days=1))
