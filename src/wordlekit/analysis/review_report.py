"""What a review hands back: the values of every turn (:class:`TurnReview`), the game's
(:class:`Review`), their JSON form and the summary in words.

Kept apart from the computation (:mod:`wordlekit.analysis.guess_values` values each turn,
:mod:`wordlekit.analysis.review` checks and walks the game) so that the front ends that only
show a review read plain values, and the definitions of skill, luck and the rest stay in one
place: :mod:`wordlekit.analysis.review`'s docstring.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordlekit.core.feedback import Turn, format_pattern
from wordlekit.core.rules import Mode
from wordlekit.fast.partition import Figures
from wordlekit.solve.bot import BotTurn


@dataclass(frozen=True)
class TurnReview:
    """One turn's values (see :mod:`wordlekit.analysis.review` for what each one means)."""

    number: int
    guess: str
    pattern: int
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
            turn.guess,
            turn.pattern,
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

    def to_dict(self) -> dict[str, object]:
        return {
            "turn": self.number,
            "guess": self.guess,
            "pattern": self.pattern,
            "emoji": format_pattern(self.pattern, len(self.guess)),
            "letters": format_pattern(self.pattern, len(self.guess), "letters"),
            "remaining_before": self.remaining_before,
            "remaining_after": self.remaining_after,
            "bits": round(self.bits, 4),
            "best_bits": round(self.best_bits, 4),
            "expected_played": round(self.expected_played, 4),
            "expected_best": round(self.expected_best, 4),
            "best_guess": self.best_guess,
            "rank": self.rank,
            "out_of": self.out_of,
            "skill": self.skill,
            "luck": self.luck,
            "method": self.method,
            "rank_method": self.rank_method,
        }


@dataclass(frozen=True)
class Review:
    """A reviewed game: its turns, the optimal bot's game on the same answer, the summary."""

    answer: str | None
    solved: bool
    turns: tuple[TurnReview, ...]
    bot_turns: list[BotTurn] | None  # None: not computed within the work budget
    mode: Mode = Mode.NORMAL  # the rules the game was played under
    note: str | None = None  # why some values are estimates (the work budget ran out)
    answers: str = "list"  # the answer model: list, likely or all
    bot_name: str = "optimal"  # the bot compared with (entropy for likely and all)

    @property
    def bot_guesses(self) -> list[str] | None:
        return None if self.bot_turns is None else [t.guess for t in self.bot_turns]

    @property
    def skill(self) -> int:
        return round(sum(t.skill for t in self.turns) / len(self.turns)) if self.turns else 0

    @property
    def luck(self) -> int:
        return round(sum(t.luck for t in self.turns) / len(self.turns)) if self.turns else 0

    def summary(self) -> str:
        n = len(self.turns)
        word = (self.answer or "?").upper()
        guesses = "guess" if n == 1 else "guesses"
        if self.solved:
            outcome = f"solved {word} in {n}"
        elif self.answer is not None:
            outcome = f"stopped after {n} {guesses} without finding {word}"
        else:
            outcome = f"stopped after {n} {guesses}"
        bot = len(self.bot_guesses or [])
        path = " → ".join(g.upper() for g in self.bot_guesses or [])
        if self.answer is None:
            comparison = "The answer was not found, so the bot's game cannot be replayed."
        elif self.bot_guesses is None:
            comparison = f"The {self.bot_name} bot's game did not fit in the work budget."
        elif not self.solved:
            comparison = f"The {self.bot_name} bot needs {bot} for {word} ({path})."
        else:
            delta = n - bot
            if delta > 0:
                how = f"{delta} more than"
            elif delta < 0:
                how = f"{-delta} fewer than"
            else:
                how = "as many as"
            comparison = (
                f"The {self.bot_name} bot needs {bot} for {word} ({path}), so you used {how} it."
            )
        worst = min(self.turns, key=lambda t: t.skill) if self.turns else None
        lucky = max(self.turns, key=lambda t: t.luck) if self.turns else None
        parts = [
            f"You {outcome}. {comparison}",
            f"Average skill {self.skill}/100, luck {self.luck}/100.",
        ]
        if worst is not None and worst.skill < 100:
            parts.append(
                f"The costliest choice was turn {worst.number} ({worst.guess.upper()}, skill "
                f"{worst.skill}); {worst.best_guess.upper()} expected "
                f"{worst.expected_played - worst.expected_best:.2f} fewer guesses."
            )
        if lucky is not None and lucky.luck >= 75:
            more = "words" if self.answers == "list" else "of the probability"
            parts.append(
                f"Turn {lucky.number} was lucky: {lucky.luck}% of the answers would have left "
                f"more {more}."
            )
        return " ".join(parts)

    def to_dict(self) -> dict[str, object]:
        return {
            "answer": self.answer,
            "solved": self.solved,
            "answers": self.answers,
            "bot": self.bot_name,
            "mode": self.mode.value,
            # the flags of the JSON before the mode (read by the front ends)
            "hard": self.mode.hard,
            "ultrahard": self.mode is Mode.ULTRAHARD,
            "skill": self.skill,
            "luck": self.luck,
            "turns": [t.to_dict() for t in self.turns],
            "bot_guesses": self.bot_guesses,
            # the bot's game with its patterns: the browser never computes feedback
            "bot_turns": None
            if self.bot_turns is None
            else [
                {
                    **t.to_dict(),
                    "emoji": format_pattern(t.pattern, len(t.guess)),
                    "letters": format_pattern(t.pattern, len(t.guess), "letters"),
                }
                for t in self.bot_turns
            ],
            "complete": self.note is None and self.bot_turns is not None,
            "note": self.note,
            "summary": self.summary(),
        }
