// The archive of past daily puzzles on the Play page (issue 26): the "Archive" dialog, a month
// grid (Monday first) with a button per day that is out, each with its day and a mark of this
// player's result (✓N won, ✗ lost, • in progress, nothing: not played), previous/next month.
// Choosing a day starts (or resumes) that date's daily game (onPick). GET /api/archive says
// which days are out and the results; the server decides, the page only shows.

import { api, isAbort } from "./api.js";
import { elements, h, longDate } from "./dom.js";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/** A day's result as a mark and as words ("won in 4"). */
export function resultOf(r) {
  if (r.status === "won") return { mark: `✓${r.guesses}`, words: `won in ${r.guesses}` };
  if (r.status === "lost") return { mark: "✗", words: "lost" };
  if (r.status === "playing") return { mark: "•", words: "in progress" };
  return { mark: "", words: "not played" };
}

/** The "Archive" dialog over its <dialog>; `variant()` the variant shown on Play, `onPick(date)`
 * starts that date's daily game. */
export function createArchiveDialog(dialog, { variant = () => "classic", onPick = () => {} } = {}) {
  const els = elements(dialog, {
    title: "archive-month",
    grid: "archive-grid",
    prev: "archive-prev",
    next: "archive-next",
    status: "archive-status",
    close: "archive-close",
  });
  let shown = null;

  async function load(month) {
    els.status.textContent = "Loading…";
    const q = new URLSearchParams({ variant: variant() || "classic" });
    if (month) q.set("month", month);
    try {
      const data = await api(`/api/archive?${q}`);
      shown = data;
      render(data);
      els.status.textContent = "";
    } catch (err) {
      if (!isAbort(err)) els.status.textContent = err.message;
    }
  }

  function render(data) {
    const [y, m] = data.month.split("-").map(Number);
    els.title.textContent = longDate(data.month);
    els.prev.disabled = !data.previous;
    els.next.disabled = !data.next;
    const byDate = new Map(data.days.map((d) => [d.date, d]));
    const first = new Date(Date.UTC(y, m - 1, 1));
    const lead = (first.getUTCDay() + 6) % 7; // Monday first
    const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const cells = WEEKDAYS.map((w) => h("span", { class: "archive-weekday", "aria-hidden": "true" }, w));
    for (let i = 0; i < lead; i += 1) cells.push(h("span", { class: "archive-blank" }));
    for (let d = 1; d <= length; d += 1) {
      const iso = `${data.month}-${String(d).padStart(2, "0")}`;
      const day = byDate.get(iso);
      if (!day) {
        cells.push(h("span", { class: "archive-blank" }, ""));
        continue;
      }
      const { mark, words } = resultOf(day.result);
      const late = day.result.archive ? ", from the archive" : "";
      cells.push(
        h(
          "button",
          {
            type: "button",
            class: "archive-day",
            "data-testid": "archive-day",
            "data-date": iso,
            "data-status": day.result.status,
            "aria-label": `Puzzle ${day.number}, ${longDate(iso)}: ${words}${late}`,
          },
          h("span", { class: "archive-num" }, String(d)),
          h("span", { class: "archive-mark", "data-testid": "archive-mark" }, mark),
        ),
      );
    }
    els.grid.replaceChildren(...cells);
  }

  function open() {
    if (!dialog.open) dialog.showModal();
    load(null).then(() => {
      const last = els.grid.querySelector(".archive-day:last-of-type");
      (last || els.close).focus();
    });
  }

  els.prev.addEventListener("click", () => shown && shown.previous && load(shown.previous));
  els.next.addEventListener("click", () => shown && shown.next && load(shown.next));
  els.grid.addEventListener("click", (event) => {
    const button = event.target.closest(".archive-day");
    if (!button) return;
    dialog.close();
    onPick(button.dataset.date);
  });
  els.close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  return { open, reload: () => shown && load(shown.month) };
}
