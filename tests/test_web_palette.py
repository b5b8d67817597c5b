"""The web app's colours meet WCAG 2.x AA in both themes (the dark one and the high-contrast,
colour-blind one).

- From the CSS as served: the custom properties of ``:root`` and ``:root[data-contrast=
  "high"]`` are parsed (``var()`` resolved), and every foreground/background pair the app
  draws is checked: text 4.5:1, large text (24px, or 18.66px bold: the board's letters and the
  keys' labels) 3:1, the edges of tiles and inputs and the focus ring 3:1 (WCAG 1.4.3, 1.4.11).
- In Chromium, on a real played board in each theme: the tiles, keys, inputs and focus ring
  use exactly those colours (``getComputedStyle``), so this test cannot pass on variables the
  page does not use; and every visible text on every page meets the ratio its real size asks.

Screenshots of a played board go to ``docs/web-palette-dark.png`` and
``docs/web-palette-high-contrast.png``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Page, expect

from harness_web import ANSWER, SEED, open_app, shot, start_game, type_guess
from wordlekit.core.feedback import format_pattern, score
from wordlekit.web.api import create_app

DOCS = Path(__file__).parents[1] / "docs"
TEXT = 4.5  # WCAG 1.4.3, normal text
LARGE = 3.0  # WCAG 1.4.3, large text: 24px, or 18.66px (14pt) bold
UI = 3.0  # WCAG 1.4.11, edges of components and the graphics that say a state
THEMES = ("dark", "high")
DARK_ROOT = ":root"
HIGH_ROOT = ':root[data-contrast="high"]'
STYLESHEET = re.compile(r'<link rel="stylesheet" href="(/static/[^"]+\.css)"')


# WCAG's contrast ratio ------------------------------------------------------------------------

RGB = tuple[float, float, float]


def parse_colour(value: str) -> tuple[RGB, float]:
    """``#rgb``, ``#rrggbb``, ``rgb(r, g, b)``, ``rgba(r, g, b, a)``, ``rgb(r g b / a)``:
    the channels (0..255) and the alpha.

    >>> parse_colour("#fff")
    ((255.0, 255.0, 255.0), 1.0)
    >>> parse_colour("rgba(0, 0, 0, 0)")
    ((0.0, 0.0, 0.0), 0.0)
    >>> parse_colour("rgb(255 255 255 / 0.03)")
    ((255.0, 255.0, 255.0), 0.03)
    """
    value = value.strip().lower()
    if value == "transparent":
        return (0.0, 0.0, 0.0), 0.0
    hexa = re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6})", value)
    if hexa:
        digits = hexa.group(1)
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        r, g, b = (float(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
        return (r, g, b), 1.0
    func = re.fullmatch(r"rgba?\(([^)]*)\)", value)
    if not func:
        raise ValueError(f"not a colour this test reads: {value!r}")
    parts = [p for p in re.split(r"[\s,/]+", func.group(1)) if p]
    r, g, b = (float(p) for p in parts[:3])
    alpha = float(parts[3].rstrip("%")) / (100 if parts[3].endswith("%") else 1) if parts[3:] else 1
    return (r, g, b), alpha


def luminance(rgb: RGB) -> float:
    """WCAG's relative luminance."""

    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str | RGB, b: str | RGB) -> float:
    """WCAG's contrast ratio of two opaque colours.

    >>> round(contrast("#fff", "#000"), 1)
    21.0
    >>> round(contrast("#ffffff", "#b59f3b"), 2)  # NYT's yellow, white letters
    2.63
    """
    la, lb = (luminance(parse_colour(c)[0] if isinstance(c, str) else c) for c in (a, b))
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def test_the_ratio_matches_wcags_examples() -> None:
    # The figures of the issue (before this palette) and WCAG's own extremes.
    assert round(contrast("#fff", "#b59f3b"), 2) == 2.63
    assert round(contrast("#fff", "#85c0f9"), 2) == 1.93
    assert round(contrast("#fff", "#f5793a"), 2) == 2.73
    assert round(contrast("#3a3a3c", "#121213"), 2) == 1.65
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#000", "#000") == 1.0


# The stylesheets as served, and their custom properties ----------------------------------------


@dataclass(frozen=True)
class Rule:
    selectors: tuple[str, ...]
    declarations: dict[str, str]
    media: str | None


def parse_css(text: str, media: str | None = None) -> list[Rule]:
    """The style rules of a stylesheet, in order; those of ``@media`` blocks with their
    condition; other at-rules (``@keyframes``, ``@supports``…) skipped."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rules: list[Rule] = []
    i = 0
    while True:
        start = text.find("{", i)
        if start < 0:
            return rules
        prelude = text[i:start].strip()
        depth, end = 1, start + 1
        while depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        body = text[start + 1 : end - 1]
        i = end
        if prelude.startswith("@media"):
            rules += parse_css(body, prelude[len("@media") :].strip())
        elif prelude.startswith("@"):
            continue
        else:
            declarations = {}
            for item in body.split(";"):
                name, colon, value = item.partition(":")
                if colon:
                    declarations[name.strip()] = value.strip()
            selectors = tuple(" ".join(s.split()) for s in prelude.split(","))
            rules.append(Rule(selectors, declarations, media))


def resolve(value: str, props: dict[str, str], depth: int = 0) -> str:
    """``value`` with every ``var(--x)`` (and ``var(--x, fallback)``) replaced."""
    assert depth < 20, f"var() cycle in {value!r}"

    def one(m: re.Match[str]) -> str:
        name, fallback = m.group(1), m.group(2)
        if name in props:
            return resolve(props[name], props, depth + 1)
        assert fallback is not None, f"{name} is not defined"
        return resolve(fallback, props, depth + 1)

    return re.sub(r"var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)", one, value)


@dataclass(frozen=True)
class Palette:
    """The custom properties of one theme, resolved."""

    theme: str
    props: dict[str, str]

    def __getitem__(self, name: str) -> str:
        return resolve(f"var({name})", self.props)


def palettes(rules: list[Rule]) -> dict[str, Palette]:
    dark: dict[str, str] = {}
    high: dict[str, str] = {}
    for rule in rules:
        if rule.media is not None:
            continue
        custom = {k: v for k, v in rule.declarations.items() if k.startswith("--")}
        if rule.selectors == (DARK_ROOT,):
            dark.update(custom)
        elif rule.selectors == (HIGH_ROOT,):
            high.update(custom)
    return {"dark": Palette("dark", dark), "high": Palette("high", {**dark, **high})}


@pytest.fixture(scope="module")
def served_rules(tmp_path_factory: pytest.TempPathFactory) -> list[Rule]:
    """Every rule of every stylesheet the app's page links, in the page's order."""
    with TestClient(create_app(tmp_path_factory.mktemp("palette") / "games.sqlite3")) as c:
        urls = STYLESHEET.findall(c.get("/").text)
        assert urls and urls[0] == "/static/base.css", urls
        rules: list[Rule] = []
        for url in urls:
            r = c.get(url)
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/css")
            rules += parse_css(r.text)
    return rules


@pytest.fixture(scope="module")
def themes(served_rules: list[Rule]) -> dict[str, Palette]:
    return palettes(served_rules)


def rule_value(rules: list[Rule], selector: str, prop: str, media: str | None = None) -> str:
    """The last value of ``prop`` given by a rule for exactly ``selector``."""
    found = [
        r.declarations[prop]
        for r in rules
        if selector in r.selectors and prop in r.declarations and r.media == media
    ]
    assert found, f"no rule gives {selector} {{ {prop} }}"
    return found[-1]


# Every pair the UI draws -----------------------------------------------------------------------

#: (what, foreground property, background property, minimum ratio)
PAIRS: list[tuple[str, str, str, float]] = [
    # The page and its panels.
    *[
        (f"{fg[2:]} text on {bg[2:]}", fg, bg, TEXT)
        for fg in ("--text", "--muted", "--green-text")
        for bg in ("--bg", "--panel", "--panel-2", "--field")
    ],
    ("placeholder in an input", "--placeholder", "--field", TEXT),
    ("error text in an error box", "--error-text", "--error-bg", TEXT),
    ("primary button, success toast, current statistics bar", "--on-accent", "--accent", TEXT),
    # Tiles: the board's letters are large text (2rem, 800), so are the keys' letters (1.2rem,
    # bold) on wide screens; smaller ones (Assist's mini rows, Review, narrow keys) use -small.
    ("letter on a green tile or key", "--on-green", "--green", LARGE),
    ("letter on a yellow tile or key", "--on-yellow", "--yellow", LARGE),
    ("letter on a gray tile or key", "--on-gray", "--gray", TEXT),
    ("small letter on green", "--on-green-small", "--green", TEXT),
    ("small letter on yellow", "--on-yellow-small", "--yellow", TEXT),
    ("letter on an empty or typed tile", "--text", "--bg", TEXT),
    # Keys not played yet, Enter's label (0.8rem) among them: small text.
    ("label of a key not played", "--key-text", "--key", TEXT),
    # Edges: tiles, inputs and buttons, the focus ring, against what is around them.
    ("edge of an empty tile on the page", "--tile-border", "--bg", UI),
    ("edge of an empty tile or slot on a panel", "--tile-border", "--panel", UI),
    ("edge of a typed tile", "--tile-border-filled", "--bg", UI),
    *[
        (f"edge of an input or button against {bg[2:]}", "--border-strong", bg, UI)
        for bg in ("--field", "--bg", "--panel", "--panel-2")
    ],
    *[
        (f"focus ring on {bg[2:]}", "--focus", bg, UI)
        for bg in ("--bg", "--panel", "--panel-2", "--field")
    ],
]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("what", "fg", "bg", "minimum"), PAIRS, ids=[p[0] for p in PAIRS])
def test_every_pair_meets_wcag_aa(
    themes: dict[str, Palette], theme: str, what: str, fg: str, bg: str, minimum: float
) -> None:
    palette = themes[theme]
    ratio = contrast(palette[fg], palette[bg])
    assert ratio >= minimum, (
        f"{theme}: {what}: {fg} {palette[fg]} on {bg} {palette[bg]} is {ratio:.2f}:1, "
        f"AA asks {minimum}:1"
    )


def test_the_themes_differ_only_in_the_tile_colours_and_what_goes_on_them(
    themes: dict[str, Palette],
) -> None:
    dark, high = themes["dark"], themes["high"]
    changed = {name for name in high.props if high[name] != dark[name]}
    assert {"--green", "--yellow", "--on-green", "--on-yellow"} <= changed
    assert changed <= {
        "--green",
        "--yellow",
        "--on-green",
        "--on-yellow",
        "--on-green-small",
        "--on-yellow-small",
        "--accent",
        "--on-accent",
        "--green-text",
    }, changed
    # NYT's colours where they pass: its green, gray and high-contrast orange and blue.
    assert dark["--green"] == "#538d4e" and dark["--gray"] == "#3a3a3c"
    assert high["--green"] == "#f5793a" and high["--yellow"] == "#85c0f9"


def test_the_tiles_of_three_states_stay_apart(themes: dict[str, Palette]) -> None:
    """The three scored colours are told apart by more than hue: in each theme every two of
    them differ in lightness (a ratio of at least 1.2), and both coloured ones stand out from
    the page like the NYT's (3:1, WCAG 1.4.11)."""
    for palette in themes.values():
        fills = [palette["--green"], palette["--yellow"], palette["--gray"]]
        for i, a in enumerate(fills):
            for b in fills[i + 1 :]:
                assert contrast(a, b) >= 1.2, (palette.theme, a, b)
        for colour in fills[:2]:
            assert contrast(colour, palette["--bg"]) >= UI, (palette.theme, colour)


def test_the_rules_draw_with_the_palette(served_rules: list[Rule]) -> None:
    """The tiles, keys and inputs take their colours from the custom properties above (the
    browser test below checks that the page really shows them)."""
    r = served_rules
    for state in ("green", "yellow", "gray"):
        tile = f'.tile[data-state="{state}"]'
        assert rule_value(r, tile, "background-color") == f"var(--{state})"
        assert rule_value(r, tile, "color") == f"var(--on-{state})"
        key = f'.key[data-state="{state}"]'
        assert rule_value(r, key, "background") == f"var(--{state})"
        assert rule_value(r, key, "color") == f"var(--on-{state})"
    assert rule_value(r, ".tile", "border") == "2px solid var(--tile-border)"
    assert rule_value(r, '.tile[data-state="tbd"]', "border-color") == "var(--tile-border-filled)"
    assert rule_value(r, ".key", "background") == "var(--key)"
    assert rule_value(r, ".key", "color") == "var(--key-text)"
    assert rule_value(r, ":focus-visible", "outline") == "3px solid var(--focus)"
    assert rule_value(r, "select", "border") == "1px solid var(--border-strong)"
    assert rule_value(r, "select", "background") == "var(--field)"
    assert rule_value(r, "input::placeholder", "color") == "var(--placeholder)"
    for small in (".tile.mini", ".review-turn .tile"):
        assert rule_value(r, small, "--on-green") == "var(--on-green-small)"
        assert rule_value(r, small, "--on-yellow") == "var(--on-yellow-small)"


# In the browser ----------------------------------------------------------------------------------

# What a page shows, measured: the colours of an element, its text size and weight, and the
# colour behind it (the backgrounds of its ancestors composited, up to the first opaque one).
MEASURE = """
(el) => {
  const rgba = (c) => {
    const m = c.match(/rgba?\\(([^)]*)\\)/);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = rgba(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) {
      layers.push(c);
      if (c[3] >= 1) break;
    }
  }
  let under = layers.length && layers[layers.length - 1][3] >= 1
    ? layers.pop().slice(0, 3)
    : rgba(getComputedStyle(document.body).backgroundColor).slice(0, 3);
  while (layers.length) {
    const [r, g, b, a] = layers.pop();
    under = [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
  }
  const s = getComputedStyle(el);
  const behind = (e) => {
    let u = e.parentElement;
    while (u && rgba(getComputedStyle(u).backgroundColor)[3] === 0) u = u.parentElement;
    return getComputedStyle(u || document.body).backgroundColor;
  };
  return {
    color: s.color,
    background: s.backgroundColor,
    border: s.borderTopColor,
    outline: s.outlineColor,
    outlineStyle: s.outlineStyle,
    size: parseFloat(s.fontSize),
    weight: parseInt(s.fontWeight, 10),
    under: `rgb(${under.map(Math.round).join(", ")})`,
    around: behind(el),
  };
}
"""

# Every visible piece of text on the page, with its colours and size (disabled controls, which
# WCAG exempts, and text drawn transparent on purpose, such as the share squares, left out).
TEXTS = """
() => {
  const measure = __MEASURE__;
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || seen.has(el)) continue;
    seen.add(el);
    const rect = el.getBoundingClientRect();
    if (rect.width < 3 || rect.height < 3) continue;  // visually hidden
    if (el.closest(":disabled, [aria-disabled='true'], script, style, noscript, option")) continue;
    const s = getComputedStyle(el);
    if (s.visibility !== "visible") continue;
    let faded = false;
    for (let e = el; e; e = e.parentElement) {
      if (parseFloat(getComputedStyle(e).opacity) < 1) faded = true;
    }
    if (faded) continue;  // fading in or out (toasts, dialogs): measured once settled
    const m = measure(el);
    if (m.color.endsWith(", 0)")) continue;
    m.text = n.textContent.trim().slice(0, 30);
    const classes = typeof el.className === "string" ? el.className.split(" ") : [];
    m.where = [el.tagName.toLowerCase() + (el.id ? "#" + el.id : ""), ...classes].join(".");
    out.push(m);
  }
  return out;
}
""".replace("__MEASURE__", MEASURE.strip())


def large(m: dict[str, Any]) -> bool:
    """WCAG's large text: 18pt (24px), or 14pt (18.66px) bold."""
    return bool(m["size"] >= 24 or (m["size"] >= 18.66 and m["weight"] >= 700))


def css_rgb(value: str) -> str:
    """A palette colour as getComputedStyle writes it."""
    (r, g, b), alpha = parse_colour(value)
    if alpha < 1:
        return f"rgba({r:.0f}, {g:.0f}, {b:.0f}, {alpha:g})"
    return f"rgb({r:.0f}, {g:.0f}, {b:.0f})"


def measure(page: Page, selector: str) -> dict[str, Any]:
    loc = page.locator(selector)
    expect(loc).to_have_count(1)
    return dict(loc.evaluate(MEASURE))


def set_theme(page: Page, theme: str) -> None:
    high = theme == "high"
    toggle = page.get_by_test_id("contrast-toggle")
    if (toggle.get_attribute("aria-pressed") == "true") != high:
        toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", str(high).lower())
    if high:
        expect(page.locator("html")).to_have_attribute("data-contrast", "high")
    else:
        expect(page.locator("html")).not_to_have_attribute("data-contrast", "high")


def settle(page: Page) -> None:
    """No animation or transition left running (the flip, the keyboard's colours)."""
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")


def text_failures(page: Page) -> list[str]:
    """Every visible text under the ratio its real size asks."""
    failures = []
    measured = page.evaluate(TEXTS)
    assert len(measured) >= 20, measured  # the page is there
    for m in measured:
        need = LARGE if large(m) else TEXT
        ratio = contrast(parse_colour(m["color"])[0], parse_colour(m["under"])[0])
        if ratio < need:
            failures.append(
                f"{m['where']} {m['text']!r}: {m['color']} on {m['under']} at "
                f"{m['size']}px/{m['weight']} is {ratio:.2f}:1 (needs {need})"
            )
    return failures


def letters(guess: str) -> str:
    return format_pattern(score(guess, ANSWER), 5, "letters")


#: Guesses that show every colour (gray, yellow and green) before the answer; not the answer.
CANDIDATES = ["stare", "trace", "after", "cater", "react", "tract", "grate", "chart", "draft"]


def played_rows() -> list[str]:
    rows = [w for w in CANDIDATES if w != ANSWER and len(set(letters(w))) == 3][:2]
    rows += [w for w in CANDIDATES if w != ANSWER and w not in rows and "g" in letters(w)][:1]
    assert len(rows) == 3, (ANSWER, [(w, letters(w)) for w in CANDIDATES])
    return rows


def play_a_board(page: Page) -> list[str]:
    """A practice game with three scored rows (every colour on the board and keyboard) and
    two typed letters in the fourth."""
    page.emulate_media(reduced_motion="reduce")
    open_app(page)
    start_game(page)
    rows = played_rows()
    for i, word in enumerate(rows):
        type_guess(page, word)
        expect(page.get_by_test_id(f"tile-{i}-4")).to_have_attribute(
            "data-state", re.compile("^(green|yellow|gray)$")
        )
    page.keyboard.type(ANSWER[:2] if rows[0][:2] != ANSWER[:2] else "zz")
    expect(page.get_by_test_id(f"tile-{len(rows)}-1")).to_have_attribute("data-state", "tbd")
    settle(page)
    return rows


@pytest.mark.parametrize("theme", THEMES)
def test_a_played_board_shows_the_palette(
    page: Page, themes: dict[str, Palette], theme: str
) -> None:
    palette = themes[theme]
    rows = play_a_board(page)
    set_theme(page, theme)
    settle(page)

    # The scored tiles: their fill and letters are the palette's, and readable.
    seen = set()
    for r, word in enumerate(rows):
        for c, code in enumerate(letters(word)):
            state = {"g": "green", "y": "yellow", "b": "gray"}[code]
            m = measure(page, f'[data-testid="tile-{r}-{c}"]')
            assert m["background"] == css_rgb(palette[f"--{state}"]), (theme, r, c, m)
            assert m["color"] == css_rgb(palette[f"--on-{state}"]), (theme, r, c, m)
            need = LARGE if large(m) else TEXT
            assert contrast(m["color"], m["background"]) >= need, (theme, state, m)
            seen.add(state)
    assert seen == {"green", "yellow", "gray"}

    # Typed and empty tiles: their edges against the page.
    typed = measure(page, f'[data-testid="tile-{len(rows)}-0"]')
    assert typed["border"] == css_rgb(palette["--tile-border-filled"]), typed
    assert contrast(typed["border"], typed["under"]) >= UI, typed
    assert contrast(typed["color"], typed["under"]) >= TEXT, typed
    empty = measure(page, '[data-testid="tile-5-0"]')
    assert empty["border"] == css_rgb(palette["--tile-border"]), empty
    assert empty["under"] == css_rgb(palette["--bg"]), empty
    assert contrast(empty["border"], empty["under"]) >= UI, empty

    # The keys of every state, Enter among them (its label is small text).
    states: dict[str, int] = {}
    for key in page.locator("#keyboard button").all():
        m = dict(key.evaluate(MEASURE))
        state = key.get_attribute("data-state") or "unused"
        fill = f"--{state}" if state in ("green", "yellow", "gray") else "--key"
        label = f"--on-{state}" if state in ("green", "yellow", "gray") else "--key-text"
        assert m["background"] == css_rgb(palette[fill]), (theme, state, m)
        if key.get_attribute("data-key") != "backspace":  # an icon, drawn in currentColor
            assert m["color"] == css_rgb(palette[label]), (theme, state, m)
        need = LARGE if large(m) else TEXT
        assert contrast(m["color"], m["background"]) >= need, (theme, state, m)
        states[state] = states.get(state, 0) + 1
    assert {"green", "yellow", "gray", "unused"} <= set(states), states

    # An input: its edge against its own fill and what is around it; the focus ring.
    page.get_by_test_id("play-again").click()  # the set-up form, folded during a game
    seed = page.get_by_test_id("seed")
    m = dict(seed.evaluate(MEASURE))
    assert m["border"] == css_rgb(palette["--border-strong"]), m
    assert m["background"] == css_rgb(palette["--field"]), m
    assert contrast(m["border"], m["background"]) >= UI, m
    assert contrast(m["border"], m["around"]) >= UI, m
    seed.focus()
    m = dict(seed.evaluate(MEASURE))
    assert m["outlineStyle"] == "solid" and m["outline"] == css_rgb(palette["--focus"]), m
    assert contrast(m["outline"], m["around"]) >= UI, m
    assert contrast(m["outline"], m["background"]) >= UI, m

    # The page itself, and every text on it.
    body = measure(page, "body")
    assert body["background"] == css_rgb(palette["--bg"])
    assert body["color"] == css_rgb(palette["--text"])
    page.locator("body").click(position={"x": 5, "y": 300})  # the focus off the input
    settle(page)
    assert text_failures(page) == []

    name = "web-palette-dark.png" if theme == "dark" else "web-palette-high-contrast.png"
    page.screenshot(path=str(DOCS / name))


@pytest.mark.parametrize("theme", THEMES)
def test_every_text_on_every_page_is_readable(page: Page, theme: str) -> None:
    """Each page in use (a played board, Assist with a guess, a Bot game, a Review): every
    visible text meets the ratio its real size asks, in both themes."""
    page.emulate_media(reduced_motion="reduce")
    open_app(page)
    set_theme(page, theme)
    failures: dict[str, list[str]] = {}

    start_game(page)
    type_guess(page, played_rows()[0])
    expect(page.get_by_test_id("tile-0-4")).to_have_attribute(
        "data-state", re.compile("^(green|yellow|gray)$")
    )
    settle(page)
    failures["play"] = text_failures(page)
    shot(page, f"palette-play-{theme}", full_page=True)

    page.get_by_test_id("nav-assist").click()
    page.get_by_test_id("assist-word").fill(played_rows()[0])
    page.get_by_test_id("assist-add").click()
    expect(page.locator("#assist-suggestions tr").first).to_be_visible()
    settle(page)
    failures["assist"] = text_failures(page)
    shot(page, f"palette-assist-{theme}", full_page=True)

    page.get_by_test_id("nav-bot").click()
    page.get_by_test_id("bot-answer").fill(ANSWER)
    page.get_by_test_id("bot-solve").click()
    expect(page.get_by_test_id("bot-result")).to_contain_text(f"Solved {ANSWER.upper()}")
    settle(page)
    failures["bot"] = text_failures(page)
    shot(page, f"palette-bot-{theme}", full_page=True)

    page.get_by_test_id("nav-review").click()
    page.get_by_test_id("review-example").click()
    page.get_by_test_id("review-submit").click()
    expect(page.get_by_test_id("review-output")).to_have_attribute(
        "data-state", "done", timeout=60_000
    )
    settle(page)
    failures["review"] = text_failures(page)
    shot(page, f"palette-review-{theme}", full_page=True)

    # Games of several boards (their boards and split keys), Absurdle (its host), the Boards
    # page's helper.
    page.get_by_test_id("nav-play").click()
    for variant, seed in (("quordle", SEED), ("sedecordle", SEED), ("absurdle", None)):
        start_game(page, variant, seed=seed)
        type_guess(page, played_rows()[0])
        expect(page.locator("#board .row[data-state='revealed']").first).to_be_visible()
        settle(page)
        failures[variant] = text_failures(page)
        shot(page, f"palette-{variant}-{theme}")
    page.get_by_test_id("nav-boards").click()
    page.get_by_test_id("boards-assist-word").fill(played_rows()[0])
    page.get_by_test_id("boards-assist-add").click()
    expect(page.get_by_test_id("boards-assist-best")).not_to_be_empty(timeout=30_000)
    settle(page)
    failures["boards"] = text_failures(page)
    shot(page, f"palette-boards-{theme}", full_page=True)

    assert {k: v for k, v in failures.items() if v} == {}


SCREENS = [(390, 844), (360, 640), (320, 568), (1366, 657)]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("width", "height"), SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_the_board_and_keyboard_are_readable_on_small_screens(
    page: Page, theme: str, width: int, height: int
) -> None:
    """The board's letters scale with the room left and the keys' labels shrink on a phone:
    under large-text size they get the -small colours, and still meet the ratio their real
    size asks."""
    page.set_viewport_size({"width": width, "height": height})
    play_a_board(page)
    set_theme(page, theme)
    settle(page)
    assert text_failures(page) == []
    if width <= 640:  # the case this test is about: key labels under large-text size
        labels = [dict(k.evaluate(MEASURE)) for k in page.locator("#keyboard button").all()]
        assert any(not large(m) for m in labels)
    shot(page, f"palette-{width}x{height}-{theme}", full_page=True)
