"""The opener ranking's service (``wordlekit.services.openers``): ranked, placed, stored in
the data folder by default; the exact method's objective checked by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SMALL_ANSWERS
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import RankError, WordleError
from wordlekit.services import openers
from wordlekit.services.jsonable import to_json

SMALL = WordList.from_words(SMALL_ANSWERS[:10], ["salet", "crane", "slate"], name="small")


def test_methods_and_objectives() -> None:
    assert {"optimal", "entropy", "minimax", "entropy-bench"} <= set(openers.methods())
    assert openers.check_objective(" TOTAL ") == "total"
    assert openers.check_objective("over:4") == "over 4"
    with pytest.raises(WordleError, match="unknown objective"):
        openers.check_objective("fastest")


@pytest.mark.slow
def test_a_ranking_is_placed_best_first(tmp_path: Path) -> None:
    db = tmp_path / "o.sqlite3"
    seen: list[tuple[int, int]] = []
    ranking = openers.rank(
        SMALL, "minimax", db=db, workers=1, progress=lambda p: seen.append((p.done, p.total))
    )
    assert (ranking.method, ranking.higher_is_better, ranking.mode) == (
        "minimax", False, Mode.NORMAL
    )  # fmt: skip
    assert ranking.words == len(ranking.results) == len(SMALL.guesses) and seen[-1] == (13, 13)
    assert [p.rank for p in ranking.results] == list(range(1, 14))
    values = [p.result.value for p in ranking.results]
    assert values == sorted(values)  # type: ignore[type-var]
    again = openers.rank(SMALL, "minimax", db=db, workers=1)  # read back from the store
    assert again.results == ranking.results and again.settings == ranking.settings
    assert to_json(again)["results"][0]["rank"] == 1
    assert ranking.totals.computed == 13 and again.totals.computed == 0 and not ranking.cutoff


@pytest.mark.slow
def test_the_exact_method_keeps_the_best_exact_or_every_value(tmp_path: Path) -> None:
    db = tmp_path / "o.sqlite3"
    seen: list[openers.RankProgress] = []
    cut = openers.rank(SMALL, "optimal", db=db, workers=1, progress=seen.append)
    assert cut.cutoff and cut.results[0].result.exact and cut.totals.workers == 1
    best = cut.results[0].result.value
    assert seen[-1].best is not None and seen[-1].best.value == best and seen[-1].left == 0
    proven = [p.result for p in cut.results if not p.result.exact]
    assert proven and all(r.bound is not None and r.bound > best for r in proven)  # type: ignore[operator]
    every = openers.rank(SMALL, "optimal", db=db, workers=1, exact_all=True)
    assert not every.cutoff and all(p.result.exact for p in every.results)
    assert every.totals.computed == len(proven) and every.results[0].result.value == best
    with pytest.raises(RankError, match="--exact-all only applies"):
        openers.rank(SMALL, "entropy", db=db, exact_all=True)


@pytest.mark.slow
def test_words_chosen_and_refused(tmp_path: Path) -> None:
    db = tmp_path / "o.sqlite3"
    answers = openers.rank(SMALL, "entropy", "answers", db=db, workers=1)
    assert answers.words == 10 and answers.higher_is_better
    chosen = openers.rank(SMALL, "entropy", ["crane", "salet"], db=db, workers=1)
    assert {p.result.word for p in chosen.results} == {"crane", "salet"}
    with pytest.raises(RankError, match="use all, answers or a file"):
        openers.rank(SMALL, "entropy", "nothing.txt", db=db)
    with pytest.raises(RankError, match="only applies"):
        openers.rank(SMALL, "entropy", db=db, beta=5)


def test_the_default_store_is_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path))
    openers.rank(SMALL, "entropy", ["crane"], workers=1)
    assert (tmp_path / openers.DB_NAME).is_file()
