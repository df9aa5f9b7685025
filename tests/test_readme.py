"""The README's configuration table names every setting, so an operator can find each one."""

import re
from pathlib import Path

from lokpanchang import languages
from lokpanchang.config import Settings

README = Path(__file__).resolve().parents[1] / "README.md"


def test_every_setting_is_in_the_readme_configuration_table():
    table = README.read_text().split("## Configuration", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"`([A-Z][A-Z0-9_]+)`", table))
    missing = sorted(
        name.upper() for name in Settings.model_fields if name.upper() not in documented
    )
    assert not missing, f"settings missing from README's configuration table: {missing}"


def test_the_readme_shows_the_two_commands():
    section = README.read_text().split("## Two commands", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    assert [line.split()[:2] for line in block.splitlines()] == [
        ["./dev", "up"],
        ["./dev", "test"],
    ]


def test_the_readme_shows_the_public_page_and_its_languages():
    text = README.read_text()
    assert "http://127.0.0.1:5050/:" in text and "public panchang page" in text
    listed = re.search(r"`\?lang=ta` \(any\s+code of `([a-z ]+)`\)", text)
    assert listed and sorted(listed[1].split()) == sorted(languages.CODES)
