// The Play page's set-up form: which game to start. The variants and the modes come from the
// server (GET /api/variants: the one registry every front end reads); the page's own options
// stand in until they arrive. One body for every variant: POST /api/games
// {variant, kind, mode, date | seed | answers}.

import { api } from "./api.js";
import { h, longDate } from "./dom.js";

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const WORD_RE = /^\p{L}+$/u;

/** Why a form's input cannot be sent (shown to the player as it is). */
export class SetupError extends Error {}

/**
 * The set-up form over its element (ids: variant-input, mode-input, mode-rule, date-field,
 * date-input, seed-field, seed-input, words-field, words-input, variant-summary; radios named
 * "kind").
 */
export function createSetup(form) {
  const el = {
    variant: form.querySelector("#variant-input"),
    mode: form.querySelector("#mode-input"),
    modeRule: form.querySelector("#mode-rule"),
    summary: form.querySelector("#variant-summary"),
    dateField: form.querySelector("#date-field"),
    date: form.querySelector("#date-input"),
    seedField: form.querySelector("#seed-field"),
    seed: form.querySelector("#seed-input"),
    wordsField: form.querySelector("#words-field"),
    words: form.querySelector("#words-input"),
    wordsLabel: form.querySelector("#words-label"),
  };
  // The variants by name, as the server describes them (the page's options until then).
  let variants = new Map(
    [...el.variant.options].map((o) => [
      o.value,
      {
        name: o.value,
        title: o.textContent,
        boards: Number(o.dataset.boards || 1),
        max_guesses: o.dataset.maxGuesses ? Number(o.dataset.maxGuesses) : null,
        host: o.dataset.host || "fixed",
        summary: o.title || "",
      },
    ]),
  );

  const kind = () => form.elements.kind.value;
  const selected = () => variants.get(el.variant.value) || variants.values().next().value;

  function sync() {
    const k = kind();
    el.dateField.hidden = k !== "daily";
    el.seedField.hidden = k !== "practice";
    el.wordsField.hidden = k !== "challenge";
    const v = selected();
    el.summary.textContent = v ? `${v.title}: ${v.summary}` : "";
    if (v) {
      const many = v.boards > 1;
      el.wordsLabel.textContent = v.host === "adversary" ? "Target" : many ? "Answers" : "Answer";
      el.words.placeholder =
        v.host === "adversary"
          ? "the word the host must end on"
          : many
            ? `${v.boards} words, one per board`
            : "a word for a friend to find";
    }
    form.dataset.variant = v ? v.name : "";
    const mode = el.mode.selectedOptions[0];
    el.modeRule.textContent = mode ? `${mode.textContent}: ${mode.title}.` : "";
    el.mode.title = el.modeRule.textContent;
  }

  /** Fill the chooser and the modes from the server's registry (keeps the choice made). */
  async function load() {
    let menu;
    try {
      menu = await api("/api/variants");
    } catch {
      return; // the page's own options stay
    }
    if (!menu || !Array.isArray(menu.variants) || !menu.variants.length) return;
    const wanted = el.variant.value;
    variants = new Map(menu.variants.map((v) => [v.name, v]));
    el.variant.replaceChildren(
      ...menu.variants.map((v) =>
        h(
          "option",
          { value: v.name, title: v.summary, "data-boards": v.boards, "data-host": v.host },
          v.title,
        ),
      ),
    );
    el.variant.value = variants.has(wanted) ? wanted : menu.variants[0].name;
    for (const m of menu.modes || []) {
      const option = [...el.mode.options].find((o) => o.value === m.name);
      if (option) option.title = m.summary;
    }
    sync();
  }

  /** The body of POST /api/games for the form as it stands; a SetupError when it is wrong. */
  function body(overrides = {}) {
    const out = { variant: el.variant.value, kind: kind(), mode: el.mode.value, ...overrides };
    if (out.kind === "daily") {
      const date = el.date.value.trim();
      if (date && !DATE_RE.test(date)) throw new SetupError("Pick a date (YYYY-MM-DD) for the daily game.");
      // (the form is not validated by the browser: its bubbles would say it less clearly)
      if (date && el.date.min && date < el.date.min) {
        throw new SetupError(`The first daily puzzle is of ${longDate(el.date.min)}: pick that day or a later one.`);
      }
      if (date && el.date.max && date > el.date.max) {
        throw new SetupError(`The puzzle of ${longDate(date)} is not out yet: pick today or an earlier day.`);
      }
      if (date && !("date" in overrides)) out.date = date;
    } else if (out.kind === "practice") {
      const text = el.seed.value.trim();
      if (text && !("seed" in overrides)) {
        const seed = Number(text);
        if (!Number.isSafeInteger(seed) || seed < 0) {
          throw new SetupError("The seed is a whole number (0 or more), or empty for a random game.");
        }
        out.seed = seed;
      }
    } else if (out.kind === "challenge") {
      const words = el.words.value.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
      const v = selected();
      if (!words.length) throw new SetupError(`Type the ${el.wordsLabel.textContent.toLowerCase()} of the challenge.`);
      if (!words.every((w) => WORD_RE.test(w))) throw new SetupError("A challenge's words are letters only.");
      if (v && v.host === "fixed" && words.length !== v.boards) {
        throw new SetupError(`${v.title} needs ${v.boards} ${v.boards === 1 ? "word" : "words"} (one per board).`);
      }
      out.answers = words;
    }
    return out;
  }

  /** Show the choices of a game (after a reload: the game resumed). */
  function show(view) {
    if (variants.has(view.variant.name)) el.variant.value = view.variant.name;
    form.elements.kind.value = view.kind;
    el.mode.value = view.mode;
    if (view.kind === "daily" && view.date) el.date.value = view.date;
    sync();
  }

  el.variant.addEventListener("change", sync);
  el.mode.addEventListener("change", sync);
  for (const radio of form.elements.kind) radio.addEventListener("change", sync);
  sync();

  /** What a control of the form chooses, to name it in a sentence ("Hard mode", "Practice"). */
  function describe(control) {
    if (control === el.mode) {
      const option = el.mode.selectedOptions[0];
      return `${option ? option.textContent : "This"} mode`;
    }
    if (control === el.variant) return selected()?.title || "This game";
    if (control === el.date) return "The date";
    if (control.name === "kind") return control.closest("label")?.textContent.trim() || "This choice";
    return "This choice";
  }

  return {
    load,
    body,
    show,
    describe,
    /** The kind of game chosen (daily, practice, challenge). */
    kind,
    /** The variant chosen (as the server describes it). */
    selected,
    /** The variants by name. */
    variant: (name) => variants.get(name),
    choose(name) {
      if (variants.has(name)) el.variant.value = name;
      sync();
    },
    dateInput: el.date,
    /** The mode chosen. */
    mode: () => el.mode.value,
  };
}
