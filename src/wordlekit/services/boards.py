"""Several boards at once beyond the referee: the helper (words left per board and the best
next guess for all boards together) and the bot. Games of several boards are played through
:mod:`wordlekit.services.games`, as every variant is.

:func:`assist` and :func:`solve` take the pattern matrix first, as every operation of the
web app's work pool (:data:`wordlekit.services.operations.OPERATIONS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordlekit.core.feedback import all_green, format_pattern, parse_pattern
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.boards import DEFAULT_STRATEGY, BoardsState, get_board_strategy
from wordlekit.solve.boards_play import autoplay

#: How many of a board's words left the helper lists.
WORDS_SHOWN = 50


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


def assist(
    matrix: PatternMatrix,
    guesses: Sequence[str],
    patterns: Sequence[Sequence[int | None]],
    *,
    boards: int,
    max_guesses: int | None = None,
    strategy: str = DEFAULT_STRATEGY,
    top: int = 5,
    words_shown: int = WORDS_SHOWN,
) -> dict[str, Any]:
    """The helper for N boards: ``patterns[b][t]`` is board ``b``'s colours for guess ``t``
    (``None`` once solved). Returns the words left on each board and the best next guesses
    for all boards together; contradictory colours raise, naming the board and turn."""
    limit = max_guesses if max_guesses is not None else boards + 5
    if len(patterns) != boards:
        raise WordleError(f"{len(patterns)} boards of colours for {boards} boards")
    state = BoardsState.from_turns(matrix, guesses, patterns, limit)
    win = all_green(matrix.length)
    per_board = []
    for b in range(boards):
        s = state.boards[b]
        if s is None:
            word = next(g for g, p in zip(state.guesses, patterns[b], strict=True) if p == win)
            per_board.append({"board": b + 1, "solved": True, "answer": word, "remaining": 0})
            continue
        words = s.candidate_words
        per_board.append(
            {
                "board": b + 1,
                "solved": False,
                "remaining": len(words),
                "words": words[:words_shown],
            }
        )
    data: dict[str, Any] = {
        "boards": per_board,
        "guesses_left": state.guesses_left,
        "strategy": strategy,
    }
    if not state.over:
        strat = get_board_strategy(strategy, matrix)
        data["suggestions"] = [s.to_dict() for s in strat.rank(state, top)]
    return data


def solve(
    matrix: PatternMatrix,
    answers: Sequence[str],
    *,
    strategy: str = DEFAULT_STRATEGY,
    max_guesses: int | None = None,
    start: str | None = None,
) -> dict[str, Any]:
    """The bot plays ``answers`` (one board each): its guesses with every board's colours."""
    strat = get_board_strategy(strategy, matrix)
    played = autoplay(matrix, answers, strat, max_guesses=max_guesses, start=start)
    n = matrix.length
    rows = []
    for t, g in enumerate(played.guesses, start=1):
        cells: list[str | None] = []
        for b, a in enumerate(played.answers):
            if played.solved_at[b] and played.solved_at[b] < t:
                cells.append(None)
            else:
                cells.append(format_pattern(matrix.pattern(g, a), n))
        rows.append({"guess": g, "patterns": cells})
    return {**played.to_dict(), "rows": rows}
