"""Who is asking: the anonymous player cookie, and an early refusal for a client that already
has its limit of long computations in flight (pure ASGI: it runs on every request, so it
costs microseconds, and a refused request is never parsed).

- The player is an id in an HttpOnly, SameSite=Lax cookie (``Secure`` behind HTTPS),
  signed by the server: ``<id>.<HMAC-SHA256 of the id, 128 bits>`` under a key of its own
  (:func:`cookie_key`, kept next to the database), so an id a client invents, or a tampered
  signature, is no player. A request without a valid cookie gets a fresh id; the cookie is
  set only by the routes that keep something for the player (games, statistics) and only on
  success.
- A cookie of an unsigned id (what servers before the signature issued) is that player only
  if the store already has games of theirs (one indexed lookup, on the quick threads, for
  ``/api`` requests); the routes that set the cookie then issue it signed.
- ``scope["state"]`` carries ``player`` (always an id) and ``known_player`` (the cookie's id,
  or "" for a newcomer), read by the routes as ``request.state``.
- With ``server_timing``, every response says how long the app worked on it
  (``Server-Timing: app;dur=…``), so load tests can tell service from queueing; off by
  default, as it tells anyone what each crafted request costs.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import os
import re
import secrets
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wordlekit.errors import Busy, StorageError, WordleError, WordlekitError
from wordlekit.services.players import PLAYER_ID
from wordlekit.web.errors import busy_status

COOKIE = "wordlekit_player"
#: Routes that keep something for the player: only they set the cookie.
PLAYER_PATHS = ("/api/games", "/api/stats", "/api/challenges", "/api/archive")
MAX_AGE = 10 * 365 * 86400


#: Characters of a cookie's signature: 16 bytes of HMAC-SHA256, base64url without padding.
SIGNATURE = 22
#: The file of the signing key, next to the database.
KEY_FILE = "cookie-key"
KEY_BYTES = 32

#: The player's pair in a Cookie header: one regular expression, linear in the header, in
#: place of a full cookie parser (pure Python, whose cost grows with every pair and escape).
#: Its parts are bounded (the id, then an optional signature of fixed length).
COOKIE_PAIR = re.compile(
    rb"(?:^|;)[ \t]*"
    + f"{COOKIE}=({PLAYER_ID})(?:\\.([A-Za-z0-9_-]{{{SIGNATURE}}}))?".encode()
    + rb"[ \t]*(?=;|$)"
)


def cookie_pair(headers: list[tuple[bytes, bytes]]) -> tuple[str, str]:
    """The player id of the request's cookie and its signature ("" if unsigned), or
    ("", "") if it has none or a malformed one."""
    for name, value in headers:
        if name == b"cookie":
            found = COOKIE_PAIR.search(value)
            if found is not None:
                signature = found.group(2) or b""
                return found.group(1).decode("ascii"), signature.decode("ascii")
    return "", ""


class Signer:
    """Signs player ids with the server's key, and checks signed cookies."""

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise WordleError("the cookie key must have at least 16 bytes")
        self.key = key

    def signature(self, player: str) -> str:
        mac = hmac.new(self.key, player.encode("ascii"), hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")

    def value(self, player: str) -> str:
        """The cookie's value for ``player``."""
        return f"{player}.{self.signature(player)}"

    def valid(self, player: str, signature: str) -> bool:
        return hmac.compare_digest(self.signature(player), signature)


def cookie_key(db_path: str | Path) -> bytes:
    """The key signing the player cookies of the database ``db_path``: kept in
    :data:`KEY_FILE` next to it (mode 0600), made on first use. Two servers starting at once
    agree on one key: the file appears whole (linked from a finished temporary file) or not
    at all."""
    folder = Path(db_path).absolute().parent
    path = folder / KEY_FILE
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        key = _new_key(path)
    except OSError as e:
        raise StorageError(f"cannot read the cookie key {path}: {e.strerror}") from None
    if len(key) != KEY_BYTES:
        raise StorageError(
            f"the cookie key {path} is damaged ({len(key)} bytes, not {KEY_BYTES}): restore "
            "it, or delete it to make a new one (the players' cookies then no longer open "
            "their games)"
        )
    return key


def _new_key(path: Path) -> bytes:
    key = secrets.token_bytes(KEY_BYTES)
    try:
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", dir=path.parent)  # mode 0600
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(key)
                f.flush()
                os.fsync(f.fileno())
            os.link(tmp, path)  # fails if another server made it first
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    except FileExistsError:
        return path.read_bytes()
    except OSError as e:
        raise StorageError(f"cannot write the cookie key {path}: {e.strerror}") from None
    return key


class PlayerMiddleware:
    """Sets the player (see the module docstring); ``expensive(path, method)`` tells which
    requests go to the work pool, ``check(player, address)`` raises
    :class:`~wordlekit.errors.Busy` when that client is at its limit, and ``known(player)``
    says whether the store has games of an unsigned (older) cookie's player."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        secure: bool,
        expensive: Callable[[str, str], bool],
        check: Callable[[str, str], None],
        signer: Signer,
        known: Callable[[str], Awaitable[bool]],
        server_timing: bool = False,
    ) -> None:
        self.app = app
        self.secure = secure
        self.expensive = expensive
        self.check = check
        self.signer = signer
        self.known = known
        self.server_timing = server_timing

    async def player_of(self, scope: Scope) -> tuple[str, bool]:
        """The cookie's player ("" for none) and whether the cookie must be issued again
        (signed)."""
        player, signature = cookie_pair(scope.get("headers", []))
        if not player:
            return "", False
        if signature:
            return (player, False) if self.signer.valid(player, signature) else ("", False)
        path: str = scope["path"]
        if path.startswith("/api/") and await self.known(player):
            return player, True
        return "", False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        try:
            known, reissue = await self.player_of(scope)
        except StorageError as e:  # the store cannot say now: try again
            await _refuse(send, e, {})
            return
        player = known or secrets.token_urlsafe(18)
        state = scope.setdefault("state", {})
        state["player"] = player
        state["known_player"] = known
        path: str = scope["path"]
        set_cookie = (reissue or not known) and path.startswith(PLAYER_PATHS)

        def timing(headers: MutableHeaders) -> None:
            if self.server_timing:
                took = (time.perf_counter() - started) * 1000
                headers["Server-Timing"] = f"app;dur={took:.2f}"

        if self.expensive(path, scope["method"]):
            client = scope.get("client")
            try:
                self.check(known, client[0] if client else "")
            except Busy as e:
                await _refuse(send, e, {"retry-after": str(e.retry_after)}, timing)
                return

        async def send_with_player(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                timing(headers)
                if set_cookie and message["status"] < 400:
                    secure = "; Secure" if self.secure else ""
                    headers.append(
                        "set-cookie",
                        f"{COOKIE}={self.signer.value(player)}; HttpOnly; Max-Age={MAX_AGE}; "
                        f"Path=/; SameSite=lax{secure}",
                    )
            await send(message)

        await self.app(scope, receive, send_with_player)


async def _refuse(
    send: Send,
    e: WordlekitError,
    extra: dict[str, str],
    timing: Callable[[MutableHeaders], None] | None = None,
) -> None:
    """The JSON error of ``e`` (429/503 for :class:`~wordlekit.errors.Busy`), sent before
    the app sees the request."""
    body = json.dumps({"error": str(e)}).encode()
    headers = MutableHeaders(
        raw=[
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ]
    )
    for name, value in extra.items():
        headers[name] = value
    if timing is not None:
        timing(headers)
    status = busy_status(e) if isinstance(e, Busy) else 503
    if not isinstance(e, Busy):
        headers["retry-after"] = "1"
    await send({"type": "http.response.start", "status": status, "headers": headers.raw})
    await send({"type": "http.response.body", "body": body})
