"""The web app: FastAPI + uvicorn, games and statistics in SQLite, a static front end.

- ``api``: ``create_app`` (the app factory) and ``ServerSettings``.
- ``context``: what one app owns and hands to its routes with ``Depends`` (the games store of
  :mod:`wordlekit.services.games`, word list, settings, player, quick threads, work pool).
- ``routes_games``: one set of game routes for every variant (the menu of variants and modes,
  games, guesses, hints, statistics per variant); ``routes_helper``, ``routes_review``,
  ``routes_boards`` (the multi-board helper and bot), ``routes_absurdle`` (Absurdle's solver):
  the other JSON routes, on routers. The games' answers are the services' own views.
- ``models``: request bodies and the response models of the helper, the bot and the reviews.
- ``errors``: errors as JSON, by exception class.
- ``pages``: the HTML pages and the static files.
- ``player``, ``http``: the player cookie and HTTP hygiene (pure ASGI middleware).
- ``static/``: the pages' scripts (one factory per page over its root element; the Play page,
  ``play.js``, plays every variant with ``setup.js``, ``boardview.js``, ``keyboard.js``,
  ``host.js`` and ``toast.js``; shared ``api.js``, ``dom.js``, ``tiles.js``, ``errorbox.js``)
  and styles (``base.css`` and one stylesheet per page).
"""
