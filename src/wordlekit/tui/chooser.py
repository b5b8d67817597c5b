"""The game chooser (Ctrl+O on the Play screen): which variant, which kind of game (practice,
the daily one, a challenge on chosen words) and which mode.

The variants are the registry's menu (:func:`wordlekit.services.games.variants`), so a
variant added there shows here with nothing to change. Each choice is a list whose
highlighted line is the choice (Tab goes to the next list); one line of text says the seed, the
date or the words of a challenge. Enter starts the game through the screen's ``start``
callback: a refusal (a puzzle not out yet, a word not in the list) is said on the chooser's
message line and the chooser stays open for it to be fixed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from wordlekit.core.game import KINDS, Kind
from wordlekit.core.rules import BOARDS_HARD_RULE, ULTRAHARD_RULE, Mode
from wordlekit.core.words import BUNDLED, lists_metadata
from wordlekit.errors import WordleError
from wordlekit.services.games import GameRequest
from wordlekit.services.views import VariantInfo
from wordlekit.tui.widgets import MessageLine

#: What each kind of game is, and what the line of text under the lists holds for it.
KIND_TEXT: dict[Kind, tuple[str, str]] = {
    "practice": ("Practice", "seed (a number; empty: a random game)"),
    "daily": ("Daily", "date (YYYY-MM-DD; empty: today)"),
    "challenge": ("Challenge", ""),  # the words: see challenge_text
}
MODE_TEXT: dict[Mode, str] = {
    Mode.NORMAL: "Normal",
    Mode.HARD: "Hard: use every hint",
    Mode.ULTRAHARD: "Ultrahard: a possible answer",
}
MODE_RULE: dict[Mode, str] = {
    Mode.NORMAL: "Any valid word may be guessed.",
    Mode.HARD: "Hard mode: every green stays in place and every revealed letter is used again; "
    f"on several boards, {BOARDS_HARD_RULE}.",
    Mode.ULTRAHARD: f"Ultrahard mode: {ULTRAHARD_RULE} (on several boards: of one of them).",
}

#: Start the game a request asks for; returns why it was refused, or ``None``.
Starter = Callable[[GameRequest], str | None]
#: Start a request on another bundled word list (by name).
Switcher = Callable[[str, GameRequest], None]


def list_line(name: str) -> str:
    """A bundled list as the chooser shows it: ``es-5: Spanish, 5 letters (a-z and ñ)``."""
    meta = lists_metadata().get(name, {})
    language = meta.get("language_name", "English")
    length = meta.get("length", 5)
    extra = {"original": " (the original game's)", "nyt": " (the NYT's)"}.get(name, "")
    return f"{name}: {language}, {length} letters{extra}"


def variant_line(v: VariantInfo) -> str:
    return f"{v.title}: {v.summary}"


def challenge_text(v: VariantInfo) -> str:
    """What a challenge of ``v`` is given: its answers, or an adversary's target."""
    if v.host == "adversary":
        return "the target: the word the host must end on (empty: no target)"
    if v.boards == 1:
        return "the answer (one word)"
    return f"the answers, one word per board ({v.boards} words)"


def request_of(base: GameRequest, variant: str, kind: Kind, mode: Mode, text: str) -> GameRequest:
    """The request the chooser's lists and line of text make (bad text raises)."""
    text = text.strip()
    request = replace(base, variant=variant, kind=kind, mode=mode, date=None, seed=None, answers=())
    if kind == "practice" and text:
        if not text.isdigit():
            raise WordleError(f"a seed is a number from 0, not {text!r}")
        return replace(request, seed=int(text))
    if kind == "daily" and text:
        return replace(request, date=text)
    if kind == "challenge":
        return replace(request, answers=tuple(w for w in re.split(r"[\s,;]+", text) if w))
    return request


class ChooserScreen(ModalScreen[None]):
    """Choose a variant, a kind of game and a mode, and start it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("tab", "app.focus_next", "Next list", show=False),
        Binding("shift+tab", "app.focus_previous", "Previous list", show=False),
    ]

    def __init__(self, variants: list[VariantInfo], current: GameRequest, start: Starter) -> None:
        super().__init__(name="chooser")
        self.variants = variants
        self.current = current
        self.start = start
        self.list_name: str | None = None  # the list played; None: no list to choose
        self.switch: Switcher | None = None

    def offer_lists(self, current: str, switch: Switcher) -> None:
        """Offer the bundled word lists too (before the screen is shown): choosing another
        than ``current`` starts the game on it through ``switch``."""
        self.list_name, self.switch = current, switch

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="chooser") as box:
            box.border_title = "New game"
            yield MessageLine(id="chooser-message")
            lists = (
                OptionList(
                    *(Option(variant_line(v), id=v.name) for v in self.variants),
                    id="chooser-variants",
                ),
                OptionList(*(Option(KIND_TEXT[k][0], id=k) for k in KINDS), id="chooser-kinds"),
                OptionList(*(Option(MODE_TEXT[m], id=m.value) for m in Mode), id="chooser-modes"),
            )
            for lst, title in zip(lists, ("Variant", "Game", "Mode"), strict=True):
                lst.border_title = title
            if self.list_name is not None:  # first, so Tab from the variants goes on to the kinds
                names = list(BUNDLED)
                if self.list_name not in names:  # a list from files: it stays on offer
                    names.insert(0, self.list_name)
                words = OptionList(*(Option(list_line(n), id=n) for n in names), id="chooser-words")
                words.border_title = "Words (Shift+Tab)"
                yield words
            yield lists[0]
            with Horizontal(id="chooser-lists"):
                yield from lists[1:]
            yield Input(id="chooser-text")
            yield Static("", id="chooser-rule")
            yield Static(
                "[dim]↑/↓ choose · Tab next list · Enter starts the game · Escape cancels[/dim]"
            )

    def on_mount(self) -> None:
        names = [v.name for v in self.variants]
        req = self.current
        if req.variant in names:
            self.lists[0].highlighted = names.index(req.variant)
        self.lists[1].highlighted = KINDS.index(req.kind)
        self.lists[2].highlighted = list(Mode).index(Mode.parse(req.mode))
        if self.list_name is not None:
            words = self.query_one("#chooser-words", OptionList)
            ids = [words.get_option_at_index(i).id for i in range(words.option_count)]
            words.highlighted = ids.index(self.list_name)
        self.lists[0].focus()
        self.explain()

    @property
    def lists(self) -> tuple[OptionList, OptionList, OptionList]:
        return (
            self.query_one("#chooser-variants", OptionList),
            self.query_one("#chooser-kinds", OptionList),
            self.query_one("#chooser-modes", OptionList),
        )

    def chosen(self) -> tuple[str, Kind, Mode]:
        """The highlighted variant, kind and mode."""
        variants, kinds, modes = (lst.highlighted or 0 for lst in self.lists)
        return self.variants[variants].name, KINDS[kinds], list(Mode)[modes]

    def chosen_list(self) -> str | None:
        """The highlighted word list (``None`` when none is offered)."""
        if self.list_name is None:
            return None
        words = self.query_one("#chooser-words", OptionList)
        option = words.get_option_at_index(words.highlighted or 0)
        return option.id

    def explain(self) -> None:
        """The line of text's meaning for the kind chosen, and the mode's rule."""
        _, kind, mode = self.chosen()
        info = self.variants[self.lists[0].highlighted or 0]
        text = challenge_text(info) if kind == "challenge" else KIND_TEXT[kind][1]
        self.query_one("#chooser-text", Input).placeholder = text
        self.query_one("#chooser-rule", Static).update(f"[dim]{MODE_RULE[mode]}[/dim]")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.is_mounted:
            self.explain()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def submit(self) -> None:
        variant, kind, mode = self.chosen()
        text = self.query_one("#chooser-text", Input).value
        try:
            request = request_of(self.current, variant, kind, mode, text)
        except WordleError as e:
            refused: str | None = str(e)
        else:
            chosen = self.chosen_list()
            if chosen is not None and chosen != self.list_name and self.switch is not None:
                self.dismiss(None)
                self.switch(chosen, request)
                return
            refused = self.start(request)
        if refused is None:
            self.dismiss(None)
        else:
            self.query_one(MessageLine).say(refused, error=True)

    def action_cancel(self) -> None:
        self.dismiss(None)
