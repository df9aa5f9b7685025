"""The fake Cloud API's media: ``POST /{version}/{phone_number_id}/media`` and the image
headers of templates, checked as Meta checks them (issue 27).

Meta's rules (developers.facebook.com, WhatsApp Cloud API "Media", "Supported media types",
"Error codes"): an upload is multipart/form-data with ``messaging_product=whatsapp``, a
``type`` and the ``file``; images are image/jpeg or image/png of at most 5 MB; the answer is
``{"id": ...}``. A media id belongs to the phone number that uploaded it and lasts 30 days.
A template registered with an image header must be sent with one
(``{"type": "header", "parameters": [{"type": "image", "image": {"id": ...}}]}``) and one
registered without must be sent without: otherwise 132012 "Parameter format does not match
format in the created template" ("header: Format mismatch, expected IMAGE, received
UNKNOWN"). A media id the number does not have (never uploaded, another number's, expired)
is 131053 "Media upload error". Every upload is listed at ``GET /_fake/media``.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import asdict, dataclass
from datetime import timedelta

from aiohttp import web

from lokpanchang import clock
from lokpanchang.fakes.whatsapp_shapes import Rejected

IMAGE_TYPES = {"image/png": b"\x89PNG\r\n\x1a\n", "image/jpeg": b"\xff\xd8\xff"}
MAX_IMAGE_BYTES = 5 * 1024 * 1024
MEDIA_LIFETIME = timedelta(days=30)
MEDIA_ERROR = 131053
FORMAT_MISMATCH = 132012


@dataclass(frozen=True)
class Upload:
    """One accepted upload."""

    id: str
    number: str
    type: str
    bytes: int
    sha256: str
    at: float  # epoch seconds


class FakeMedia:
    """Uploaded media by id, and the checks of a template's header against them."""

    def __init__(self, image_templates: frozenset[str]) -> None:
        self.image_templates = image_templates
        self.uploads: dict[str, Upload] = {}
        self._ids = itertools.count(9_100_000_000_000_001)

    def reset(self) -> None:
        self.uploads.clear()

    async def upload(self, request: web.Request, number: str) -> dict:
        """An upload checked as Meta checks it; its ``{"id": ...}``, or ``Rejected``."""
        try:
            form = await request.post()
        except ValueError:
            raise Rejected(100, "the upload must be multipart/form-data") from None
        if form.get("messaging_product") != "whatsapp":
            raise Rejected(100, "messaging_product must be 'whatsapp'")
        declared, file = form.get("type"), form.get("file")
        if not isinstance(file, web.FileField):
            raise Rejected(100, "the param file must be a file")
        content = file.file.read()
        _check_image(str(declared or ""), content)
        media_id = str(next(self._ids))
        digest = hashlib.sha256(content).hexdigest()
        at = clock.now().timestamp()
        self.uploads[media_id] = Upload(media_id, number, str(declared), len(content), digest, at)
        return {"id": media_id}

    def check_header(self, template: dict, number: str) -> None:
        """The template's header as registered: an image of this number's, or none."""
        header = _header(template)
        wanted = template.get("name") in self.image_templates
        if wanted and not header:
            raise Rejected(
                FORMAT_MISMATCH, "header: Format mismatch, expected IMAGE, received UNKNOWN"
            )
        if not wanted and header is not None:
            raise Rejected(
                FORMAT_MISMATCH, "header: Format mismatch, expected NONE, received IMAGE"
            )
        if header:
            self._check_media_id(header, number)

    def _check_media_id(self, media_id: str, number: str) -> None:
        upload = self.uploads.get(media_id)
        age = clock.now().timestamp() - upload.at if upload is not None else 0.0
        if upload is None or upload.number != number or age > MEDIA_LIFETIME.total_seconds():
            raise Rejected(
                MEDIA_ERROR, f"media id {media_id} is not available to phone number {number}"
            )

    def listing(self) -> dict:
        uploads = [asdict(upload) for upload in self.uploads.values()]
        return {"uploads": uploads, "count": len(uploads)}


def _check_image(declared: str, content: bytes) -> None:
    signature = IMAGE_TYPES.get(declared)
    if signature is None:
        raise Rejected(
            MEDIA_ERROR, f"type {declared!r} is not a supported image type (image/jpeg, image/png)"
        )
    if len(content) > MAX_IMAGE_BYTES:
        raise Rejected(MEDIA_ERROR, f"the image is {len(content)} bytes, over the 5 MB limit")
    if not content.startswith(signature):
        raise Rejected(MEDIA_ERROR, f"the file is not {declared}")


def _header(template: dict) -> str | None:
    """The header's image id ("" for a header that is not an image), None without a header."""
    for component in template.get("components") or []:
        if isinstance(component, dict) and component.get("type") == "header":
            parameters = component.get("parameters") or [{}]
            image = parameters[0].get("image") if isinstance(parameters[0], dict) else None
            if not isinstance(image, dict) or parameters[0].get("type") != "image":
                return ""
            return str(image.get("id") or "")
    return None
