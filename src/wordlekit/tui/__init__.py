"""``wordle tui``: the full-screen terminal app (Textual).

Play (daily or practice, normal, hard or ultrahard), get help on a game played elsewhere (Assist),
statistics kept in the same database as the web app, and a help screen listing every key.
Like every front end it holds no rule of the game: games, guesses and hints go through
:mod:`wordlekit.services.games`, suggestions through :mod:`wordlekit.services.operations`.

- ``app``: the app and :func:`build_app`; it implements ``context.AppContext`` and hands it
  to the screens, which never import the app (no import cycle, not even for type checking).
- ``context``: what the screens need from the app, as a protocol.
- ``engine``: the pattern matrix loaded once, and the service operations run on it in worker
  threads under a budget the screens can cancel.
- ``player``: the terminal player's id file.
- ``play``, ``assist``, ``screens``: the Play, Assist, Statistics and Help screens.
- ``widgets``, ``styles``: tiles, keyboard and statistics; the stylesheet.
- ``screenshots``: the SVG screenshots of the docs.
"""

from __future__ import annotations

from wordlekit.tui.app import WordleApp, build_app

__all__ = ["WordleApp", "build_app"]
