"""What the Play screen's panels and message line say, from a game's view: the game's
state, an adversary host's words, and a hint (:class:`Advised`) from the service's typed
answer for each kind of game: the bot's next guess on one board, the best guess for all
boards together, the first guess of a proven shortest win against an adversary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.text import Text

from wordlekit.services.advice import Hint
from wordlekit.services.games import GameView
from wordlekit.services.hints import GameHint
from wordlekit.tui.grids import row_text

if TYPE_CHECKING:  # services.absurdle and randomplay load numba: imported when asked
    from wordlekit.services.randomplay import WordFigures

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


def plural(n: int, noun: str) -> str:
    """ "1 guess", "2 guesses", "3 boards"."""
    if n == 1:
        return f"1 {noun}"
    return f"{n} {noun}{'es' if noun.endswith('s') else 's'}"


@dataclass(frozen=True)
class Advised:
    """A hint as the Play screen shows it: the word advised (``None`` when the service had
    none to give: nothing is counted then) and what the hint panel says of it, its first
    line saying what the word is and why."""

    word: str | None
    text: Text


def _headline(who: str, word: str, why: str) -> Text:
    return Text.assemble((f"Bot ({who}) suggests {word.upper()}", "bold"), f": it {why}.")


def hint_advised(hint: Hint) -> Advised:
    """One board: the advised word and the service's verdict (whether it can be the answer,
    how far it narrows the words left), its figures, and the strategy's own choice when the
    rule preferring a word that could be the answer passed it over (with the rule)."""
    advice, best = hint.advice, hint.suggestion
    who = advice.used if advice.exact else f"{advice.used}, in place of {advice.strategy}"
    text = _headline(who, best.word, hint.verdict)
    groups = plural(best.parts, "group")
    text.append(f"\n{best.bits:.2f} bits, {groups}, expected {best.expected:.1f} words left.")
    if advice.passed_over is not None:
        text.append(
            f"\nIn place of {advice.passed_over.upper()}, the strategy's own first choice, "
            "which cannot be the answer."
        )
        text.append(f"\n{hint.rule}", style="dim")  # the rule, only where it applied
    if advice.note:
        text.append(f"\n{advice.note}", style="dim")
    return Advised(best.word, text)


def advised(hint: GameHint, contrast: bool) -> Advised:
    """What the hint panel says of a hint of any variant."""
    if hint.hint is not None:
        return hint_advised(hint.hint)
    if hint.boards is not None:
        return boards_advised(hint)
    return absurdle_advised(hint, contrast)


def boards_advised(hint: GameHint) -> Advised:
    """Several boards: the best next guess for all of them, and the boards it could be the
    answer on (or the service's note when the mode allows no word)."""
    result = hint.boards
    assert result is not None
    if hint.word is None or not result.suggestions:
        return Advised(None, Text(hint.note or "No guess to advise."))
    best = result.suggestions[0]
    text = _headline(result.strategy, best.word, hint.reason)
    left = sum(1 for b in result.boards if not b.solved)
    text.append(f"\n{best.bits:.2f} bits summed over the {plural(left, 'board')} left")
    text.append(f" ({best.reason})." if best.reason else ".")
    return Advised(best.word, text)


def absurdle_advised(hint: GameHint, contrast: bool) -> Advised:
    """Against an adversary: the first guess of a proven shortest win from here, and the
    whole winning line (or why there is no word to advise)."""
    solved = hint.absurdle
    line = None if solved is None else solved.proof.line
    if hint.word is None:
        text = Text(sentence(hint.note or hint.reason))
    else:
        text = _headline("shortest win", hint.word, hint.reason)
        if hint.note:
            text.append(f"\n{sentence(hint.note)}", style="dim")
    for t in line.turns if line is not None else ():
        text.append("\n    ")
        text.append_text(row_text(t.guess, t.pattern, contrast))
    return Advised(hint.word, text)


#: What random play is, under its figures.
RANDOM_PLAY_LINE = (
    "Random play: every guess drawn uniformly among the words still possible, worked out "
    "exactly (docs/algorithms/random-play.md)."
)


def percent(p: float) -> str:
    """A probability as a percentage: 2.7%, 0.03%, 0% (never a "0.0%" for a chance that is
    there; as the web app writes it)."""
    x = 100 * p
    if x == 0:
        return "0%"
    return f"{x:.1f}%" if x >= 1 else f"{x:.1g}%"


def random_play_text(f: WordFigures) -> Text:
    """The end panel's random-play lines: "Random play on CRAFT: expected 4.2460 guesses,
    worst 11, P(more than 6) 2.7%" with where the figures came from, or why there are none;
    and what random play is."""
    text = Text.assemble("Random play on ", (f.word.upper(), "bold"), ": ")
    if f.source is None or f.expected is None or f.worst is None or f.p_over_6 is None:
        text.append(f.note or "no figures.")
    else:
        text.append(f"expected {f.expected:.4f} guesses, worst {f.worst}, ")
        text.append(f"P(more than 6) {percent(f.p_over_6)} ")
        text.append(f"({f.source})", style="dim")
    text.append(f"\n{RANDOM_PLAY_LINE}", style="dim")
    return text


def random_play_waiting(word: str, progress: str) -> Text:
    """The end panel's random-play line while the figures are worked out."""
    text = Text.assemble("Random play on ", (word.upper(), "bold"), ": ")
    text.append(progress, style="dim")
    return text
