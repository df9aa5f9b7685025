"""The e-mail channel's pages: sign up from the public page, confirm, leave with one click.

- ``POST /email/signup`` (the public page's form: an address, the place shown, the language)
  sends a confirmation link, signed and expiring (``EMAIL_CONFIRM_HOURS``); nothing else is
  sent and no subscriber is made before it is opened. The mail is a direct send
  (``broadcast.direct``, kind ``confirmation``) keyed by the sign-up and the ten minutes it
  was asked in (``CONFIRM_PERIOD``): the same sign-up posted again (a double click, a
  resubmitted form, a loop) in that time mails nothing more.
- ``GET /email/confirm/<token>`` shows a button; its ``POST`` keeps the sign-up in the
  inbound store and hands it to the one inbound task (``web.inbound``), which subscribes the address at the place and
  sends today's panchangam if its time has passed (a mail scanner that follows links never
  confirms: only the button does).
- ``GET /email/unsubscribe/<token>`` (the link in every message) shows a button; a ``POST``
  to it -- the button, or a mail client's one-click (RFC 8058, ``List-Unsubscribe=One-Click``)
  -- stops the subscriber.
- ``POST /email/feedback``: a provider's feedback-loop report (ARF, RFC 5965) or a relay's
  later bounce (DSN, RFC 3464), piped from the
  feedback address; a report about a message we sent disables its address (a complaint).

A token that is forged or expired answers 400 and changes nothing.
"""

from __future__ import annotations

import hashlib

import structlog
from flask import Blueprint, abort, render_template, request

from lokpanchang import clock, languages
from lokpanchang.broadcast import direct
from lokpanchang.broadcast.context import owned_context
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage
from lokpanchang.delivery.email_adapter import (
    CHANNEL,
    address_leaving,
    confirm_url,
    normalise_address,
    signup_of,
)
from lokpanchang.delivery.email_feedback import Bounce, Complaint, report_of
from lokpanchang.messages.email_words import email_words
from lokpanchang.places import validated
from lokpanchang.storage.states import DirectKind
from lokpanchang.web import app_settings, inbound

log = structlog.get_logger(__name__)
bp = Blueprint("channel_email", __name__)
PLAIN = {"Content-Type": "text/plain; charset=utf-8"}
CONFIRM_PERIOD = 600  # seconds: one confirmation per sign-up in each
bp.add_app_template_global(email_words, "email_words_for")


@bp.app_template_global("email_signup_open")
def signup_open() -> bool:
    """Whether the public page offers the e-mail sign-up: an SMTP relay is configured."""
    return bool(app_settings().email_smtp_host)


@bp.before_request
def configured_only():
    if not signup_open():
        abort(404)


def _language() -> str:
    asked = request.values.get("lang", "")
    return asked if languages.is_supported(asked) else languages.DEFAULT


def _page(status: int, language: str, title: str, text: str, button: str = ""):
    page = render_template(
        "email/page.html", title=title, text=text, button=button, page_lang=language
    )
    return page, status


@bp.post("/email/signup")
def signup():
    language = _language()
    words = email_words(language)
    given = request.form.get("email", "")
    try:
        address = normalise_address(given)
        latitude, longitude = validated(request.form.get("latitude"), request.form.get("longitude"))
    except ValueError as exc:
        shown = (
            words["bad_address"].format(address=given.strip()[:254])
            if "mail" in str(exc)
            else str(exc)
        )
        return _page(400, language, words["confirm_title"], shown)
    place = request.form.get("place", "").strip()[:200] or f"{latitude:.2f}, {longitude:.2f}"
    signup = {"a": address, "lat": latitude, "lon": longitude, "l": language, "p": place}
    if not _send_confirmation(signup, words):
        return _page(503, language, words["confirm_title"], "not sent now; try again later")
    return _page(
        200, language, words["confirm_title"], words["check_inbox"].format(address=address)
    )


def _send_confirmation(signup: dict, words) -> bool:
    settings = app_settings()
    link = confirm_url(settings, signup)
    body = words["confirm_body"].format(
        place=signup["p"], link=link, hours=settings.email_confirm_hours
    )
    message = OutgoingMessage(
        0,
        signup["a"],
        signup["l"],
        text=f"{words['confirm_subject']}\n\n{body}",
        kind=MessageKind.TEXT,
        channel=CHANNEL,
    )
    now = clock.now()
    with owned_context(settings) as ctx:
        [result] = direct.send(
            ctx, DirectKind.CONFIRMATION, [(_signup_key(signup, now), message)], now
        )
    log.info("email.confirmation_sent", outcome=str(result.outcome), code=result.error_code)
    return result.outcome is Outcome.SENT


def _signup_key(signup: dict, now) -> str:
    """A sign-up's key in the ledger: its values (hashed: the key names no one) and the
    ``CONFIRM_PERIOD`` it was asked in."""
    values = "\x1f".join(str(signup[name]) for name in ("a", "lat", "lon", "l", "p"))
    digest = hashlib.sha256(values.encode()).hexdigest()[:40]
    return f"{digest}:{int(now.timestamp()) // CONFIRM_PERIOD}"


@bp.route("/email/confirm/<token>", methods=["GET", "POST"])
def confirm(token: str):
    found = signup_of(app_settings(), token)
    language = str(found.get("l", "")) if found else _language()
    words = email_words(language)
    if found is None:
        return _page(400, language, words["confirm_title"], words["bad_link"])
    if request.method == "GET":
        return _page(200, language, words["confirm_title"], found["p"], words["confirm_button"])
    once = hashlib.sha256(token.encode()).hexdigest()[:40]  # the link, not its contents
    problem = _enqueue({"kind": "confirm", "signup": found, "once": once})
    if problem:
        return problem
    return _page(
        200, language, words["confirm_title"], words["confirmed"].format(address=found["a"])
    )


@bp.route("/email/unsubscribe/<token>", methods=["GET", "POST"])
def unsubscribe(token: str):
    address = address_leaving(app_settings(), token)
    language = _language()
    words = email_words(language)
    if address is None:
        return _page(400, language, words["leave_title"], words["bad_link"])
    if request.method == "GET":
        return _page(200, language, words["leave_title"], address, words["leave_button"])
    problem = _enqueue({"kind": "unsubscribe", "address": address})
    if problem:
        return problem
    return _page(200, language, words["leave_title"], words["left"].format(address=address))


@bp.post("/email/feedback")
def feedback():
    """A report about a message of ours (``delivery.email_feedback``): a complaint, or a bounce
    that leaves the address gone, disables it (202); a bounce that does not (a full mailbox,
    a delay) changes nothing (200); a 400 names why the body is not a report of ours."""
    try:
        report = report_of(request.get_data())
    except ValueError as exc:
        return f"{exc}\n", 400, PLAIN
    address = address_leaving(app_settings(), report.leave_token)
    if address is None:
        return "the reported message's List-Unsubscribe link is not one we signed\n", 400, PLAIN
    if isinstance(report, Bounce) and not report.hard:
        return f"not a hard bounce ({report.status}): nothing changed\n", 200, PLAIN
    return _enqueue(_event_of(report, address)) or ("accepted\n", 202, PLAIN)


def _event_of(report: Complaint | Bounce, address: str) -> dict:
    if isinstance(report, Bounce):
        return {"kind": "bounce", "address": address, "status": report.status,
                "diagnostic": report.diagnostic}  # fmt: skip
    return {"kind": "complaint", "address": address, "feedback": report.feedback_type}


def _enqueue(body: dict):
    """Keep a verified page's event in the inbound store and hand it to the one inbound
    task (``web.inbound``); a page saying so if the database cannot keep it (nothing was
    done: the person can press again)."""
    try:
        inbound.accept(CHANNEL, body)
    except inbound.StoreUnavailable as exc:
        log.error("email.store_unavailable", error=str(exc))
        return "not kept now; try again in a minute", 503
    return None
