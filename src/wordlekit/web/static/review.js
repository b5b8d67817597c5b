// The Review page: a game pasted as text (or a game just played) reviewed turn by turn
// (POST /api/review, GET /api/games/{id}/review): skill, luck, the best guesses, and the optimal
// bot's game as the server played it (its `bot_turns`, with their colours). Beside it, random
// play's figures for the answer once the review has told it (GET /api/games/{id}/random-play,
// GET /api/random-play/{word}): stored, computed, or why there are none.

import { api, cancellation, isAbort } from "./api.js";
import { elements, h, linkUltrahard, modeOf, plural, rulesName, storage } from "./dom.js";
import { errorBox } from "./errorbox.js";
import { TileError, allGreen, readTiles, rowOf, tileRow } from "./tiles.js";
import { listKey } from "./lists.js";

const STORE_KEY = "wordlekit.review";
const MAX_TURNS = 32; // as the API
const EXAMPLE = Object.freeze({
  text: "crane bbggb\nmoist bbybg\ngiant ggggg",
  answer: "",
  mode: "normal",
});
const NUMBER = new Intl.NumberFormat("en-US");
const IDLE = "Paste a game and press Review.";

// Reading the pasted game --------------------------------------------------------------------

/** A mistake in the pasted game, said so that its author can fix it. */
class InputError extends Error {}

/**
 * The lines of the text area as [{guess, pattern (g/y/b letters or null), line}].
 * A line is "GUESS PATTERN", "GUESS:PATTERN" (also "=" or ","), "PATTERN GUESS" with an emoji
 * or digit pattern, or a bare "GUESS"; "1." or "1)" in front is skipped, blank lines too. The
 * colours are read with the engine's table of tile characters (tiles.js).
 */
export function parseGame(text) {
  const turns = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim().replace(/^\d{1,2}[.)]\s+/, "");
    if (!line) return;
    const n = turns.length + 1;
    const where = n === index + 1 ? `Turn ${n}` : `Turn ${n} (line ${index + 1})`;
    const [word, colours] = splitLine(line, where);
    const guess = word.toLowerCase();
    const pattern = colours === null ? null : readPattern(colours, guess, where);
    turns.push({ guess, pattern, line: index + 1 });
  });
  return turns;
}

function splitLine(line, where) {
  let m = /^(\p{L}+)$/u.exec(line);
  if (m) return [m[1], null];
  m =
    /^(\p{L}+)\s*[:=,]\s*(.+)$/u.exec(line) ||
    /^(\p{L}+)\s+(.+)$/u.exec(line) ||
    /^(\p{L}+)([^\p{L}\s].*)$/u.exec(line);
  if (m) return [m[1], m[2]];
  m = /^(.*[^\p{L}\s].*?)\s*(\p{L}+)$/u.exec(line);
  if (m) return [m[2], m[1]];
  throw new InputError(`${where}: “${line}” is not a guess and its colours: write e.g. crane bbggb.`);
}

function readPattern(text, guess, where) {
  let letters;
  try {
    letters = readTiles(text);
  } catch (err) {
    if (err instanceof TileError) throw new InputError(`${where}: ${err.message}`);
    throw err;
  }
  if (letters.length !== guess.length) {
    throw new InputError(
      `${where}: ${guess.toUpperCase()} has ${guess.length} letters but its colours have ` +
        `${letters.length} tiles.`,
    );
  }
  return letters;
}

/** The body of POST /api/review for a pasted game played in `mode` (normal, hard or
 * ultrahard), or an InputError saying what is wrong. */
function requestBody(text, answer, mode) {
  const turns = parseGame(text);
  if (!turns.length) {
    throw new InputError("Paste a game first: one guess per line with its colours, e.g. crane bbggb.");
  }
  if (turns.length > MAX_TURNS) throw new InputError(`At most ${MAX_TURNS} turns can be reviewed.`);
  if (answer && !/^\p{L}+$/u.test(answer)) {
    throw new InputError("The answer is a word of letters only (or leave it empty).");
  }
  const bare = turns.filter((t) => t.pattern === null);
  if (!bare.length) {
    const body = {
      turns: turns.map((t) => ({ guess: t.guess, pattern: t.pattern })),
      mode,
    };
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
  return { answer, guesses: turns.map((t) => t.guess), mode };
}

// The page -------------------------------------------------------------------------------------

/** The Review page over its root element. */
export function createReviewPage(root) {
  const els = elements(root, {
    form: "review-form",
    input: "review-input",
    answer: "review-answer",
    hard: "review-hard",
    ultrahard: "review-ultrahard",
    submit: "review-submit",
    example: "review-example",
    output: "review-output",
    error: "review-error",
    status: "review-status",
    result: "review-result",
    title: "review-title",
    tags: "review-tags",
    summary: "review-summary",
    note: "review-note",
    skill: "review-skill",
    skillBar: "review-skill-bar",
    luck: "review-luck",
    luckBar: "review-luck-bar",
    turns: "review-turns",
    botNote: "review-bot-note",
    bot: "review-bot",
    random: "review-random",
    randomFigures: "review-random-figures",
  });
  const error = errorBox(els.error);
  const reviews = cancellation(); // a new review: the answer for an older one is dropped
  const randoms = cancellation(); // the same for random play's figures

  /** Open the review of a finished game of the Play page, a game's view of one board (the
   * page is shown by the caller). */
  function reviewPlayedGame(game) {
    if (!game || game.status === "playing") return;
    const [board] = game.boards;
    fillForm({
      text: board.turns.map((t) => `${t.guess} ${t.letters}`).join("\n"),
      answer: board.answer || "",
      mode: game.mode,
    });
    const id = encodeURIComponent(game.id);
    const path = `/api/games/${id}/review`;
    run((signal) => api(path, { signal }), `Review of ${game.label}`, () => `/api/games/${id}/random-play`);
    els.output.focus({ preventScroll: true });
    els.output.scrollIntoView({ block: "nearest" });
  }

  function fillForm({ text, answer, mode = "normal" }) {
    els.input.value = text;
    els.answer.value = answer;
    setMode(mode);
    save();
    hideError();
  }

  function save() {
    storage.setJSON(listKey(STORE_KEY), {
      text: els.input.value,
      answer: els.answer.value,
      mode: modeOf(els.hard, els.ultrahard),
    });
  }

  /** Tick the checkboxes of `mode` (normal, hard or ultrahard). */
  function setMode(mode) {
    els.hard.checked = mode === "hard" || mode === "ultrahard";
    els.ultrahard.checked = mode === "ultrahard";
  }

  function reviewFromForm() {
    let body;
    try {
      body = requestBody(
        els.input.value,
        els.answer.value.trim().toLowerCase(),
        modeOf(els.hard, els.ultrahard),
      );
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      reviews.renew(); // an answer still on its way is no longer wanted
      setLoading(false);
      showResultArea(false);
      showError(err.message, "input");
      els.input.focus();
      return;
    }
    const review = (signal) => api("/api/review", { method: "POST", body, signal });
    run(review, "Review of your game");
  }

  /** Review with `fetchReview(signal)`; then, when the review has an answer, random play's
   * figures from `randomPath(review)` (by default those of the review's answer). */
  async function run(fetchReview, title, randomPath = answerPath) {
    const signal = reviews.renew();
    hideRandomPlay();
    hideError();
    showResultArea(false);
    setStatus(
      "Reviewing… The first turn can take a few seconds: the optimal solver works out the best guesses.",
    );
    setLoading(true);
    try {
      const data = await fetchReview(signal);
      render(data, title);
      if (data.answer) showRandomPlay(data.answer, randomPath(data));
    } catch (err) {
      if (isAbort(err)) return;
      setStatus("");
      showError(err.message, "api");
    } finally {
      if (!signal.aborted) setLoading(false);
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
    error.show(message, source);
    els.output.dataset.state = "error";
  }

  function hideError() {
    error.hide();
  }

  // Showing the review -----------------------------------------------------------------------

  function render(data, title) {
    setStatus("");
    showResultArea(true);
    els.output.dataset.state = "done";
    els.title.textContent = title;
    els.tags.replaceChildren(...tags(data));
    els.summary.textContent = data.summary;
    els.note.hidden = !data.note;
    els.note.textContent = data.note || "";
    showScore(els.skill, els.skillBar, data.skill);
    showScore(els.luck, els.luckBar, data.luck);
    els.turns.replaceChildren(...data.turns.map(turnCard));
    renderBot(data);
  }

  // Random play on the answer ---------------------------------------------------------------

  function hideRandomPlay() {
    randoms.renew();
    els.random.hidden = true;
    els.randomFigures.replaceChildren();
    delete els.random.dataset.state;
  }

  async function showRandomPlay(answer, path) {
    const signal = randoms.renew();
    const word = answer.toUpperCase();
    els.random.hidden = false;
    els.random.dataset.state = "loading";
    els.randomFigures.textContent = `Random play on ${word}: working it out…`;
    try {
      const figures = await api(path, { signal });
      els.randomFigures.replaceChildren(...randomPlayText(figures));
      els.random.dataset.state = figures.source || figures.missing || "none";
    } catch (err) {
      if (isAbort(err)) return;
      els.randomFigures.textContent = `Random play on ${word}: ${err.message}`;
      els.random.dataset.state = "error";
    }
  }

  function renderBot(data) {
    const bot = data.bot_turns || [];
    const played = data.turns.length;
    if (!data.answer || !bot.length) {
      els.botNote.textContent = !data.answer
        ? "The answer is not known (the game was not solved and no answer was given), so the " +
          "bot cannot replay it."
        : "The optimal bot's game did not fit in this server's work budget.";
      els.bot.replaceChildren();
      els.bot.hidden = true;
      return;
    }
    els.bot.hidden = false;
    const word = data.answer.toUpperCase();
    const rules = rulesName(data.mode);
    const you = data.solved ? `you took ${played}` : `you did not solve it in ${played}`;
    els.botNote.replaceChildren(
      h("strong", { "data-testid": "review-bot-count" }, plural(bot.length, "guess", "guesses")),
      ` for ${word} with the optimal strategy${rules ? ` in ${rules}` : ""} (${you}).`,
    );
    els.bot.replaceChildren(...bot.map(botRow));
  }

  // Start-up -----------------------------------------------------------------------------------

  const saved = storage.getJSON(listKey(STORE_KEY), null);
  if (saved && typeof saved === "object") {
    els.input.value = typeof saved.text === "string" ? saved.text : "";
    els.answer.value = typeof saved.answer === "string" ? saved.answer : "";
    // The mode saved (older pages saved two booleans, hard and ultrahard).
    setMode(saved.mode ?? (saved.ultrahard ? "ultrahard" : saved.hard ? "hard" : "normal"));
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
  linkUltrahard(els.hard, els.ultrahard, save);
  for (const el of [els.input, els.answer, els.hard]) {
    el.addEventListener(el === els.hard ? "change" : "input", () => {
      save();
      if (error.source !== "input") return;
      hideError();
      if (els.result.hidden && els.output.dataset.state !== "loading") {
        setStatus(IDLE);
        els.output.dataset.state = "empty";
      }
    });
  }
  // The example is there to show what a review looks like: it is filled in and reviewed.
  els.example.addEventListener("click", () => {
    fillForm(EXAMPLE);
    reviewFromForm();
  });

  return {
    reviewPlayedGame,
    setLength(n) {
      els.answer.maxLength = n;
    },
  };
}

// Pieces of the review ---------------------------------------------------------------------------

/** Random play's figures of the review's answer, by default: GET /api/random-play/{answer}. */
function answerPath(data) {
  return `/api/random-play/${encodeURIComponent(data.answer)}`;
}

const SOURCES = {
  stored: "From the table of every word's figures (wordle expected --all).",
  computed: "Worked out for this review.",
};

/** "Random play on CIGAR: expected 4.0843 guesses, worst 9, P(more than 6) 3.1%" and where the
 * figures came from; or the server's note saying why there are none. */
export function randomPlayText(f) {
  const word = h("strong", {}, f.word.toUpperCase());
  if (!f.source) return ["Random play on ", word, `: ${f.note || "no figures."}`];
  return [
    "Random play on ",
    word,
    ": expected ",
    h("span", { class: "fig", "data-testid": "review-random-expected" }, f.expected.toFixed(4)),
    " guesses, worst ",
    h("span", { class: "fig", "data-testid": "review-random-worst" }, String(f.worst)),
    ", P(more than 6) ",
    h("span", { class: "fig", "data-testid": "review-random-over" }, percent(f.p_over_6)),
    h(
      "span",
      { class: "badge", title: SOURCES[f.source] || "", "data-testid": "review-random-source" },
      f.source,
    ),
  ];
}

/** A probability as a percentage: 3.1%, 0.04%, 0% (never a rounded-away "0.0%" for a chance
 * that is there). */
export function percent(p) {
  const x = 100 * p;
  if (x === 0) return "0%";
  if (x >= 1) return `${x.toFixed(1)}%`;
  return `${x.toPrecision(1)}%`;
}

function tags(data) {
  const n = data.turns.length;
  const out = [];
  if (data.answer) {
    const word = h("strong", { "data-testid": "review-answer-word" }, data.answer.toUpperCase());
    out.push(h("span", { class: "tag" }, "Answer ", word));
  }
  out.push(
    h(
      "span",
      { class: `tag ${data.solved ? "solved" : "unsolved"}`, "data-testid": "review-outcome" },
      data.solved ? `solved in ${n}` : `not solved after ${plural(n, "guess", "guesses")}`,
    ),
  );
  const rules = rulesName(data.mode);
  if (rules) out.push(h("span", { class: "tag" }, rules));
  return out;
}

function showScore(valueEl, barEl, value) {
  valueEl.textContent = String(value);
  barEl.style.width = `${clamp(value)}%`;
}

/** A turn of the review: `review` is {number, turn: {guess, letters, …}, and its figures}. */
function turnCard(review, i) {
  const { turn, number } = review;
  const word = turn.guess.toUpperCase();
  const won = allGreen(turn.letters);
  const tiles = tileRow(turn.guess, turn.letters, { testid: (c) => `review-tile-${i}-${c}` });
  return h(
    "li",
    { class: `review-turn${won ? " won" : ""}`, "data-testid": `review-turn-${i}` },
    h(
      "div",
      { class: "turn-head" },
      h("span", { class: "turn-n", "aria-hidden": "true" }, String(number)),
      rowOf(tiles, { role: "group", "aria-label": `Turn ${number}: ${word}` }),
    ),
    h("dl", { class: "turn-figures" }, turnFigures(review, i, won)),
    h(
      "div",
      { class: "turn-bars" },
      miniBar("Skill", "skill", review.skill, `review-turn-skill-${i}`),
      miniBar("Luck", "luck", review.luck, `review-turn-luck-${i}`),
    ),
  );
}

function turnFigures(turn, i, won) {
  const estimate = turn.method === "estimate";
  const rankEstimate = turn.rank_method === "estimate";
  return [
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
      turn.best_guess === turn.turn.guess ? h("span", { class: "muted" }, " (yours)") : "",
    ]),
    figure("Rank", `review-rank-${i}`, [
      h("span", { class: "fig" }, ordinal(turn.rank)),
      h("span", { class: "muted" }, ` of ${NUMBER.format(turn.out_of)}`),
      rankEstimate ? estimateBadge("Ranked by the estimate of expected guesses") : "",
    ]),
  ];
}

function figure(label, testid, value) {
  const dd = h("dd", { "data-testid": testid }, value);
  return h("div", { class: "figure" }, h("dt", {}, label), dd);
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

/** A row of the bot's game (one of `bot_turns`: {turn, remaining}): its guess in the colours
 * the server gave it. */
function botRow({ turn }, i) {
  const tiles = tileRow(turn.guess, turn.letters, { testid: (c) => `review-bot-tile-${i}-${c}` });
  return h(
    "div",
    {
      class: "review-bot-row",
      role: "listitem",
      "data-testid": `review-bot-row-${i}`,
      "aria-label": `Bot guess ${i + 1}: ${turn.guess.toUpperCase()}`,
    },
    h("span", { class: "turn-n", "aria-hidden": "true" }, String(i + 1)),
    rowOf(tiles),
  );
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
