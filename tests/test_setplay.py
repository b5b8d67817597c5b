"""The shared-set recursion (``wordlekit.analysis.setplay``) against the per-word recursion,
brute force for ``--guesses valid``, the bounded memo, and the resumable run by chunks.

Expected values are compared to 1e-9 (below the root they are the same floating-point
numbers; the root adds its chunks' sums in another grouping), the worst case exactly and
P(more than 6) to 1e-12.
"""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.analysis import setplay
from wordlekit.analysis.randomplay import ResultStore, Solver, list_key, run_all
from wordlekit.analysis.setplay import BudgetSpent, SetSolver, chunk_bounds, combine
from wordlekit.core.feedback import score
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError

ORIGINAL = WordList.bundled()
# -OWER and -ATCH words: random play among them needs more than six guesses
OWER = ["cower", "lower", "mower", "power", "rower", "sower", "tower", "boxer", "joker"]
ATCH = ["batch", "catch", "hatch", "latch", "match", "patch", "watch", "crane", "slate"]


def shared(wl: WordList, **kw: object) -> setplay.Figures:
    ss = SetSolver(wl, **kw)  # type: ignore[arg-type]
    names = tuple(wl.answers[i] for i in ss.targets)
    return combine(names, ss.n, [ss.chunk(lo, hi) for lo, hi in chunk_bounds(ss.n)])


def assert_same_as_per_word(wl: WordList, f: setplay.Figures) -> None:
    solver = Solver(wl)
    for i, w in enumerate(f.words):
        r = solver.solve(w)
        assert abs(f.expected[i] - r.expected) <= 1e-9, w
        assert f.worst[i] == r.worst, w
        assert abs(f.p_over_6[i] - r.p_over_6) <= 1e-12, w


@settings(max_examples=6, deadline=None)
@given(st.integers(20, 150), st.integers(0, 10**6))
def test_shared_equals_per_word_on_random_sub_lists(size: int, seed: int) -> None:
    words = sorted(random.Random(seed).sample(ORIGINAL.answers, size))
    wl = WordList.from_words(words, name="sample")
    assert_same_as_per_word(wl, shared(wl))


@pytest.mark.parametrize("words", [OWER + ATCH, sorted(ORIGINAL.answers[::9])], ids=len)
def test_shared_equals_per_word_on_fixed_lists(words: list[str]) -> None:
    wl = WordList.from_words(words, name="fixed")
    f = shared(wl)
    assert_same_as_per_word(wl, f)
    if "tower" in words:
        assert f.worst.max() >= 7 and f.p_over_6.max() > 0


def test_a_small_memo_flushes_and_stays_exact() -> None:
    words = sorted(random.Random(5).sample(ORIGINAL.answers, 120))
    wl = WordList.from_words(words, name="s")
    big = SetSolver(wl)
    small = SetSolver(wl, memory=200_000)
    small._stacks(16)  # the root's frame only: the solver grows them and tries again
    a = combine(big.words, big.n, [big.chunk(0, big.n)])
    b = combine(small.words, small.n, [small.chunk(0, small.n)])
    assert small.work.flushes > 0 and big.work.flushes == 0
    assert small.units > 122
    assert np.array_equal(a.expected, b.expected) and np.array_equal(a.worst, b.worst)
    assert np.array_equal(a.p_over_6, b.p_over_6)
    assert big.work.sets < small.work.sets  # recomputed after the flushes


def test_memo_hits_give_the_sums_recomputing_gives() -> None:
    # a hit must add exactly what solving the part again adds, bit for bit; the members
    # scanned are counted per partition
    words = sorted(random.Random(11).sample(ORIGINAL.answers, 140))
    wl = WordList.from_words(words, name="s")
    memo = SetSolver(wl)
    none = SetSolver(wl, min_memo=10**6)  # no set kept: every part solved again
    a = memo.chunk(0, memo.n)
    b = none.chunk(0, none.n)
    assert a.work.hits > 0 and b.work.hits == 0 and b.work.sets > a.work.sets
    assert np.array_equal(a.sums, b.sums)
    assert none.stats[setplay.jit.SCANNED] > memo.stats[setplay.jit.SCANNED] > memo.n**2


def test_targets_only_solve_the_parts_holding_them() -> None:
    words = sorted(random.Random(8).sample(ORIGINAL.answers, 150))
    wl = WordList.from_words(words, name="s")
    every = SetSolver(wl)
    some = SetSolver(wl, targets=words[:3])
    fa = combine(every.words, every.n, [every.chunk(0, every.n)])
    fs = combine(tuple(words[:3]), some.n, [some.chunk(0, some.n)])
    assert np.array_equal(fa.expected[:3], fs.expected)
    assert some.work.sets < every.work.sets


def test_other_lengths_use_wide_patterns() -> None:
    en6 = WordList.bundled("en-6")
    wl = WordList.from_words(sorted(random.Random(6).sample(en6.answers, 120)), name="six")
    ss = SetSolver(wl)
    assert ss.matrix.dtype == np.uint16
    assert_same_as_per_word(wl, shared(wl))


def brute_force_valid(answers: list[str], valid: list[str], hidden: str) -> dict[int, Fraction]:
    """The distribution of the number of guesses when each guess is drawn from every valid
    word still consistent."""

    def dist(cands: tuple[str, ...]) -> dict[int, Fraction]:
        out: dict[int, Fraction] = defaultdict(Fraction)
        for g in cands:
            if g == hidden:
                out[1] += Fraction(1, len(cands))
                continue
            p = score(g, hidden)
            for t, q in dist(tuple(w for w in cands if score(g, w) == p)).items():
                out[t + 1] += q / len(cands)
        return out

    return dict(dist(tuple(valid)))


def test_valid_guesses_equal_brute_force() -> None:
    answers = ["batch", "hatch", "match", "cigar", "crane"]
    allowed = ["catch", "latch", "patch", "watch", "cigas", "crank"]
    wl = WordList.from_words(answers, allowed, name="v")
    f = shared(wl, guesses="valid")
    valid = list(wl.guesses)
    for i, w in enumerate(f.words):
        d = brute_force_valid(list(answers), valid, w)
        assert f.expected[i] == pytest.approx(float(sum(t * p for t, p in d.items())), abs=1e-12)
        assert f.worst[i] == max(d)
        assert f.p_over_6[i] == pytest.approx(float(sum(p for t, p in d.items() if t > 6)))
    # drawing among more words takes longer than among the answers alone
    assert f.expected.mean() > shared(WordList.from_words(answers, name="a")).expected.mean()


def test_budget_and_bad_input() -> None:
    wl = WordList.from_words(OWER + ATCH, name="s")
    with pytest.raises(BudgetSpent):
        SetSolver(wl, budget=3).chunk(0, len(wl.answers))
    with pytest.raises(WordleError, match="unknown guesses"):
        SetSolver(wl, guesses="all")
    with pytest.raises(WordleError):
        SetSolver(wl, targets=["zzzzz"])
    with pytest.raises(WordleError, match="no guesses"):
        SetSolver(wl).chunk(3, 3)
    assert chunk_bounds(5, 96) == [(i, i + 1) for i in range(5)]
    assert chunk_bounds(100, 3) == [(0, 33), (33, 67), (67, 100)]


class Stop(Exception):
    pass


def test_a_stopped_run_resumes_from_its_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = sorted(random.Random(3).sample(ORIGINAL.answers, 60))
    wl = WordList.from_words(words, name="s")
    store = ResultStore(tmp_path / "r.sqlite3")
    computed: list[tuple[int, int]] = []
    chunk = SetSolver.chunk

    def counted(self: SetSolver, lo: int, hi: int) -> setplay.Chunk:
        computed.append((lo, hi))
        return chunk(self, lo, hi)

    monkeypatch.setattr(SetSolver, "chunk", counted)

    def stop_after_20(done: int, total: int, latest: object) -> None:
        if done >= 20:
            raise Stop

    with pytest.raises(Stop):
        run_all(wl, store, workers=1, progress=stop_after_20)
    assert len(computed) == 20 and store.done(wl.content_hash) == {}
    first = list(computed)
    seen: list[int] = []
    results = run_all(wl, store, workers=1, progress=lambda d, t, r: seen.append(d))
    assert len(computed) == 60 and not set(first) & set(computed[20:])  # nothing twice
    assert seen[0] == 20 and seen[-1] == 60
    assert set(results) == set(words)
    assert store.chunks(wl.content_hash, "answers:all", 60) == {}  # dropped at the end
    again = run_all(wl, store, workers=1)
    assert len(computed) == 60 and again == results  # a finished run only reads
    solver = Solver(wl)
    for w in words[:10]:
        assert results[w].expected == pytest.approx(solver.solve(w).expected, abs=1e-9)
        assert results[w].worst == solver.solve(w).worst
    store.close()


def test_a_run_of_some_words_and_on_two_workers(tmp_path: Path) -> None:
    words = sorted(random.Random(4).sample(ORIGINAL.answers, 40))
    wl = WordList.from_words(words, name="s")
    store = ResultStore(tmp_path / "r.sqlite3")
    part = run_all(wl, store, workers=1, words=words[:5])
    assert set(part) == set(words[:5])
    rest = run_all(wl, store, workers=2)  # the five are read, the others solved
    assert set(rest) == set(words)
    assert all(rest[w] == part[w] for w in words[:5])
    per = run_all(wl, ResultStore(tmp_path / "p.sqlite3"), method="per-word", workers=1)
    for w in words:
        assert abs(rest[w].expected - per[w].expected) <= 1e-9 and rest[w].worst == per[w].worst
    valid = run_all(wl, store, workers=1, guesses="valid")  # a list file: no other guesses
    assert store.done(list_key(wl, "valid")).keys() == set(words)
    assert all(abs(valid[w].expected - per[w].expected) <= 1e-9 for w in words)
    with pytest.raises(WordleError):
        run_all(wl, store, method="fast")
    with pytest.raises(WordleError):
        run_all(wl, store, method="per-word", guesses="valid")
    store.close()
