// The Boards page: the helper for a multi-board game (Dordle … Duotrigordle) played elsewhere
// (games of several boards are played on the Play page, as every variant). A guess
// is added to every board not solved yet, bare (its tiles to click) or with its colours typed
// as the terminal takes them: `soare bbbbb gbbby bbbyy bbbyb`, one pattern per board not solved
// yet (or one per board, `-` for a solved one). Each board's colours are set by clicking its
// tiles (gray → yellow → green, as on the Assist page); a board whose row is all green is
// solved and takes no more rows ("Mark solved" makes its last row green). After each change /api/boards/assist gives the words left on each board
// and the best next guesses for all boards together. A contradiction is shown as one line next
// to the input (the server's message names the board and the turn), never as a crash.

import { api, cancellation, isAbort } from "./api.js";
import { CYCLE } from "./assist.js";
import { elements, h, plural, storage } from "./dom.js";
import { errorBox } from "./errorbox.js";
import {
  LETTER_STATES,
  STATE_LETTERS,
  TileError,
  allGreen,
  readTiles,
  rowOf,
  setTile,
  tileRow,
} from "./tiles.js";
import { currentList, foldWord, letterClass, listKey } from "./lists.js";

const STORE_KEY = "wordlekit.boards.assist";
const WORDS_SHOWN = 6;
const IDS = Object.freeze({
  section: "boards-assist",
  form: "boards-assist-form",
  variant: "boards-assist-variant",
  word: "boards-assist-word",
  undo: "boards-assist-undo",
  clear: "boards-assist-clear",
  error: "boards-assist-error",
  status: "boards-assist-status",
  best: "boards-assist-best",
  grid: "boards-assist-grid",
});

/** The helper over the Boards page's `root`; activate() when the page is shown. */
export function createBoardsAssist(root) {
  const el = elements(root, IDS);
  const errors = errorBox(el.error);
  const updates = cancellation(); // a newer update makes an older answer obsolete
  let guesses = []; // ["crane", ...]
  let states = []; // states[b][t]: ["gray", ...] for board b, guess t (kept even once solved)
  let length = currentList().length;
  let timer = 0;
  let answer = null; // the server's last answer, or null
  let conflict = -1; // the board a contradiction names (0-based), or -1

  const boardsCount = () => Number(el.variant.selectedOptions[0]?.dataset.boards || 4);
  const letters = (b, t) => states[b][t].map((s) => STATE_LETTERS[s]).join("");
  /** The turn (0-based) board b was solved at: its first all-green row, or -1. */
  const solvedAt = (b) => guesses.findIndex((_, t) => allGreen(letters(b, t)));
  /** How many rows board b shows: up to and including its all-green row. */
  const shownRows = (b) => (solvedAt(b) < 0 ? guesses.length : solvedAt(b) + 1);

  // The guesses ------------------------------------------------------------------------------

  function restore() {
    const saved = storage.getJSON(listKey(STORE_KEY), null);
    if (saved && typeof saved.variant === "string") {
      const option = [...el.variant.options].find((o) => o.value === saved.variant);
      if (option) el.variant.value = saved.variant;
    }
    const n = boardsCount();
    if (saved && Array.isArray(saved.guesses) && Array.isArray(saved.states)) {
      const ok = saved.guesses.every((g) => typeof g === "string" && /^\p{L}+$/u.test(g));
      if (ok && saved.states.length === n) {
        guesses = saved.guesses.slice(0, 40);
        states = saved.states.map((rows) =>
          guesses.map((g, t) =>
            Array.from(g, (_, c) => (rows?.[t]?.[c] in CYCLE ? rows[t][c] : "gray")),
          ),
        );
        return;
      }
    }
    reset();
  }

  function reset() {
    guesses = [];
    states = Array.from({ length: boardsCount() }, () => []);
  }

  function save() {
    storage.setJSON(listKey(STORE_KEY), { variant: el.variant.value, guesses, states });
  }

  /**
   * A typed turn: a word, then optionally one pattern per board not solved yet, in board
   * order (or one per board, `-` for a solved one), as the terminal reads it. The word and
   * every board's colours ({word, rows}: null for a solved board), or an Error saying what
   * is expected.
   */
  function readTurn(text) {
    const [word = "", ...parts] = foldWord(text.trim()).split(/[\s,:;]+/u);
    if (!new RegExp(`^${letterClass()}{${length}}$`, "u").test(word)) {
      return new Error(
        `Type a word of ${length} letters, optionally followed by one pattern per board ` +
          `(g/y/b), e.g. ${sentence(example("crane"))}`,
      );
    }
    const n = boardsCount();
    const open = states.map((_, b) => b).filter((b) => solvedAt(b) < 0);
    const upper = word.toUpperCase();
    let given; // board -> its pattern text
    if (!parts.length) given = new Map(open.map((b) => [b, "b".repeat(length)]));
    else if (parts.length === open.length) given = new Map(open.map((b, i) => [b, parts[i]]));
    else if (parts.length === n) {
      given = new Map();
      for (const [b, p] of parts.entries()) {
        if (solvedAt(b) >= 0) {
          if (p !== "-") return new Error(`${upper}: board ${b + 1} is solved (use - for it).`);
        } else given.set(b, p);
      }
    } else {
      const boards = open.length === n ? `${n} boards` : `${open.length} unsolved boards`;
      return new Error(
        `${upper}: ${plural(parts.length, "pattern")} for ${boards}: give one per ` +
          `${open.length === n ? "board" : "unsolved board"}, in board order, e.g. ` +
          `${sentence(example(word, open.length))}`,
      );
    }
    const rows = states.map(() => null);
    for (const [b, p] of given) {
      if (p === "-") return new Error(`${upper}: board ${b + 1} is not solved: its colours?`);
      let tiles;
      try {
        tiles = readTiles(p);
      } catch (err) {
        if (err instanceof TileError) return new Error(`${upper}, board ${b + 1}: ${err.message}`);
        throw err;
      }
      if (tiles.length !== length) {
        return new Error(
          `${upper}, board ${b + 1}: ${tiles.length} colours for ${length} letters.`,
        );
      }
      rows[b] = [...tiles].map((ch) => LETTER_STATES[ch]);
    }
    return { word, rows, typed: parts.length > 0 };
  }

  /** A message's end: a full stop, unless it ends with an ellipsis. */
  const sentence = (text) => (text.endsWith("…") ? text : `${text}.`);

  /** "soare bbbbb gbbby …": the word and the first patterns of a turn, as an example. */
  function example(word, boards = boardsCount()) {
    const samples = ["bbbbb", "gbbby", "bbbyy", "bbbyb"].map((p) =>
      p.padEnd(length, "b").slice(0, length),
    );
    const shown = samples.slice(0, Math.min(boards, 2));
    return `${word} ${shown.join(" ")}${boards > shown.length ? " …" : ""}`;
  }

  function add(event) {
    event.preventDefault();
    const open = states.filter((_, b) => solvedAt(b) < 0).length;
    if (!open) {
      errors.show("Every board is solved: undo a row or start again.", "input");
      return;
    }
    const turn = readTurn(el.word.value);
    if (turn instanceof Error) {
      errors.show(turn.message, "input");
      return;
    }
    const { word, rows: typed } = turn;
    guesses.push(word);
    // A solved board keeps a row too (not shown, not sent): every board has one per guess.
    states.forEach((rows, b) => rows.push(typed[b] || Array.from(word, () => "gray")));
    el.word.value = "";
    errors.hide();
    render();
    changed(0);
  }

  function undo() {
    if (!guesses.length) return;
    guesses.pop();
    for (const rows of states) rows.pop();
    render();
    changed(0);
  }

  function clear() {
    reset();
    render();
    changed(0);
    el.word.focus();
  }

  function onGridClick(event) {
    const tile = event.target.closest("button[data-col]");
    if (tile) {
      const { board, row, col } = tile.dataset;
      const s = states[board][row];
      const before = solvedAt(board);
      s[col] = CYCLE[s[col]];
      setTile(tile, guesses[row][col], s[col]);
      // A row turning all green (or no longer) changes which rows the board shows.
      if (solvedAt(board) !== before) render();
      changed();
      return;
    }
    const solve = event.target.closest("button[data-solve]");
    if (solve) {
      const b = Number(solve.dataset.solve);
      const t = shownRows(b) - 1;
      if (t < 0) return;
      if (solvedAt(b) >= 0) states[b][t].fill("gray"); // "Not solved": back to gray
      else states[b][t].fill("green");
      render();
      changed(0);
    }
  }

  /**
   * The server's message in one short line: "board 2: turn 2 (CRANE 🟩⬛⬛⬛⬛) contradicts
   * turn 1 (CRANE ⬛⬛⬛⬛⬛): no possible answer fits both" reads "Board 2: turn 2
   * contradicts turn 1 (no possible answer fits both)", and board 2 is outlined (its tiles
   * show the colours).
   */
  function showError(message) {
    const m =
      /^board (\d+): turn (\d+) \(.*?\) contradicts turn (\d+) \(.*?\): (.+)$/su.exec(message);
    const b = /^board (\d+)\b/i.exec(message);
    conflict = b ? Number(b[1]) - 1 : -1;
    errors.show(
      m ? `Board ${m[1]}: turn ${m[2]} contradicts turn ${m[3]} (${m[4]})` : message,
      "api",
    );
  }

  // Drawing ----------------------------------------------------------------------------------

  function render() {
    const n = boardsCount();
    el.grid.style.setProperty("--boards", n);
    el.grid.dataset.count = String(n);
    el.grid.replaceChildren(...states.map((_, b) => boardEl(b)));
    el.undo.disabled = !guesses.length;
  }

  function boardEl(b) {
    const rows = [];
    for (let t = 0; t < shownRows(b); t++) {
      const word = guesses[t].toUpperCase();
      const tiles = tileRow(guesses[t], letters(b, t), {
        tag: "button",
        cls: "mini",
        testid: (c) => `boards-assist-tile-${b}-${t}-${c}`,
        attrs: (c) => ({
          type: "button",
          "data-board": b,
          "data-row": t,
          "data-col": c,
          title: "Click to change the colour (gray → yellow → green)",
        }),
      });
      rows.push(
        rowOf(tiles, {
          role: "group",
          "aria-label": `Board ${b + 1}, guess ${t + 1}: ${word}`,
          "data-testid": `boards-assist-row-${b}-${t}`,
        }),
      );
    }
    const at = solvedAt(b);
    const info = answer?.boards?.[b];
    let left;
    if (at >= 0) {
      left = h(
        "p",
        { class: "ba-left", "data-testid": `boards-assist-left-${b}`, "data-remaining": "0" },
        `Solved in ${at + 1}: ${guesses[at].toUpperCase()}`,
      );
    } else if (info && !info.solved) {
      const words = (info.words || []).slice(0, WORDS_SHOWN).map((w) => w.toUpperCase());
      const more = info.remaining > words.length ? ", …" : "";
      left = h(
        "p",
        {
          class: "ba-left",
          "data-testid": `boards-assist-left-${b}`,
          "data-remaining": String(info.remaining),
          title: (info.words || []).map((w) => w.toUpperCase()).join(" "),
        },
        h("strong", {}, plural(info.remaining, "word")),
        " left",
        info.remaining ? h("span", { class: "ba-words" }, `: ${words.join(", ")}${more}`) : "",
      );
    } else {
      const text = el.section.dataset.state === "error" ? "–" : "…";
      left = h("p", { class: "ba-left", "data-testid": `boards-assist-left-${b}` }, text);
    }
    // Nothing to mark before the first guess; after it, an action ("Mark solved") for a board
    // being played, and a status ("Solved") with an undo for a solved one.
    const canSolve = shownRows(b) > 0;
    const control = !canSolve
      ? ""
      : h(
          "button",
          {
            type: "button",
            class: "button small ba-solve",
            "data-solve": b,
            "data-testid": `boards-assist-solve-${b}`,
            title:
              at >= 0
                ? "Not solved after all: its last row back to gray"
                : "This board is solved: make its last row all green",
            "aria-label": at >= 0 ? `Board ${b + 1}: mark not solved` : `Board ${b + 1}: mark solved`,
          },
          at >= 0 ? "Not solved" : "Mark solved",
        );
    const status =
      at >= 0
        ? h("span", { class: "ba-status", "data-testid": `boards-assist-status-${b}` }, "Solved")
        : "";
    return h(
      "section",
      {
        class: "mboard ba-board",
        "data-testid": `boards-assist-board-${b}`,
        "data-solved": at >= 0 ? "true" : "false",
        "data-conflict": conflict === b ? "true" : undefined,
        "aria-label": `Board ${b + 1}`,
      },
      h(
        "div",
        { class: "ba-head" },
        h("h3", { class: "mboard-title" }, at >= 0 ? `${b + 1} ✓` : `Board ${b + 1}`),
        status,
        control,
      ),
      h("div", { class: "mboard-rows" }, rows),
      left,
    );
  }

  function renderBest() {
    const list = answer?.suggestions || [];
    if (!answer) {
      el.best.replaceChildren();
      return;
    }
    if (!list.length) {
      // The server says why when the mode allows no word; otherwise the game is over.
      const why = answer.note || "No next guess: the game is over.";
      const none = h("p", { class: "ba-best-none" }, why);
      el.best.replaceChildren(none);
      el.best.dataset.word = "";
      return;
    }
    const first = list[0];
    el.best.dataset.word = first.word;
    const figures = (s) =>
      `score ${s.score.toFixed(2)} · ${s.bits.toFixed(2)} bits` +
      (s.answer_on.length ? ` · the answer on board ${s.answer_on.join(", ")}` : "");
    const pick = (word) => () => {
      el.word.value = word;
      el.word.focus();
    };
    el.best.replaceChildren(
      h(
        "p",
        { class: "ba-best-first" },
        "Best next guess: ",
        h(
          "button",
          {
            type: "button",
            class: "word-button",
            "data-testid": "boards-assist-best-word",
            title: "Put this word in the guess field",
            onclick: pick(first.word),
          },
          first.word.toUpperCase(),
        ),
        h("span", { class: "ba-figures" }, ` ${figures(first)}`),
      ),
      list.length > 1
        ? h(
            "ol",
            { class: "ba-others", start: "2", "aria-label": "Other good guesses" },
            list.slice(1).map((s) =>
              h(
                "li",
                { title: figures(s) },
                h(
                  "button",
                  { type: "button", class: "word-button", onclick: pick(s.word) },
                  s.word.toUpperCase(),
                ),
                h("span", { class: "ba-figures" }, ` ${s.bits.toFixed(2)} bits`),
              ),
            ),
          )
        : "",
    );
  }

  function renderStatus() {
    if (!answer) {
      el.status.textContent = "";
      return;
    }
    const open = answer.boards.filter((b) => !b.solved).length;
    el.status.textContent =
      `${plural(answer.guesses_left, "guess", "guesses")} left · ` +
      `${open} of ${answer.boards.length} boards to solve`;
  }

  // Asking the server ------------------------------------------------------------------------

  function changed(delay = 150) {
    save();
    window.clearTimeout(timer);
    timer = window.setTimeout(update, delay);
  }

  async function update() {
    window.clearTimeout(timer);
    if (root.hidden) return;
    const signal = updates.renew();
    const body = {
      variant: el.variant.value,
      guesses,
      // One entry per guess; null after the board's all-green row.
      patterns: states.map((_, b) =>
        guesses.map((_g, t) => (t < shownRows(b) ? letters(b, t) : null)),
      ),
    };
    el.section.setAttribute("aria-busy", "true");
    try {
      const data = await api("/api/boards/assist", { method: "POST", body, signal });
      if (errors.source === "api") errors.hide();
      conflict = -1;
      answer = data;
      el.section.dataset.state = "ok";
    } catch (err) {
      if (isAbort(err)) return;
      answer = null;
      el.section.dataset.state = "error";
      showError(err.message);
    } finally {
      if (!signal.aborted) el.section.setAttribute("aria-busy", "false");
    }
    render();
    renderBest();
    renderStatus();
  }

  // Start-up ---------------------------------------------------------------------------------

  api("/api/daily")
    .then((info) => {
      if (Number.isInteger(info?.length)) length = info.length;
    })
    .catch(() => {});
  restore();
  render();
  el.form.addEventListener("submit", add);
  el.word.addEventListener("input", () => {
    if (errors.source === "input") errors.hide();
  });
  el.variant.addEventListener("change", () => {
    answer = null;
    reset();
    render();
    changed(0);
  });
  el.undo.addEventListener("click", undo);
  el.clear.addEventListener("click", clear);
  el.grid.addEventListener("click", onGridClick);

  return {
    /** The page is shown: compute the figures of the saved guesses. */
    activate() {
      changed(0);
    },
  };
}
