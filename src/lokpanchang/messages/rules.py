"""WhatsApp's rules for template body parameters, as pure functions.

Meta rejects a template send (error 132018) when a body parameter contains a newline, a tab
or more than four consecutive spaces, and refuses empty parameters; the body after
substitution may hold at most 1,024 characters.
"""

from __future__ import annotations

import re

MAX_BODY_CHARS = 1024
MAX_SPACE_RUN = 4
EMPTY_PLACEHOLDER = "-"

_PLACEHOLDER = re.compile(r"\{\{(\d+)\}\}")
# Any whitespace other than the plain space (newline, tab, NBSP, U+2028...) becomes a space:
# Meta's check is on newlines and tabs, but other separators render as line breaks on phones.
_OTHER_WHITESPACE = re.compile(r"[^\S ]")
_SPACE_RUN = re.compile(r" {2,}")
_EDGE_PLACEHOLDER = re.compile(r"^\{\{\d+\}\}|\{\{\d+\}\}$")


class TemplateRuleError(ValueError):
    """A rendering breaks one of WhatsApp's template rules; the message names the value."""


def placeholder_count(body: str) -> int:
    """The number of distinct ``{{n}}`` placeholders in ``body`` (they must run 1..N)."""
    numbers = sorted({int(n) for n in _PLACEHOLDER.findall(body)})
    if numbers != list(range(1, len(numbers) + 1)):
        raise TemplateRuleError(f"template placeholders {numbers} do not run 1..N")
    return len(numbers)


def check_body(body: str) -> str:
    """``body`` if Meta would accept it as a template body, else TemplateRuleError.

    Meta refuses a body that starts or ends with a placeholder, and one over the length limit.
    """
    placeholder_count(body)
    if _EDGE_PLACEHOLDER.search(body.strip()):
        raise TemplateRuleError(f"template body {body[:40]!r}... starts or ends with a placeholder")
    if len(body) > MAX_BODY_CHARS:
        raise TemplateRuleError(
            f"template body is {len(body)} characters, more than {MAX_BODY_CHARS}"
        )
    return body


def clean_parameter(value: object) -> str:
    """``value`` as one line: other whitespace to spaces, space runs collapsed, never empty."""
    text = _OTHER_WHITESPACE.sub(" ", str(value))
    text = _SPACE_RUN.sub(" ", text).strip()
    return text or EMPTY_PLACEHOLDER


def truncate(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, marking the cut with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)].rstrip() + "…" if limit > 0 else ""


def substitute(body: str, parameters: tuple[str, ...]) -> str:
    """``body`` with ``{{n}}`` replaced by ``parameters[n-1]``."""
    return _PLACEHOLDER.sub(lambda match: parameters[int(match.group(1)) - 1], body)


def parameter_problem(value: str) -> str | None:
    """Why ``value`` is not a valid body parameter, or None when it is."""
    if not value.strip():
        return "is empty"
    if "\n" in value or "\r" in value:
        return "contains a newline"
    if "\t" in value:
        return "contains a tab"
    if " " * (MAX_SPACE_RUN + 1) in value:
        return f"contains more than {MAX_SPACE_RUN} consecutive spaces"
    return None


def check_rendering(body: str, parameters: tuple[str, ...]) -> str:
    """The substituted body, or TemplateRuleError naming the first broken rule."""
    expected = placeholder_count(body)
    if len(parameters) != expected:
        raise TemplateRuleError(f"template wants {expected} parameters, got {len(parameters)}")
    for number, value in enumerate(parameters, start=1):
        problem = parameter_problem(value)
        if problem:
            raise TemplateRuleError(f"parameter {{{{{number}}}}}={value!r} {problem}")
    text = substitute(body, parameters)
    if len(text) > MAX_BODY_CHARS:
        raise TemplateRuleError(
            f"body is {len(text)} characters after substitution, more than {MAX_BODY_CHARS}"
        )
    return text
