"""Admission limits of the work pool: how many long computations each client may have in
flight at once, and the refusal a client past its limit gets.

A client is counted twice, as a player (the cookie's id, "" for a newcomer) and as an address
(the connection's, or the proxy's ``X-Forwarded-For`` when trusted), each against its own
limit: an attacker who drops the cookie is still one address, and players behind one proxy
address still get their own share.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from wordlekit.errors import ClientBusy


class ClientLimits:
    """Tasks in flight per player and per address, each under its limit (thread-safe)."""

    def __init__(self, per_player: int, per_address: int) -> None:
        self.limits = {"player": per_player, "address": per_address}
        self.rejected = 0
        self._in_flight: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()

    def check(self, player: str = "", address: str = "") -> None:
        """Raise :class:`~wordlekit.errors.ClientBusy` if this player or address is at its
        limit (a cheap early check: :meth:`admitted` checks again as it counts the task in)."""
        with self._lock:
            self._check(_keys(player, address))

    @contextmanager
    def admitted(self, player: str = "", address: str = "") -> Iterator[None]:
        """Count one task in for this client for the block (or raise
        :class:`~wordlekit.errors.ClientBusy`)."""
        keys = _keys(player, address)
        with self._lock:
            self._check(keys)
            for key in keys:
                self._in_flight[key] = self._in_flight.get(key, 0) + 1
        try:
            yield
        finally:
            with self._lock:
                for key in keys:
                    self._in_flight[key] -= 1
                    if not self._in_flight[key]:
                        del self._in_flight[key]

    def _check(self, keys: list[tuple[str, str]]) -> None:
        for key in keys:
            limit = self.limits[key[0]]
            if self._in_flight.get(key, 0) >= limit:
                self.rejected += 1
                raise ClientBusy(
                    f"at most {limit} long computations at a time per {key[0]}: "
                    "wait for the others to finish",
                    retry_after=1,
                )


def _keys(player: str, address: str) -> list[tuple[str, str]]:
    """The counters of a client: its player's and its address's (unknown ones not counted)."""
    return [(kind, value) for kind, value in (("player", player), ("address", address)) if value]
