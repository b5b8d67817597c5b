"""The web app: FastAPI + uvicorn, games and statistics in SQLite, a static front end.

- ``api``: ``create_app`` (the app factory) and ``ServerSettings``.
- ``context``: what one app owns and hands to its routes with ``Depends`` (store, word list,
  settings, player, quick threads, work pool).
- ``routes_games``, ``routes_helper``, ``routes_review``: the JSON routes, on routers.
- ``models``: request bodies, response models, the public view of a game.
- ``errors``: errors as JSON, by exception class.
- ``pages``: the HTML pages and the static files.
- ``player``, ``http``: the player cookie and HTTP hygiene (pure ASGI middleware).
- ``static/``: the pages' scripts (one factory per page over its root element; shared
  ``api.js``, ``dom.js``, ``tiles.js``, ``errorbox.js``) and styles (``base.css`` and one
  stylesheet per page).
"""
