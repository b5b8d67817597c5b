// The statistics dialog: played, win %, streaks and the guess distribution from GET /api/stats.

import { api } from "./api.js";
import { byId, h, plural } from "./dom.js";

let hooks = {
  getGame: () => null,
  share: async () => "",
  playAgain: () => {},
  review: () => {},
};
let els = {};
let opening = 0;

export function initStats(options) {
  hooks = { ...hooks, ...options };
  els = {
    dialog: byId("stats-dialog"),
    button: byId("stats-button"),
    close: byId("stats-close"),
    played: byId("stat-played"),
    winPercent: byId("stat-win-percent"),
    current: byId("stat-current-streak"),
    max: byId("stat-max-streak"),
    distribution: byId("distribution"),
    note: byId("stats-note"),
    actions: byId("stats-actions"),
    share: byId("stats-share"),
    again: byId("stats-again"),
    review: byId("stats-review"),
    shareStatus: byId("stats-share-status"),
  };
  els.button.addEventListener("click", () => openStats());
  els.close.addEventListener("click", () => els.dialog.close());
  // A click on the backdrop (outside the body of the dialog) closes it.
  els.dialog.addEventListener("click", (event) => {
    if (event.target === els.dialog) els.dialog.close();
  });
  els.dialog.addEventListener("close", () => {
    els.shareStatus.textContent = "";
  });
  els.share.addEventListener("click", async () => {
    els.shareStatus.textContent = await hooks.share();
  });
  els.again.addEventListener("click", () => {
    els.dialog.close();
    hooks.playAgain();
  });
  els.review.addEventListener("click", () => {
    els.dialog.close();
    hooks.review();
  });
}

/** Fetch the statistics, fill the dialog and open it. */
export async function openStats() {
  opening += 1;
  const mine = opening;
  let stats = null;
  let error = null;
  try {
    stats = await api("/api/stats");
  } catch (err) {
    error = err.message;
  }
  if (mine !== opening) return;
  render(stats, error);
  if (!els.dialog.open) els.dialog.showModal();
}

function render(stats, error) {
  const s = stats || {
    played: 0,
    wins: 0,
    win_percent: 0,
    current_streak: 0,
    max_streak: 0,
    distribution: {},
    hints: 0,
  };
  els.played.textContent = String(s.played);
  els.winPercent.textContent = String(s.win_percent);
  els.current.textContent = String(s.current_streak);
  els.max.textContent = String(s.max_streak);
  els.dialog.dataset.loaded = stats ? "true" : "false";

  const game = hooks.getGame();
  const guesses = game ? game.max_guesses : 6;
  const highlight = game && game.status === "won" ? game.turns.length : 0;
  const counts = [];
  for (let n = 1; n <= guesses; n += 1) counts.push(Number(s.distribution[String(n)] || 0));
  const most = Math.max(1, ...counts);
  els.distribution.replaceChildren(
    ...counts.map((count, i) => {
      const n = i + 1;
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
    }),
  );

  if (error) els.note.textContent = `Could not load the statistics: ${error}`;
  else if (!s.played) els.note.textContent = "No finished games yet: play one!";
  else els.note.textContent = `${plural(s.wins, "win")} · ${plural(s.hints, "hint")} used.`;

  els.actions.hidden = !(game && game.status !== "playing");
}
