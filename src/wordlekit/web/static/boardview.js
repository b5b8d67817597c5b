// The Play page's board area, drawn from a game's view (GameView) for every variant: one board
// as the NYT draws it (every row of the guess limit, or six and more for a game with no limit,
// as Absurdle), or several boards in a grid (each with the rows played and the row being
// typed while it is not solved). The colours are the server's (`letters`, g/y/b).
//
// Several boards are laid out to fit the board area without scrolling (fitBoards below): the
// number of columns and the tile size that let every row of every board fit, recomputed when
// the area changes size or a board grows a row.
//
// The reveal, as the NYT: tile i of the row just played starts flipping at i * FLIP_STEP ms and
// takes FLIP ms (the board gets the timings as its CSS variables --flip-step and --flip).

import { h, restartAnimation, restartAnimations } from "./dom.js";
import { LETTER_STATES, makeTile, rowOf, setTile } from "./tiles.js";

export const FLIP_STEP = 300;
export const FLIP = 280;
/** The rows a board with no guess limit shows at least (and one more than the rows played). */
const MIN_ROWS = 6;
/** Several boards: the largest tile, and the smallest before the board area scrolls instead. */
const MAX_TILE = 52;
const MIN_TILE = 4;
/** On a narrow screen, 16 boards or more would need tiles too small to read once they have
 * a few rows: they keep this size and their area scrolls within itself (never the keyboard
 * off the screen). */
const MIN_TILE_NARROW_MANY = 12;
const NARROW = 700;
/** The board element's own padding around the grid of boards (px, as --pad in play.css). */
const GRID_PAD = 4;

/** The spacing of boards whose tiles are `tile` px: smaller tiles, tighter gaps. */
function spacing(tile) {
  if (tile >= 24) return { mgap: 3, bpad: 4, title: 17, bgap: 8 };
  if (tile >= 14) return { mgap: 2, bpad: 3, title: 14, bgap: 6 };
  return { mgap: 1, bpad: 2, title: 11, bgap: 3 };
}

/**
 * The layout of `count` boards of `lines` rows of `length` tiles in a `width` × `height` area:
 * {cols, tile, fits, ...spacing}, the number of columns (a divisor of `count`: full rows of
 * boards) giving the largest tiles with which every row of every board fits (a board: a 1px border, its padding, its title, its rows).
 * When even the smallest tiles do not fit (`fits` false), the columns that fit the width at
 * the smallest size: the area then scrolls down, never sideways.
 */
export function fitBoards(count, lines, length, width, height) {
  const narrow = width < NARROW;
  const smallest = narrow && count >= 16 ? MIN_TILE_NARROW_MANY : MIN_TILE;
  const boardWidth = (t, s) => length * t + (length - 1) * s.mgap + 2 * s.bpad + 2;
  const boardHeight = (t, s) => s.title + s.mgap + lines * t + (lines - 1) * s.mgap + 2 * s.bpad + 2;
  const W = width - 2 * GRID_PAD;
  const H = height - 2 * GRID_PAD;
  let best = null;
  for (let cols = 1; cols <= count; cols += 1) {
    // Full rows of boards only (2 × 4, never 7 + 7 + 2): the grid reads as the keys' regions.
    if (count % cols !== 0) continue;
    const brows = count / cols;
    for (let t = MAX_TILE; t >= smallest; t -= 0.25) {
      const s = spacing(t);
      const fitsWide = cols * boardWidth(t, s) + (cols - 1) * s.bgap <= W;
      const fitsHigh = brows * boardHeight(t, s) + (brows - 1) * s.bgap <= H;
      if (fitsWide && fitsHigh) {
        if (!best || t > best.tile) best = { cols, tile: t, fits: true, ...s };
        break;
      }
    }
  }
  if (best) return best;
  const s = spacing(smallest);
  let cols = Math.max(1, Math.min(count, Math.floor((W + s.bgap) / (boardWidth(smallest, s) + s.bgap))));
  while (count % cols !== 0) cols -= 1;
  return { cols, tile: smallest, fits: false, ...s };
}

/** How long the reveal of a row of `length` tiles takes (ms). */
export function revealTime(length) {
  return FLIP_STEP * (length - 1) + FLIP;
}

/**
 * The board area over its element. show(view, {typed, reveal}) draws a view (`reveal`: the
 * number of the row to flip, or -1); type(typed) redraws the letters being typed only.
 */
export function createBoardView(el) {
  let view = null;
  let typed = "";
  let single = []; // one board: its row elements
  let typingRows = []; // several boards: the typing row of each board still played

  el.style.setProperty("--flip-step", `${FLIP_STEP}ms`);
  el.style.setProperty("--flip", `${FLIP}ms`);
  // The board area (a size container whose size does not depend on the boards): a change of
  // its size (the window, the set-up form shown or folded) lays the boards out again.
  const area = el.parentElement;
  let fitted = "";
  if (area && typeof ResizeObserver === "function") {
    new ResizeObserver(() => fit()).observe(area);
  }

  const playing = () => Boolean(view) && view.status === "playing";

  // One board ---------------------------------------------------------------------------

  function rowsOf(v) {
    if (v.max_guesses) return v.max_guesses;
    const played = v.boards[0].turns.length;
    return Math.max(MIN_ROWS, played + (v.status === "playing" ? 1 : 0));
  }

  /** The empty rows of a board of `rows` rows of `length` tiles (kept while they fit). */
  function buildSingle(rows, length) {
    const same = el.dataset.layout === "single" && single[0]?.children.length === length;
    if (same && single.length === rows) return;
    el.dataset.layout = "single";
    el.style.setProperty("--length", length);
    el.style.setProperty("--rows", rows);
    if (!same) single = [];
    single = single.slice(0, rows);
    for (let r = single.length; r < rows; r += 1) {
      const tiles = [];
      for (let c = 0; c < length; c += 1) {
        tiles.push(makeTile("", "empty", { "data-testid": `tile-${r}-${c}`, style: { "--i": c } }));
      }
      const attrs = { role: "group", "aria-label": `Row ${r + 1}`, "data-testid": `row-${r}` };
      single.push(rowOf(tiles, attrs));
    }
    el.replaceChildren(...single);
  }

  function renderSingleRow(row, r, reveal) {
    const turns = view.boards[0].turns;
    row.classList.remove("shake", "win");
    [...row.children].forEach((tile, c) => {
      tile.classList.remove("pop");
      if (r < turns.length) {
        // The flip first, then the colour: the colour change then happens under the flip's
        // transition rule, which holds it back until the tile is edge-on.
        if (r === reveal) restartAnimation(tile, "flip");
        else tile.classList.remove("flip");
        setTile(tile, turns[r].guess[c], LETTER_STATES[turns[r].letters[c]]);
        return;
      }
      const letter = r === turns.length && playing() ? typed[c] || "" : "";
      setTile(tile, letter, letter ? "tbd" : "empty");
      tile.classList.remove("flip");
    });
    const n = turns.length;
    row.dataset.state = r < n ? "revealed" : r === n ? "current" : "future";
  }

  // Several boards ------------------------------------------------------------------------

  function boardTitle(board, i) {
    if (board.solved_at) return [`${i + 1} ✓ in ${board.solved_at}`, `Board ${i + 1}: solved in ${board.solved_at}`];
    if (view.over) {
      const answer = (board.answer || "").toUpperCase();
      return [`${i + 1} ✗ ${answer}`, `Board ${i + 1}: not solved (${answer})`];
    }
    return [`Board ${i + 1}`, `Board ${i + 1}`];
  }

  function typingRow(b) {
    const tiles = [];
    for (let c = 0; c < view.length; c += 1) {
      tiles.push(makeTile("", "empty", { "data-testid": `tile-${b}-t-${c}`, style: { "--i": c } }));
    }
    const row = rowOf(tiles, { "data-state": "current", "data-testid": `board-${b}-typing` });
    typingRows.push(row);
    return row;
  }

  function boardSection(board, b, reveal) {
    const rows = board.turns.map((t, r) => {
      const tiles = [...t.guess].map((letter, c) => {
        const tile = makeTile(letter, LETTER_STATES[t.letters[c]], {
          "data-testid": `tile-${b}-${r}-${c}`,
          style: { "--i": c },
        });
        if (r === reveal) tile.classList.add("flip");
        return tile;
      });
      return rowOf(tiles, { "data-state": "revealed", "data-testid": `board-${b}-row-${r}` });
    });
    if (!board.solved_at && playing()) rows.push(typingRow(b));
    const [short, long] = boardTitle(board, b);
    return h(
      "section",
      {
        class: "mboard",
        "data-testid": `board-${b}`,
        "data-solved": board.solved_at ? "true" : "false",
        "aria-label": long,
      },
      // Short on screen (a phone's board is narrow); the full sentence is the label.
      h("h3", { class: "mboard-title", "aria-hidden": "true" }, short),
      h("div", { class: "mboard-rows" }, rows),
    );
  }

  function renderSeveral(reveal) {
    single = [];
    typingRows = [];
    const n = view.boards.length;
    el.dataset.layout = "multi";
    el.dataset.count = String(n);
    el.style.setProperty("--length", view.length);
    el.style.setProperty("--count", n);
    // The rows the tallest board draws: the tiles are sized for them to fit when they can.
    el.replaceChildren(...view.boards.map((b, i) => boardSection(b, i, reveal)));
    fit();
    renderTyping();
  }

  /** The rows the tallest board draws (its turns, and the typing row while it is played). */
  function lines() {
    return Math.max(1, ...view.boards.map((b) => b.turns.length + (b.solved_at || !playing() ? 0 : 1)));
  }

  /** Several boards: the columns and the tile size with which they all fit their area. */
  function fit() {
    if (!view || view.boards.length === 1 || !area) return;
    const n = view.boards.length;
    const wanted = [n, lines(), view.length, area.clientWidth, area.clientHeight].join(",");
    if (wanted === fitted) return; // nothing changed: no style to recompute on thousands of tiles
    fitted = wanted;
    const layout = fitBoards(n, lines(), view.length, area.clientWidth, area.clientHeight);
    el.style.setProperty("--cols", layout.cols);
    el.style.setProperty("--tile", `${layout.tile}px`);
    el.style.setProperty("--mgap", `${layout.mgap}px`);
    el.style.setProperty("--bpad", `${layout.bpad}px`);
    el.style.setProperty("--title", `${layout.title}px`);
    el.style.setProperty("--bgap", `${layout.bgap}px`);
    el.dataset.fits = String(layout.fits);
  }

  function renderTyping() {
    for (const row of typingRows) {
      [...row.children].forEach((tile, c) => {
        const letter = typed[c] || "";
        setTile(tile, letter, letter ? "tbd" : "empty");
      });
    }
  }

  // Both ----------------------------------------------------------------------------------

  function show(next, { typed: letters = "", reveal = -1 } = {}) {
    view = next;
    typed = letters;
    el.dataset.status = next.status;
    if (next.id) el.dataset.gameId = next.id;
    if (next.boards.length === 1) {
      typingRows = [];
      fitted = "";
      delete el.dataset.count;
      delete el.dataset.fits;
      for (const name of ["--cols", "--tile", "--mgap", "--bpad", "--title", "--bgap"]) {
        el.style.removeProperty(name);
      }
      buildSingle(rowsOf(next), next.length);
      single.forEach((row, r) => renderSingleRow(row, r, reveal));
    } else renderSeveral(reveal);
  }

  /** The current row(s) with the letters typed; `added`: the tile that got a letter pops. */
  function type(letters, { added = false } = {}) {
    typed = letters;
    if (!view) return;
    if (view.boards.length === 1) {
      const row = single[view.boards[0].turns.length];
      if (!row) return;
      renderSingleRow(row, view.boards[0].turns.length, -1);
      if (added) restartAnimation(row.children[typed.length - 1], "pop");
    } else {
      renderTyping();
      if (added) restartAnimations(typingRows.map((row) => row.children[typed.length - 1]), "pop");
    }
  }

  /** The rows being typed (one, or one per board still played). */
  function currentRows() {
    if (!view) return [];
    if (view.boards.length === 1) {
      const row = single[view.boards[0].turns.length];
      return row ? [row] : [];
    }
    return typingRows;
  }

  return {
    show,
    type,
    shake() {
      restartAnimations(currentRows(), "shake");
    },
    clearShake() {
      for (const row of el.querySelectorAll(".row.shake")) row.classList.remove("shake");
    },
    /** The winning row bounces (one board: the row of the winning guess). */
    win(row) {
      if (single[row]) single[row].classList.add("win");
    },
    /** An empty board of six rows of `length` tiles (before the first game). */
    empty(length) {
      if (!view) buildSingle(MIN_ROWS, length);
    },
    /** Back to an empty board of `length` tiles: no game shown. */
    reset(length) {
      view = null;
      typed = "";
      typingRows = [];
      fitted = "";
      el.dataset.status = "none";
      delete el.dataset.gameId;
      delete el.dataset.count;
      delete el.dataset.fits;
      buildSingle(MIN_ROWS, length);
      for (const row of single) {
        row.classList.remove("shake", "win");
        delete row.dataset.state;
        for (const tile of row.children) {
          tile.classList.remove("flip", "pop");
          setTile(tile, "", "empty");
        }
      }
    },
  };
}
