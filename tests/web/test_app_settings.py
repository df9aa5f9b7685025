"""The web app refuses unsafe settings the way every other setting is refused."""

from __future__ import annotations

import pytest

from lokpanchang.cli import main
from lokpanchang.config import ConfigError
from lokpanchang.web import create_app


def test_production_without_a_secret_key_is_a_configuration_error(make_settings):
    with pytest.raises(ConfigError, match="SECRET_KEY"):
        create_app(make_settings(environment="production"))


def test_the_web_command_reports_it_in_one_line(settings_env, capsys):
    settings_env(ENVIRONMENT="production")
    assert main(["web", "--port", "1"]) == 2
    assert "SECRET_KEY must be set" in capsys.readouterr().err
