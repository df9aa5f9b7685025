"""The day's card on Telegram (issue 27): ``sendPhoto`` with the text as its caption when it
fits, else the photo and then the text as a message of its own.

The Bot API's limits (core.telegram.org/bots/api#sendphoto): a photo of at most 10 MB, its
width and height together at most 10,000 and their ratio at most 20; a caption of 0-1,024
characters after entities parsing. The caption is the message's plain text (escaped for
``parse_mode`` HTML, which parses back to it), measured in UTF-16 code units, the unit the
Bot API counts entities in: where this and a count of code points differ (characters beyond
the BMP) the stricter one decides. The first ``sendPhoto`` of a card uploads it
(multipart/form-data); Telegram answers with the photo's ``file_id``, which the bot reuses
for every other chat (``MediaIds``; a file id does not expire). A file id Telegram no longer
knows ("wrong file identifier") is forgotten and the card uploaded again.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import orjson

from lokpanchang.delivery.base import OutgoingMessage
from lokpanchang.delivery.errors import Classified
from lokpanchang.delivery.media_ids import MediaIds, SharedIds
from lokpanchang.delivery.pooled import Multipart

MAX_CAPTION = 1024  # characters after entities parsing
MAX_PHOTO_BYTES = 10 * 1024 * 1024
FILE_ID_LIFETIME = timedelta(days=365)  # a bot's file_id lasts; renewed yearly all the same
WRONG_FILE = "wrong file identifier"


def utf16_length(text: str) -> int:
    """``text``'s length in UTF-16 code units (a character beyond the BMP counts two)."""
    return len(text.encode("utf-16-le")) // 2


def fits_caption(text: str) -> bool:
    return utf16_length(text) <= MAX_CAPTION


def caption_of(message: OutgoingMessage) -> str:
    """The plain text as a caption (escaped for HTML), or "" when it does not fit one."""
    text = message.text or "\n".join(message.parameters)
    return html.escape(text, quote=False) if fits_caption(text) else ""


def photo_fields(chat: int | str, caption: str) -> dict:
    fields: dict = {"chat_id": chat}
    if caption:
        fields.update({"caption": caption, "parse_mode": "HTML"})
    return fields


def upload_form(fields: dict, png: bytes, file_name: str) -> Multipart:
    """``sendPhoto`` with the picture itself (its first use by the bot)."""
    pairs = tuple((name, str(value)) for name, value in fields.items())
    return Multipart(pairs, "photo", file_name, "image/png", png)


@dataclass
class PhotoAnswer:
    """What ``sendPhoto`` answered: the classified outcome and, when sent, the photo's id."""

    classified: Classified | None = None
    file_id: str | None = None


def photo_classifier(answer: PhotoAnswer, classify):
    """``classify`` (the Bot API's answers) that also keeps the largest size's ``file_id``."""

    def classify_photo(http_status: int, body: bytes) -> Classified:
        answer.classified = classify(http_status, body)
        answer.file_id = largest_file_id(body)
        return answer.classified

    return classify_photo


def largest_file_id(body: bytes) -> str | None:
    try:
        result = orjson.loads(body).get("result")
        sizes = result.get("photo") if isinstance(result, dict) else None
        return str(sizes[-1]["file_id"]) if sizes else None
    except (ValueError, TypeError, AttributeError, KeyError, IndexError):
        return None


def photo_ids(shared_dir: Path | None = None) -> MediaIds:
    """The bot's file ids (shared by a machine's processes through ``shared_dir``). A failed
    upload leaves the next message to try it again itself (failure_pause 0)."""
    shared = SharedIds(shared_dir, "telegram") if shared_dir is not None else None
    return MediaIds(FILE_ID_LIFETIME, failure_pause=timedelta(0), shared=shared)
