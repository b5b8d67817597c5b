"""The installable app (issue 26; wordlekit.web.pwa): the manifest, its icons, the service
worker's script and cache name, the CSP that allows both, the pages that link them."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordlekit.web.api import create_app
from wordlekit.web.http import CSP
from wordlekit.web.pwa import cache_name, shell_files

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path_factory.mktemp("pwa") / "games.sqlite3")) as c:
        yield c


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_app_its_colours_and_icons(client: TestClient) -> None:
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/manifest+json")
    m = json.loads(r.text)
    assert m["name"] == "wordlekit" and m["short_name"] and m["display"] == "standalone"
    assert m["start_url"] == "/" and m["scope"] == "/"
    assert m["theme_color"] == m["background_color"] == "#121213"  # base.css's --bg
    sizes = {}
    for icon in m["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == "image/png", icon
        sizes[icon.get("purpose", "any"), icon["sizes"]] = png_size(got.content)
    assert sizes == {
        ("any", "192x192"): (192, 192),
        ("any", "512x512"): (512, 512),
        ("maskable", "512x512"): (512, 512),
    }


@pytest.mark.parametrize("path", ["/", "/docs", "/no-such-page"])
def test_every_page_links_the_manifest_and_a_touch_icon(client: TestClient, path: str) -> None:
    page = client.get(path, headers={"Accept": "text/html"}).text  # the 404 page too
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in page
    icon = client.get("/static/icons/apple-touch-icon.png")
    assert png_size(icon.content) == (180, 180)


def test_the_csp_allows_our_manifest_and_worker_only() -> None:
    rules = dict(rule.split(" ", 1) for rule in CSP.split("; "))
    assert rules["manifest-src"] == "'self'" and rules["worker-src"] == "'self'"
    assert rules["script-src"] == "'self'" and "unsafe" not in CSP


def test_the_service_worker_is_served_from_the_root_never_cached(client: TestClient) -> None:
    r = client.get("/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"  # a new release is seen on the next visit
    head = r.text.splitlines()[:2]
    assert head[0] == f"const CACHE = {json.dumps(cache_name())};"
    shell = json.loads(head[1].removeprefix("const SHELL = ").removesuffix(";"))
    assert shell == shell_files() and shell[0] == "/"
    assert "/static/app.js" in shell and "/static/icons/icon-192.png" in shell
    assert "/static/sw-body.js" not in shell
    # every file of the shell is there to cache (cache.addAll fails on a single 404)
    for url in shell:
        assert client.get(url).status_code == 200, url
    # the API is never the worker's
    assert 'url.pathname.startsWith("/api/")) return;' in r.text


def test_the_cache_name_changes_with_the_version_and_any_static_file(tmp_path: Path) -> None:
    static = tmp_path / "static"
    (static / "icons").mkdir(parents=True)
    (static / "app.js").write_text("one")
    (static / "icons" / "a.png").write_bytes(b"\x89PNG")
    first = cache_name(static, "1.0")
    assert first.startswith("wordlekit-1.0-") and first == cache_name(static, "1.0")
    assert cache_name(static, "1.1") != first
    (static / "app.js").write_text("two")
    assert cache_name(static, "1.0") != first
    (static / "app.js").write_text("one")
    assert cache_name(static, "1.0") == first
    (static / "icons" / "b.png").write_bytes(b"")
    assert cache_name(static, "1.0") != first
    assert shell_files(static) == [
        "/",
        "/static/app.js",
        "/static/icons/a.png",
        "/static/icons/b.png",
    ]


def test_the_committed_icons_are_what_the_script_builds() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_icons.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
