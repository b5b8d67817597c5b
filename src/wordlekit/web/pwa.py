"""The installable web app (issue 26): the web app manifest (``/manifest.webmanifest``) and the
service worker (``/sw.js``, served from the root so that its scope is the whole site).

The worker's cache is named for the package version and a digest of the static files, so a
new release (or any changed file) installs a fresh cache and the old one is deleted. It keeps
the app shell (the page and its static files) so that the pages open offline; the API is
never cached: a game is the server's, and offline the page says that play needs it
(``static/pwa.js``). The worker's code is ``static/sw-body.js``; this module puts the cache
name and the list of files before it.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import Response

from wordlekit.version import __version__
from wordlekit.web.pages import STATIC

router = APIRouter(include_in_schema=False)

#: The worker's own code (not pre-cached: the browser fetches it itself).
WORKER_BODY = "sw-body.js"
#: The colours of the page (base.css's --bg) for the splash screen and the browser's bar.
THEME = "#121213"

MANIFEST = {
    "name": "wordlekit",
    "short_name": "wordlekit",
    "description": "Play Wordle and its variants, get help on a game, watch the bot, review.",
    "id": "/",
    "start_url": "/",
    "scope": "/",
    "display": "standalone",
    "background_color": THEME,
    "theme_color": THEME,
    "icons": [
        {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        {
            "src": "/static/icons/icon-maskable-512.png",
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ],
}


def shell_files(static: Path = STATIC) -> list[str]:
    """The URLs of the app shell: the page and every static file but the worker's code."""
    files = sorted(
        p.relative_to(static).as_posix()
        for p in static.rglob("*")
        if p.is_file() and p.name != WORKER_BODY and not p.name.startswith(".")
    )
    return ["/", *(f"/static/{name}" for name in files)]


def cache_name(static: Path = STATIC, version: str = __version__) -> str:
    """``wordlekit-VERSION-DIGEST``: the digest covers every static file's path and bytes."""
    digest = hashlib.sha256()
    for p in sorted(q for q in static.rglob("*") if q.is_file()):
        digest.update(p.relative_to(static).as_posix().encode() + b"\0")
        digest.update(p.read_bytes())
    return f"wordlekit-{version}-{digest.hexdigest()[:12]}"


@cache
def worker_script() -> str:
    """The service worker: its cache name and shell list, then its code."""
    head = (
        f"const CACHE = {json.dumps(cache_name())};\nconst SHELL = {json.dumps(shell_files())};\n"
    )
    return head + (STATIC / WORKER_BODY).read_text(encoding="utf-8")


@router.get("/manifest.webmanifest")
async def manifest() -> Response:
    return Response(json.dumps(MANIFEST, indent=1), media_type="application/manifest+json")


@router.get("/sw.js")
async def service_worker() -> Response:
    # no-cache: the browser asks for it again on every visit (and sees a new release at once)
    return Response(
        worker_script(),
        media_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "no-cache"},
    )
