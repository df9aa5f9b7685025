"""backup_logs_task: yesterday's logs gzipped into backups/logs/DAY/ with a sha256 manifest."""

from __future__ import annotations

import gzip
import hashlib
import subprocess
from datetime import UTC, datetime

from lokpanchang.ops.log_archives import backup as logbackup

NOW = datetime(2026, 11, 30, 0, 0, 5, tzinfo=UTC)
DAY = "2026-11-29"


def write_logs(settings, day: str = DAY) -> bytes:
    settings.effective_log_dir.mkdir(parents=True, exist_ok=True)
    content = b'{"event": "sent", "ts": "%s"}\n' % day.encode() * 50
    (settings.effective_log_dir / f"lokpanchang-{day}.jsonl").write_bytes(content)
    return content


def test_it_gzips_yesterdays_log_with_a_verifiable_manifest(make_settings):
    settings = make_settings()
    content = write_logs(settings)
    write_logs(settings, "2026-11-30")
    result = logbackup.backup_previous_day(settings, NOW)
    folder = settings.data_dir / "backups" / "logs" / DAY
    archive = folder / f"lokpanchang-{DAY}.jsonl.gz"
    assert result == {"day": DAY, "outcome": "archived", "files": [archive.name]}
    assert gzip.decompress(archive.read_bytes()) == content
    assert sorted(p.name for p in folder.iterdir()) == ["MANIFEST.sha256", archive.name]
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    assert (folder / "MANIFEST.sha256").read_text() == f"{digest}  {archive.name}\n"
    check = subprocess.run(
        ["sha256sum", "-c", "MANIFEST.sha256"], cwd=folder, capture_output=True, text=True
    )
    assert check.returncode == 0, check.stdout + check.stderr


def test_running_it_again_changes_nothing(make_settings):
    settings = make_settings()
    write_logs(settings)
    logbackup.backup_previous_day(settings, NOW)
    folder = settings.data_dir / "backups" / "logs" / DAY
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert logbackup.backup_previous_day(settings, NOW)["outcome"] == "unchanged"
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_an_archive_damaged_after_a_crash_is_rewritten_identically(make_settings):
    settings = make_settings()
    write_logs(settings)
    logbackup.backup_previous_day(settings, NOW)
    archive = settings.data_dir / "backups" / "logs" / DAY / f"lokpanchang-{DAY}.jsonl.gz"
    good = archive.read_bytes()
    archive.write_bytes(good[:10])
    assert logbackup.backup_previous_day(settings, NOW)["outcome"] == "archived"
    assert archive.read_bytes() == good


def test_a_day_without_logs_creates_nothing(make_settings):
    settings = make_settings()
    assert logbackup.backup_previous_day(settings, NOW)["outcome"] == "no_logs"
    assert not (settings.data_dir / "backups").exists()
