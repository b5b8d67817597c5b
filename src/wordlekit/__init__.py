"""wordlekit: an exact Wordle engine, helper, solver, bot and analyst.

>>> from wordlekit import score, format_pattern, Knowledge, Turn, Game
>>> format_pattern(score("crane", "cigar"))
'🟩🟨🟨⬛⬛'
"""

from __future__ import annotations

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
from wordlekit.core.game import Game, Status, hard_mode_violation
from wordlekit.core.knowledge import Knowledge, narrow
from wordlekit.core.words import WordList, daily_answer
from wordlekit.errors import (
    GameOverError,
    HardModeError,
    InconsistentFeedbackError,
    InvalidDateError,
    InvalidPatternError,
    InvalidWordError,
    WordleError,
    WordListError,
)

__version__ = "0.1.0"

__all__ = [
    "Game",
    "GameOverError",
    "HardModeError",
    "InconsistentFeedbackError",
    "InvalidDateError",
    "InvalidPatternError",
    "InvalidWordError",
    "Knowledge",
    "LetterConstraints",
    "Pattern",
    "Status",
    "Tile",
    "Turn",
    "WordList",
    "WordListError",
    "WordleError",
    "all_green",
    "daily_answer",
    "explain",
    "filter_by_hints",
    "format_pattern",
    "hard_mode_violation",
    "narrow",
    "parse_pattern",
    "pattern_tiles",
    "score",
]
