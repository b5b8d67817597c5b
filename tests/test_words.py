"""Word lists: bundled lists, files with bad lines, lengths 4 to 8, the daily answer."""

from __future__ import annotations

import datetime as dt
import hashlib
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from wordlekit.core.words import WordList, daily_answer, daily_order, day_number
from wordlekit.errors import InvalidDateError, InvalidWordError, WordListError


def test_bundled_sizes(original: WordList, nyt: WordList) -> None:
    assert (len(original.answers), len(original.allowed), len(original.guesses)) == (
        2315,
        10657,
        12972,
    )
    assert (len(nyt.answers), len(nyt.allowed), len(nyt.guesses)) == (2309, 12546, 14855)
    assert set(original.answers) - set(nyt.answers) == {
        "agora",
        "fibre",
        "lynch",
        "pupal",
        "slave",
        "wench",
    }
    assert set(original.guesses) <= set(nyt.guesses)


def test_bundled_files_match_sources_md() -> None:
    data = resources.files("wordlekit").joinpath("data")
    sources = data.joinpath("SOURCES.md").read_text()
    for name in (
        "answers-2315.txt",
        "allowed-10657.txt",
        "answers-2315-daily-order.txt",
        "answers-nyt.txt",
        "allowed-nyt.txt",
    ):
        digest = hashlib.sha256(data.joinpath(name).read_bytes()).hexdigest()
        assert digest in sources, name


def test_answers_are_first_among_guesses(original: WordList) -> None:
    assert original.guesses[: len(original.answers)] == original.answers
    assert original.guess_index("cigar") == original.answer_index("cigar")


def test_membership_and_errors(original: WordList) -> None:
    assert original.check_guess(" CRANE ") == "crane"
    assert original.is_valid("aahed") and not original.is_answer("aahed")
    with pytest.raises(InvalidWordError, match="not in the original word list"):
        original.check_guess("xxxxx")
    with pytest.raises(InvalidWordError, match="6 letters"):
        original.check_guess("cranes")
    with pytest.raises(InvalidWordError, match="not a letter"):
        original.check_guess("cr4ne")
    with pytest.raises(InvalidWordError, match="never an answer"):
        original.check_answer("aahed")


def test_load_by_name_and_files(write_list, original: WordList) -> None:  # type: ignore[no-untyped-def]
    assert WordList.load("original") is original
    answers = write_list("a.txt", ["Cigar", "rebut", "", "# comment", "sissy"])
    allowed = write_list("b.txt", ["aahed", "cigar", "zymic"])
    wl = WordList.load(f"{answers},{allowed}")
    assert wl.answers == ("cigar", "rebut", "sissy")
    assert wl.allowed == ("aahed", "zymic")  # a full guess list may repeat the answers
    assert WordList.load(str(answers)).allowed == ()


def test_bad_lines_are_named(write_list) -> None:  # type: ignore[no-untyped-def]
    path = write_list("bad.txt", ["cigar", "rebut", "toolong", "ci9ar", "cigar", "ok", "sissy"])
    with pytest.raises(WordListError) as e:
        WordList.load(str(path))
    msg = str(e.value)
    assert "not 5 letters on lines 3, 6" in msg
    assert "non-letters on line 4" in msg
    assert "duplicates on line 5" in msg


@pytest.mark.parametrize("length", [4, 5, 6, 7, 8])
def test_lengths_4_to_8(write_list, length: int) -> None:  # type: ignore[no-untyped-def]
    words = ["a" * length, "b" * length, "ab" * (length // 2) + "c" * (length % 2)]
    wl = WordList.load(str(write_list("w.txt", words)))
    assert wl.length == length


@pytest.mark.parametrize("words", [["abc", "def"], ["abcdefghi"]])
def test_unsupported_lengths(write_list, words: list[str]) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(WordListError, match="not supported"):
        WordList.load(str(write_list("w.txt", words)))


def test_missing_and_bad_specs(tmp_path: Path) -> None:
    with pytest.raises(WordListError, match="no word list"):
        WordList.load("nonexistent.txt")
    with pytest.raises(WordListError, match="bad list"):
        WordList.load("a,b,c")
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(WordListError, match="UTF-8"):
        WordList.load(str(binary))
    empty = tmp_path / "empty.txt"
    empty.write_text("\n# nothing\n")
    with pytest.raises(WordListError, match="no words"):
        WordList.load(str(empty))


def test_allowed_file_must_match_length(write_list) -> None:  # type: ignore[no-untyped-def]
    a = write_list("a.txt", ["cigar"])
    b = write_list("b.txt", ["abcd"])
    with pytest.raises(WordListError, match="not 5 letters on line 1"):
        WordList.load(f"{a},{b}")


def test_daily_answer() -> None:
    assert daily_answer("2021-06-19") == "cigar"
    assert daily_answer(dt.date(2021, 6, 20)) == "rebut"
    assert day_number("2022-02-15") == 241
    assert daily_answer("2022-02-15") == "agora"  # the original game; the NYT served AROMA
    # the order wraps around after 2,315 days
    assert daily_answer(dt.date(2021, 6, 19) + dt.timedelta(days=2315)) == "cigar"
    assert len(daily_order()) == 2315
    assert sorted(daily_order()) == list(WordList.bundled().answers)


def test_daily_errors(nyt: WordList) -> None:
    with pytest.raises(InvalidDateError, match="before the first"):
        daily_answer("2021-06-18")
    with pytest.raises(InvalidDateError, match="bad date"):
        daily_answer("yesterday-ish")
    with pytest.raises(InvalidDateError, match="not an answer in the nyt list"):
        nyt.daily_answer("2022-02-15")  # AGORA was dropped by the NYT


def test_repr_and_equality(original: WordList) -> None:
    assert repr(original) == "WordList('original', answers=2315, allowed=10657, length=5)"
    copy = WordList.from_words(original.answers, original.allowed, name="copy")
    assert copy == original and hash(copy) == hash(original)
    assert copy.content_hash == original.content_hash


def test_a_list_of_its_own_has_its_own_daily_order() -> None:
    six = WordList.from_words(["planet", "rocket", "silver", "garden"], name="six")
    days = [six.daily_answer(dt.date(2022, 2, 15) + dt.timedelta(days=k)) for k in range(8)]
    assert sorted(days[:4]) == sorted(six.answers) and days[4:] == days[:4]
    again = WordList.from_words(["planet", "rocket", "silver", "garden"], name="six")
    assert again.daily_answer("2022-02-15") == days[0]  # the same for every player
    assert six.own_daily_order == again.own_daily_order


def test_answer_models_derive_a_list_whose_answers_are_every_valid_guess(
    original: WordList,
) -> None:
    from wordlekit.core.likely import likely_weights

    assert original.with_answers("list") is original
    for model in ("likely", "all"):
        wl = original.with_answers(model)
        assert wl.answer_model == model and wl.name == f"original-{model}"
        # answer i is still guess i, of the derived list and of the original one
        assert wl.answers == wl.guesses == original.guesses and wl.allowed == ()
        assert wl.check_answer("AIOLI") == "aioli" and wl.is_answer("aahed")
        assert original.with_answers(model) is wl  # cached
    likely, uniform = original.with_answers("likely"), original.with_answers("all")
    assert uniform.weights is None and likely.weights is not None
    assert likely.weights.sum() == pytest.approx(1.0)
    assert np.allclose(likely.weights, likely_weights(original.guesses))
    with pytest.raises(ValueError):  # read-only
        likely.weights[0] = 1.0
    # the same words share one pattern matrix; the weights make a different content
    assert likely.words_hash == uniform.words_hash != original.words_hash
    hashes = {original.content_hash, likely.content_hash, uniform.content_hash}
    assert len(hashes) == 3 and original.content_hash == original.words_hash
    assert likely != uniform and likely == WordList(
        "copy", likely.answers, (), "likely", likely.weights.copy()
    )
    assert "answer_model='likely'" in repr(likely)


def test_added_words(original: WordList) -> None:
    from wordlekit.core.likely import added_word_floor, prior

    floor = added_word_floor()

    listed = original.with_answers("list", ["aioli", "zzzzz"])
    assert listed.is_answer("aioli") and listed.is_answer("zzzzz") and not listed.weighted
    assert listed.answers[-2:] == ("aioli", "zzzzz") and "aioli" not in listed.allowed
    assert len(listed.guesses) == len(original.guesses) + 1
    likely = original.with_answers("likely", ["Zzzzz", "cigar"])
    assert likely.name == "original-likely+2" and likely.answers[-1] == "zzzzz"
    raw = prior(likely.answers)
    raw[-1] = max(raw[-1], floor)  # the floor of an added word
    raw[likely.answer_index("cigar")] = max(prior(["cigar"])[0], floor)
    assert np.allclose(likely.weights, raw / raw.sum())
    # an added word weighs like a typical answer, whatever the model thinks of its letters
    assert prior(["zzzzz"])[0] < floor / 1000
    assert likely.weights[-1] == pytest.approx(float(np.median(likely.weights[:2315])), rel=0.5)
    with pytest.raises(InvalidWordError, match="letters"):
        original.with_answers("likely", ["toolong"])


def test_the_likely_model_on_a_date(original: WordList) -> None:
    import datetime as dt

    day = dt.date(2026, 2, 2)  # CIGAR again, the NYT's first repeat
    undated, dated = original.with_answers("likely"), original.with_answers("likely", on=day)
    assert dated.as_of == day and undated.as_of is None
    assert dated.name == "original-likely@2026-02-02" and dated.words_hash == undated.words_hash
    assert original.with_answers("likely", on=day) is dated  # cached
    assert original.with_answers("list", on=day) is original  # a date is the likely model's
    cigar, focal = (dated.answer_index(w) for w in ("cigar", "focal"))  # served in 2021
    left = dated.answer_index("gavel")  # served on 2026-02-06, after the day
    # served words together get the repeat share measured before the day (none in the half
    # year before: (0 + 1/2) / 183), never nothing
    from wordlekit.core.history import History

    served = [dated.answer_index(w) for w in History.shipped().served_before(day)]
    assert float(dated.weights[served].sum()) == pytest.approx(0.5 / 183)
    assert 0 < dated.weights[cigar] < dated.weights[left] / 100
    ratio = undated.weights[cigar] / undated.weights[focal]
    assert dated.weights[cigar] / dated.weights[focal] == pytest.approx(ratio)


def test_bad_answer_models_and_weights(original: WordList) -> None:
    with pytest.raises(WordListError, match="unknown answer model 'likly'"):
        original.with_answers("likly")
    with pytest.raises(WordListError, match="one weight per answer"):
        WordList("w", ("cigar", "rebut"), (), "likely", np.array([1.0]))
    with pytest.raises(WordListError, match="non-negative"):
        WordList("w", ("cigar", "rebut"), (), "likely", np.array([1.0, -1.0]))
