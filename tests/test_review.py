"""Game reviews: hand-checked figures, a perfect game, errors naming the turn."""

from __future__ import annotations

import math

import pytest

from wordlekit.analysis.review import finish_estimate, review
from wordlekit.core.feedback import Turn, score
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.jsonable import to_json

ORIGINAL = WordList.bundled()


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL)


def turns(answer: str, *guesses: str) -> list[Turn]:
    return [Turn(g, score(g, answer)) for g in guesses]


def test_the_bots_own_game_scores_full_skill(pm: PatternMatrix) -> None:
    r = review(pm, turns("cigar", "salet", "brond", "chair", "cigar"))
    assert r.solved and r.answer == "cigar"
    # the first turn (2,315 words) is anchored on the proven tree; the others are exact
    assert r.turns[0].method == "estimate" and r.turns[0].expected_best == pytest.approx(
        7920 / 2315
    )
    for t in r.turns:
        assert t.skill == 100 and t.best_guess == t.guess
    assert r.skill == 100
    for t in r.turns[1:]:
        assert t.method == "exact"
    assert r.bot_guesses == ("salet", "brond", "chair", "cigar")
    assert "as many as it" in r.summary


def test_hand_checked_small_case(pm: PatternMatrix) -> None:
    # After CRANE:bbggb (16 answers) and MOIST (one left: GIANT), GIANT wins.
    r = review(pm, turns("giant", "crane", "moist", "giant"))
    t1, t2, t3 = r.turns
    assert (t1.remaining_before, t1.remaining_after) == (2315, 16)
    assert t1.bits == pytest.approx(math.log2(2315 / 16))
    assert (t2.remaining_before, t2.remaining_after) == (16, 1)
    assert t2.bits == pytest.approx(4.0)
    # the last turn: one word left and it was played
    assert (t3.remaining_before, t3.remaining_after) == (1, 0)
    assert t3.expected_played == 1.0 == t3.expected_best and t3.skill == 100 and t3.rank == 1
    # MOIST's expectation: it wins for no answer of the 16 and splits them into 16 singletons?
    # Exactly: 1 (MOIST) + for each answer the optimal cost of its bucket, averaged.
    assert t2.method == "exact"
    assert t2.expected_played >= t2.expected_best
    assert t2.skill == round(100 - 100 * (t2.expected_played - t2.expected_best))
    # luck: GIANT was alone in its bucket; the share of answers that would leave more words
    assert 0 <= t2.luck <= 100


def test_luck_extremes(pm: PatternMatrix) -> None:
    # two candidates left: guessing one of them and being right is the luckiest outcome
    r = review(pm, turns("cigar", "salet", "brond", "chair", "cigar"))
    last = r.turns[-1]
    assert last.remaining_before == 1 and last.luck == 50  # nothing could have gone otherwise
    # winning on a guess that could also have left words: lucky
    r = review(pm, turns("giant", "crane", "giant"))
    assert r.turns[1].remaining_after == 0 and r.turns[1].luck > 50


def test_estimate_is_documented_and_monotone() -> None:
    assert finish_estimate(1) == 1.0 and finish_estimate(2) == 1.5
    values = [finish_estimate(b) for b in range(1, 3000)]
    assert values == sorted(values)


def test_answer_and_errors(pm: PatternMatrix) -> None:
    with pytest.raises(WordleError, match="turn 2"):
        review(pm, [Turn.parse("crane:bbbbb"), Turn.parse("plant:ggggg")])
    with pytest.raises(WordleError, match="turn 1: CRANE against CIGAR gives"):
        review(pm, [Turn.parse("crane:bbbbb")], answer="cigar")
    with pytest.raises(WordleError, match="nothing to review"):
        review(pm, [])
    with pytest.raises(WordleError, match="breaks hard mode"):
        review(pm, turns("cigar", "crane", "salty"), mode=Mode.HARD)


def test_unfinished_game(pm: PatternMatrix) -> None:
    r = review(pm, turns("cigar", "crane", "moist"))
    assert not r.solved and r.answer is None and r.bot_guesses == ()
    assert "stopped after 2 guesses" in r.summary
    d = to_json(r)
    for t in d["turns"]:  # type: ignore[union-attr]
        assert {
            "remaining_before",
            "remaining_after",
            "bits",
            "best_bits",
            "best_guess",
            "skill",
            "luck",
        } <= set(t)


@pytest.mark.slow
def test_a_long_lost_game_has_finite_expectations(pm: PatternMatrix) -> None:
    # Late turns cannot finish within six any more: values fall back to no limit.
    guesses = ["fuzzy", "jumbo", "vivid", "mummy", "pygmy", "dizzy"]
    r = review(pm, turns("octet", *guesses), answer="octet")
    for t in r.turns:
        assert 1 <= t.expected_best <= t.expected_played < 30, t
    assert not r.solved


def test_turns_after_a_win_are_refused(pm: PatternMatrix) -> None:
    with pytest.raises(WordleError, match="turn 4: the game was already won at turn 3"):
        review(pm, turns("giant", "crane", "moist", "giant", "slate"))
    with pytest.raises(WordleError, match="answer:"):
        review(pm, turns("giant", "crane"), answer="xxxxx")


def test_a_review_with_its_own_cache_is_the_same(pm: PatternMatrix) -> None:
    from wordlekit.solve.optimal_cache import OptimalCache

    game = turns("cigar", "crane", "moist", "cigar")
    cache = OptimalCache()
    own = review(pm, game, cache=cache)
    assert to_json(own) == to_json(review(pm, game))
    assert len(cache.solvers) == 1  # the review's solver stayed in the cache given


# Ultrahard mode, on a small list (the exact solver's ultrahard trees are quick there) --------

SMALL = WordList.from_words(
    ORIGINAL.answers[:60], [w for w in ORIGINAL.allowed[:300]] + ["salet"], name="small-ultra"
)


@pytest.fixture(scope="module")
def small() -> PatternMatrix:
    return PatternMatrix.for_list(SMALL)


def test_an_ultrahard_review_plays_and_values_ultrahard(small: PatternMatrix) -> None:
    from wordlekit.core.rules import ultrahard_violation
    from wordlekit.solve.bot import play
    from wordlekit.solve.optimal_strategy import Optimal

    answer = SMALL.answers[17]
    bot = play(small, answer, Optimal(), mode=Mode.ULTRAHARD)
    history = [Turn(s.guess, s.pattern) for s in bot.steps]
    r = review(small, history, mode=Mode.ULTRAHARD)
    assert r.mode is Mode.ULTRAHARD and to_json(r)["mode"] == "ultrahard"
    assert r.bot_guesses == tuple(s.guess for s in bot.steps)
    for k, t in enumerate(r.turns):
        # the best guess is one that could be the answer, and the bot's own game is perfect
        assert ultrahard_violation(history[:k], t.best_guess, SMALL) is None
        assert t.skill == 100, t


def test_an_ultrahard_review_refuses_a_guess_that_could_not_be_the_answer(
    small: PatternMatrix,
) -> None:
    answer = SMALL.answers[3]
    with pytest.raises(WordleError, match="turn 1 breaks ultrahard mode: SALET cannot be the"):
        review(small, [Turn("salet", score("salet", answer))], mode=Mode.ULTRAHARD)
    first = next(w for w in SMALL.answers if w != answer)
    turn = Turn(first, score(first, answer))
    second = next(w for w in SMALL.answers if score(first, w) != turn.pattern)
    with pytest.raises(WordleError, match=f"turn 2 breaks ultrahard mode: {second.upper()} cannot"):
        review(small, [turn, Turn(second, score(second, answer))], mode=Mode.ULTRAHARD)


@pytest.mark.slow
def test_review_with_likely_and_all_answers(likely_pm: PatternMatrix) -> None:
    """Every valid word may be the answer: each turn by the estimate with the words'
    probabilities, the entropy bot compared with."""
    from wordlekit.analysis.guess_values import estimate
    from wordlekit.solve.state import GameState

    turns = [Turn(g, score(g, "aioli")) for g in ("crane", "slate", "aioli")]
    r = review(likely_pm, turns)
    assert r.answers == "likely" and r.bot == "entropy" and r.solved
    assert [t.method for t in r.turns] == ["estimate"] * 3
    first = r.turns[0]
    seen = GameState.from_turns(likely_pm, turns[:1]).weights.sum()
    assert first.bits == pytest.approx(-math.log2(seen))  # the pattern's information
    assert first.remaining_before == 12972 and first.remaining_after == 1200
    assert first.expected_best <= first.expected_played and 0 <= first.skill <= 100
    assert "The entropy bot needs" in r.summary and to_json(r)["answers"] == "likely"
    # equal weights: the review's own estimate
    uniform = PatternMatrix(likely_pm.wordlist.with_answers("all"), likely_pm.data)
    u = review(uniform, turns)
    state = GameState.from_turns(uniform, turns[:1])
    est = estimate(state)
    g = uniform.wordlist.guess_index("slate")
    assert u.turns[1].expected_played == pytest.approx(est[g])
    assert u.turns[1].expected_best == pytest.approx(est.min())
