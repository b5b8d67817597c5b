"""``wordle tui``: the full-screen terminal app (Textual).

Play every variant (Wordle, Dordle … Duotrigordle, Absurdle: daily, practice or a challenge,
normal, hard or ultrahard), get help on a game played elsewhere (Assist, Boards assist),
statistics per variant kept in the same database as the web app, and a help screen listing
every key. Like every front end it holds no rule of the game and calls only the services:
games, guesses and the hints counted go through :mod:`wordlekit.services.games`; advice on one
board, on several and against an adversary through :mod:`wordlekit.services.advice`,
:mod:`~wordlekit.services.boards` and :mod:`~wordlekit.services.absurdle`, run on the
pattern matrix by :class:`~wordlekit.services.engine.Engine`; the strategies' names come from
:mod:`wordlekit.services.catalog`.

- ``app``: the app and :func:`build_app`; it implements ``context.AppContext`` and hands it
  to the screens, which never import the app (no import cycle, not even for type checking).
- ``context``: what the screens need from the app, as a protocol.
- ``engine``: the jobs: a service operation run in a worker thread under a budget the
  screens can cancel, with its "computing…" line.
- ``play``: the Play screen, for every variant; ``chooser``: its game chooser (Ctrl+O);
  ``panels``: what its panels say.
- ``assist``, ``boards_assist``, ``screens``: the Assist, Boards assist, Statistics and Help
  screens; ``entry``: the assist screen's typed row.
- ``widgets``, ``grids``, ``styles``: tiles, keyboard and statistics; several boards and their
  keyboard drawn as text; the stylesheet.
- ``screenshots``: the SVG screenshots of the docs.
"""

from __future__ import annotations

from wordlekit.tui.app import WordleApp, build_app

__all__ = ["WordleApp", "build_app"]
