"""The peer a Celery user would write instead of our pipeline: one task per subscriber.

``send_one.delay(phone)`` for every subscriber, run on the gevent pool
(``celery -A bench.pipeline.peer worker -P gevent -c 300``), each task posting the template
to the Cloud API through one pooled ``requests.Session`` per worker process. Celery's
defaults otherwise (as a user would leave them); JSON only. Settings from the environment:
PEER_BROKER_URL, PEER_BASE_URL, PEER_TOKEN, PEER_NUMBER.
"""

from __future__ import annotations

import os
from typing import Any

import requests
from celery import Celery

app = Celery("peer", broker=os.environ.get("PEER_BROKER_URL", "redis://127.0.0.1:6379/0"))
app.conf.update(task_serializer="json", accept_content=["json"], worker_hijack_root_logger=False)

PARAMETERS = (
    "Tuesday 1 Dec 2026, Hyderabad",
    "Shukla Dashami",
    "Revati",
    "Siddhi",
    "Garaja",
    "06:35 / 17:41",
    "15:00-16:24",
    "Margashirsha",
)
_session = requests.Session()
_session.mount("http://", requests.adapters.HTTPAdapter(pool_connections=1, pool_maxsize=500))


@app.task(name="peer.send_one")
def send_one(phone: str) -> int:
    url = f"{os.environ['PEER_BASE_URL']}/v25.0/{os.environ['PEER_NUMBER']}/messages"
    payload: dict[str, Any] = {
        "messaging_product": "whatsapp",
        "to": phone.lstrip("+"),
        "type": "template",
        "template": {
            "name": "daily_panchangam",
            "language": {"code": "en"},
            "components": [
                {"type": "body", "parameters": [{"type": "text", "text": t} for t in PARAMETERS]}
            ],
        },
    }
    headers = {"Authorization": f"Bearer {os.environ['PEER_TOKEN']}"}
    response = _session.post(url, json=payload, headers=headers, timeout=15)
    return response.status_code
