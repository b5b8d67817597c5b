// The Bot page: the bot plays an answer with a strategy (/api/solve); the rows appear one by one.

import { api } from "./api.js";
import { LETTER_STATES, byId, h, patternLetters, plural, setTile } from "./dom.js";

const STEP_MS = 150;

let els = {};
let generation = 0; // bumped by every Solve: rows of an older solve stop appearing
let timers = [];

export function initBot() {
  els = {
    form: byId("bot-form"),
    answer: byId("bot-answer"),
    strategy: byId("bot-strategy"),
    start: byId("bot-start"),
    hard: byId("bot-hard"),
    solve: byId("bot-solve"),
    error: byId("bot-error"),
    board: byId("bot-board"),
    summary: byId("bot-summary"),
    note: byId("bot-note"),
  };
  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    solve();
  });
}

async function solve() {
  const answer = els.answer.value.trim().toLowerCase();
  const start = els.start.value.trim().toLowerCase();
  if (!/^[a-z]{5}$/.test(answer)) {
    showError("The answer is a five-letter word.");
    els.answer.focus();
    return;
  }
  if (start && !/^[a-z]{5}$/.test(start)) {
    showError("The start word is a five-letter word (or leave it empty).");
    els.start.focus();
    return;
  }
  generation += 1;
  const mine = generation;
  cancel();
  hideError();
  els.board.replaceChildren();
  els.board.dataset.state = "solving";
  els.summary.textContent = "Solving…";
  els.note.hidden = true;
  els.solve.disabled = true;
  const body = {
    answer,
    strategy: els.strategy.value || "entropy",
    hard: els.hard.checked,
  };
  if (start) body.start = start;
  try {
    const data = await api("/api/solve", { method: "POST", body });
    if (mine !== generation) return;
    reveal(data, mine);
  } catch (err) {
    if (mine !== generation) return;
    showError(err.message);
    els.summary.textContent = "";
    els.board.dataset.state = "error";
  } finally {
    if (mine === generation) els.solve.disabled = false;
  }
}

function reveal(data, mine) {
  const turns = data.turns;
  turns.forEach((turn, i) => {
    const show = () => {
      if (mine !== generation) return;
      const last = i === turns.length - 1;
      els.board.append(botRow(turn, i, last && data.solved));
      if (last) finish(data);
    };
    if (i === 0) show();
    else timers.push(window.setTimeout(show, i * STEP_MS));
  });
  if (!turns.length) finish(data);
}

function botRow(turn, i, solvedHere) {
  const letters = patternLetters(turn.pattern, turn.guess.length);
  const tiles = [...turn.guess].map((letter, c) => {
    const tile = h("div", {
      class: "tile flip",
      role: "img",
      "data-testid": `bot-tile-${i}-${c}`,
      style: { "--i": c },
    });
    setTile(tile, letter, LETTER_STATES[letters[c]]);
    return tile;
  });
  const left = solvedHere ? "solved" : `${turn.remaining} left`;
  return h(
    "div",
    {
      class: `bot-row${solvedHere ? " solved" : ""}`,
      role: "listitem",
      "data-testid": `bot-row-${i}`,
      "aria-label": `Guess ${i + 1}: ${turn.guess.toUpperCase()}, ${left}`,
    },
    h("span", { class: "bot-n", "aria-hidden": "true" }, String(i + 1)),
    h("div", { class: "row" }, tiles),
    h(
      "span",
      {
        class: `bot-left${solvedHere ? " solved" : ""}`,
        "data-testid": `bot-remaining-${i}`,
        "aria-hidden": "true",
      },
      left,
    ),
  );
}

function finish(data) {
  els.board.dataset.state = "done";
  const how = [`strategy ${data.strategy}`];
  const start = els.start.value.trim();
  if (start) how.push(`start ${start.toUpperCase()}`);
  if (els.hard.checked) how.push("hard mode");
  const word = data.answer.toUpperCase();
  const result = data.solved
    ? `Solved ${word} in ${plural(data.guesses, "guess", "guesses")}`
    : `Did not solve ${word} in ${plural(data.guesses, "guess", "guesses")}`;
  els.summary.replaceChildren(
    h("strong", { "data-testid": "bot-result" }, result),
    ` (${how.join(", ")}), from ${data.start_candidates} possible answers.`,
  );
  els.summary.dataset.guesses = String(data.guesses);
  // Past the server's budget the game went on with a heuristic: say from which turn.
  els.note.hidden = !data.note;
  els.note.textContent = data.note || "";
}

function cancel() {
  for (const t of timers) window.clearTimeout(t);
  timers = [];
}

function showError(message) {
  els.error.hidden = false;
  els.error.textContent = message;
}

function hideError() {
  els.error.hidden = true;
  els.error.textContent = "";
}
