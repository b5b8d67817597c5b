"""wordlekit: an exact Wordle engine, helper, solver, bot and analyst.

Everything a library user needs is importable from here (the modules below are the
implementation; their layout may change):

- **Feedback**: ``score`` (the rule everything shares), ``Pattern``, ``Tile``, ``Turn``,
  ``TurnView``, ``parse_pattern``, ``format_pattern``, ``pattern_tiles``, ``all_green``,
  ``explain``.
- **Word lists**: ``WordList`` (bundled lists, files, answer models), ``daily_answer``.
- **What turns imply**: ``narrow`` (the helper in one call, on any list of words),
  ``Knowledge`` (candidates, what each turn taught, the readable summary),
  ``LetterConstraints``, ``filter_by_hints``, ``turns_from_guesses``.
- **Rules**: ``Rules``, ``Mode``, ``Host``, ``GuessPool``, ``hard_mode_violation``,
  ``ultrahard_violation``, ``boards_violation``.
- **Games and variants**: ``Game`` (the protocol every variant follows), ``Board``,
  ``Status``, ``Outcome``, ``Variant``, ``VARIANTS`` (the registry by name), ``find_variant``,
  ``variant_for``, ``WordleGame`` (one board or several), ``AbsurdleGame``.
- **Strategies and the bot**: ``Engine`` (the pattern matrix of a word list, loaded once,
  and the operations run on it), ``assist`` and ``hint`` (the helper), ``play_bot`` (a
  strategy plays an answer), ``strategies`` (what the registry holds), ``get_strategy``,
  ``register``, ``Strategy`` (the base class of a strategy of your own) and ``GameState``
  (what a strategy sees).
- **The exact solver**: ``Position`` (a game position: its optimal value, best guess, proven
  tree), ``solve_opening`` (the proven optimal tree of a first guess). These load numba's
  compiled kernels, so they are imported when first used.
- **Errors** (the whole tree is :mod:`wordlekit.errors`): ``WordlekitError``, the root;
  ``WordleError``, bad input, with ``InvalidWordError``, ``InvalidPatternError``,
  ``HardModeError`` and ``UltrahardError``, ``InconsistentFeedbackError`` (its ``turn``),
  ``WordListError``, ``InvalidDateError``, ``GameOverError``, ``VariantError``,
  ``UnknownStrategyError``, ``InfeasibleError`` (a proof that no play wins within the limit);
  ``BudgetExceeded``, work past its budget.

>>> from wordlekit import score, format_pattern, find_variant
>>> format_pattern(score("crane", "cigar"))
'🟩🟨🟨⬛⬛'
>>> game = find_variant("classic").challenge(["cigar"]).guess("crane").guess("cigar")
>>> game.outcome().message
'Magnificent! Solved in 2/6.'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from wordlekit.version import __version__ as __version__

if TYPE_CHECKING:
    from wordlekit.core.absurdle import AbsurdleGame
    from wordlekit.core.constraints import LetterConstraints, filter_by_hints
    from wordlekit.core.feedback import (
        Pattern,
        Tile,
        Turn,
        TurnView,
        all_green,
        explain,
        format_pattern,
        parse_pattern,
        pattern_tiles,
        score,
    )
    from wordlekit.core.game import Board, Game, Outcome, Status, Variant
    from wordlekit.core.knowledge import Knowledge, narrow, turns_from_guesses
    from wordlekit.core.rules import (
        GuessPool,
        Host,
        Mode,
        Rules,
        boards_violation,
        hard_mode_violation,
        ultrahard_violation,
    )
    from wordlekit.core.variants import VARIANTS, find_variant, variant_for
    from wordlekit.core.wordle import WordleGame
    from wordlekit.core.words import WordList, daily_answer
    from wordlekit.errors import (
        BudgetExceeded,
        GameOverError,
        HardModeError,
        InconsistentFeedbackError,
        InfeasibleError,
        InvalidDateError,
        InvalidPatternError,
        InvalidWordError,
        UltrahardError,
        UnknownStrategyError,
        VariantError,
        WordleError,
        WordlekitError,
        WordListError,
    )
    from wordlekit.services.advice import assist, hint
    from wordlekit.services.bot import solve as play_bot
    from wordlekit.services.catalog import strategies
    from wordlekit.services.engine import Engine
    from wordlekit.solve.optimal import solve_opening
    from wordlekit.solve.position import Position
    from wordlekit.solve.registry import get_strategy, register
    from wordlekit.solve.state import GameState
    from wordlekit.solve.strategies import Strategy


#: Every public name and the module it comes from, imported on first use: ``import wordlekit``
#: (and so every ``wordle`` command, whose modules live in this package) loads only what it
#: uses; the solver's names would load numba's kernels.
_LAZY = {
    "AbsurdleGame": ("wordlekit.core.absurdle", "AbsurdleGame"),
    "LetterConstraints": ("wordlekit.core.constraints", "LetterConstraints"),
    "filter_by_hints": ("wordlekit.core.constraints", "filter_by_hints"),
    "Pattern": ("wordlekit.core.feedback", "Pattern"),
    "Tile": ("wordlekit.core.feedback", "Tile"),
    "Turn": ("wordlekit.core.feedback", "Turn"),
    "TurnView": ("wordlekit.core.feedback", "TurnView"),
    "all_green": ("wordlekit.core.feedback", "all_green"),
    "explain": ("wordlekit.core.feedback", "explain"),
    "format_pattern": ("wordlekit.core.feedback", "format_pattern"),
    "parse_pattern": ("wordlekit.core.feedback", "parse_pattern"),
    "pattern_tiles": ("wordlekit.core.feedback", "pattern_tiles"),
    "score": ("wordlekit.core.feedback", "score"),
    "Board": ("wordlekit.core.game", "Board"),
    "Game": ("wordlekit.core.game", "Game"),
    "Outcome": ("wordlekit.core.game", "Outcome"),
    "Status": ("wordlekit.core.game", "Status"),
    "Variant": ("wordlekit.core.game", "Variant"),
    "Knowledge": ("wordlekit.core.knowledge", "Knowledge"),
    "narrow": ("wordlekit.core.knowledge", "narrow"),
    "turns_from_guesses": ("wordlekit.core.knowledge", "turns_from_guesses"),
    "GuessPool": ("wordlekit.core.rules", "GuessPool"),
    "Host": ("wordlekit.core.rules", "Host"),
    "Mode": ("wordlekit.core.rules", "Mode"),
    "Rules": ("wordlekit.core.rules", "Rules"),
    "boards_violation": ("wordlekit.core.rules", "boards_violation"),
    "hard_mode_violation": ("wordlekit.core.rules", "hard_mode_violation"),
    "ultrahard_violation": ("wordlekit.core.rules", "ultrahard_violation"),
    "VARIANTS": ("wordlekit.core.variants", "VARIANTS"),
    "find_variant": ("wordlekit.core.variants", "find_variant"),
    "variant_for": ("wordlekit.core.variants", "variant_for"),
    "WordleGame": ("wordlekit.core.wordle", "WordleGame"),
    "WordList": ("wordlekit.core.words", "WordList"),
    "daily_answer": ("wordlekit.core.words", "daily_answer"),
    "BudgetExceeded": ("wordlekit.errors", "BudgetExceeded"),
    "GameOverError": ("wordlekit.errors", "GameOverError"),
    "HardModeError": ("wordlekit.errors", "HardModeError"),
    "InconsistentFeedbackError": ("wordlekit.errors", "InconsistentFeedbackError"),
    "InfeasibleError": ("wordlekit.errors", "InfeasibleError"),
    "InvalidDateError": ("wordlekit.errors", "InvalidDateError"),
    "InvalidPatternError": ("wordlekit.errors", "InvalidPatternError"),
    "InvalidWordError": ("wordlekit.errors", "InvalidWordError"),
    "UltrahardError": ("wordlekit.errors", "UltrahardError"),
    "UnknownStrategyError": ("wordlekit.errors", "UnknownStrategyError"),
    "VariantError": ("wordlekit.errors", "VariantError"),
    "WordleError": ("wordlekit.errors", "WordleError"),
    "WordlekitError": ("wordlekit.errors", "WordlekitError"),
    "WordListError": ("wordlekit.errors", "WordListError"),
    "assist": ("wordlekit.services.advice", "assist"),
    "hint": ("wordlekit.services.advice", "hint"),
    "play_bot": ("wordlekit.services.bot", "solve"),
    "strategies": ("wordlekit.services.catalog", "strategies"),
    "Engine": ("wordlekit.services.engine", "Engine"),
    "get_strategy": ("wordlekit.solve.registry", "get_strategy"),
    "register": ("wordlekit.solve.registry", "register"),
    "GameState": ("wordlekit.solve.state", "GameState"),
    "Strategy": ("wordlekit.solve.strategies", "Strategy"),
    "Position": ("wordlekit.solve.position", "Position"),
    "solve_opening": ("wordlekit.solve.optimal", "solve_opening"),
}


def __getattr__(name: str) -> Any:
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'wordlekit' has no attribute {name!r}")
    value = getattr(importlib.import_module(where[0]), where[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "VARIANTS",
    "AbsurdleGame",
    "Board",
    "BudgetExceeded",
    "Engine",
    "Game",
    "GameOverError",
    "GameState",
    "GuessPool",
    "HardModeError",
    "Host",
    "InconsistentFeedbackError",
    "InfeasibleError",
    "InvalidDateError",
    "InvalidPatternError",
    "InvalidWordError",
    "Knowledge",
    "LetterConstraints",
    "Mode",
    "Outcome",
    "Pattern",
    "Position",
    "Rules",
    "Status",
    "Strategy",
    "Tile",
    "Turn",
    "TurnView",
    "UltrahardError",
    "UnknownStrategyError",
    "Variant",
    "VariantError",
    "WordList",
    "WordListError",
    "WordleError",
    "WordleGame",
    "WordlekitError",
    "all_green",
    "assist",
    "boards_violation",
    "daily_answer",
    "explain",
    "filter_by_hints",
    "find_variant",
    "format_pattern",
    "get_strategy",
    "hard_mode_violation",
    "hint",
    "narrow",
    "parse_pattern",
    "pattern_tiles",
    "play_bot",
    "register",
    "score",
    "solve_opening",
    "strategies",
    "turns_from_guesses",
    "ultrahard_violation",
    "variant_for",
]
