// The Assist page: the guesses of a game played elsewhere, their colours set by clicking tiles,
// and after every change what remains, what is known and the best next guesses (/api/assist).
// A word typed without its colours waits for them ("pending": its tiles are to be clicked, and
// it is not sent until a tile is clicked, Done is pressed or another guess is added), so that
// an all-gray row never raises a contradiction before the colours could be set.
// Errors appear next to the input, and no figure of other turns stays beside them; a
// contradiction names its turns, drawn with the app's own tiles (from the colours the server
// wrote in its message), and the row it names is marked. When no word of the list fits but
// words outside it do, the error says so and offers to allow them.

import { api, cancellation, isAbort } from "./api.js";
import { elements, h, linkUltrahard, localDate, modeOf, plural, storage } from "./dom.js";
import { errorBox } from "./errorbox.js";
import {
  LETTER_STATES,
  STATE_LETTERS,
  TILE_CHARS,
  TileError,
  readTiles,
  rowOf,
  setTile,
  tileRow,
} from "./tiles.js";
import { currentList, foldWord, letterClass, listKey, offered, onlyListModel } from "./lists.js";

const STORE_KEY = "wordlekit.assist";
export const CYCLE = Object.freeze({ gray: "yellow", yellow: "green", green: "gray" });
const MAX_ROWS = 12;
const COLOURING_PAUSE_MS = 500;
const MAX_RETRIES = 4;
const RETRY_MS = 1000;
/** The answer models the page offers, and what each means. `likely` is the default: a game
 * played elsewhere (the NYT's) may have an answer outside the original list. */
const ANSWER_MODELS = Object.freeze({
  likely:
    "The answer may be outside the original list: every valid word, weighted by how likely it is to be chosen (word frequency; plurals and past tenses rarer).",
  list: "Only the words of the answer list, all equally likely: the built-in game draws its answers from it.",
});
// A word and its pattern in a server message: "CRANE ⬛⬛🟨🟩⬛" (optionally in parentheses).
const PATTERN_CHARS = Object.keys(TILE_CHARS).filter((ch) => /\p{Extended_Pictographic}/u.test(ch));
const WORD_PATTERN = new RegExp(
  `\\(?\\b([A-Z]+) ((?:${PATTERN_CHARS.join("|")}|\ufe0f)+)\\)?`,
  "gu",
);

/**
 * The Assist page over its root element. `ready` resolves to {length} (the server's word
 * length) once the strategy select is filled: the saved guesses are restored then.
 */
export function createAssistPage(root, { ready }) {
  const els = elements(root, {
    form: "assist-form",
    word: "assist-word",
    wordHelp: "assist-word-help",
    rows: "assist-rows",
    empty: "assist-empty",
    answers: "assist-answers",
    answersHelp: "assist-answers-help",
    strategy: "assist-strategy",
    top: "assist-top",
    hard: "assist-hard",
    ultrahard: "assist-ultrahard",
    update: "assist-update",
    clear: "assist-clear",
    output: "assist-output",
    error: "assist-error",
    remaining: "assist-remaining",
    remainingLabel: "assist-remaining-label",
    pending: "assist-pending",
    steps: "assist-steps",
    stepsEmpty: "assist-steps-empty",
    pattern: "assist-pattern",
    knowledge: "assist-knowledge",
    suggestions: "assist-suggestions",
    note: "assist-note",
    preference: "assist-preference",
    candidates: "assist-candidates",
    candidatesHeading: "assist-candidates-heading",
  });
  onlyListModel(els.answers); // the likely model fits English five letters only
  const error = errorBox(els.error);
  const updates = cancellation(); // a newer update makes the figures of an older one obsolete
  let rows = []; // [{guess: "crane", states: ["gray", ...], pending: bool}]
  let length = null; // letters per word, from the server
  let timer = 0;
  let activated = false;
  let colouring = null; // the row added last, whose colours are being clicked
  const started = ready.then((info) => {
    length = info.length;
    restore();
  });

  // The guesses ------------------------------------------------------------------------------

  function restore() {
    const saved = storage.getJSON(listKey(STORE_KEY), null);
    const shape = new RegExp(`^${letterClass()}{${length}}$`, "u");
    if (saved && Array.isArray(saved.rows)) {
      rows = saved.rows
        .filter((r) => r && shape.test(r.guess) && Array.isArray(r.states))
        .slice(0, MAX_ROWS)
        .map((r, i, all) => ({
          guess: r.guess,
          states: Array.from(r.guess, (_, c) => (r.states[c] in CYCLE ? r.states[c] : "gray")),
          pending: r.pending === true && i === all.length - 1, // only the last row waits
        }));
      if (Number.isInteger(saved.top)) els.top.value = String(saved.top);
      if (saved.answers in ANSWER_MODELS && offered(els.answers, saved.answers)) {
        els.answers.value = saved.answers;
      }
      // The mode saved (older pages saved two booleans, hard and ultrahard).
      const mode = saved.mode ?? (saved.ultrahard ? "ultrahard" : saved.hard ? "hard" : "normal");
      els.hard.checked = mode === "hard" || mode === "ultrahard";
      els.ultrahard.checked = mode === "ultrahard";
    }
    els.wordHelp.querySelector("[data-length]").textContent = String(length);
    describeAnswers();
    renderRows();
  }

  /** A typed guess, optionally with its colours: {guess, states}, or an Error saying why not. */
  function readGuess(text) {
    // the word folded as the list folds it (German ü is ue), its colours as typed
    const match = /^(\p{L}+)(?:[\s:,=]+(.+))?$/u.exec(foldWord(text.trim()));
    if (!match || match[1].length !== length) {
      return new Error(
        `Type a word of ${length} letters, optionally followed by its colours (g/y/b, one per letter).`,
      );
    }
    let letters = "b".repeat(length);
    if (match[2]) {
      try {
        letters = readTiles(match[2]);
      } catch (err) {
        if (err instanceof TileError) return err;
        throw err;
      }
      if (letters.length !== length) {
        return new Error(`${match[1].toUpperCase()} has ${length} letters: give ${length} colours.`);
      }
    }
    return {
      guess: match[1],
      states: [...letters].map((ch) => LETTER_STATES[ch]),
      pending: !match[2], // a bare word: its colours are still to be clicked
    };
  }

  const pendingRow = () => rows.find((r) => r.pending) || null;

  /** The row waiting for its colours is taken as it is now (an all-gray row is a result too). */
  function confirmPending() {
    const row = pendingRow();
    if (!row) return false;
    row.pending = false;
    return true;
  }

  async function addFromInput() {
    await started;
    // Enter (or Add) with nothing typed: the row waiting for its colours is done.
    if (!els.word.value.trim() && pendingRow()) {
      confirmPending();
      renderRows();
      changed(0, { reveal: true });
      return;
    }
    const row = readGuess(els.word.value);
    if (row instanceof Error) {
      showError(row.message, "input");
      return;
    }
    if (rows.length >= MAX_ROWS) {
      showError(`At most ${MAX_ROWS} guesses.`, "input");
      return;
    }
    confirmPending(); // typing the next guess means the previous one's colours are set
    colouring = row;
    rows.push(row);
    els.word.value = "";
    renderRows();
    changed(0, { reveal: !row.pending });
  }

  function onRowsClick(event) {
    const tile = event.target.closest("button[data-col]");
    if (tile) {
      const row = rows[Number(tile.dataset.row)];
      const c = Number(tile.dataset.col);
      row.states[c] = CYCLE[row.states[c]];
      setTile(tile, row.guess[c], row.states[c]);
      if (row.pending) {
        // Its colours are being set: the row counts from now on.
        row.pending = false;
        colouring = row;
        renderRows();
        els.rows.querySelector(`[data-testid="${tile.dataset.testid}"]`)?.focus();
      }
      // While a new row's colours are being clicked, wait for a pause in the clicks: its
      // first colours alone may well contradict the other turns.
      changed(row === colouring ? COLOURING_PAUSE_MS : 150);
      return;
    }
    const done = event.target.closest("button[data-done]");
    if (done) {
      confirmPending();
      renderRows();
      changed(0, { reveal: true });
      els.word.focus();
      return;
    }
    const remove = event.target.closest("button[data-remove]");
    if (remove) {
      const r = Number(remove.dataset.remove);
      rows.splice(r, 1);
      renderRows();
      // Keep the keyboard focus somewhere sensible: the next row's remove button, or the input.
      const next = els.rows.querySelector(`[data-remove="${Math.min(r, rows.length - 1)}"]`);
      (next || els.word).focus();
      changed(0);
    }
  }

  function guessRow(row, r) {
    const word = row.guess.toUpperCase();
    const letters = row.states.map((s) => STATE_LETTERS[s]).join("");
    const tiles = tileRow(row.guess, letters, {
      tag: "button",
      cls: "small",
      testid: (c) => `assist-tile-${r}-${c}`,
      attrs: (c) => ({
        type: "button",
        "data-row": r,
        "data-col": c,
        title: "Click to change the colour (gray → yellow → green)",
      }),
    });
    const waiting = row.pending
      ? [
          h(
            "button",
            {
              type: "button",
              class: "button small done",
              "data-done": r,
              "data-testid": `assist-done-${r}`,
              title: `The colours of ${word} are set: use this guess`,
            },
            "Done",
          ),
        ]
      : [];
    return h(
      "div",
      {
        class: `assist-row${row.pending ? " pending" : ""}`,
        role: "listitem",
        "data-testid": `assist-row-${r}`,
        "data-pending": row.pending ? "true" : undefined,
      },
      rowOf(tiles, {
        role: "group",
        "aria-label": `Guess ${r + 1}: ${word}${row.pending ? " (colours to set)" : ""}`,
      }),
      ...waiting,
      h(
        "button",
        {
          type: "button",
          class: "icon-button remove",
          "data-remove": r,
          "data-testid": `assist-remove-${r}`,
          "aria-label": `Remove ${word}`,
          title: `Remove ${word}`,
        },
        "✕",
      ),
    );
  }

  function renderRows() {
    els.rows.replaceChildren(...rows.map(guessRow));
    els.empty.hidden = rows.length > 0;
    const row = pendingRow();
    els.pending.hidden = !row;
    els.pending.textContent = row
      ? `Colour the tiles of ${row.guess.toUpperCase()} (click them: gray → yellow → green), ` +
        "then press Done or Enter. The figures are those of the guesses before it."
      : "";
  }

  // Asking the server ------------------------------------------------------------------------

  let reveal = false; // after this update, bring the count and the best guesses into view
  let retries = 0; // of this update, refused for lack of capacity

  function changed(delay = 150, { reveal: show = false } = {}) {
    save();
    retries = 0;
    reveal = reveal || show;
    window.clearTimeout(timer);
    timer = window.setTimeout(update, delay);
  }

  function save() {
    storage.setJSON(listKey(STORE_KEY), {
      rows,
      strategy: els.strategy.value || els.strategy.dataset.wanted || "entropy",
      top: topN(),
      answers: els.answers.value,
      mode: modeOf(els.hard, els.ultrahard),
    });
  }

  function topN() {
    const n = Math.round(Number(els.top.value));
    const clamped = Number.isFinite(n) ? Math.min(100, Math.max(1, n)) : 10;
    if (String(clamped) !== els.top.value) els.top.value = String(clamped);
    return clamped;
  }

  async function update() {
    window.clearTimeout(timer);
    const signal = updates.renew();
    const body = {
      // A row waiting for its colours is not sent: the figures are those of the turns before.
      turns: rows.filter((row) => !row.pending).map((row) => ({
        guess: row.guess,
        pattern: row.states.map((s) => STATE_LETTERS[s]).join(""),
      })),
      strategy: els.strategy.value || "entropy",
      top: topN(),
      answers: els.answers.value,
      date: localDate(), // today's puzzle: the words served before it count as repeats
      mode: modeOf(els.hard, els.ultrahard),
      // The strategy chooses among every valid guess (in ultrahard mode the rule itself keeps
      // only the words that could be the answer).
      pool: "valid",
    };
    els.output.setAttribute("aria-busy", "true");
    els.output.classList.add("loading");
    const show = reveal;
    reveal = false;
    try {
      const data = await api("/api/assist", { method: "POST", body, signal });
      retries = 0;
      // Only the API's own error goes: one about what was just typed stays beside the input
      // (the figures asked for when the page opened may arrive after it).
      if (error.source === "api") hideError();
      render(data);
      if (show) revealFigures();
    } catch (err) {
      if (isAbort(err)) return;
      // No capacity just now (an update cancelled a moment ago may still hold this client's
      // slot): try again shortly, a few times, before saying so.
      if ((err.status === 429 || err.status === 503) && retries < MAX_RETRIES) {
        retries += 1;
        timer = window.setTimeout(update, RETRY_MS * retries);
        return;
      }
      showError(err.message, "api", err.data);
      clearFigures();
    } finally {
      if (!signal.aborted) {
        els.output.setAttribute("aria-busy", "false");
        els.output.classList.remove("loading");
      }
    }
  }

  // Showing the figures ------------------------------------------------------------------------

  function describeAnswers() {
    els.answersHelp.textContent = ANSWER_MODELS[els.answers.value] || "";
  }

  /** No figure stays next to an error: they were those of other turns. */
  function clearFigures() {
    els.output.dataset.state = "error";
    els.remaining.textContent = "–";
    els.remainingLabel.textContent = "no figures for these turns (see the message by your guesses)";
    els.steps.replaceChildren();
    els.knowledge.replaceChildren();
    els.pattern.replaceChildren();
    els.suggestions.replaceChildren();
    els.candidates.replaceChildren();
    els.note.hidden = true;
    els.preference.hidden = true;
  }

  /**
   * On one column (a phone), after a guess is added, scroll as little as it takes for the
   * count and the first suggestions to be on screen (on a laptop they are beside the input).
   */
  function revealFigures() {
    if (!window.matchMedia("(max-width: 900px)").matches) return;
    const first = els.suggestions.querySelector("tr") || els.remaining;
    const top = els.remaining.getBoundingClientRect().top;
    const bottom = first.getBoundingClientRect().bottom;
    const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom || 0;
    if (top >= header && bottom <= window.innerHeight) return;
    window.scrollBy({ top: Math.max(bottom - window.innerHeight + 8, top - header - 8) });
  }

  function render(data) {
    els.output.dataset.state = "ok";
    els.output.dataset.answers = data.answers;
    els.remaining.textContent = String(data.remaining);
    const kind = data.answers === "list" ? "answer" : "word";
    els.remainingLabel.textContent =
      data.remaining === 1
        ? `possible ${kind}: ${data.candidates[0].toUpperCase()}`
        : `possible ${kind}s`;
    renderSteps(data.steps);
    renderKnowledge(data.known || {});
    const advice = data.advice;
    // A fallback (the exact search needed more than the server's budget) says so.
    els.note.hidden = !advice.note;
    els.note.textContent = advice.note || "";
    // A possible answer nearly as good as the strategy's first choice is listed first.
    const first = advice.suggestions[0];
    const passed = advice.passed_over;
    els.preference.hidden = !(passed && first);
    els.preference.textContent =
      passed && first
        ? `${first.word.toUpperCase()} is listed first, before ${passed.toUpperCase()} ` +
          `(the strategy's own first choice), because it could be the answer. ${data.rule}`
        : "";
    els.suggestions.replaceChildren(...advice.suggestions.map(suggestionRow));
    const shown = data.candidates.length;
    els.candidatesHeading.textContent =
      shown < data.remaining
        ? `Possible answers (first ${shown} of ${data.remaining}${data.probabilities ? ", most likely first" : ""})`
        : `Possible answers (${plural(data.remaining, "word")}${data.probabilities ? ", most likely first" : ""})`;
    const probs = data.probabilities;
    els.candidates.replaceChildren(
      ...data.candidates.map((w, i) =>
        probs
          ? h("li", { title: `${w.toUpperCase()}: probability ${percent(probs[i])}` }, w.toUpperCase(),
              " ", h("span", { class: "probability" }, percent(probs[i])))
          : h("li", {}, w.toUpperCase()),
      ),
    );
  }

  function renderSteps(steps) {
    // No guesses: an empty state of its own, not "1. No guesses yet." as a numbered item.
    els.stepsEmpty.hidden = steps.length > 0;
    els.steps.hidden = !steps.length;
    els.steps.replaceChildren(
      ...steps.map((step, i) =>
        h(
          "li",
          { "data-testid": `assist-step-${i}` },
          rowOf(tileRow(step.turn.guess, step.turn.letters, { cls: "mini" }), {
            class: "row mini-row",
            "aria-hidden": "true",
          }),
          " ",
          `${step.turn.guess.toUpperCase()}: ${step.before} → ${step.after} (${step.bits.toFixed(2)} bits)`,
        ),
      ),
    );
  }

  // Errors ---------------------------------------------------------------------------------------

  /**
   * Show an error next to the input: a word with its pattern in the message ("turn 2 (PLANT
   * 🟩🟩🟩🟩🟩) contradicts …") is drawn as a small row of the app's tiles, never as emoji (which
   * some systems cannot draw), and the row of the turn it starts with is marked.
   */
  function showError(message, source = "api", data = null) {
    error.show(message, source);
    const nodes = messageNodes(message);
    if (nodes) els.error.replaceChildren(...nodes);
    const hint = hintOf(data);
    if (hint) els.error.append(hint);
    markConflict(/^turn (\d+)\b/i.exec(message));
    els.error.scrollIntoView({ block: "nearest" });
  }

  /**
   * What would help, as the command line says it ("1 valid word fits the turns: --answers
   * likely …"), in the page's words: no answer of the list fits, but valid words do.
   */
  function hintOf(data) {
    const fits = data?.any_word_fits;
    if (!Number.isInteger(fits) || fits < 1 || els.answers.value !== "list") return null;
    if (!currentList().likely) return null; // no likely model for this list
    const words = fits === 1 ? "1 valid word fits" : `${fits} valid words fit`;
    return h(
      "p",
      { class: "error-hint", "data-testid": "assist-error-hint" },
      `${words} the turns: choose “Any word, by likelihood” to allow words outside the list.`,
      h(
        "button",
        {
          type: "button",
          class: "button small",
          "data-testid": "assist-allow-any",
          onclick: () => {
            els.answers.value = "likely";
            describeAnswers();
            changed(0);
          },
        },
        "Allow any word",
      ),
    );
  }

  function hideError() {
    error.hide();
    markConflict(null);
  }

  function markConflict(match) {
    const r = match ? Number(match[1]) - 1 : -1;
    for (const el of els.rows.querySelectorAll(".assist-row")) {
      el.classList.toggle("conflict", el.dataset.testid === `assist-row-${r}`);
    }
  }

  function messageNodes(message) {
    const parts = [];
    let last = 0;
    for (const m of message.matchAll(WORD_PATTERN)) {
      let letters;
      try {
        letters = readTiles(m[2]);
      } catch {
        continue;
      }
      if (letters.length !== m[1].length) continue;
      parts.push(message.slice(last, m.index));
      parts.push(
        rowOf(tileRow(m[1].toLowerCase(), letters, { cls: "mini" }), {
          class: "row mini-row",
          role: "img",
          "aria-label": `${m[1]}: ${[...letters].map((ch) => LETTER_STATES[ch]).join(", ")}`,
        }),
      );
      last = m.index + m[0].length;
    }
    if (!last) return null;
    parts.push(message.slice(last));
    return parts.filter((p) => p !== "");
  }

  function renderKnowledge(k) {
    const pattern = k.pattern || "?".repeat(length || 5);
    els.pattern.replaceChildren(
      ...[...pattern].map((ch) =>
        ch === "?"
          ? h("span", { class: "slot" }, "·")
          : h("span", { class: "slot known" }, ch.toUpperCase()),
      ),
    );
    els.pattern.setAttribute(
      "aria-label",
      `Pattern ${pattern.toUpperCase().replaceAll("?", " blank ")}`,
    );
    const summary = Array.isArray(k.summary) ? k.summary : [];
    els.knowledge.replaceChildren(
      ...(summary.length ? summary : ["Nothing yet: every answer is still possible."]).map(
        (line) => h("li", {}, line),
      ),
    );
  }

  function suggestionRow(s, i) {
    const pick = () => {
      els.word.value = s.word;
      els.word.focus();
    };
    return h(
      "tr",
      { "data-testid": `assist-suggestion-${i}` },
      h("td", { class: "num" }, String(i + 1)),
      h(
        "td",
        {},
        h(
          "button",
          {
            type: "button",
            class: "word-button",
            title: "Put this word in the guess field",
            onclick: pick,
          },
          s.word.toUpperCase(),
        ),
      ),
      h("td", { class: "num col-score" }, formatNumber(s.score)),
      h("td", { class: "num" }, s.bits.toFixed(2)),
      h("td", { class: "num col-parts" }, String(s.parts)),
      h("td", { class: "num" }, String(s.largest)),
      h("td", { class: "num" }, expected(s.expected)),
      h(
        "td",
        { class: `can-win ${s.can_win ? "yes" : "no"}` },
        h("span", { "aria-hidden": "true" }, s.can_win ? "✓" : "–"),
        h("span", { class: "visually-hidden" }, s.can_win ? "yes" : "no"),
      ),
    );
  }

  // Start-up -----------------------------------------------------------------------------------

  const saved = storage.getJSON(listKey(STORE_KEY), null);
  if (saved && saved.strategy) els.strategy.dataset.wanted = saved.strategy;
  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    addFromInput();
  });
  els.word.addEventListener("input", () => {
    if (error.source === "input") hideError();
  });
  els.rows.addEventListener("click", onRowsClick);
  els.answers.addEventListener("change", () => {
    describeAnswers();
    changed(0);
  });
  for (const control of [els.strategy, els.top]) {
    control.addEventListener("change", () => changed(0));
  }
  linkUltrahard(els.hard, els.ultrahard, () => changed(0));
  els.update.addEventListener("click", () => update());
  els.clear.addEventListener("click", () => {
    rows = [];
    renderRows();
    changed(0);
    els.word.focus();
  });

  return {
    /** Called when the page is shown: the first time, compute the figures. */
    async activate() {
      if (activated) return;
      activated = true;
      await started;
      update();
    },
  };
}

/** A probability as people read it: "24%", "0.4%", "<0.1%". */
function percent(p) {
  const x = 100 * p;
  if (x >= 9.95) return `${Math.round(x)}%`;
  if (x >= 0.095) return `${x.toFixed(1)}%`;
  return "<0.1%";
}

function formatNumber(x) {
  if (typeof x !== "number") return String(x);
  if (Number.isInteger(x)) return String(x);
  return x.toFixed(3);
}

/** Expected words left: two decimals at every turn (351.00 at the start, 30.95 after). */
function expected(x) {
  return typeof x === "number" ? x.toFixed(2) : String(x);
}
