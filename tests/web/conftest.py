"""Portal fixtures: a migrated SQLite database with seeded data, an operator, a logged-in client."""

from __future__ import annotations

import re
import shutil

import pytest

from lokpanchang import clock
from lokpanchang.operators import create_operator
from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.web import create_app
from tests.web import seed as seed_data

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory):
    """One migrated SQLite file with operator ``ops`` per session; each test gets a copy
    (Alembic and password hashing are slow to rerun)."""
    path = tmp_path_factory.mktemp("template") / "portal.sqlite3"
    url = f"sqlite:///{path}"
    migrate.upgrade(url)
    with transaction(url) as session:
        create_operator(session, "ops", seed_data.PASSWORD, clock.now())
    engine_for(url).dispose()  # closes the last connection, which folds the WAL into the file
    return path


@pytest.fixture
def portal_url(tmp_path, migrated_template):
    path = tmp_path / "portal.sqlite3"
    shutil.copyfile(migrated_template, path)
    url = f"sqlite:///{path}"
    yield url
    engine_for(url).dispose()


@pytest.fixture
def seeded(portal_url):
    return seed_data.seed(portal_url, clock.now())


@pytest.fixture
def portal_settings(make_settings, portal_url):
    def build(**values):
        values.setdefault("enable_test_routes", True)
        values.setdefault("delivery_backend", "outbox")
        values.setdefault(
            "secret_key", "kV3q9ZtR7wLx2Hn5Pb8Jc4Mf6Ds1Ga0Ye"
        )  # random: production refuses phrases
        return make_settings(database_url=portal_url, **values)

    return build


@pytest.fixture
def app(portal_settings):
    return create_app(portal_settings())


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_from(client, path="/admin/login") -> str:
    found = CSRF.search(client.get(path).get_data(as_text=True))
    assert found, f"no CSRF token on {path}"
    return found.group(1)


def log_in(client, username="ops", password=seed_data.PASSWORD):
    token = csrf_from(client)
    return client.post(
        "/admin/login", data={"username": username, "password": password, "csrf_token": token}
    )


@pytest.fixture
def operator_client(client):
    response = log_in(client)
    assert response.status_code == 302
    client.csrf = csrf_from(client, "/admin/")
    return client
