"""The day's card rides with the daily message through the one pipeline (issue 27, item 2):
one render per card however many subscribers share it, none for a subscriber who said
``card off``, and a card that cannot be made never holds up the text."""

from __future__ import annotations

import pytest

from lokpanchang.broadcast import SendContext
from lokpanchang.broadcast.cards import CardSource
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.card_cache import CardCache
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import UserDetail
from tests.broadcast.helpers import add_subscriber, ledger
from tests.broadcast.test_sending import plan, run_to_the_end

PNG = b"\x89PNG\r\n\x1a\n" + bytes(32)


class Renderer:
    """Stands in for ``card.render_card`` (its own tests are tests/card): counts its calls."""

    def __init__(self, fails: bool = False) -> None:
        self.calls: list[tuple] = []
        self.fails = fails

    def __call__(self, panchangam, language, place, calendar) -> bytes:
        self.calls.append((language, place, calendar))
        if self.fails:
            raise RuntimeError("no font for this script")
        return PNG + language.encode()


def card_context(settings, tmp_path, renderer, shows_cards=True) -> SendContext:
    content = almanac_content()
    cards = CardSource(
        CardCache(tmp_path / "cards", 10**7), content.panchangams.get, "drik", renderer
    )
    return SendContext(settings, MemorySender(shows_cards=shows_cards), content, cards)


def _set(url: str, user_id: int, **values) -> None:
    with transaction(url) as session:
        user = session.get_one(UserDetail, user_id)
        for name, value in values.items():
            setattr(user, name, value)


def test_subscribers_sharing_a_card_get_it_with_their_message_rendered_once(settings, tmp_path):
    renderer = Renderer()
    ctx = card_context(settings, tmp_path, renderer)
    url = settings.database_url
    same = [add_subscriber(url, "Asia/Kolkata") for _ in range(4)]
    other = add_subscriber(url, "Asia/Kolkata", latitude=13.08, longitude=80.27)
    _set(url, other, language="ta")
    assert run_to_the_end(ctx, plan(settings))
    sent = {m.ledger_id: m for m in ctx.sender.sent}
    by_user = {row.user_id: sent[row.id] for row in ledger(url)}
    keys = {by_user[user].card.key for user in same}
    assert len(keys) == 1 and by_user[other].card.key not in keys
    assert all(m.card.png.startswith(PNG) and m.card.alt for m in sent.values())
    assert by_user[same[0]].card.alt == by_user[same[0]].text.splitlines()[0]
    assert len(renderer.calls) == 2  # one per distinct card, over two batches of three


def test_a_subscriber_who_said_card_off_gets_the_text_alone(settings, tmp_path):
    ctx = card_context(settings, tmp_path, Renderer())
    url = settings.database_url
    wants, refuses = add_subscriber(url, "Asia/Kolkata"), add_subscriber(url, "Asia/Kolkata")
    _set(url, refuses, card_off=True)
    assert run_to_the_end(ctx, plan(settings))
    by_user = {
        row.user_id: m for row in ledger(url) for m in ctx.sender.sent if m.ledger_id == row.id
    }
    assert by_user[wants].card is not None and by_user[refuses].card is None
    assert by_user[refuses].text == by_user[wants].text


def test_a_card_that_cannot_be_made_leaves_every_message_to_go_without_it(settings, tmp_path):
    renderer = Renderer(fails=True)
    ctx = card_context(settings, tmp_path, renderer)
    users = [add_subscriber(settings.database_url, "Asia/Kolkata") for _ in range(5)]
    assert run_to_the_end(ctx, plan(settings))
    assert len(ctx.sender.sent) == len(users)
    assert all(m.card is None and m.text for m in ctx.sender.sent)
    assert {row.status for row in ledger(settings.database_url)} == {"sent"}
    assert ctx.cards.missing == len(users)  # counted for each message
    assert len(renderer.calls) == 1  # and not rendered again for each subscriber


def test_a_channel_that_shows_no_card_gets_none_and_nothing_is_rendered(settings, tmp_path):
    renderer = Renderer()
    ctx = card_context(settings, tmp_path, renderer, shows_cards=False)
    add_subscriber(settings.database_url, "Asia/Kolkata")
    assert run_to_the_end(ctx, plan(settings))
    assert [m.card for m in ctx.sender.sent] == [None] and renderer.calls == []


@pytest.fixture
def settings(make_settings, database_url):
    return make_settings(database_url=database_url, batch_size=3, late_grace=7200)
