// The statistics dialog, from GET /api/stats?variant=: the figures of the variant being played
// (or chosen), the daily puzzle's as the NYT keeps them (played, win %, the streak of puzzle
// days won, the guess distribution) and the other games' (practice, challenges) apart, each
// block labelled. The kind of the game finished last comes first.
// A server out of reach is said as such: no figure is shown rather than zeros that would look
// like statistics wiped.

import { api, cancellation, isAbort } from "./api.js";
import { elements, h, plural } from "./dom.js";

const KINDS = Object.freeze({
  daily: {
    title: "Daily puzzle",
    streak: "Streak: puzzle days won in a row (a lost or missed day ends it).",
    empty: "No daily puzzle finished yet: today's is on the Play page.",
  },
  practice: {
    title: "Practice games",
    streak: "Streak: practice games (and challenges) won in a row.",
    empty: "No practice game finished yet.",
  },
});
/** The block a game's figures are in: the daily games, or the others. */
const blockOf = (kind) => (kind === "daily" ? "daily" : "practice");
const FIGURES = Object.freeze([
  ["played", "Played", "played"],
  ["win-percent", "Win %", "win_percent"],
  ["current-streak", "Current streak", "current_streak"],
  ["max-streak", "Max streak", "max_streak"],
]);

/**
 * The statistics dialog over its <dialog> element. `hooks`: getGame() (the game on the Play
 * page), variant() (the variant whose figures to show), canReview(game), share() (copy the
 * game; resolves to a sentence), playAgain(), review().
 */
export function createStatsDialog(dialog, hooks) {
  const els = elements(dialog, {
    heading: "stats-heading",
    close: "stats-close",
    unreachable: "stats-unreachable",
    unreachableTitle: "stats-unreachable-title",
    unreachableText: "stats-unreachable-text",
    retry: "stats-retry",
    figures: "stats-figures",
    primary: "stats-primary",
    secondary: "stats-secondary",
    note: "stats-note",
    actions: "stats-actions",
    share: "stats-share",
    again: "stats-again",
    review: "stats-review",
    shareStatus: "stats-share-status",
    shareText: "stats-share-text",
    shareHint: "stats-share-hint",
    countdown: "stats-countdown",
  });
  const opening = cancellation();
  let ticking = 0;

  /** "Next Wordle in hh:mm:ss": the time to the next midnight on the player's clock, when
   * the next daily puzzle comes out where they are (as the NYT's). */
  function tick() {
    els.countdown.textContent = `Next Wordle in ${untilMidnight(new Date())}`;
  }

  function startCountdown() {
    tick();
    if (!ticking) ticking = window.setInterval(tick, 1000);
  }

  function stopCountdown() {
    window.clearInterval(ticking);
    ticking = 0;
  }

  /** Fetch the statistics, fill the dialog and open it. */
  async function open() {
    const signal = opening.renew();
    dialog.dataset.state = "loading";
    let stats = null;
    let error = null;
    const variant = hooks.variant();
    els.heading.textContent = variant ? `Statistics · ${variant.title}` : "Statistics";
    try {
      stats = await api(`/api/stats?${statsQuery(variant)}`, { signal });
    } catch (err) {
      if (isAbort(err)) return;
      error = err;
    }
    if (stats) render(stats);
    else renderUnreachable(error);
    const game = finishedGame();
    els.actions.hidden = !game;
    els.review.hidden = !game || !hooks.canReview(game);
    startCountdown();
    if (!dialog.open) dialog.showModal();
  }

  /** The query of a variant's figures: its name, and its figures (a custom variant's). */
  function statsQuery(variant) {
    const query = new URLSearchParams();
    if (!variant) return query.toString();
    if (variant.known !== false) query.set("variant", variant.name);
    query.set("boards", String(variant.boards));
    if (variant.max_guesses) query.set("max_guesses", String(variant.max_guesses));
    return query.toString();
  }

  function finishedGame() {
    const game = hooks.getGame();
    return game && game.status !== "playing" ? game : null;
  }

  // The figures ----------------------------------------------------------------------------

  function render(stats) {
    dialog.dataset.loaded = "true";
    dialog.dataset.state = "ok";
    els.unreachable.hidden = true;
    els.figures.hidden = false;
    const figures = { daily: stats.daily, practice: stats.practice };
    // The game just finished, when its figures are the ones shown.
    let game = finishedGame();
    if (game && game.variant.name !== stats.variant) game = null;
    const first = blockOf((game && game.kind) || stats.last_kind || "daily");
    const second = first === "daily" ? "practice" : "daily";
    const highlight = game && game.status === "won" ? game.guesses.length : 0;
    const mine = (kind) => (game && blockOf(game.kind) === kind ? highlight : 0);
    block(els.primary, first, figures[first], { prefix: "", highlight: mine(first) });
    block(els.secondary, second, figures[second], { prefix: "other-", highlight: mine(second) });
    const s = figures[first];
    els.note.textContent = s.played
      ? `${KINDS[first].title}: ${plural(s.wins, "win")} · ${plural(s.hints, "hint")} used.`
      : "";
  }

  /** One kind's block: its title, the four figures, what its streak counts, the distribution. */
  function block(section, kind, s, { prefix, highlight }) {
    const titleId = `${section.id}-title`;
    section.dataset.kind = kind;
    section.setAttribute("aria-labelledby", titleId);
    const grid = h(
      "dl",
      { class: "stat-grid" },
      FIGURES.map(([key, label, field]) =>
        h(
          "div",
          {},
          h("dt", {}, label),
          h(
            "dd",
            { "data-testid": `${prefix}stat-${key}`, "data-stat": key },
            String(s[field] ?? 0),
          ),
        ),
      ),
    );
    section.replaceChildren(
      h("h3", { id: titleId, class: "stats-kind" }, KINDS[kind].title),
      grid,
      h("p", { class: "stats-caption" }, KINDS[kind].streak),
      // Past puzzles played from the archive count as the NYT counts them (store/stats.py)
      ...(s.archive
        ? [
            h(
              "p",
              { class: "stats-caption", "data-testid": `${prefix}stats-archive` },
              `${plural(s.archive, "game")} from the archive: counted in played and wins, not in the streak.`,
            ),
          ]
        : []),
      // No game of this kind yet: said in a sentence (the first block keeps its empty bars,
      // as the NYT shows them; the second shows only the sentence).
      ...(s.played
        ? []
        : [h("p", { class: "stats-empty", "data-testid": `${prefix}stats-empty` }, KINDS[kind].empty)]),
      ...(s.played || !prefix ? distribution(s, { prefix, highlight, titleId }) : []),
    );
  }

  function distribution(s, { prefix, highlight, titleId }) {
    // Every number of guesses a win may take (the server lists them, zeros included, for a
    // game with a guess limit; with none, the numbers some win took).
    const guesses = Object.keys(s.distribution)
      .map(Number)
      .sort((a, b) => a - b);
    const counts = guesses.map((n) => Number(s.distribution[String(n)] || 0));
    const most = Math.max(1, ...counts);
    const headingId = `${titleId}-dist`;
    const bars = h(
      "div",
      {
        class: "distribution",
        role: "list",
        "aria-labelledby": headingId,
        "data-testid": `${prefix}distribution`,
      },
      counts.length
        ? counts.map((count, i) => distributionRow(guesses[i], count, most, highlight, prefix))
        : h("p", { class: "stats-empty", role: "listitem" }, "No win yet."),
    );
    if (!prefix) return [h("h4", { id: headingId, class: "dist-heading" }, "Guess distribution"), bars];
    // The second block keeps the dialog short: its distribution opens on request.
    return [
      h(
        "details",
        { class: "dist-details", "data-testid": `${prefix}dist-details` },
        h("summary", { id: headingId }, "Guess distribution"),
        bars,
      ),
    ];
  }

  function distributionRow(n, count, most, highlight, prefix) {
    const width = Math.max(7, Math.round((100 * count) / most));
    return h(
      "div",
      {
        class: `dist-row${n === highlight ? " current" : ""}`,
        role: "listitem",
        "data-testid": `${prefix}dist-${n}`,
        "aria-label": `${plural(n, "guess", "guesses")}: ${plural(count, "game")}`,
      },
      h("span", { class: "dist-label", "aria-hidden": "true" }, String(n)),
      h(
        "span",
        { class: "dist-track", "aria-hidden": "true" },
        h(
          "span",
          { class: "dist-bar", style: { width: `${width}%` } },
          h("span", { class: "dist-count", "data-testid": `${prefix}dist-count-${n}` }, String(count)),
        ),
      ),
    );
  }

  // No answer: say so, show no figure ------------------------------------------------------

  function renderUnreachable(err) {
    dialog.dataset.loaded = "false";
    dialog.dataset.state = "error";
    els.figures.hidden = true;
    els.primary.replaceChildren();
    els.secondary.replaceChildren();
    els.note.textContent = "";
    els.unreachable.hidden = false;
    const down = !err || !err.status; // no HTTP answer at all
    els.unreachableTitle.textContent = down
      ? "Cannot reach the server"
      : "The statistics are unavailable just now";
    els.unreachableText.textContent = down
      ? "Your statistics are kept by the wordlekit server, which did not answer. Nothing is " +
        "lost: try again once it is running."
      : `The server answered: ${err.message}`;
  }

  els.close.addEventListener("click", () => dialog.close());
  els.retry.addEventListener("click", () => open());
  // A click on the backdrop (outside the body of the dialog) closes it.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    els.shareStatus.textContent = "";
    els.shareText.hidden = true;
    els.shareHint.hidden = true;
    stopCountdown();
  });
  els.share.addEventListener("click", async () => {
    const done = await hooks.share({ fallback: els.shareText, hint: els.shareHint });
    els.shareStatus.textContent = done.message;
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

/** The time from `now` to the next local midnight, as hh:mm:ss. */
export function untilMidnight(now) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const total = Math.max(0, Math.floor((midnight.getTime() - now.getTime()) / 1000));
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
