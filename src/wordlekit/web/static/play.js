// The Play page: starting games, the board, the keyboards, guesses, hints, sharing, resuming.

import { ApiError, api, cancellation, isAbort, request } from "./api.js";
import {
  copyText,
  elements,
  h,
  linkUltrahard,
  paletteShare,
  plural,
  restartAnimation,
  rulesName,
  selectText,
  storage,
} from "./dom.js";
import { LETTER_STATES, emojiNodes, makeTile, rowOf, setTile } from "./tiles.js";

const GAME_KEY = "wordlekit.game";
const KEY_ROWS = [
  ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
  ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
  ["enter", "z", "x", "c", "v", "b", "n", "m", "backspace"],
];
// The reveal, as the NYT: tile i starts flipping at i * FLIP_STEP ms and takes FLIP ms; the
// keyboard takes the row's colours when the last tile has landed. These are the one source of
// the timings: the board gets them as its CSS variables --flip-step and --flip.
const FLIP_STEP = 300;
const FLIP = 280;
const BOUNCE = 600;
// Toasts fade out after TOAST_MS (a refusal, "good luck") or longer for news worth reading; the
// fade itself takes TOAST_FADE_MS. Errors that need the player to act stay until they do.
const TOAST_MS = Object.freeze({ info: 1200, error: 1200, success: 1600, answer: 4000 });
const TOAST_FADE_MS = 300;
const READ_MS_PER_CHAR = 45;
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const ROWS = 6;
const BACKSPACE_PATH =
  "M22 3H7c-.69 0-1.23.35-1.59.88L0 12l5.41 8.11c.36.53.9.89 1.59.89h15c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm0 16H7.07L2.4 12l4.66-7H22v14zm-11.59-2L14 13.41 17.59 17 19 15.59 15.41 12 19 8.41 17.59 7 14 10.59 10.41 7 9 8.41 12.59 12 9 15.59z";

/**
 * The Play page over its root element. `ctx`: isActive() (the page is shown), review() (open
 * the review of the finished game), openStats() (the statistics dialog).
 */
export function createPlayPage(root, ctx) {
  const els = elements(root, {
    form: "setup-form",
    dateField: "date-field",
    seedField: "seed-field",
    date: "date-input",
    seed: "seed-input",
    hard: "hard-input",
    ultrahard: "ultrahard-input",
    label: "game-label",
    hint: "hint-button",
    message: "message",
    board: "board",
    keyboard: "keyboard",
    result: "result",
    resultText: "result-text",
    shareText: "share-text",
    share: "share-button",
    again: "again-button",
    review: "review-game-button",
    resultStats: "result-stats",
    showResult: "show-result",
  });
  const skipLink = document.getElementById("skip-link");
  let game = null; // the last state the server sent
  let typed = ""; // letters typed in the current row
  let busy = false; // a request that changes the game is on its way
  let rowEls = [];
  let timers = [];
  let revealTimers = []; // the keyboard update (and the end of the game) after a reveal
  let toastTimers = [];
  const keyEls = new Map();
  // Every request about a game uses this signal; a new game aborts those of the old one.
  const requests = cancellation();

  // Setup -------------------------------------------------------------------------------------

  function buildBoard(rows, length) {
    if (rowEls.length === rows && rowEls[0]?.children.length === length) return;
    els.board.style.setProperty("--length", length);
    els.board.style.setProperty("--rows", rows);
    els.board.style.setProperty("--flip-step", `${FLIP_STEP}ms`);
    els.board.style.setProperty("--flip", `${FLIP}ms`);
    rowEls = [];
    for (let r = 0; r < rows; r += 1) {
      const tiles = [];
      for (let c = 0; c < length; c += 1) {
        tiles.push(makeTile("", "empty", { "data-testid": `tile-${r}-${c}`, style: { "--i": c } }));
      }
      const attrs = { role: "group", "aria-label": `Row ${r + 1}`, "data-testid": `row-${r}` };
      rowEls.push(rowOf(tiles, attrs));
    }
    els.board.replaceChildren(...rowEls);
  }

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
      button = h("button", { class: "key", "aria-label": key.toUpperCase() }, key.toUpperCase());
      button.dataset.state = "unused";
    }
    button.type = "button";
    // Out of the Tab order, as the NYT: the physical keyboard types, and 28 keys between the
    // page's controls and the rest would make Tab useless. Clicks and taps work as before.
    button.tabIndex = -1;
    button.dataset.key = key;
    button.dataset.testid = `key-${key}`;
    keyEls.set(key, button);
    return button;
  }

  function buildKeyboard() {
    keyEls.clear();
    els.keyboard.replaceChildren(
      ...KEY_ROWS.map((keys) => h("div", { class: "key-row" }, keys.map(keyButton))),
    );
  }

  function syncModeFields() {
    const mode = els.form.elements.mode.value;
    els.dateField.hidden = mode !== "daily";
    els.seedField.hidden = mode !== "practice";
  }

  // Input -------------------------------------------------------------------------------------

  function onKeyDown(event) {
    if (!ctx.isActive() || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    const target = event.target instanceof Element ? event.target : null;
    const editable = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
    if (target && target.closest(editable)) return;
    const inKeyboard = Boolean(target && els.keyboard.contains(target));
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

  // Talking to the server ---------------------------------------------------------------------

  function formBody() {
    const mode = els.form.elements.mode.value;
    const body = { mode, hard: els.hard.checked, ultrahard: els.ultrahard.checked };
    if (mode === "daily") {
      const date = els.date.value.trim();
      if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        throw new Error("Pick a date (YYYY-MM-DD) for the daily puzzle.");
      }
      if (date) body.date = date;
      return body;
    }
    const seedText = els.seed.value.trim();
    if (seedText) {
      const seed = Number(seedText);
      if (!Number.isSafeInteger(seed) || seed < 0) {
        throw new Error("The seed is a whole number (0 or more), or empty for a random game.");
      }
      body.seed = seed;
    }
    return body;
  }

  function startFromForm() {
    let body;
    try {
      body = formBody();
    } catch (err) {
      showMessage(err.message, "error", { stay: true });
      return;
    }
    newGame(body);
  }

  function startPractice() {
    els.form.elements.mode.value = "practice";
    syncModeFields();
    newGame({ mode: "practice", hard: els.hard.checked, ultrahard: els.ultrahard.checked });
  }

  /** Start (or get back) a game; `focus`: put the focus on the board once it is there (not on
   * the first visit's automatic start, so that the first Tab still reaches the skip link). */
  async function newGame(body, { focus = true } = {}) {
    const signal = requests.renew();
    cancelTimers();
    cancelReveal();
    busy = true;
    els.board.setAttribute("aria-busy", "true");
    try {
      const { status, data } = await request("/api/games", { method: "POST", body, signal });
      busy = false;
      typed = "";
      applyState(data);
      if (status === 200) showMessage(`You already started ${data.label}: here it is.`, "info");
      else {
        const rules = rulesName(data);
        showMessage(`${data.label}${rules ? ` (${rules})` : ""}: good luck!`, "info");
      }
      if (focus && ctx.isActive()) els.board.focus({ preventScroll: true });
    } catch (err) {
      if (isAbort(err)) return;
      busy = false;
      showMessage(err.message, "error", { stay: true });
    } finally {
      if (!signal.aborted) els.board.removeAttribute("aria-busy");
    }
  }

  /** Load the game stored in this browser (after a reload); on a first visit, start today's
   * puzzle straight away, as the game itself does. */
  async function resume() {
    const id = storage.get(GAME_KEY);
    if (!id) {
      await newGame({ mode: "daily", hard: false }, { focus: false });
      return;
    }
    try {
      const state = await api(`/api/games/${encodeURIComponent(id)}`, { signal: requests.signal });
      applyState(state);
      syncSetup(state);
    } catch (err) {
      if (isAbort(err)) return;
      if (err instanceof ApiError && err.status === 404) storage.remove(GAME_KEY);
      else showMessage(`Could not load your game: ${err.message}`, "error", { stay: true });
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
    try {
      const state = await api(`/api/games/${encodeURIComponent(game.id)}/guesses`, {
        method: "POST",
        // The turn number makes a retried request (a flaky network, a double tap) harmless:
        // the server returns the game unchanged instead of spending another turn.
        body: { guess: typed, turn: row + 1 },
        signal: requests.signal,
      });
      busy = false;
      typed = "";
      clearMessage();
      applyState(state, { reveal: row });
    } catch (err) {
      if (isAbort(err)) return;
      busy = false;
      refused(err, row);
    }
  }

  function refused(err, row) {
    if (err instanceof ApiError && err.status === 422) {
      shake(row);
      showMessage(err.message, "error");
    } else if (err instanceof ApiError && err.status === 409) {
      showMessage("This game is already over.", "error");
      refresh();
    } else if (err instanceof ApiError && err.status === 404) {
      storage.remove(GAME_KEY);
      showMessage("This game is gone from the server: start a new one.", "error", { stay: true });
    } else {
      // The server cannot be reached, or failed: the player has to act (retry), so it stays.
      showMessage(err.message, "error", { stay: true });
    }
  }

  async function refresh() {
    if (!game) return;
    try {
      const path = `/api/games/${encodeURIComponent(game.id)}`;
      const state = await api(path, { signal: requests.signal });
      typed = "";
      applyState(state);
    } catch {
      /* keep what is shown */
    }
  }

  async function hint() {
    if (!game || game.status !== "playing" || busy) return;
    const signal = requests.signal;
    els.hint.disabled = true;
    try {
      const path = `/api/games/${encodeURIComponent(game.id)}/hint?strategy=entropy`;
      const data = await api(path, { method: "POST", signal });
      game.hints = data.hints;
      renderLabel();
      const word = data.suggestion.word.toUpperCase();
      // The server says whether the word can be the answer and how far it narrows the list,
      // and which rule chose it when a possible answer was preferred.
      const verdict = data.verdict || `leaves ${plural(data.remaining, "possible answer")}`;
      let text = `Hint: try ${word}: it ${verdict}.`;
      if (data.passed_over) {
        // the rule (data.rule): a possible answer nearly as informative is preferred
        text += ` Preferred to ${data.passed_over.toUpperCase()}, which cannot be the answer.`;
      }
      if (data.note) text += ` ${data.note}`;
      showMessage(text, "hint", { stay: true }); // until the next guess: it is to be used
    } catch (err) {
      if (!isAbort(err)) showMessage(err.message, "error", { stay: true });
    } finally {
      if (!signal.aborted) els.hint.disabled = !game || game.status !== "playing";
    }
  }

  /** Copy the share text; resolves to a sentence saying what happened. */
  async function share() {
    if (!game || !game.share) return "Finish a game to share it.";
    const text = paletteShare(game.share);
    showShareText();
    if (await copyText(text)) return "Copied results to clipboard";
    selectText(els.shareText);
    return "Copying was refused: the text is selected, press Ctrl+C (⌘C) to copy it.";
  }

  // Showing the state -------------------------------------------------------------------------

  function applyState(state, { reveal = -1 } = {}) {
    const endedNow = reveal >= 0 && state.status !== "playing";
    const animate = reveal >= 0 && !window.matchMedia(REDUCED_MOTION).matches;
    if (!animate) cancelReveal(); // this state is newer than any reveal still running
    game = state;
    storage.set(GAME_KEY, state.id);
    buildBoard(state.max_guesses, state.length);
    renderBoard(animate ? reveal : -1);
    renderLabel();
    els.board.dataset.status = state.status;
    els.board.dataset.gameId = state.id;
    els.hint.disabled = state.status !== "playing";
    // The keyboard shows what the row revealed once its last tile has landed (the keyboard of
    // this state, not a later one: the next guess may be on its way already).
    const keyboard = state.keyboard || {};
    if (animate) {
      const timer = window.setTimeout(() => {
        revealTimers = revealTimers.filter((t) => t !== timer);
        renderKeyboard(keyboard);
        if (endedNow) finish(reveal);
      }, revealTime(state.length));
      revealTimers.push(timer);
    } else {
      renderKeyboard(keyboard);
      if (endedNow) finish(reveal);
    }
    if (state.status === "playing") showSetup();
    else if (!endedNow) renderResult();
  }

  /** How long the reveal of a row of `length` tiles takes (ms). */
  function revealTime(length) {
    return FLIP_STEP * (length - 1) + FLIP;
  }

  function cancelReveal() {
    for (const t of revealTimers) window.clearTimeout(t);
    revealTimers = [];
  }

  function finish(row) {
    renderResult();
    if (game.status === "won") {
      showMessage(game.praise || "Solved", "success"); // the server's word (Genius … Phew)
      rowEls[row].classList.add("win");
    } else {
      showMessage(game.answer.toUpperCase(), "answer");
    }
    const signal = requests.signal;
    const reduced = window.matchMedia(REDUCED_MOTION).matches;
    later(reduced ? 0 : game.status === "won" ? BOUNCE : 400, () => {
      if (!signal.aborted && ctx.isActive()) ctx.openStats();
    });
  }

  function renderRow(row, r, reveal) {
    const turns = game.turns;
    row.classList.remove("shake", "win");
    [...row.children].forEach((tile, c) => {
      tile.classList.remove("pop");
      if (r < turns.length) {
        // The flip first, then the colour: the colour change then happens under the flip's
        // transition rule, which holds it back until the tile is edge-on.
        if (r === reveal) restartAnimation(tile, "flip");
        else tile.classList.remove("flip");
        setTile(tile, turns[r].guess[c], LETTER_STATES[turns[r].letters[c]]);
        return;
      }
      const letter = r === turns.length && game.status === "playing" ? typed[c] || "" : "";
      setTile(tile, letter, letter ? "tbd" : "empty");
      tile.classList.remove("flip");
    });
    const n = turns.length;
    row.dataset.state = r < n ? "revealed" : r === n ? "current" : "future";
  }

  function renderBoard(reveal) {
    rowEls.forEach((row, r) => renderRow(row, r, reveal));
  }

  function renderKeyboard(known) {
    for (const [key, button] of keyEls) {
      if (key.length !== 1) continue;
      const state = known[key] || "unused";
      button.dataset.state = state;
      const name = state === "unused" ? key.toUpperCase() : `${key.toUpperCase()}, ${state}`;
      button.setAttribute("aria-label", name);
    }
  }

  function renderLabel() {
    if (!game) return;
    const parts = [game.label];
    if (game.hard) parts.push(rulesName(game));
    if (game.status === "playing") {
      parts.push(`${plural(game.guesses_left, "guess", "guesses")} left`);
    } else parts.push(game.status === "won" ? "won" : "lost");
    if (game.hints) parts.push(plural(game.hints, "hint"));
    els.label.textContent = parts.join(" · ");
    els.label.title = els.label.textContent; // the whole of it, where a phone cuts it short
    els.label.dataset.status = game.status;
  }

  /** The set-up form in its place above the board (while playing, or to choose a new game). */
  function showSetup() {
    els.result.hidden = true;
    els.form.hidden = false;
    els.showResult.hidden = !game || game.status === "playing";
    els.hint.hidden = !els.showResult.hidden;
  }

  /** The result of the finished game in the place of the set-up form. */
  function showResult() {
    els.form.hidden = true;
    els.result.hidden = false;
    els.showResult.hidden = true;
    els.hint.hidden = true;
  }

  function renderResult() {
    showResult();
    els.result.dataset.status = game.status;
    const answer = h("strong", { "data-testid": "answer" }, game.answer.toUpperCase());
    if (game.status === "won") {
      els.resultText.replaceChildren(
        "Solved in ",
        h("strong", {}, `${game.turns.length}/${game.max_guesses}`),
        game.hard ? ` in ${rulesName(game)}` : "",
        ": ",
        answer,
      );
    } else {
      els.resultText.replaceChildren("Out of guesses. The answer was ", answer, ".");
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
    els.ultrahard.checked = Boolean(state.ultrahard);
    syncModeFields();
  }

  // Messages and animations -------------------------------------------------------------------

  /**
   * A toast over the game bar. It fades out after a moment (TOAST_MS by kind), unless `stay`:
   * an error the player must act on (the server cannot be reached), or a hint to be used.
   */
  function showMessage(text, kind = "info", { stay = false } = {}) {
    cancelToast();
    els.message.dataset.kind = kind;
    if (stay) els.message.dataset.stay = "true";
    else delete els.message.dataset.stay;
    const toast = text ? h("span", { class: "toast" }, text) : "";
    els.message.replaceChildren(toast);
    if (!toast || stay) return;
    // A long explanation (an ultrahard refusal names the turn it contradicts) stays long
    // enough to be read.
    const shown = Math.max(TOAST_MS[kind] || TOAST_MS.info, READ_MS_PER_CHAR * text.length);
    const reduced = window.matchMedia(REDUCED_MOTION).matches;
    toastTimers.push(
      window.setTimeout(() => toast.classList.add("fading"), shown),
      window.setTimeout(() => clearMessage(), shown + (reduced ? 0 : TOAST_FADE_MS)),
    );
  }

  function clearMessage() {
    cancelToast();
    els.message.replaceChildren();
    delete els.message.dataset.kind;
    delete els.message.dataset.stay;
  }

  function cancelToast() {
    for (const t of toastTimers) window.clearTimeout(t);
    toastTimers = [];
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

  // Start-up ----------------------------------------------------------------------------------

  buildBoard(ROWS, 5);
  buildKeyboard();
  els.date.value = localDate();
  els.date.addEventListener("input", () => {
    els.date.dataset.touched = "1";
  });
  for (const radio of els.form.elements.mode) radio.addEventListener("change", syncModeFields);
  syncModeFields();
  linkUltrahard(els.hard, els.ultrahard);
  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    startFromForm();
  });
  els.hint.addEventListener("click", () => {
    hint();
    els.board.focus({ preventScroll: true });
  });
  els.share.addEventListener("click", async () => showMessage(await share(), "success"));
  els.again.addEventListener("click", () => {
    showSetup();
    const mode = [...els.form.elements.mode].find((radio) => radio.checked);
    (mode || els.form.elements.mode[0]).focus();
  });
  els.resultStats.addEventListener("click", () => ctx.openStats());
  els.showResult.addEventListener("click", () => {
    if (!game || game.status === "playing") return;
    showResult();
    els.result.focus({ preventScroll: true });
  });
  els.review.addEventListener("click", () => ctx.review());
  els.keyboard.addEventListener("click", (event) => {
    const key = event.target.closest("button[data-key]");
    if (key) handleKey(key.dataset.key);
  });
  document.addEventListener("keydown", onKeyDown);
  els.board.addEventListener("blur", () => els.board.classList.remove("skipped"));
  // The skip link: on Play it goes to the board, where typing plays; elsewhere to the page. It
  // moves the focus itself, since following "#main" would change the page (the hash routes).
  if (skipLink) {
    skipLink.addEventListener("focus", () => {
      skipLink.textContent = ctx.isActive() ? "Skip to the board" : "Skip to content";
    });
    skipLink.addEventListener("click", (event) => {
      event.preventDefault();
      const target = ctx.isActive() ? els.board : document.getElementById("main");
      if (target === els.board) els.board.classList.add("skipped");
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "nearest" });
    });
  }
  document.addEventListener("wordlekit:contrast", () => {
    if (game && game.share) showShareText();
  });

  return {
    resume,
    share,
    startPractice,
    /** The last state of the game the server sent (null before the first). */
    currentGame: () => game,
    /** What the server says about its list: today's date (it picks the puzzle) and the word
     * length (the empty board before the first game). */
    setInfo({ date, length }) {
      if (!game && length) buildBoard(ROWS, length);
      if (!date) return;
      els.date.dataset.today = date;
      if (!els.date.dataset.touched && (!game || game.mode !== "daily")) els.date.value = date;
    },
  };
}

function localDate() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
