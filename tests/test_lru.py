"""LRUCache: bounded (least recently used out first) and safe between threads."""

from __future__ import annotations

import threading
import time

import pytest

from wordlekit.solve.lru import LRUCache


def test_evicts_the_least_recently_used() -> None:
    cache: LRUCache[str, int] = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recent
    cache.put("c", 3)
    assert "b" not in cache and "a" in cache and "c" in cache
    assert len(cache) == 2
    assert cache.get_or_make("d", lambda: 4) == 4
    assert "a" not in cache and cache.get("c") == 3
    assert repr(cache) == "LRUCache(2/2)"
    cache.clear()
    assert len(cache) == 0 and cache.get("c") is None


def test_get_or_make_keeps_what_it_made() -> None:
    cache: LRUCache[int, list[int]] = LRUCache(3)
    made = cache.get_or_make(1, lambda: [1])
    assert cache.get_or_make(1, lambda: [2]) is made


def test_a_failure_is_not_stored() -> None:
    cache: LRUCache[int, int] = LRUCache(3)

    def fail() -> int:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        cache.get_or_make(1, fail)
    assert 1 not in cache
    assert cache.get_or_make(1, lambda: 5) == 5


def test_two_threads_make_a_value_once() -> None:
    cache: LRUCache[str, object] = LRUCache(4)
    calls: list[int] = []
    barrier = threading.Barrier(2)
    got: list[object] = []

    def make() -> object:
        calls.append(1)
        time.sleep(0.2)  # the other thread asks meanwhile
        return object()

    def ask() -> None:
        barrier.wait()
        got.append(cache.get_or_make("k", make))

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(calls) == 1 and len(got) == 2 and got[0] is got[1]


def test_other_keys_stay_available_while_one_is_made() -> None:
    cache: LRUCache[str, int] = LRUCache(4)
    cache.put("ready", 1)
    started = threading.Event()
    release = threading.Event()

    def slow() -> int:
        started.set()
        release.wait(10)
        return 2

    t = threading.Thread(target=cache.get_or_make, args=("slow", slow))
    t.start()
    started.wait(10)
    assert cache.get("ready") == 1  # not blocked by the computation
    release.set()
    t.join(10)
    assert cache.get("slow") == 2


def test_at_least_one_value() -> None:
    with pytest.raises(ValueError):
        LRUCache(0)
