"""Ranking first guesses on Dask: equal to direct computation, resumable, cluster-size blind."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from conftest import SMALL_ANSWERS
from wordlekit.analysis import opener_cluster
from wordlekit.analysis.openers import (
    Method,
    RankStore,
    Settings,
    compute_batch,
    method_names,
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
    _, results = rank_openers(SMALL, m, list(SMALL.guesses), store, workers=2)
    assert [(r.word, r.value) for r in results] == direct(m)


@pytest.mark.slow
def test_optimal_values_match_the_solver(store: RankStore) -> None:
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.solve.optimal import solve_opening

    pm = PatternMatrix.for_list(SMALL)
    _, results = rank_openers(SMALL, Method.parse("optimal"), ["trace", "adieu"], store, workers=1)
    for r in results:
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
    run = {"mode": Mode.parse(mode), "objective": objective, "max_guesses": 4}
    settings, results = rank_openers(SMALL, Method.parse("optimal"), words, store, workers=1, **run)
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
    _, again = rank_openers(SMALL, Method.parse("optimal"), words, store, workers=1, **run)
    assert to_json(again) == to_json(results)


@pytest.mark.slow
def test_beta_reports_worse_than(store: RankStore) -> None:
    m = Method.parse("optimal")
    values = dict(direct(m))
    beta = int(sorted(v for v in values.values() if v is not None)[3])
    _, results = rank_openers(SMALL, m, list(SMALL.guesses), store, workers=1, beta=beta)
    for r in results:
        if values[r.word] is not None and values[r.word] < beta:  # type: ignore[operator]
            assert r.value == values[r.word]
        else:
            assert r.value is None and r.detail["status"] == f"worse than {beta}"


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
    settings, results = rank_openers(
        SMALL,
        m,
        list(SMALL.guesses),
        store,
        workers=2,
        batch_size=3,
        on_batch=lambda rs: computed.extend(r.word for r in rs),
    )
    settings_key = settings.key
    assert len(computed) == len(SMALL.guesses) - stored_before  # nothing computed twice
    assert [(r.word, r.value) for r in results] == direct(m)
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
    _, one = rank_openers(SMALL, m, list(SMALL.guesses), RankStore(tmp_path / "1.db"), workers=1)
    _, two = rank_openers(SMALL, m, list(SMALL.guesses), RankStore(tmp_path / "2.db"), workers=2)
    assert [(r.word, r.value) for r in one] == [(r.word, r.value) for r in two]


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
