// The Absurdle page: play against the host that keeps the largest group of words, and ask
// for a proven shortest win from the position reached. The server keeps no state: every
// request sends the guesses so far (the host is deterministic), and the server answers with
// the colours it chose. The browser never computes feedback.

import { api, cancellation, isAbort } from "./api.js";
import { elements, h } from "./dom.js";
import { errorBox } from "./errorbox.js";
import { allGreen, emojiNodes, rowOf, tileRow } from "./tiles.js";

const IDS = Object.freeze({
  setup: "absurdle-setup",
  hard: "absurdle-hard",
  target: "absurdle-target",
  guessForm: "absurdle-guess-form",
  word: "absurdle-word",
  submit: "absurdle-submit",
  board: "absurdle-board",
  status: "absurdle-status",
  words: "absurdle-words",
  result: "absurdle-result",
  share: "absurdle-share",
  error: "absurdle-error",
  solve: "absurdle-solve",
  proof: "absurdle-proof",
});

export function createAbsurdlePage(root) {
  const el = elements(root, IDS);
  const errors = errorBox(el.error);
  const requests = cancellation();
  let rules = { hard: false, target: null };
  let game = null;
  let busy = false;

  function body(guesses) {
    return { guesses, hard: rules.hard, target: rules.target };
  }

  function render() {
    const turns = game ? game.turns : [];
    el.board.replaceChildren(
      ...turns.map((t, k) =>
        rowOf(tileRow(t.guess, t.letters), {
          "data-testid": `absurdle-row-${k}`,
          role: "img",
          "aria-label": `${t.guess.toUpperCase()}: ${t.letters}`,
          "data-won": allGreen(t.letters) ? "true" : undefined,
        }),
      ),
    );
    const playing = game && game.status === "playing";
    el.word.disabled = !playing;
    el.submit.disabled = !playing;
    el.solve.disabled = !playing;
    if (!game) return;
    const n = game.remaining;
    const goal = game.target ? ` Challenge: make it end on ${game.target.toUpperCase()}.` : "";
    el.status.textContent = playing
      ? `The host holds ${n.toLocaleString()} ${noun(n, "word")}.${goal}`
      : game.outcome;
    root.dataset.status = game.status;
    el.words.replaceChildren(
      ...(playing && n <= game.words.length ? game.words : []).map((w) =>
        h("li", {}, w.toUpperCase()),
      ),
    );
    el.result.hidden = playing;
    // the squares drawn in the palette in use (and without an emoji font); the text stays
    el.share.replaceChildren(...emojiNodes(game.share || ""));
  }

  async function load(guesses) {
    const signal = requests.renew();
    busy = true;
    try {
      game = await api("/api/absurdle/play", { method: "POST", body: body(guesses), signal });
      errors.hide();
      render();
      return true;
    } catch (err) {
      if (!isAbort(err)) errors.show(err.message);
      return false;
    } finally {
      busy = false;
    }
  }

  async function newGame(event) {
    event?.preventDefault();
    const target = el.target.value.trim().toLowerCase();
    rules = { hard: el.hard.checked, target: target || null };
    el.proof.replaceChildren();
    if (await load([])) el.word.focus();
  }

  async function guess(event) {
    event.preventDefault();
    const word = el.word.value.trim().toLowerCase();
    if (!word || busy || !game || game.status !== "playing") return;
    const before = game.turns.map((t) => t.guess);
    if (await load([...before, word])) {
      el.word.value = "";
      el.proof.replaceChildren();
      if (game.status === "playing") el.word.focus();
      else el.result.focus();
    }
  }

  async function solve() {
    if (!game || game.status !== "playing") return;
    const signal = requests.renew();
    el.solve.disabled = true;
    el.proof.replaceChildren(h("p", { class: "absurdle-working" }, "Proving…"));
    try {
      const guesses = game.turns.map((t) => t.guess);
      const data = await api("/api/absurdle/solve", { method: "POST", body: body(guesses), signal });
      el.proof.replaceChildren(...proofNodes(data.proof));
    } catch (err) {
      if (!isAbort(err)) {
        el.proof.replaceChildren();
        errors.show(err.message);
      }
    } finally {
      el.solve.disabled = !(game && game.status === "playing");
    }
  }

  el.setup.addEventListener("submit", newGame);
  el.guessForm.addEventListener("submit", guess);
  el.solve.addEventListener("click", solve);
  el.word.addEventListener("input", () => {
    if (errors.source) errors.hide();
  });
  render();

  return {
    /** Start a game the first time the page is shown. */
    activate() {
      if (!game && !busy) newGame();
    },
  };
}

/** The noun for `n` things (dom.js's plural() puts the number in front). */
function noun(n, word, many = `${word}s`) {
  return n === 1 ? word : many;
}

function seconds(s) {
  return s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(2)} s`;
}

function proofNodes(proof) {
  if (proof.stopped) {
    return [h("p", { "data-testid": "absurdle-stopped" }, `No proof within the server's budget: ${proof.stopped}.`)];
  }
  if (proof.minimum === null) {
    return [h("p", {}, `No win within ${proof.max_depth} guesses.`)];
  }
  const impossible = proof.impossible
    .filter((i) => i.guesses > 0)
    .map((i) => `${i.guesses} impossible (${seconds(i.seconds)})`)
    .join(", ");
  const lines = [
    h(
      "p",
      { "data-testid": "absurdle-minimum" },
      `A shortest win from here takes ${proof.minimum} ${noun(proof.minimum, "guess", "guesses")}`,
      impossible ? ` — ${impossible}.` : ".",
    ),
  ];
  lines.push(
    h(
      "div",
      { class: "absurdle-line", "data-testid": "absurdle-line" },
      proof.line.map((t) =>
        rowOf(tileRow(t.guess, t.letters, { cls: "mini" }), {
          role: "img",
          "aria-label": `${t.guess.toUpperCase()}: ${t.letters}`,
        }),
      ),
    ),
  );
  return lines;
}
