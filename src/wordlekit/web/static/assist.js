// The Assist page: the guesses of a game played elsewhere, their colours set by clicking tiles,
// and after every change what remains, what is known and the best next guesses (/api/assist).

import { api } from "./api.js";
import { byId, emojiNodes, h, plural, setTile, storage } from "./dom.js";

const STORE_KEY = "wordlekit.assist";
const CYCLE = { gray: "yellow", yellow: "green", green: "gray" };
const TO_LETTER = { gray: "b", yellow: "y", green: "g" };
const FROM_CHAR = {
  b: "gray", x: "gray", n: "gray", w: "gray", ".": "gray", "-": "gray", 0: "gray",
  y: "yellow", 1: "yellow",
  g: "green", 2: "green",
};
const MAX_ROWS = 12;
const LENGTH = 5;

let rows = []; // [{guess: "crane", states: ["gray", ...]}]
let els = {};
let seq = 0;
let timer = 0;
let ready = null; // resolves when the strategy select is filled
let activated = false;

export function initAssist({ strategiesReady }) {
  ready = strategiesReady;
  els = {
    form: byId("assist-form"),
    word: byId("assist-word"),
    rows: byId("assist-rows"),
    empty: byId("assist-empty"),
    strategy: byId("assist-strategy"),
    top: byId("assist-top"),
    hard: byId("assist-hard"),
    update: byId("assist-update"),
    clear: byId("assist-clear"),
    output: byId("assist-output"),
    error: byId("assist-error"),
    remaining: byId("assist-remaining"),
    remainingLabel: byId("assist-remaining-label"),
    steps: byId("assist-steps"),
    pattern: byId("assist-pattern"),
    knowledge: byId("assist-knowledge"),
    suggestions: byId("assist-suggestions"),
    note: byId("assist-note"),
    candidates: byId("assist-candidates"),
    candidatesHeading: byId("assist-candidates-heading"),
  };
  const saved = storage.getJSON(STORE_KEY, null);
  if (saved && Array.isArray(saved.rows)) {
    rows = saved.rows
      .filter((r) => r && /^[a-z]{5}$/.test(r.guess) && Array.isArray(r.states))
      .slice(0, MAX_ROWS)
      .map((r) => ({
        guess: r.guess,
        states: r.states.slice(0, LENGTH).map((s) => (s in CYCLE ? s : "gray")),
      }));
    if (Number.isInteger(saved.top)) els.top.value = String(saved.top);
    els.hard.checked = Boolean(saved.hard);
    if (saved.strategy) els.strategy.dataset.wanted = saved.strategy;
  }
  renderRows();

  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    addFromInput();
  });
  els.word.addEventListener("input", () => {
    if (els.error.dataset.source === "input") hideError();
  });
  els.rows.addEventListener("click", onRowsClick);
  els.strategy.addEventListener("change", () => changed(0));
  els.top.addEventListener("change", () => changed(0));
  els.hard.addEventListener("change", () => changed(0));
  els.update.addEventListener("click", () => update());
  els.clear.addEventListener("click", () => {
    rows = [];
    renderRows();
    changed(0);
    els.word.focus();
  });
}

/** Called when the page is shown: the first time, compute the figures. */
export async function activateAssist() {
  if (activated) return;
  activated = true;
  await ready;
  update();
}

function addFromInput() {
  const text = els.word.value.trim().toLowerCase();
  const match = /^([a-z]{5})(?:[\s:,=]+([a-z0-9.\-]{5}))?$/.exec(text);
  if (!match) {
    showError(
      "Type a five-letter word, optionally followed by its colours (e.g. crane bbygb).",
      "input",
    );
    return;
  }
  let states = Array(LENGTH).fill("gray");
  if (match[2]) {
    const chars = [...match[2]];
    if (!chars.every((ch) => ch in FROM_CHAR)) {
      showError(
        "Colours are b (gray), y (yellow) and g (green), one per letter: e.g. bbygb.",
        "input",
      );
      return;
    }
    states = chars.map((ch) => FROM_CHAR[ch]);
  }
  if (rows.length >= MAX_ROWS) {
    showError(`At most ${MAX_ROWS} guesses.`, "input");
    return;
  }
  rows.push({ guess: match[1], states });
  els.word.value = "";
  renderRows();
  changed(0);
}

function onRowsClick(event) {
  const tile = event.target.closest("button[data-col]");
  if (tile) {
    const r = Number(tile.dataset.row);
    const c = Number(tile.dataset.col);
    const next = CYCLE[rows[r].states[c]];
    rows[r].states[c] = next;
    setTile(tile, rows[r].guess[c], next);
    changed();
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

function renderRows() {
  els.rows.replaceChildren(
    ...rows.map((row, r) => {
      const word = row.guess.toUpperCase();
      const tiles = row.states.map((state, c) => {
        const tile = h("button", {
          type: "button",
          class: "tile small",
          "data-row": r,
          "data-col": c,
          "data-testid": `assist-tile-${r}-${c}`,
          title: "Click to change the colour (gray → yellow → green)",
        });
        setTile(tile, row.guess[c], state);
        return tile;
      });
      return h(
        "div",
        { class: "assist-row", role: "listitem", "data-testid": `assist-row-${r}` },
        h("div", { class: "row", role: "group", "aria-label": `Guess ${r + 1}: ${word}` }, tiles),
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
    }),
  );
  els.empty.hidden = rows.length > 0;
}

function changed(delay = 150) {
  save();
  window.clearTimeout(timer);
  timer = window.setTimeout(update, delay);
}

function save() {
  storage.setJSON(STORE_KEY, {
    rows,
    strategy: els.strategy.value || els.strategy.dataset.wanted || "entropy",
    top: topN(),
    hard: els.hard.checked,
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
  seq += 1;
  const mine = seq;
  const body = {
    turns: rows.map((row) => ({
      guess: row.guess,
      pattern: row.states.map((s) => TO_LETTER[s]).join(""),
    })),
    strategy: els.strategy.value || "entropy",
    top: topN(),
    hard: els.hard.checked,
  };
  els.output.setAttribute("aria-busy", "true");
  els.output.classList.add("loading");
  try {
    const data = await api("/api/assist", { method: "POST", body });
    if (mine !== seq) return;
    hideError();
    render(data);
  } catch (err) {
    if (mine !== seq) return;
    showError(err.message);
    els.output.classList.add("stale");
    els.remaining.textContent = "–";
    els.output.dataset.state = "error";
  } finally {
    if (mine === seq) {
      els.output.setAttribute("aria-busy", "false");
      els.output.classList.remove("loading");
    }
  }
}

function render(data) {
  els.output.classList.remove("stale");
  els.output.dataset.state = "ok";
  els.remaining.textContent = String(data.remaining);
  els.remainingLabel.textContent =
    data.remaining === 1 ? `possible answer: ${data.candidates[0].toUpperCase()}` : "possible answers";

  els.steps.replaceChildren(
    ...data.steps.map((step, i) =>
      h(
        "li",
        { "data-testid": `assist-step-${i}` },
        h("span", { class: "emoji", "aria-hidden": "true" }, emojiNodes(step.emoji)),
        " ",
        `${step.guess.toUpperCase()}: ${step.before} → ${step.after} (${step.bits.toFixed(2)} bits)`,
      ),
    ),
  );
  if (!data.steps.length) els.steps.replaceChildren(h("li", { class: "muted" }, "No guesses yet."));

  const k = data.knowledge || {};
  els.pattern.replaceChildren(
    ...[...(k.pattern || "?????")].map((ch) =>
      h("span", { class: ch === "?" ? "slot" : "slot known" }, ch === "?" ? "·" : ch.toUpperCase()),
    ),
  );
  els.pattern.setAttribute(
    "aria-label",
    `Pattern ${(k.pattern || "?????").toUpperCase().replaceAll("?", " blank ")}`,
  );
  const summary = Array.isArray(k.summary) ? k.summary : [];
  els.knowledge.replaceChildren(
    ...(summary.length ? summary : ["Nothing yet: every answer is still possible."]).map((line) =>
      h("li", {}, line),
    ),
  );

  // A fallback (the exact search needed more than the server's budget) says so.
  els.note.hidden = !data.note;
  els.note.textContent = data.note || "";
  els.suggestions.replaceChildren(
    ...data.suggestions.map((s, i) =>
      h(
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
              onclick: () => {
                els.word.value = s.word;
                els.word.focus();
              },
            },
            s.word.toUpperCase(),
          ),
        ),
        h("td", { class: "num" }, formatNumber(s.score)),
        h("td", { class: "num" }, s.bits.toFixed(2)),
        h("td", { class: "num" }, String(s.parts)),
        h("td", { class: "num" }, String(s.largest)),
        h("td", { class: "num" }, formatNumber(s.expected)),
        h(
          "td",
          { class: `can-win ${s.can_win ? "yes" : "no"}` },
          h("span", { "aria-hidden": "true" }, s.can_win ? "✓" : "–"),
          h("span", { class: "visually-hidden" }, s.can_win ? "yes" : "no"),
        ),
      ),
    ),
  );

  const shown = data.candidates.length;
  els.candidatesHeading.textContent =
    shown < data.remaining
      ? `Possible answers (first ${shown} of ${data.remaining})`
      : `Possible answers (${plural(data.remaining, "word")})`;
  els.candidates.replaceChildren(...data.candidates.map((w) => h("li", {}, w.toUpperCase())));
}

function formatNumber(x) {
  if (typeof x !== "number") return String(x);
  if (Number.isInteger(x)) return String(x);
  return Math.abs(x) >= 100 ? x.toFixed(1) : x.toFixed(3);
}

function showError(message, source = "api") {
  els.error.hidden = false;
  els.error.dataset.source = source;
  els.error.textContent = message;
}

function hideError() {
  els.error.hidden = true;
  els.error.textContent = "";
}
