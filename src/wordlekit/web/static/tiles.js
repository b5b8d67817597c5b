// Tiles: the characters a pattern is typed with (the engine's table), and the one renderer of
// tiles and rows of tiles used by every page. The colours of a guess always come from the
// server (its `letters`, g/y/b): the browser never computes feedback.

import { h } from "./dom.js";

/**
 * Every character the engine's pattern parser accepts, by the tile it means (as g/y/b), read
 * case-insensitively: g/2/🟩/🟧 green, y/1/🟨/🟦 yellow, b/x/n/w/./-/0/⬛/⬜ gray (🟧 and 🟦
 * are the high-contrast share grid's green and yellow).
 */
export const TILE_CHARS = Object.freeze({
  g: "g", 2: "g", "🟩": "g", "🟧": "g",
  y: "y", 1: "y", "🟨": "y", "🟦": "y",
  b: "b", x: "b", n: "b", w: "b", ".": "b", "-": "b", 0: "b", "⬛": "b", "⬜": "b",
});
/** Characters the engine skips inside a pattern (emoji selectors, joiners, spaces). */
export const IGNORED_CHARS = Object.freeze(["\ufe0f", "\ufe0e", "\u200d", " "]);

/** The tile colour names by the letter the API uses in `letters` ("gyybb"), and back. */
export const LETTER_STATES = Object.freeze({ g: "green", y: "yellow", b: "gray" });
export const STATE_LETTERS = Object.freeze({ green: "g", yellow: "y", gray: "b" });

/** A character of a typed pattern that is no tile (`char` says which). */
export class TileError extends Error {
  constructor(char) {
    super(`“${char}” is not a colour: use g/y/b, 2/1/0 or 🟩🟨⬛, one per letter.`);
    this.name = "TileError";
    this.char = char;
  }
}

/** A typed pattern as g/y/b letters, read as the engine reads it; a TileError otherwise. */
export function readTiles(text) {
  let out = "";
  for (const ch of Array.from(String(text).trim().toLowerCase())) {
    if (IGNORED_CHARS.includes(ch)) continue;
    const tile = TILE_CHARS[ch];
    if (!tile) throw new TileError(ch);
    out += tile;
  }
  return out;
}

/** The accessible name of a tile: "C, green", "C" (typed, not checked yet) or "empty". */
export function tileLabel(letter, state) {
  if (!letter) return "empty";
  const upper = letter.toUpperCase();
  if (!state || state === "tbd" || state === "empty") return upper;
  return `${upper}, ${state}`;
}

/** Show `letter` with `state` (empty|tbd|green|yellow|gray) on a tile element. */
export function setTile(tile, letter, state) {
  const upper = letter ? letter.toUpperCase() : "";
  if (tile.textContent !== upper) tile.textContent = upper;
  tile.dataset.state = state;
  tile.dataset.letter = letter || "";
  tile.setAttribute("aria-label", tileLabel(letter, state));
}

/**
 * A tile element showing `letter` in `state`: a <div role="img"> (or `tag`, e.g. a button),
 * with class "tile" and `cls`; other attributes as h() takes them.
 */
export function makeTile(letter, state, { tag = "div", cls = "", ...attrs } = {}) {
  const el = h(tag, {
    class: cls ? `tile ${cls}` : "tile",
    role: tag === "div" ? "img" : undefined,
    ...attrs,
  });
  setTile(el, letter, state);
  return el;
}

/**
 * The tiles of `word` coloured by its g/y/b `letters` (as the server sent them); `testid(c)`
 * names tile c, `attrs(c)` adds attributes. Tile c has the CSS variable --i = c (the reveal
 * flips the tiles one after the other).
 */
export function tileRow(word, letters, { testid, attrs, ...options } = {}) {
  return [...word].map((letter, c) =>
    makeTile(letter, LETTER_STATES[letters?.[c]] || "empty", {
      ...options,
      ...(attrs ? attrs(c) : {}),
      "data-testid": testid ? testid(c) : undefined,
      style: { "--i": c },
    }),
  );
}

/** A row of tiles (a grid with one column per tile, whatever the word length). */
export function rowOf(tiles, attrs = {}) {
  return h("div", { class: "row", ...attrs, style: { "--length": tiles.length } }, tiles);
}

/** Whether g/y/b letters are all green (the winning row). */
export function allGreen(letters) {
  return /^g+$/.test(letters || "");
}

// The pattern emoji drawn as CSS squares, by the class they get (🟥: a board not solved).
const SQUARES = Object.freeze({
  "🟩": "g", "🟧": "g", "🟨": "y", "🟦": "y", "⬛": "b", "⬜": "w", "🟥": "r",
});
// The guess counts of a share grid of several boards, as Quordle writes them: keycaps 1 to 9,
// 🔟, and clock faces for 11 to 13.
const COUNTS = Object.freeze({ "🔟": "10", "🕚": "11", "🕛": "12", "🕐": "13" });
const KEYCAP = "\u20e3";

/**
 * Text with the share grid's emoji drawn as coloured squares and numbered keys (in the palette
 * in use, and visible without an emoji font). The text content stays the emoji, so copying and
 * reading it work.
 */
export function emojiNodes(text) {
  const nodes = [];
  let plain = "";
  const chars = Array.from(text || "").filter((ch) => ch !== "\ufe0f");
  const drawn = (node) => {
    if (plain) nodes.push(plain);
    plain = "";
    nodes.push(node);
  };
  chars.forEach((ch, i) => {
    if (ch === KEYCAP) return; // drawn with its digit
    if (ch in SQUARES) drawn(h("span", { class: `sq sq-${SQUARES[ch]}` }, ch));
    else if (ch in COUNTS) drawn(h("span", { class: "sq sq-n", "data-n": COUNTS[ch] }, ch));
    else if (/^[0-9]$/.test(ch) && chars[i + 1] === KEYCAP) {
      drawn(h("span", { class: "sq sq-n", "data-n": ch }, `${ch}\ufe0f${KEYCAP}`));
    } else plain += ch;
  });
  if (plain) nodes.push(plain);
  return nodes;
}
