// Sharing that works everywhere: the Web Share API on phones (the system's share sheet), the
// clipboard otherwise, and when both fail a visible, selected text with "Copy this text to
// share it" so that the player can copy it by hand. Every share button of the pages goes
// through shareText(); the answer says what happened, for the toast.
//
// Why the share sheet only on phones (a coarse pointer): desktop browsers that have
// navigator.share open a small system dialog where most players expect "copied".

import { copyText } from "./dom.js";

const COARSE = "(pointer: coarse)";

/** Whether the system share sheet is the way to share `data` here. */
export function canShareSheet(data) {
  if (typeof navigator.share !== "function") return false;
  if (!window.matchMedia(COARSE).matches) return false;
  try {
    return typeof navigator.canShare !== "function" || navigator.canShare(data);
  } catch {
    return false;
  }
}

/** Select the whole text of an element (an input's value, or a block's text). */
export function selectAll(el) {
  if (typeof el.select === "function") {
    el.focus({ preventScroll: true });
    el.select();
    return;
  }
  const selection = window.getSelection();
  if (!selection) return;
  selection.removeAllRanges();
  selection.selectAllChildren(el);
}

/**
 * Share `text`. `fallback` is the element that shows the text on the page (selected when both
 * the share sheet and the clipboard fail), `hint` an element whose text then says what to do.
 * Resolves to {outcome, message, tone}: outcome "shared" | "cancelled" | "copied" | "manual".
 */
export async function shareText(text, { fallback = null, hint = null, copied = "Copied" } = {}) {
  if (hint) hint.hidden = true;
  const data = { text };
  if (canShareSheet(data)) {
    try {
      await navigator.share(data);
      return { outcome: "shared", message: "Shared", tone: "success" };
    } catch (err) {
      // the player closed the sheet: nothing failed, nothing more to do
      if (err && err.name === "AbortError") {
        return { outcome: "cancelled", message: "Sharing cancelled", tone: "info" };
      }
      /* the sheet failed (not allowed here): try the clipboard */
    }
  }
  if (await copyText(text)) return { outcome: "copied", message: copied, tone: "success" };
  if (fallback) {
    fallback.hidden = false;
    fallback.classList.add("to-copy"); // shown even where the page hides it (a phone's result)
    selectAll(fallback);
    fallback.scrollIntoView({ block: "nearest" });
  }
  if (hint) {
    hint.textContent = "Copy this text to share it (Ctrl+C, ⌘C, or long-press on a phone).";
    hint.hidden = false;
  }
  return {
    outcome: "manual",
    message: "Copying was refused: copy this text to share it.",
    tone: "error",
  };
}
