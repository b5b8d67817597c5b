"""Restored games kept in memory, so that a view or a guess of a big game does not replay
every guess of it again (issue 22, B2: a 32-board game after 63 guesses is 2,016 turns, each
scored on every GET before this cache).

A game is rebuilt from its secret and its guesses alone, its guesses are only ever appended
(a turn is never rewritten) and its secret, variant and mode never change: so the key
``(game id, guesses stored, last guess)``, read from the database on every request, names one
game state exactly. Another process's guess changes the stored count, so a stale entry is
never served; a database restored from a backup and played on differently meets its last
guess differing.

Each entry carries a small ``derived`` dict for values computed from that state alone (the
services keep the game's public view there), shared by every :class:`StoredGame` read from it.

Bounded twice: at most ``entries`` games and ``turns`` turns in all. The memory grows with the
turns: measured with tracemalloc, a 32-board game after 63 guesses (2,016 turns) takes about
580 KB with its view, 290 bytes a turn, and a classic game about 4.5 KB; so the defaults,
100,000 turns and 512 games, hold about 30 MB at most. The least recently used go first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field

from wordlekit.core.game import Game

#: Default bounds (see the module docstring for the memory they mean).
ENTRIES = 512
TURNS = 100_000

Key = tuple[str, int, str | None]


@dataclass(frozen=True)
class Cached:
    """One game state and what was derived from it."""

    game: Game
    derived: dict[Hashable, object] = field(default_factory=dict)

    @property
    def weight(self) -> int:
        """What this entry counts against the bound of turns."""
        return 1 + sum(len(b.turns) for b in self.game.boards)


class GameCache:
    """At most ``entries`` game states and ``turns`` turns in all, least recently used out
    first; safe between threads (the web app's quick threads share one store)."""

    def __init__(self, entries: int = ENTRIES, turns: int = TURNS) -> None:
        if entries < 0 or turns < 0:
            raise ValueError("the bounds of a game cache are counts from 0")
        self.entries = entries
        self.turns = turns
        self._items: OrderedDict[Key, Cached] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    @property
    def weight(self) -> int:
        """The turns held now."""
        with self._lock:
            return self._weight

    def get(self, key: Key) -> Cached | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Key, game: Game) -> Cached:
        """Keep ``game`` under ``key`` (a state already held keeps what was derived)."""
        entry = Cached(game)
        if entry.weight > self.turns or self.entries == 0:
            return entry  # bigger than the whole cache: used once, not kept
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._weight -= old.weight
                entry = old
            self._items[key] = entry
            self._weight += entry.weight
            while len(self._items) > self.entries or self._weight > self.turns:
                _, gone = self._items.popitem(last=False)
                self._weight -= gone.weight
        return entry

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._weight = 0
