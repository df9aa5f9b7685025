"""The day's card in an e-mail (issue 27): inline in the HTML part, the plain text unchanged."""

from __future__ import annotations

from email import message_from_bytes, policy

from lokpanchang.delivery.base import Card, OutgoingMessage
from lokpanchang.delivery.email import Composer

LEAVE = "https://panchang.example.org/email/leave?t=abc"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(100)
TEXT = "Panchangam, 10 Mar 2026, Ujjain\nTithi: Shukla Ekadashi"


def compose(card: Card | None):
    composer = Composer("panchang@example.org", "Lokpanchang", lambda address: LEAVE)
    mail = composer.compose(OutgoingMessage(7, "a@example.com", "en", (), TEXT, card=card))
    return message_from_bytes(mail.as_bytes(), policy=policy.default)  # as the reader gets it


def test_the_card_is_inline_in_the_html_part_with_its_alt_text():
    mail = compose(Card("17.39_78.49_2026-03-10_en.png", PNG, "Panchangam, 10 Mar 2026, Ujjain"))
    assert mail.get_content_type() == "multipart/alternative"
    plain, related = mail.iter_parts()
    assert related.get_content_type() == "multipart/related"
    html, image = related.iter_parts()
    assert image.get_content_type() == "image/png" and image.get_content() == PNG
    assert image["Content-Disposition"].startswith("inline")
    cid = image["Content-ID"].strip("<>")
    assert f'src="cid:{cid}"' in html.get_content()
    assert 'alt="Panchangam, 10 Mar 2026, Ujjain"' in html.get_content()
    assert plain.get_content() == compose(None).get_body(("plain",)).get_content()


def test_without_a_card_the_mail_is_as_before():
    mail = compose(None)
    assert [p.get_content_type() for p in mail.iter_parts()] == ["text/plain", "text/html"]
    assert "cid:" not in mail.get_body(("html",)).get_content()
