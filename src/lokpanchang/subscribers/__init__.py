"""Subscribers: the operations the CLI, the conversation and the admin portal share."""

from lokpanchang.subscribers.csvfile import ParsedFile, RowProblem, parse_subscribers
from lokpanchang.subscribers.importer import ImportReport, import_subscribers
from lokpanchang.subscribers.operations import (
    SubscriberFilter,
    SubscriberNotFound,
    as_record,
    count_subscribers,
    find_by_address,
    find_by_phone,
    list_subscribers,
    move,
    move_user,
    stop,
    stop_user,
    subscribe,
    subscribe_again,
    update_preferences,
    update_user_preferences,
)
from lokpanchang.subscribers.validation import (
    DEFAULT_REGION,
    LANGUAGES,
    NewSubscriber,
    new_subscriber,
    normalise_phone,
)

__all__ = [
    "DEFAULT_REGION",
    "LANGUAGES",
    "ImportReport",
    "NewSubscriber",
    "ParsedFile",
    "RowProblem",
    "SubscriberFilter",
    "SubscriberNotFound",
    "as_record",
    "count_subscribers",
    "find_by_address",
    "find_by_phone",
    "import_subscribers",
    "list_subscribers",
    "move",
    "move_user",
    "new_subscriber",
    "normalise_phone",
    "parse_subscribers",
    "stop",
    "stop_user",
    "subscribe",
    "subscribe_again",
    "update_preferences",
    "update_user_preferences",
]
