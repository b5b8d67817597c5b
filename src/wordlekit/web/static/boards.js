// The Boards page: Dordle, Quordle, Octordle, Sedecordle, Duotrigordle (several boards at
// once). Every guess goes to every board not solved yet; the server referees and stores the
// game (the browser never computes feedback, and never sees an answer before the end).
//
// The keyboard shows each key's state on every board still played, as Quordle does: up to 8
// boards, the key is split into one region per board, laid out as the boards are (2 per row
// for 2 and 4 boards, 4 per row for 8); a solved board's region goes dark. With more boards
// (16, 32) regions would be too small to see, so the key shows a bar of how many of the
// boards still played have that letter green, yellow, gray or not yet tried, in that order.

import { api, cancellation, isAbort } from "./api.js";
import { createBoardsAssist } from "./boards_assist.js";
import { copyText, elements, h, paletteShare, plural, storage } from "./dom.js";
import { errorBox } from "./errorbox.js";
import { emojiNodes, makeTile, rowOf, tileRow } from "./tiles.js";

const IDS = Object.freeze({
  form: "boards-setup",
  variant: "boards-variant",
  seedField: "boards-seed-field",
  seed: "boards-seed",
  label: "boards-label",
  status: "boards-status",
  grid: "boards-grid",
  keyboard: "boards-keyboard",
  error: "boards-error",
  result: "boards-result",
  share: "boards-share",
  copy: "boards-copy",
  stats: "boards-stats",
});
const KEY_ROWS = Object.freeze(["qwertyuiop", "asdfghjkl", "zxcvbnm"]);
const STATE_NAMES = Object.freeze(["gray", "yellow", "green"]);
const SAVED = "wordlekit.boards.game";
const SPLIT_UP_TO = 8;

export function createBoardsPage(root) {
  const el = elements(root, IDS);
  const errors = errorBox(el.error);
  // "Play / Help with a game": the helper for a game played elsewhere (boards_assist.js).
  const helper = createBoardsAssist(root);
  const requests = cancellation();
  let game = null;
  let typed = "";
  let busy = false;
  let active = false;

  const mode = () => root.querySelector('input[name="boards-mode"]:checked').value;

  function syncSetup() {
    el.seedField.hidden = mode() !== "practice";
  }

  async function newGame(event) {
    event?.preventDefault();
    errors.hide();
    const body = { variant: el.variant.value, mode: mode() };
    if (body.mode === "practice" && el.seed.value !== "") body.seed = Number(el.seed.value);
    try {
      const view = await api("/api/boards/games", {
        method: "POST",
        body,
        signal: requests.renew(),
      });
      show(view);
    } catch (err) {
      if (!isAbort(err)) errors.show(err.message);
    }
  }

  function show(view) {
    game = view;
    typed = "";
    storage.set(SAVED, view.id);
    root.dataset.status = view.status;
    root.dataset.boards = String(view.boards.length);
    render();
    if (view.over) finish();
    else el.result.hidden = true;
  }

  function render() {
    if (!game) return;
    const n = game.boards.length;
    const left = game.boards.filter((b) => !b.solved_at).length;
    el.label.textContent = game.label;
    el.status.textContent = game.over
      ? game.outcome
      : `${plural(game.guesses_left, "guess", "guesses")} left · ${left} of ${n} boards to solve`;
    el.grid.style.setProperty("--boards", n);
    el.grid.dataset.count = String(n);
    el.grid.replaceChildren(...game.boards.map((b, i) => boardEl(b, i)));
    renderKeyboard();
  }

  function boardEl(board, i) {
    const rows = board.rows.map((r) =>
      rowOf(tileRow(r.guess, r.letters, { cls: "mini" }), { "data-testid": "boards-row" }),
    );
    const playing = !board.solved_at && !game.over;
    if (playing) {
      const word = typed.padEnd(game.length, " ");
      rows.push(
        rowOf(
          [...word].map((ch) =>
            makeTile(ch.trim(), ch.trim() ? "tbd" : "empty", { cls: "mini" }),
          ),
          { class: "row typing" },
        ),
      );
    }
    const title = board.solved_at
      ? `Board ${i + 1}: solved in ${board.solved_at}`
      : game.over
        ? `Board ${i + 1}: not solved (${(board.answer || "").toUpperCase()})`
        : `Board ${i + 1}`;
    return h(
      "section",
      {
        class: "mboard",
        "data-testid": `boards-board-${i}`,
        "data-solved": board.solved_at ? "true" : "false",
        "aria-label": title,
      },
      // Short on screen (a phone's board is narrow); the full sentence is the label.
      h("h3", { class: "mboard-title", "aria-hidden": "true" }, shortTitle(board, i)),
      h("div", { class: "mboard-rows" }, rows),
    );
  }

  function shortTitle(board, i) {
    if (board.solved_at) return `${i + 1} ✓ in ${board.solved_at}`;
    if (game.over) return `${i + 1} ✗ ${(board.answer || "").toUpperCase()}`;
    return `Board ${i + 1}`;
  }

  function keyStates(letter) {
    // One entry per board: "done" for a solved board, else the letter's best state or "".
    return game.boards.map((b) => {
      if (b.solved_at) return "done";
      const s = b.keyboard[letter];
      return s === undefined ? "" : STATE_NAMES[s];
    });
  }

  function renderKeyboard() {
    const n = game ? game.boards.length : 4;
    const split = n <= SPLIT_UP_TO;
    el.keyboard.dataset.mode = split ? "split" : "bars";
    el.keyboard.style.setProperty("--cols", n <= 4 ? 2 : 4);
    const rows = KEY_ROWS.map((letters, r) => {
      const keys = [...letters].map((ch) => keyEl(ch, split));
      if (r === 2) {
        keys.unshift(wideKey("enter", "Enter", "Enter"));
        keys.push(wideKey("back", "⌫", "Delete"));
      }
      return h("div", { class: "mkey-row" }, keys);
    });
    el.keyboard.replaceChildren(...rows);
  }

  function wideKey(key, text, label) {
    return h(
      "button",
      {
        type: "button",
        class: "mkey wide",
        "data-key": key,
        "data-testid": `boards-key-${key}`,
        "aria-label": label,
        onclick: () => press(key),
      },
      text,
    );
  }

  function keyEl(ch, split) {
    const states = game ? keyStates(ch) : [];
    let fill;
    if (split) {
      fill = h(
        "span",
        { class: "mkey-regions", "aria-hidden": "true" },
        states.map((s) => h("span", { class: "mkey-region", "data-state": s || "unknown" })),
      );
    } else {
      const open = states.filter((s) => s !== "done");
      const count = (name) => open.filter((s) => s === name).length;
      const parts = [
        ["green", count("green")],
        ["yellow", count("yellow")],
        ["gray", count("gray")],
        ["unknown", count("")],
      ];
      fill = h(
        "span",
        { class: "mkey-bars", "aria-hidden": "true" },
        parts
          .filter(([, c]) => c > 0)
          .map(([name, c]) =>
            h("span", { class: "mkey-region", "data-state": name, style: { flex: c } }),
          ),
      );
    }
    const described = states
      .map((s, i) => `board ${i + 1} ${s === "done" ? "solved" : s || "not tried"}`)
      .join(", ");
    return h(
      "button",
      {
        type: "button",
        class: "mkey",
        "data-key": ch,
        "data-testid": `boards-key-${ch}`,
        "data-states": states.join(","),
        "aria-label": `${ch.toUpperCase()}${described ? `: ${described}` : ""}`,
        onclick: () => press(ch),
      },
      fill,
      h("span", { class: "mkey-letter" }, ch.toUpperCase()),
    );
  }

  async function press(key) {
    if (!game || game.over || busy) return;
    errors.hide();
    if (key === "enter") return submit();
    if (key === "back") typed = typed.slice(0, -1);
    else if (/^[a-z]$/.test(key) && typed.length < game.length) typed += key;
    render();
  }

  async function submit() {
    if (typed.length !== game.length) {
      errors.show(`A guess has ${game.length} letters`, "input");
      return;
    }
    busy = true;
    try {
      const view = await api(`/api/boards/games/${game.id}/guesses`, {
        method: "POST",
        body: { guess: typed, turn: game.guesses.length + 1 },
        signal: requests.signal,
      });
      show(view);
    } catch (err) {
      if (!isAbort(err)) errors.show(err.message);
    } finally {
      busy = false;
    }
  }

  async function finish() {
    el.result.hidden = false;
    // Drawn as CSS squares (visible without an emoji font); the text stays the emoji to copy.
    el.share.replaceChildren(...emojiNodes(paletteShare(game.share)));
    try {
      const s = await api(`/api/boards/stats?variant=${encodeURIComponent(game.variant.name)}`);
      const dist = Object.entries(s.distribution)
        .map(([k, v]) => `${k}: ${v}`)
        .join(" · ");
      el.stats.textContent =
        `${game.variant.title}: played ${s.played}, won ${s.win_percent} %, ` +
        `streak ${s.current_streak} (best ${s.max_streak})${dist ? ` · guesses ${dist}` : ""}`;
    } catch (err) {
      if (!isAbort(err)) el.stats.textContent = "";
    }
  }

  function onKey(event) {
    if (!active || helper.isActive() || event.ctrlKey || event.metaKey || event.altKey) return;
    const t = event.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
    const k = event.key.toLowerCase();
    if (k === "enter") press("enter");
    else if (k === "backspace") press("back");
    else if (/^[a-z]$/.test(k)) press(k);
    else return;
    event.preventDefault();
  }

  async function resume() {
    const id = storage.get(SAVED);
    if (!id || game) return;
    try {
      show(await api(`/api/boards/games/${encodeURIComponent(id)}`));
    } catch {
      storage.remove(SAVED);
    }
  }

  el.form.addEventListener("submit", newGame);
  for (const radio of root.querySelectorAll('input[name="boards-mode"]')) {
    radio.addEventListener("change", syncSetup);
  }
  // The text as the server wrote it (the squares drawn on the page drop the keycaps'
  // variation selectors, which the copy must keep).
  el.copy.addEventListener("click", () => copyText(paletteShare(game?.share || "")));
  document.addEventListener("keydown", onKey);
  syncSetup();
  renderKeyboard();

  return {
    activate() {
      active = true;
      resume();
      helper.activate();
    },
    deactivate() {
      active = false;
    },
  };
}
