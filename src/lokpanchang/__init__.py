"""Lokpanchang: the day's panchangam for each subscriber's own place, on WhatsApp at 06:30 local."""

__version__ = "0.1.0"
