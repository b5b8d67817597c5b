// The Play page's panel of a game whose host is an adversary (Absurdle): how many words the
// host still holds (and which, once they are few), the challenge's target, and a proven
// shortest win from the position reached (POST /api/absurdle/solve with the game's guesses,
// mode and target). Everything shown comes from the game's view and the server's proof.

import { api, cancellation, isAbort } from "./api.js";
import { h, plural } from "./dom.js";
import { rowOf, tileRow } from "./tiles.js";

/**
 * The panel over its element (ids: host-status, host-words, host-solve, host-proof).
 * show(view) draws it for a game's view (hidden for a game with fixed answers); `onError`
 * shows a message the server sent.
 */
export function createHostPanel(el, { onError }) {
  const status = el.querySelector("#host-status");
  const words = el.querySelector("#host-words");
  const solveButton = el.querySelector("#host-solve");
  const proof = el.querySelector("#host-proof");
  const requests = cancellation();
  let view = null;

  const adversary = (v) => Boolean(v) && v.variant.host === "adversary";

  function show(next) {
    const changed = !view || !next || view.id !== next.id || view.guesses.length !== next.guesses.length;
    view = next;
    el.hidden = !adversary(next);
    if (el.hidden) {
      requests.renew();
      return;
    }
    if (changed) {
      requests.renew(); // a proof of another position is no longer wanted
      proof.replaceChildren();
    }
    const playing = next.status === "playing";
    const n = next.host_words ?? 0;
    const goal = next.target ? `Target: ${next.target.toUpperCase()}` : "";
    const held = `The host holds ${n.toLocaleString("en")} ${n === 1 ? "word" : "words"}`;
    status.replaceChildren(
      h("span", { "data-testid": "host-count" }, playing ? held : `${held} at the end`),
      goal ? h("span", { class: "host-target", "data-testid": "host-target" }, goal) : "",
    );
    // The words themselves once they all fit in the sample (a long list says nothing).
    const sample = next.host_sample || [];
    const all = playing && n > 0 && n <= sample.length ? sample : [];
    words.hidden = !all.length;
    words.replaceChildren(...all.map((w) => h("li", {}, w.toUpperCase())));
    // The solver's proof is for normal and hard mode (ultrahard positions are searched under
    // hard mode's rule, which gives only a lower bound): the button says so rather than mislead.
    const solvable = playing && next.mode !== "ultrahard";
    solveButton.hidden = !playing;
    solveButton.disabled = !solvable;
    solveButton.title = next.mode === "ultrahard"
      ? "The solver does not prove ultrahard mode yet (its search is hard mode's: a lower bound)"
      : "Prove the fewest guesses that win from here and show a winning line";
  }

  async function solve() {
    if (!view || view.status !== "playing") return;
    const signal = requests.renew();
    solveButton.disabled = true;
    proof.replaceChildren(h("p", { class: "host-working" }, "Proving…"));
    const body = { guesses: view.guesses, mode: view.mode, target: view.target };
    try {
      const data = await api("/api/absurdle/solve", { method: "POST", body, signal });
      proof.replaceChildren(...proofNodes(data.proof));
    } catch (err) {
      if (isAbort(err)) return;
      proof.replaceChildren();
      onError(err.message);
    } finally {
      if (!signal.aborted) solveButton.disabled = !(view && view.status === "playing");
    }
  }

  solveButton.addEventListener("click", solve);
  el.hidden = true;
  return { show };
}

function seconds(s) {
  return s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(2)} s`;
}

/** The proof's answer (`proof.refuted`: [depth, seconds] for each depth shown to have no win;
 * `proof.line.turns`: the winning line with the host's colours). */
function proofNodes(proof) {
  if (proof.stopped) {
    return [
      h("p", { "data-testid": "host-stopped" }, `No proof within the server's budget: ${proof.stopped}.`),
    ];
  }
  if (proof.minimum === null) return [h("p", {}, `No win within ${proof.max_depth} guesses.`)];
  const impossible = proof.refuted
    .filter(([depth]) => depth > 0)
    .map(([depth, took]) => `${depth} impossible (${seconds(took)})`)
    .join(", ");
  return [
    h(
      "p",
      { "data-testid": "host-minimum" },
      `A shortest win from here takes ${plural(proof.minimum, "guess", "guesses")}`,
      impossible ? `: ${impossible}.` : ".",
    ),
    h(
      "div",
      { class: "host-line", "data-testid": "host-line" },
      proof.line.turns.map((t) =>
        rowOf(tileRow(t.guess, t.letters, { cls: "mini" }), {
          role: "img",
          "aria-label": `${t.guess.toUpperCase()}: ${t.letters}`,
        }),
      ),
    ),
  ];
}
