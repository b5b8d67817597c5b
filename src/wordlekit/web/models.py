"""What the JSON API takes and gives: request bodies (every field bounded) and the response
models of the helper, the bot and the reviews (so the OpenAPI schema at ``/openapi.json`` shows
every answer).

The games' answers are the services' own values (:class:`~wordlekit.services.views.GameView`,
:class:`~wordlekit.services.games.PlayerStats`, :class:`~wordlekit.services.views.VariantInfo`):
the routes return them as they are and FastAPI serialises them, so no model here re-declares
them. A game's view holds no secret before the game is over (the services see to it).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from wordlekit.core.rules import MAX_BOARDS
from wordlekit.services.games import UNLIMITED_CAP

Word = Annotated[str, StringConstraints(max_length=32)]
#: The most boards the web app plays (Duotrigordle's 32).
WEB_MAX_BOARDS = min(32, MAX_BOARDS)
ModeName = Literal["normal", "hard", "ultrahard"]


# Request bodies ------------------------------------------------------------------------------


class Strict(BaseModel):
    """A request body that refuses fields it does not know (a typo is a 422, not ignored)."""

    model_config = ConfigDict(extra="forbid")


class NewGameIn(Strict):
    """A game to start: the variant, how it comes to be (``daily`` by date, ``practice`` by
    seed or none, ``challenge`` on chosen words) and the mode."""

    variant: str | None = Field(
        default=None,
        max_length=40,
        description="classic (the default), quordle, absurdle, … (GET /api/variants); with "
        "none and ``boards``, a custom game of that many boards",
    )
    kind: Literal["daily", "practice", "challenge"] = "practice"
    mode: ModeName = Field(default="normal", description="normal, hard or ultrahard")
    date: str | None = Field(default=None, max_length=20, description="YYYY-MM-DD (daily)")
    seed: int | None = Field(default=None, ge=0, le=2**53, description="practice seed")
    answers: list[Word] = Field(
        default_factory=list,
        max_length=WEB_MAX_BOARDS,
        description="a challenge's words: one answer per board (Absurdle: the target)",
    )
    boards: int | None = Field(
        default=None, ge=1, le=WEB_MAX_BOARDS, description="a custom number of boards"
    )
    max_guesses: int | None = Field(
        default=None, ge=1, le=UNLIMITED_CAP, description="a custom guess limit"
    )


class GuessIn(Strict):
    guess: str = Field(max_length=32)
    turn: int | None = Field(
        default=None,
        ge=1,
        le=UNLIMITED_CAP,
        description="the number of the turn being played: a retry of it spends no turn",
    )


class TurnIn(BaseModel):
    guess: str = Field(max_length=32)
    pattern: (
        Annotated[str, StringConstraints(max_length=64)] | Annotated[int, Field(ge=0, le=3**8)]
    ) = Field(description="g/y/b letters, 2/1/0 digits, emoji or the int")


class AssistIn(BaseModel):
    turns: list[TurnIn] = Field(default_factory=list, max_length=32)
    # ``all`` (every valid word, equally) stays on the command line: its square matrix is not
    # loaded by the workers, so its first request would cost more than a request's budget.
    answers: Literal["list", "likely"] = Field(
        default="list",
        description="which words may be the answer: list (the list's answers) or likely (every "
        "valid word, weighted by how likely it is to be the answer: for a game played "
        "elsewhere, whose answer may be outside the list)",
    )
    strategy: str = Field(default="entropy", max_length=40)
    top: int = Field(default=10, ge=1, le=100)
    hard: bool = False
    candidates_only: bool = False
    ultrahard: bool = Field(
        default=False,
        description="every guess must be a word that could still be the answer (implies hard)",
    )


class ReviewIn(BaseModel):
    turns: list[TurnIn] | None = Field(default=None, max_length=32)
    answer: str | None = Field(default=None, max_length=32)
    guesses: list[Word] | None = Field(
        default=None, max_length=32, description="bare guesses, with answer"
    )
    hard: bool = False
    ultrahard: bool = Field(
        default=False,
        description="every guess must be a word that could still be the answer (implies hard)",
    )


class SolveIn(BaseModel):
    answer: str = Field(max_length=32)
    strategy: str = Field(default="entropy", max_length=40)
    start: str | None = Field(default=None, max_length=32)
    hard: bool = False
    ultrahard: bool = Field(
        default=False,
        description="every guess must be a word that could still be the answer (implies hard)",
    )
    seed: int = Field(default=0, ge=0, le=2**53)


# Responses -----------------------------------------------------------------------------------


class ErrorOut(BaseModel):
    """Every error: a short message for a person (never a traceback)."""

    error: str


class ContradictionOut(ErrorOut):
    """Bad input; for contradictory feedback, the number of the turn the message names."""

    turn: int | None = Field(
        default=None, description="the turn that contradicts the others (1 is the first)"
    )


class TurnOut(BaseModel):
    """A guess and its feedback: the pattern as an int (digit i of weight 3**i: 0 gray,
    1 yellow, 2 green), as emoji and as g/y/b letters."""

    guess: str
    pattern: int
    emoji: str
    letters: str


class DailyOut(BaseModel):
    date: str
    number: int = Field(description="the puzzle's number (not its answer)")
    length: int = Field(description="letters per word in the server's word list")


class StrategyOut(BaseModel):
    name: str
    summary: str


class SuggestionOut(BaseModel):
    word: str
    score: float
    parts: int = Field(description="how many different patterns it can give")
    largest: int = Field(description="words left in the worst case")
    expected: float = Field(description="expected words left")
    bits: float
    can_win: bool


class AdviceOut(BaseModel):
    strategy: str = Field(description="the strategy asked for")
    used: str = Field(description="the strategy that answered (the fallback past the budget)")
    exact: bool
    note: str | None
    suggestions: list[SuggestionOut]
    passed_over: str | None = Field(
        default=None,
        description="the strategy's own first choice, when a word that could be the answer "
        "nearly as good was put first (see the hint's rule); it cannot be the answer",
    )


class HintOut(AdviceOut):
    suggestion: SuggestionOut = Field(description="the word advised")
    remaining: int
    verdict: str = Field(
        description="whether the word can be the answer: 'could be the answer, and "
        "otherwise narrows it to ≤ N words', 'cannot be the answer, but narrows it to ≤ N "
        "words' or 'is the only possible answer'"
    )
    rule: str = Field(description="when a word that could be the answer is preferred")
    hints: int = Field(description="hints taken in this game so far")


class KnowledgeOut(BaseModel):
    summary: list[str]
    pattern: str = Field(description="the placed letters, ? where unknown")
    placed: dict[str, str]
    excluded: dict[str, list[int]]
    min_count: dict[str, int]
    max_count: dict[str, int]
    absent: list[str]


class StepOut(TurnOut):
    before: int
    after: int
    bits: float


class AssistOut(AdviceOut):
    rule: str = Field(description="when a word that could be the answer is put first")
    remaining: int
    answers: str = Field(description="the answer model the figures are for")
    candidates: list[str] = Field(
        description="the words left (at most 200; with a weighted model, most likely first)"
    )
    probabilities: list[float] | None = Field(
        default=None,
        description="with a weighted answer model, each word's probability of being the answer",
    )
    knowledge: KnowledgeOut
    steps: list[StepOut]


class BotTurnOut(TurnOut):
    remaining: int = Field(description="candidates left after this guess")


class SolveOut(BaseModel):
    answer: str
    strategy: str
    turns: list[BotTurnOut]
    guesses: int
    solved: bool
    start_candidates: int
    exact: bool
    fallback_from_turn: int | None
    note: str | None


class TurnReviewOut(TurnOut):
    turn: int
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
    method: Literal["exact", "estimate"]
    rank_method: Literal["exact", "estimate"]


class ReviewOut(BaseModel):
    answer: str | None
    solved: bool
    hard: bool
    ultrahard: bool = False
    skill: int
    luck: int
    turns: list[TurnReviewOut]
    bot_guesses: list[str] | None
    bot_turns: list[BotTurnOut] | None = Field(
        description="the optimal bot's game with its feedback (none past the work budget)"
    )
    complete: bool
    note: str | None
    summary: str


#: The error answers a route documents, by status.
ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorOut, "description": "no such game (of this player)"},
    409: {"model": ErrorOut, "description": "the game's state does not allow it"},
    422: {"model": ErrorOut, "description": "bad input"},
    429: {"model": ErrorOut, "description": "this client's limit of long work (Retry-After)"},
    500: {"model": ErrorOut, "description": "internal server error"},
    503: {"model": ErrorOut, "description": "busy, over the work budget or storage unavailable"},
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The documented error answers for ``statuses`` (422, 500 and 503 always: a router's
    default; FastAPI's own 422 model would describe a body these routes never send)."""
    return {s: ERRORS[s] for s in sorted({*statuses, 422, 500, 503})}
