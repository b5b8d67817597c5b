"""Several boards at once beyond the referee: the helper (words left per board and the best
next guess for all boards together), the bot and its benchmark. Games of several boards are
played through :mod:`wordlekit.services.games`, as every variant is.

:func:`assist` and :func:`solve` take the pattern matrix first, as every operation of the
web app's work pool (:data:`wordlekit.services.operations.OPERATIONS`), and return typed
values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wordlekit.core.feedback import Turn, TurnView, all_green, parse_pattern
from wordlekit.core.game import Game, Variant
from wordlekit.core.rules import Mode
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.boards import BoardsState, BoardsSuggestion
from wordlekit.solve.boards_play import (
    BoardsBenchmark,
    BoardsPlay,
    autoplay,
    benchmark_boards,
    board_strategy,
)

__all__ = [
    "BoardHelp",
    "BoardsAssist",
    "BoardsBenchmark",
    "BoardsPlay",
    "BoardsRow",
    "BoardsSolve",
    "BoardsSuggestion",
    "assist",
    "benchmark",
    "game_patterns",
    "parse_board_turn",
    "solve",
]

#: How many of a board's words left the helper lists.
WORDS_SHOWN = 50


@dataclass(frozen=True)
class BoardHelp:
    """One board in the helper's answer: its number (from 1), whether it is solved (and by
    which word), the words left on it (``remaining``, up to ``WORDS_SHOWN`` of them)."""

    board: int
    solved: bool
    answer: str | None
    remaining: int
    words: tuple[str, ...]


@dataclass(frozen=True)
class BoardsAssist:
    """The helper for several boards: each board, the guesses left, the strategy and mode,
    and the best next guesses for all boards together (``note`` says why there are none when
    the mode allows no word)."""

    boards: tuple[BoardHelp, ...]
    guesses_left: int
    strategy: str
    mode: Mode
    suggestions: tuple[BoardsSuggestion, ...]
    note: str | None = None


@dataclass(frozen=True)
class BoardsRow:
    """One guess of the bot's game on several boards and every board's colours for it
    (``None`` on a board solved before it)."""

    guess: str
    boards: tuple[TurnView | None, ...]


@dataclass(frozen=True)
class BoardsSolve:
    """The bot's game on several boards: the game (:class:`BoardsPlay`) and one
    :class:`BoardsRow` per guess."""

    play: BoardsPlay
    rows: tuple[BoardsRow, ...]


def parse_board_turn(text: str, boards: int, length: int) -> tuple[str, list[int | None]]:
    """``GUESS:P1,P2,...`` (one pattern per board, ``-`` for a board already solved)."""
    word, sep, rest = text.strip().partition(":")
    if not sep:
        raise WordleError(
            f"a turn is GUESS:PATTERN,PATTERN,... (one per board), not {text.strip()!r}"
        )
    parts = [p.strip() for p in rest.split(",")]
    if len(parts) != boards:
        raise WordleError(
            f"{word.upper()}: {len(parts)} patterns for {boards} boards (use - for a solved board)"
        )
    pats: list[int | None] = [None if p in ("-", "") else parse_pattern(p, length) for p in parts]
    return word, pats


def game_patterns(game: Game) -> list[list[int | None]]:
    """A game's colours as :func:`assist` takes them: ``[board][guess]``, ``None`` once the
    board is solved (what a front end sends to help with a game played here)."""
    n = len(game.guesses)
    return [[t.pattern for t in b.turns] + [None] * (n - len(b.turns)) for b in game.boards]


def assist(
    matrix: PatternMatrix,
    guesses: Sequence[str],
    patterns: Sequence[Sequence[int | None]],
    *,
    boards: int,
    max_guesses: int | None = None,
    strategy: str | None = None,
    top: int = 5,
    words_shown: int = WORDS_SHOWN,
    mode: Mode | str = Mode.NORMAL,
) -> BoardsAssist:
    """The helper for N boards: ``patterns[b][t]`` is board ``b``'s colours for guess ``t``
    (``None`` once solved). The words left on each board and the best next guesses for all
    boards together (``strategy``: the registry's default for several boards when none is
    named), every one allowed by ``mode`` on every board still being played; contradictory
    colours raise, naming the board and turn."""
    limit = max_guesses if max_guesses is not None else boards + 5
    if len(patterns) != boards:
        raise WordleError(f"{len(patterns)} boards of colours for {boards} boards")
    strat = board_strategy(strategy, boards)  # an unknown name before any work
    m = Mode.parse(mode)
    state = BoardsState.from_turns(matrix, guesses, patterns, limit, mode=m)
    win = all_green(matrix.length)
    per_board = []
    for b in range(boards):
        s = state.boards[b]
        if s is None:
            word = next(g for g, p in zip(state.guesses, patterns[b], strict=True) if p == win)
            per_board.append(BoardHelp(b + 1, True, word, 0, ()))
            continue
        words = s.candidate_words
        per_board.append(BoardHelp(b + 1, False, None, len(words), tuple(words[:words_shown])))
    note = None
    suggestions: tuple[BoardsSuggestion, ...] = ()
    if not state.over and not len(state.allowed):
        # hard mode on several boards can leave no word obeying every board's hints
        note = (
            f"No word may be played in {m.value} mode: every word breaks the hints of one "
            "of the boards still being played."
        )
    elif not state.over:
        suggestions = tuple(strat.rank(state, top))
    return BoardsAssist(tuple(per_board), state.guesses_left, strat.name, m, suggestions, note)


def solve(
    matrix: PatternMatrix,
    answers: Sequence[str],
    *,
    strategy: str | None = None,
    max_guesses: int | None = None,
    start: str | None = None,
    mode: Mode | str = Mode.NORMAL,
) -> BoardsSolve:
    """The bot plays ``answers`` (one board each) under ``mode``: its guesses with every
    board's colours (``strategy``: the registry's default for several boards when none is
    named)."""
    strat = board_strategy(strategy, len(answers))
    played = autoplay(
        matrix, answers, strat, max_guesses=max_guesses, start=start, mode=Mode.parse(mode)
    )
    rows = []
    for t, g in enumerate(played.guesses, start=1):
        cells: list[TurnView | None] = []
        for b, a in enumerate(played.answers):
            done = played.solved_at[b] and played.solved_at[b] < t
            cells.append(None if done else TurnView.of(Turn(g, matrix.pattern(g, a))))
        rows.append(BoardsRow(g, tuple(cells)))
    return BoardsSolve(played, tuple(rows))


def benchmark(
    matrix: PatternMatrix,
    variant: Variant,
    *,
    strategy: str | None = None,
    games: int = 1000,
    seed: int = 0,
    mode: Mode | str = Mode.NORMAL,
    progress: Callable[[int], None] | None = None,
) -> BoardsBenchmark:
    """The bot on ``games`` random games of ``variant`` drawn from ``seed`` (the same seed,
    the same games and results): the distribution, the win rate within the limit."""
    strat = board_strategy(strategy, variant.boards)
    return benchmark_boards(
        matrix, strat, variant, games, seed, mode=Mode.parse(mode), progress=progress
    )
