"""Which ledger rows a worker group may send: those of subscribers on the numbers it holds.

A subscriber is sent from their pinned number (``user_detail.number_id``) when it is still
one of ours, else from ``numbers[id % len(numbers)]`` (``broadcast.pipeline.pinned_number``);
subscribers on channels without numbers (Telegram, e-mail) belong to every group.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, false, func, or_, select
from sqlalchemy.orm import Session

from lokpanchang.storage.ledger import Ledger
from lokpanchang.storage.models import UserDetail
from lokpanchang.storage.states import OWED_LEDGER

NUMBERED_CHANNEL = "whatsapp"


def on_numbers(held: set[str], numbers: tuple[str, ...]) -> ColumnElement[bool]:
    """Subscribers sent from one of ``held`` (of all our ``numbers``), or from no number."""
    user = UserDetail
    places = [place for place, number in enumerate(numbers) if number in held]
    pinned_to = func.coalesce(user.number_id, "")  # no NULLs: the negation must be exact
    pinned = pinned_to.in_(sorted(held)) if held else false()
    unpinned = and_(
        pinned_to.not_in(numbers), (user.id % len(numbers)).in_(places) if places else false()
    )
    return or_(user.channel != NUMBERED_CHANNEL, pinned, unpinned)


def rows_on_numbers(model: Ledger, held: set[str], numbers: tuple[str, ...]):
    """The ledger rows whose subscribers are sent from one of ``held`` (``on_numbers``)."""
    return model.user_id.in_(select(UserDetail.id).where(on_numbers(held, numbers)))


def owed_elsewhere(
    session: Session, model: Ledger, where, held: set[str], numbers: tuple[str, ...]
) -> list[tuple[int, str | None]]:
    """(subscriber id, pinned number) of the rows matching ``where`` that still owe a send
    and are not on ``held``: another group's to send."""
    query = (
        select(UserDetail.id, UserDetail.number_id)
        .join(model, model.user_id == UserDetail.id)
        .where(where, model.status.in_(OWED_LEDGER), ~on_numbers(held, numbers))
    )
    return [(user_id, number) for user_id, number in session.execute(query)]
