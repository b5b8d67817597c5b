"""The local player: an anonymous id kept in a small file in the user data folder, next to
the games database, so that a terminal player's games and statistics survive restarts (the
web app keeps the same kind of id in a cookie).

This module owns that file: front ends ask for the id and never write it themselves.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path

from wordlekit.store.files import atomic_write, data_dir

__all__ = ["PLAYER_FILE", "PLAYER_ID", "PLAYER_RE", "local_player_file", "local_player_id"]

PLAYER_FILE = "terminal-player-id"
#: A player id (the web app's cookie, the terminal's file): what secrets.token_urlsafe(18)
#: produces, and a little slack.
PLAYER_ID = r"[A-Za-z0-9_-]{16,64}"
PLAYER_RE = re.compile(f"^{PLAYER_ID}$")


def local_player_file() -> Path:
    """Where the local player's id is kept."""
    return data_dir() / PLAYER_FILE


def local_player_id(path: Path | None = None) -> str:
    """The local player's persistent id, created on first use.

    A missing or damaged file gets a fresh id (written atomically, so two programs starting
    at once never read half an id).
    """
    path = path or local_player_file()
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        text = ""
    if PLAYER_RE.match(text):
        return text
    player = secrets.token_urlsafe(18)
    atomic_write(path, (player + "\n").encode("ascii"))
    return player
