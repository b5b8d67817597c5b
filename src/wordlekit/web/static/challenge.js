// Challenge links on the Play page (issue 26): the "Challenge a friend" dialog (type a word,
// create the challenge, copy its link; the player's own challenges with their counts) and the
// note over a game played from a link. The server keeps the word: the link holds a random id
// only, and nothing the page receives about a challenge or its game in progress holds the
// word (GET /api/challenges/ID is the variant, the mode, the length, whether the word lies
// outside the answers and, for its creator, the counts).

import { api, isAbort } from "./api.js";
import { elements, h, plural, storage } from "./dom.js";
import { shareText } from "./share.js";
import { listKey } from "./lists.js";

const MINE_KEY = "wordlekit.challenges";
/** How many of the player's challenges this browser keeps (and the dialog asks about). */
const KEEP = 12;

/** The ids of the challenges made in this browser, newest first (this list's). */
function mine() {
  try {
    const ids = JSON.parse(storage.get(listKey(MINE_KEY)) || "[]");
    return Array.isArray(ids) ? ids.filter((x) => typeof x === "string").slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

function remember(id) {
  const ids = [id, ...mine().filter((x) => x !== id)].slice(0, KEEP);
  storage.set(listKey(MINE_KEY), JSON.stringify(ids));
}

function forget(id) {
  storage.set(listKey(MINE_KEY), JSON.stringify(mine().filter((x) => x !== id)));
}

/** The challenge id of the page's address (`/?challenge=ID`), or null. */
export function linkedChallenge() {
  const id = new URLSearchParams(window.location.search).get("challenge");
  return id && id.length <= 64 ? id : null;
}

/** The page's address without its `?challenge=` (a reload then resumes the game, whose
 * view names its challenge). */
export function dropLinkedChallenge() {
  const url = new URL(window.location.href);
  url.searchParams.delete("challenge");
  window.history.replaceState(null, "", url.pathname + url.search + url.hash);
}

/** The info of challenge `id` (cached: it never changes but for its counts). */
const infos = new Map();
async function info(id, { fresh = false } = {}) {
  if (!fresh && infos.has(id)) return infos.get(id);
  const data = await api(`/api/challenges/${encodeURIComponent(id)}`);
  infos.set(id, data);
  return data;
}

/** The "Challenge a friend" dialog over its <dialog>; `mode()` is the mode chosen on Play. */
export function createChallengeDialog(dialog, { mode = () => "normal" } = {}) {
  const els = elements(dialog, {
    form: "challenge-form",
    word: "challenge-word",
    mode: "challenge-mode",
    status: "challenge-status",
    made: "challenge-made",
    link: "challenge-link",
    copy: "challenge-copy",
    note: "challenge-made-note",
    list: "challenge-list",
    empty: "challenge-none",
    close: "challenge-close",
  });

  function say(text, kind = "info") {
    els.status.textContent = text;
    els.status.dataset.kind = kind;
  }

  async function create() {
    const word = els.word.value.trim();
    if (!word) {
      say("Type the word your friend is to find.", "error");
      els.word.focus();
      return;
    }
    say("Creating…");
    try {
      const made = await api("/api/challenges", {
        method: "POST",
        body: { word, variant: "classic", mode: els.mode.value },
      });
      remember(made.id);
      els.word.value = "";
      els.link.value = made.url;
      els.note.textContent = made.outside_answers
        ? `${word.toUpperCase()} is not in the answer list: your friend is told the word may not be in it.`
        : "The link does not give the word away.";
      els.made.hidden = false;
      els.link.scrollLeft = els.link.scrollWidth; // the id, the end of the link, in view
      say(`Challenge ${made.id.slice(0, 6)}… created: send the link.`, "success");
      els.copy.focus();
      await renderMine();
    } catch (err) {
      if (!isAbort(err)) say(err.message, "error");
    }
  }

  async function copy() {
    // the link goes by the share sheet on phones, else the clipboard, else selected by hand
    const done = await shareText(els.link.value, { fallback: els.link });
    if (done.outcome === "copied") say("Link copied: paste it to your friend.", "success");
    else if (done.outcome === "manual") {
      say("Copying was refused: the link is selected, copy it by hand.", "error");
    } else say(done.message, done.tone);
  }

  /** The player's challenges with their counts (one request each, at most KEEP). */
  async function renderMine() {
    const ids = mine();
    els.empty.hidden = ids.length > 0;
    const items = await Promise.all(
      ids.map(async (id) => {
        try {
          return await info(id, { fresh: true });
        } catch (err) {
          if (err && err.status === 404) forget(id); // gone (another database)
          return null;
        }
      }),
    );
    els.list.replaceChildren(
      ...items.filter(Boolean).map((c) => {
        const r = c.results;
        const counts = r
          ? `${plural(r.played, "player")} · ${r.won} won · ${r.lost} lost · ${r.playing} playing`
          : "";
        return h(
          "li",
          { "data-testid": "challenge-item", "data-id": c.id },
          h("span", { class: "challenge-id" }, `${c.id.slice(0, 6)}…`),
          " ",
          h("span", { class: "challenge-kind" }, `${c.variant.title}${c.mode === "normal" ? "" : `, ${c.mode}`}`),
          " ",
          h("span", { class: "challenge-counts", "data-testid": "challenge-counts" }, counts),
        );
      }),
    );
  }

  function open() {
    els.made.hidden = true;
    say("");
    els.mode.value = mode() || "normal";
    if (!dialog.open) dialog.showModal();
    els.word.focus();
    renderMine();
  }

  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    create();
  });
  els.copy.addEventListener("click", copy);
  els.close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  return { open };
}

/** The note over a game played from a challenge link ("A challenge from a friend", and
 * whether the word may be outside the answer list), hidden for any other game. */
export function createChallengeNote(el) {
  let shown = null;
  return {
    async show(game) {
      const id = game && game.challenge;
      if (!id) {
        shown = null;
        el.hidden = true;
        return;
      }
      if (id === shown) return;
      shown = id;
      el.textContent = "A challenge from a friend";
      el.hidden = false;
      try {
        const c = await info(id);
        if (shown !== id) return;
        const who = c.mine ? "Your own challenge" : "A challenge from a friend";
        el.textContent = c.outside_answers ? `${who}: the word may not be in the answer list.` : `${who}.`;
        el.dataset.outside = String(Boolean(c.outside_answers));
      } catch {
        /* the note without its detail */
      }
    },
  };
}
