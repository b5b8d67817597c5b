"""``wordle tui``: the full-screen terminal app (Textual).

Play (daily or practice, normal or hard), get help on a game played elsewhere (Assist),
statistics kept in the same database as the web app, and a help screen listing every key.
Like every front end it holds no game logic: it calls :mod:`wordlekit`.
"""

from __future__ import annotations

from wordlekit.tui.app import WordleApp, build_app

__all__ = ["WordleApp", "build_app"]
