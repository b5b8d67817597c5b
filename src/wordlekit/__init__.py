"""wordlekit: an exact Wordle engine, helper, solver, bot and analyst.

>>> from wordlekit import score, format_pattern, find_variant
>>> format_pattern(score("crane", "cigar"))
'🟩🟨🟨⬛⬛'
>>> game = find_variant("classic").challenge(["cigar"]).guess("crane").guess("cigar")
>>> game.outcome().message
'Magnificent! Solved in 2/6.'
"""

from __future__ import annotations

from wordlekit.core.absurdle import AbsurdleGame
from wordlekit.core.constraints import LetterConstraints, filter_by_hints
from wordlekit.core.feedback import (
    Pattern,
    Tile,
    Turn,
    all_green,
    explain,
    format_pattern,
    parse_pattern,
    pattern_tiles,
    score,
)
from wordlekit.core.game import Board, Game, Outcome, Status, Variant
from wordlekit.core.knowledge import Knowledge, narrow
from wordlekit.core.rules import (
    GuessPool,
    Host,
    Mode,
    Rules,
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

__version__ = "0.1.0"

__all__ = [
    "VARIANTS",
    "AbsurdleGame",
    "Board",
    "BudgetExceeded",
    "Game",
    "GameOverError",
    "GuessPool",
    "HardModeError",
    "Host",
    "InconsistentFeedbackError",
    "InvalidDateError",
    "InvalidPatternError",
    "InvalidWordError",
    "Knowledge",
    "LetterConstraints",
    "Mode",
    "Outcome",
    "Pattern",
    "Rules",
    "Status",
    "Tile",
    "Turn",
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
    "daily_answer",
    "explain",
    "filter_by_hints",
    "find_variant",
    "format_pattern",
    "hard_mode_violation",
    "narrow",
    "parse_pattern",
    "pattern_tiles",
    "score",
    "ultrahard_violation",
    "variant_for",
]
