"""Random play's service (``wordlekit.services.randomplay``): one word, every word (stored,
resumed), the histogram of the expected guesses."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
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
