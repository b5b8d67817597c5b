"""What the JSON API takes: the request bodies (every field bounded, unknown fields refused),
and the error bodies with the table of documented error answers.

The answers are the services' own values (:class:`~wordlekit.services.views.GameView`,
:class:`~wordlekit.services.advice.Assist`, :class:`~wordlekit.services.bot.BotPlay`,
:class:`~wordlekit.services.hints.GameHint`, …): the routes return them as they are and FastAPI
serialises their fields and documents them in the OpenAPI schema, so no model here declares
them again. A game's view holds no secret before the game is over (the services see to it).

The rules of a request are one value each, as everywhere: ``mode`` (normal, hard, ultrahard)
and, where a strategy chooses guesses, ``pool`` (valid, candidates); no request has a boolean
rule field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from wordlekit.core.rules import MAX_BOARDS, GuessPool, Mode
from wordlekit.services.games import UNLIMITED_CAP

Word = Annotated[str, StringConstraints(max_length=32)]
#: A strategy's name, as the catalog lists them (checked before any work).
StrategyName = Annotated[str, StringConstraints(max_length=40)]
#: The most boards the web app plays (Duotrigordle's 32).
WEB_MAX_BOARDS = min(32, MAX_BOARDS)
#: The most turns a helper or review request takes.
MAX_TURNS = 32

MODE = Field(default=Mode.NORMAL, description="normal, hard or ultrahard")
POOL = Field(
    default=GuessPool.VALID,
    description="the words the strategy chooses from: valid (every allowed guess) or "
    "candidates (only the words that could still be the answer)",
)


#: Which words may be the answer. ``all`` (every valid word, equally) stays on the command line:
#: its square matrix is not loaded by the workers, so its first request would cost more than a
#: request's budget.
AnswerModel = Literal["list", "likely"]
ANSWERS_HELP = (
    "which words may be the answer: list (the list's answers) or likely (every valid word, "
    "weighted by how likely it is to be the answer: for a game played elsewhere, whose answer "
    "may be outside the list)"
)


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
    mode: Mode = MODE
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
    challenge: str | None = Field(
        default=None,
        max_length=64,
        description="the id of a challenge link (POST /api/challenges), with kind challenge: "
        "its words, variant and mode are the link's (not with answers)",
    )

    @model_validator(mode="before")
    @classmethod
    def _challenge_mode(cls, data: Any) -> Any:
        """``{"mode": "challenge", "challenge": ID}`` (the issue's spelling) is
        ``{"kind": "challenge", ...}``: the link's own mode is played."""
        if isinstance(data, dict) and data.get("mode") == "challenge":
            if data.get("kind", "challenge") != "challenge":
                return data  # contradictory: the mode's own check refuses it (422)
            data = {k: v for k, v in data.items() if k != "mode"} | {"kind": "challenge"}
        return data


class ChallengeIn(Strict):
    """A challenge link to create: its word (``words``: one a board) and its game."""

    word: Word | None = Field(default=None, description="the word (one board)")
    words: list[Word] | None = Field(
        default=None,
        max_length=WEB_MAX_BOARDS,
        description="one word a board (several boards; Absurdle: its target)",
    )
    variant: str | None = Field(
        default=None, max_length=40, description="classic (the default), quordle, absurdle, …"
    )
    mode: Mode = MODE
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


class TurnIn(Strict):
    guess: str = Field(max_length=32)
    pattern: (
        Annotated[str, StringConstraints(max_length=64)] | Annotated[int, Field(ge=0, le=3**8)]
    ) = Field(description="g/y/b letters, 2/1/0 digits, emoji or the int")


#: The ``date`` of the helper's requests.
HELPER_DATE = Field(
    default=None,
    max_length=20,
    description='YYYY-MM-DD, the player\'s local day: with answers "likely" the words the NYT '
    "served before it are weighed by how often it repeats answers (none: as if nothing had "
    "been served); not before 2021-06-19 nor more than a day ahead",
)


class AssistIn(Strict):
    turns: list[TurnIn] = Field(default_factory=list, max_length=MAX_TURNS)
    answers: AnswerModel = Field(default="list", description=ANSWERS_HELP)
    date: str | None = HELPER_DATE
    strategy: StrategyName = "entropy"
    top: int = Field(default=10, ge=1, le=100)
    mode: Mode = Field(
        default=Mode.NORMAL,
        description="normal, hard or ultrahard (every guess a word that could still be the answer)",
    )
    pool: GuessPool = POOL


class ReviewIn(Strict):
    turns: list[TurnIn] | None = Field(default=None, max_length=MAX_TURNS)
    answer: str | None = Field(default=None, max_length=32)
    guesses: list[Word] | None = Field(
        default=None, max_length=MAX_TURNS, description="bare guesses, with answer"
    )
    mode: Mode = MODE


class SolveIn(Strict):
    answer: str = Field(max_length=32)
    answers: AnswerModel = Field(default="list", description=ANSWERS_HELP)
    date: str | None = HELPER_DATE
    strategy: StrategyName = "entropy"
    start: str | None = Field(default=None, max_length=32)
    mode: Mode = MODE
    pool: GuessPool = POOL
    seed: int = Field(default=0, ge=0, le=2**53)


# Error bodies --------------------------------------------------------------------------------


class ErrorOut(BaseModel):
    """Every error: a short message for a person (never a traceback)."""

    error: str


class ContradictionOut(ErrorOut):
    """Bad input; for contradictory feedback, the number of the turn the message names."""

    turn: int | None = Field(
        default=None, description="the turn that contradicts the others (1 is the first)"
    )
    any_word_fits: int | None = Field(
        default=None,
        description='with answers "list": how many valid words fit the turns, when some do '
        '(answers "likely" would take them)',
    )
    hint: str | None = Field(default=None, description="what would help, when something would")


#: The error answers a route documents, by status.
ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorOut, "description": "no such game (of this player)"},
    409: {"model": ErrorOut, "description": "the game's state does not allow it"},
    422: {"model": ErrorOut, "description": "bad input"},
    429: {"model": ErrorOut, "description": "this client's limit of long work (Retry-After)"},
    500: {"model": ErrorOut, "description": "internal server error"},
    503: {"model": ErrorOut, "description": "busy, over the work budget or storage unavailable"},
}

#: The 422 of routes that take turns: contradictory feedback names its turn.
CONTRADICTION: dict[int | str, dict[str, Any]] = {
    422: {
        "model": ContradictionOut,
        "description": "bad input; contradictory turns name the turn (`turn`)",
    }
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The documented error answers for ``statuses`` (422, 500 and 503 always: a router's
    default; FastAPI's own 422 model would describe a body these routes never send)."""
    return {s: ERRORS[s] for s in sorted({*statuses, 422, 500, 503})}
