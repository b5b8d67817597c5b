"""The API documentation page (/docs) in a browser: the vendored Swagger UI 5 renders
FastAPI's OpenAPI 3.1 document, with nothing fetched from elsewhere and no CSP violation.

The screenshot goes to ``docs/web-docs-1280.png`` (linked from the README).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import ConsoleMessage, Page, Request, expect

from harness_web import Server
from wordlekit.web.api import create_app
from wordlekit.web.pages import DOCS_ASSETS, SWAGGER_UI

DOCS = Path(__file__).parents[1] / "docs"
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective}: ${e.blockedURI || "inline"}`
    + ` (${e.sourceFile || location.pathname}:${e.lineNumber})`);
});
"""
# Every operation of the API as Swagger UI lists it: method, path, summary.
OPERATIONS = [
    ("POST", "/api/games", "New Game"),
    ("GET", "/api/games/{gid}", "Get Game"),
    ("POST", "/api/games/{gid}/guesses", "Guess"),
    ("POST", "/api/assist", "Assist"),
    ("POST", "/api/solve", "Solve"),
    ("POST", "/api/review", "Review"),
    ("GET", "/api/stats", "Stats"),
    ("GET", "/api/variants", "Variants And Modes"),
    ("POST", "/api/games/{gid}/hint", "Hint"),
    ("POST", "/api/absurdle/solve", "Solve"),
    ("POST", "/api/boards/assist", "Assist"),
]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path_factory.mktemp("docs") / "games.sqlite3")) as c:
        yield c


def open_docs(page: Page, server: Server) -> tuple[list[str], list[str], list[str]]:
    """/docs, rendered; the requests that left the origin, the CSP reports and console
    errors, collected while it loads."""
    origin = urlsplit(server.url).netloc
    outside: list[str] = []
    console: list[str] = []

    def on_request(request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob") and parts.netloc != origin:
            outside.append(request.url)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            console.append(message.text)

    page.on("request", on_request)
    page.on("console", on_console)
    page.add_init_script(WATCH_CSP)
    page.goto("/docs")
    expect(page.locator("#swagger-ui .swagger-ui .information-container")).to_be_visible()
    expect(page.locator(".opblock").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    return outside, page.evaluate("window.__csp"), console


def test_docs_render_the_api(page: Page, web_server: Server) -> None:
    outside, csp, console = open_docs(page, web_server)

    # The title and the version of the document, and every operation by method, path, summary.
    expect(page.locator(".information-container .title")).to_contain_text("wordlekit")
    expect(page.locator(".information-container .title")).to_contain_text("OAS 3.1")
    for method, path, summary in OPERATIONS:
        block = page.locator(
            f".opblock-{method.lower()}",
            has=page.locator(".opblock-summary-path", has_text=re.compile(f"^{re.escape(path)}$")),
        )
        expect(block).to_have_count(1)
        expect(block.locator(".opblock-summary-method")).to_have_text(method)
        expect(block.locator(".opblock-summary-description")).to_have_text(summary)
        expect(block).to_be_visible()

    # No error box: neither "Unable to render this definition" nor the errors panel.
    body = page.locator("body")
    expect(body).not_to_contain_text("Unable to render")
    expect(body).not_to_contain_text("does not specify a valid version field")
    expect(page.locator(".swagger-ui .errors-wrapper")).to_have_count(0)
    expect(page.locator(".swagger-ui .loading-container")).to_have_count(0)

    page.screenshot(path=str(DOCS / "web-docs-1280.png"))
    assert outside == [], f"requests left the origin: {outside}"
    assert csp == [], f"CSP violations: {csp}"
    assert console == [], f"console errors: {console}"


def test_an_operation_opens_with_its_schema(page: Page, web_server: Server) -> None:
    """Opening POST /api/games shows its request body and responses (3.1 schemas)."""
    outside, _, _ = open_docs(page, web_server)
    block = page.locator(
        ".opblock-post",
        has=page.locator(".opblock-summary-path", has_text=re.compile("^/api/games$")),
    )
    block.locator(".opblock-summary-control").click()
    expect(block.locator(".opblock-body")).to_be_visible()
    expect(block.locator(".opblock-section-request-body")).to_be_visible()
    expect(block.locator(".responses-table")).to_contain_text("201")
    expect(block.get_by_role("button", name="Try it out")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("Unable to render")
    assert page.evaluate("window.__csp") == []
    assert outside == []


def test_try_it_out_calls_the_local_api(page: Page, web_server: Server) -> None:
    """Try it out, then Execute, on GET /api/strategies: the call goes to this server."""
    outside, _, _ = open_docs(page, web_server)
    block = page.locator(
        ".opblock-get",
        has=page.locator(".opblock-summary-path", has_text=re.compile("^/api/strategies$")),
    )
    block.locator(".opblock-summary-control").click()
    block.get_by_role("button", name="Try it out").click()
    # (the form sends the default of the query, the strategies of one board)
    with page.expect_response(re.compile(r"/api/strategies(\?boards=1)?$")) as got:
        block.get_by_role("button", name="Execute").click()
    assert got.value.status == 200
    status = block.locator(".live-responses-table tbody td.response-col_status")
    expect(status).to_have_text("200")
    assert page.evaluate("window.__csp") == []
    assert outside == []


def test_the_vendored_files_are_complete_and_licensed() -> None:
    """The bundle, its stylesheet and the licences are in the package; the docs page links
    only the served ones; the licence files are served beside them."""
    for name in DOCS_ASSETS:
        assert (SWAGGER_UI / name).is_file(), name
    assert "Apache License" in (SWAGGER_UI / "LICENSE").read_text(encoding="utf-8")
    assert "SmartBear" in (SWAGGER_UI / "NOTICE").read_text(encoding="utf-8")
    readme = (SWAGGER_UI / "README.md").read_text(encoding="utf-8")
    assert re.search(r"swagger-ui-dist` \*\*5\.\d+\.\d+\*\*", readme)


def test_the_licences_are_served(client: TestClient) -> None:
    for name in ("LICENSE", "NOTICE", "swagger-ui-bundle.js.LICENSE.txt"):
        r = client.get(f"/docs-assets/{name}")
        assert r.status_code == 200, name
        assert r.headers["content-type"].startswith("text/plain"), name
