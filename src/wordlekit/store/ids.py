"""Random ids of stored rows (games, challenges): URL-safe, unguessable, and typed as command
arguments (``wordle challenge results ID``), so never beginning with ``-``, which a command
line reads as an option."""

from __future__ import annotations

import secrets


def random_id(nbytes: int = 12) -> str:
    """``secrets.token_urlsafe(nbytes)`` drawn again while it begins with ``-`` (1 in 64):
    the other ids stay equally likely."""
    while True:
        token = secrets.token_urlsafe(nbytes)
        if not token.startswith("-"):
            return token
