"""Random consistent play: exact recursion against brute force, Monte Carlo, the full run."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

from wordlekit.analysis.randomplay import ResultStore, Solver, random_play, run_all
from wordlekit.core.feedback import score
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError

# Words sharing -ATCH: random play among them can take seven guesses or more.
HARD = ["batch", "catch", "hatch", "latch", "match", "patch", "watch", "crane", "slate"]
MIXED = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval"]


def brute_force(words: list[str], hidden: str) -> dict[int, Fraction]:
    """The exact distribution of the number of guesses, by enumerating every play."""

    def dist(cands: tuple[str, ...]) -> dict[int, Fraction]:
        out: dict[int, Fraction] = defaultdict(Fraction)
        n = len(cands)
        for g in cands:
            if g == hidden:
                out[1] += Fraction(1, n)
                continue
            p = score(g, hidden)
            child = tuple(w for w in cands if score(g, w) == p)
            for t, q in dist(child).items():
                out[t + 1] += q / n
        return out

    return dict(dist(tuple(words)))


@pytest.mark.parametrize("words", [HARD, MIXED], ids=["atch", "mixed"])
def test_exact_equals_brute_force(words: list[str]) -> None:
    wl = WordList.from_words(words, name="small")
    solver = Solver(wl)
    for hidden in words:
        d = brute_force(words, hidden)
        r = solver.solve(hidden)
        assert r.expected == pytest.approx(float(sum(t * p for t, p in d.items())), abs=1e-12)
        assert r.worst == max(d)
        assert r.p_over_6 == pytest.approx(float(sum(p for t, p in d.items() if t > 6)), abs=1e-12)
    if words is HARD:  # the -ATCH words really can need more than six
        assert any(solver.solve(h).p_over_6 > 0 for h in HARD)


@pytest.mark.slow
def test_cigar_on_the_original_list() -> None:
    r = random_play("cigar")
    assert round(r.expected, 4) == 3.7625 and r.worst == 10
    assert 0 < r.p_over_6 < 0.001


@pytest.mark.slow
def test_monte_carlo_interval_contains_the_exact_value() -> None:
    solver = Solver(WordList.bundled())
    for word in ("cigar", "sissy"):
        exact = solver.solve(word)
        sim = solver.simulate(word, 20_000, seed=7)
        assert sim.mean_low <= exact.expected <= sim.mean_high
        assert sim.p_low <= exact.p_over_6 <= sim.p_high
        assert sim.worst_seen <= exact.worst
        # the simulated games' distribution behind the figures
        assert sim.counts.games == sim.games == 20_000 and sim.counts.max == sim.worst_seen
        assert sim.mean == sim.counts.total / 20_000
        assert sim.p_over_6 == sim.counts.failures / 20_000
        # seeded: the same games again
        assert solver.simulate(word, 20_000, seed=7) == sim


def test_small_list_simulation_matches_brute_force() -> None:
    wl = WordList.from_words(HARD, name="atch")
    solver = Solver(wl)
    sim = solver.simulate("watch", 50_000, seed=1)
    d = brute_force(HARD, "watch")
    assert sim.mean_low <= float(sum(t * p for t, p in d.items())) <= sim.mean_high


def test_bad_words() -> None:
    solver = Solver(WordList.from_words(MIXED, name="m"))
    with pytest.raises(WordleError):
        solver.solve("zzzzz")
    with pytest.raises(WordleError):
        solver.simulate("cigar", 1)


def test_run_all_per_word_stores_and_resumes(tmp_path: Path) -> None:
    wl = WordList.from_words(HARD, name="atch")
    store = ResultStore(tmp_path / "a.sqlite3")
    seen: list[str] = []

    class Stop(Exception):
        pass

    def stop_after_three(done: int, total: int, latest: object) -> None:
        if latest is not None:
            seen.append(latest.word)  # type: ignore[attr-defined]
        if done >= 3:
            raise Stop

    with pytest.raises(Stop):
        run_all(wl, store, workers=1, progress=stop_after_three, method="per-word")
    assert len(store.done(wl.content_hash)) == 3  # each result is stored the moment it is known
    computed: list[str] = []
    results = run_all(
        wl,
        store,
        workers=2,
        progress=lambda d, t, r: computed.append(r.word) if r is not None else None,
        method="per-word",
    )
    assert len(results) == len(HARD)
    assert not set(computed) & set(seen)  # nothing computed twice
    again: list[str] = []
    run_all(
        wl, store, progress=lambda d, t, r: again.append(r.word) if r else None, method="per-word"
    )
    assert again == []  # a finished run only reads
    solver = Solver(wl)
    for w, r in results.items():
        assert r.expected == pytest.approx(solver.solve(w).expected)
    store.close()
