"""The portal's view of other subjects (almanac, messages, places, delivery, scheduler, ops).

Each is imported when first needed; a subject that is not installed raises ``Unavailable``
naming it, and the page says so instead of pretending.
"""

from __future__ import annotations

import asyncio
import importlib
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from types import ModuleType

from lokpanchang.config import Settings

FALLBACK_LANGUAGES = ("en", "hi")


class Unavailable(RuntimeError):
    """A subject this feature needs is not part of this installation yet."""


def optional(name: str) -> ModuleType | None:
    """The module ``name``, or None when it (not one of its dependencies) is missing."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
            return None
        raise


def required(name: str, feature: str) -> ModuleType:
    module = optional(name)
    if module is None:
        raise Unavailable(f"{feature} needs {name}, which is not installed in this build")
    return module


def languages() -> tuple[str, ...]:
    names = optional("lokpanchang.almanac.names")
    return tuple(getattr(names, "SUPPORTED_LANGUAGES", FALLBACK_LANGUAGES)) if names else FALLBACK_LANGUAGES


def panchangam(latitude: float, longitude: float, zone: str, day: date, city: str, language: str,
               rising: str = "upper_limb"):
    """The almanac's Panchangam for ``day`` at the place (raises Unavailable without it).

    ``rising`` is the sunrise convention (settings.sunrise_convention), as the broadcast uses.
    """
    almanac = required("lokpanchang.almanac", "the panchangam")
    return almanac.generate_panchangam_with_timezone(
        latitude, longitude, zone, day, city=city, lang=language, rising=rising
    )


def render(panchangam_value, language: str, place: str = ""):
    """The messages renderer's output (``.parameters``, ``.text``) for a panchangam."""
    messages = required("lokpanchang.messages", "rendering the message")
    return messages.render_daily(panchangam_value, language, place=place)


@dataclass(frozen=True)
class Message:
    parameters: tuple[str, ...]
    text: str


@lru_cache(maxsize=1)
def _daily_content():
    """The broadcast's own content function (panchangams cached per place and date)."""
    return required("lokpanchang.broadcast.content", "today's message").default_content()


def daily_message(user_id: int, phone: str, language: str, latitude: float, longitude: float,
                  zone: str, local_date: date, place: str) -> Message:
    """The daily message exactly as the broadcast renders it for this subscriber and date."""
    content = required("lokpanchang.broadcast.content", "today's message")
    recipient = content.Recipient(0, user_id, phone, language, latitude, longitude, zone, local_date, place)
    rendered = _daily_content()(recipient)
    if hasattr(rendered, "parameters"):
        return Message(tuple(rendered.parameters), rendered.text)
    parameters, text = rendered
    return Message(tuple(parameters), text)


def lookup_place(latitude: float, longitude: float):
    return required("lokpanchang.places", "resolving a place").lookup(latitude, longitude)


def search_places(text: str, limit: int = 10) -> list:
    return required("lokpanchang.places", "searching places").search(text, limit=limit)


def make_sender(settings: Settings):
    """The configured delivery channel, built as the scheduler builds it when it can."""
    factory = optional("lokpanchang.delivery.factory")
    if factory is not None:
        return factory.make_sender(settings)
    backend = settings.effective_delivery_backend
    if backend == "outbox":
        from lokpanchang.delivery.outbox import OutboxSender

        return OutboxSender(settings.data_dir / "outbox.jsonl")
    if backend == "memory":
        from lokpanchang.delivery.memory import MemorySender

        return MemorySender()
    raise Unavailable(f"delivery backend {backend!r} is not installed in this build")


def send_now(settings: Settings, messages: list, sender=None) -> list:
    """Send ``messages`` through ``sender`` (default: the configured channel); one result each."""
    sender = sender or make_sender(settings)

    async def run():
        try:
            return await sender.send_batch(messages)
        finally:
            await sender.close()

    return asyncio.run(run())
