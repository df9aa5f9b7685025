"""The portal's queries on PostgreSQL (the rest of the suite runs them on SQLite)."""

from __future__ import annotations

import re

import pytest

from lokpanchang import clock
from lokpanchang.operators import create_operator
from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.web import create_app
from tests.web import seed as seed_data
from tests.web.conftest import csrf_from, log_in

pytestmark = pytest.mark.integration


@pytest.fixture
def pg_client(postgres_url, make_settings):
    migrate.upgrade(postgres_url)
    with transaction(postgres_url) as session:
        create_operator(session, "ops", seed_data.PASSWORD, clock.now())
    seeded = seed_data.seed(postgres_url, clock.now())
    app = create_app(
        make_settings(
            database_url=postgres_url,
            secret_key="k",
            delivery_backend="outbox",
            enable_test_routes=True,
        )
    )
    client = app.test_client()
    assert log_in(client).status_code == 302
    client.csrf, client.seeded = csrf_from(client, "/admin/"), seeded
    yield client
    engine_for(postgres_url).dispose()


def test_dashboard_filters_failures_and_the_send_guard_work_on_postgresql(pg_client):
    page = pg_client.get("/admin/").get_data(as_text=True)
    assert re.search(r'id="kpi-active">13<', page) and re.search(r'id="kpi-failed">3<', page)
    listed = pg_client.get("/admin/subscribers?city=LOND&status=stopped").get_data(as_text=True)
    assert seed_data.STOPPED_PHONE in listed
    run = pg_client.get(f"/admin/broadcasts/{pg_client.seeded.kolkata_run_id}").get_data(
        as_text=True
    )
    assert 'id="error-131026"' in run
    plan = pg_client.post(
        "/admin/send/today",
        data={"csrf_token": pg_client.csrf, "target": "zone", "zone": "Asia/Kolkata"},
    ).get_data(as_text=True)
    assert "<strong>1</strong> will get today" in plan and "11 already have today" in plan
    assert pg_client.get("/test-db").json["dialect"] == "postgresql"
