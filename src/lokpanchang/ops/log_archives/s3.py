"""``upload_logs_to_s3_task``: archived log folders to an S3-compatible bucket, verified.

Each file goes to ``<S3_PREFIX>logs/YYYY-MM-DD/<name>`` with its sha256 in the object's
metadata (``x-amz-meta-sha256``). After a PUT, a HEAD must show the same sha256, the same
size and an ETag equal to the MD5 (single-part upload); only then is the folder marked
``UPLOADED.json``. A local folder is deleted only when it is older than
``LOG_ARCHIVE_KEEP_DAYS`` and a fresh HEAD of every object still matches.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import structlog

from lokpanchang.config import Settings
from lokpanchang.ops.log_archives.backup import (
    MANIFEST,
    archive_root,
    manifest_matches,
    read_manifest,
)

UPLOADED = "UPLOADED.json"
log = structlog.get_logger(__name__)


class UploadVerificationError(Exception):
    """An object in the bucket does not match the local file it was uploaded from."""


def s3_client(settings: Settings):
    import boto3

    return boto3.client(
        "s3",
        endpoint_url=settings.s3_endpoint_url or None,
        region_name=settings.s3_region,
        aws_access_key_id=settings.s3_access_key_id or None,
        aws_secret_access_key=settings.s3_secret_access_key or None,
    )


def object_key(settings: Settings, day: str, name: str) -> str:
    return f"{settings.s3_prefix}logs/{day}/{name}"


def _digests(path: Path) -> tuple[str, str]:
    data = path.read_bytes()
    return hashlib.sha256(data).hexdigest(), hashlib.md5(data, usedforsecurity=False).hexdigest()


def verify_object(client, bucket: str, key: str, path: Path) -> None:
    """HEAD the object and compare sha256 metadata, size and ETag with ``path``."""
    sha256, md5 = _digests(path)
    head = client.head_object(Bucket=bucket, Key=key)
    found = (head.get("Metadata", {}).get("sha256"), head["ContentLength"], head["ETag"].strip('"'))
    if found != (sha256, path.stat().st_size, md5):
        raise UploadVerificationError(f"s3://{bucket}/{key} does not match {path}: {found}")


def upload_file(client, bucket: str, key: str, path: Path) -> None:
    sha256, md5 = _digests(path)
    client.put_object(
        Bucket=bucket,
        Key=key,
        Body=path.read_bytes(),
        Metadata={"sha256": sha256},
        ContentMD5=base64.b64encode(bytes.fromhex(md5)).decode(),
    )
    verify_object(client, bucket, key, path)


def pending_folders(settings: Settings) -> list[Path]:
    """Complete archive folders (manifest present) not yet uploaded."""
    root = archive_root(settings)
    if not root.exists():
        return []
    return sorted(
        f for f in root.iterdir() if (f / MANIFEST).exists() and not (f / UPLOADED).exists()
    )


def upload_folder(settings: Settings, client, folder: Path, now: datetime) -> list[str]:
    if not manifest_matches(folder):
        raise UploadVerificationError(f"{folder} does not match its own manifest; not uploading")
    names = [*sorted(read_manifest(folder)), MANIFEST]
    keys = {name: object_key(settings, folder.name, name) for name in names}
    for name, key in keys.items():
        upload_file(client, settings.s3_bucket, key, folder / name)
    record = {"bucket": settings.s3_bucket, "uploaded_at": now.isoformat(), "keys": keys}
    (folder / UPLOADED).write_text(json.dumps(record, indent=2))
    return list(keys.values())


def _folder_day(folder: Path) -> date | None:
    try:
        return date.fromisoformat(folder.name)
    except ValueError:
        return None


def prune_uploaded(settings: Settings, client, now: datetime) -> list[str]:
    """Delete local folders past the keep period whose objects still verify."""
    cutoff = now.astimezone(UTC).date() - timedelta(days=settings.log_archive_keep_days)
    pruned = []
    for folder in sorted(archive_root(settings).iterdir()):
        day = _folder_day(folder)
        if day is None or day >= cutoff or not (folder / UPLOADED).exists():
            continue
        if _still_in_bucket(settings, client, folder):
            shutil.rmtree(folder)
            pruned.append(folder.name)
    return pruned


def _still_in_bucket(settings: Settings, client, folder: Path) -> bool:
    keys = json.loads((folder / UPLOADED).read_text())["keys"]
    try:
        for name, key in keys.items():
            verify_object(client, settings.s3_bucket, key, folder / name)
    except Exception as exc:  # noqa: BLE001 -- missing or changed object: keep the local copy, upload again
        log.warning("log_archive_kept", folder=str(folder), reason=str(exc))
        (folder / UPLOADED).unlink()
        return False
    return True


def upload_archives(settings: Settings, now: datetime, client=None) -> dict:
    """Upload every pending folder, then prune verified old ones. No bucket: a logged no-op."""
    if not settings.s3_bucket:
        log.info("s3_upload_skipped", reason="S3_BUCKET is not set; log archives stay local")
        return {"skipped": "S3_BUCKET is not set", "uploaded": [], "pruned": []}
    client = client or s3_client(settings)
    uploaded = [
        key
        for folder in pending_folders(settings)
        for key in upload_folder(settings, client, folder, now)
    ]
    pruned = prune_uploaded(settings, client, now) if archive_root(settings).exists() else []
    log.info("s3_upload_done", bucket=settings.s3_bucket, uploaded=len(uploaded), pruned=pruned)
    return {"skipped": None, "uploaded": uploaded, "pruned": pruned}
