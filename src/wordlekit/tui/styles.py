"""The stylesheet, kept in Python so that the package needs no data files.

Colours are the game's: green, yellow and gray tiles; the high-contrast theme (the ``App``
carries the ``-high-contrast`` class) swaps green for orange and yellow for blue, which
colour-blind players tell apart more easily.
"""

from __future__ import annotations

GREEN = "#538d4e"
YELLOW = "#b59f3b"
GRAY = "#3a3a3c"
ORANGE = "#f5793a"  # high contrast: correct
BLUE = "#85c0f9"  # high contrast: present
KEY_UNUSED = "#818384"
BACKGROUND = "#121213"
ERROR = "#e05d5d"
NOTE = "#e0c060"  # a fallback answer's note


def correct_colour(high_contrast: bool) -> str:
    return ORANGE if high_contrast else GREEN


CSS = f"""
Screen {{
    background: {BACKGROUND};
}}

.message {{
    height: auto;
    min-height: 1;
    padding: 0 1;
    color: #ffffff;
    text-style: bold;
}}
.message.-error {{
    color: {ERROR};
}}

/* Tiles ------------------------------------------------------------------------------ */

.tile-row {{
    height: 3;
    width: auto;
}}
.tile {{
    width: 7;
    height: 3;
    margin-right: 1;
    border: round {GRAY};
    background: {BACKGROUND};
    color: #ffffff;
    text-style: bold;
    content-align: center middle;
}}
.tile.-typed {{
    border: round #7a7a7c;
}}
.tile.-absent {{
    background: {GRAY};
    border: round {GRAY};
}}
.tile.-present {{
    background: {YELLOW};
    border: round {YELLOW};
}}
.tile.-correct {{
    background: {GREEN};
    border: round {GREEN};
}}
.tile.-selected {{
    border: heavy #ffffff;
}}

/* Keyboard --------------------------------------------------------------------------- */

.key-row {{
    height: 3;
    width: auto;
}}
.key-row-1 {{
    margin-left: 3;
}}
.key {{
    width: 5;
    height: 3;
    margin-right: 1;
    background: {KEY_UNUSED};
    color: #ffffff;
    text-style: bold;
    content-align: center middle;
}}
.key.wide {{
    width: 8;
}}
.key.-absent {{
    background: {GRAY};
}}
.key.-present {{
    background: {YELLOW};
}}
.key.-correct {{
    background: {GREEN};
}}

App.-high-contrast .tile.-correct, App.-high-contrast .key.-correct {{
    background: {ORANGE};
    border: round {ORANGE};
}}
App.-high-contrast .tile.-present, App.-high-contrast .key.-present {{
    background: {BLUE};
    border: round {BLUE};
    color: #000000;
}}
App.-high-contrast .key.-correct, App.-high-contrast .key.-present {{
    border: none;
}}
App.-high-contrast .tile.-selected {{
    border: heavy #ffffff;
}}

/* Panels ----------------------------------------------------------------------------- */

.panel {{
    height: auto;
    padding: 0 1;
    margin-bottom: 1;
}}
.panel-title {{
    text-style: bold;
    color: #ffffff;
}}

/* Play ------------------------------------------------------------------------------- */

#play-main {{
    height: 1fr;
}}
#play-left {{
    width: 64;
    height: 1fr;
    padding: 0 1;
}}
#play-scroll {{
    height: 1fr;
}}
#board {{
    height: auto;
    width: auto;
    margin: 0 0 1 10;
}}
#keyboard {{
    height: auto;
    width: auto;
}}
#play-side {{
    width: 1fr;
}}
#end-panel {{
    display: none;
}}
#end-panel.-over {{
    display: block;
}}

/* Several boards: drawn as text, as wide as the screen allows beside a narrower panel. */

#boards-grid, #boards-keys {{
    display: none;
    height: auto;
    width: 1fr;
}}
#boards-keys {{
    margin: 1 0;
}}
PlayScreen.-boards #board, PlayScreen.-boards #keyboard {{
    display: none;
}}
PlayScreen.-boards #boards-grid, PlayScreen.-boards #boards-keys {{
    display: block;
}}
PlayScreen.-boards #play-left {{
    width: 1fr;
}}
PlayScreen.-boards #play-scroll {{
    height: auto;
}}
PlayScreen.-boards.-overflow #play-scroll {{
    height: 1fr;
}}
PlayScreen.-boards #play-side {{
    width: 38;
}}
App.-compact PlayScreen.-boards #play-side {{
    width: 30;
}}

/* The game chooser ----------------------------------------------------------------- */

ChooserScreen {{
    align: center middle;
}}
#chooser {{
    width: 90;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    padding: 0 1;
    border: round #7a7a7c;
    border-title-style: bold;
    background: {BACKGROUND};
}}
#chooser OptionList {{
    height: auto;
    border: round #4a4a4c;
    padding: 0;
}}
#chooser OptionList:focus {{
    border: round #ffffff;
}}
#chooser-lists {{
    height: auto;
}}
#chooser #chooser-words {{
    max-height: 6;
}}
#chooser-kinds, #chooser-modes {{
    width: 1fr;
}}
App.-compact #chooser-text {{
    height: 1;
    border: none;
    padding: 0 1;
}}

/* Assist ----------------------------------------------------------------------------- */

#assist-main {{
    height: 1fr;
}}
#assist-left {{
    width: 58;
    padding: 0 1;
}}
.assist-row {{
    height: 3;
    width: auto;
}}
.assist-row .tile {{
    width: 5;
}}
.step {{
    width: 24;
    height: 3;
    content-align: left middle;
    color: #c8c8c8;
}}
.step.-error {{
    color: {ERROR};
    text-style: bold;
}}
#assist-side {{
    width: 1fr;
    padding: 0 1;
}}
#candidates {{
    height: 1fr;
}}
#suggestions-title {{
    padding: 0 1;
    text-style: bold;
}}
#assist-side.-stale, #suggestions.-stale {{
    text-opacity: 55%;
}}
#suggestions-status {{
    padding: 0 1;
    height: auto;
    color: #c8c8c8;
}}
#suggestions-status.-note {{
    color: {NOTE};
}}
#suggestions {{
    height: 12;
    margin: 0 1;
}}

/* Compact: terminals smaller than the full layout (80x24 is common) get one-line tiles
   and keys, so the whole board and keyboard fit without scrolling. */

App.-compact .tile-row, App.-compact .assist-row {{
    height: 1;
    margin-bottom: 1;
}}
App.-compact .tile,
App.-compact .tile.-typed,
App.-compact .tile.-absent,
App.-compact .tile.-present,
App.-compact .tile.-correct,
App.-compact .tile.-selected,
App.-compact.-high-contrast .tile.-present,
App.-compact.-high-contrast .tile.-correct,
App.-compact.-high-contrast .tile.-selected {{
    width: 5;
    height: 1;
    border: none;
}}
App.-compact .tile {{
    background: #2a2a2c;
}}
App.-compact .tile.-typed {{
    background: #4a4a4c;
}}
App.-compact .tile.-absent {{
    background: {GRAY};
}}
App.-compact .tile.-present {{
    background: {YELLOW};
}}
App.-compact .tile.-correct {{
    background: {GREEN};
}}
App.-compact.-high-contrast .tile.-correct {{
    background: {ORANGE};
}}
App.-compact.-high-contrast .tile.-present {{
    background: {BLUE};
}}
App.-compact .tile.-selected, App.-compact.-high-contrast .tile.-selected {{
    text-style: bold underline;
    tint: #ffffff 35%;
}}
App.-compact .key-row {{
    height: 1;
    margin: 0 0 1 0;
}}
App.-compact .key-row-1 {{
    margin: 0 0 1 2;
}}
App.-compact .key {{
    width: 4;
    height: 1;
}}
App.-compact .key.wide {{
    width: 7;
}}
App.-compact #play-left {{
    width: 54;
}}
App.-compact #board {{
    margin: 0 0 0 12;
}}
App.-compact PlayScreen.-boards #play-left {{
    width: 1fr;
}}
PlayScreen.-boards #play-scroll {{
    height: auto;
}}
PlayScreen.-boards.-overflow #play-scroll {{
    height: 1fr;
}}
App.-compact .step {{
    height: 1;
}}
App.-compact #assist-left {{
    width: 54;
}}
App.-compact #suggestions {{
    height: 8;
}}

/* Statistics and help ---------------------------------------------------------------- */

#stats-body, #help-body {{
    padding: 1 2;
}}
"""
