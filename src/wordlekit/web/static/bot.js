// The Bot page: the bot plays an answer with a strategy (/api/solve); the rows appear one by one.
// Before the first game it says what will appear; while the server works it shows the time
// taken and a Cancel button, which aborts the request: the server then stops the work (its
// work pool cancels a task whose client went away).

import { api, cancellation, isAbort } from "./api.js";
import { elements, h, linkUltrahard, modeOf, plural, rulesName } from "./dom.js";
import { errorBox } from "./errorbox.js";
import { rowOf, tileRow } from "./tiles.js";
import { foldWord, letterClass, onlyListModel } from "./lists.js";

const STEP_MS = 150;
const PROGRESS_AFTER_MS = 250; // quick answers never flash the progress line
const TICK_MS = 100;
/** The answer models the page offers (as Assist's), and what each means for the bot. */
const ANSWER_MODELS = Object.freeze({
  list: "Only the words of the answer list can be the answer, as in the built-in game.",
  likely:
    "Any valid word may be the answer (a game played elsewhere), each weighted by how likely it is to be chosen.",
});
// The server's advice for a valid word outside the list, in the page's own words.
const LIKELY_ADVICE = /\s*\(answers "likely" lets any valid word be the answer\)/u;
const LIKELY_CHOICE = ": choose Answers “Any word, by likelihood” to let any valid word be the answer.";

/** The Bot page over its root element; setLength(n) once the server's word length is known. */
export function createBotPage(root) {
  const els = elements(root, {
    form: "bot-form",
    answer: "bot-answer",
    strategy: "bot-strategy",
    answers: "bot-answers",
    answersHelp: "bot-answers-help",
    start: "bot-start",
    hard: "bot-hard",
    ultrahard: "bot-ultrahard",
    solve: "bot-solve",
    error: "bot-error",
    board: "bot-board",
    summary: "bot-summary",
    note: "bot-note",
    empty: "bot-empty",
    progress: "bot-progress",
    elapsed: "bot-elapsed",
    cancel: "bot-cancel",
  });
  onlyListModel(els.answers); // the likely model fits English five letters only
  const error = errorBox(els.error);
  const solves = cancellation(); // a new Solve: rows of an older one stop appearing
  let timers = [];
  let length = 5;
  let clock = null; // {started, interval, timeout} while a request is out

  function checkWords(answer, start) {
    const word = new RegExp(`^${letterClass()}{${length}}$`, "u");
    if (!word.test(answer)) return [els.answer, `The answer is a ${length}-letter word.`];
    if (start && !word.test(start)) {
      return [els.start, `The start word is a ${length}-letter word (or leave it empty).`];
    }
    return null;
  }

  async function solve() {
    const answer = foldWord(els.answer.value.trim());
    const start = foldWord(els.start.value.trim());
    const wrong = checkWords(answer, start);
    if (wrong) {
      error.show(wrong[1], "input");
      wrong[0].focus();
      return;
    }
    const signal = solves.renew();
    cancelTimers();
    error.hide();
    els.empty.hidden = true;
    els.board.replaceChildren();
    els.board.dataset.state = "solving";
    els.summary.textContent = "";
    els.note.hidden = true;
    els.solve.disabled = true;
    startClock();
    const body = {
      answer,
      answers: els.answers.value,
      strategy: els.strategy.value || "entropy",
      mode: modeOf(els.hard, els.ultrahard),
      pool: "valid",
    };
    if (start) body.start = start;
    try {
      const data = await api("/api/solve", { method: "POST", body, signal });
      stopClock();
      reveal(data, signal);
    } catch (err) {
      if (isAbort(err)) return;
      stopClock();
      error.show(err.message.replace(LIKELY_ADVICE, LIKELY_CHOICE));
      els.summary.textContent = "";
      els.board.dataset.state = "error";
    } finally {
      if (!signal.aborted) els.solve.disabled = false;
    }
  }

  // Long work: the time taken so far, and Cancel ---------------------------------------------

  function seconds() {
    return clock ? (performance.now() - clock.started) / 1000 : 0;
  }

  function startClock() {
    stopClock();
    els.elapsed.textContent = "0.0 s";
    clock = { started: performance.now(), interval: 0, timeout: 0 };
    clock.timeout = window.setTimeout(() => {
      els.progress.hidden = false;
      clock.interval = window.setInterval(() => {
        els.elapsed.textContent = `${seconds().toFixed(1)} s`;
      }, TICK_MS);
    }, PROGRESS_AFTER_MS);
  }

  function stopClock() {
    if (clock) {
      window.clearTimeout(clock.timeout);
      window.clearInterval(clock.interval);
    }
    clock = null;
    els.progress.hidden = true;
  }

  /** Abort the request: the server sees its client go and cancels the work. */
  function cancel() {
    if (!clock) return;
    const took = seconds().toFixed(1);
    solves.renew();
    stopClock();
    els.board.dataset.state = "cancelled";
    els.summary.replaceChildren(
      h("strong", { "data-testid": "bot-result" }, "Cancelled"),
      ` after ${took} s: the server stopped working on it. Try a quicker strategy, or Solve again.`,
    );
    els.solve.disabled = false;
    els.solve.focus();
  }

  function reveal(data, signal) {
    const turns = data.turns;
    turns.forEach((turn, i) => {
      const show = () => {
        if (signal.aborted) return;
        const last = i === turns.length - 1;
        els.board.append(botRow(turn, i, last && data.solved));
        if (last) finish(data);
      };
      if (i === 0) show();
      else timers.push(window.setTimeout(show, i * STEP_MS));
    });
    if (!turns.length) finish(data);
  }

  /** A row of the bot's game: `play` is one of its turns ({turn: {guess, letters, …},
   * remaining}). */
  function botRow(play, i, solvedHere) {
    const { turn } = play;
    const tiles = tileRow(turn.guess, turn.letters, {
      cls: "flip",
      testid: (c) => `bot-tile-${i}-${c}`,
    });
    const left = solvedHere ? "solved" : `${play.remaining} left`;
    return h(
      "div",
      {
        class: `bot-row${solvedHere ? " solved" : ""}`,
        role: "listitem",
        "data-testid": `bot-row-${i}`,
        "aria-label": `Guess ${i + 1}: ${turn.guess.toUpperCase()}, ${left}`,
      },
      h("span", { class: "bot-n", "aria-hidden": "true" }, String(i + 1)),
      rowOf(tiles),
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
    const rules = rulesName(data.mode); // the rules the server played
    if (rules) how.push(rules);
    const word = data.answer.toUpperCase();
    const guesses = plural(data.guesses, "guess", "guesses");
    const result = `${data.solved ? "Solved" : "Did not solve"} ${word} in ${guesses}`;
    els.summary.replaceChildren(
      h("strong", { "data-testid": "bot-result" }, result),
      ` (${how.join(", ")}), from ${data.start_candidates} possible ` +
        `${data.answers === "list" ? "answers" : "words"}.`,
    );
    els.summary.dataset.guesses = String(data.guesses);
    // Past the server's budget the game went on with a heuristic: say from which turn.
    els.note.hidden = !data.note;
    els.note.textContent = data.note || "";
  }

  function cancelTimers() {
    for (const t of timers) window.clearTimeout(t);
    timers = [];
  }

  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    solve();
  });
  els.cancel.addEventListener("click", cancel);
  const describeAnswers = () => {
    els.answersHelp.textContent = ANSWER_MODELS[els.answers.value] || "";
  };
  els.answers.addEventListener("change", () => {
    describeAnswers();
    if (error.source === "api") error.hide();
  });
  describeAnswers();
  linkUltrahard(els.hard, els.ultrahard);
  for (const field of [els.answer, els.start]) {
    field.addEventListener("input", () => {
      if (error.source === "input") error.hide();
    });
  }

  return {
    setLength(n) {
      length = n;
      els.answer.maxLength = n;
      els.start.maxLength = n;
    },
  };
}
