// Small DOM helpers shared by the pages: element creation and lookup, storage, animations,
// the clipboard. (Tiles are in tiles.js, the error box in errorbox.js.)

/** Create an element: h("button", {class: "x", "data-key": "a", onclick: fn}, "A"). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, String(v));
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

export const byId = (id) => document.getElementById(id);

/**
 * The elements of a page by id, looked up inside its root element only:
 * elements(root, {form: "setup-form"}) is {form: root.querySelector("#setup-form")}. A
 * missing element is an error at start-up, not a silent null later.
 */
export function elements(root, ids) {
  const out = {};
  for (const [name, id] of Object.entries(ids)) {
    const el = root.querySelector(`#${id}`);
    if (!el) throw new Error(`#${id} is missing from ${root.id || root.tagName}`);
    out[name] = el;
  }
  return out;
}

/** Restart a CSS animation class on an element (remove, force a reflow, add). */
export function restartAnimation(el, cls) {
  restartAnimations([el], cls);
}

/**
 * Restart a CSS animation class on several elements with one reflow (a reflow each would
 * cost a layout of the page each: 32 boards' rows at every key press).
 */
export function restartAnimations(els, cls) {
  for (const el of els) el.classList.remove(cls, "settled");
  if (els.length) void els[0].offsetWidth; // eslint-disable-line no-void
  for (const el of els) el.classList.add(cls);
}

/**
 * Animations play once: a finished flip or pop loses its class, a finished shake, bounce or
 * slide is marked "settled" (animation: none). Otherwise showing a hidden page again would
 * replay them, since display: none restarts CSS animations.
 */
export function settleAnimations(root = document) {
  root.addEventListener("animationend", (event) => {
    const el = event.target;
    if (!(el instanceof Element)) return;
    if (event.animationName === "flip" || event.animationName === "pop") {
      el.classList.remove(event.animationName);
    } else if (["shake", "bounce", "slide-in"].includes(event.animationName)) {
      el.classList.add("settled");
    }
  });
}

// The player's local day, YYYY-MM-DD: the daily puzzle's date and the helper's (the likely
// model weighs the words the NYT served before it).
export function localDate() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A date (YYYY-MM-DD) as a reader says it: "1 January 2099"; a month (YYYY-MM): "January
 * 2099". */
export function longDate(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  const when = new Date(y, m - 1, d || 1);
  const parts = { month: "long", year: "numeric" };
  return when.toLocaleDateString("en-GB", d ? { day: "numeric", ...parts } : parts);
}

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

/** localStorage that never throws (private modes, disabled storage). */
export const storage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable */
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  },
  getJSON(key, fallback) {
    const text = this.get(key);
    if (!text) return fallback;
    try {
      return JSON.parse(text);
    } catch {
      return fallback;
    }
  },
  setJSON(key, value) {
    this.set(key, JSON.stringify(value));
  },
};

export function highContrast() {
  return document.documentElement.dataset.contrast === "high";
}

/** Share text in the palette in use: orange/blue squares in high-contrast mode, as the NYT. */
export function paletteShare(text) {
  if (!text || !highContrast()) return text || "";
  return text.replaceAll("🟩", "🟧").replaceAll("🟨", "🟦");
}

/**
 * Copy text to the clipboard: the async Clipboard API, else a selected textarea and
 * execCommand("copy"). Resolves to true when the text was copied.
 */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused: try the fallback */
  }
  const host = document.querySelector("dialog[open]") || document.body;
  const area = h("textarea", {
    readonly: true,
    "aria-hidden": "true",
    tabindex: "-1",
    class: "copy-buffer",
  });
  area.value = text;
  host.append(area);
  const focused = document.activeElement;
  area.focus();
  area.select();
  area.setSelectionRange(0, text.length);
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  if (focused && typeof focused.focus === "function") focused.focus({ preventScroll: true });
  return ok;
}

/**
 * When `dialog` closes, run `focus()` (give the focus to where typing plays), unless the player
 * has already moved the focus on. The close event is a task of its own that comes after the
 * browser gave the focus back to what held it when the dialog opened: a fast keyboard user may
 * have pressed Tab (or focused a control) in between, and that choice stays.
 */
export function focusAfterClose(dialog, focus) {
  let before; // what held the focus when the focus went into the dialog (undefined: not seen)
  dialog.addEventListener("focusin", (event) => {
    if (before === undefined) before = event.relatedTarget; // (what lost the focus to it)
  });
  dialog.addEventListener("close", () => {
    const active = document.activeElement;
    const moved =
      before !== undefined &&
      active !== null &&
      active !== document.body &&
      active !== before &&
      !dialog.contains(active);
    before = undefined;
    if (!moved) focus();
  });
}

/**
 * Keep a "Hard mode" and an "Ultrahard" checkbox consistent: ultrahard mode is hard mode and
 * more (every guess could still be the answer), so ticking Ultrahard ticks Hard mode, and
 * unticking Hard mode unticks Ultrahard. `onChange` runs after either changed.
 */
export function linkUltrahard(hard, ultrahard, onChange = () => {}) {
  hard.addEventListener("change", () => {
    if (!hard.checked) ultrahard.checked = false;
    onChange();
  });
  ultrahard.addEventListener("change", () => {
    if (ultrahard.checked) hard.checked = true;
    onChange();
  });
}

/** The mode a "Hard mode" and an "Ultrahard" checkbox say: "normal", "hard" or "ultrahard"
 * (the one `mode` value every request takes). */
export function modeOf(hard, ultrahard) {
  if (ultrahard.checked) return "ultrahard";
  return hard.checked ? "hard" : "normal";
}

/** A mode by name, as a sentence says it: "ultrahard mode", "hard mode" or "" (normal). */
export function rulesName(mode) {
  return mode === "ultrahard" || mode === "hard" ? `${mode} mode` : "";
}
