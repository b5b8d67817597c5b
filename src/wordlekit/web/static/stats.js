// The statistics dialog: played, win %, streaks and the guess distribution from GET /api/stats.

import { api, cancellation, isAbort } from "./api.js";
import { elements, h, plural } from "./dom.js";

const EMPTY = Object.freeze({
  played: 0,
  wins: 0,
  win_percent: 0,
  current_streak: 0,
  max_streak: 0,
  distribution: {},
  hints: 0,
});

/**
 * The statistics dialog over its <dialog> element. `hooks`: getGame() (the game on the Play
 * page), share() (copy it; resolves to a sentence), playAgain(), review().
 */
export function createStatsDialog(dialog, hooks) {
  const els = elements(dialog, {
    close: "stats-close",
    played: "stat-played",
    winPercent: "stat-win-percent",
    current: "stat-current-streak",
    max: "stat-max-streak",
    distribution: "distribution",
    note: "stats-note",
    actions: "stats-actions",
    share: "stats-share",
    again: "stats-again",
    review: "stats-review",
    shareStatus: "stats-share-status",
  });
  const opening = cancellation();

  /** Fetch the statistics, fill the dialog and open it. */
  async function open() {
    const signal = opening.renew();
    let stats = null;
    let error = null;
    try {
      stats = await api("/api/stats", { signal });
    } catch (err) {
      if (isAbort(err)) return;
      error = err.message;
    }
    render(stats, error);
    if (!dialog.open) dialog.showModal();
  }

  function distributionRow(n, count, most, highlight) {
    const width = Math.max(7, Math.round((100 * count) / most));
    return h(
      "div",
      {
        class: `dist-row${n === highlight ? " current" : ""}`,
        role: "listitem",
        "data-testid": `dist-${n}`,
        "aria-label": `${plural(n, "guess", "guesses")}: ${plural(count, "game")}`,
      },
      h("span", { class: "dist-label", "aria-hidden": "true" }, String(n)),
      h(
        "span",
        { class: "dist-track", "aria-hidden": "true" },
        h(
          "span",
          { class: "dist-bar", style: { width: `${width}%` } },
          h("span", { class: "dist-count", "data-testid": `dist-count-${n}` }, String(count)),
        ),
      ),
    );
  }

  function render(stats, error) {
    const s = stats || EMPTY;
    els.played.textContent = String(s.played);
    els.winPercent.textContent = String(s.win_percent);
    els.current.textContent = String(s.current_streak);
    els.max.textContent = String(s.max_streak);
    dialog.dataset.loaded = stats ? "true" : "false";

    const game = hooks.getGame();
    const guesses = game ? game.max_guesses : 6;
    const highlight = game && game.status === "won" ? game.turns.length : 0;
    const counts = [];
    for (let n = 1; n <= guesses; n += 1) counts.push(Number(s.distribution[String(n)] || 0));
    const most = Math.max(1, ...counts);
    els.distribution.replaceChildren(
      ...counts.map((count, i) => distributionRow(i + 1, count, most, highlight)),
    );

    if (error) els.note.textContent = `Could not load the statistics: ${error}`;
    else if (!s.played) els.note.textContent = "No finished games yet: play one!";
    else els.note.textContent = `${plural(s.wins, "win")} · ${plural(s.hints, "hint")} used.`;

    els.actions.hidden = !(game && game.status !== "playing");
  }

  els.close.addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the body of the dialog) closes it.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    els.shareStatus.textContent = "";
  });
  els.share.addEventListener("click", async () => {
    els.shareStatus.textContent = await hooks.share();
  });
  els.again.addEventListener("click", () => {
    dialog.close();
    hooks.playAgain();
  });
  els.review.addEventListener("click", () => {
    dialog.close();
    hooks.review();
  });

  return { open };
}
