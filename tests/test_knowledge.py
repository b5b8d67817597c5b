"""Knowledge from turns: exact candidates, contradictions, summaries and hint input."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.constraints import LetterConstraints, filter_by_hints, impossible_reason
from wordlekit.core.feedback import Turn, parse_pattern, score
from wordlekit.core.knowledge import Knowledge, narrow, probabilities, ranked
from wordlekit.core.words import WordList
from wordlekit.errors import (
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    WordleError,
)

ORIGINAL = WordList.bundled("original")


def turns_for(answer: str, guesses: list[str]) -> list[Turn]:
    return [Turn(g, score(g, answer)) for g in guesses]


def brute_force(turns: list[Turn], words: tuple[str, ...]) -> list[str]:
    return [w for w in words if all(score(t.guess, w) == t.pattern for t in turns)]


def test_turn_parsing_and_repr() -> None:
    t = Turn.parse("CRANE:bbygb")
    assert t == Turn("crane", parse_pattern("bbygb"))
    assert repr(t) == "Turn.parse('crane:bbygb')"
    assert eval(repr(t)) == t
    assert (
        Turn.parse("crane=⬛⬛🟨🟩⬛")
        == t
        == Turn.parse("crane 00120")
        == Turn.of("crane", "nnygn")
    )
    assert str(t) == "crane:bbygb"
    with pytest.raises(InvalidPatternError, match="GUESS:PATTERN"):
        Turn.parse("crane")
    with pytest.raises(InvalidPatternError):
        Turn.parse("crane:bbyg")
    with pytest.raises(InvalidWordError):
        Turn.parse("cr4ne:bbygb")


def test_candidates_example() -> None:
    k = Knowledge([Turn.parse("crane:bbggb"), Turn.parse("moist:bbybg")])
    assert k.candidates == ("giant",)
    assert [(s.before, s.after) for s in k.steps] == [(2315, 16), (16, 1)]
    assert k.steps[1].bits == pytest.approx(4.0)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(ORIGINAL.answers),
    st.lists(st.sampled_from(ORIGINAL.guesses), min_size=1, max_size=3),
    st.sampled_from(["answers", "valid"]),
)
def test_filter_equals_brute_force(answer: str, guesses: list[str], pool: str) -> None:
    turns = turns_for(answer, guesses)
    k = Knowledge(turns, ORIGINAL, pool)  # type: ignore[arg-type]
    words = ORIGINAL.answers if pool == "answers" else ORIGINAL.guesses
    assert list(k.candidates) == brute_force(turns, words)
    assert answer in k.candidates


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(ORIGINAL.answers),
    st.lists(st.sampled_from(ORIGINAL.guesses), min_size=1, max_size=4),
)
def test_every_candidate_satisfies_the_summary(answer: str, guesses: list[str]) -> None:
    k = Knowledge(turns_for(answer, guesses), ORIGINAL, "valid")
    summary = k.summary
    assert summary.conflict() is None
    assert all(summary.allows(w) for w in k.candidates)
    codes_mask = summary.mask(k._pool_codes)
    assert codes_mask[k.mask].all()


def test_summary_with_repeated_letters() -> None:
    # SPEED against ABIDE: one E exactly (yellow then gray), not at 3 or 4; D not at 5
    k = Knowledge([Turn("speed", score("speed", "abide"))])
    s = k.summary
    assert s.min_count["e"] == 1 and s.max_count["e"] == 1
    assert s.excluded["e"] == {2, 3}
    assert s.max_count["s"] == 0 and s.max_count["p"] == 0
    text = " ".join(s.describe())
    assert "E once" in text and "Absent: P S" in text
    assert "abide" in k.candidates


def test_contradiction_names_the_turn() -> None:
    with pytest.raises(InconsistentFeedbackError, match=r"turn 2 .* contradicts turn 1") as e:
        Knowledge([Turn.parse("crane:bbbbb"), Turn.parse("plant:ggggg")])
    assert e.value.turn == 2
    with pytest.raises(InconsistentFeedbackError, match="turn 3") as e:
        Knowledge([Turn.parse("crane:bbbbb"), Turn.parse("moist:bbbbb"), Turn.parse("plumb:ggggg")])
    assert e.value.turn == 3


def test_feedback_no_word_can_produce() -> None:
    # yellows are given left to right: a gray E before a yellow E is impossible
    with pytest.raises(InconsistentFeedbackError, match=r"turn 1 .* impossible") as e:
        Knowledge([Turn.parse("eerie:bybbb")])
    assert e.value.turn == 1
    # four greens and a yellow: the yellow letter has nowhere to go
    with pytest.raises(InconsistentFeedbackError, match="impossible"):
        Knowledge([Turn.parse("crane:ggggy")])


def test_feedback_no_answer_gives() -> None:
    with pytest.raises(InconsistentFeedbackError, match="no possible answer gives"):
        Knowledge([Turn.parse("xylyl:ggggg")])


def test_unknown_guess_word() -> None:
    with pytest.raises(InvalidWordError, match="turn 1: XXXXX is not in the original word list"):
        Knowledge([Turn.parse("xxxxx:bbbbb")])
    with pytest.raises(InvalidWordError, match="4 letters"):
        Knowledge([Turn.parse("cran:bbbb")])


@given(
    st.text("abc", min_size=4, max_size=4),
    st.integers(min_value=0, max_value=3**4 - 1),
)
def test_impossible_reason_equals_brute_force(guess: str, pattern: int) -> None:
    # A filler letter absent from the guess is enough to build any possible answer.
    possible = any(score(guess, "".join(w)) == pattern for w in itertools.product("abcd", repeat=4))
    assert (impossible_reason(guess, pattern) is None) == possible


def test_hints_known_contains_absent() -> None:
    words = filter_by_hints(LetterConstraints.from_hints("?r??e", "a", "st"))
    expected = [
        w
        for w in ORIGINAL.answers
        if w[1] == "r" and w[4] == "e" and "a" in w and "s" not in w and "t" not in w
    ]
    assert list(words) == expected
    assert "crane" in words


def test_hints_repeated_letters() -> None:
    # a green E and a gray E elsewhere: exactly one E
    one_e = filter_by_hints(LetterConstraints.from_hints("????e", "", "e"))
    assert one_e and all(w.count("e") == 1 and w[4] == "e" for w in one_e)
    # two Es asked for
    two_e = filter_by_hints(LetterConstraints.from_hints("????e", "ee", ""))
    assert two_e and all(w.count("e") >= 2 for w in two_e)
    assert set(two_e) <= set(filter_by_hints(LetterConstraints.from_hints("????e", "e", "")))


def test_hints_yellow_excluded_from_its_position() -> None:
    words = filter_by_hints(LetterConstraints.from_hints(misplaced=["a????", "?a???"]))
    assert words and all("a" in w and w[0] != "a" and w[1] != "a" for w in words)
    assert len(words) == sum(1 for w in ORIGINAL.answers if "a" in w and w[0] != "a" != w[1])


def test_hints_equal_turn_filter_for_a_simple_turn() -> None:
    # CRANE against GIANT: C R E absent, A N green; the hints say the same thing
    by_turn = Knowledge([Turn("crane", score("crane", "giant"))]).candidates
    by_hints = filter_by_hints(LetterConstraints.from_hints("??an?", "", "cre"))
    assert by_turn == by_hints


def test_hint_errors() -> None:
    with pytest.raises(InvalidPatternError, match="expected 5"):
        LetterConstraints.from_hints("?r?e")
    with pytest.raises(InvalidPatternError, match="bad character"):
        LetterConstraints.from_hints("?r!?e")
    with pytest.raises(InvalidPatternError, match="bad letters"):
        LetterConstraints.from_hints(contains="a1")
    with pytest.raises(InconsistentFeedbackError, match="more than 5 letters"):
        filter_by_hints(LetterConstraints.from_hints(contains="abcdef"))
    # a green S and "S absent" is no conflict: it means exactly one S
    assert LetterConstraints.from_hints("s????", "", "s").max_count["s"] == 1
    bad = LetterConstraints.from_hints(misplaced=["s????"], known="s????")
    assert "both placed and excluded" in (bad.conflict() or "")


def test_random_games_always_keep_the_answer() -> None:
    rng = random.Random(7)
    for _ in range(50):
        answer = rng.choice(ORIGINAL.answers)
        guesses = rng.sample(ORIGINAL.guesses, 4)
        k = Knowledge(turns_for(answer, guesses))
        assert answer in k.candidates


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.text("abcdef", min_size=5, max_size=5), min_size=1, max_size=40),
    st.lists(st.text("abcdef", min_size=5, max_size=5), min_size=1, max_size=3),
    st.text("abcdef", min_size=5, max_size=5),
)
def test_narrow_is_the_exact_rule(words: list[str], guesses: list[str], secret: str) -> None:
    turns = [(g, score(g, secret)) for g in guesses]
    expected = [w for w in words if all(score(g, w) == p for g, p in turns)]
    assert narrow(words, *turns) == expected
    assert secret in narrow([*words, secret], *turns)


def test_narrow_reads_every_form_of_a_turn() -> None:
    words = ["alone", "nylon", "colon", "knoll", "talon"]
    expected = ["alone", "knoll"]
    assert narrow(words, "pylon", "nnyyy") == expected
    assert narrow(words, "pylon:⬛⬛🟨🟨🟨") == expected
    assert narrow(words, "pylon", "00111") == expected
    assert narrow(words, Turn.parse("pylon:bbyyy")) == expected
    assert narrow(iter(words), ("pylon", score("pylon", "alone"))) == expected
    assert narrow(words) == words


def test_narrow_errors() -> None:
    with pytest.raises(WordleError, match="no pattern"):
        narrow(["crane"], "pylon")
    with pytest.raises(WordleError, match="same length"):
        narrow(["cranes"], "pylon:bbbbb")
    with pytest.raises(WordleError):
        narrow(["crane"], "pylon", "bbq")


# The likely answer model: every valid word may be the answer, with a probability --------------


def test_after_crane_aioli_is_a_candidate_ranked_by_probability(likely: WordList) -> None:
    """AIOLI, a real answer outside the original list: CRANE shows only its A, yellow."""
    listed = Knowledge([Turn.parse("crane:bbybb")])
    assert len(listed) == 134 and "aioli" not in listed.candidates
    k = Knowledge([Turn.parse("crane:bbybb")], likely)
    assert len(k) == 1200 and "aioli" in k.candidates
    ranked = k.ranked()
    assert [w for w, _ in ranked][:3] == ["about", "today", "daily"]  # common answers first
    probs = [p for _, p in ranked]
    assert probs == sorted(probs, reverse=True) and sum(probs) == pytest.approx(1.0)
    p = dict(ranked)
    assert p["about"] > p["aioli"] > p["aalii"] > 0
    # the prior renormalised over the words left
    w = likely.weights
    assert p["aioli"] == pytest.approx(
        w[likely.answer_index("aioli")] / sum(w[likely.answer_index(x)] for x in k.candidates)
    )


def test_a_turn_s_bits_are_the_information_of_its_pattern(likely: WordList) -> None:
    k = Knowledge([Turn.parse("crane:bbybb"), Turn.parse("moist:bbbbb")], likely)
    first, second = k.steps
    assert (first.before, first.after) == (12972, 1200)
    seen = sum(
        likely.weights[likely.answer_index(w)] for w in Knowledge(k.turns[:1], likely).candidates
    )
    assert first.probability == pytest.approx(seen)
    assert first.bits == pytest.approx(-math.log2(seen))
    assert second.mass_before == pytest.approx(first.mass_after)
    uniform = Knowledge(k.turns, ORIGINAL.with_answers("all"))
    assert uniform.steps[0].probability is None
    assert uniform.steps[0].bits == pytest.approx(math.log2(12972 / 1200))
    assert uniform.probabilities.tolist() == pytest.approx([1 / len(uniform)] * len(uniform))


def test_no_valid_word_fits(likely: WordList) -> None:
    turns = [Turn.parse("crane:bbybb"), Turn.parse("aioli:ggggb")]
    with pytest.raises(InconsistentFeedbackError, match="no valid word gives this") as e:
        Knowledge(turns, likely)
    assert e.value.turn == 2
    turns = [Turn.parse("crane:bbybb"), Turn.parse("about:ybbbb"), Turn.parse("gawky:bbbbb")]
    assert len(Knowledge(turns[:2], likely)) == 375
    with pytest.raises(InconsistentFeedbackError, match="no valid word fits") as e:
        Knowledge(turns, likely)  # every A-word left has an A; GAWKY says none
    assert e.value.turn == 3


def test_one_rule_for_the_candidates_probabilities() -> None:
    """:func:`probabilities` and :func:`ranked` are what Knowledge (and the solvers' game
    state) use: weights renormalised, equal without them or when they sum to nothing."""
    assert probabilities([1.0, 3.0], 2).tolist() == [0.25, 0.75]
    assert probabilities(None, 3).tolist() == pytest.approx([1 / 3] * 3)
    assert probabilities([0.0, 0.0], 2).tolist() == [0.5, 0.5]
    assert probabilities(None, 0).tolist() == []
    with pytest.raises(ValueError, match="one weight per candidate"):
        probabilities([1.0], 2)
    assert ranked(["b", "a", "c"], [0.3, 0.3, 0.4]) == [("c", 0.4), ("a", 0.3), ("b", 0.3)]
