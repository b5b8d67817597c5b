// The Play page's messages: one toast at a time over the top of the board area (it takes no
// room from the board and never hides the game bar). A toast fades out after a moment
// (TOAST_MS by kind, longer for a long text), unless it must stay: an error the player has to
// act on (the server cannot be reached), or a hint to be used.

import { h } from "./dom.js";

const TOAST_MS = Object.freeze({ info: 1200, error: 1200, success: 1600, answer: 4000 });
const TOAST_FADE_MS = 300;
const READ_MS_PER_CHAR = 45;
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** The toasts over their element (role="status", aria-live). */
export function createToasts(el) {
  let timers = [];

  function cancel() {
    for (const t of timers) window.clearTimeout(t);
    timers = [];
  }

  function clear() {
    cancel();
    el.replaceChildren();
    delete el.dataset.kind;
    delete el.dataset.stay;
  }

  function show(text, kind = "info", { stay = false } = {}) {
    cancel();
    el.dataset.kind = kind;
    if (stay) el.dataset.stay = "true";
    else delete el.dataset.stay;
    const toast = text ? h("span", { class: "toast" }, text) : "";
    el.replaceChildren(toast);
    if (!toast || stay) return;
    // A long explanation (an ultrahard refusal names the turn it contradicts) stays long
    // enough to be read.
    const shown = Math.max(TOAST_MS[kind] || TOAST_MS.info, READ_MS_PER_CHAR * text.length);
    const reduced = window.matchMedia(REDUCED_MOTION).matches;
    timers.push(
      window.setTimeout(() => toast.classList.add("fading"), shown),
      window.setTimeout(() => clear(), shown + (reduced ? 0 : TOAST_FADE_MS)),
    );
  }

  // A hint stays until the next guess; a click on it puts it away sooner.
  el.addEventListener("click", (event) => {
    if (el.dataset.kind === "hint" && event.target.closest(".toast")) clear();
  });

  return {
    show,
    clear,
    /** Clear a refusal or a passing note (typing again answers it); a hint stays. */
    clearPassing() {
      if (el.dataset.kind === "error" || el.dataset.kind === "info") clear();
    },
  };
}
