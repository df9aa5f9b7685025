"""Delivery channels behind one ``Sender`` protocol: whatsapp (Cloud API), outbox, memory."""

from lokpanchang.delivery.base import Outcome, OutgoingMessage, Sender, SendResult

__all__ = ["Outcome", "OutgoingMessage", "SendResult", "Sender"]
