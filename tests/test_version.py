"""The version comes from one place (``wordlekit.version``) and everything reports it."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import wordlekit
from harness_cli import ok
from wordlekit.version import __version__
from wordlekit.web.api import create_app

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_the_cli_and_the_api_report_one_version(tmp_path: Path) -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    assert wordlekit.__version__ == __version__
    assert version("wordlekit") == __version__  # the installed metadata (pyproject reads it)
    assert ok("--version").strip() == f"wordle, version {__version__}"
    app = create_app(tmp_path / "g.sqlite3")
    assert app.openapi()["info"]["version"] == __version__


def test_the_changelog_s_newest_release_is_the_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", text, re.M)
    assert releases and releases[0][0] == __version__
    assert "## [Unreleased]" in text.split(f"## [{__version__}]")[0]
    dates = [d for _, d in releases]
    assert dates == sorted(dates, reverse=True)
    assert 'version = { attr = "wordlekit.version.__version__" }' in (
        ROOT / "pyproject.toml"
    ).read_text(encoding="utf-8")
