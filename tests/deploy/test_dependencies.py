"""A fresh install is reproducible: constraints.txt pins every dependency pyproject.toml names,
at a version its bounds allow, and every dependency has an upper bound (issue 11 item 6)."""

from __future__ import annotations

import importlib.util
import re
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
    assert "--require-hashes -r requirements.lock" in (ROOT / "Dockerfile").read_text()


def locked() -> dict[str, tuple[str, list[str]]]:
    """requirements.lock: name -> (version, its sha256 hashes)."""
    found: dict[str, tuple[str, list[str]]] = {}
    text = (ROOT / "requirements.lock").read_text().replace("\\\n", " ")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            pin, *options = line.split()
            name, _, version = pin.partition("==")
            hashes = [o.removeprefix("--hash=sha256:") for o in options if o.startswith("--hash=")]
            found[canonicalize_name(name)] = (version, hashes)
    return found


def test_the_images_lock_has_constraints_versions_each_with_hashes():
    """Issue 24, item 12: constraints.txt had no hashes, so the image took whatever file the
    index served for a version."""
    pinned = pins()
    for name, (version, hashes) in locked().items():
        assert pinned.get(name) == version, f"{name}=={version} is not constraints.txt's"
        assert hashes and all(re.fullmatch("[0-9a-f]{64}", h) for h in hashes), name


def test_the_images_lock_holds_everything_its_dependencies_need():
    lock = load_script("lock_image_requirements")
    assert set(locked()) == lock.image_closure()


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
