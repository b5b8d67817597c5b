// The answer's definition on the result of a finished game (issue 26), from the game's view:
// `definition` (one board) or `definitions` (one per board whose answer is known), set by the
// server only once the game is over. Text only (textContent): no markup from the data.

import { h } from "./dom.js";

/** One definition as nodes: WORD (pos, base) sense; sense — (pos) sense. */
function definitionNodes(d) {
  const word = h("strong", { class: "definition-word" }, d.word.toUpperCase());
  if (!d.found) return [word, " ", h("span", { class: "definition-none" }, d.text)];
  const parts = [word];
  d.entries.forEach((entry, i) => {
    parts.push(i === 0 ? " " : " — ");
    const head = entry.base ? `${entry.pos}, ${entry.base}` : entry.pos;
    parts.push(h("em", { class: "definition-pos" }, head), " ", entry.senses.join("; "));
  });
  return parts;
}

/**
 * Show the definitions of `game` in `el` (hidden when the game has none: not over, or an
 * answer the player never learns). One board: one line. Several: a list, folded.
 */
export function showDefinition(el, game) {
  const list = (game && game.over && game.definitions) || [];
  el.hidden = list.length === 0;
  if (!list.length) {
    el.replaceChildren();
    return;
  }
  const source = `Definitions: ${list[0].source}`;
  if (list.length === 1) {
    // cut at three lines on the page: the whole text in the tooltip
    const title = `${list[0].text} (${source})`;
    el.replaceChildren(h("p", { class: "definition-line", title }, definitionNodes(list[0])));
    return;
  }
  const items = list.map((d) => h("li", { "data-testid": "definition-item" }, definitionNodes(d)));
  el.replaceChildren(
    h(
      "details",
      { class: "definition-boards" },
      h("summary", {}, `Definitions of the ${list.length} answers`),
      h("ul", { title: source }, items),
    ),
  );
}
