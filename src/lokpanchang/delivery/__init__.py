"""Delivery channels behind one ``Sender`` protocol: whatsapp (Cloud API), outbox, memory."""

from lokpanchang.delivery.base import Outcome, OutgoingMessage, Sender, SendResult


def make_sender(settings):
    """The configured channel (see ``lokpanchang.delivery.factory``)."""
    from lokpanchang.delivery.factory import make_sender as make

    return make(settings)


__all__ = ["Outcome", "OutgoingMessage", "SendResult", "Sender", "make_sender"]
