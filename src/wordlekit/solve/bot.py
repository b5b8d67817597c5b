"""The bot: a strategy plays one answer, turn by turn, until it wins."""

from __future__ import annotations

from dataclasses import dataclass

from wordlekit.core.feedback import Turn, TurnView, WithTurn, all_green
from wordlekit.core.rules import GuessPool, Mode, mode_violation
from wordlekit.errors import InvalidWordError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import RandomCandidate, Strategy, check_answer_model
from wordlekit.solve.tree import MAX_TURNS


@dataclass(frozen=True)
class BotTurn(WithTurn):
    """One turn the bot played (its guess and colours) and the candidates left after it."""

    turn: TurnView
    remaining: int


@dataclass(frozen=True)
class BotGame:
    """A game the bot played on one answer: its turns, how many words were possible when it
    started, and whether it found the answer."""

    answer: str
    strategy: str
    steps: tuple[BotTurn, ...]
    start_candidates: int
    guesses: int
    solved: bool

    @classmethod
    def of(cls, answer: str, strategy: str, steps: tuple[BotTurn, ...], start: int) -> BotGame:
        solved = bool(steps) and steps[-1].guess == answer
        return cls(answer, strategy, steps, start, len(steps), solved)


def play(
    matrix: PatternMatrix,
    answer: str,
    strategy: Strategy,
    *,
    start: str | None = None,
    mode: Mode = Mode.NORMAL,
    pool: GuessPool = GuessPool.VALID,
    history: tuple[Turn, ...] = (),
    max_turns: int = MAX_TURNS,
) -> BotGame:
    """The bot plays ``answer`` from ``history`` (normally empty) until it wins, under
    ``mode`` and choosing from ``pool``; in ultrahard mode every guess it plays (``start``
    included) could still be the answer."""
    wl = matrix.wordlist
    check_answer_model(strategy, wl)
    a = wl.answer_index(wl.check_answer(answer))
    state = GameState.from_turns(matrix, history, mode=mode, pool=pool)
    if a not in set(state.candidates.tolist()):
        raise InvalidWordError(f"{wl.answers[a].upper()} does not fit the turns given")
    first = start_index(state, start)
    if isinstance(strategy, RandomCandidate):
        strategy = strategy.for_answer(a)
    win = all_green(wl.length)
    steps: list[BotTurn] = []
    start_n = state.n
    for turn in range(max_turns - len(history)):
        g = first if (turn == 0 and first is not None) else strategy.choose(state)
        p = int(matrix.data[g, a])
        state = state.after(g, p)
        steps.append(BotTurn(TurnView.of(Turn(wl.guesses[g], p)), state.n))
        if p == win:
            break
    return BotGame.of(wl.answers[a], strategy.name, tuple(steps), start_n)


def start_index(state: GameState, start: str | None) -> int | None:
    if start is None:
        return None
    wl = state.wordlist
    word = wl.check_guess(start)
    g = wl.guess_index(word)
    reason = mode_violation(state.mode, state.history, word, wl)
    if reason and state.mode is Mode.ULTRAHARD:
        raise InvalidWordError(f"{reason} (ultrahard mode)")
    if reason:
        raise InvalidWordError(f"{word.upper()} breaks hard mode here: {reason}")
    if state.only_candidates and g not in set(state.candidates.tolist()):
        raise InvalidWordError(
            f"{word.upper()} cannot open with --candidates-only: it is never an answer"
        )
    return int(g)
