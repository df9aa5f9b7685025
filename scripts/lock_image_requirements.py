"""Write requirements.lock: the image's dependencies at constraints.txt's versions, with the
SHA-256 of every file the package index has for each (issue 24, item 12).

The image (Dockerfile) installs them with ``pip --require-hashes``, so a file that is not the
one locked here is refused. The set is what pyproject.toml's runtime dependencies need on the
image's Python (CPython 3.12 on Linux x86_64), followed through each installed distribution's
own requirements, extras included. Run it from the dev venv after changing constraints.txt:

    .venv/bin/python scripts/lock_image_requirements.py            # reads the index (network)
"""

from __future__ import annotations

import json
import sys
import tomllib
import urllib.request
from importlib import metadata
from pathlib import Path
from typing import cast

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import (
    InvalidSdistFilename,
    InvalidWheelFilename,
    canonicalize_name,
    parse_sdist_filename,
    parse_wheel_filename,
)
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
INDEX = "https://pypi.org/simple"
IMAGE_PYTHON = {  # the marker environment of the image's python:3.12-slim
    "python_version": "3.12",
    "python_full_version": "3.12.0",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "platform_machine": "x86_64",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
}


def pins() -> dict[str, str]:
    """constraints.txt's ``name==version`` lines, by canonical name."""
    found: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            found[canonicalize_name(name)] = version.strip()
    return found


def runtime_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(line) for line in project["dependencies"]]


def applies(requirement: Requirement, extras: frozenset[str]) -> bool:
    if requirement.marker is None:
        return True
    environment: dict[str, str] = {**cast(dict[str, str], default_environment()), **IMAGE_PYTHON}
    return any(
        requirement.marker.evaluate({**environment, "extra": extra}) for extra in extras | {""}
    )


def image_closure() -> set[str]:
    """Canonical names of every distribution the image's dependencies need."""
    visited: set[tuple[str, frozenset[str]]] = set()
    pending = [
        (requirement, frozenset(requirement.extras)) for requirement in runtime_requirements()
    ]
    while pending:
        requirement, extras = pending.pop()
        key = (canonicalize_name(requirement.name), extras)
        if key in visited:
            continue
        visited.add(key)
        try:
            declared = metadata.distribution(requirement.name).requires or []
        except metadata.PackageNotFoundError:
            sys.exit(f"{requirement.name} is not installed here: install the dev venv first")
        for child in map(Requirement, declared):
            if applies(child, extras):
                pending.append((child, frozenset(child.extras)))
    return {name for name, _ in visited}


def version_of(filename: str) -> tuple[str, Version] | None:
    try:
        name, version, *_ = parse_wheel_filename(filename)
    except InvalidWheelFilename:
        try:
            name, version = parse_sdist_filename(filename)
        except InvalidSdistFilename:
            return None
    return str(name), version


def index_hashes(name: str, version: str) -> list[str]:
    """The SHA-256 of every file the index has for ``name`` at ``version`` (PEP 691 JSON)."""
    request = urllib.request.Request(
        f"{INDEX}/{name}/", headers={"Accept": "application/vnd.pypi.simple.v1+json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        files = json.load(response)["files"]
    wanted = (canonicalize_name(name), Version(version))
    hashes = sorted(
        entry["hashes"]["sha256"]
        for entry in files
        if version_of(entry["filename"]) == wanted and "sha256" in entry["hashes"]
    )
    if not hashes:
        sys.exit(f"the index has no file of {name}=={version}")
    return hashes


def lock_text(closure: set[str], pinned: dict[str, str]) -> str:
    lines = [
        "# The image's dependencies with their hashes: written by",
        "# scripts/lock_image_requirements.py from constraints.txt; do not edit by hand.",
    ]
    for name in sorted(closure):
        if name not in pinned:
            sys.exit(f"{name} is needed by the image but not pinned in constraints.txt")
        hashes = index_hashes(name, pinned[name])
        lines.append(f"{name}=={pinned[name]} \\")
        lines += [f"    --hash=sha256:{digest} \\" for digest in hashes[:-1]]
        lines.append(f"    --hash=sha256:{hashes[-1]}")
    return "\n".join(lines) + "\n"


def main() -> None:
    LOCK.write_text(lock_text(image_closure(), pins()))
    print(f"wrote {LOCK.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
