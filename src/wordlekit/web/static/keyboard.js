// The Play page's on-screen keyboard, for a game of any number of boards. Its colours come
// from the server (each board's `keyboard` in the game's view: a letter's best tile seen on it);
// the browser never computes feedback.
//
// One board: a key takes the letter's colour, as the NYT keyboard. Several boards, as Quordle
// shows them: up to SPLIT_UP_TO boards, a key is split into one region per board, laid out as
// the boards are (2 per row for 2 and 4 boards, 4 per row for 8), and a solved board's region
// goes dark. With more boards (16, 32) regions would be too small to see, so the key shows a
// compact bar of how many of the boards still played have the letter green, yellow, gray or
// not tried yet, in that order.

import { h } from "./dom.js";

const KEY_ROWS = Object.freeze([
  ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
  ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
  ["enter", "z", "x", "c", "v", "b", "n", "m", "backspace"],
]);
// Where a letter beyond a-z goes: after the key its national keyboards put it after (the
// Spanish Ñ after L on the middle row); any other at the end of the middle row.
const AFTER = Object.freeze({ "ñ": "l" });

/** The rows of keys of an alphabet (`letters`, in keyboard order: the list's). */
export function keyRows(letters = "abcdefghijklmnopqrstuvwxyz") {
  const rows = KEY_ROWS.map((row) => row.filter((k) => k.length > 1 || letters.includes(k)));
  const known = new Set(KEY_ROWS.flat());
  for (const ch of letters) {
    if (known.has(ch)) continue;
    const after = AFTER[ch];
    const row = rows.find((r) => r.includes(after)) || rows[1];
    const at = row.indexOf(after);
    row.splice(at < 0 ? row.length : at + 1, 0, ch);
  }
  return rows;
}
const SPLIT_UP_TO = 8;
const BACKSPACE_PATH =
  "M22 3H7c-.69 0-1.23.35-1.59.88L0 12l5.41 8.11c.36.53.9.89 1.59.89h15c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm0 16H7.07L2.4 12l4.66-7H22v14zm-11.59-2L14 13.41 17.59 17 19 15.59 15.41 12 19 8.41 17.59 7 14 10.59 10.41 7 9 8.41 12.59 12 9 15.59z";

/**
 * The keyboard over its element, with a key for each of `letters` (the word list's, e.g.
 * Spanish a-z and ñ); `onKey(key)` gets a letter, "enter" and "backspace" when a key is
 * clicked. render(view) shows the colours of a game's view (or none: null).
 */
export function createKeyboard(el, { onKey, letters }) {
  const keys = new Map();

  function keyButton(key) {
    let button;
    if (key === "enter") {
      button = h("button", { class: "key wide", "aria-label": "Enter" }, "Enter");
    } else if (key === "backspace") {
      button = h(
        "button",
        { class: "key wide", "aria-label": "Backspace", title: "Backspace" },
        backspaceIcon(),
      );
    } else {
      button = h("button", { class: "key", "aria-label": key.toUpperCase() }, h("span", { class: "key-letter" }, key.toUpperCase()));
      button.dataset.state = "unused";
    }
    button.type = "button";
    // Out of the Tab order, as the NYT: the physical keyboard types, and 28 keys between the
    // page's controls and the rest would make Tab useless. Clicks and taps work as before.
    button.tabIndex = -1;
    button.dataset.key = key;
    button.dataset.testid = `key-${key}`;
    keys.set(key, button);
    return button;
  }

  /** One board: the letter's colour on the key. */
  function single(button, key, known) {
    const state = known[key] || "unused";
    button.dataset.state = state;
    delete button.dataset.states;
    button.querySelector(".key-regions")?.remove();
    const name = state === "unused" ? key.toUpperCase() : `${key.toUpperCase()}, ${state}`;
    button.setAttribute("aria-label", name);
  }

  /** Several boards: one region per board, or the compact bar. */
  function several(button, key, boards) {
    // One entry per board: "done" once it is solved, else the letter's best tile or "".
    const states = boards.map((b) => (b.solved_at ? "done" : b.keyboard[key] || ""));
    const open = states.filter((s) => s !== "done");
    button.dataset.states = states.join(",");
    // The key's own fill stays the plain key's: its regions show the colours, and its letter
    // (white, outlined) is read against the plain fill.
    button.dataset.state = "unused";
    let fill;
    if (boards.length <= SPLIT_UP_TO) {
      fill = states.map((s) => h("span", { class: "key-region", "data-state": s || "unknown" }));
    } else {
      const count = (name) => open.filter((s) => s === name).length;
      fill = [
        ["green", count("green")],
        ["yellow", count("yellow")],
        ["gray", count("gray")],
        ["unknown", count("")],
      ]
        .filter(([, c]) => c > 0)
        .map(([name, c]) => h("span", { class: "key-region", "data-state": name, style: { flex: c } }));
    }
    const regions = h("span", { class: "key-regions", "aria-hidden": "true" }, fill);
    const old = button.querySelector(".key-regions");
    if (old) old.replaceWith(regions);
    else button.prepend(regions);
    const described = states
      .map((s, i) => `board ${i + 1} ${s === "done" ? "solved" : s || "not tried"}`)
      .join(", ");
    button.setAttribute("aria-label", `${key.toUpperCase()}: ${described}`);
  }

  function render(view) {
    const boards = view ? view.boards : [];
    const n = boards.length;
    el.dataset.boards = String(n || 1);
    el.dataset.layout = n <= 1 ? "single" : n <= SPLIT_UP_TO ? "split" : "bars";
    el.style.setProperty("--cols", n <= 4 ? 2 : 4);
    for (const [key, button] of keys) {
      if (key.length !== 1) continue;
      if (n <= 1) single(button, key, boards[0]?.keyboard || {});
      else several(button, key, boards);
    }
  }

  const rows = keyRows(letters);
  el.dataset.keys = String(Math.max(...rows.map((r) => r.length)));
  el.replaceChildren(
    ...rows.map((row) => h("div", { class: "key-row", "data-count": row.length }, row.map(keyButton))),
  );
  el.addEventListener("click", (event) => {
    const key = event.target.closest("button[data-key]");
    if (key) onKey(key.dataset.key);
  });
  render(null);
  return { render };
}

function backspaceIcon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  for (const [name, value] of Object.entries({
    viewBox: "0 0 24 24",
    width: "24",
    height: "24",
    "aria-hidden": "true",
    focusable: "false",
  })) {
    svg.setAttribute(name, value);
  }
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", BACKSPACE_PATH);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}
