"""What the Play screen's panels and message line say, from a game's view: the game's
state, an adversary host's words, a hint of the bot and a proven shortest win."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.text import Text

from wordlekit.core.rules import Mode
from wordlekit.services.advice import ANSWER_PREFERENCE, Advice, hint_verdict
from wordlekit.services.games import GameView
from wordlekit.solve.strategies import Suggestion
from wordlekit.tui.grids import row_text

#: How many of an adversary host's words are named.
NAMED = 12
KIND_NAMES = {"daily": "daily game", "practice": "practice game", "challenge": "challenge"}


def info_text(v: GameView) -> str:
    """The game panel: its label, kind and mode, the guess being played, the boards solved,
    the hints taken (where a hint may be)."""
    played = len(v.guesses)
    if v.over:
        where = str(v.status)
    elif v.max_guesses is None:
        where = f"guess {played + 1} (no limit)"
    else:
        where = f"guess {played + 1} of {v.max_guesses}"
    lines = [f"[b]{escape(v.label)}[/b]", f"{KIND_NAMES[v.kind]}, {v.mode} mode", where]
    several = len(v.boards) > 1
    if several:
        solved = sum(1 for b in v.boards if b.solved_at is not None)
        lines.append(f"{solved} of {len(v.boards)} boards solved")
    if v.hints or not several:  # hints are for one board (and Absurdle's proof)
        lines.append(f"hints used: {v.hints}")
    return "\n".join(lines)


def progress_line(v: GameView) -> str:
    """What the message line says after a guess that did not end the game."""
    if v.host_words is not None:
        return f"The host holds {words(v.host_words)}."
    left = f"{v.guesses_left} guess{'es' if v.guesses_left != 1 else ''} left"
    if len(v.boards) > 1:
        unsolved = sum(1 for b in v.boards if b.solved_at is None)
        return f"{left}, {unsolved} of {len(v.boards)} boards to solve."
    return f"{left}."


def sentence(text: str) -> str:
    """A library message (lower case, as the command line prints it) as a sentence."""
    return text[:1].upper() + text[1:]


def words(n: int) -> str:
    return f"{n:,} word{'s' if n != 1 else ''}"


def host_text(v: GameView) -> str:
    """What an adversary host holds: how many words, some of them, and the challenge."""
    n = v.host_words or 0
    sample = [w.upper() for w in (v.host_sample or [])[:NAMED]]
    if v.over:
        text = f"The host held {words(n)} at the end."
    elif n <= NAMED:
        text = f"The host holds {words(n)}: {' '.join(sample)}"
    else:
        text = f"The host holds {words(n)}, among them {' '.join(sample)} …"
    if v.target:
        text += f"\nChallenge: make the host end on {v.target.upper()}."
    return escape(text)


def proof_text(proof: dict[str, Any], mode: Mode, contrast: bool) -> Text:
    """A proven shortest win: its length, the shorter ones refuted, and a winning line."""
    n = proof["minimum"]
    impossible = ", ".join(
        f"{i['guesses']} impossible ({i['seconds']:.2f} s)" for i in proof["impossible"]
    )
    text = Text(f"A shortest win from here takes {n} guess{'es' if n != 1 else ''}")
    text.append(f" ({impossible})" if impossible else "")
    if mode.candidates_only:
        # The search knows normal and hard mode: in ultrahard mode fewer guesses are allowed,
        # so a win may take more.
        text.append("\nSearched under hard mode's rule: a lower bound in ultrahard mode.")
    for t in proof["line"]:
        text.append("\n    ")
        text.append_text(row_text(t["guess"], t["pattern"], contrast))
    return text


def hint_text(advice: Advice, best: Suggestion) -> str:
    """The advised word, whether it can be the answer and its figures; the rule preferring a
    word that could be the answer; and why it is not the strategy's own if not."""
    who = advice.used if advice.exact else f"{advice.used}, in place of {advice.strategy}"
    text = (
        f"[b]Bot ({who}) suggests {best.word.upper()}[/b]: it "
        f"{hint_verdict(best)}.\n"
        f"{best.bits:.2f} bits, {best.parts} group{'s' if best.parts != 1 else ''}, "
        f"expected {best.expected:.1f} words left.\n"
        f"[dim]{escape(ANSWER_PREFERENCE)}[/dim]"
    )
    if advice.note:
        text += f"\n[dim]{escape(advice.note)}[/dim]"
    return text
