"""``Settings``: every subject's settings composed into the one class read from the
environment. Each subject (a mixin in its own module) brings its fields, their validators
and the values derived from them."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict

from lokpanchang.config.almanac import Almanac
from lokpanchang.config.cards import Cards
from lokpanchang.config.email import Email
from lokpanchang.config.install import Install
from lokpanchang.config.operations import Operations
from lokpanchang.config.public_page import PublicPage
from lokpanchang.config.scheduling import Outcomes, Scheduling
from lokpanchang.config.storage import Storage
from lokpanchang.config.telegram import Telegram
from lokpanchang.config.web import AdminLogin, Web
from lokpanchang.config.whatsapp import WhatsApp
from lokpanchang.config.workers import Workers

SUBJECTS = (
    Install,
    Storage,
    Scheduling,
    Workers,
    WhatsApp,
    Telegram,
    Email,
    Outcomes,
    Almanac,
    Web,
    PublicPage,
    Cards,
    AdminLogin,
    Operations,
)
"""The subjects in the order their settings stand (ENVIRONMENT first, FLOWER_PORT last)."""


class Settings(
    # pydantic lists the fields from the last base to the first (its MRO reversed), so the
    # subjects are named here last first; their fields then stand in the order of SUBJECTS.
    Operations,
    AdminLogin,
    Cards,
    PublicPage,
    Web,
    Almanac,
    Outcomes,
    Email,
    Telegram,
    WhatsApp,
    Workers,
    Scheduling,
    Storage,
    Install,
    BaseSettings,
):
    """Every setting: an environment variable named after the field in upper case."""

    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")
