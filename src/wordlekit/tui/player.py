"""The terminal player: an anonymous id in a small file next to the games database, so that
statistics survive restarts (the web app keeps the same kind of id in a cookie)."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

from wordlekit.store.files import atomic_write, data_dir

PLAYER_FILE = "terminal-player-id"
# The web app's cookie check: what secrets.token_urlsafe(18) produces, and a little slack.
PLAYER_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def player_file() -> Path:
    return data_dir() / PLAYER_FILE


def player_id(path: Path | None = None) -> str:
    """The terminal player's persistent id, created on first use.

    A missing or damaged file gets a fresh id (written atomically, so two programs starting
    at once never read half an id).
    """
    path = path or player_file()
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        text = ""
    if PLAYER_RE.match(text):
        return text
    player = secrets.token_urlsafe(18)
    atomic_write(path, (player + "\n").encode("ascii"))
    return player
