"""Prometheus: the collector behind `GET /metrics`, read from the database at each scrape."""
