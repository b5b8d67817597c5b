"""What a review hands back: the values of every turn (:class:`TurnReview`) and the game's
(:class:`Review`, with its summary in words), as typed values.

Kept apart from the computation (:mod:`wordlekit.analysis.guess_values` values each turn,
:mod:`wordlekit.analysis.review` checks and walks the game) so that the front ends that only
show a review read plain values, and the definitions of skill, luck and the rest stay in one
place: :mod:`wordlekit.analysis.review`'s docstring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wordlekit.core.feedback import Turn, TurnView, WithTurn
from wordlekit.core.rules import Mode
from wordlekit.fast.partition import Figures
from wordlekit.solve.bot import BotTurn


@dataclass(frozen=True)
class TurnReview(WithTurn):
    """One turn's values (see :mod:`wordlekit.analysis.review` for what each one means)."""

    number: int
    turn: TurnView
    remaining_before: int
    remaining_after: int
    bits: float
    best_bits: float
    expected_played: float
    expected_best: float
    best_guess: str
    rank: int
    out_of: int
    skill: int
    luck: int
    method: str  # "exact" or "estimate"
    rank_method: str

    @classmethod
    def scored(
        cls,
        number: int,
        turn: Turn,
        before: int,
        after: int,
        figs: Figures,
        *,
        bits: float,
        expected_played: float,
        expected_best: float,
        best_guess: str,
        rank: int,
        luck: int,
        method: str,
        rank_method: str,
    ) -> TurnReview:
        """The values of turn ``number`` (``before`` and ``after``: the words left), ``figs``
        the figures of every guess it could have been; its skill from the two expectations:
        one point per hundredth of a guess given away, within 0..100."""
        skill = round(max(0.0, min(100.0, 100.0 - 100.0 * (expected_played - expected_best))))
        return cls(
            number,
            TurnView.of(turn),
            before,
            after,
            bits,
            float(figs.bits.max()),
            expected_played,
            expected_best,
            best_guess,
            rank,
            len(figs.guesses),
            skill,
            luck,
            method,
            rank_method,
        )


@dataclass(frozen=True)
class Review:
    """A reviewed game: its turns, the bot's game on the same answer (``bot_turns``, ``None``
    when it did not fit in the work budget), the averages and the summary in words.

    ``complete`` is false when some values are estimates because the budget ran out
    (``note`` says where); ``answers`` is the answer model; ``bot`` the bot compared with
    (``optimal``, or ``entropy`` under the ``likely`` and ``all`` models). Made with
    :meth:`of`, which works out the figures.
    """

    answer: str | None
    solved: bool
    mode: Mode
    answers: str
    bot: str
    skill: int
    luck: int
    turns: tuple[TurnReview, ...]
    bot_turns: tuple[BotTurn, ...] | None
    bot_guesses: tuple[str, ...] | None
    complete: bool
    note: str | None
    summary: str

    @classmethod
    def of(
        cls,
        answer: str | None,
        solved: bool,
        turns: tuple[TurnReview, ...],
        bot_turns: Sequence[BotTurn] | None,
        mode: Mode = Mode.NORMAL,
        note: str | None = None,
        *,
        answers: str = "list",
        bot: str = "optimal",
    ) -> Review:
        skill = round(sum(t.skill for t in turns) / len(turns)) if turns else 0
        luck = round(sum(t.luck for t in turns) / len(turns)) if turns else 0
        played = None if bot_turns is None else tuple(bot_turns)
        guesses = None if played is None else tuple(t.guess for t in played)
        words = _summary(answer, solved, turns, guesses, skill, luck, answers, bot)
        complete = note is None and played is not None
        return cls(
            answer, solved, mode, answers, bot, skill, luck, turns, played, guesses, complete,
            note, words,
        )  # fmt: skip


def _summary(
    answer: str | None,
    solved: bool,
    turns: tuple[TurnReview, ...],
    bot_guesses: tuple[str, ...] | None,
    skill: int,
    luck: int,
    answers: str,
    bot_name: str,
) -> str:
    """The review in a few sentences."""
    n = len(turns)
    word = (answer or "?").upper()
    guesses = "guess" if n == 1 else "guesses"
    if solved:
        outcome = f"solved {word} in {n}"
    elif answer is not None:
        outcome = f"stopped after {n} {guesses} without finding {word}"
    else:
        outcome = f"stopped after {n} {guesses}"
    bot = len(bot_guesses or [])
    path = " → ".join(g.upper() for g in bot_guesses or [])
    if answer is None:
        comparison = "The answer was not found, so the bot's game cannot be replayed."
    elif bot_guesses is None:
        comparison = f"The {bot_name} bot's game did not fit in the work budget."
    elif not solved:
        comparison = f"The {bot_name} bot needs {bot} for {word} ({path})."
    else:
        delta = n - bot
        if delta > 0:
            how = f"{delta} more than"
        elif delta < 0:
            how = f"{-delta} fewer than"
        else:
            how = "as many as"
        comparison = f"The {bot_name} bot needs {bot} for {word} ({path}), so you used {how} it."
    worst = min(turns, key=lambda t: t.skill) if turns else None
    lucky = max(turns, key=lambda t: t.luck) if turns else None
    parts = [f"You {outcome}. {comparison}", f"Average skill {skill}/100, luck {luck}/100."]
    if worst is not None and worst.skill < 100:
        parts.append(
            f"The costliest choice was turn {worst.number} ({worst.guess.upper()}, skill "
            f"{worst.skill}); {worst.best_guess.upper()} expected "
            f"{worst.expected_played - worst.expected_best:.2f} fewer guesses."
        )
    if lucky is not None and lucky.luck >= 75:
        more = "words" if answers == "list" else "of the probability"
        parts.append(
            f"Turn {lucky.number} was lucky: {lucky.luck}% of the answers would have left "
            f"more {more}."
        )
    return " ".join(parts)
