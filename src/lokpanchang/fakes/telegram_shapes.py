"""What the fake Bot API checks and answers, in the Bot API's shapes (core.telegram.org/bots/api).

Every answer is ``{"ok": true, "result": ...}`` or ``{"ok": false, "error_code": N,
"description": "..."}`` (with ``parameters.retry_after`` on a 429). ``sendMessage``'s
parameters are checked as Telegram does: a chat id, a text of 1-4096 characters once its
entities are parsed, a known ``parse_mode`` whose markup parses (HTML: the supported tags,
and ``&lt;`` ``&gt;`` ``&amp;`` ``&quot;`` or numeric entities), and a well-formed
``reply_markup``. ``sendPhoto`` (issue 27): a photo uploaded (at most 10 MB, a PNG or JPEG
whose width + height is at most 10,000 and whose sides' ratio is at most 20) or a ``file_id``
the bot has ("wrong file identifier/HTTP URL specified" otherwise), and a caption of at most
1,024 characters once its entities are parsed ("message caption is too long"), counted in
UTF-16 code units (core.telegram.org/bots/api#sendphoto; the error texts as the Bot API
answers them).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MAX_TEXT = 4096
PARSE_MODES = ("HTML", "Markdown", "MarkdownV2")
HTML_TAGS = frozenset(
    [
        "b",
        "strong",
        "i",
        "em",
        "u",
        "ins",
        "s",
        "strike",
        "del",
        "span",
        "tg-spoiler",
        "a",
        "code",
        "pre",
        "blockquote",
        "tg-emoji",
    ]
)
NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^<>]*)>")
ENTITY = re.compile(r"&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
SECRET_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,256}")


class ApiError(Exception):
    """A refusal, as ``(error_code, description, parameters)``."""

    def __init__(self, code: int, description: str, parameters: dict | None = None) -> None:
        super().__init__(description)
        self.code, self.description, self.parameters = code, description, parameters


def refusal(error: ApiError) -> dict:
    document: dict = {"ok": False, "error_code": error.code, "description": error.description}
    if error.parameters:
        document["parameters"] = error.parameters
    return document


def bad_request(description: str) -> ApiError:
    return ApiError(400, f"Bad Request: {description}")


def too_many(wait: float) -> ApiError:
    seconds = max(1, math.ceil(wait))
    return ApiError(429, f"Too Many Requests: retry after {seconds}", {"retry_after": seconds})


@dataclass(frozen=True)
class SendMessage:
    """A checked ``sendMessage`` call."""

    chat_id: int
    text: str  # as sent (with its markup)
    plain: str  # what the person sees
    parse_mode: str = ""
    reply_markup: dict = field(default_factory=dict)


def check_send_message(params: dict) -> SendMessage:
    """``sendMessage``'s parameters checked; ApiError(400, ...) for the first problem."""
    chat = _chat_id(params.get("chat_id"))
    text = params.get("text")
    if not isinstance(text, str) or not text.strip():
        raise bad_request("message text is empty")
    mode = params.get("parse_mode") or ""
    if mode and mode not in PARSE_MODES:
        raise bad_request("unsupported parse_mode")
    plain = html_plain_text(text) if mode == "HTML" else text
    if not plain.strip():
        raise bad_request("message text is empty")
    if len(plain) > MAX_TEXT:
        raise bad_request("message is too long")
    return SendMessage(chat, text, plain, mode, _reply_markup(params.get("reply_markup")))


def _chat_id(value: object) -> int:
    if value is None or value == "":
        raise bad_request("chat_id is empty")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise bad_request("chat not found")
    try:
        return int(value)
    except ValueError:
        raise bad_request("chat not found") from None


def html_plain_text(text: str) -> str:
    """The text a person sees once Telegram's HTML is parsed; ApiError when it does not parse."""
    plain: list[str] = []
    open_tags: list[str] = []
    at = 0
    while at < len(text):
        char = text[at]
        if char == "<":
            at = _tag(text, at, open_tags)
        elif char == "&":
            decoded, at = _entity(text, at)
            plain.append(decoded)
        elif char == ">":
            raise _entities_error(
                f"Unexpected end of name token at byte offset {_offset(text, at)}"
            )
        else:
            plain.append(char)
            at += 1
    if open_tags:
        raise _entities_error(f'Can\'t find end tag corresponding to start tag "{open_tags[-1]}"')
    return "".join(plain)


def _tag(text: str, at: int, open_tags: list[str]) -> int:
    match = TAG.match(text, at)
    if match is None or match.group(2).lower() not in HTML_TAGS:
        name = match.group(2) if match else text[at + 1 : at + 8]
        raise _entities_error(f'Unsupported start tag "{name}" at byte offset {_offset(text, at)}')
    closing, name = match.group(1) == "/", match.group(2).lower()
    if closing:
        if not open_tags or open_tags[-1] != name:
            raise _entities_error(f"Unexpected end tag at byte offset {_offset(text, at)}")
        open_tags.pop()
    else:
        open_tags.append(name)
    return match.end()


def _entity(text: str, at: int) -> tuple[str, int]:
    match = ENTITY.match(text, at)
    if match is None:
        return "&", at + 1  # a lone ampersand is kept as it is
    name = match.group(1)
    if name.startswith("#"):
        number = int(name[2:], 16) if name[1:2] in ("x", "X") else int(name[1:])
        return chr(number) if 0 < number < 0x110000 else "\ufffd", match.end()
    if name not in NAMED_ENTITIES:
        raise _entities_error(
            f'Unsupported HTML entity "&{name};" at byte offset {_offset(text, at)}'
        )
    return NAMED_ENTITIES[name], match.end()


def _offset(text: str, at: int) -> int:
    return len(text[:at].encode())


def _entities_error(detail: str) -> ApiError:
    return bad_request(f"can't parse entities: {detail}")


def _reply_markup(value: object) -> dict:
    if value is None:
        return {}
    if isinstance(value, str):  # form parameters carry it JSON-serialised
        try:
            value = json.loads(value)
        except ValueError:
            raise bad_request("can't parse reply keyboard markup JSON object") from None
    if not isinstance(value, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    keyboard = value.get("keyboard")
    if keyboard is not None:
        _check_keyboard(keyboard)
    return value


def _check_keyboard(keyboard: object) -> None:
    if not isinstance(keyboard, list) or not all(isinstance(row, list) for row in keyboard):
        raise bad_request('field "keyboard" of the ReplyKeyboardMarkup must be an Array of Arrays')
    for button in (button for row in keyboard for button in row):
        label = button.get("text") if isinstance(button, dict) else button
        if not isinstance(label, str) or not label:
            raise bad_request("keyboard button text must be non-empty")
        if isinstance(button, dict) and not isinstance(button.get("request_location", False), bool):
            raise bad_request('field "request_location" must be of type Boolean')


def check_secret_token(value: object) -> str:
    """``setWebhook``'s ``secret_token`` ("" when not given)."""
    if value in (None, ""):
        return ""
    if not isinstance(value, str) or not SECRET_TOKEN.fullmatch(value):
        raise bad_request("secret token contains unallowed characters")
    return value


# sendPhoto (issue 27) ----------------------------------------------------------------------

MAX_CAPTION = 1024  # characters after entities parsing, counted in UTF-16 code units
MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_PHOTO_SIDES = 10_000  # width + height
MAX_PHOTO_RATIO = 20
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_SIGNATURE = b"\xff\xd8\xff"


@dataclass(frozen=True)
class SendPhoto:
    """A checked ``sendPhoto`` call: the picture's bytes (an upload) or a ``file_id``."""

    chat_id: int
    content: bytes | None
    file_id: str | None
    caption: str  # what the person sees under the picture


def check_send_photo(params: dict, known_file: Callable[[str], bool]) -> SendPhoto:
    """``sendPhoto``'s parameters checked as the Bot API does; ApiError for the first problem.
    ``known_file(file_id)`` says whether the bot has that file."""
    chat = _chat_id(params.get("chat_id"))
    photo: Any = params.get("photo")
    content, file_id = None, None
    if hasattr(photo, "file"):  # an upload (multipart/form-data)
        content = photo.file.read()
        check_photo_bytes(content)
    elif isinstance(photo, str) and photo:
        if not known_file(photo):
            raise bad_request("wrong file identifier/HTTP URL specified")
        file_id = photo
    else:
        raise bad_request("there is no photo in the request")
    return SendPhoto(chat, content, file_id, _caption(params))


def _caption(params: dict) -> str:
    caption = params.get("caption") or ""
    if not isinstance(caption, str):
        raise bad_request("can't parse caption: must be a string")
    mode = params.get("parse_mode") or ""
    if mode and mode not in PARSE_MODES:
        raise bad_request("unsupported parse_mode")
    plain = html_plain_text(caption) if mode == "HTML" else caption
    if len(plain.encode("utf-16-le")) // 2 > MAX_CAPTION:
        raise bad_request("message caption is too long")
    return plain


def check_photo_bytes(content: bytes) -> None:
    """A photo Telegram can take: at most 10 MB, an image, sides within the limits."""
    if len(content) > MAX_PHOTO_BYTES:
        raise ApiError(413, "Request Entity Too Large")
    if content.startswith(PNG_SIGNATURE) and content[12:16] == b"IHDR":
        width, height = int.from_bytes(content[16:20]), int.from_bytes(content[20:24])
        small, large = sorted((max(width, 1), max(height, 1)))
        if width + height > MAX_PHOTO_SIDES or large / small > MAX_PHOTO_RATIO:
            raise bad_request("PHOTO_INVALID_DIMENSIONS")
    elif not content.startswith(JPEG_SIGNATURE):
        raise bad_request("IMAGE_PROCESS_FAILED")
