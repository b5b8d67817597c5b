"""Games as every front end offers them: which game a request means (the daily and seed
rules), playing a guess, recording a hint. The web app, the terminal UI and the command line
all call these, so the rules cannot drift apart.

- A daily puzzle is given by date (default today). Past puzzles are an archive; future ones
  would be spoilers, with one day of slack for players whose midnight comes before the
  machine's. A daily puzzle takes no seed.
- A practice game takes a seed (the same seed, the same answer; the label shows it) or none:
  then the answer is drawn from the system's randomness and the label shows no number, since
  a seed would give the answer away. It takes no date.
- Hints are allowed on every game, the daily puzzle included, and counted: a game played
  with hints says so on the share grid's title line (``Wordle 1234 4/6* (1 hint)``, see
  :meth:`~wordlekit.core.game.Game.share`). Switching them off on the daily puzzle would hide
  their use rather than prevent it (Assist gives the same suggestions to anyone); marking
  keeps a shared result honest.
- Statistics as the NYT keeps them: the daily puzzles make the streak, practice games have
  figures of their own (see :class:`~wordlekit.store.games.PlayerStats`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from wordlekit.core.feedback import Turn
from wordlekit.core.game import Game
from wordlekit.core.words import WordList, day_number, parse_date
from wordlekit.errors import InvalidDateError, WordleError
from wordlekit.store.games import PlayerStats, Store, StoredGame

Mode = Literal["daily", "practice"]

#: How far ahead of this machine's date a daily puzzle may be asked for (time zones).
DAILY_SLACK = dt.timedelta(days=1)


@dataclass(frozen=True)
class GameSpec:
    """A game to start and how it is stored (``mode``, ``day`` or ``seed``)."""

    game: Game
    mode: Mode
    day: str | None = None
    seed: int | None = None


def daily_date(date: dt.date | str | None = None, *, today: dt.date | None = None) -> dt.date:
    """The date of a daily puzzle that may be played now (default: today): not before the
    first puzzle, not more than a day ahead."""
    day = parse_date(date if date is not None else "today")
    day_number(day)  # refuses dates before the first puzzle
    if day > (today or dt.date.today()) + DAILY_SLACK:
        raise InvalidDateError(f"the daily puzzle of {day} is not out yet")
    return day


def game_spec(
    mode: Mode,
    *,
    hard: bool = False,
    ultrahard: bool = False,
    date: dt.date | str | None = None,
    seed: int | None = None,
    wordlist: WordList | None = None,
) -> GameSpec:
    """The game a request for ``mode`` means, by the rules above (``ultrahard`` implies hard
    mode, and is a daily game of its own like hard mode)."""
    wl = wordlist or WordList.bundled()
    rules = {"hard": hard, "ultrahard": ultrahard}
    if mode == "daily":
        if seed is not None:
            raise WordleError("a daily puzzle takes a date, not a seed")
        day = daily_date(date)
        return GameSpec(Game.daily(day, **rules, wordlist=wl), "daily", day=day.isoformat())
    if mode != "practice":
        raise WordleError(f"a game is daily or practice, not {mode!r}")
    if date is not None:
        raise WordleError("a practice game takes a seed, not a date")
    if seed is not None and seed < 0:
        raise WordleError(f"a seed is a number from 0, not {seed}")
    return GameSpec(Game.practice(seed, **rules, wordlist=wl), "practice", seed=seed)


def start_game(store: Store, player: str, spec: GameSpec) -> tuple[StoredGame, bool]:
    """Store a new game for ``player``; a daily puzzle already started is returned instead.

    Returns the game and whether it was created now.
    """
    return store.create(player, spec.game, spec.mode, spec.day, spec.seed)


def play_guess(
    store: Store, gid: str, player: str, word: str, turn: int | None = None
) -> StoredGame:
    """Play ``word`` as one atomic step (see :meth:`Store.play`)."""
    return store.play(gid, player, word, turn)


def record_hint(store: Store, stored: StoredGame) -> int:
    """Count a hint given in ``stored``; returns the game's hints so far."""
    store.add_hint(stored)
    return stored.hints


def share_text(stored: StoredGame, *, high_contrast: bool = False) -> str:
    """The share grid of a finished game, marked with the hints taken in it."""
    return stored.game.share(high_contrast=high_contrast, hints=stored.hints)


def player_stats(store: Store, player: str, today: dt.date | None = None) -> PlayerStats:
    """The player's daily figures (the streak) and practice figures, apart."""
    return store.stats(player, today)


def turns_of(stored: StoredGame) -> list[Turn]:
    """The turns played so far (what a hint or a review works from)."""
    return list(stored.game.turns)
