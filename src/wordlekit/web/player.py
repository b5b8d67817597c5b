"""Who is asking: the anonymous player cookie, and an early refusal for a client that already
has its limit of long computations in flight (pure ASGI: it runs on every request, so it
costs microseconds, and a refused request is never parsed).

- The player is an id in an HttpOnly, SameSite=Lax cookie (``Secure`` behind HTTPS). A
  request without a valid one gets a fresh id; the cookie is set only by the routes that
  keep something for the player (games, statistics) and only on success.
- ``scope["state"]`` carries ``player`` (always an id) and ``known_player`` (the cookie's id,
  or "" for a newcomer), read by the routes as ``request.state``.
- Every response says how long the app worked on it (``Server-Timing: app;dur=…``), so load
  tests can tell service from queueing.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Callable

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wordlekit.errors import Busy
from wordlekit.services.players import PLAYER_ID
from wordlekit.web.errors import busy_status

COOKIE = "wordlekit_player"
#: Routes that keep something for the player: only they set the cookie.
PLAYER_PATHS = ("/api/games", "/api/stats")
MAX_AGE = 10 * 365 * 86400


#: The player's pair in a Cookie header: one regular expression, linear in the header, in
#: place of a full cookie parser (pure Python, whose cost grows with every pair and escape).
COOKIE_PAIR = re.compile(rb"(?:^|;)[ \t]*" + f"{COOKIE}=({PLAYER_ID})".encode() + rb"[ \t]*(?=;|$)")


def cookie_player(headers: list[tuple[bytes, bytes]]) -> str:
    """The player id of the request's cookie, or "" if it has none or a malformed one."""
    for name, value in headers:
        if name == b"cookie":
            found = COOKIE_PAIR.search(value)
            if found is not None:
                return found.group(1).decode("ascii")
    return ""


class PlayerMiddleware:
    """Sets the player (see the module docstring); ``expensive(path, method)`` tells which
    requests go to the work pool, and ``check(player, address)`` raises
    :class:`~wordlekit.errors.Busy` when that client is at its limit."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        secure: bool,
        expensive: Callable[[str, str], bool],
        check: Callable[[str, str], None],
    ) -> None:
        self.app = app
        self.secure = secure
        self.expensive = expensive
        self.check = check

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        known = cookie_player(scope.get("headers", []))
        player = known or secrets.token_urlsafe(18)
        state = scope.setdefault("state", {})
        state["player"] = player
        state["known_player"] = known
        path: str = scope["path"]
        set_cookie = not known and path.startswith(PLAYER_PATHS)

        def timing(headers: MutableHeaders) -> None:
            headers["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"

        if self.expensive(path, scope["method"]):
            client = scope.get("client")
            try:
                self.check(known, client[0] if client else "")
            except Busy as e:
                body = json.dumps({"error": str(e)}).encode()
                headers = MutableHeaders(
                    raw=[
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        (b"retry-after", str(e.retry_after).encode()),
                    ]
                )
                timing(headers)
                start = {"type": "http.response.start", "status": busy_status(e)}
                await send({**start, "headers": headers.raw})
                await send({"type": "http.response.body", "body": body})
                return

        async def send_with_player(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                timing(headers)
                if set_cookie and message["status"] < 400:
                    secure = "; Secure" if self.secure else ""
                    headers.append(
                        "set-cookie",
                        f"{COOKIE}={player}; HttpOnly; Max-Age={MAX_AGE}; Path=/; "
                        f"SameSite=lax{secure}",
                    )
            await send(message)

        await self.app(scope, receive, send_with_player)
