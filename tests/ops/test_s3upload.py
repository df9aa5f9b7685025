"""upload_logs_to_s3_task against moto's S3 server on loopback (a real HTTP endpoint)."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime, timedelta

import boto3
import pytest
from moto.server import ThreadedMotoServer

from lokpanchang.ops.log_archives import backup as logbackup
from lokpanchang.ops.log_archives import s3 as s3upload
from tests import servers

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
BUCKET = "lokpanchang-logs"


@pytest.fixture(scope="module")
def s3_endpoint():
    port = servers.free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def settings(make_settings, s3_endpoint):
    settings = make_settings(
        s3_bucket=BUCKET,
        s3_endpoint_url=s3_endpoint,
        s3_region="us-east-1",
        s3_access_key_id="test",
        s3_secret_access_key="test-secret",
        log_archive_keep_days=3,
    )
    client = s3upload.s3_client(settings)
    existing = (
        client.list_objects_v2(Bucket=BUCKET).get("Contents", []) if _has_bucket(client) else None
    )
    if existing is None:
        client.create_bucket(Bucket=BUCKET)
    for item in existing or []:
        client.delete_object(Bucket=BUCKET, Key=item["Key"])
    return settings


def _has_bucket(client) -> bool:
    return any(b["Name"] == BUCKET for b in client.list_buckets()["Buckets"])


def archive(settings, day: str) -> None:
    settings.effective_log_dir.mkdir(parents=True, exist_ok=True)
    (settings.effective_log_dir / f"lokpanchang-{day}.jsonl").write_text(f'{{"day": "{day}"}}\n')
    logbackup.backup_day(settings, datetime.fromisoformat(day).date())


def test_it_uploads_new_archives_with_their_sha256(settings):
    archive(settings, "2026-11-29")
    result = s3upload.upload_archives(settings, NOW)
    key = "lokpanchang/logs/2026-11-29/lokpanchang-2026-11-29.jsonl.gz"
    assert result["uploaded"] == [key, "lokpanchang/logs/2026-11-29/MANIFEST.sha256"]
    client = s3upload.s3_client(settings)
    local = settings.data_dir / "backups/logs/2026-11-29/lokpanchang-2026-11-29.jsonl.gz"
    body = client.get_object(Bucket=BUCKET, Key=key)["Body"].read()
    assert body == local.read_bytes()
    head = client.head_object(Bucket=BUCKET, Key=key)
    assert head["Metadata"]["sha256"] == hashlib.sha256(body).hexdigest()
    assert json.loads((local.parent / "UPLOADED.json").read_text())["bucket"] == BUCKET


def test_a_second_run_uploads_nothing_new(settings):
    archive(settings, "2026-11-29")
    s3upload.upload_archives(settings, NOW)
    assert s3upload.upload_archives(settings, NOW)["uploaded"] == []


def test_old_archives_are_pruned_only_after_the_bucket_still_verifies(settings):
    for day in ("2026-11-20", "2026-11-21", "2026-11-29"):
        archive(settings, day)
    first = s3upload.upload_archives(settings, datetime(2026, 11, 22, 2, 0, tzinfo=UTC))
    assert len(first["uploaded"]) == 6 and first["pruned"] == []
    client = s3upload.s3_client(settings)
    client.put_object(
        Bucket=BUCKET, Key="lokpanchang/logs/2026-11-21/MANIFEST.sha256", Body=b"tampered"
    )
    result = s3upload.upload_archives(settings, NOW + timedelta(minutes=1))
    root = settings.data_dir / "backups" / "logs"
    assert result["pruned"] == ["2026-11-20"]
    assert sorted(p.name for p in root.iterdir()) == ["2026-11-21", "2026-11-29"]
    # The damaged copy is uploaded again on the next run, then may be pruned.
    again = s3upload.upload_archives(settings, NOW + timedelta(minutes=2))
    assert "lokpanchang/logs/2026-11-21/MANIFEST.sha256" in again["uploaded"]
    assert again["pruned"] == ["2026-11-21"]


def test_without_a_bucket_it_logs_and_does_nothing(make_settings, capsys):
    import structlog

    settings = make_settings()
    from lokpanchang.logs import configure_logging

    configure_logging(settings, to_files=False)
    try:
        result = s3upload.upload_archives(settings, NOW, client=object())
    finally:
        structlog.reset_defaults()
    assert result == {"skipped": "S3_BUCKET is not set", "uploaded": [], "pruned": []}
    line = json.loads(capsys.readouterr().err.splitlines()[-1])
    assert line["event"] == "s3_upload_skipped" and "S3_BUCKET" in line["reason"]


def test_a_mismatch_after_upload_is_an_error(settings, tmp_path):
    path = tmp_path / "file.gz"
    path.write_bytes(b"abc")
    client = boto3.client(
        "s3",
        endpoint_url=settings.s3_endpoint_url,
        region_name="us-east-1",
        aws_access_key_id="test",
        aws_secret_access_key="test-secret",
    )
    client.put_object(Bucket=BUCKET, Key="k", Body=b"abd", Metadata={"sha256": "x"})
    with pytest.raises(s3upload.UploadVerificationError, match="does not match"):
        s3upload.verify_object(client, BUCKET, "k", path)
