import re
from datetime import time

import pytest

from lokpanchang.config import ConfigError, load_settings, parse_send_time


def test_defaults_are_the_embedded_mode(tmp_path):
    settings = load_settings({}, data_dir=tmp_path)
    assert settings.is_embedded
    assert settings.effective_database_url.startswith("sqlite:///")
    assert settings.effective_delivery_backend == "outbox"
    assert settings.default_send_time == time(6, 30)


def test_a_bad_value_names_the_variable_and_the_value():
    with pytest.raises(ConfigError, match=r"LATE_GRACE='soon'"):
        load_settings({"LATE_GRACE": "soon"})


def test_a_bad_send_time_names_the_value():
    with pytest.raises(ConfigError, match="25:99"):
        load_settings({"DEFAULT_SEND_TIME": "25:99"})


def test_lookahead_must_exceed_the_planner_period():
    with pytest.raises(ConfigError, match="PLANNER_LOOKAHEAD=600"):
        load_settings({"PLANNER_LOOKAHEAD": "600", "PLANNER_PERIOD": "600"})


def test_secrets_can_come_from_files(tmp_path):
    secret = tmp_path / "token"
    secret.write_text("s3cret\n")
    settings = load_settings(
        {"WHATSAPP_ACCESS_TOKEN_FILE": str(secret), "WHATSAPP_PHONE_NUMBER_ID": "123"}
    )
    assert settings.whatsapp_access_token == "s3cret"
    assert settings.effective_delivery_backend == "whatsapp"


def test_an_unreadable_secret_file_is_named(tmp_path):
    with pytest.raises(ConfigError, match="WHATSAPP_APP_SECRET_FILE="):
        load_settings({"WHATSAPP_APP_SECRET_FILE": str(tmp_path / "absent")})


@pytest.mark.parametrize("text", ["6:30x", "noon", "06", "06:3", ""])
def test_parse_send_time_refuses_non_hhmm(text):
    with pytest.raises(ValueError, match="HH:MM"):
        parse_send_time(text)


def test_login_throttle_defaults():
    settings = load_settings({})
    assert (
        settings.admin_login_max_failures,
        settings.admin_login_max_address_failures,
        settings.admin_login_window_seconds,
        settings.admin_login_lockout_seconds,
    ) == (5, 20, 900, 900)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ADMIN_LOGIN_MAX_FAILURES", "0"),
        ("ADMIN_LOGIN_MAX_ADDRESS_FAILURES", "-3"),
        ("ADMIN_LOGIN_WINDOW_SECONDS", "fifteen minutes"),
        ("ADMIN_LOGIN_LOCKOUT_SECONDS", "1.5"),
    ],
)
def test_login_throttle_settings_must_be_positive_integers(name, value):
    with pytest.raises(ConfigError, match=f"{name}={value!r}"):
        load_settings({name: value})


def test_several_phone_numbers_and_the_account_limits_are_read(make_settings):
    settings = make_settings(
        whatsapp_phone_number_id="1065403522, 1065403523",
        whatsapp_messaging_limit="2000",
        whatsapp_template_category="utility",
    )
    assert settings.whatsapp_numbers == ("1065403522", "1065403523")
    assert (settings.messaging_limit, settings.whatsapp_template_category) == (2000, "utility")
    defaults = make_settings()
    assert (defaults.messaging_limit, defaults.whatsapp_template_category) == (None, "marketing")
    assert defaults.whatsapp_numbers == ()


@pytest.mark.parametrize("value", ["+91 98123 45678", "919812345678", "+91-98123-45678"])
def test_the_public_whatsapp_number_is_kept_in_international_form(value):
    assert load_settings({"WHATSAPP_DISPLAY_NUMBER": value}).whatsapp_display_number == (
        "+919812345678"
    )


@pytest.mark.parametrize("value", ["call us", "+12", "+91 98123 45678 ext 9"])
def test_a_bad_public_whatsapp_number_names_the_variable_and_the_value(value):
    with pytest.raises(ConfigError, match=re.escape(f"WHATSAPP_DISPLAY_NUMBER={value!r}")):
        load_settings({"WHATSAPP_DISPLAY_NUMBER": value})


def test_a_bad_secret_is_named_but_its_value_is_not_echoed():
    """Issue 24, item 6: the start-up error printed the bad secret's value."""
    from lokpanchang.config import ConfigError, load_settings

    with pytest.raises(ConfigError) as refused:
        load_settings({"TELEGRAM_WEBHOOK_SECRET": "not allowed: spaces & the-real-secret-Q9"})
    message = str(refused.value)
    assert "TELEGRAM_WEBHOOK_SECRET" in message and "the-real-secret-Q9" not in message


REDIS_URLS = {
    "CELERY_BROKER_URL": "redis://lokpanchang@redis:6379/0",
    "CELERY_RESULT_BACKEND": "redis://redis:6379/1",
    "REDIS_URL": "rediss://lokpanchang@redis:6380/2",
}


def test_the_redis_password_file_goes_into_every_redis_url(tmp_path):
    """Issue 24, item 5: Redis had no password; one secret file gives it to every URL."""
    secret = tmp_path / "redis_password"
    secret.write_text("s3cr/t+pass\n")
    settings = load_settings({**REDIS_URLS, "REDIS_PASSWORD_FILE": str(secret)})
    assert settings.celery_broker_url == "redis://lokpanchang:s3cr%2Ft%2Bpass@redis:6379/0"
    assert settings.celery_result_backend == "redis://:s3cr%2Ft%2Bpass@redis:6379/1"
    assert settings.redis_url == "rediss://lokpanchang:s3cr%2Ft%2Bpass@redis:6380/2"
    from lokpanchang.config import secret_values

    assert "s3cr/t+pass" in secret_values(settings)


def test_the_redis_password_leaves_other_urls_and_the_embedded_mode_alone(tmp_path):
    settings = load_settings({"REDIS_PASSWORD": "pw"}, data_dir=tmp_path)
    assert settings.celery_broker_url == "" and settings.is_embedded


def test_a_redis_password_given_twice_is_refused_without_echoing_either():
    with pytest.raises(ConfigError) as refused:
        load_settings(
            {"CELERY_BROKER_URL": "redis://:inline-Q7@redis:6379/0", "REDIS_PASSWORD": "file-Z3"}
        )
    message = str(refused.value)
    assert "CELERY_BROKER_URL" in message and "REDIS_PASSWORD" in message
    assert "inline-Q7" not in message and "file-Z3" not in message


def test_a_worker_group_name_that_could_not_be_a_lease_holder_is_refused_by_name():
    with pytest.raises(ConfigError, match="WORKER_GROUP='host:a'"):
        load_settings({"WORKER_GROUP": "host:a"})
    with pytest.raises(ConfigError, match="NUMBER_LEASE_TTL='0.5'"):
        load_settings({"NUMBER_LEASE_TTL": "0.5"})
