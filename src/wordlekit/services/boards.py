"""Multi-board games as every front end offers them: a new game (daily or practice), a
guess, the helper (words left per board and the best next guess for all boards together),
the bot, and statistics per variant.

What a front end shows of a game comes from :func:`public_view`: the boards' colours and
keyboards, never an answer before the game is over (a board's answer is its last guess once
solved, so that is no leak). The rules of which game a request means follow the one-board
game (:mod:`wordlekit.services.games`): a daily game takes a date (not a seed, not ahead of
tomorrow), a practice game a seed or none (then the label shows no number).

:func:`assist` and :func:`solve` take the pattern matrix first, as every operation of the
web app's work pool (:data:`wordlekit.services.operations.OPERATIONS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from wordlekit.core import rules
from wordlekit.core.boards import BoardGame, Variant, variant_for
from wordlekit.core.feedback import all_green, format_pattern, parse_pattern
from wordlekit.core.words import WordList
from wordlekit.errors import InternalError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.games import daily_date
from wordlekit.solve.boards import BoardsState, BoardsStrategy
from wordlekit.solve.boards_play import autoplay
from wordlekit.solve.registry import default_strategy, get_strategy
from wordlekit.store.boards import BoardStore, StoredBoardGame

Mode = Literal["daily", "practice"]

#: How many of a board's words left the helper lists.
WORDS_SHOWN = 50


def variant_of(
    variant: str | None = None, boards: int | None = None, max_guesses: int | None = None
) -> Variant:
    return variant_for(variant, boards=boards, max_guesses=max_guesses)


def new_game(
    variant: Variant,
    mode: Mode,
    *,
    date: str | None = None,
    seed: int | None = None,
    wordlist: WordList | None = None,
) -> BoardGame:
    """The game a request for ``mode`` of ``variant`` means (the daily and seed rules)."""
    wl = wordlist or WordList.bundled()
    if mode == "daily":
        if seed is not None:
            raise WordleError("a daily game takes a date, not a seed")
        return BoardGame.daily(variant, daily_date(date), wl)
    if mode != "practice":
        raise WordleError(f"a game is daily or practice, not {mode!r}")
    if date is not None:
        raise WordleError("a practice game takes a seed, not a date")
    return BoardGame.practice(variant, seed, wl)


def start(
    store: BoardStore,
    player: str,
    variant: Variant,
    mode: Mode,
    *,
    date: str | None = None,
    seed: int | None = None,
) -> tuple[StoredBoardGame, bool]:
    """Store a new game (a daily game already started is returned, with ``False``)."""
    game = new_game(variant, mode, date=date, seed=seed, wordlist=store.wordlist)
    day = daily_date(date).isoformat() if mode == "daily" else None
    return store.create(player, game, mode, day, seed)


def guess(
    store: BoardStore, gid: str, player: str, word: str, turn: int | None = None
) -> StoredBoardGame:
    return store.play(gid, player, word, turn)


def public_view(game: BoardGame, gid: str | None = None) -> dict[str, Any]:
    """What a player may see: every board's rows and keyboard, the answers only at the end."""
    solved_at = game.solved_at
    boards = []
    for b in range(game.boards):
        turns = game.board_turns(b)
        kb = game.keyboard(b)
        boards.append(
            {
                "rows": [
                    {
                        "guess": t.guess,
                        "pattern": t.pattern,
                        "letters": format_pattern(t.pattern, game.length, "letters"),
                    }
                    for t in turns
                ],
                "solved_at": solved_at[b],
                "keyboard": {ch: int(tile) for ch, tile in kb.items()},
                "answer": game.answers[b] if game.over or solved_at[b] else None,
            }
        )
    data: dict[str, Any] = {
        "id": gid,
        "variant": game.variant.to_dict(),
        "label": game.label,
        "length": game.length,
        "guesses": list(game.guesses),
        "guesses_left": game.guesses_left,
        "status": game.status.value,
        "boards": boards,
        "over": game.over,
    }
    if game.over:
        data["answers"] = list(game.answers)
        data["outcome"] = game.outcome()
        data["share"] = game.share()
    return data


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


def stats(store: BoardStore, player: str, variant: Variant) -> dict[str, Any]:
    return store.stats(player, variant).to_dict()
