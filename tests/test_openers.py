"""Ranking first guesses on Dask: equal to direct computation, resumable, cluster-size blind."""

from __future__ import annotations

import json
import sqlite3
from collections import deque
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from conftest import SMALL_ANSWERS
from wordlekit.analysis import opener_cluster
from wordlekit.analysis.openers import (
    IN_FLIGHT,
    Method,
    Ranked,
    RankProgress,
    RankStore,
    Settings,
    compute_batch,
    method_names,
    promising_order,
    rank_openers,
    resolve_words,
    sort_results,
)
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import RankError, WordListError
from wordlekit.services.jsonable import to_json

SMALL = WordList.from_words(
    SMALL_ANSWERS,
    ["salet", "crane", "slate", "trace", "adieu", "roate"],
    name="small",
)
LISTS = (SMALL.answers, SMALL.allowed, SMALL.name)
OPTIMAL = Method.parse("optimal")


def direct(method: Method, beta: int | None = None) -> list[tuple[str, float | None]]:
    settings = Settings(method, "small", Mode.NORMAL, 6, beta)
    results = compute_batch(list(SMALL.guesses), settings, LISTS)
    return [(r.word, r.value) for r in sort_results(results, method)]


@pytest.fixture
def store(tmp_path: Path) -> RankStore:
    return RankStore(tmp_path / "openers.sqlite3")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["entropy", "minimax", "optimal", "entropy-bench"])
def test_ranking_equals_direct_computation(store: RankStore, name: str) -> None:
    m = Method.parse(name)
    # optimal: every exact value (the best-so-far cut-off has tests of its own)
    exact_all = name == "optimal"
    run = rank_openers(SMALL, m, list(SMALL.guesses), store, workers=2, exact_all=exact_all)
    assert [(r.word, r.value) for r in run.results] == direct(m)


@pytest.mark.slow
def test_optimal_values_match_the_solver(store: RankStore) -> None:
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.solve.optimal import solve_opening

    pm = PatternMatrix.for_list(SMALL)
    run = rank_openers(
        SMALL, Method.parse("optimal"), ["trace", "adieu"], store, workers=1, exact_all=True
    )
    for r in run.results:
        assert r.value == solve_opening(pm, r.word, build_tree=False).total


@pytest.mark.slow
@pytest.mark.parametrize("objective", ["worst", "over 3"])
@pytest.mark.parametrize("mode", ["hard", "ultrahard"])
def test_every_objective_and_mode_ranks_as_the_solver_proves(
    store: RankStore, objective: str, mode: str
) -> None:
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.solve.optimal import solve_opening

    pm = PatternMatrix.for_list(SMALL)
    ultra = mode == "ultrahard"
    words = list(SMALL.answers[:4]) if ultra else ["trace", "adieu", "salet"]
    how = {"mode": Mode.parse(mode), "objective": objective, "max_guesses": 4, "exact_all": True}
    run = rank_openers(SMALL, Method.parse("optimal"), words, store, workers=1, **how)
    settings, results = run.settings, run.results
    assert settings.objective == objective and settings.mode is Mode.parse(mode)
    for r in results:
        proven = solve_opening(pm, r.word, mode=mode, objective=objective, max_guesses=4)
        if not proven.feasible:
            assert r.value is None and r.detail["status"] == "infeasible"
            continue
        assert r.detail["total"] == proven.total
        if objective == "worst":
            assert r.detail["worst"] == proven.worst
        else:
            assert r.detail["over"] == proven.over
    # the same settings again: nothing recomputed, the same table
    again = rank_openers(SMALL, Method.parse("optimal"), words, store, workers=1, **how)
    assert to_json(again.results) == to_json(results) and again.totals.computed == 0


@pytest.mark.slow
def test_beta_reports_worse_than(store: RankStore) -> None:
    m = Method.parse("optimal")
    values = dict(direct(m))
    beta = int(sorted(v for v in values.values() if v is not None)[3])
    # --exact-all --beta B: the fixed cut-off alone (every word below B exact)
    run = rank_openers(SMALL, m, list(SMALL.guesses), store, workers=1, beta=beta, exact_all=True)
    for r in run.results:
        if values[r.word] is not None and values[r.word] < beta:  # type: ignore[operator]
            assert r.value == values[r.word] and r.exact and r.bound is None
        else:
            assert r.value is None and r.detail["status"] == f"worse than {beta}"
            assert not r.exact and r.bound == beta


@pytest.mark.slow
def test_a_killed_run_resumes_without_duplicates(store: RankStore, tmp_path: Path) -> None:
    m = Method.parse("entropy-bench")
    calls = {"n": 0}

    class Killed(Exception):
        pass

    def die_after_first_batch(results: list) -> None:  # type: ignore[type-arg]
        calls["n"] += 1
        raise Killed

    with pytest.raises(Killed):
        rank_openers(
            SMALL,
            m,
            list(SMALL.guesses),
            store,
            workers=2,
            batch_size=3,
            on_batch=die_after_first_batch,
        )
    settings_key = None
    stored_before = store.conn.execute("SELECT COUNT(*) FROM openers").fetchone()[0]
    assert 0 < stored_before < len(SMALL.guesses)
    computed: list[str] = []
    run = rank_openers(
        SMALL,
        m,
        list(SMALL.guesses),
        store,
        workers=2,
        batch_size=3,
        on_batch=lambda rs: computed.extend(r.word for r in rs),
    )
    settings_key = run.settings.key
    assert len(computed) == len(SMALL.guesses) - stored_before  # nothing computed twice
    assert run.totals.computed == len(computed)
    assert [(r.word, r.value) for r in run.results] == direct(m)
    db = sqlite3.connect(tmp_path / "openers.sqlite3")
    rows = db.execute("SELECT word FROM openers WHERE settings = ?", (settings_key,)).fetchall()
    assert len(rows) == len(set(rows)) == len(SMALL.guesses)
    # a finished run with the same settings computes nothing
    again: list[str] = []
    rank_openers(
        SMALL, m, list(SMALL.guesses), store, on_batch=lambda rs: again.extend(r.word for r in rs)
    )
    assert again == []


@pytest.mark.slow
def test_two_workers_give_the_same_results_as_one(tmp_path: Path) -> None:
    m = Method.parse("minimax-bench")
    one = rank_openers(SMALL, m, list(SMALL.guesses), RankStore(tmp_path / "1.db"), workers=1)
    two = rank_openers(SMALL, m, list(SMALL.guesses), RankStore(tmp_path / "2.db"), workers=2)
    assert [(r.word, r.value) for r in one.results] == [(r.word, r.value) for r in two.results]
    assert (one.totals.workers, two.totals.workers) == (1, 2)


def test_settings_keys_of_earlier_runs_stay_valid() -> None:
    """The stored results are keyed by the settings' hash: runs stored when the rules were
    flags (hard, ultrahard) are found under the same keys with the mode (pinned values)."""
    keys = {
        ("optimal", Mode.NORMAL, "total"): "7c0164457d0af49df7bb4429923ece0f",
        ("optimal", Mode.HARD, "total"): "dfad4c89cd07e79baf67817d104978c2",
        ("optimal", Mode.HARD, "worst"): "758551bfe6557de9b2427d5673449a93",
        ("optimal", Mode.ULTRAHARD, "total"): "bcab57d8c6eec6594959d424122eee9d",
        ("optimal", Mode.ULTRAHARD, "worst"): "c1c898ffd0eec700f461942e545a9a41",
        ("entropy-bench", Mode.NORMAL, "total"): "a1c70b013030ee3f721988ce9214470b",
        ("entropy-bench", Mode.HARD, "total"): "89df0bd46e171bdd2e87c5e9732625ce",
    }
    for (method, mode, objective), key in keys.items():
        s = Settings(Method.parse(method), "abc123", mode, 6, None, objective)
        assert s.key == key, (method, mode, objective)


def test_method_names_are_what_parse_accepts() -> None:
    from wordlekit.solve.registry import strategy_names

    names = method_names()
    assert names[:5] == ["optimal", "entropy", "minimax", "expected-size", "most-parts"]
    assert names[5:] == [f"{s}-bench" for s in strategy_names()]
    assert [Method.parse(n.upper()).name for n in names] == names
    with pytest.raises(RankError, match="choose one of optimal, entropy"):
        Method.parse("magic")


def test_bad_settings(store: RankStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opener_cluster, "CONNECT_TIMEOUT", "1s")  # nothing listens on port 1
    with pytest.raises(RankError, match="unknown method"):
        Method.parse("magic")
    with pytest.raises(RankError, match="tcp://HOST:PORT"):
        rank_openers(SMALL, Method.parse("entropy"), ["salet"], store, scheduler="localhost:1")
    with pytest.raises(RankError, match="cannot reach the Dask scheduler"):
        rank_openers(
            SMALL, Method.parse("entropy"), ["salet"], store, scheduler="tcp://127.0.0.1:1"
        )
    with pytest.raises(RankError, match="only applies"):
        rank_openers(SMALL, Method.parse("entropy"), ["salet"], store, beta=10)
    words = tmp_path / "w.txt"
    words.write_text("salet\nzzzzz\n")
    with pytest.raises(RankError, match="not in the small list"):
        resolve_words(str(words), SMALL)
    with pytest.raises(RankError, match="use all, answers"):
        resolve_words("nothing-here.txt", SMALL)
    bad_list = tmp_path / "bad.txt"
    bad_list.write_text("cigar\nci9ar\n")
    with pytest.raises(WordListError, match="line 2"):
        WordList.load(str(bad_list))


def test_resolve_words() -> None:
    assert resolve_words("all", SMALL) == list(SMALL.guesses)
    assert resolve_words("answers", SMALL) == list(SMALL.answers)
    assert resolve_words("salet, Crane", SMALL) == ["salet", "crane"]
    assert resolve_words("trace", SMALL) == ["trace"]
    with pytest.raises(RankError, match="--words 'salet,zzzzz': 1 word"):
        resolve_words("salet,zzzzz", SMALL)


# the best-so-far cut-off ------------------------------------------------------------------------


@cache
def truth(objective: str = "total") -> dict[str, float | None]:
    """Every word's exact value on SMALL (in this process: a fraction of a second)."""
    settings = Settings(OPTIMAL, "small", Mode.NORMAL, 6, None, objective)
    return {r.word: r.value for r in compute_batch(list(SMALL.guesses), settings, LISTS)}


def best_of(values: dict[str, float | None]) -> float:
    return min(v for v in values.values() if v is not None)


@pytest.fixture(scope="module")
def inproc() -> Iterator[str]:
    """A Dask cluster inside the test process (one worker thread): no process to start."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.slow
def test_the_cutoff_finds_the_best_of_an_exact_run_on_two_workers(store: RankStore) -> None:
    exact = truth()
    best = best_of(exact)
    seen: list[RankProgress] = []
    run = rank_openers(SMALL, OPTIMAL, list(SMALL.guesses), store, workers=2, progress=seen.append)
    assert run.settings.cutoff and run.totals.workers == 2
    assert run.totals.computed == len(SMALL.guesses)
    # the best word and value of the exact run, every tie with it exact (ABATE and TRACE)
    ties = {w for w, v in exact.items() if v == best}
    assert len(ties) > 1 and run.results[0].value == best
    assert {r.word for r in run.results if r.value == best} == ties
    proven = [r for r in run.results if not r.exact]
    assert proven  # the cut-off stopped some words
    for r in run.results:
        if r.exact:
            assert r.value == exact[r.word] and r.bound is None
        else:
            # a proven lower bound, above the best, that the exact value respects
            assert r.bound is not None and exact[r.word] >= r.bound > best  # type: ignore[operator]
            assert r.detail["status"] == f"worse than {int(best)}" and r.nodes is not None
    assert run.totals.core_seconds == pytest.approx(sum(r.seconds for r in run.results))
    assert run.totals.wall_seconds > seen[-1].seconds > 0
    last = seen[-1]
    assert (last.done, last.total, last.left) == (len(SMALL.guesses), len(SMALL.guesses), 0.0)
    assert last.best is not None and last.best.value == best


@pytest.mark.parametrize("objective", ["total", "total-then-worst", "over 2"])
def test_a_batch_proves_worse_only_what_cannot_beat_or_tie_the_best(objective: str) -> None:
    exact = truth(objective)
    best = best_of(exact)
    settings = Settings(OPTIMAL, "small", Mode.NORMAL, 6, None, objective, cutoff=True)
    rows = compute_batch(list(SMALL.guesses), settings, LISTS, best=best)
    assert any(not r.exact for r in rows)
    for r in rows:
        if exact[r.word] == best:
            assert r.value == best  # a tie stays exact
        elif r.exact:
            assert r.value == exact[r.word]
        else:
            assert r.bound is not None and exact[r.word] >= r.bound > best  # type: ignore[operator]


def test_the_cutoff_is_the_best_so_far_and_beta_whichever_is_smaller() -> None:
    cut = Settings(OPTIMAL, "small", cutoff=True)
    rows = {r.word: r for r in compute_batch(["trace", "crane", "abate"], cut, LISTS, best=44.0)}
    assert rows["trace"].value == rows["abate"].value == 44  # ties with the best: exact
    crane = rows["crane"]
    assert (crane.value, crane.bound, crane.exact) == (None, 45, False)
    assert crane.detail == {"status": "worse than 44", "beta": 45}
    # no best yet: the batch's first exact value is the cut-off for the rest of it
    first, second = compute_batch(["trace", "crane"], cut, LISTS)
    assert first.value == 44 and second.bound == 45 and second.detail["status"] == "worse than 44"
    # a fixed beta of 44 is below best + 1 = 45: TRACE cannot beat 44, so it is stopped
    fixed = Settings(OPTIMAL, "small", beta=44, cutoff=True)
    (trace,) = compute_batch(["trace"], fixed, LISTS, best=44.0)
    assert (trace.value, trace.bound, trace.detail["status"]) == (None, 44, "worse than 44")
    # the cut-off applies only to the runs that ask for it
    (plain,) = compute_batch(["crane"], Settings(OPTIMAL, "small"), LISTS, best=44.0)
    assert plain.value == 45


def test_the_words_go_most_promising_first() -> None:
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.solve.optimal import promising_openers

    pm = PatternMatrix.for_list(SMALL)
    search = [SMALL.guesses[g] for g in promising_openers(pm, len(SMALL.guesses))]
    assert promising_order(sorted(SMALL.guesses), LISTS) == search
    assert promising_order(["sissy", "salet", "abate"], LISTS) == ["abate", "salet", "sissy"]


def test_batches_go_lazily_each_with_the_cutoff_of_its_time(inproc: str) -> None:
    from distributed import Client

    settings = Settings(OPTIMAL, SMALL.content_hash, cutoff=True)
    words = promising_order(list(SMALL.guesses), LISTS)

    class Recorder:
        def __init__(self) -> None:
            self.queue = deque(words)
            self.in_flight = self.most = 0
            self.best: float | None = None
            self.sent: list[tuple[str, float | None]] = []
            self.landed: list[Ranked] = []

        def next_batch(self) -> tuple[list[str], dict[str, Any]] | None:
            if not self.queue:
                return None
            self.in_flight += 1
            self.most = max(self.most, self.in_flight)
            w = self.queue.popleft()
            self.sent.append((w, self.best))
            return [w], {"best": self.best}

        def land(self, results: list[Ranked], seconds: float) -> None:
            self.in_flight -= 1
            self.landed += results
            for r in results:
                if r.value is not None and (self.best is None or r.value < self.best):
                    self.best = r.value

    feed = Recorder()
    with Client(inproc) as client:
        opener_cluster.Session(client, SMALL, OPTIMAL).run(feed, settings, per_thread=IN_FLIGHT)
    assert feed.most == IN_FLIGHT  # one worker thread: two tasks out at a time, never more
    assert [w for w, _ in feed.sent] == words and len(feed.landed) == len(words)
    assert feed.sent[0][1] is None and feed.sent[-1][1] == best_of(truth())


@pytest.mark.slow
def test_a_resumed_run_computes_nothing_twice(store: RankStore, inproc: str) -> None:
    exact = truth()
    settings = Settings(OPTIMAL, SMALL.content_hash, cutoff=True)
    order = promising_order(list(SMALL.guesses), LISTS)
    # what a stopped run had stored: the exact values of the first three (the best, 44, among
    # them), a proof that holds (ADIEU worse than 44) and one that does not: CRANE "cannot
    # beat 44" (a fixed beta's proof) might tie the best, so it is checked again
    store.add_many(settings.exact(), compute_batch(order[:3], settings.exact(), LISTS))
    store.add_many(settings, compute_batch(["adieu"], settings, LISTS, best=44.0))
    weak = Settings(OPTIMAL, SMALL.content_hash, beta=44, cutoff=True)
    store.add_many(settings, compute_batch(["crane"], weak, LISTS, best=44.0))
    assert store.done(settings)["crane"].bound == 44
    computed: list[str] = []
    seen: list[RankProgress] = []
    run = rank_openers(
        SMALL, OPTIMAL, list(SMALL.guesses), store, scheduler=inproc,
        on_batch=lambda rs: computed.extend(r.word for r in rs), progress=seen.append,
    )  # fmt: skip
    assert sorted(computed) == sorted(set(SMALL.guesses) - set(order[:3]) - {"adieu"})
    assert run.totals.computed == len(computed)
    assert seen[0].done == 4 and seen[0].best is not None and seen[0].best.value == 44
    rows = {r.word: r for r in run.results}
    # the cut-off started from the stored best: the next word (ROATE, 45) was stopped at once
    assert order[3] == "roate" and rows["roate"].bound == 45 and exact["roate"] == 45
    assert rows["crane"].bound == 45 and store.done(settings)["crane"].bound == 45  # stronger
    assert run.results[0].value == best_of(exact)
    # the same command again: nothing to compute, the same table
    again = rank_openers(SMALL, OPTIMAL, list(SMALL.guesses), store, scheduler=inproc)
    assert again.totals == type(again.totals)(0, 0.0, again.totals.wall_seconds, 0)
    assert [(r.word, r.value, r.bound) for r in again.results] == [
        (r.word, r.value, r.bound) for r in run.results
    ]
    # --exact-all takes the exact values but never a proof for a value
    recomputed: list[str] = []
    full = rank_openers(
        SMALL, OPTIMAL, list(SMALL.guesses), store, scheduler=inproc, exact_all=True,
        on_batch=lambda rs: recomputed.extend(r.word for r in rs),
    )  # fmt: skip
    assert sorted(recomputed) == sorted(w for w, r in rows.items() if not r.exact)
    assert [(r.word, r.value) for r in full.results] == direct(OPTIMAL)


@pytest.mark.slow
def test_rows_of_earlier_runs_serve_a_cutoff_run(store: RankStore, inproc: str) -> None:
    # rows as a `--beta 45` run stored them before the cut-off: no bound, no nodes
    old = Settings(OPTIMAL, SMALL.content_hash, beta=45)
    rows = [
        ("trace", 44.0, {"mean": 2.2, "total": 44}),
        ("adieu", None, {"status": "worse than 45"}),
    ]
    for word, value, detail in rows:
        store.conn.execute(
            "INSERT INTO openers VALUES (?, ?, ?, ?, ?)",
            (old.key, word, value, json.dumps(detail), 0.5),
        )
    adieu = store.done(old)["adieu"]
    assert (adieu.bound, adieu.nodes, adieu.detail) == (45, None, {"status": "worse than 45"})
    computed: list[str] = []
    run = rank_openers(
        SMALL, OPTIMAL, ["trace", "adieu", "crane"], store, beta=45, scheduler=inproc,
        on_batch=lambda rs: computed.extend(r.word for r in rs),
    )  # fmt: skip
    assert computed == ["crane"]  # TRACE's value and ADIEU's proof are the old run's
    assert [(r.word, r.value, r.bound) for r in run.results] == [
        ("trace", 44.0, None),
        ("adieu", None, 45),
        ("crane", None, 45),
    ]


def test_settings_keys_of_the_cutoff() -> None:
    exact = Settings(OPTIMAL, "abc123")
    cut = Settings(OPTIMAL, "abc123", cutoff=True)
    assert cut.key == "3e5c0210532c2d0032c6102100c0b8b9"  # pinned: stored proofs stay found
    # a proof holds whatever cut-off made it: the fixed beta does not change the key
    assert Settings(OPTIMAL, "abc123", beta=7950, cutoff=True).key == cut.key
    assert cut.exact() == exact and cut.exact().key == "7c0164457d0af49df7bb4429923ece0f"
    assert len({exact.key, cut.key, Settings(OPTIMAL, "abc123", beta=7950).key}) == 3
    assert Settings(OPTIMAL, "abc123", beta=7950, cutoff=True).fixed().beta == 7950


def test_stored_results_keep_their_bound_and_nodes(store: RankStore) -> None:
    s = Settings(OPTIMAL, "small", cutoff=True)
    weak = Ranked("crane", None, {"status": "worse than 44", "beta": 44}, 0.1, bound=44, nodes=7)
    store.add_many(s, [weak])
    assert store.done(s)["crane"] == weak
    strong = Ranked("crane", None, {"status": "worse than 44", "beta": 45}, 0.1, bound=45, nodes=9)
    store.add_many(s, [strong])  # a word keeps its row...
    assert store.done(s)["crane"] == weak
    store.add_many(s, [strong], replace=True)  # ...unless a stronger proof replaces it
    assert store.done(s)["crane"] == strong
    assert to_json(strong)["exact"] is False and to_json(strong)["bound"] == 45


def test_progress_projects_the_time_left() -> None:
    assert RankProgress(5, 10, 5, 10.0).left == 10.0
    assert RankProgress(8, 10, 2, 4.0).left == 4.0  # six were stored: the rate is this run's
    assert RankProgress(3, 10, 0, 1.0).left is None
    assert RankProgress(10, 10, 4, 2.0).left == 0.0


def test_exact_all_only_applies_to_the_exact_method(store: RankStore) -> None:
    with pytest.raises(RankError, match="--exact-all only applies"):
        rank_openers(SMALL, Method.parse("entropy"), ["salet"], store, exact_all=True)
