"""The settings are split by subject (issue 26): each setting is declared by exactly one
subject mixin of ``lokpanchang.config``, ``Settings`` composes every subject in its order
without losing a validator, and each module of the package stays small."""

import importlib
import pkgutil
from pathlib import Path

import lokpanchang.config
from lokpanchang.config import Settings
from lokpanchang.config.settings import SUBJECTS

MAX_LINES = 200  # a module of the package; the one config.py had grown to 567


def config_modules():
    """Every module of the config package, imported."""
    for info in pkgutil.iter_modules(lokpanchang.config.__path__):
        yield importlib.import_module(f"{lokpanchang.config.__name__}.{info.name}")


def subjects_defined():
    """Every class a module of the package defines that declares settings."""
    return [
        value
        for module in config_modules()
        for value in vars(module).values()
        if isinstance(value, type) and value.__module__ == module.__name__ and own_fields(value)
    ]


def own_fields(cls):
    """The settings ``cls`` itself declares (not its bases), in their order."""
    return list(vars(cls).get("__annotations__", {}))


def own_validators(cls):
    """The names of the validators ``cls`` itself declares."""
    return [name for name, value in vars(cls).items() if hasattr(value, "decorator_info")]


def test_every_setting_is_declared_by_exactly_one_subject():
    declared = [name for subject in subjects_defined() for name in own_fields(subject)]
    assert Settings not in subjects_defined()
    assert sorted(declared) == sorted(Settings.model_fields)


def test_the_settings_stand_in_the_order_of_the_subjects():
    assert sorted(SUBJECTS, key=repr) == sorted(subjects_defined(), key=repr)
    assert list(Settings.model_fields) == [name for s in SUBJECTS for name in own_fields(s)]


def test_no_subject_validator_is_lost_to_another_of_the_same_name():
    # pydantic keeps one validator per name across a model's bases: a second subject's
    # validator of the same name would silently replace the first.
    names = [name for subject in SUBJECTS for name in own_validators(subject)]
    kept = Settings.__pydantic_decorators__
    assert len(names) == len(set(names))
    assert set(names) == set(kept.field_validators) | set(kept.model_validators)


def test_each_module_of_the_config_package_stays_small():
    sizes = {
        Path(module.__file__).name: len(Path(module.__file__).read_text().splitlines())
        for module in [lokpanchang.config, *config_modules()]
    }
    assert {name: lines for name, lines in sizes.items() if lines > MAX_LINES} == {}
