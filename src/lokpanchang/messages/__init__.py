"""PURE: a panchangam and a language -> WhatsApp template parameters and plain text."""

from lokpanchang.messages.daily import (
    DAILY_TEMPLATE_BODY,
    RenderedMessage,
    check_daily,
    plain_text,
    render_daily,
    template_body,
)
from lokpanchang.messages.languages import DAILY_TEMPLATE_BODIES
from lokpanchang.messages.observance_lines import (
    DAILY_TEMPLATE_BODIES_V2,
    TEMPLATE_V2,
    template_version,
)
from lokpanchang.messages.replies import reply
from lokpanchang.messages.rules import TemplateRuleError, check_rendering, clean_parameter

__all__ = [
    "DAILY_TEMPLATE_BODIES",
    "DAILY_TEMPLATE_BODIES_V2",
    "DAILY_TEMPLATE_BODY",
    "TEMPLATE_V2",
    "RenderedMessage",
    "TemplateRuleError",
    "check_daily",
    "check_rendering",
    "clean_parameter",
    "plain_text",
    "render_daily",
    "reply",
    "template_body",
    "template_version",
]
