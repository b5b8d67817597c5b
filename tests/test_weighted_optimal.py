"""The optimal strategy under a weighted prior: the least expected number of guesses.

The weighted search (wordlekit.solve.weighted) against a brute force that tries every
decision tree on small lists, with random weights; equal weights against the unweighted
solver; the strategy's ranking and play; budgets.
"""

from __future__ import annotations

import random
import threading
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordlekit.budget import Budget
from wordlekit.core.feedback import Turn, all_green, score
from wordlekit.core.rules import Mode, hard_mode_violation
from wordlekit.core.words import WordList
from wordlekit.errors import AnswerModelError, BudgetExceeded, InfeasibleError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import advice
from wordlekit.services import bot as bots
from wordlekit.solve import optimal_strategy
from wordlekit.solve.optimal_cache import OptimalCache
from wordlekit.solve.optimal_strategy import Optimal
from wordlekit.solve.position import Position
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.solver import INF as UNWEIGHTED_INF
from wordlekit.solve.solver import Solver
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import check_answer_model
from wordlekit.solve.weighted import INF, SCALE, WeightedPosition, WeightedSolver

ORIGINAL = WordList.bundled()
#: Answers that share letters (harder, deeper trees), and other words to guess.
POOL = [w for w in ORIGINAL.answers if set(w) & set("ae") and set(w) & set("rst")]
OTHERS = [w for w in ORIGINAL.allowed if set(w) & set("aerst")]
FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reference(
    wl: WordList, weights: dict[str, int], depth: int, mode: Mode, first: str | None = None
) -> float:
    """The least weighted total over every decision tree that finds every answer within
    ``depth`` guesses (``inf``: none does), trying every allowed guess at every node
    (``first``: the first guess is that word)."""
    win = all_green(wl.length)

    @cache
    def best(cands: frozenset[str], depth: int, history: tuple[Turn, ...]) -> float:
        if depth == 0:
            return INF  # no guess left
        if len(cands) == 1:
            return weights[next(iter(cands))]  # guess it
        if depth == 1:
            return INF  # two words or more, one guess
        allowed = guesses(wl, mode, cands, history)
        return min((cost(g, cands, depth, history, prune=True) for g in allowed), default=INF)

    def cost(
        g: str, cands: frozenset[str], depth: int, history: tuple[Turn, ...], prune: bool = False
    ) -> float:
        buckets: dict[int, set[str]] = {}
        for a in cands:
            buckets.setdefault(score(g, a), set()).add(a)
        if prune and len(buckets) == 1 and g not in cands:
            # Learns nothing: inside a minimum the same play without it is cheaper. A first
            # guess that is given (``first``) is valued all the same: it costs every answer
            # one guess and leaves the same set with one guess fewer.
            return INF
        total: float = sum(weights[a] for a in cands)  # every word sees this guess
        for p, b in buckets.items():
            if p != win:
                turn = (*history, Turn(g, p)) if mode is Mode.HARD else ()
                total += best(frozenset(b), depth - 1, turn)
        return total

    everything = frozenset(wl.answers)
    return best(everything, depth, ()) if first is None else cost(first, everything, depth, ())


def guesses(
    wl: WordList, mode: Mode, cands: frozenset[str], history: tuple[Turn, ...]
) -> list[str]:
    """The guesses the mode allows: every word; in hard mode those that use every hint; in
    ultrahard mode the words that could still be the answer."""
    if mode is Mode.ULTRAHARD:
        return sorted(cands)
    if mode is Mode.HARD:
        return [g for g in wl.guesses if hard_mode_violation(history, g) is None]
    return list(wl.guesses)


def small_list(seed: int, n_answers: int, n_guesses: int = 12) -> WordList:
    rng = random.Random(seed)
    answers = sorted(rng.sample(POOL, n_answers))
    extra = sorted(rng.sample([w for w in OTHERS if w not in answers], n_guesses - n_answers))
    return WordList.from_words(answers, extra, name=f"small{seed}")


def same(value: int, expected: float) -> bool:
    """The search's value is the brute force's, or both say "impossible"."""
    return value == expected or (value >= INF and expected >= INF)


def integer_weights(solver: WeightedSolver) -> dict[str, int]:
    """The weights the search works with, by word."""
    answers = solver.matrix.wordlist.answers
    return {w: int(x) for w, x in zip(answers, solver.weights, strict=True)}


a_list = st.builds(small_list, st.integers(0, 10**6), st.integers(6, 9))


@pytest.mark.parametrize("mode", [Mode.NORMAL, Mode.HARD, Mode.ULTRAHARD])
@FEW
@given(wl=a_list, depth=st.sampled_from([2, 3, 4, 6]), data=st.data())
def test_the_search_equals_every_tree_tried(
    wl: WordList, mode: Mode, depth: int, data: st.DataObject
) -> None:
    """The least weighted total, and every first guess's value, are those of the brute force
    (a proven "no tree within the limit" included)."""
    n = len(wl.answers)
    prior = data.draw(st.lists(st.integers(1, 1000), min_size=n, max_size=n), label="weights")
    pm = PatternMatrix.for_list(wl, use_cache=False)
    solver = WeightedSolver(pm, mode, weights=prior)
    here = WeightedPosition.start(solver, depth)
    weights = integer_weights(solver)
    expected = reference(wl, weights, depth, mode)
    value = solver.solve(here.candidates, depth, INF, here.fixed, here.mincnt)
    assert same(value, expected)
    if expected >= INF:
        with pytest.raises(InfeasibleError):
            here.best()
        return
    best_value, g = here.best()
    assert best_value == expected and here.value(g) == expected
    # every first guess the mode allows, valued exactly (the ranking's figures)
    for word in wl.guesses if mode is not Mode.ULTRAHARD else wl.answers:
        v = here.value(wl.guess_index(word))
        one = reference(wl, weights, depth, mode, first=word)
        assert same(v, one), word


@pytest.mark.parametrize("mode", [Mode.NORMAL, Mode.HARD])
def test_a_first_guess_that_learns_nothing_costs_one_guess_more(mode: Mode) -> None:
    """WAUFF shows every answer of this list the same pattern: as a given first guess it costs
    each answer one guess and leaves the same position with one guess fewer (hypothesis once
    drew it, and the brute force wrongly said "impossible")."""
    wl = small_list(291, 6)
    assert len({score("wauff", a) for a in wl.answers}) == 1
    solver = WeightedSolver(PatternMatrix.for_list(wl, use_cache=False), mode, weights=[1] * 6)
    weights = integer_weights(solver)
    value = WeightedPosition.start(solver, 3).value(wl.guess_index("wauff"))
    assert value == reference(wl, weights, 3, mode, first="wauff")
    assert value == sum(weights.values()) + reference(wl, weights, 2, mode)


# Words one letter apart: each guess finds only itself, so the game is a queue -------------

ILLS = ["bills", "fills", "hills", "kills", "mills", "pills", "sills", "tills"]


def queue(weights: list[float], max_guesses: int) -> tuple[WeightedSolver, WeightedPosition]:
    pm = PatternMatrix.for_list(WordList.from_words(ILLS, name="ills"), use_cache=False)
    solver = WeightedSolver(pm, weights=weights)
    return solver, WeightedPosition.start(solver, max_guesses)


def test_no_tree_within_the_limit_is_a_proven_result() -> None:
    """Eight words that no guess tells apart but by guessing them: eight guesses needed."""
    solver, here = queue([1.0] * 8, 6)
    assert solver.solve(here.candidates, 6) >= INF
    with pytest.raises(InfeasibleError, match="within 6 guesses"):
        here.best()
    assert solver.solve(here.candidates, 7) >= INF  # the last word is found at the 8th
    assert solver.solve(here.candidates, 8) < INF


def test_the_heavier_words_are_guessed_first() -> None:
    """In a queue the least expectation guesses the words by weight, heaviest first."""
    prior = [3.0, 1.0, 8.0, 2.0, 5.0, 0.5, 4.0, 7.0]
    solver, here = queue(prior, 8)
    value, g = here.best()
    assert ILLS[g] == "hills"  # the heaviest
    w = sorted((int(x) for x in solver.weights), reverse=True)
    assert value == sum((k + 1) * x for k, x in enumerate(w))
    assert here.expected(value) == pytest.approx(
        sum((k + 1) * x for k, x in enumerate(sorted(prior, reverse=True))) / sum(prior)
    )
    # the strategy plays it out against the lightest word: every turn the heaviest left
    state = GameState(solver.matrix, (), np.arange(8), weights=np.array(prior))
    strategy = Optimal(8, cache=OptimalCache())
    played = []
    while not played or played[-1] != "pills":
        guess = strategy.choose(state)
        played.append(ILLS[guess])
        state = state.after(guess, score(ILLS[guess], "pills"))
    assert played == sorted(ILLS, key=lambda w: -prior[ILLS.index(w)])


def test_a_heavy_word_is_guessed_at_once_when_it_matters() -> None:
    """Unweighted, the best first guess splits the words; with nearly all the prior on one
    word, guessing it first is best."""
    wl = small_list(7, 9)
    pm = PatternMatrix.for_list(wl, use_cache=False)
    plain = Solver(pm)
    _, split = Position.from_state(plain, GameState.start(pm), 6).best()
    changed = 0
    for heavy in range(9):
        prior = [1.0] * 9
        prior[heavy] = 1000.0
        _, g = WeightedPosition.start(WeightedSolver(pm, weights=prior)).best()
        assert g == heavy, (wl.answers[heavy], wl.guesses[g])
        changed += g != split
    assert changed >= 8  # the prior changed the first guess


# Equal weights: the unweighted solver's values ----------------------------------------------


@pytest.mark.parametrize("mode", [Mode.NORMAL, Mode.HARD])
@pytest.mark.parametrize("seed", range(4))
def test_equal_weights_give_the_unweighted_values(seed: int, mode: Mode) -> None:
    wl = small_list(seed, 14, 24)
    pm = PatternMatrix.for_list(wl, use_cache=False)
    plain = Solver(pm, mode)
    weighted = WeightedSolver(pm, mode, weights=[0.25] * len(wl.answers))
    unit = int(weighted.weights[0])
    assert (weighted.weights == unit).all() and unit == round(SCALE / 14)
    for depth in (3, 4, 6):
        p = Position.from_state(plain, GameState.start(pm, mode=mode), depth)
        q = WeightedPosition.start(weighted, depth)
        for g in random.Random(seed).sample(range(len(wl.guesses)), 6):
            v = p.value(g, threads=1)
            assert q.value(g) == v * unit if v < UNWEIGHTED_INF else q.value(g) >= INF
        try:
            total, _ = p.best()
        except InfeasibleError:
            with pytest.raises(InfeasibleError):
                q.best()
            continue
        value, _ = q.best()
        assert value == total * unit and q.expected(value) == total / 14


def test_the_strategy_with_equal_weights_ranks_as_without(pm: PatternMatrix) -> None:
    """A state of the answer list whose candidates carry equal weights: the same exact
    expected guesses as the unweighted ranking, the same guess played."""
    turns = [Turn("salet", score("salet", "cigar")), Turn("brond", score("brond", "cigar"))]
    plain = GameState.from_turns(pm, turns)
    weighted = GameState(pm, plain.history, plain.candidates, weights=np.full(plain.n, 3.0))
    strategy = Optimal(cache=OptimalCache())
    a = strategy.rank(plain, 5)
    b = strategy.rank(weighted, 5)
    assert [s.score for s in a] == pytest.approx([s.score for s in b], abs=1e-12)
    assert a[0].word == b[0].word == pm.wordlist.guesses[strategy.choose(weighted)]
    assert strategy.choose(weighted) == strategy.choose(plain)


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL)


# The strategy --------------------------------------------------------------------------------


def likely_list(seed: int, n: int) -> WordList:
    """A small list under the likely model: every word may be the answer, weighted."""
    return small_list(seed, n, 12).with_answers("likely")


@FEW
@given(wl=st.builds(likely_list, st.integers(0, 10**6), st.integers(6, 9)), data=st.data())
def test_rank_and_choose_agree_and_rank_gives_exact_expectations(
    wl: WordList, data: st.DataObject
) -> None:
    pm = PatternMatrix.for_list(wl, use_cache=False)
    state = GameState.start(pm)
    if data.draw(st.booleans(), label="after a turn"):
        guess, answer = (
            data.draw(st.sampled_from(wl.guesses)),
            data.draw(st.sampled_from(wl.answers)),
        )
        state = state.after(guess, score(guess, answer))
    strategy = Optimal(cache=OptimalCache())
    check_answer_model(strategy, wl)  # optimal plays the likely model
    ranked = strategy.rank(state, 5)
    if state.n == 1:
        assert [s.word for s in ranked] == state.candidate_words
        return
    assert ranked[0].word == wl.guesses[strategy.choose(state)]
    assert [s.score for s in ranked] == sorted(s.score for s in ranked)
    # each score is the brute force's expectation with that first guess (guesses from here)
    sub = WordList.from_words(
        state.candidate_words,
        [w for w in wl.guesses if w not in state.candidate_words],
        name="here",
    )
    position = strategy.weighted_position(state)
    weights = {wl.answers[a]: int(position.solver.weights[a]) for a in state.candidates}
    game, depth = (sub, 5) if state.history else (wl, 6)  # normal mode: the bucket's own game
    value = {g: reference(game, weights, depth, Mode.NORMAL, first=g) for g in wl.guesses}
    for s in ranked:
        assert s.score == pytest.approx(value[s.word] / position.weight, rel=1e-12)
        assert s.probability is not None and (s.probability > 0) == s.can_win
    # and they are the best there are
    best = sorted(value.values())[: len(ranked)]
    assert [s.score for s in ranked] == pytest.approx([v / position.weight for v in best])


def test_the_other_objectives_play_the_list_only_and_say_so(likely: WordList) -> None:
    for name in ("optimal-worst", "optimal-total-then-worst", "optimal-over4"):
        with pytest.raises(AnswerModelError, match="the optimal strategy plays it exactly"):
            check_answer_model(get_strategy(name), likely)
    check_answer_model(get_strategy("optimal"), likely)
    check_answer_model(get_strategy("optimal"), ORIGINAL.with_answers("all"))
    wl = likely_list(3, 8)
    state = GameState.start(PatternMatrix.for_list(wl, use_cache=False))
    with pytest.raises(AnswerModelError, match="only unweighted answers"):
        Optimal(objective="worst", cache=OptimalCache()).choose(state)


# Budgets -------------------------------------------------------------------------------------


def test_an_aborted_search_leaves_only_proofs_behind(pm: PatternMatrix) -> None:
    """Stopped by its node allowance again and again, the search keeps only what it proved
    (the nodes it finished): the full search afterwards gives a fresh solver's value."""
    state = GameState.from_turns(pm, [Turn.parse("salet:byyyb")])
    prior = np.random.default_rng(5).random(len(pm.wordlist.answers)) + 0.01
    fresh = WeightedPosition.from_state(WeightedSolver(pm, weights=prior), state, 5)
    want = fresh.best()
    solver = WeightedSolver(pm, weights=prior)
    here = WeightedPosition.from_state(solver, state, 5)
    stopped = 0
    for nodes in (1, 1, 2, 3, 5, 8, 13):
        try:
            with Budget(nodes=nodes).active():
                here.best()
        except BudgetExceeded as e:
            assert e.reason == "nodes"
            stopped += 1
    assert stopped >= 5
    assert here.best() == want
    assert here.value(want[1]) == want[0]


def test_a_stop_flag_set_by_another_thread_stops_the_kernel(pm: PatternMatrix) -> None:
    state = GameState.from_turns(pm, [Turn.parse("salet:bbbbb")])
    solver = WeightedSolver(pm, weights=np.ones(len(pm.wordlist.answers)))
    here = WeightedPosition.from_state(solver, state, 5)
    budget = Budget()
    threading.Timer(0.05, budget.cancel).start()
    with budget.active(), pytest.raises(BudgetExceeded) as e:
        here.best()
    assert e.value.reason == "cancelled" and solver.memo_entries < 10**6


def test_the_helper_falls_back_past_the_budget(likely_pm: PatternMatrix) -> None:
    """From the start every valid word may be the answer: far too many for the budget."""
    with Budget(0.3).active():
        out = advice.assist(likely_pm, [], strategy="optimal", top=3)
    assert not out.advice.exact and out.advice.used == "entropy"
    assert out.advice.note is not None and "0.3 s" in out.advice.note
    # the command that gives the exact answer names the answer model
    assert "`wordle suggest --strategy optimal --answers likely TURN ...`" in out.advice.note


def test_under_a_budget_a_large_weighted_state_is_out_of_reach_at_once(
    likely_pm: PatternMatrix,
) -> None:
    """Thousands of candidates: the search would not even reach its first budget check in
    time, so it is not started; the budget itself never ran out."""
    state = GameState.from_turns(likely_pm, [Turn.parse("crane:bbybb")])  # 1,200 words
    assert state.n > optimal_strategy.BUDGETED_REACH
    budget = Budget(60)
    with budget.active(), pytest.raises(BudgetExceeded, match="more than 60 s"):
        Optimal().rank(state, 3)
    assert budget.reason is None


def test_the_helper_is_exact_within_the_budget(likely_pm: PatternMatrix) -> None:
    turns = [Turn.parse("salet:bbbbb"), Turn.parse("crony:bbbbb")]
    with Budget(30).active():
        out = advice.assist(likely_pm, turns, strategy="optimal", top=3)
    assert out.advice.exact and out.advice.used == "optimal" and out.remaining == 23
    # the exact ranking, not entropy's (HUMID, WIFED, ZIMBI)
    assert [s.word for s in out.advice.suggestions] == ["humid", "vivid", "whiff"]


def test_the_bot_goes_on_with_entropy_when_the_budget_runs_out(likely_pm: PatternMatrix) -> None:
    with Budget(0.3).active():
        game = bots.solve(likely_pm, "aioli", strategy="optimal")
    assert game.solved and not game.exact and game.fallback_from_turn == 1
    command = "wordle solve aioli --strategy optimal --answers likely"
    assert game.note is not None and command in game.note


def test_with_no_budget_a_search_out_of_reach_is_an_error(
    likely_pm: PatternMatrix, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(optimal_strategy, "UNBUDGETED_SECONDS", 0.2)
    with pytest.raises(WordleError, match="narrow them with a turn or two first"):
        Optimal(cache=OptimalCache()).choose(GameState.start(likely_pm))


def test_every_word_equally_likely_is_searched_from_the_start() -> None:
    """The ``all`` model has no weights and no opening tree: the unweighted search, from the
    position itself."""
    wl = small_list(11, 8).with_answers("all")
    pm = PatternMatrix.for_list(wl, use_cache=False)
    state = GameState.start(pm)
    strategy = Optimal(cache=OptimalCache())
    assert strategy.tree_node(state) is None
    ranked = strategy.rank(state, 3)
    total, _ = Position.from_state(Solver(pm), state, 6).best()
    assert ranked[0].score == total / len(wl.answers)
    assert ranked[0].word == wl.guesses[strategy.choose(state)]
