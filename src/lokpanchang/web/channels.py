"""What each channel adds to the web: its sign-up on the public page, and its own pages.

Every "get this every morning" link on the public page comes from ``every_morning_links``:
each channel's adapter says its public sign-up address (``Adapter.signup_link``: a WhatsApp
display number, a Telegram bot), in the registry's order. A channel that signs people up
with a form of its own has a template ``public/signup/<channel>.html`` (the page includes it,
with the place shown), and its pages in a module ``web/channel_<channel>.py`` with a
blueprint ``bp`` (``channel_blueprints``, registered by ``create_app``).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from flask import Blueprint

from lokpanchang.config import Settings
from lokpanchang.delivery.adapters import ADAPTERS

SIGNUP_TEMPLATES = tuple(f"public/signup/{name}.html" for name in ADAPTERS)
"""The public page includes each of these that exists (a channel's own sign-up form)."""


@dataclass(frozen=True)
class Link:
    """A channel's name (shown as it is, a brand) and the address that starts a sign-up."""

    channel: str
    url: str


def every_morning_links(settings: Settings) -> list[Link]:
    """The sign-up links of every channel configured with a public address."""
    found = ((adapter.label, adapter.signup_link(settings)) for adapter in ADAPTERS.values())
    return [Link(label, url) for label, url in found if url]


def channel_blueprints() -> list[Blueprint]:
    """The blueprint of every channel with pages of its own (``web/channel_<name>.py``)."""
    found = []
    for name in ADAPTERS:
        module = f"lokpanchang.web.channel_{name}"
        if importlib.util.find_spec(module) is not None:
            found.append(importlib.import_module(module).bp)
    return found
