// The Play page: starting games, the board, the keyboards, guesses, hints, sharing, resuming.

import { ApiError, api, request } from "./api.js";
import {
  LETTER_STATES,
  byId,
  copyText,
  emojiNodes,
  h,
  paletteShare,
  plural,
  restartAnimation,
  selectText,
  setTile,
  storage,
} from "./dom.js";
import { openStats } from "./stats.js";

const GAME_KEY = "wordlekit.game";
const KEY_ROWS = [
  ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
  ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
  ["enter", "z", "x", "c", "v", "b", "n", "m", "backspace"],
];
const WIN_WORDS = ["Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew"];
// The reveal: tile i starts flipping at i * FLIP_STEP ms and takes FLIP ms (under 300 ms for 5).
const FLIP_STEP = 45;
const FLIP = 110;
const BOUNCE = 600;

let ctx = { isActive: () => true, review: () => {} };
let game = null; // the last state the server sent
let typed = ""; // letters typed in the current row
let busy = false; // a request that changes the game is on its way
let token = 0; // bumped by every new game: late answers about an older game are dropped
let timers = [];

let els = {};
let rowEls = [];
let keyEls = new Map();

// Setup ---------------------------------------------------------------------------------------

export function initPlay(context) {
  ctx = { ...ctx, ...context };
  els = {
    form: byId("setup-form"),
    dateField: byId("date-field"),
    seedField: byId("seed-field"),
    date: byId("date-input"),
    seed: byId("seed-input"),
    hard: byId("hard-input"),
    label: byId("game-label"),
    hint: byId("hint-button"),
    message: byId("message"),
    board: byId("board"),
    keyboard: byId("keyboard"),
    result: byId("result"),
    resultText: byId("result-text"),
    shareText: byId("share-text"),
    share: byId("share-button"),
    again: byId("again-button"),
    review: byId("review-game-button"),
  };
  buildBoard(6, 5);
  buildKeyboard();
  els.date.value = localDate();
  els.date.addEventListener("input", () => {
    els.date.dataset.touched = "1";
  });

  for (const radio of els.form.elements.mode) radio.addEventListener("change", syncModeFields);
  syncModeFields();
  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    startFromForm();
  });
  els.hint.addEventListener("click", () => {
    hint();
    els.board.focus({ preventScroll: true });
  });
  els.share.addEventListener("click", async () => {
    showMessage(await share(), "success");
  });
  els.again.addEventListener("click", () => startPractice());
  els.review.addEventListener("click", () => ctx.review());
  els.keyboard.addEventListener("click", (event) => {
    const key = event.target.closest("button[data-key]");
    if (key) handleKey(key.dataset.key);
  });
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("wordlekit:contrast", () => {
    if (game && game.share) showShareText();
  });
}

/** Today's date for the date field: the server's (it picks the puzzle), else the browser's. */
export function setToday(isoDate) {
  if (!isoDate) return;
  const untouched = !els.date.dataset.touched;
  els.date.dataset.today = isoDate;
  if (untouched && (!game || game.mode !== "daily")) els.date.value = isoDate;
}

export function currentGame() {
  return game;
}

function localDate() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function syncModeFields() {
  const mode = els.form.elements.mode.value;
  els.dateField.hidden = mode !== "daily";
  els.seedField.hidden = mode !== "practice";
}

function buildBoard(rows, length) {
  if (rowEls.length === rows && rowEls[0]?.children.length === length) return;
  els.board.style.setProperty("--length", length);
  els.board.style.setProperty("--rows", rows);
  rowEls = [];
  const children = [];
  for (let r = 0; r < rows; r += 1) {
    const tiles = [];
    for (let c = 0; c < length; c += 1) {
      const tile = h("div", {
        class: "tile",
        role: "img",
        "data-testid": `tile-${r}-${c}`,
        style: { "--i": c },
      });
      setTile(tile, "", "empty");
      tiles.push(tile);
    }
    const row = h(
      "div",
      { class: "row", role: "group", "aria-label": `Row ${r + 1}`, "data-testid": `row-${r}` },
      tiles,
    );
    rowEls.push(row);
    children.push(row);
  }
  els.board.replaceChildren(...children);
}

function buildKeyboard() {
  keyEls = new Map();
  const rows = KEY_ROWS.map((keys) =>
    h(
      "div",
      { class: "key-row" },
      keys.map((key) => {
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
          button = h("button", { class: "key", "aria-label": key.toUpperCase() }, key.toUpperCase());
          button.dataset.state = "unused";
        }
        button.type = "button";
        button.dataset.key = key;
        button.dataset.testid = `key-${key}`;
        keyEls.set(key, button);
        return button;
      }),
    ),
  );
  els.keyboard.replaceChildren(...rows);
}

function backspaceIcon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "24");
  svg.setAttribute("height", "24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(ns, "path");
  path.setAttribute(
    "d",
    "M22 3H7c-.69 0-1.23.35-1.59.88L0 12l5.41 8.11c.36.53.9.89 1.59.89h15c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm0 16H7.07L2.4 12l4.66-7H22v14zm-11.59-2L14 13.41 17.59 17 19 15.59 15.41 12 19 8.41 17.59 7 14 10.59 10.41 7 9 8.41 12.59 12 9 15.59z",
  );
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

// Input ---------------------------------------------------------------------------------------

function onKeyDown(event) {
  if (!ctx.isActive() || event.defaultPrevented) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target && target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"))
    return;
  const inKeyboard = Boolean(target && target.closest("#keyboard"));
  const onControl = Boolean(target && target.closest("button, a, summary"));
  if (event.key === "Enter") {
    // Enter on a focused button outside the on-screen keyboard activates that button.
    if (onControl && !inKeyboard) return;
    event.preventDefault();
    if (!event.repeat) handleKey("enter");
  } else if (event.key === "Backspace") {
    event.preventDefault();
    handleKey("backspace");
  } else if (/^[a-zA-Z]$/.test(event.key)) {
    event.preventDefault();
    handleKey(event.key.toLowerCase());
  }
}

function handleKey(key) {
  if (!game) {
    showMessage("Press New game to start a game.", "info");
    return;
  }
  if (game.status !== "playing") {
    if (key === "enter") showMessage("This game is over: start a new one.", "info");
    return;
  }
  if (key === "enter") submit();
  else if (key === "backspace") removeLetter();
  else addLetter(key);
}

function addLetter(letter) {
  if (busy || typed.length >= game.length) return;
  typed += letter;
  clearShake();
  clearErrorMessage();
  const tile = rowEls[game.turns.length].children[typed.length - 1];
  setTile(tile, letter, "tbd");
  restartAnimation(tile, "pop");
}

function removeLetter() {
  if (busy || !typed) return;
  const tile = rowEls[game.turns.length].children[typed.length - 1];
  typed = typed.slice(0, -1);
  tile.classList.remove("pop");
  setTile(tile, "", "empty");
  clearShake();
  clearErrorMessage();
}

// Talking to the server -------------------------------------------------------------------------

function startFromForm() {
  const mode = els.form.elements.mode.value;
  const body = { mode, hard: els.hard.checked };
  if (mode === "daily") {
    const date = els.date.value.trim();
    if (date) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        showMessage("Pick a date (YYYY-MM-DD) for the daily puzzle.", "error");
        return;
      }
      body.date = date;
    }
  } else {
    const seedText = els.seed.value.trim();
    if (seedText) {
      const seed = Number(seedText);
      if (!Number.isSafeInteger(seed) || seed < 0) {
        showMessage("The seed is a whole number (0 or more), or empty for a random game.", "error");
        return;
      }
      body.seed = seed;
    }
  }
  newGame(body);
}

export function startPractice() {
  els.form.elements.mode.value = "practice";
  syncModeFields();
  newGame({ mode: "practice", hard: els.hard.checked });
}

async function newGame(body) {
  token += 1;
  const mine = token;
  cancelTimers();
  busy = true;
  els.board.setAttribute("aria-busy", "true");
  try {
    const { status, data } = await request("/api/games", { method: "POST", body });
    if (mine !== token) return;
    busy = false;
    typed = "";
    applyState(data);
    if (status === 200) showMessage(`You already started ${data.label}: here it is.`, "info");
    else showMessage(`${data.label}${data.hard ? " (hard mode)" : ""}: good luck!`, "info");
    if (ctx.isActive()) els.board.focus({ preventScroll: true });
  } catch (err) {
    if (mine !== token) return;
    busy = false;
    showMessage(err.message, "error");
  } finally {
    if (mine === token) els.board.removeAttribute("aria-busy");
  }
}

/** Load the game stored in this browser (after a reload); on a first visit, start today's
 * puzzle straight away, as the game itself does. */
export async function resume() {
  const id = storage.get(GAME_KEY);
  if (!id) {
    await newGame({ mode: "daily", hard: false });
    return;
  }
  const mine = token;
  try {
    const state = await api(`/api/games/${encodeURIComponent(id)}`);
    if (mine !== token) return;
    applyState(state);
    syncSetup(state);
  } catch (err) {
    if (mine !== token) return;
    if (err instanceof ApiError && err.status === 404) storage.remove(GAME_KEY);
    else showMessage(`Could not load your game: ${err.message}`, "error");
  }
}

async function submit() {
  if (busy) return;
  const row = game.turns.length;
  if (typed.length < game.length) {
    shake(row);
    showMessage("Not enough letters", "error");
    return;
  }
  busy = true;
  const mine = token;
  const gid = game.id;
  try {
    const state = await api(`/api/games/${encodeURIComponent(gid)}/guesses`, {
      method: "POST",
      // The turn number makes a retried request (a flaky network, a double tap) harmless:
      // the server returns the game unchanged instead of spending another turn.
      body: { guess: typed, turn: row + 1 },
    });
    if (mine !== token) return;
    busy = false;
    typed = "";
    clearMessage();
    applyState(state, { reveal: row });
  } catch (err) {
    if (mine !== token) return;
    busy = false;
    if (err instanceof ApiError && err.status === 422) {
      shake(row);
      showMessage(err.message, "error");
    } else if (err instanceof ApiError && err.status === 409) {
      showMessage("This game is already over.", "error");
      refresh();
    } else if (err instanceof ApiError && err.status === 404) {
      storage.remove(GAME_KEY);
      showMessage("This game is gone from the server: start a new one.", "error");
    } else {
      showMessage(err.message, "error");
    }
  }
}

async function refresh() {
  if (!game) return;
  const mine = token;
  try {
    const state = await api(`/api/games/${encodeURIComponent(game.id)}`);
    if (mine === token) {
      typed = "";
      applyState(state);
    }
  } catch {
    /* keep what is shown */
  }
}

async function hint() {
  if (!game || game.status !== "playing" || busy) return;
  const mine = token;
  els.hint.disabled = true;
  try {
    const data = await api(`/api/games/${encodeURIComponent(game.id)}/hint?strategy=entropy`, {
      method: "POST",
    });
    if (mine !== token) return;
    game.hints = data.hints;
    renderLabel();
    const word = data.suggestion.word.toUpperCase();
    showMessage(
      `Hint: try ${word} (${plural(data.remaining, "possible answer")} left)`,
      "hint",
    );
  } catch (err) {
    if (mine === token) showMessage(err.message, "error");
  } finally {
    if (mine === token) els.hint.disabled = !game || game.status !== "playing";
  }
}

/** Copy the share text; resolves to a sentence saying what happened. */
export async function share() {
  if (!game || !game.share) return "Finish a game to share it.";
  const text = paletteShare(game.share);
  showShareText();
  if (await copyText(text)) return "Copied results to clipboard";
  selectText(els.shareText);
  return "Copying was refused: the text is selected, press Ctrl+C (⌘C) to copy it.";
}

// Showing the state ---------------------------------------------------------------------------

function applyState(state, { reveal = -1 } = {}) {
  const endedNow = reveal >= 0 && state.status !== "playing";
  game = state;
  storage.set(GAME_KEY, state.id);
  buildBoard(state.max_guesses, state.length);
  renderBoard(reveal);
  renderLabel();
  els.board.dataset.status = state.status;
  els.board.dataset.gameId = state.id;
  els.hint.disabled = state.status !== "playing";
  const revealTime = reveal >= 0 ? FLIP_STEP * (state.length - 1) + FLIP : 0;
  if (revealTime) {
    later(revealTime, () => {
      renderKeyboard();
      if (endedNow) finish(reveal);
    });
  } else {
    renderKeyboard();
  }
  if (state.status === "playing") {
    els.result.hidden = true;
  } else if (!endedNow) {
    renderResult();
  }
}

function finish(row) {
  renderResult();
  if (game.status === "won") {
    showMessage(WIN_WORDS[Math.min(row, WIN_WORDS.length - 1)], "success");
    rowEls[row].classList.add("win");
  } else {
    showMessage(game.answer.toUpperCase(), "answer");
  }
  const mine = token;
  later(game.status === "won" ? BOUNCE : 400, () => {
    if (mine === token && ctx.isActive()) openStats();
  });
}

function renderBoard(reveal) {
  const turns = game.turns;
  rowEls.forEach((row, r) => {
    row.classList.remove("shake", "win");
    const tiles = row.children;
    for (let c = 0; c < tiles.length; c += 1) {
      const tile = tiles[c];
      tile.classList.remove("pop");
      if (r < turns.length) {
        const turn = turns[r];
        setTile(tile, turn.guess[c], LETTER_STATES[turn.letters[c]]);
        if (r === reveal) restartAnimation(tile, "flip");
        else tile.classList.remove("flip");
      } else if (r === turns.length && game.status === "playing") {
        const letter = typed[c] || "";
        setTile(tile, letter, letter ? "tbd" : "empty");
        tile.classList.remove("flip");
      } else {
        setTile(tile, "", "empty");
        tile.classList.remove("flip");
      }
    }
    row.dataset.state = r < turns.length ? "revealed" : r === turns.length ? "current" : "future";
  });
}

function renderKeyboard() {
  const known = (game && game.keyboard) || {};
  for (const [key, button] of keyEls) {
    if (key.length !== 1) continue;
    const state = known[key] || "unused";
    button.dataset.state = state;
    button.setAttribute(
      "aria-label",
      state === "unused" ? key.toUpperCase() : `${key.toUpperCase()}, ${state}`,
    );
  }
}

function renderLabel() {
  if (!game) return;
  const parts = [game.label];
  if (game.hard) parts.push("hard mode");
  if (game.status === "playing") parts.push(`${plural(game.guesses_left, "guess", "guesses")} left`);
  else parts.push(game.status === "won" ? "won" : "lost");
  if (game.hints) parts.push(plural(game.hints, "hint"));
  els.label.textContent = parts.join(" · ");
  els.label.dataset.status = game.status;
}

function renderResult() {
  els.result.hidden = false;
  els.result.dataset.status = game.status;
  const n = game.turns.length;
  if (game.status === "won") {
    els.resultText.replaceChildren(
      "Solved in ",
      h("strong", {}, `${n}/${game.max_guesses}`),
      game.hard ? " in hard mode" : "",
      ". The answer was ",
      h("strong", { "data-testid": "answer" }, game.answer.toUpperCase()),
      ".",
    );
  } else {
    els.resultText.replaceChildren(
      "Out of guesses. The answer was ",
      h("strong", { "data-testid": "answer" }, game.answer.toUpperCase()),
      ".",
    );
  }
  showShareText();
}

function showShareText() {
  els.shareText.replaceChildren(...emojiNodes(paletteShare(game.share)));
}

function syncSetup(state) {
  els.form.elements.mode.value = state.mode;
  if (state.mode === "daily" && state.date) els.date.value = state.date;
  els.hard.checked = Boolean(state.hard);
  syncModeFields();
}

// Messages and animations ---------------------------------------------------------------------

export function showMessage(text, kind = "info") {
  els.message.dataset.kind = kind;
  els.message.replaceChildren(text ? h("span", { class: "toast" }, text) : "");
}

function clearMessage() {
  els.message.replaceChildren();
  delete els.message.dataset.kind;
}

function clearErrorMessage() {
  if (els.message.dataset.kind === "error" || els.message.dataset.kind === "info") clearMessage();
}

function shake(row) {
  if (rowEls[row]) restartAnimation(rowEls[row], "shake");
}

function clearShake() {
  for (const row of rowEls) row.classList.remove("shake");
}

function later(ms, fn) {
  timers.push(window.setTimeout(fn, ms));
}

function cancelTimers() {
  for (const t of timers) window.clearTimeout(t);
  timers = [];
}
