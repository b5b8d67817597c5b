"""HTTP hygiene (wordlekit.web.http): security headers, HEAD, relative redirects, the body
limit, Allow on 405, a docs page without inline script, and no CSP violation in a browser."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import pytest
from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse, Response
from fastapi.testclient import TestClient
from playwright.sync_api import ConsoleMessage, Page, expect

from harness_web import ANSWER, Server, open_app, read_response, shot, start_game, type_guess
from wordlekit.web import http
from wordlekit.web.api import ServerSettings, create_app
from wordlekit.web.http import CSP, MAX_BODY, install, relative_location

SECURITY = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
VOLATILE = {"server-timing", "set-cookie", "date"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("http") / "games.sqlite3"
    with TestClient(create_app(db)) as c:
        yield c


def assert_secure(r: Any) -> None:
    for name, value in SECURITY.items():
        assert r.headers.get(name) == value, (r.request.url, name, r.headers)
    assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP
    no_store = r.headers.get("cache-control") == "no-store"
    assert no_store == r.request.url.path.startswith("/api/"), (r.request.url, r.headers)


# Security headers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/api/stats", None, 200),
        ("GET", "/api/strategies", None, 200),
        ("POST", "/api/games", {"kind": "practice", "seed": 3}, 201),
        ("POST", "/api/games", {"variant": "quordle", "kind": "practice", "seed": 3}, 201),
        ("GET", "/api/variants", None, 200),
        ("GET", "/api/stats?variant=absurdle", None, 200),
        ("GET", "/", None, 200),
        ("GET", "/docs", None, 200),
        ("GET", "/openapi.json", None, 200),
        ("GET", "/static/base.css", None, 200),
        ("GET", "/static/app.js", None, 200),
        ("GET", "/docs-assets/swagger-ui.css", None, 200),
        ("GET", "/api/games/nope", None, 404),
        ("GET", "/api/nothing-here", None, 404),
        ("GET", "/static/nothing-here.css", None, 404),
        ("GET", "/nothing-here", None, 404),
        ("POST", "/api/games", {"mode": "bogus"}, 422),
        ("POST", "/api/games", {"variant": "bogus"}, 422),
        ("POST", "/api/assist", {"turns": [{"guess": "crane", "pattern": "zzzzz"}]}, 422),
        ("POST", "/api/stats", None, 405),
    ],
)
def test_security_headers_on_every_response(
    client: TestClient, method: str, path: str, body: Any, status: int
) -> None:
    r = client.request(method, path, json=body)
    assert r.status_code == status, r.text
    assert_secure(r)
    if status >= 400:
        assert r.headers["content-type"] == "application/json"
        assert "error" in r.json()


def tiny_app(
    max_body: int = MAX_BODY, calls: list[bytes] | None = None, body_timeout: float = 10.0
) -> FastAPI:
    """A small app with the middleware: an echo, a crash and an outside redirect."""
    app = FastAPI()

    @app.post("/echo")
    async def echo(request: Request) -> Response:
        body = await request.body()
        if calls is not None:
            calls.append(body)
        return Response(body, media_type="application/octet-stream")

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("boom")

    @app.get("/away")
    def away() -> RedirectResponse:
        return RedirectResponse("http://evil.example//elsewhere?x=1")

    install(app, max_body=max_body, body_timeout=body_timeout)
    return app


def test_server_timing_only_when_asked_for(client: TestClient, tmp_path: Path) -> None:
    """How long the app worked on each request told an attacker what each crafted request
    costs (W11): it is for load tests, which ask for it."""
    assert "server-timing" not in client.get("/api/daily").headers
    assert "server-timing" not in client.post("/api/games", json={"seed": 1}).headers
    settings = ServerSettings(server_timing=True)
    with TestClient(create_app(tmp_path / "g.sqlite3", settings=settings)) as timed:
        r = timed.get("/api/daily")
        assert re.fullmatch(r"app;dur=\d+\.\d\d", r.headers["server-timing"])


def test_a_crash_gets_the_headers_too() -> None:
    with TestClient(tiny_app(), raise_server_exceptions=False) as c:
        r = c.get("/boom")
    assert r.status_code == 500
    for name, value in SECURITY.items():
        assert r.headers[name] == value


def test_install_refuses_an_app_already_serving() -> None:
    app = FastAPI()
    with TestClient(app) as c:
        c.get("/")
    with pytest.raises(RuntimeError, match="before"):
        install(app)


# HEAD ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/api/stats", "/api/strategies", "/static/base.css", "/docs", "/openapi.json"]
)
def test_head_is_get_without_the_body(client: TestClient, path: str) -> None:
    got = client.get(path)
    head = client.head(path)
    assert got.status_code == head.status_code == 200
    assert got.content and head.content == b""
    assert int(head.headers["content-length"]) == len(got.content)
    drop = {k for k in got.headers if k in VOLATILE}
    assert {k: v for k, v in head.headers.items() if k not in drop} == {
        k: v for k, v in got.headers.items() if k not in drop
    }
    assert_secure(head)


def test_head_on_a_missing_page_is_a_404_without_body(client: TestClient) -> None:
    r = client.head("/api/games/nope")
    assert r.status_code == 404 and r.content == b""
    assert r.headers["content-type"] == "application/json"


# 405 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("POST", "/api/stats", {"GET", "HEAD"}),
        ("DELETE", "/", {"GET", "HEAD"}),
        ("GET", "/api/assist", {"POST"}),
        ("PUT", "/api/games", {"POST"}),
        ("POST", "/static/base.css", {"GET", "HEAD"}),
    ],
)
def test_405_says_allow(client: TestClient, method: str, path: str, allow: set[str]) -> None:
    r = client.request(method, path)
    assert r.status_code == 405
    assert {m.strip() for m in r.headers["allow"].split(",")} == allow
    assert r.json() == {"error": "Method Not Allowed"}
    assert_secure(r)


# Redirects -----------------------------------------------------------------------------------


def test_the_static_folder_redirects_relatively_whatever_the_host(client: TestClient) -> None:
    r = client.get("/static", headers={"host": "evil.example"}, follow_redirects=False)
    assert r.status_code in (301, 302, 307, 308)
    assert r.headers["location"] == "/static/"
    assert_secure(r)


def test_an_absolute_redirect_becomes_its_path() -> None:
    with TestClient(tiny_app()) as c:
        r = c.get("/away", follow_redirects=False)
    assert r.headers["location"] == "/elsewhere?x=1"


@pytest.mark.parametrize(
    ("location", "relative"),
    [
        ("http://evil.example/static/", "/static/"),
        ("https://host:8443/p?q=1#f", "/p?q=1#f"),
        ("http://host", "/"),
        ("//evil.example/x", "/x"),
        ("http://host//evil.example/x", "/evil.example/x"),
        ("/\\evil.example", "/evil.example"),
        ("\\\\evil.example", "/evil.example"),
        ("javascript:alert(1)", "/alert(1)"),
        ("/static/", "/static/"),
        ("/a?b=c", "/a?b=c"),
        ("next", "next"),
        ("?page=2", "?page=2"),
    ],
)
def test_relative_location(location: str, relative: str) -> None:
    assert relative_location(location) == relative
    assert not urlsplit(relative_location(location)).netloc


# Request bodies ------------------------------------------------------------------------------


def assert_413(status: int, headers: dict[str, str], body: bytes) -> None:
    assert status == 413
    assert headers["content-type"] == "application/json"
    assert "too large" in json.loads(body)["error"]
    for name, value in SECURITY.items():
        assert headers[name] == value


def test_413_by_content_length(client: TestClient) -> None:
    big = b"[" + b" " * 100_000 + b"]"
    r = client.post("/api/assist", content=big, headers={"content-type": "application/json"})
    assert_413(r.status_code, dict(r.headers), r.content)
    assert r.headers["cache-control"] == "no-store"


def test_a_body_just_under_the_limit_works(client: TestClient) -> None:
    body = json.dumps({"turns": [{"guess": "crane", "pattern": "bbygb"}], "top": 1}).encode()
    padded = body + b" " * (MAX_BODY - 1 - len(body))
    assert len(padded) == MAX_BODY - 1
    r = client.post("/api/assist", content=padded, headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    assert r.json()["remaining"] > 0


def scope_for(method: str, path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"test"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("test", 80),
    }


@dataclass
class Exchange:
    """What an ASGI call did: the response, how many messages of the body the app side read
    in all, and how many it had read when the response started."""

    status: int
    headers: dict[str, str]
    body: bytes
    read: int
    read_before_answer: int
    ended: bool  # the response's last message was sent


def exchange(app: FastAPI, chunks: list[bytes], headers: list[tuple[bytes, bytes]]) -> Exchange:
    """POST /echo with the body in ``chunks``, as a server does it."""
    messages = [
        {"type": "http.request", "body": c, "more_body": i < len(chunks) - 1}
        for i, c in enumerate(chunks)
    ]
    read = 0
    sent: list[dict[str, Any]] = []
    before = -1

    async def receive() -> dict[str, Any]:
        nonlocal read
        if read < len(messages):
            read += 1
            return messages[read - 1]
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal before
        if message["type"] == "http.response.start":
            before = read
        sent.append(message)

    anyio.run(app, scope_for("POST", "/echo", headers), receive, send)
    start = sent[0]
    out_headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    body = b"".join(m.get("body", b"") for m in sent[1:])
    ended = not sent[-1].get("more_body", False)
    return Exchange(start["status"], out_headers, body, read, before, ended)


def call_asgi(
    app: FastAPI, chunks: list[bytes], headers: list[tuple[bytes, bytes]]
) -> tuple[int, dict[str, str], bytes, int]:
    """POST /echo with the body in ``chunks``: status, headers, body and how many messages
    the app side read."""
    x = exchange(app, chunks, headers)
    return x.status, x.headers, x.body, x.read


CHUNKED = [(b"transfer-encoding", b"chunked")]


def test_413_for_a_chunked_body_is_answered_at_once_and_the_rest_read_and_dropped() -> None:
    """The 413 is sent as soon as the limit is passed; the rest of the body is then read
    (so that the client, still sending, is not reset) but kept nowhere, and the app never
    runs."""
    calls: list[bytes] = []
    app = tiny_app(max_body=1000, calls=calls)
    chunks = [bytes([65 + i % 26]) * 100 for i in range(1000)]  # 100 KB in 100-byte chunks
    x = exchange(app, chunks, CHUNKED)
    assert_413(x.status, x.headers, x.body)
    assert x.read_before_answer == 11  # the chunk that crossed 1000 bytes
    assert x.read == 1000 and x.ended  # all of it read, then the response ended
    assert calls == []


def test_the_rest_of_a_refused_body_is_read_up_to_a_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http, "DRAIN_BYTES", 5000)
    x = exchange(tiny_app(max_body=1000), [b"x" * 100] * 1000, CHUNKED)
    assert_413(x.status, x.headers, x.body)
    assert x.read == 51 and x.ended  # past 5,000 bytes it stops reading: the server closes


def test_413_by_content_length_answers_before_reading() -> None:
    calls: list[bytes] = []
    app = tiny_app(max_body=1000, calls=calls)
    x = exchange(app, [b"x" * 1001], [(b"content-length", b"1001")])
    assert_413(x.status, x.headers, x.body)
    assert x.read_before_answer == 0 and x.read == 1 and calls == []


@pytest.mark.parametrize(
    "headers",
    [
        [(b"content-length", b"%d" % (http.DRAIN_BYTES + 1))],
        [(b"content-length", b"1001"), (b"expect", b"100-continue")],
    ],
    ids=["declared-beyond-the-cap", "awaiting-100-continue"],
)
def test_413_reads_nothing_of_a_body_not_worth_reading(headers: list[tuple[bytes, bytes]]) -> None:
    x = exchange(tiny_app(max_body=1000), [b"x" * 1001], headers)
    assert_413(x.status, x.headers, x.body)
    assert x.read == 0 and x.ended


def test_a_body_that_does_not_arrive_in_time_gets_408() -> None:
    """The client sent part of its body and then nothing: 408, JSON, connection closed."""
    sent: list[dict[str, Any]] = []
    calls = 0

    async def receive() -> dict[str, Any]:
        nonlocal calls
        calls += 1
        if calls == 1:
            return {"type": "http.request", "body": b"[", "more_body": True}
        await anyio.sleep(60)  # a client trickling, or gone quiet
        raise AssertionError("the body timeout did not stop the read")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    quiet = tiny_app(max_body=1000, body_timeout=0.2)
    anyio.run(quiet, scope_for("POST", "/echo", CHUNKED), receive, send)
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    assert sent[0]["status"] == 408 and headers["connection"] == "close"
    assert "did not arrive within 0.2 s" in json.loads(sent[1]["body"])["error"]


@pytest.mark.parametrize("size", [0, 1, 999, 1000])
def test_bodies_up_to_the_limit_reach_the_app_unchanged(size: int) -> None:
    calls: list[bytes] = []
    app = tiny_app(max_body=1000, calls=calls)
    data = bytes(range(256)) * 4
    payload = data[:size]
    chunks = [payload[i : i + 7] for i in range(0, size, 7)] or [b""]
    status, _, body, _ = call_asgi(app, chunks, CHUNKED)
    assert status == 200
    assert body == payload and calls == [payload]


def test_one_byte_over_the_limit_is_refused() -> None:
    status, headers, body, _ = call_asgi(tiny_app(max_body=1000), [b"x" * 600] * 2, CHUNKED)
    assert_413(status, headers, body)
    status, headers, body, _ = call_asgi(tiny_app(max_body=1000), [b"x" * 1001], [])
    assert_413(status, headers, body)


def test_413_for_a_chunked_body_on_a_live_server(web_server: Server) -> None:
    """A chunked body has no Content-Length: the server counts while reading, and answers
    as soon as the limit is passed (here before the client has finished its body; nothing is
    sent after the byte that passes the limit, so the server has read all of it)."""
    url = urlsplit(web_server.url)
    with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
        sock.sendall(
            b"POST /api/assist HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b" " * 4096
        for _ in range(MAX_BODY // len(chunk)):  # the limit exactly: still allowed
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        sock.sendall(b"1\r\n \r\n")  # one byte more, and the body never ends
        status, headers, body = read_response(sock)
    assert_413(status, headers, body)


def test_a_chunked_body_under_the_limit_works_on_a_live_server(web_server: Server) -> None:
    url = urlsplit(web_server.url)
    body = json.dumps({"turns": [], "top": 2}).encode() + b" " * 30_000
    with socket.create_connection((url.hostname, url.port), timeout=60) as sock:
        sock.sendall(
            b"POST /api/assist HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        for i in range(0, len(body), 5000):
            part = body[i : i + 5000]
            sock.sendall(b"%x\r\n%s\r\n" % (len(part), part))
        sock.sendall(b"0\r\n\r\n")
        status, headers, data = read_response(sock)
    assert status == 200, data
    assert len(json.loads(data)["advice"]["suggestions"]) == 2
    assert headers["cache-control"] == "no-store"


# Pages without inline code -------------------------------------------------------------------


class PageScan(HTMLParser):
    """What a strict CSP would block in a page, and the URLs the page references."""

    def __init__(self) -> None:
        super().__init__()
        self.blocked: list[str] = []
        self.urls: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        for name, value in attrs:
            if name.startswith("on") or name == "style":
                self.blocked.append(f"<{tag} {name}={value!r}>")
            if name in ("src", "href") and value is not None:
                self.urls.append(value)
                if value.strip().lower().startswith("javascript:"):
                    self.blocked.append(f"<{tag} {name}={value!r}>")
        if tag == "style":
            self.blocked.append("<style> element")
        self._in_script = tag == "script"
        if tag == "script" and not names.get("src"):
            self.blocked.append("inline <script>")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.blocked.append(f"script content {data.strip()[:40]!r}")


@pytest.mark.parametrize("path", ["/", "/docs"])
def test_pages_have_no_inline_code_and_only_local_served_references(
    client: TestClient, path: str
) -> None:
    r = client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    scan = PageScan()
    scan.feed(r.text)
    assert scan.blocked == []
    assert scan.urls
    for url in scan.urls:
        if url.startswith("#"):
            continue
        parts = urlsplit(url)
        assert not parts.scheme and not parts.netloc and url.startswith("/"), url
        got = client.get(url)
        assert got.status_code == 200, url
        if url.endswith(".js"):
            assert "javascript" in got.headers["content-type"], url
        if url.endswith(".css"):
            assert got.headers["content-type"].startswith("text/css"), url


def test_only_the_docs_assets_the_page_uses_are_served(client: TestClient) -> None:
    assert client.get("/docs-assets/swagger-ui-bundle.js").status_code == 200
    assert client.get("/docs-assets/swagger-ui.css").status_code == 200
    for name in (
        "index.html",
        "swagger-initializer.js",
        "oauth2-redirect.html",
        "swagger-ui.js",
        "favicon-32x32.png",
        "swagger-ui-bundle.js.map",
        "",
        "..%2F__init__.py",
    ):
        r = client.get(f"/docs-assets/{name}")
        assert r.status_code == 404, name
        assert_secure(r)


def test_no_static_script_builds_code_from_strings() -> None:
    static = Path(create_app.__code__.co_filename).parent / "static"
    for js in sorted(static.glob("*.js")):
        text = js.read_text(encoding="utf-8")
        for bad in ("eval(", "new Function", "innerHTML", "insertAdjacentHTML", "document.write"):
            assert bad not in text, f"{js.name} uses {bad}"


IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']""", re.M | re.S)
SCRIPT = re.compile(r'<script\b[^>]*\bsrc="([^"]+)"')
STYLESHEET = re.compile(r'<link rel="stylesheet" href="(/static/[^"]+)"')


def served_scripts(client: TestClient) -> dict[str, str]:
    """Every script the app's page loads, by URL: its <script> tags and, from the module
    ones, every module they import (as served, not as stored)."""
    html = client.get("/").text
    todo = SCRIPT.findall(html)
    seen: dict[str, str] = {}
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        r = client.get(url)
        assert r.status_code == 200, url
        seen[url] = r.text
        base = url.rsplit("/", 1)[0]
        for target in IMPORT.findall(r.text):
            assert target.startswith("./"), (url, target)
            todo.append(f"{base}/{target[2:]}")
    return seen


def test_the_module_graph_has_no_module_level_state(client: TestClient) -> None:
    """No served script keeps mutable state at its top level (no ``let`` or ``var`` there):
    each page is a factory over its root element, and its state lives in that closure."""
    scripts = served_scripts(client)
    assert {"/static/app.js", "/static/play.js", "/static/assist.js", "/static/bot.js"} <= set(
        scripts
    ), sorted(scripts)
    assert {"/static/review.js", "/static/stats.js", "/static/tiles.js"} <= set(scripts)
    for url, text in scripts.items():
        top_level = re.findall(r"^(?:export\s+)?(?:let|var)\s+\w+", text, re.M)
        assert not top_level, (url, top_level)
    for page in ("play", "assist", "bot", "review"):
        factory = re.compile(r"^export function create\w+Page\(root\b", re.M)
        assert factory.search(scripts[f"/static/{page}.js"]), page


def test_one_error_box_one_cancellation_one_tile_renderer(client: TestClient) -> None:
    """The pages share their helpers: no copy of an error box, of a stale-response counter or
    of a tile table lives in a page."""
    scripts = served_scripts(client)
    names = ("play.js", "assist.js", "bot.js", "review.js", "stats.js")
    pages = {u: t for u, t in scripts.items() if u.rsplit("/", 1)[1] in names}
    assert len(pages) == len(names)
    for url, text in pages.items():
        assert "error.hidden = " not in text and ".error.textContent" not in text, url
        assert not re.search(r"\b(token|seq|generation|opening)\s*\+=\s*1", text), url
        assert "TILE_CHARS = " not in text and "FROM_CHAR" not in text, url
        assert "new AbortController" not in text, url  # the helper in api.js makes them
    assert sum("new AbortController" in t for t in scripts.values()) == 1
    assert sum("export function errorBox" in t for t in scripts.values()) == 1
    assert sum("export const TILE_CHARS" in t for t in scripts.values()) == 1


def test_no_script_computes_feedback(client: TestClient) -> None:
    """The browser never computes feedback: no served script compares a guess with an answer
    letter by letter or decodes a pattern number; the tiles' colours come from the server."""
    for url, text in served_scripts(client).items():
        assert not re.search(r"answer\s*\[", text), url
        assert not re.search(r"%\s*3\b", text), url
        assert "scoreLetters" not in text and "patternLetters" not in text, url


def test_the_page_links_each_stylesheet_once(client: TestClient) -> None:
    """style.css is split per page: the page links every stylesheet of the app, base first."""
    static = Path(create_app.__code__.co_filename).parent / "static"
    linked = STYLESHEET.findall(client.get("/").text)
    assert linked[0] == "/static/base.css" and len(linked) == len(set(linked))
    on_disk = {f"/static/{p.name}" for p in static.glob("*.css")}
    assert set(linked) == on_disk, (linked, on_disk)
    assert {"play.css", "assist.css", "bot.css", "review.css", "stats.css"} <= {
        u.rsplit("/", 1)[1] for u in linked
    }
    for url in linked:
        r = client.get(url)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/css")


# In a browser: no CSP violation anywhere -----------------------------------------------------

COLOURED = re.compile("^(green|yellow|gray)$")
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective}: ${e.blockedURI || "inline"}`
    + ` (${e.sourceFile || location.pathname}:${e.lineNumber})`);
});
"""


def violations(page: Page, console: list[str]) -> list[str]:
    return [*console, *page.evaluate("window.__csp || []")]


def test_no_csp_violation_on_any_page(page: Page) -> None:
    console: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            console.append(message.text)

    page.on("console", on_console)
    page.add_init_script(WATCH_CSP)

    # Play: a game with a guess (tiles placed with CSS variables), then the statistics.
    open_app(page)
    start_game(page, "classic", seed=42)
    guess = "crane" if ANSWER != "crane" else "slate"
    type_guess(page, guess)
    expect(page.get_by_test_id("tile-0-0")).to_have_attribute("data-state", COLOURED)
    expect(page.get_by_test_id("tile-0-4")).to_have_attribute("data-state", COLOURED)
    page.get_by_test_id("stats-button").click()
    expect(page.get_by_test_id("stats-dialog")).to_be_visible()
    expect(page.get_by_test_id("dist-1")).to_be_visible()
    page.get_by_test_id("stats-close").click()
    shot(page, "csp-play", full_page=True)
    assert violations(page, console) == []

    # A Quordle (its grid and split keys sized with CSS variables) and Absurdle's shortest win.
    start_game(page, "quordle", seed=42)
    type_guess(page, guess)
    expect(page.get_by_test_id("tile-3-0-4")).to_have_attribute("data-state", COLOURED)
    start_game(page, "absurdle", seed=None)
    type_guess(page, "arise")
    expect(page.get_by_test_id("host-count")).to_contain_text("168")
    page.get_by_test_id("host-solve").click()
    expect(page.get_by_test_id("host-minimum")).to_be_visible(timeout=30_000)
    assert violations(page, console) == []

    # Boards: the helper for a game of several boards played elsewhere.
    page.get_by_test_id("nav-boards").click()
    page.get_by_test_id("boards-assist-word").fill("crane")
    page.get_by_test_id("boards-assist-add").click()
    expect(page.get_by_test_id("boards-assist-best")).not_to_be_empty(timeout=30_000)
    assert violations(page, console) == []

    # Assist: the start of a game, then a guess.
    page.get_by_test_id("nav-assist").click()
    expect(page.get_by_test_id("assist-remaining")).to_have_text(
        "12972"
    )  # the page starts on the likely model
    page.get_by_test_id("assist-word").fill("crane")
    page.get_by_test_id("assist-add").click()
    expect(page.get_by_test_id("assist-tile-0-0")).to_have_attribute("data-state", COLOURED)
    expect(page.locator("#assist-suggestions tr").first).to_be_visible()
    assert violations(page, console) == []

    # Bot: a whole game.
    page.get_by_test_id("nav-bot").click()
    page.get_by_test_id("bot-answer").fill("cigar")
    page.get_by_test_id("bot-solve").click()
    expect(page.get_by_test_id("bot-result")).to_contain_text("Solved CIGAR")
    assert violations(page, console) == []

    # Review: the example game (score bars sized with style properties).
    page.get_by_test_id("nav-review").click()
    page.get_by_test_id("review-example").click()
    page.get_by_test_id("review-submit").click()
    expect(page.get_by_test_id("review-output")).to_have_attribute(
        "data-state", "done", timeout=60_000
    )
    assert violations(page, console) == []

    # The high-contrast palette, applied before the first paint by /static/contrast.js.
    page.get_by_test_id("contrast-toggle").click()
    page.goto("/#play")
    expect(page.locator("html")).to_have_attribute("data-contrast", "high")
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    shot(page, "csp-high-contrast", full_page=True)
    assert violations(page, console) == []

    # The API docs.
    page.goto("/docs")
    expect(page.locator("#swagger-ui .swagger-ui")).to_be_visible()
    page.wait_for_load_state("networkidle")
    shot(page, "csp-docs", full_page=True)
    assert violations(page, console) == []
