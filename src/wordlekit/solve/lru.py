"""A bounded, thread-safe cache that computes each missing value once.

Caches in wordlekit are objects owned by whoever needs them (a strategy, a worker process),
never hidden module dictionaries: each has a bound, evicts the least recently used entry past
it, and is safe to share between threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRUCache(Generic[K, V]):
    """At most ``maxsize`` values, the least recently used evicted first.

    :meth:`get_or_make` computes a missing value outside the cache's lock, so other keys stay
    available meanwhile, and only once: a second thread asking for the same key waits for the
    first one's value instead of computing it again. A value whose computation raised is not
    stored (the next caller tries again).

    >>> squares: LRUCache[int, int] = LRUCache(2)
    >>> squares.get_or_make(3, lambda: 9), squares.get_or_make(4, lambda: 16)
    (9, 16)
    >>> squares.get_or_make(5, lambda: 25), 3 in squares    # 3 was the least recently used
    (25, False)
    """

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError("an LRU cache holds at least one value")
        self.maxsize = maxsize
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[K, threading.Lock] = {}

    def __repr__(self) -> str:
        return f"LRUCache({len(self)}/{self.maxsize})"

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._items

    def get(self, key: K) -> V | None:
        """The value of ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: K, value: V) -> None:
        """Store ``value`` as the most recently used, evicting past the bound."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value of ``key``, computed by ``make()`` when missing (once across threads)."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
            making = self._making.setdefault(key, threading.Lock())
        with making:
            found = self.get(key)
            if found is not None:
                return found
            try:
                value = make()
                self.put(key, value)
            finally:
                with self._lock:
                    if self._making.get(key) is making:
                        del self._making[key]
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
