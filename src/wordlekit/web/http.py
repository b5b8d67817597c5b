"""HTTP hygiene for the web app: one pure ASGI middleware around everything (``install``).

- Security headers on every response (pages, API, static files, errors, even the 500 page):
  a strict Content-Security-Policy (no inline script or style, nothing from elsewhere),
  ``nosniff``, no framing, no referrer, an isolated browsing context; ``Cache-Control:
  no-store`` on ``/api``.
- ``HEAD`` works wherever ``GET`` does: the app sees a GET and the body is dropped, so the
  status and headers (Content-Length included) are those of the GET.
- Redirects are relative: an absolute ``Location`` (Starlette builds it from the Host header)
  becomes its path and query, so a forged Host cannot send anyone elsewhere.
- Request bodies over ``max_body`` bytes get ``413 {"error": ...}``: at once when
  Content-Length says so, else while the body is read (never more than ``max_body`` bytes are
  kept). The app receives a body under the limit unchanged, in one message.
- Every 413 is read by its client: the answer is sent at once, then the rest of the body is
  read and dropped (at most :data:`DRAIN_BYTES` bytes in :data:`DRAIN_SECONDS` seconds) before
  the connection closes. Closing a socket with unread data resets it, and a client still
  sending its body would see a broken pipe in place of its 413. A body declared larger than
  that, or one awaiting ``100 Continue``, is refused without reading.
- A body must arrive within ``body_timeout`` seconds of its headers, or the request gets
  ``408 {"error": ...}`` and the connection closes (a client trickling its body holds
  nothing for long; the headers' own timeout is :mod:`wordlekit.web.protocol`'s).
- A ``405`` always says ``Allow`` (and ``HEAD`` wherever ``GET`` is allowed).
- Request headers over :data:`MAX_HEADERS` bytes in all get ``431 {"error": ...}`` before
  anything reads them (the Cookie header is then never parsed): summing their lengths is the
  only work such a request costs.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import anyio
from fastapi import FastAPI
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 65536
#: Routes whose bodies may be larger than ``max_body``: an import file of games
#: (:mod:`wordlekit.web.routes_transfer`).
LARGER_BODIES = {"/api/stats/import": 2 * 1024 * 1024}
#: The most bytes of request headers (names and values) the app reads: far above what a
#: browser sends (the player cookie is 47 characters), below what a proxy allows by default.
MAX_HEADERS = 16384
#: Seconds a client has for a request's headers (web/protocol.py), then for its body.
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 10.0
#: Open connections per client address (a browser opens at most 6 per site).
CONNECTIONS_PER_ADDRESS = 32
#: The most of a refused body read (and dropped) so that its client reads the 413.
DRAIN_BYTES = 8 * 2**20
DRAIN_SECONDS = 5.0

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        # the installable app (web/pwa.py): its manifest and its service worker, ours only
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}

# A 405 without Allow comes from StaticFiles, which serves GET and HEAD only.
DEFAULT_ALLOW = "GET, HEAD"


def install(app: FastAPI, *, max_body: int = MAX_BODY, body_timeout: float = BODY_TIMEOUT) -> None:
    """Wrap ``app`` in :class:`HttpHygiene`, outside every other layer (so that also the
    responses of Starlette's error middleware, such as a 500, get the headers).

    Call it once the routes and middleware are declared, before the first request.
    """
    if app.middleware_stack is not None:
        raise RuntimeError("install() must be called before the app serves a request")
    build = app.build_middleware_stack

    def build_hardened() -> ASGIApp:
        return HttpHygiene(build(), max_body=max_body, body_timeout=body_timeout)

    app.build_middleware_stack = build_hardened  # type: ignore[method-assign]


def relative_location(location: str) -> str:
    """The path, query and fragment of an absolute URL; a relative one as it is.

    >>> relative_location("http://evil.example/static/?a=1")
    '/static/?a=1'
    >>> relative_location("//evil.example/x")
    '/x'
    >>> relative_location("http://host//evil.example")
    '/evil.example'
    >>> relative_location("/ok#top")
    '/ok#top'
    """
    parts = urlsplit(location)
    # "/\\host" and "//host" are read by browsers as another host: they are absolute too.
    if not parts.scheme and not parts.netloc and not location.startswith(("\\", "/\\")):
        return location
    out = "/" + parts.path.lstrip("/\\")
    if parts.query:
        out += "?" + parts.query
    if parts.fragment:
        out += "#" + parts.fragment
    return out


class HttpHygiene:
    """The pure ASGI middleware behind :func:`install` (see the module's docstring)."""

    def __init__(
        self, app: ASGIApp, *, max_body: int = MAX_BODY, body_timeout: float = BODY_TIMEOUT
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.body_timeout = body_timeout
        #: The routes that take larger bodies (an import file), each with a hygiene of its
        #: own limit.
        self.larger = {
            path: HttpHygiene(app, max_body=size, body_timeout=body_timeout)
            for path, size in LARGER_BODIES.items()
            if size > max_body
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        path: str = scope["path"]
        larger = self.larger.get(path)
        if larger is not None:
            await larger(scope, receive, send)
            return
        api = path == "/api" or path.startswith("/api/")

        async def send_hardened(message: Message) -> None:
            if message["type"] == "http.response.start":
                _harden(message, api=api)
            elif head and message["type"] in ("http.response.body", "http.response.pathsend"):
                more = bool(message.get("more_body", False))
                message = {"type": "http.response.body", "body": b"", "more_body": more}
            await send(message)

        body = await self._read_body(scope, receive, send_hardened)
        if body is None:
            return
        pending: Message | None = {"type": "http.request", "body": body, "more_body": False}
        del body

        async def replay() -> Message:
            nonlocal pending
            if pending is not None:
                message, pending = pending, None
                return message
            return await receive()  # after the body: wait for the disconnect

        # A new scope for HEAD: the server keeps its own, and still knows to send no body.
        inner = {**scope, "method": "GET"} if head else scope
        await self.app(inner, replay, send_hardened)

    async def _read_body(self, scope: Scope, receive: Receive, send: Send) -> bytes | None:
        """The whole request body, or None once the request is answered here (too large,
        too slow) or its client is gone."""
        refusal = self._oversized(scope)
        if refusal is not None:
            status, error = refusal
            declared = _content_length(scope) or 0
            if status == 413 and declared <= DRAIN_BYTES and not _awaits_continue(scope):
                await self._too_large(send, receive, read=0)
            else:
                await _refuse(send, status, error)
            return None
        chunks: list[bytes] = []
        size = 0
        more = True
        with anyio.move_on_after(self.body_timeout):
            while more:
                message = await receive()
                if message["type"] != "http.request":  # http.disconnect: nobody to answer
                    return None
                chunk: bytes = message.get("body", b"")
                size += len(chunk)
                more = bool(message.get("more_body", False))
                if size > self.max_body:
                    break
                chunks.append(chunk)
        if size > self.max_body:
            await self._too_large(send, receive, read=size, more=more)
            return None
        if more:
            await _refuse(
                send,
                408,
                f"the request body did not arrive within {self.body_timeout:g} s",
            )
            return None
        return b"".join(chunks)

    def _oversized(self, scope: Scope) -> tuple[int, str] | None:
        """The refusal of a request whose headers, or declared body, are over the limits."""
        if sum(len(k) + len(v) for k, v in scope["headers"]) > MAX_HEADERS:
            return 431, f"request headers too large: the limit is {MAX_HEADERS} bytes"
        declared = _content_length(scope)
        if declared is not None and declared > self.max_body:
            return 413, self._too_large_body
        return None

    @property
    def _too_large_body(self) -> str:
        return f"request body too large: the limit is {self.max_body} bytes"

    async def _too_large(
        self, send: Send, receive: Receive, *, read: int, more: bool = True
    ) -> None:
        """The 413, sent at once; then the rest of the body (``read`` bytes of it so far) is
        read and dropped, within :data:`DRAIN_BYTES` and :data:`DRAIN_SECONDS`, before the
        response ends and the connection closes: the client, still sending, reads its 413
        rather than a reset."""
        await _refuse(send, 413, self._too_large_body, more=more)
        if not more:
            return
        with anyio.move_on_after(DRAIN_SECONDS):
            while more and read <= DRAIN_BYTES:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client went away: nothing left to send
                read += len(message.get("body", b""))
                more = bool(message.get("more_body", False))
        await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _refuse(send: Send, status: int, error: str, *, more: bool = False) -> None:
    """A JSON error that closes the connection (the rest of the request is not worth
    reading), or, with ``more``, all of it but the response's end."""
    body = json.dumps({"error": error}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": more})


def _harden(message: Message, *, api: bool) -> None:
    message.setdefault("headers", [])
    headers = MutableHeaders(scope=message)
    for name, value in SECURITY_HEADERS.items():
        headers[name] = value
    if api:
        headers["Cache-Control"] = "no-store"
    location = headers.get("location")
    if location is not None:
        headers["Location"] = relative_location(location)
    if message["status"] == 405:
        allow = headers.get("allow", DEFAULT_ALLOW)
        methods = [m.strip().upper() for m in allow.split(",") if m.strip()]
        if "GET" in methods and "HEAD" not in methods:
            methods.append("HEAD")  # this middleware answers HEAD wherever GET works
        headers["Allow"] = ", ".join(methods)


def _awaits_continue(scope: Scope) -> bool:
    return Headers(scope=scope).get("expect", "").lower() == "100-continue"


def _content_length(scope: Scope) -> int | None:
    value = Headers(scope=scope).get("content-length")
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None
