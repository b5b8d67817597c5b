"""The services of advice, the bot and the review: the same answers as the library, typed,
and labelled fallbacks past the budget."""

from __future__ import annotations

import pytest

from wordlekit.budget import Budget
from wordlekit.core.feedback import Turn
from wordlekit.core.knowledge import turns_from_guesses
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, InconsistentFeedbackError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import advice, catalog
from wordlekit.services import bot as bots
from wordlekit.services import review as reviews
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState

FUZZY = [Turn.parse("fuzzy:bbbbb")]


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(WordList.bundled())


def test_assist_is_the_strategy_s_ranking(pm: PatternMatrix) -> None:
    turns = [Turn.parse("crane:bbggb")]
    out = advice.assist(pm, turns, strategy="minimax", top=4)
    state = GameState.from_turns(pm, turns)
    assert [s.word for s in out.advice.suggestions] == [
        s.word for s in get_strategy("minimax").rank(state, 4)
    ]
    assert out.remaining == 16 and out.advice.exact and out.advice.used == "minimax"
    assert out.advice.note is None and out.steps[0].after == 16


def test_assist_refuses_contradictions_and_unknown_strategies(pm: PatternMatrix) -> None:
    with pytest.raises(InconsistentFeedbackError):
        advice.assist(pm, [Turn.parse("crane:bbbbb"), Turn.parse("plant:ggggg")])
    with pytest.raises(WordleError, match="unknown strategy"):
        advice.assist(pm, [], strategy="nope")


def test_optimal_within_the_budget_is_exact(pm: PatternMatrix) -> None:
    with Budget(60).active():
        out = advice.assist(pm, [Turn.parse("salet:bybbb")], strategy="optimal", top=1)
    assert out.advice.exact and out.advice.used == "optimal"
    assert out.advice.suggestions[0].word == "brond"


def test_optimal_past_the_budget_falls_back_to_entropy(pm: PatternMatrix) -> None:
    with Budget(0.2).active():
        out = advice.assist(pm, FUZZY, strategy="optimal", top=5)
    entropy = get_strategy("entropy").rank(GameState.from_turns(pm, FUZZY), 5)
    assert not out.advice.exact and out.advice.strategy == "optimal"
    assert out.advice.used == "entropy"
    assert [s.word for s in out.advice.suggestions] == [s.word for s in entropy]
    assert out.advice.note is not None and "0.2 s" in out.advice.note
    assert "wordle suggest" in out.advice.note


def test_a_node_budget_falls_back_the_same_way(pm: PatternMatrix) -> None:
    with Budget(nodes=5).active():
        out = advice.hint(pm, FUZZY, strategy="optimal")
    assert not out.advice.exact and out.suggestion.word == out.advice.suggestions[0].word


def test_the_bot_goes_on_with_entropy_from_the_turn_the_budget_ran_out(pm: PatternMatrix) -> None:
    with Budget(0.2).active():
        out = bots.solve(pm, "cigar", strategy="optimal", start="fuzzy")
    assert out.solved and out.strategy == "optimal"
    assert not out.exact and out.fallback_from_turn == 2
    assert out.turns[0].guess == "fuzzy"
    # within the budget: the proven tree, exact
    with Budget(30).active():
        exact = bots.solve(pm, "cigar", strategy="optimal")
    assert exact.exact and exact.fallback_from_turn is None
    assert [t.guess for t in exact.turns] == ["salet", "brond", "chair", "cigar"]


@pytest.mark.slow
def test_a_review_past_the_budget_uses_the_estimate_and_says_so(pm: PatternMatrix) -> None:
    turns = [Turn.parse("crane:bbbbb")] * 8
    with Budget(0.05).active():
        out = reviews.review(pm, turns)
    assert not out.complete and out.note is not None and "estimate" in out.note
    assert {t.method for t in out.turns} == {"estimate"}
    full = reviews.review(pm, turns[:3])
    assert full.complete and full.note is None
    # the same set and guess again: valued once, the same figures every turn
    assert full.turns[1].expected_best == full.turns[2].expected_best


def test_cancellation_is_never_degraded(pm: PatternMatrix) -> None:
    b = Budget()
    b.cancel()
    with b.active():
        for call in (
            lambda: advice.assist(pm, FUZZY, strategy="optimal"),
            lambda: bots.solve(pm, "cigar", strategy="optimal", start="fuzzy"),
            lambda: reviews.review(pm, [Turn.parse("crane:bbbbb")] * 3),
        ):
            with pytest.raises(BudgetExceeded) as e:
                call()
            assert e.value.reason == "cancelled"


def test_turns_from_guesses_names_the_turn() -> None:
    wl = WordList.bundled()
    turns = turns_from_guesses(wl, ["crane", "cigar"], "cigar")
    assert turns == [Turn.parse("crane:gyybb"), Turn.parse("cigar:ggggg")]
    with pytest.raises(WordleError, match="turn 2"):
        turns_from_guesses(wl, ["crane", "zz"], "cigar")
    with pytest.raises(WordleError, match="answer"):
        turns_from_guesses(wl, ["crane"], "zzzzz")


def test_only_the_exact_search_counts_as_expensive() -> None:
    assert catalog.is_expensive("optimal") and catalog.is_expensive(" Optimal ")
    assert not catalog.is_expensive("entropy") and not catalog.is_expensive(None)


# What a person is advised: a word that could be the answer, when nearly as good --------------

ONE_LEFT = [Turn.parse("crane:bbggb"), Turn.parse("moist:bbybg")]  # only GIANT remains


def test_a_hint_says_whether_its_word_can_be_the_answer(pm: PatternMatrix) -> None:
    far = advice.hint(pm, [Turn.parse("crane:bbggb")])
    assert far.suggestion.word == "kilps" and not far.suggestion.can_win
    assert far.verdict == "cannot be the answer, but narrows it to ≤ 2 words"
    assert far.advice.passed_over is None  # no possible answer comes within 0.1 bits of KILPS
    assert "0.1 bits" in far.rule and far.advice.suggestions == (far.suggestion,)
    last = advice.hint(pm, ONE_LEFT)
    assert last.suggestion.word == "giant"
    assert last.verdict == "is the only possible answer"


def test_a_hint_prefers_a_possible_answer_within_the_rule(pm: PatternMatrix) -> None:
    turns = [Turn.parse("crane:bbybb")]
    state = GameState.from_turns(pm, turns)
    own = get_strategy("entropy").rank(state, 1)[0]
    out = advice.hint(pm, turns)
    best = out.suggestion
    assert out.advice.passed_over == own.word == "toils" and not own.can_win
    assert best.word == "salty" and best.can_win and best.word in state.candidate_words
    assert own.bits - advice.ANSWER_PREFERENCE_BITS <= best.bits < own.bits
    assert out.verdict.startswith("could be the answer, and otherwise narrows it to ≤ ")
    # the word preferred: the possible answer with the most information (entropy's own pick
    # among the candidates)
    only = GameState(pm, state.history, state.candidates, pool=GuessPool.CANDIDATES)
    assert get_strategy("entropy").rank(only, 1)[0].word == best.word


def test_the_preference_leaves_the_opener_and_the_exact_search_alone(pm: PatternMatrix) -> None:
    opener = advice.hint(pm, [])
    assert opener.suggestion.word == "soare" and opener.advice.passed_over is None
    assert opener.verdict == "cannot be the answer, but narrows it to ≤ 183 words"
    with Budget(60).active():
        exact = advice.hint(pm, [Turn.parse("salet:bybbb")], strategy="optimal")
    assert exact.advice.exact and exact.suggestion.word == "brond"
    assert exact.advice.passed_over is None and not exact.suggestion.can_win
    # the same turns with a heuristic: a possible answer within 0.1 bits goes first
    heuristic = advice.hint(pm, [Turn.parse("salet:bybbb")], strategy="minimax")
    assert heuristic.suggestion.can_win and heuristic.advice.passed_over == "bronc"


def test_the_preference_in_hard_mode_plays_a_legal_word(pm: PatternMatrix) -> None:
    from wordlekit.core.rules import hard_mode_violation

    turns = [Turn.parse("crane:bbybb")]
    out = advice.hint(pm, turns, mode=Mode.HARD)
    assert hard_mode_violation(turns, out.suggestion.word) is None


def test_ultrahard_hints_assist_and_bot_only_play_words_that_could_be_the_answer(
    pm: PatternMatrix,
) -> None:
    from wordlekit.core.rules import ultrahard_violation

    wl = pm.wordlist
    turns = [Turn.parse("crane:bbybb")]
    out = advice.hint(pm, turns, mode=Mode.ULTRAHARD)
    assert ultrahard_violation(turns, out.suggestion.word, wl) is None
    assert out.suggestion.can_win and out.advice.passed_over is None
    helped = advice.assist(pm, turns, top=5, mode="ultrahard")
    assert helped.advice.suggestions and all(s.can_win for s in helped.advice.suggestions)
    assert helped.advice.suggestions[0].word == out.suggestion.word
    game = bots.solve(pm, "cigar", start="crane", mode=Mode.ULTRAHARD)
    history: list[Turn] = []
    for step in game.turns:
        assert ultrahard_violation(history, step.guess, wl) is None
        history.append(Turn(step.guess, step.pattern))
    assert game.solved
    with pytest.raises(WordleError, match="SALET cannot be the answer"):
        bots.solve(pm, "cigar", start="salet", mode="ultrahard")


def test_assist_puts_the_hint_first(pm: PatternMatrix) -> None:
    """Assist's first suggestion is the hint; the strategy's choice it replaced comes next,
    then the strategy's ranking."""
    turns = [Turn.parse("crane:bbybb")]
    out = advice.assist(pm, turns, top=5)
    words = [s.word for s in out.advice.suggestions]
    assert words[0] == advice.hint(pm, turns).suggestion.word == "salty"
    assert out.advice.passed_over == words[1] == "toils" and len(words) == 5
    assert out.rule == advice.ANSWER_PREFERENCE
    ranked = get_strategy("entropy").rank(GameState.from_turns(pm, turns), 5)
    assert words[1:] == [s.word for s in ranked if s.word != "salty"][:4]


@pytest.mark.parametrize(
    "strategy", ["entropy", "minimax", "letter-frequency", "positional", "random", "optimal"]
)
def test_with_one_candidate_the_only_suggestion_is_that_word(
    pm: PatternMatrix, strategy: str
) -> None:
    with Budget(60).active():
        out = advice.assist(pm, ONE_LEFT, strategy=strategy, top=10)
    assert out.remaining == 1 and out.candidates == ("giant",)
    assert [s.word for s in out.advice.suggestions] == ["giant"]


@pytest.mark.parametrize("strategy", ["entropy", "minimax", "letter-frequency", "positional"])
def test_suggestions_never_list_a_guess_that_can_neither_win_nor_split(
    pm: PatternMatrix, strategy: str
) -> None:
    # four words left: many guesses do not split them; those must not be listed
    turns = [Turn.parse("crane:bbggb"), Turn.parse("light:ybbbb")]
    out = advice.assist(pm, turns, strategy=strategy, top=100)
    assert out.remaining >= 2
    assert all(s.parts > 1 or s.can_win for s in out.advice.suggestions)
    few = advice.assist(pm, ONE_LEFT, strategy=strategy, top=100)
    assert [s.word for s in few.advice.suggestions] == ["giant"]


# The likely answer model -------------------------------------------------------------------------


def test_assist_hint_and_solve_with_likely_answers(likely_pm: PatternMatrix) -> None:
    turns = [Turn.parse("crane:bbybb")]
    out = advice.assist(likely_pm, turns, top=3)
    assert out.answers == "likely" and out.remaining == 1200
    assert out.candidates[0] == "about" and out.probabilities and len(out.probabilities) == 200
    assert list(out.probabilities) == sorted(out.probabilities, reverse=True)
    assert all(s.probability is not None for s in out.advice.suggestions)
    state = GameState.from_turns(likely_pm, turns)
    assert out.advice.suggestions[0].word == get_strategy("entropy").rank(state, 1)[0].word
    assert out.advice.passed_over is None  # the strategies' own near-tie rule decides
    hint = advice.hint(likely_pm, turns)
    assert hint.suggestion.word == out.advice.suggestions[0].word
    game = bots.solve(likely_pm, "aioli")
    assert game.solved and game.answers == "likely" and game.guesses <= 6
    plain = advice.assist(PatternMatrix.for_list(WordList.bundled()), turns, top=1)
    assert plain.answers == "list" and plain.probabilities is None


def test_the_worst_case_strategy_is_refused_with_likely_answers(likely_pm: PatternMatrix) -> None:
    for call in (
        lambda: advice.assist(likely_pm, [], strategy="optimal-worst"),
        lambda: bots.solve(likely_pm, "aioli", strategy="optimal-worst"),
    ):
        with pytest.raises(WordleError, match="plays only the answer list"):
            call()
