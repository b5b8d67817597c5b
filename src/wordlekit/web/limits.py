"""How many games one client may start: at most ``per_player`` an hour per player and
``per_address`` an hour per client address (429 with Retry-After beyond), so that one client
cannot grow the database without bound (each game costs a few hundred bytes on disk).

The counts live in memory, one sliding window of start times per key; the table of keys is
bounded too (the oldest keys are forgotten first), so that many addresses cannot grow it.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

from wordlekit.errors import ClientBusy

#: Far above what a person plays (a practice game a minute is 60 an hour).
PER_PLAYER = 300
#: Several players behind one address (a school, a family, a proxy).
PER_ADDRESS = 1200
WINDOW = 3600.0
MAX_KEYS = 100_000


@dataclass
class Window:
    """Start times per key within the last ``seconds``, at most ``limit`` per key."""

    limit: int
    seconds: float = WINDOW
    max_keys: int = MAX_KEYS

    def __post_init__(self) -> None:
        self.times: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, key: str, now: float) -> float:
        """Seconds until ``key`` may start one more (0: now), its old times forgotten."""
        times = self.times.get(key)
        if times is None:
            return 0.0
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if len(times) < self.limit:
            return 0.0
        return times[0] + self.seconds - now

    def add(self, key: str, now: float) -> None:
        times = self.times.setdefault(key, deque())
        self.times.move_to_end(key)
        times.append(now)
        while len(self.times) > self.max_keys:
            self.times.popitem(last=False)


class CreationLimits:
    """Admits or refuses the start of a game (see the module docstring)."""

    def __init__(
        self,
        per_player: int = PER_PLAYER,
        per_address: int = PER_ADDRESS,
        *,
        seconds: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.players = Window(per_player, seconds)
        self.addresses = Window(per_address, seconds)
        self.clock = clock
        self.lock = threading.Lock()

    def admit(self, player: str, address: str) -> None:
        """Count one game started by ``player`` from ``address``, or raise
        :class:`~wordlekit.errors.ClientBusy` (nothing counted) when either is at its limit."""
        with self.lock:
            now = self.clock()
            for window, key, who in (
                (self.players, player, "player"),
                (self.addresses, address, "address"),
            ):
                wait = window.wait(key, now)
                if wait > 0:
                    minutes = math.ceil(wait / 60)
                    raise ClientBusy(
                        f"too many new games: at most {window.limit:,} an hour per {who}; "
                        f"try again in {minutes} minute{'s' if minutes != 1 else ''}",
                        retry_after=max(1, math.ceil(wait)),
                    )
            self.players.add(player, now)
            self.addresses.add(address, now)
