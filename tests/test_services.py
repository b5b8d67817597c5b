"""The services: the same answers as the library, and labelled fallbacks past the budget."""

from __future__ import annotations

import pytest

from wordlekit.budget import Budget
from wordlekit.core.feedback import Turn
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, InconsistentFeedbackError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import operations as services
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState

FUZZY = [Turn.parse("fuzzy:bbbbb")]


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(WordList.bundled())


def test_assist_is_the_strategy_s_ranking(pm: PatternMatrix) -> None:
    turns = [Turn.parse("crane:bbggb")]
    out = services.assist(pm, turns, strategy="minimax", top=4)
    state = GameState.from_turns(pm, turns)
    assert [s["word"] for s in out["suggestions"]] == [
        s.word for s in get_strategy("minimax").rank(state, 4)
    ]
    assert out["remaining"] == 16 and out["exact"] and out["used"] == "minimax"
    assert out["note"] is None and out["steps"][0]["after"] == 16


def test_assist_refuses_contradictions_and_unknown_strategies(pm: PatternMatrix) -> None:
    with pytest.raises(InconsistentFeedbackError):
        services.assist(pm, [Turn.parse("crane:bbbbb"), Turn.parse("plant:ggggg")])
    with pytest.raises(WordleError, match="unknown strategy"):
        services.assist(pm, [], strategy="nope")


def test_optimal_within_the_budget_is_exact(pm: PatternMatrix) -> None:
    with Budget(60).active():
        out = services.assist(pm, [Turn.parse("salet:bybbb")], strategy="optimal", top=1)
    assert out["exact"] and out["used"] == "optimal"
    assert out["suggestions"][0]["word"] == "brond"


def test_optimal_past_the_budget_falls_back_to_entropy(pm: PatternMatrix) -> None:
    with Budget(0.2).active():
        out = services.assist(pm, FUZZY, strategy="optimal", top=5)
    entropy = get_strategy("entropy").rank(GameState.from_turns(pm, FUZZY), 5)
    assert not out["exact"] and out["strategy"] == "optimal" and out["used"] == "entropy"
    assert [s["word"] for s in out["suggestions"]] == [s.word for s in entropy]
    assert "0.2 s" in out["note"] and "wordle suggest" in out["note"]


def test_a_node_budget_falls_back_the_same_way(pm: PatternMatrix) -> None:
    with Budget(nodes=5).active():
        out = services.hint(pm, FUZZY, hard=False, strategy="optimal")
    assert not out["exact"] and out["suggestion"]["word"] == out["suggestions"][0]["word"]


def test_the_bot_goes_on_with_entropy_from_the_turn_the_budget_ran_out(pm: PatternMatrix) -> None:
    with Budget(0.2).active():
        out = services.solve(pm, "cigar", strategy="optimal", start="fuzzy")
    assert out["solved"] and out["strategy"] == "optimal"
    assert not out["exact"] and out["fallback_from_turn"] == 2
    assert out["turns"][0]["guess"] == "fuzzy"
    # within the budget: the proven tree, exact
    with Budget(30).active():
        exact = services.solve(pm, "cigar", strategy="optimal")
    assert exact["exact"] and exact["fallback_from_turn"] is None
    assert [t["guess"] for t in exact["turns"]] == ["salet", "brond", "chair", "cigar"]


def test_a_review_past_the_budget_uses_the_estimate_and_says_so(pm: PatternMatrix) -> None:
    turns = [Turn.parse("crane:bbbbb")] * 8
    with Budget(0.05).active():
        out = services.review(pm, turns)
    assert not out["complete"] and "estimate" in out["note"]
    assert {t["method"] for t in out["turns"]} == {"estimate"}
    full = services.review(pm, turns[:3])
    assert full["complete"] and full["note"] is None
    # the same set and guess again: valued once, the same figures every turn
    assert full["turns"][1]["expected_best"] == full["turns"][2]["expected_best"]


def test_cancellation_is_never_degraded(pm: PatternMatrix) -> None:
    b = Budget()
    b.cancel()
    with b.active():
        for call in (
            lambda: services.assist(pm, FUZZY, strategy="optimal"),
            lambda: services.solve(pm, "cigar", strategy="optimal", start="fuzzy"),
            lambda: services.review(pm, [Turn.parse("crane:bbbbb")] * 3),
        ):
            with pytest.raises(BudgetExceeded) as e:
                call()
            assert e.value.reason == "cancelled"


def test_turns_from_guesses_names_the_turn() -> None:
    wl = WordList.bundled()
    turns = services.turns_from_guesses(wl, ["crane", "cigar"], "cigar")
    assert turns == [Turn.parse("crane:gyybb"), Turn.parse("cigar:ggggg")]
    with pytest.raises(WordleError, match="turn 2"):
        services.turns_from_guesses(wl, ["crane", "zz"], "cigar")
    with pytest.raises(WordleError, match="answer"):
        services.turns_from_guesses(wl, ["crane"], "zzzzz")


def test_only_the_exact_search_counts_as_expensive() -> None:
    assert services.is_expensive("optimal") and services.is_expensive(" Optimal ")
    assert not services.is_expensive("entropy") and not services.is_expensive(None)
