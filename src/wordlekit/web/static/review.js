// The Review page: a game pasted as text (or a game just played) reviewed turn by turn
// (POST /api/review, GET /api/games/{id}/review): skill, luck, the best guesses, the bot's game.

import { api } from "./api.js";
import {
  LETTER_STATES,
  byId,
  emojiNodes,
  h,
  patternLetters,
  plural,
  setTile,
  storage,
} from "./dom.js";

const STORE_KEY = "wordlekit.review";
const MAX_TURNS = 32; // as the API
const EXAMPLE = { text: "crane bbggb\nmoist bbybg\ngiant ggggg", answer: "", hard: false };
// A tile character of a pattern as g/y/b (as the server reads them, plus the high-contrast
// squares 🟧 and 🟦 that a share text copied in that palette has).
const TILE_CHARS = {
  g: "g", 2: "g", "🟩": "g", "🟧": "g",
  y: "y", 1: "y", "🟨": "y", "🟦": "y",
  b: "b", x: "b", n: "b", w: "b", ".": "b", "-": "b", 0: "b", "⬛": "b", "⬜": "b",
};
const IGNORED = new Set(["\ufe0f", "\ufe0e", "\u200d", " ", "\t"]);
const NUMBER = new Intl.NumberFormat("en-US");
const IDLE = "Paste a game and press Review.";

let els = {};
let generation = 0; // bumped by every review: a late answer for an older one is dropped

export function initReview() {
  els = {
    form: byId("review-form"),
    input: byId("review-input"),
    answer: byId("review-answer"),
    hard: byId("review-hard"),
    submit: byId("review-submit"),
    example: byId("review-example"),
    output: byId("review-output"),
    error: byId("review-error"),
    status: byId("review-status"),
    result: byId("review-result"),
    title: byId("review-title"),
    tags: byId("review-tags"),
    summary: byId("review-summary"),
    note: byId("review-note"),
    skill: byId("review-skill"),
    skillBar: byId("review-skill-bar"),
    luck: byId("review-luck"),
    luckBar: byId("review-luck-bar"),
    turns: byId("review-turns"),
    botNote: byId("review-bot-note"),
    bot: byId("review-bot"),
  };
  const saved = storage.getJSON(STORE_KEY, null);
  if (saved && typeof saved === "object") {
    els.input.value = typeof saved.text === "string" ? saved.text : "";
    els.answer.value = typeof saved.answer === "string" ? saved.answer : "";
    els.hard.checked = Boolean(saved.hard);
  }
  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    reviewFromForm();
  });
  // Ctrl+Enter (⌘+Enter) in the text area reviews, as Enter does in the answer field.
  els.input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      reviewFromForm();
    }
  });
  for (const el of [els.input, els.answer, els.hard]) {
    el.addEventListener(el === els.hard ? "change" : "input", () => {
      save();
      if (els.error.dataset.source === "input") {
        hideError();
        if (els.result.hidden && els.output.dataset.state !== "loading") {
          setStatus(IDLE);
          els.output.dataset.state = "empty";
        }
      }
    });
  }
  els.example.addEventListener("click", () => {
    fillForm(EXAMPLE);
    els.input.focus();
  });
}

/** Open the review of a finished game of the Play page (the page is shown by the caller). */
export function reviewPlayedGame(game) {
  if (!game || game.status === "playing") return;
  fillForm({
    text: game.turns.map((t) => `${t.guess} ${t.letters}`).join("\n"),
    answer: game.answer || "",
    hard: Boolean(game.hard),
  });
  run(() => api(`/api/games/${encodeURIComponent(game.id)}/review`), {
    title: `Review of ${game.label}`,
  });
  els.output.focus({ preventScroll: true });
  els.output.scrollIntoView({ block: "nearest" });
}

function fillForm({ text, answer, hard }) {
  els.input.value = text;
  els.answer.value = answer;
  els.hard.checked = hard;
  save();
  hideError();
}

function save() {
  storage.setJSON(STORE_KEY, {
    text: els.input.value,
    answer: els.answer.value,
    hard: els.hard.checked,
  });
}

// Reading the pasted game --------------------------------------------------------------------

class InputError extends Error {}

/**
 * The lines of the text area as [{guess, pattern (g/y/b letters or null), line}].
 * A line is "GUESS PATTERN", "GUESS:PATTERN" (also "=" or ","), "PATTERN GUESS" with an emoji
 * or digit pattern, or a bare "GUESS"; "1." or "1)" in front is skipped, blank lines too.
 */
export function parseGame(text) {
  const turns = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim().replace(/^\d{1,2}[.)]\s+/, "");
    if (!line) return;
    const where = () => {
      const n = turns.length + 1;
      return n === index + 1 ? `Turn ${n}` : `Turn ${n} (line ${index + 1})`;
    };
    let guess;
    let pattern = null;
    let m = /^([A-Za-z]+)$/.exec(line);
    if (m) guess = m[1];
    else if (
      (m =
        /^([A-Za-z]+)\s*[:=,]\s*(.+)$/.exec(line) ||
        /^([A-Za-z]+)\s+(.+)$/.exec(line) ||
        /^([A-Za-z]+)([^A-Za-z\s].*)$/.exec(line))
    ) {
      guess = m[1];
      pattern = m[2];
    } else if ((m = /^(.*[^A-Za-z\s].*?)\s*([A-Za-z]+)$/.exec(line))) {
      guess = m[2];
      pattern = m[1];
    } else {
      throw new InputError(
        `${where()}: “${line}” is not a guess and its colours: write e.g. crane bbggb.`,
      );
    }
    guess = guess.toLowerCase();
    if (pattern !== null) pattern = readPattern(pattern, guess, where);
    turns.push({ guess, pattern, line: index + 1 });
  });
  return turns;
}

function readPattern(text, guess, where) {
  let out = "";
  for (const ch of Array.from(text.toLowerCase())) {
    if (IGNORED.has(ch)) continue;
    const tile = TILE_CHARS[ch];
    if (!tile) {
      throw new InputError(
        `${where()}: “${ch}” is not a colour. Use g/y/b, 2/1/0 or 🟩🟨⬛, one per letter.`,
      );
    }
    out += tile;
  }
  if (out.length !== guess.length) {
    throw new InputError(
      `${where()}: ${guess.toUpperCase()} has ${guess.length} letters but its colours have ` +
        `${out.length} tiles.`,
    );
  }
  return out;
}

/** The body of POST /api/review for the form, or an InputError saying what is wrong. */
function requestBody() {
  const turns = parseGame(els.input.value);
  const answer = els.answer.value.trim().toLowerCase();
  const hard = els.hard.checked;
  if (!turns.length) {
    throw new InputError("Paste a game first: one guess per line with its colours, e.g. crane bbggb.");
  }
  if (turns.length > MAX_TURNS) throw new InputError(`At most ${MAX_TURNS} turns can be reviewed.`);
  if (answer && !/^[a-z]+$/.test(answer)) {
    throw new InputError("The answer is a word of letters only (or leave it empty).");
  }
  const bare = turns.filter((t) => t.pattern === null);
  if (!bare.length) {
    const body = { turns: turns.map((t) => ({ guess: t.guess, pattern: t.pattern })), hard };
    if (answer) body.answer = answer;
    return body;
  }
  if (!answer) {
    const n = turns.indexOf(bare[0]) + 1;
    throw new InputError(
      `Turn ${n}: ${bare[0].guess.toUpperCase()} has no colours. Add them (e.g. ` +
        `${bare[0].guess} bbggb), or fill in the answer to review bare guesses.`,
    );
  }
  if (bare.length !== turns.length) {
    const n = turns.findIndex((t) => t.pattern !== null) + 1;
    throw new InputError(
      `Turn ${n} has colours but others do not: with the answer, give just the guesses ` +
        "(or the colours on every line).",
    );
  }
  return { answer, guesses: turns.map((t) => t.guess), hard };
}

// Asking the server ------------------------------------------------------------------------------

function reviewFromForm() {
  let body;
  try {
    body = requestBody();
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    generation += 1; // an answer still on its way is no longer wanted
    setLoading(false);
    showResultArea(false);
    showError(err.message, "input");
    els.input.focus();
    return;
  }
  run(() => api("/api/review", { method: "POST", body }), { title: "Review of your game" });
}

async function run(fetchReview, { title }) {
  generation += 1;
  const mine = generation;
  hideError();
  showResultArea(false);
  setStatus(
    "Reviewing… The first turn can take a few seconds: the optimal solver works out the best guesses.",
  );
  setLoading(true);
  try {
    const data = await fetchReview();
    if (mine !== generation) return;
    render(data, title);
  } catch (err) {
    if (mine !== generation) return;
    setStatus("");
    showError(err.message, "api");
  } finally {
    if (mine === generation) setLoading(false);
  }
}

function setLoading(on) {
  els.output.setAttribute("aria-busy", String(on));
  els.output.classList.toggle("loading", on);
  els.submit.disabled = on;
  if (on) els.output.dataset.state = "loading";
}

function setStatus(text) {
  els.status.hidden = !text;
  els.status.textContent = text;
}

function showResultArea(on) {
  els.result.hidden = !on;
  if (!on) setStatus("");
}

function showError(message, source) {
  els.error.hidden = false;
  els.error.dataset.source = source;
  els.error.replaceChildren(...emojiNodes(message)); // the server names turns as CRANE 🟩⬛…
  els.output.dataset.state = "error";
}

function hideError() {
  els.error.hidden = true;
  els.error.textContent = "";
  delete els.error.dataset.source;
}

// Showing the review -------------------------------------------------------------------------

function render(data, title) {
  setStatus("");
  showResultArea(true);
  els.output.dataset.state = "done";

  els.title.textContent = title;
  const n = data.turns.length;
  const tags = [];
  if (data.answer) {
    tags.push(
      h("span", { class: "tag" }, "Answer ", h("strong", { "data-testid": "review-answer-word" },
        data.answer.toUpperCase())),
    );
  }
  tags.push(
    h(
      "span",
      { class: `tag ${data.solved ? "solved" : "unsolved"}`, "data-testid": "review-outcome" },
      data.solved ? `solved in ${n}` : `not solved after ${plural(n, "guess", "guesses")}`,
    ),
  );
  if (data.hard) tags.push(h("span", { class: "tag" }, "hard mode"));
  els.tags.replaceChildren(...tags);
  els.summary.textContent = data.summary;
  els.note.hidden = !data.note;
  els.note.textContent = data.note || "";

  showScore(els.skill, els.skillBar, data.skill);
  showScore(els.luck, els.luckBar, data.luck);

  els.turns.replaceChildren(...data.turns.map((turn, i) => turnCard(turn, i)));
  renderBot(data, n);
}

function showScore(valueEl, barEl, value) {
  valueEl.textContent = String(value);
  barEl.style.width = `${clamp(value)}%`;
}

function turnCard(turn, i) {
  const word = turn.guess.toUpperCase();
  const letters = patternLetters(turn.pattern, turn.guess.length);
  const won = /^g+$/.test(letters);
  const states = [...letters].map((ch) => LETTER_STATES[ch]);
  const tiles = [...turn.guess].map((letter, c) => {
    const tile = h("div", { class: "tile", role: "img", "data-testid": `review-tile-${i}-${c}` });
    setTile(tile, letter, states[c]);
    return tile;
  });
  const estimate = turn.method === "estimate";
  const rankEstimate = turn.rank_method === "estimate";
  const bestIsPlayed = turn.best_guess === turn.guess;

  return h(
    "li",
    { class: `review-turn${won ? " won" : ""}`, "data-testid": `review-turn-${i}` },
    h(
      "div",
      { class: "turn-head" },
      h("span", { class: "turn-n", "aria-hidden": "true" }, String(turn.turn)),
      h(
        "div",
        { class: "row", role: "group", "aria-label": `Turn ${turn.turn}: ${word}` },
        tiles,
      ),
    ),
    h(
      "dl",
      { class: "turn-figures" },
      figure("Words left", `review-remaining-${i}`, [
        h("span", { class: "fig" }, `${NUMBER.format(turn.remaining_before)} → `),
        won
          ? h("span", { class: "fig solved" }, "solved")
          : h("span", { class: "fig" }, NUMBER.format(turn.remaining_after)),
      ]),
      figure("Bits", `review-bits-${i}`, [
        h("span", { class: "fig" }, turn.bits.toFixed(2)),
        h("span", { class: "muted" }, ` best ${turn.best_bits.toFixed(2)}`),
      ]),
      figure("Expected guesses", `review-expected-${i}`, [
        h("span", { class: "fig" }, turn.expected_played.toFixed(2)),
        h("span", { class: "muted" }, ` best ${turn.expected_best.toFixed(2)}`),
        estimate ? estimateBadge("More than 400 words were left: estimated, not solved exactly") : "",
      ]),
      figure("Best guess", `review-best-${i}`, [
        h("span", { class: "fig word" }, turn.best_guess.toUpperCase()),
        bestIsPlayed ? h("span", { class: "muted" }, " (yours)") : "",
      ]),
      figure("Rank", `review-rank-${i}`, [
        h("span", { class: "fig" }, ordinal(turn.rank)),
        h("span", { class: "muted" }, ` of ${NUMBER.format(turn.out_of)}`),
        rankEstimate ? estimateBadge("Ranked by the estimate of expected guesses") : "",
      ]),
    ),
    h(
      "div",
      { class: "turn-bars" },
      miniBar("Skill", "skill", turn.skill, `review-turn-skill-${i}`),
      miniBar("Luck", "luck", turn.luck, `review-turn-luck-${i}`),
    ),
  );
}

function figure(label, testid, value) {
  return h("div", { class: "figure" }, h("dt", {}, label), h("dd", { "data-testid": testid }, value));
}

function estimateBadge(title) {
  return [" ", h("span", { class: "badge", title }, "estimate")];
}

function miniBar(label, kind, value, testid) {
  return h(
    "p",
    { class: "mini-bar", "data-testid": testid, "data-value": String(value) },
    h("span", { class: "mini-label" }, label),
    h(
      "span",
      { class: "bar", "aria-hidden": "true" },
      h("span", { class: `bar-fill ${kind}`, style: { width: `${clamp(value)}%` } }),
    ),
    h("span", { class: "mini-value" }, String(value)),
  );
}

function renderBot(data, played) {
  const bot = data.bot_guesses || [];
  if (!data.answer || !bot.length) {
    els.botNote.textContent =
      "The answer is not known (the game was not solved and no answer was given), so the " +
      "bot cannot replay it.";
    els.bot.replaceChildren();
    els.bot.hidden = true;
    return;
  }
  els.bot.hidden = false;
  const word = data.answer.toUpperCase();
  const you = data.solved ? `you took ${played}` : `you did not solve it in ${played}`;
  els.botNote.replaceChildren(
    h("strong", { "data-testid": "review-bot-count" }, `${plural(bot.length, "guess", "guesses")}`),
    ` for ${word} with the optimal strategy${data.hard ? " in hard mode" : ""} (${you}).`,
  );
  els.bot.replaceChildren(
    ...bot.map((guess, i) => {
      const letters = scoreLetters(guess, data.answer);
      const tiles = [...guess].map((letter, c) => {
        const tile = h("div", { class: "tile", role: "img", "data-testid": `review-bot-tile-${i}-${c}` });
        setTile(tile, letter, LETTER_STATES[letters[c]]);
        return tile;
      });
      return h(
        "div",
        {
          class: "review-bot-row",
          role: "listitem",
          "data-testid": `review-bot-row-${i}`,
          "aria-label": `Bot guess ${i + 1}: ${guess.toUpperCase()}`,
        },
        h("span", { class: "turn-n", "aria-hidden": "true" }, String(i + 1)),
        h("div", { class: "row" }, tiles),
      );
    }),
  );
}

// Helpers ----------------------------------------------------------------------------------------

/** The colours of `guess` against `answer` as g/y/b letters (greens first, then yellows). */
function scoreLetters(guess, answer) {
  const out = Array(guess.length).fill("b");
  const left = new Map();
  for (let i = 0; i < guess.length; i += 1) {
    if (guess[i] === answer[i]) out[i] = "g";
    else left.set(answer[i], (left.get(answer[i]) || 0) + 1);
  }
  for (let i = 0; i < guess.length; i += 1) {
    if (out[i] === "g") continue;
    const count = left.get(guess[i]) || 0;
    if (count > 0) {
      out[i] = "y";
      left.set(guess[i], count - 1);
    }
  }
  return out.join("");
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 31st, 1,002nd. */
export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${NUMBER.format(n)}${suffix}`;
}

function clamp(value) {
  const x = Number(value);
  return Number.isFinite(x) ? Math.max(0, Math.min(100, x)) : 0;
}
