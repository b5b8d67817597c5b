// The word list the pages play and help with (GET /api/lists: English of 4 to 8 letters, the
// NYT's, Spanish, German, French, Italian, Dutch, Portuguese of 5). The choice is the header's
// menu, kept in this browser; every API request names it (`?list=`, added by api.js), so a
// game, the helper, the bot and a review all use it. Changing it reloads the app: every page
// then starts again with the list's length, letters and daily puzzle.
//
// The letters a player may type are the list's (`letters`); another letter typed on a
// physical keyboard (a dead key's é, German ü) becomes what the server's folding rule says
// (`folds`, sent by the server: ü is ue in German); the browser never decides it.

import { h, storage } from "./dom.js";

const KEY = "wordlekit.list";
// Used when /api/lists cannot be reached: the server's own list, a-z.
const FALLBACK = Object.freeze({
  name: null,
  language: "en",
  language_name: "English",
  length: 5,
  letters: "abcdefghijklmnopqrstuvwxyz",
  alphabet: "a-z",
  folds: {},
  likely: true,
  default: true,
});

// The chosen list lives in the document (as the contrast setting does), not in this module:
// `data-list` on <html> names it, `data-list-info` holds what the server said of it.

/** The chosen list: {name, language, language_name, length, letters, alphabet, folds,
 * likely (whether the "likely" answer model fits it: English five letters), default}. */
export function currentList() {
  const text = document.documentElement.dataset.listInfo;
  if (!text) return FALLBACK;
  try {
    return JSON.parse(text);
  } catch {
    return FALLBACK;
  }
}

/** The name of the list chosen (null: the server's own, which needs no `?list=`). */
export function listName() {
  const chosen = currentList();
  return chosen.default ? null : chosen.name;
}

/** A key of this browser's storage for the chosen list: each list keeps its own game and
 * helper pages (the server's own list keeps the key as it was). */
export function listKey(base) {
  const name = listName();
  return name ? `${base}.${name}` : base;
}

/** `path` with the chosen list (`?list=`), for every API path but the list of lists. */
export function withList(path) {
  const name = listName();
  if (!name || !path.startsWith("/api/") || path.startsWith("/api/lists")) return path;
  const url = new URL(path, window.location.origin);
  if (!url.searchParams.has("list")) url.searchParams.set("list", name);
  return url.pathname + url.search;
}

/**
 * What typing `key` (one character) puts in a word of the chosen list: the letter itself,
 * its folding (ü → "ue" in German, é → "e" in Spanish), or null when the list has no place
 * for it.
 */
export function foldKey(key) {
  const chosen = currentList();
  const ch = String(key).normalize("NFC").toLowerCase();
  if (chosen.letters.includes(ch)) return ch;
  const folded = chosen.folds[ch];
  return typeof folded === "string" ? folded : null;
}

/** A word typed in a text field, folded letter by letter (unchanged where a letter has no
 * place: the server then says why). */
export function foldWord(text) {
  return Array.from(String(text).normalize("NFC").toLowerCase(), (ch) => foldKey(ch) ?? ch).join("");
}

/** A regular expression's class of the chosen list's letters (`[a-zñ]`…). */
export function letterClass() {
  return `[${currentList().letters}]`;
}

/** A list's name in the menu, short enough for a phone's header: "Spanish · 5",
 * "English · 8", "English · 5 NYT" (the option's title says the rest). */
function optionText(l, short = false) {
  const base = `${short ? l.language.toUpperCase() : l.language_name} · ${l.length}`;
  return l.name === "nyt" ? `${base} NYT` : base;
}

// The smallest phones: the languages' codes (EN · 5, PT · 5) in the menu.
const SMALL = "(max-width: 340px)";

/** The lists of GET /api/lists ([] when the server cannot say). */
async function fetchLists() {
  try {
    const response = await fetch("/api/lists", {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    const lists = response.ok ? await response.json() : [];
    return Array.isArray(lists) ? lists : [];
  } catch {
    return [];
  }
}

/** Fetch the lists, put back the choice kept in this browser (if the server still has it)
 * and fill the header's menu `select`. */
export async function setupLists(select) {
  const lists = await fetchLists();
  if (!lists.length) {
    if (select) select.closest("[data-list-menu]")?.setAttribute("hidden", "");
    return FALLBACK;
  }
  // a link naming a list (a challenge link of another list: /?challenge=ID&list=es-5) chooses it
  const linked = new URLSearchParams(window.location.search).get("list");
  if (linked && lists.some((l) => l.name === linked)) {
    if (lists.find((l) => l.name === linked).default) storage.remove(KEY);
    else storage.set(KEY, linked);
  }
  const kept = storage.get(KEY);
  const chosen = lists.find((l) => l.name === kept) || lists.find((l) => l.default) || lists[0];
  if (kept && chosen.name !== kept) storage.remove(KEY);
  document.documentElement.dataset.list = chosen.name;
  document.documentElement.dataset.listInfo = JSON.stringify(chosen);
  if (!select) return chosen;
  const groups = new Map();
  for (const l of lists) {
    if (!groups.has(l.language_name)) groups.set(l.language_name, []);
    groups.get(l.language_name).push(l);
  }
  select.replaceChildren(
    ...[...groups].map(([language, items]) =>
      h(
        "optgroup",
        { label: language },
        items.map((l) => h("option", { value: l.name, title: `${l.name}: ${l.length}-letter words (${l.answers} answers, ${l.guesses} valid guesses), letters ${l.alphabet}` }, optionText(l))),
      ),
    ),
  );
  select.value = chosen.name;
  const small = window.matchMedia(SMALL);
  const relabel = () => {
    for (const o of select.options) {
      const l = lists.find((x) => x.name === o.value);
      if (l) o.textContent = optionText(l, small.matches);
    }
  };
  relabel();
  small.addEventListener("change", relabel);
  select.title = `Word list: ${chosen.language_name}, ${chosen.length}-letter words (${chosen.name}, letters ${chosen.alphabet})`;
  select.addEventListener("change", () => {
    const next = lists.find((l) => l.name === select.value);
    if (!next || next.name === chosen.name) return;
    if (next.default) storage.remove(KEY);
    else storage.set(KEY, next.name);
    window.location.reload();
  });
  return chosen;
}

/** Whether `select` offers the option `value`. */
export function offered(select, value) {
  return [...select.options].some((o) => o.value === value);
}

/** An answer model `select` of a list the likely model does not fit (other languages and
 * lengths): its answers only. */
export function onlyListModel(select) {
  const list = currentList();
  const own = [...select.options].find((o) => o.value === "list");
  if (own && !list.default && list.name) own.textContent = `${list.language_name} answer list (${list.name})`;
  if (list.likely) return;
  for (const o of [...select.options]) if (o.value === "likely") o.remove();
  select.value = "list";
}
