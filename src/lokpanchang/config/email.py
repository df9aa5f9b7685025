"""Delivery by e-mail (docs/email.md): the SMTP relay, the sender, the pace, and the public
address the sign-up and leaving links point at."""

from __future__ import annotations

from typing import Literal

from pydantic import Field


class Email:
    """The SMTP relay the daily mail goes through, and what its links point at."""

    # E-mail (docs/email.md): the SMTP relay (TLS required: STARTTLS or implicit; "off" only
    # for a local fake), who the mail is from, its pace, how long a sign-up's link works, and
    # the site's public address its links point at (e.g. https://panchang.example.org).
    email_smtp_host: str = ""
    email_smtp_port: int = Field(587, gt=0, lt=65536)
    email_smtp_tls: Literal["starttls", "implicit", "off"] = "starttls"
    email_smtp_user: str = ""
    email_smtp_password: str = ""
    email_from: str = "panchang@localhost"
    email_from_name: str = "Lokpanchang"
    email_send_rate: float = Field(10.0, gt=0)
    email_connections: int = Field(4, gt=0, le=100)
    email_confirm_hours: int = Field(48, gt=0, le=24 * 30)
    public_url: str = ""
    # Set by `up --fake-email`: the fake relay's page of what it accepted.
    fake_email_url: str = ""
