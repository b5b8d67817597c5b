// The error box of a page: one element with role="alert", shown with a message and hidden again.

import { emojiNodes } from "./tiles.js";

/**
 * An error box over `el`. show(message, source) fills it (pattern emoji in the message, as the
 * server names turns "CRANE 🟩⬛…", are drawn as squares) and says what it is about: "input"
 * (the form; editing it hides the box) or "api" (the server's answer). hide() empties it.
 */
export function errorBox(el) {
  return {
    show(message, source = "api") {
      el.hidden = false;
      el.dataset.source = source;
      el.replaceChildren(...emojiNodes(message));
    },
    hide() {
      el.hidden = true;
      el.replaceChildren();
      delete el.dataset.source;
    },
    /** What the message shown is about ("input", "api"), or "" when hidden. */
    get source() {
      return el.hidden ? "" : el.dataset.source || "";
    },
  };
}
