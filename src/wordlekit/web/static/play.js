// The Play page, one for every variant (the classic game, Dordle … Duotrigordle, Absurdle):
// starting a game, typing and sending guesses, hints, the result, sharing, resuming after a
// reload. Everything about a game comes from the server's view of it (GameView): the boards,
// their colours and keyboards, the guess limit (none for Absurdle), the host's words, the
// outcome. The browser never computes feedback and never sees an answer before the end.
// A variant's differences come from that view (its number of boards, its host), never from
// its name.
//
// The parts: setup.js (the form), boardview.js (the boards), keyboard.js (the on-screen
// keyboard), host.js (Absurdle's host and its shortest win), toast.js (the messages).

import { ApiError, api, cancellation, isAbort, request } from "./api.js";
import { createBoardView, revealTime } from "./boardview.js";
import {
  elements,
  focusAfterClose,
  h,
  localDate,
  paletteShare,
  plural,
  storage,
} from "./dom.js";
import { createHostPanel } from "./host.js";
import { createKeyboard } from "./keyboard.js";
import { shareText } from "./share.js";
import { SetupError, createSetup } from "./setup.js";
import { emojiNodes } from "./tiles.js";
import { createToasts } from "./toast.js";
import { currentList, foldKey, listKey } from "./lists.js";
import {
  createChallengeDialog,
  createChallengeNote,
  dropLinkedChallenge,
  linkedChallenge,
} from "./challenge.js";
import { showDefinition } from "./definition.js";
import { createArchiveDialog } from "./archive.js";

const GAME_KEY = "wordlekit.game";
const BOUNCE = 600;
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const MODE_NAMES = Object.freeze({ normal: "", hard: "hard mode", ultrahard: "ultrahard mode" });

/** Whether a game is played on one board with an answer drawn at the start: the games the
 * reviews know. */
export function oneFixedBoard(game) {
  return Boolean(game) && game.variant.boards === 1 && game.variant.host === "fixed";
}

/**
 * The Play page over its root element. `ctx`: isActive() (the page is shown), review() (open
 * the review of the finished game), openStats() (the statistics dialog).
 */
export function createPlayPage(root, ctx) {
  const els = elements(root, {
    form: "setup-form",
    label: "game-label",
    hint: "hint-button",
    message: "message",
    board: "board",
    keyboard: "keyboard",
    host: "host-panel",
    result: "result",
    resultText: "result-text",
    shareText: "share-text",
    shareHint: "share-hint",
    share: "share-button",
    again: "again-button",
    review: "review-game-button",
    resultStats: "result-stats",
    showResult: "show-result",
    setupClose: "setup-close",
    challengeOpen: "challenge-open",
    resultChallenge: "result-challenge",
    challengeNote: "challenge-note",
    definition: "definition",
  });
  const skipLink = document.getElementById("skip-link");
  const setup = createSetup(els.form);
  const board = createBoardView(els.board);
  const keyboard = createKeyboard(els.keyboard, { onKey: handleKey, letters: currentList().letters });
  const toasts = createToasts(els.message);
  const challengeNote = createChallengeNote(els.challengeNote);
  const challengeDialog = createChallengeDialog(document.getElementById("challenge-dialog"), {
    mode: () => setup.mode(),
  });
  const archiveDialog = createArchiveDialog(document.getElementById("archive-dialog"), {
    variant: () => (game ? game.variant.name : setup.selected()?.name) || "classic",
    onPick: (date) => {
      const v = (game ? game.variant.name : setup.selected()?.name) || "classic";
      newGame({ variant: v, kind: "daily", date, mode: setup.mode() });
    },
  });
  const host = createHostPanel(els.host, {
    onError: (text) => toasts.show(text, "error", { stay: true }),
  });
  let game = null; // the last view the server sent
  let typed = ""; // letters typed in the current row
  let busy = false; // a request that changes the game is on its way
  let timers = [];
  let revealTimers = []; // the keyboard update (and the end of the game) after a reveal
  // The set-up form, once a game has begun, folds away (the game label says what is played);
  // "New game" opens it again to choose the next game, without touching the one in progress.
  let formOpen = false;
  // Changes the player made to the form: a game that arrives after one keeps the form as the
  // player left it (it shows the next game's choices, not the one just shown).
  let edits = 0;
  let shownVariant = "classic"; // the variant in the form (a change event may repeat it)
  // Every request about a game uses this signal; a new game aborts those of the old one.
  const requests = cancellation();

  // Input -------------------------------------------------------------------------------------

  // Where typing is the player's own text: the keys stay there. A select, a radio button or a
  // checkbox is not (the NYT: typing always plays): letters and Enter go to the game while it
  // is played, so that choosing the next game's mode never swallows a word or submits the form.
  const TEXT_FIELDS =
    "textarea, [contenteditable=''], [contenteditable='true'], input:not([type=radio]):not([type=checkbox])";

  function onKeyDown(event) {
    if (!ctx.isActive() || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest(TEXT_FIELDS)) return;
    const playing = Boolean(game) && game.status === "playing";
    if (target && target.closest("select, input") && !playing) return;
    const inKeyboard = Boolean(target && els.keyboard.contains(target));
    const onControl = Boolean(target && target.closest("button, a, summary"));
    if (event.key === "Enter") {
      // Enter on a focused button outside the on-screen keyboard activates that button (how
      // a keyboard user presses it), unless a word is being typed: then it plays the word.
      if (onControl && !inKeyboard && !(playing && typed)) return;
      event.preventDefault();
      if (!event.repeat) handleKey("enter");
    } else if (event.key === "Backspace") {
      event.preventDefault();
      handleKey("backspace");
    } else if (event.key.length === 1 && /^\p{L}$/u.test(event.key)) {
      // any letter, a dead key's or a national keyboard's too (é, ñ, ü): the list's own
      // letters as they are, others as the server's folding rule says (German ü is UE)
      if (!playing && target && target.closest("select")) return; // its own type-ahead
      event.preventDefault();
      const letters = foldKey(event.key);
      if (letters === null) {
        if (playing) {
          const list = currentList();
          toasts.show(`${event.key.toUpperCase()} is not a letter of this list (${list.alphabet})`, "error");
        }
        return;
      }
      for (const letter of letters) handleKey(letter);
    }
  }

  /** The focus back on the board, where typing plays (after a control is used). */
  function focusBoard() {
    if (ctx.isActive() && game) els.board.focus({ preventScroll: true });
  }

  /** A control clicked with the mouse (or a tap) keeps no focus: Enter is for the game then
   * and never presses that control again (the NYT). A control reached with the keyboard
   * keeps it, and so does one whose handler moved the focus on purpose. */
  function afterClick(event) {
    if (!ctx.isActive() || event.detail === 0) return;
    const target = event.target instanceof Element ? event.target : null;
    // (not the navigation's links: moving to another page puts the focus on that page)
    const control = target && target.closest("button, summary");
    if (!control || control.closest("dialog") || els.keyboard.contains(control)) return;
    if (control.closest("#setup-form") && formShown()) return; // choosing the next game
    if (document.activeElement === control) focusBoard();
  }

  function handleKey(key) {
    if (!game) {
      toasts.show("Press New game to start a game.", "info");
      return;
    }
    if (game.status !== "playing") {
      if (key === "enter") toasts.show("This game is over: start a new one.", "info");
      return;
    }
    if (key === "enter") submit();
    else if (key === "backspace") removeLetter();
    else addLetter(key);
  }

  function addLetter(letter) {
    if (busy || typed.length >= game.length) return;
    typed += letter;
    board.clearShake();
    toasts.clearPassing();
    board.type(typed, { added: true });
  }

  function removeLetter() {
    if (busy || !typed) return;
    typed = typed.slice(0, -1);
    board.clearShake();
    toasts.clearPassing();
    board.type(typed);
  }

  // Talking to the server ---------------------------------------------------------------------

  function startFromForm() {
    let body;
    try {
      body = setup.body();
    } catch (err) {
      if (!(err instanceof SetupError)) throw err;
      toasts.show(err.message, "error", { stay: true });
      return;
    }
    newGame(body);
  }

  /** A new random practice game of the variant and mode of the game shown (or chosen). */
  function startPractice() {
    const v = game ? game.variant.name : setup.selected().name;
    const mode = game ? game.mode : setup.mode();
    newGame({ variant: v, kind: "practice", mode });
  }

  /** Start (or get back) a game; `focus`: put the focus on the board once it is there (not on
   * the first visit's automatic start, so that the first Tab still reaches the skip link). */
  async function newGame(body, { focus = true } = {}) {
    const signal = requests.renew();
    const editsAtStart = edits;
    cancelTimers();
    cancelReveal();
    busy = true;
    els.board.setAttribute("aria-busy", "true");
    try {
      const { status, data } = await request("/api/games", { method: "POST", body, signal });
      busy = false;
      typed = "";
      formOpen = false;
      applyState(data);
      if (edits === editsAtStart) showChoices(data);
      if (status === 200) toasts.show(`You already started ${data.label}: here it is.`, "info");
      else {
        const mode = MODE_NAMES[data.mode];
        toasts.show(`${data.label}${mode ? ` (${mode})` : ""}: good luck!`, "info");
      }
      if (focus && ctx.isActive()) els.board.focus({ preventScroll: true });
    } catch (err) {
      if (isAbort(err)) return;
      busy = false;
      // The server refused the new game (a bad word, a date not out yet, the daily already
      // played in another mode). A game in progress stays; a finished one leaves the page, so
      // that its words and its end are not read as the answer to the new choice.
      if (game && game.status !== "playing") clearGame();
      toasts.show(sentence(err.message), "error", { stay: true });
    } finally {
      if (!signal.aborted) els.board.removeAttribute("aria-busy");
    }
  }

  /** Load the game kept in this browser (after a reload), of whatever variant; on a first
   * visit, start today's puzzle straight away, as the game itself does. */
  async function resume() {
    // A challenge link (/?challenge=ID) starts that game (or finds the one started before).
    const linked = linkedChallenge();
    if (linked) {
      dropLinkedChallenge();
      await newGame({ kind: "challenge", challenge: linked }, { focus: false });
      return;
    }
    const id = storage.get(listKey(GAME_KEY));
    if (!id) {
      await newGame({ variant: "classic", kind: "daily", mode: "normal" }, { focus: false });
      return;
    }
    try {
      const state = await api(`/api/games/${encodeURIComponent(id)}`, { signal: requests.signal });
      applyState(state);
      showChoices(state);
    } catch (err) {
      if (isAbort(err)) return;
      if (err instanceof ApiError && err.status === 404) {
        storage.remove(listKey(GAME_KEY));
        // The game is gone (another database): today's puzzle, as on a first visit.
        await newGame({ variant: "classic", kind: "daily", mode: "normal" }, { focus: false });
      } else toasts.show(`Could not load your game: ${err.message}`, "error", { stay: true });
    }
  }

  async function submit() {
    if (busy) return;
    const row = game.guesses.length;
    if (typed.length < game.length) {
      board.shake();
      toasts.show("Not enough letters", "error");
      return;
    }
    busy = true;
    // Keys are not taken while the guess is on its way (they would go to a row that the
    // answer replaces): the board says so to assistive technology, and to tests that type on.
    els.board.setAttribute("aria-busy", "true");
    const signal = requests.signal;
    try {
      const state = await api(`/api/games/${encodeURIComponent(game.id)}/guesses`, {
        method: "POST",
        // The turn number makes a retried request (a flaky network, a double tap) harmless:
        // the server returns the game unchanged instead of spending another turn.
        body: { guess: typed, turn: row + 1 },
        signal,
      });
      busy = false;
      typed = "";
      toasts.clear();
      applyState(state, { reveal: row });
    } catch (err) {
      if (isAbort(err)) return;
      busy = false;
      refused(err);
    } finally {
      if (!signal.aborted) els.board.removeAttribute("aria-busy");
    }
  }

  function refused(err) {
    if (err instanceof ApiError && err.status === 422) {
      board.shake();
      toasts.show(err.message, "error");
    } else if (err instanceof ApiError && err.status === 409) {
      toasts.show("This game is already over.", "error");
      refresh();
    } else if (err instanceof ApiError && err.status === 404) {
      storage.remove(listKey(GAME_KEY));
      toasts.show("This game is gone from the server: start a new one.", "error", { stay: true });
    } else {
      // The server cannot be reached, or failed: the player has to act (retry), so it stays.
      toasts.show(err.message, "error", { stay: true });
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

  /** Ask the server for the next word, in a game of any variant (one board: the helper's
   * hint; several: the best guess for all of them; Absurdle: a proven shortest win's first
   * guess), with the strategy the server plays by default for the game's boards. */
  async function hint() {
    if (!game || game.status !== "playing" || busy) return;
    const signal = requests.signal;
    const shown = game;
    els.hint.disabled = true;
    els.hint.setAttribute("aria-busy", "true");
    try {
      const path = `/api/games/${encodeURIComponent(game.id)}/hint`;
      const data = await api(path, { method: "POST", signal });
      // A hint that advises a word is counted (the next view of the game says so too).
      if (data.word && game === shown) {
        game.hints = (game.hints || 0) + 1;
        renderLabel();
      }
      // until the next guess: it is to be used
      toasts.show(hintText(data), data.word ? "hint" : "info", { stay: true });
    } catch (err) {
      if (!isAbort(err)) toasts.show(err.message, "error", { stay: true });
    } finally {
      if (!signal.aborted) {
        els.hint.removeAttribute("aria-busy");
        els.hint.disabled = !game || game.status !== "playing";
      }
    }
  }

  /**
   * Share the result (share.js: the share sheet on phones, else the clipboard, else the text
   * selected on the page). `fallback`/`hint`: where to show the text when both fail (another
   * dialog's own; default the result's). Resolves to {outcome, message, tone}.
   */
  async function share({ fallback = null, hint = null } = {}) {
    if (!game || !game.share) {
      return { outcome: "none", message: "Finish a game to share it.", tone: "info" };
    }
    const text = paletteShare(game.share);
    showShareText();
    if (fallback) fallback.textContent = text;
    return shareText(text, {
      fallback: fallback || els.shareText,
      hint: hint || els.shareHint,
      copied: "Copied results to clipboard",
    });
  }

  // Showing the state -------------------------------------------------------------------------

  function applyState(state, { reveal = -1 } = {}) {
    const endedNow = reveal >= 0 && state.over;
    const animate = reveal >= 0 && !window.matchMedia(REDUCED_MOTION).matches;
    if (!animate) cancelReveal(); // this state is newer than any reveal still running
    game = state;
    storage.set(listKey(GAME_KEY), state.id);
    root.dataset.layout = state.boards.length > 1 ? "multi" : "single";
    // the page's container widens for a game of several boards (play.css)
    if (root.parentElement) root.parentElement.dataset.playLayout = root.dataset.layout;
    root.dataset.host = state.variant.host;
    board.show(state, { typed, reveal: animate ? reveal : -1 });
    renderLabel();
    challengeNote.show(state);
    host.show(state);
    els.hint.disabled = state.status !== "playing";
    // The keyboard shows what the row revealed once its last tile has landed (the keyboard of
    // this state, not a later one: the next guess may be on its way already).
    if (animate) {
      const timer = window.setTimeout(() => {
        revealTimers = revealTimers.filter((t) => t !== timer);
        keyboard.render(state);
        if (endedNow) finish(reveal);
      }, revealTime(state.length));
      revealTimers.push(timer);
    } else {
      keyboard.render(state);
      if (endedNow) finish(reveal);
    }
    delete els.keyboard.dataset.idle;
    // (a game that ends now shows its result once its last row has landed: finish)
    if (state.status === "playing") layoutSetup();
    else if (!endedNow) renderResult();
  }

  function cancelReveal() {
    for (const t of revealTimers) window.clearTimeout(t);
    revealTimers = [];
  }

  /** The answers not found, upper case (every board's once the game is over). */
  function missed() {
    return game.boards.filter((b) => !b.solved_at && b.answer).map((b) => b.answer.toUpperCase());
  }

  function finish(row) {
    renderResult();
    if (game.status === "won") {
      // the server's word (Genius … Phew on one board)
      toasts.show(game.outcome.praise || "Solved", "success");
      board.win(row);
    } else {
      const answers = missed();
      toasts.show(answers.length ? answers.join(" · ") : game.outcome.message, "answer");
    }
    const signal = requests.signal;
    const reduced = window.matchMedia(REDUCED_MOTION).matches;
    later(reduced ? 0 : game.status === "won" ? BOUNCE : 400, () => {
      if (!signal.aborted && ctx.isActive()) ctx.openStats();
    });
  }

  function renderLabel() {
    if (!game) return;
    const parts = [game.label];
    if (MODE_NAMES[game.mode]) parts.push(MODE_NAMES[game.mode]);
    if (game.status === "playing") {
      if (game.guesses_left !== null) parts.push(`${plural(game.guesses_left, "guess", "guesses")} left`);
      else parts.push(`${plural(game.guesses.length, "guess", "guesses")} so far`);
      const n = game.boards.length;
      if (n > 1) parts.push(`${game.boards.filter((b) => !b.solved_at).length} of ${n} boards to solve`);
    } else parts.push(game.status === "won" ? "won" : "lost");
    if (game.hints) parts.push(plural(game.hints, "hint"));
    els.label.textContent = parts.join(" · ");
    els.label.title = els.label.textContent; // the whole of it, where a phone cuts it short
    els.label.dataset.status = game.status;
  }

  /** No game on the page (a finished one put away): the empty board, the form. */
  function clearGame() {
    const length = game ? game.length : 5;
    game = null;
    typed = "";
    cancelReveal();
    cancelTimers();
    board.reset(length);
    keyboard.render(null);
    els.keyboard.dataset.idle = "true";
    host.show(null);
    challengeNote.show(null);
    root.dataset.layout = "single";
    if (root.parentElement) root.parentElement.dataset.playLayout = "single";
    delete root.dataset.host;
    els.label.textContent = "Choose a game and press New game.";
    els.label.title = "";
    delete els.label.dataset.status;
    els.hint.disabled = true;
    formOpen = false;
    layoutSetup();
  }

  /** The form shows the choices of a game (the one just started, or resumed). */
  function showChoices(view) {
    setup.show(view);
    shownVariant = setup.selected()?.name;
  }

  function formShown() {
    return !els.form.hidden;
  }

  /** Above the board: the set-up form before a game's first guess (its choices may still
   * change) and whenever the player asks for it; once the game is under way, folded (the game
   * label says what is played, "New game" opens it); the result once the game is over. */
  function layoutSetup() {
    const over = Boolean(game) && game.status !== "playing";
    const begun = Boolean(game) && (over || game.guesses.length > 0);
    const open = !begun || formOpen;
    els.form.hidden = !open;
    els.setupClose.hidden = !(open && begun && !over);
    els.again.hidden = open;
    els.hint.hidden = over;
    els.showResult.hidden = !(over && open);
    els.result.hidden = !(over && !open);
  }

  /** A choice of the form changed. With no game under way, choosing a game of the day opens
   * it at once (as the first visit opens today's Wordle); during a game, the choices are for
   * the next one: the game in progress goes on, and the player is told. */
  function formChanged(event) {
    edits += 1;
    const target = event.target;
    const underway = Boolean(game) && game.status === "playing" && game.guesses.length > 0;
    const variant = setup.selected()?.name;
    const otherVariant = target.id === "variant-input" && variant !== shownVariant;
    if (target.id === "variant-input") shownVariant = variant;
    if (otherVariant && setup.kind() === "daily" && !underway) {
      startFromForm();
      return;
    }
    if (!game || game.status !== "playing" || target.closest("#seed-field, #words-field")) return;
    toasts.show(`${setup.describe(target)} is for your next game: press New game to start it.`, "info");
  }

  function renderResult() {
    formOpen = false;
    layoutSetup();
    els.result.dataset.status = game.status;
    const mode = MODE_NAMES[game.mode];
    const message = game.outcome.message + (mode ? ` (${mode})` : "");
    // A one-board win names its answer; the boards of several show theirs.
    if (game.status === "won" && game.boards.length === 1) {
      const answer = game.outcome.answers[0].toUpperCase();
      els.resultText.replaceChildren(message, " ", h("strong", { "data-testid": "answer" }, answer));
    } else els.resultText.replaceChildren(message);
    els.review.hidden = !oneFixedBoard(game);
    showDefinition(els.definition, game);
    showShareText();
  }

  function showShareText() {
    els.shareText.classList.remove("to-copy");
    els.shareText.replaceChildren(...emojiNodes(paletteShare(game.share)));
  }

  function later(ms, fn) {
    timers.push(window.setTimeout(fn, ms));
  }

  function cancelTimers() {
    for (const t of timers) window.clearTimeout(t);
    timers = [];
  }

  // Start-up ----------------------------------------------------------------------------------

  board.empty(5);
  els.keyboard.dataset.idle = "true"; // nothing to type into before a game is shown
  setup.dateInput.value = localDate();
  setup.dateInput.max = localDate(); // no puzzle of a day to come
  setup.dateInput.addEventListener("input", () => {
    setup.dateInput.dataset.touched = "1";
  });
  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    startFromForm();
  });
  els.hint.addEventListener("click", () => {
    hint();
    els.board.focus({ preventScroll: true });
  });
  els.share.addEventListener("click", async () => {
    const done = await share();
    toasts.show(done.message, done.tone === "error" ? "error" : "success");
  });
  els.again.addEventListener("click", () => {
    formOpen = true;
    layoutSetup();
    els.form.querySelector("#variant-input").focus();
  });
  els.setupClose.addEventListener("click", () => {
    formOpen = false;
    layoutSetup();
    focusBoard();
  });
  els.form.addEventListener("change", formChanged);
  els.resultStats.addEventListener("click", () => ctx.openStats());
  els.showResult.addEventListener("click", () => {
    if (!game || game.status === "playing") return;
    formOpen = false;
    layoutSetup();
    els.result.focus({ preventScroll: true });
  });
  els.review.addEventListener("click", () => ctx.review());
  els.challengeOpen.addEventListener("click", () => challengeDialog.open());
  els.resultChallenge.addEventListener("click", () => challengeDialog.open());
  // closed, the focus goes back to the board, where typing plays
  focusAfterClose(document.getElementById("challenge-dialog"), focusBoard);
  document.getElementById("archive-open").addEventListener("click", () => archiveDialog.open());
  focusAfterClose(document.getElementById("archive-dialog"), focusBoard);
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("click", afterClick);
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
    focusBoard,
    /** Fill the variant chooser and the modes from the server. */
    loadVariants: () => setup.load(),
    /** Choose a variant in the set-up form (the old #absurdle link). */
    chooseVariant: (name) => {
      setup.choose(name);
      shownVariant = setup.selected()?.name;
    },
    /** The last view of the game the server sent (null before the first). */
    currentGame: () => game,
    /** The variant of the game shown, or the one chosen in the form before the first game. */
    currentVariant: () => (game ? game.variant : setup.selected()),
    /** What the server says about its list: today's date (it picks the puzzle) and the word
     * length (the empty board before the first game). */
    setInfo({ date, length }) {
      if (!game && length) board.empty(length);
      if (!date) return;
      const input = setup.dateInput;
      input.dataset.today = date;
      // No day to come: the player's today, or the server's if it is later (it says which
      // puzzles are out).
      input.max = date > localDate() ? date : localDate();
      if (!input.dataset.touched && (!game || game.kind !== "daily")) input.value = date;
    },
  };
}

/**
 * What a hint (the server's GameHint) says, in one line: the word and why (`reason`: whether it
 * can be the answer and how far it narrows the words left, on which boards it could be the
 * answer, or how many guesses win from here), and the `note` when there is one; without a word,
 * why there is none.
 */
export function hintText(data) {
  const note = data.note ? ` ${data.note}` : "";
  if (!data.word) return `No hint here: ${data.reason}.${note}`;
  let text = `Hint: try ${data.word.toUpperCase()}: it ${data.reason}.`;
  // On one board, a possible answer nearly as informative is preferred to the strategy's own
  // first choice (the rule: data.hint.rule).
  const passed = data.hint?.advice?.passed_over;
  if (passed) text += ` Preferred to ${passed.toUpperCase()}, which cannot be the answer.`;
  return text + note;
}

/** A server's message as a sentence: a capital first, a full stop last. */
export function sentence(text) {
  const t = String(text || "").trim();
  if (!t) return t;
  const first = t[0].toUpperCase() + t.slice(1);
  return /[.!?…)]$/.test(first) ? first : `${first}.`;
}

