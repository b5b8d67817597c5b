"""Games as every front end offers them, for every variant: which game a request means (the
daily and seed rules), starting it, playing a guess, recording a hint, the statistics. The
web app, the terminal UI and the command line all call these, so the rules cannot drift
apart.

- A daily game is given by date (default today). Past days are an archive; future ones would
  be spoilers, with one day of slack for players whose midnight comes before the machine's. A
  daily game takes no seed, and each player plays one daily game per variant and day, as the
  NYT has it: asking for it again returns it (in progress or over), in the mode it was started
  in. Once it is over, the same puzzle in another mode is refused (:class:`DailyPlayedError`:
  its answer is known, and a second try would make a clean share); while it is under way,
  another mode is refused after the first guess ("hard mode can only be chosen before the
  first guess") and taken before it (the game started and not played is replaced, its hints
  kept).
- A practice game takes a seed (the same seed, the same game; the label shows it) or none:
  then the secret is drawn from the system's randomness and the label shows no number, since
  a seed would give it away. It takes no date.
- A challenge is a game on words someone chose (the answers, or Absurdle's target), given
  with the request or by a challenge link's id (:mod:`wordlekit.services.challenges`: one
  game a player and link).
- Hints are allowed on every game, the daily one included, and counted: a game played with
  hints says so on the share's title line (``Wordle 1234 4/6* (1 hint)``). Switching them off
  on the daily game would hide their use rather than prevent it (the helper gives the same
  suggestions to anyone); marking keeps a shared result honest.
- A guess is one atomic step (:func:`play_guess`): read the game, referee the guess, store it.
  A retry of a turn already played with the same word spends no turn (a double submit);
  another word there, or a turn that is not next, is refused.
- Statistics per variant as the NYT keeps them: the daily games make the streak, the others
  have figures of their own (see :class:`~wordlekit.store.games.PlayerStats`).
- Storage is bounded: practice games and challenges abandoned for 30 days, or past a player's
  100 unfinished ones, are deleted, and so are daily games never played (no guess, no hint)
  for 30 days (:class:`~wordlekit.store.retention.Retention`; :func:`prune_games` applies the
  rule to a whole database at once).
- A game's view is computed once per game state and kept with it (:func:`view`): the store
  keeps restored games in memory by state, so a big game is not replayed on every request.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from wordlekit.core.game import Game, Kind, Variant
from wordlekit.core.rules import BOARDS_HARD_RULE, ULTRAHARD_RULE, Mode
from wordlekit.core.variants import VARIANTS, variant_for
from wordlekit.core.words import BUNDLED, WordList, day_number, parse_date
from wordlekit.errors import (
    DailyPlayedError,
    GameNotFoundError,
    GameOverError,
    InvalidDateError,
    TurnConflictError,
    WordleError,
    WordListError,
)
from wordlekit.services.challenges import start_challenge
from wordlekit.services.views import (
    DailyPuzzle,
    GameView,
    Menu,
    ModeInfo,
    VariantInfo,
    game_view,
)
from wordlekit.store.games import (
    DAYS,
    UNFINISHED,
    GameStore,
    PlayerStats,
    Pruned,
    Retention,
    Stats,
    StoredGame,
    default_db_path,
)

__all__ = [
    "DAYS",
    "UNFINISHED",
    "DailyPuzzle",
    "GameRequest",
    "GameStore",
    "GameView",
    "Menu",
    "ModeInfo",
    "NewGame",
    "PlayerStats",
    "Pruned",
    "Retention",
    "Stats",
    "StoredGame",
    "daily_date",
    "daily_puzzle",
    "load_game",
    "make_game",
    "menu",
    "modes",
    "open_list_store",
    "open_store",
    "play_guess",
    "player_stats",
    "prune_games",
    "record_hint",
    "start_game",
    "variants",
    "view",
]

#: How far ahead of this machine's date a daily game may be asked for (time zones).
DAILY_SLACK = dt.timedelta(days=1)
#: The most guesses a game with no guess limit takes (Absurdle is won in four or five; this
#: bounds the work and the storage of one game).
UNLIMITED_CAP = 64


@dataclass(frozen=True)
class GameRequest:
    """A game a player asks for: the variant (by name; ``boards``/``max_guesses`` for a custom
    one), how it comes to be (``daily`` with a ``date``, ``practice`` with a ``seed`` or none,
    ``challenge`` with its ``answers``, or with the id of a challenge link, ``challenge``, which
    carries its words, variant and mode: see :mod:`wordlekit.services.challenges`) and the
    mode."""

    variant: str | None = "classic"
    kind: Kind = "practice"
    mode: Mode | str = Mode.NORMAL
    date: dt.date | str | None = None
    seed: int | None = None
    answers: Sequence[str] = field(default_factory=tuple)
    boards: int | None = None
    max_guesses: int | None = None
    challenge: str | None = None


@dataclass(frozen=True)
class NewGame:
    """A game made from a request, and how to store it."""

    game: Game
    kind: Kind
    day: str | None = None
    seed: int | None = None


def variants() -> list[VariantInfo]:
    """Every variant offered, in menu order."""
    return [VariantInfo.of(v) for v in VARIANTS.values()]


def modes() -> list[ModeInfo]:
    """Every mode, in menu order, with its rule."""
    return [
        ModeInfo(Mode.NORMAL, "Normal", "any word of the list may be guessed"),
        ModeInfo(Mode.HARD, "Hard", BOARDS_HARD_RULE),
        ModeInfo(Mode.ULTRAHARD, "Ultrahard", f"{ULTRAHARD_RULE} (and hard mode)"),
    ]


def menu() -> Menu:
    """What the set-up of a game offers: every variant and every mode."""
    return Menu(variants(), modes())


def daily_puzzle(wordlist: WordList, date: dt.date | str | None = None) -> DailyPuzzle:
    """The daily puzzle of ``date`` (default today) of ``wordlist``: its number, not its
    answer."""
    day = parse_date(date if date is not None else "today")
    return DailyPuzzle(day.isoformat(), day_number(day), wordlist.length)


def daily_date(date: dt.date | str | None = None, *, today: dt.date | None = None) -> dt.date:
    """The date of a daily game that may be played now (default: today): not before the first
    puzzle, not more than a day ahead."""
    day = parse_date(date if date is not None else "today")
    day_number(day)  # refuses dates before the first puzzle
    if day > (today or dt.date.today()) + DAILY_SLACK:
        raise InvalidDateError(f"the daily puzzle of {day} is not out yet")
    return day


def make_game(request: GameRequest, wordlist: WordList | None = None) -> NewGame:
    """The game ``request`` means, by the rules above."""
    wl = wordlist or WordList.bundled()
    if request.challenge is not None:
        raise WordleError("a challenge link's game is started by start_game (it reads the link)")
    v = variant_for(request.variant, boards=request.boards, max_guesses=request.max_guesses)
    mode = Mode.parse(request.mode)
    kind = request.kind
    if kind == "daily":
        if request.seed is not None:
            raise WordleError("a daily game takes a date, not a seed")
        _no_answers(request)
        day = daily_date(request.date)
        return NewGame(v.daily(day, wordlist=wl, mode=mode), "daily", day=day.isoformat())
    if request.date is not None:
        raise WordleError(f"a {kind} game takes no date")
    if kind == "practice":
        if request.seed is not None and request.seed < 0:
            raise WordleError(f"a seed is a number from 0, not {request.seed}")
        _no_answers(request)
        return NewGame(
            v.practice(request.seed, wordlist=wl, mode=mode), "practice", seed=request.seed
        )
    if kind == "challenge":
        if request.seed is not None:
            raise WordleError("a challenge takes its words, not a seed")
        return NewGame(v.challenge(list(request.answers), wordlist=wl, mode=mode), "challenge")
    raise WordleError(f"a game is daily, practice or challenge, not {kind!r}")


def _no_answers(request: GameRequest) -> None:
    if request.answers:
        raise WordleError("only a challenge takes its answers")


def open_store(
    path: str | Path | None = None,
    wordlist: WordList | None = None,
    *,
    busy_timeout: float | None = None,
    retention: Retention | None = None,
) -> GameStore:
    """The games database at ``path`` (default: the one in the user data folder), whose
    writes wait at most ``busy_timeout`` seconds for another process's (default: the
    store's), and whose abandoned games go by ``retention`` (default: :class:`Retention`)."""
    where = path if path is not None else default_db_path()
    wl = wordlist or WordList.bundled()
    if busy_timeout is None:
        return GameStore(where, wl, retention=retention)
    return GameStore(where, wl, busy_timeout=busy_timeout, retention=retention)


def open_list_store(path: str | Path | None, wordlist: WordList) -> GameStore:
    """The games database of ``wordlist`` (:func:`list_db_path`: each bundled list keeps its
    games beside the original's, as the web app and the terminal UI do), opened."""
    return open_store(list_db_path(path, wordlist), wordlist)


def list_db_path(path: str | Path | None, wordlist: WordList, home: str = "original") -> Path:
    """The database of the games played with ``wordlist``: ``path`` itself (default: the one
    in the user data folder) for the ``home`` list (the one a server or the TUI was started
    with), else a file beside it named after the list (``games.sqlite3`` becomes
    ``games-es-5.sqlite3``), so each list keeps its games, dailies and statistics apart."""
    where = Path(path if path is not None else default_db_path())
    if wordlist.name == home:
        return where
    if wordlist.name not in BUNDLED:
        raise WordListError(
            f"no bundled list {wordlist.name!r}: choose one of {', '.join(BUNDLED)}"
        )
    return where.with_name(f"{where.stem}-{wordlist.name}{where.suffix}")


def start_game(
    store: GameStore, player: str, request: GameRequest | NewGame
) -> tuple[StoredGame, bool]:
    """Store a new game for ``player``; a daily game this player already started (same
    variant and day) is returned instead, by the daily rule of the module docstring. Returns
    the game and whether it is new. A request naming a challenge link plays it, one game a
    player and challenge (:func:`~wordlekit.services.challenges.start_challenge`)."""
    if isinstance(request, GameRequest) and request.challenge is not None:
        _check_link_request(request)
        return start_challenge(store, player, request.challenge)
    new = request if isinstance(request, NewGame) else make_game(request, store.wordlist)
    game = new.game
    with store.transaction():
        hints = 0
        if new.kind == "daily":
            assert new.day is not None
            found = store.dailies(player, game.variant.name, new.day)
            same = next((s for s in found if s.game.mode is game.mode), None)
            if same is not None:
                return same, False
            _refuse_other_mode(found, game)
            # started in another mode and not played yet: this mode takes its place
            hints = sum(s.hints for s in found)
            store.delete([s.id for s in found])
        return store.insert(player, game, new.kind, new.day, new.seed, hints), True


def _check_link_request(request: GameRequest) -> None:
    """A challenge link's game takes nothing the link already fixes, nor a date or seed."""
    if request.kind != "challenge":
        raise WordleError(f"a challenge link starts a challenge, not a {request.kind} game")
    if request.answers:
        raise WordleError(
            "a challenge link carries its words: send the challenge or the answers, not both"
        )
    if request.seed is not None or request.date is not None:
        raise WordleError("a challenge takes its words, not a seed or a date")


def _refuse_other_mode(found: list[StoredGame], wanted: Game) -> None:
    """Refuse ``wanted`` if a daily game of its day in another mode is over or under way."""
    over = next((s for s in found if s.game.over), None)
    if over is not None:
        g = over.game
        result = f"won in {len(g.guesses)}" if g.status.value == "won" else "lost"
        raise DailyPlayedError(
            f"you have played {g.label} ({result}): start a practice game to play again"
        )
    begun = next((s for s in found if s.game.guesses), None)
    if begun is not None:
        mode = wanted.mode.value
        raise DailyPlayedError(
            f"{mode} mode can only be chosen before the first guess: {begun.game.label} is "
            f"under way in {begun.game.mode.value} mode"
        )


def load_game(store: GameStore, gid: str, player: str) -> StoredGame:
    """The game ``gid`` of ``player`` (:class:`GameNotFoundError` for anyone else's, or none)."""
    stored = store.get(gid, player)
    if stored is None:
        raise GameNotFoundError("no such game")
    return stored


def play_guess(
    store: GameStore, gid: str, player: str, word: str, turn: int | None = None
) -> StoredGame:
    """Play ``word`` in game ``gid`` as one atomic step: read, referee, write, in one
    transaction, so two requests for one game (two windows, the TUI beside the web app) queue
    and each sees the other's guesses.

    ``turn`` is the number of the guess the caller means to play: a retry of a guess already
    played with the same word returns the game unchanged (a double submit spends no turn);
    another word there, or a turn that is not next, is a :class:`TurnConflictError`. A refused
    word (invalid, against the mode, the game over) raises and writes nothing.
    """
    with store.transaction():
        stored = load_game(store, gid, player)
        game = stored.game
        played = len(game.guesses)
        if turn is not None:
            if turn <= played:
                before = game.guesses[turn - 1]
                if before == word.strip().lower():
                    return stored  # a retry of a guess already played
                raise TurnConflictError(f"turn {turn} was already played ({before.upper()})")
            if turn > played + 1:
                raise TurnConflictError(
                    f"turn {turn} cannot be played yet: this game is at turn {played + 1}"
                )
        if game.max_guesses is None and played >= UNLIMITED_CAP and not game.over:
            raise GameOverError(f"a game takes at most {UNLIMITED_CAP} guesses")
        saved = store.save_guess(stored, game.guess(word))
    shown = stored.derived.get(_view_key(stored))
    if isinstance(shown, GameView):  # the view grows by one turn instead of being made again
        _keep_view(saved, _view_of(saved, shown))
    return saved


def record_hint(store: GameStore, stored: StoredGame) -> StoredGame:
    """Count a hint given in ``stored`` (refused once the game is over)."""
    if stored.game.over:
        raise GameOverError("the game is over")
    return store.add_hint(stored)


#: Views kept with one game state (one a number of hints: a few at most).
_VIEWS_PER_STATE = 4


def view(stored: StoredGame) -> GameView:
    """What the player may see of a stored game (the secret only once it is over).

    Computed once per game state and hints, and kept with the state in the store's cache
    (``stored.derived``): every GET of an unchanged game answers with the same value, which
    callers treat as read-only."""
    found = stored.derived.get(_view_key(stored))
    if isinstance(found, GameView):
        return found
    return _keep_view(stored, _view_of(stored))


def _view_key(stored: StoredGame) -> tuple[object, ...]:
    return ("view", stored.id, stored.kind, stored.day, stored.hints)


def _view_of(stored: StoredGame, before: GameView | None = None) -> GameView:
    return game_view(
        stored.game,
        gid=stored.id,
        kind=stored.kind,
        date=stored.day,
        hints=stored.hints,
        before=before,
        challenge=stored.challenge,
    )


def _keep_view(stored: StoredGame, made: GameView) -> GameView:
    if len(stored.derived) >= _VIEWS_PER_STATE:
        stored.derived.clear()
    stored.derived[_view_key(stored)] = made
    return made


def prune_games(
    path: str | Path | None = None,
    wordlist: WordList | None = None,
    *,
    days: float | None = DAYS,
    unfinished: int | None = UNFINISHED,
    now: dt.datetime | None = None,
) -> Pruned:
    """Delete the abandoned games of the database at ``path`` (default: the one in the user
    data folder) by the retention rule with these settings (see
    :mod:`wordlekit.store.retention`; ``None`` turns that part off), a batch a transaction;
    returns what went. No database there is a :class:`WordleError` (none is made)."""
    where = Path(path) if path is not None else default_db_path()
    if not where.exists():
        why = "" if path is not None else ": no game has been stored yet"
        raise WordleError(f"no database at {where}{why}")
    rule = Retention(days=days, unfinished=unfinished)
    store = GameStore(where, wordlist or WordList.bundled(), retention=rule)
    return store.pruned_at_open + store.prune(now)


def player_stats(
    store: GameStore,
    player: str,
    variant: str | Variant = "classic",
    today: dt.date | None = None,
) -> PlayerStats:
    """The player's daily figures (the streak) and other figures of one variant."""
    v = variant if isinstance(variant, Variant) else variant_for(variant)
    return store.stats(player, v, today)
