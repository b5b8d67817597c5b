"""What a front end shows of a game, as typed values: :class:`GameView` and its parts (a
turn is :class:`~wordlekit.core.feedback.TurnView`, re-exported here).

A view is public: it holds the patterns of the guesses made and what the host may tell, never
a secret before the game is over (a board's answer shows once that board is solved: it was the
guess that solved it). The web app answers with these values as they are (FastAPI reads their
fields for the OpenAPI schema), the terminal UI and the command line draw them.

Tiles are named everywhere (``green``, ``yellow``, ``gray``), in rows and keyboards alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from wordlekit.core.definitions import NO_ENTRY, SOURCE, definition
from wordlekit.core.feedback import Tile, Turn, TurnView
from wordlekit.core.game import Board, Game, Variant
from wordlekit.core.rules import Mode

TileName = Literal["green", "yellow", "gray"]
TILE_NAMES: dict[Tile, TileName] = {Tile.GREEN: "green", Tile.YELLOW: "yellow", Tile.GRAY: "gray"}


@dataclass(frozen=True)
class BoardView:
    """One board: its turns, the guess that solved it, each letter's best tile seen on it, and
    its answer once it is solved or the game is over."""

    turns: list[TurnView]
    solved_at: int | None
    keyboard: dict[str, TileName]
    answer: str | None


@dataclass(frozen=True)
class VariantInfo:
    """A variant as the menus list it (``max_guesses`` ``None``: no guess limit; ``host``
    ``fixed``: answers drawn at the start, ``adversary``: Absurdle's)."""

    name: str
    title: str
    boards: int
    max_guesses: int | None
    host: str
    summary: str

    @classmethod
    def of(cls, v: Variant) -> VariantInfo:
        return cls(v.name, v.title, v.boards, v.max_guesses, v.host.value, v.summary)


@dataclass(frozen=True)
class ModeInfo:
    """A mode as the menus list it: its name, its title and its rule in one line."""

    name: Mode
    title: str
    summary: str


@dataclass(frozen=True)
class Menu:
    """What the set-up of a game offers: every variant and every mode, in menu order."""

    variants: list[VariantInfo]
    modes: list[ModeInfo]


@dataclass(frozen=True)
class DailyPuzzle:
    """A day's puzzle as a player may know it before playing: its date, its number (not its
    answer) and the word length of the list it is drawn from."""

    date: str
    number: int
    length: int


@dataclass(frozen=True)
class OutcomeView:
    """How the game ended: ``message`` as a front end shows it, every board's answer, the
    guess that solved each board, and the praise of a one-board win (Genius … Phew)."""

    status: Literal["won", "lost"]
    message: str
    answers: list[str]
    solved_at: list[int | None]
    praise: str | None


@dataclass(frozen=True)
class DefinitionEntryView:
    """One part of speech of an answer's definition: ``pos`` (noun, verb, adjective or
    adverb), one or two short ``senses``, and ``base`` when the answer was found through its
    base form (``plural of goose``, ``form of creep``)."""

    pos: str
    senses: list[str]
    base: str | None = None


@dataclass(frozen=True)
class DefinitionView:
    """An answer's definition from the offline dictionary (WordNet 3.0, ``source``):
    ``found`` false and no ``entries`` for an answer it has no entry for, ``text`` the line a
    front end shows either way ("No definition in the offline dictionary.")."""

    word: str
    found: bool
    entries: list[DefinitionEntryView]
    text: str
    source: str


def definition_view(word: str, language: str = "en") -> DefinitionView:
    """The definition of ``word`` as a view (see :class:`DefinitionView`)."""
    d = definition(word, language)
    if d is None:
        return DefinitionView(word, False, [], NO_ENTRY, SOURCE)
    entries = [DefinitionEntryView(e.pos, list(e.senses), e.base) for e in d.entries]
    return DefinitionView(word, True, entries, d.text, SOURCE)


@dataclass(frozen=True)
class GameView:
    """A game as its player sees it.

    ``guesses_left`` and ``max_guesses`` are ``None`` in a game with no guess limit. An
    Absurdle game says how many words its host still holds (``host_words``, with up to 30 of
    them in ``host_sample``) and its challenge ``target``. ``outcome`` and ``share`` are set
    once the game is over (the share's title line ends with ``(N hints)`` when hints were
    taken). ``definitions`` (one per board whose answer is known, in board order) and, in a
    one-board game, ``definition`` are set once the game is over, never before.
    """

    id: str | None
    variant: VariantInfo
    mode: Literal["normal", "hard", "ultrahard"]
    kind: Literal["daily", "practice", "challenge"]
    date: str | None
    label: str
    length: int
    status: Literal["playing", "won", "lost"]
    over: bool
    guesses: list[str]
    max_guesses: int | None
    guesses_left: int | None
    hints: int
    boards: list[BoardView]
    host_words: int | None = None
    host_sample: list[str] | None = None
    target: str | None = None
    outcome: OutcomeView | None = None
    share: str | None = None
    #: The id of the challenge link it was played from (its info: GET /api/challenges/ID).
    challenge: str | None = None
    #: The answer's definition once a one-board game is over (offline dictionary).
    definition: DefinitionView | None = None
    #: Every known answer's definition once the game is over, by board.
    definitions: list[DefinitionView] | None = None


#: Tile names by base-3 digit (a pattern's digit i is letter i's tile).
_DIGIT_NAMES: tuple[TileName, ...] = tuple(TILE_NAMES[Tile(d)] for d in range(3))


def _keyboard(turns: tuple[Turn, ...]) -> dict[str, TileName]:
    """Each letter's best tile seen in ``turns``, by letter: ``Board.keyboard`` read from the
    patterns' digits (no Tile per letter: a 32-board view has 10,000 letters)."""
    best: dict[str, int] = {}
    for turn in turns:
        p = turn.pattern
        for letter in turn.guess:
            p, digit = divmod(p, 3)
            if digit > best.get(letter, -1):
                best[letter] = digit
    return {letter: _DIGIT_NAMES[d] for letter, d in sorted(best.items())}


_DIGITS: dict[TileName, int] = {name: d for d, name in enumerate(_DIGIT_NAMES)}


def _board_view(board: Board, answer: str | None, old: BoardView | None) -> BoardView:
    """A board's view, from its view one guess earlier (``old``) when there is one."""
    if old is not None and len(old.turns) == len(board.turns):  # solved before: no new turn
        return old if old.answer == answer else replace(old, answer=answer)
    if old is None or len(old.turns) != len(board.turns) - 1:
        return BoardView(
            [TurnView.of(t) for t in board.turns], board.solved_at, _keyboard(board.turns), answer
        )
    turn = board.turns[-1]
    best = {letter: _DIGITS[name] for letter, name in old.keyboard.items()}
    p = turn.pattern
    for letter in turn.guess:
        p, digit = divmod(p, 3)
        if digit > best.get(letter, -1):
            best[letter] = digit
    keyboard = {letter: _DIGIT_NAMES[d] for letter, d in sorted(best.items())}
    return BoardView([*old.turns, TurnView.of(turn)], board.solved_at, keyboard, answer)


#: How many of the Absurdle host's words a view lists.
HOST_SAMPLE = 30


def game_view(
    game: Game,
    *,
    gid: str | None = None,
    kind: Literal["daily", "practice", "challenge"] = "practice",
    date: str | None = None,
    hints: int = 0,
    before: GameView | None = None,
    challenge: str | None = None,
) -> GameView:
    """The public view of ``game`` (see the module docstring).

    ``before``, the view of this game one guess earlier, lets each board's view grow by its
    last turn instead of being made again (a 32-board game after 63 guesses has 2,016 turns);
    a ``before`` of any other game or state is ignored."""
    over = game.over
    if before is not None and (before.id != gid or before.guesses != list(game.guesses[:-1])):
        before = None
    boards = []
    for b, board in enumerate(game.boards):
        boards.append(
            _board_view(board, game.answer_of(b), None if before is None else before.boards[b])
        )
    remaining = game.host_words()
    outcome = game.outcome()
    definitions = None
    if over:
        language = game.wordlist.language
        definitions = [definition_view(b.answer, language) for b in boards if b.answer]
    return GameView(
        id=gid,
        variant=VariantInfo.of(game.variant),
        mode=game.mode.value,
        kind=kind,
        date=date,
        label=game.label,
        length=game.length,
        status=game.status.value,
        over=over,
        guesses=list(game.guesses),
        max_guesses=game.max_guesses,
        guesses_left=game.guesses_left,
        hints=hints,
        boards=boards,
        host_words=None if remaining is None else len(remaining),
        host_sample=None if remaining is None else list(remaining[:HOST_SAMPLE]),
        target=game.target_word(),
        outcome=None
        if outcome is None
        else OutcomeView(
            outcome.status.value,  # type: ignore[arg-type]
            outcome.message,
            list(outcome.answers),
            list(outcome.solved_at),
            outcome.praise,
        ),
        share=share_text(game, hints) if over else None,
        challenge=challenge,
        definition=definitions[0] if definitions and len(boards) == 1 else None,
        definitions=definitions,
    )


def share_text(game: Game, hints: int = 0) -> str:
    """The share text of a finished game (its title line names a bundled list other than
    the original game's: :attr:`wordlekit.core.game.Game.list_mark`)."""
    return game.share(hints=hints)
