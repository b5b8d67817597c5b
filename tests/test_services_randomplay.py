"""Random play's service (``wordlekit.services.randomplay``): one word, every word (stored,
resumed), the histogram of the expected guesses."""

from __future__ import annotations

import os
from contextlib import closing
from pathlib import Path

import pytest

from wordlekit import budget as work
from wordlekit.analysis.randomplay import ResultStore
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, WordleError
from wordlekit.services import randomplay
from wordlekit.services.jsonable import to_json

# Words sharing -ATCH, and two allowed guesses that take no part in random play.
ATCH = WordList.from_words(
    ["batch", "catch", "hatch", "latch", "match", "patch", "watch"], ["crane", "slate"]
)


def test_bins_include_the_empty_ones() -> None:
    assert randomplay.bins([3.1, 3.2, 3.6, 4.0], 0.25) == [
        ("3.00-3.25", 2),
        ("3.25-3.50", 0),
        ("3.50-3.75", 1),
        ("3.75-4.00", 0),
        ("4.00-4.25", 1),
    ]
    assert randomplay.bins([]) == []


def test_one_word_counts_only_the_answers() -> None:
    one = randomplay.one_word(ATCH, "MATCH")
    assert (one.words, one.simulation) == (7, None) and one.exact.word == "match"
    # seven words differing in one letter: each guess is the answer with 1/(words left)
    assert one.exact.expected == pytest.approx(4.0) and one.exact.worst == 7
    sim = randomplay.one_word(ATCH, "match", simulate=2000, seed=1).simulation
    assert sim is not None and sim.games == 2000
    assert sim.mean_low <= one.exact.expected <= sim.mean_high
    with pytest.raises(WordleError):
        randomplay.one_word(ATCH, "crane")  # a guess of the lists, not an answer


def test_every_word_stores_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "random.sqlite3"
    seen: list[int] = []
    every = randomplay.every_word(
        ATCH, db=db, workers=1, top=2, progress=lambda done, total, r: seen.append(done)
    )
    assert every.words == len(every.results) == 7 and seen[-1] == 7
    assert [r.expected for r in every.results] == sorted(r.expected for r in every.results)
    assert every.easiest == every.results[:2] and every.hardest == every.results[::-1][:2]
    assert sum(n for _, n in every.histogram) == 7 and every.simulations == {}
    assert every.worst == max(r.worst for r in every.results)
    again = randomplay.every_word(ATCH, db=db, workers=1, simulate=100)
    assert again.results == every.results  # read back, not computed again
    assert set(again.simulations) == set(ATCH.answers)
    data = to_json(again)
    assert data["worst_word"] == every.worst_word and len(data["results"]) == 7


def test_the_default_store_is_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path))
    randomplay.every_word(ATCH, workers=1)
    assert (tmp_path / randomplay.DB_NAME).is_file()


# One word's figures beside a finished game -------------------------------------------------


def atch_matrix():  # type: ignore[no-untyped-def]
    from wordlekit.fast.matrix import PatternMatrix

    return PatternMatrix.for_list(ATCH)


def test_a_word_not_stored_is_computed_then_stored(tmp_path: Path) -> None:
    db = tmp_path / "analysis.sqlite3"
    assert randomplay.stored_figures(ATCH, "match", db=db) is None
    assert not db.exists()  # a quick read creates no file
    first = randomplay.word_figures(atch_matrix(), "MATCH", db=db)
    assert first.source == randomplay.COMPUTED and first.known
    assert (first.word, first.lists, first.words) == ("match", ATCH.name, 7)
    assert first.expected == pytest.approx(4.0) and first.worst == 7
    assert first.p_over_6 == pytest.approx(randomplay.one_word(ATCH, "match").exact.p_over_6)
    assert first.missing is None and first.note is None
    again = randomplay.word_figures(atch_matrix(), "match", db=db)
    assert again.source == randomplay.STORED
    assert (again.expected, again.worst, again.p_over_6) == (
        first.expected, first.worst, first.p_over_6,
    )  # fmt: skip
    assert randomplay.stored_figures(ATCH, "match", db=db) == again


def test_stored_figures_are_read_not_computed(tmp_path: Path) -> None:
    """A prefilled table (the figures of ``wordle expected --all``) is what is shown, keyed
    by the answers-only list's content."""
    db = tmp_path / "analysis.sqlite3"
    made_up = randomplay.RandomPlay("batch", 3.25, 5, 0.125, 10, 0.5)
    with closing(ResultStore(db)) as store:
        store.add(randomplay.answers_only(ATCH).content_hash, made_up)
    got = randomplay.word_figures(atch_matrix(), "batch", db=db)
    assert got == randomplay.WordFigures("batch", ATCH.name, 7, randomplay.STORED, 3.25, 5, 0.125)
    assert to_json(got)["source"] == "stored"


def test_a_word_outside_the_answers_has_no_figures(tmp_path: Path) -> None:
    got = randomplay.word_figures(atch_matrix(), "crane", db=tmp_path / "a.sqlite3")
    assert not got.known and got.missing == randomplay.NOT_AN_ANSWER
    assert got.expected is None and got.note is not None and "CRANE" in got.note
    # a word no list has (but of the list's shape) either
    assert randomplay.word_figures(atch_matrix(), "zzzzz").missing == randomplay.NOT_AN_ANSWER
    with pytest.raises(WordleError):
        randomplay.stored_figures(ATCH, "toolong")  # not even a word of the list's shape


def test_a_budget_that_runs_out_gives_no_figures_and_the_commands(tmp_path: Path) -> None:
    db = tmp_path / "analysis.sqlite3"
    with work.Budget(0.0, nominal=2.0).active():
        got = randomplay.word_figures(atch_matrix(), "latch", db=db)
    assert not got.known and got.missing == randomplay.OVER_BUDGET
    assert got.note is not None
    assert "not computed in time" in got.note.lower() and "2 s" in got.note
    assert "`wordle expected latch`" in got.note and "`wordle expected --all`" in got.note
    assert randomplay.stored_figures(ATCH, "latch", db=db) is None  # nothing stored


def test_under_a_budget_the_figures_come_from_a_child_process(tmp_path: Path) -> None:
    """Under a budget the kernel runs apart (it cannot stop by itself): same figures."""
    with work.Budget(60.0).active():
        got = randomplay.word_figures(atch_matrix(), "watch", keep=False)
    assert got.source == randomplay.COMPUTED
    assert got.expected == pytest.approx(randomplay.one_word(ATCH, "watch").exact.expected)


def test_a_cancelled_request_raises() -> None:
    b = work.Budget(60.0)
    b.cancel()
    with b.active(), pytest.raises(BudgetExceeded):
        randomplay.word_figures(atch_matrix(), "patch", keep=False)


def test_a_child_killed_at_the_budget(tmp_path: Path) -> None:
    """The child is killed when the budget ends while it computes (a solve that never ends,
    faked), and reaped: no process is left behind."""
    import time

    said = tmp_path / "pid"

    def endless(wl: WordList, word: str) -> randomplay.RandomPlay:
        said.write_text(str(os.getpid()))
        while True:
            time.sleep(1)

    b = work.Budget(1.0)
    with b.active():
        assert randomplay.solve_apart(ATCH, "match", b, solve=endless) is None
    child = int(said.read_text())
    assert child != os.getpid()
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)  # killed and reaped: no such process any more


def test_every_valid_guess_exact_or_monte_carlo(tmp_path: Path) -> None:
    exact = randomplay.every_word(ATCH, db=tmp_path / "a.sqlite3", workers=1, guesses="valid")
    assert (exact.method, exact.guesses, exact.words) == ("exact", "valid", 7)
    plain = randomplay.every_word(ATCH, db=tmp_path / "a.sqlite3", workers=1)
    assert exact.mean > plain.mean  # CRANE and SLATE may be guessed too
    mc = randomplay.every_word(
        ATCH, db=tmp_path / "b.sqlite3", workers=1, guesses="valid", budget=1, simulate=3000
    )
    assert mc.method == randomplay.MONTE_CARLO and set(mc.simulations) == set(ATCH.answers)
    assert mc.mean_low is not None and mc.mean_high is not None
    assert mc.mean_low <= exact.mean <= mc.mean_high
    one = randomplay.one_word(ATCH, "match", guesses="valid")
    assert one.method == "exact" and one.exact is not None and one.words == 9
    assert one.exact.expected == pytest.approx(
        next(r.expected for r in exact.results if r.word == "match"), abs=1e-9
    )
    with pytest.raises(WordleError, match="unknown --guesses"):
        randomplay.one_word(ATCH, "match", guesses="all")
