"""Operations: metrics kept, logs archived to S3, the weekly report's relay, and Flower."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from lokpanchang.config.install import Install


class Operations(Install):
    """What the operators' jobs keep, where they send it, and how Flower is guarded."""

    # Operations.
    metrics_retention_days: int = Field(90, gt=0)
    log_dir: Path | None = None
    s3_bucket: str = ""
    s3_endpoint_url: str = ""
    s3_access_key_id: str = ""
    s3_secret_access_key: str = ""
    s3_region: str = "us-east-1"
    s3_prefix: str = "lokpanchang/"
    log_archive_keep_days: int = Field(14, ge=0)  # local archives kept after a verified upload
    smtp_host: str = ""
    smtp_port: int = 587
    # The weekly report's relay: TLS required (STARTTLS, or implicit on port 465); "off" only
    # for a relay on this machine, and then never with a login (issue 24, item 4).
    smtp_tls: Literal["starttls", "implicit", "off"] = "starttls"
    smtp_user: str = ""
    smtp_password: str = ""
    report_email_to: str = ""
    flower_basic_auth: str = ""
    flower_port: int = Field(5555, gt=0, lt=65536)

    @property
    def effective_log_dir(self) -> Path:
        return self.log_dir or self.data_dir / "logs"
