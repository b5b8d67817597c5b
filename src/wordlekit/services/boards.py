"""Several boards at once beyond the referee: the helper (words left per board and the best
next guess for all boards together) and the bot. Games of several boards are played through
:mod:`wordlekit.services.games`, as every variant is.

:func:`assist` and :func:`solve` take the pattern matrix first, as every operation of the
web app's work pool (:data:`wordlekit.services.operations.OPERATIONS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordlekit.core import rules
from wordlekit.core.feedback import all_green, format_pattern, parse_pattern
from wordlekit.errors import InternalError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.boards import BoardsState, BoardsStrategy
from wordlekit.solve.boards_play import autoplay
from wordlekit.solve.registry import default_strategy, get_strategy

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
    strategy: str | None = None,
    top: int = 5,
    words_shown: int = WORDS_SHOWN,
    mode: rules.Mode | str = rules.Mode.NORMAL,
) -> dict[str, Any]:
    """The helper for N boards: ``patterns[b][t]`` is board ``b``'s colours for guess ``t``
    (``None`` once solved). Returns the words left on each board and the best next guesses
    for all boards together (``strategy``: the registry's default for several boards when
    none is named), every one allowed by ``mode`` on every board still being played;
    contradictory colours raise, naming the board and turn."""
    limit = max_guesses if max_guesses is not None else boards + 5
    if len(patterns) != boards:
        raise WordleError(f"{len(patterns)} boards of colours for {boards} boards")
    name = strategy or default_strategy(boards)
    strat = get_strategy(name, boards=max(boards, 2))  # an unknown name before any work
    if not isinstance(strat, BoardsStrategy):
        raise InternalError(f"{strat!r} is not a multi-board strategy")
    mode = rules.Mode.parse(mode)
    state = BoardsState.from_turns(matrix, guesses, patterns, limit, mode=mode)
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
        "strategy": strat.name,
        "mode": mode.value,
    }
    if not state.over and not len(state.allowed):
        # hard mode on several boards can leave no word obeying every board's hints
        data["suggestions"] = []
        data["note"] = (
            f"No word may be played in {mode.value} mode: every word breaks the hints of one "
            "of the boards still being played."
        )
    elif not state.over:
        data["suggestions"] = [s.to_dict() for s in strat.rank(state, top)]
    return data


def solve(
    matrix: PatternMatrix,
    answers: Sequence[str],
    *,
    strategy: str | None = None,
    max_guesses: int | None = None,
    start: str | None = None,
    mode: rules.Mode | str = rules.Mode.NORMAL,
) -> dict[str, Any]:
    """The bot plays ``answers`` (one board each) under ``mode``: its guesses with every
    board's colours (``strategy``: the registry's default for several boards when none is
    named)."""
    name = strategy or default_strategy(len(answers))
    played = autoplay(
        matrix, answers, name, max_guesses=max_guesses, start=start, mode=rules.Mode.parse(mode)
    )
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
