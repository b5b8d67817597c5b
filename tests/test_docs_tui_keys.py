"""The key table of the terminal UI's page (``docs/tui.md``) is the Help screen's own table
(:data:`wordlekit.tui.screens.KEY_HELP`), row for row, so the two cannot drift apart."""

from __future__ import annotations

from pathlib import Path

from wordlekit.tui.screens import KEY_HELP

PAGE = Path(__file__).resolve().parent.parent / "docs" / "tui.md"


def key_table(text: str) -> list[tuple[str, ...]]:
    """The rows of the first table under the ``## Keys`` heading (header and rule left out)."""
    lines = text.split("\n## Keys\n", 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows: list[tuple[str, ...]] = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(tuple(cell.strip() for cell in line.strip().strip("|").split(" | ")))
    return rows


def test_the_key_table_is_the_help_screens() -> None:
    assert key_table(PAGE.read_text(encoding="utf-8")) == list(KEY_HELP)
