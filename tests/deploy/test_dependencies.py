"""A fresh install is reproducible: constraints.txt pins every dependency pyproject.toml names,
at a version its bounds allow, and every dependency has an upper bound (issue 11 item 6)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
UNBOUNDED = {"tzdata"}  # zone data: a newer release must always be able to come in


def requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    named = project["dependencies"] + [
        line for group in project["optional-dependencies"].values() for line in group
    ]
    return [Requirement(line) for line in named]


def pins() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            found[canonicalize_name(name)] = version
    return found


def test_every_dependency_is_pinned_at_a_version_its_bounds_allow():
    pinned = pins()
    for requirement in requirements():
        version = pinned.get(canonicalize_name(requirement.name))
        assert version, f"{requirement.name} is not in constraints.txt"
        assert requirement.specifier.contains(version), f"{requirement} excludes {version}"


def test_every_dependency_has_an_upper_bound():
    for requirement in requirements():
        if canonicalize_name(requirement.name) in UNBOUNDED:
            continue
        operators = {spec.operator for spec in requirement.specifier}
        assert operators & {"<", "<=", "=="}, f"{requirement} has no upper bound"


def test_the_dev_script_and_the_image_install_with_the_constraints():
    assert "--constraint constraints.txt" in (ROOT / "dev").read_text()
    assert "--constraint constraints.txt" in (ROOT / "Dockerfile").read_text()
