"""Every objective of the exact solver, every mode, against brute force on small lists; the
feasibility proofs against the full search; the proven facts of the real lists."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordlekit.core.feedback import Turn, all_green, score
from wordlekit.core.rules import Mode, hard_mode_violation
from wordlekit.core.words import WordList
from wordlekit.errors import InfeasibleError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import treefile
from wordlekit.solve.objectives import Objective, first_guess_depth
from wordlekit.solve.optimal import make_solver, solve_opening
from wordlekit.solve.position import Position
from wordlekit.solve.weighted import WeightedPosition, WeightedSolver

ORIGINAL = WordList.bundled()
INF = float("inf")
MODES = ["normal", "hard", "ultrahard"]


def allowed(wl: WordList, mode: str, cands: frozenset[str], history: tuple[Turn, ...]) -> list[str]:
    """The guesses a mode allows (ultrahard: the words that could still be the answer)."""
    if mode == "ultrahard":
        return sorted(cands)
    if mode == "hard":
        return [g for g in wl.guesses if hard_mode_violation(history, g) is None]
    return list(wl.guesses)


def brute_force(
    wl: WordList, start: str, max_guesses: int, mode: str, inc: Callable[[int], int]
) -> float:
    """The least cost by trying every allowed guess at every node (no bounds, no tricks):
    every answer pays ``inc(level)`` for each guess it sees, levels counted from 1."""
    win = all_green(wl.length)

    @cache
    def best(cands: frozenset[str], level: int, history: tuple[Turn, ...]) -> float:
        if level > max_guesses:
            return INF
        if len(cands) == 1:
            return inc(level)
        return min(
            (cost(g, cands, level, history) for g in allowed(wl, mode, cands, history)), default=INF
        )

    def cost(g: str, cands: frozenset[str], level: int, history: tuple[Turn, ...]) -> float:
        if level > max_guesses:
            return INF
        buckets: dict[int, set[str]] = {}
        for a in cands:
            buckets.setdefault(score(g, a), set()).add(a)
        if len(buckets) == 1 and g not in cands:
            return INF  # no progress
        total: float = len(cands) * inc(level)
        for p, b in buckets.items():
            if p != win:
                key = (*history, Turn(g, p)) if mode == "hard" else ()
                total += best(frozenset(b), level + 1, key)
        return total

    return cost(start, frozenset(wl.answers), 1, ())


def small_list(seed: int, n_answers: int, n_extra: int) -> WordList:
    rng = random.Random(seed)
    # words that share letters make harder, deeper trees
    pool = [w for w in ORIGINAL.answers if set(w) & set("ae") and set(w) & set("rst")]
    answers = sorted(rng.sample(pool, n_answers))
    extra = sorted(rng.sample([w for w in ORIGINAL.allowed if w not in answers], n_extra))
    return WordList.from_words(answers, extra, name=f"small{seed}")


def total_within(wl: WordList, start: str, limit: int, mode: str) -> float:
    return brute_force(wl, start, limit, mode, lambda level: 1)


def expected(wl: WordList, start: str, limit: int, mode: str, obj: Objective) -> tuple:
    """(feasible, total, worst or None, over or None) by brute force."""
    total = total_within(wl, start, limit, mode)
    if total == INF:
        return (False, None, None, None)
    if obj.name == "over":
        assert obj.k is not None
        k = obj.k
        m = len(wl.answers) * limit + 1
        v = brute_force(wl, start, limit, mode, lambda level: 1 + m * (level == k + 1))
        over, tot = divmod(int(v), m)
        return (True, tot, None, over)
    least = next(d for d in range(1, limit + 1) if total_within(wl, start, d, mode) < INF)
    if obj.name == "worst":
        return (True, total_within(wl, start, least, mode), least, None)
    if obj.name == "total-then-worst":
        d = next(d for d in range(least, limit + 1) if total_within(wl, start, d, mode) == total)
        return (True, total, d, None)
    return (True, total, None, None)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("objective", ["total", "worst", "total-then-worst", "over 2", "over 3"])
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    seed=st.integers(0, 10_000),
    n_answers=st.integers(20, 40),
    n_extra=st.integers(0, 8),
    limit=st.integers(3, 6),
)
def test_every_objective_equals_brute_force(
    mode: str, objective: str, seed: int, n_answers: int, n_extra: int, limit: int
) -> None:
    wl = small_list(seed, n_answers, n_extra)
    pm = PatternMatrix.for_list(wl, use_cache=False)
    obj = Objective.parse(objective)
    if obj.k is not None and obj.k >= limit:
        return
    pool = list(wl.answers) if mode == "ultrahard" else list(wl.guesses)
    start = random.Random(seed).choice(pool)
    r = solve_opening(
        pm,
        start,
        mode=Mode.parse(mode),
        max_guesses=limit,
        objective=obj,
    )
    want = expected(wl, start, limit, mode, obj)
    assert r.feasible == want[0], (seed, start, mode, objective, limit)
    if not r.feasible:
        assert (r.total, r.tree, r.proven) == (None, None, True)
        return
    assert r.total == want[1], (seed, start, mode, objective, limit)
    if want[2] is not None:
        assert r.worst == want[2] == r.max
    if want[3] is not None:
        assert r.over == want[3]
    # the tree achieves the figures and obeys the mode
    assert r.tree is not None
    check = treefile.verify(r.tree.root, wl, mode=Mode.parse(mode), max_guesses=limit)
    assert check.ok and check.total == r.total
    if mode == "ultrahard":
        assert_ultrahard(r.tree.root, wl, frozenset(wl.answers))


def assert_ultrahard(node: treefile.TreeNode, wl: WordList, cands: frozenset[str]) -> None:
    assert node.guess in cands, f"{node.guess} could not be the answer"
    for p, child in node.children.items():
        assert_ultrahard(child, wl, frozenset(a for a in cands if score(node.guess, a) == p))


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10_000),
    n_answers=st.integers(20, 60),
    mode=st.sampled_from(MODES),
    depth=st.integers(2, 4),
)
def test_feasibility_agrees_with_the_full_search(
    seed: int, n_answers: int, mode: str, depth: int
) -> None:
    """The depth-only search says "possible within d" exactly when the total search finds a
    finite total within d."""
    wl = small_list(seed, n_answers, 6)
    pm = PatternMatrix.for_list(wl, use_cache=False)
    solver = make_solver(pm, Mode.parse(mode))
    root = Position.from_turns(pm, mode=Mode.parse(mode), solver=solver)
    import numpy as np

    cands = np.arange(len(wl.answers), dtype=np.int32)
    possible = solver.feasible(cands, depth)
    assert possible == (solver.solve(cands, depth) < 2**40)
    least = solver.min_depth(cands, 8)
    if least is not None:
        assert solver.feasible(cands, least) and not solver.feasible(cands, least - 1)
    assert root.n == len(wl.answers)


def cluster_list(seed: int, n_answers: int, ending: str, n_extra: int) -> WordList:
    """Answers sharing an ending (hard mode's traps: _OWER, _IGHT) and guesses that end the
    same way, so that hard-mode nodes try long tails of guesses with dead letters."""
    rng = random.Random(seed)
    pool = [w for w in ORIGINAL.answers if w.endswith(ending)]
    answers = sorted(rng.sample(pool, min(n_answers, len(pool))))
    same_end = [w for w in ORIGINAL.allowed if w.endswith(ending[-1]) and w not in answers]
    return WordList.from_words(answers, sorted(rng.sample(same_end, n_extra)), name=f"c{seed}")


def hard_feasibility(wl: WordList, depth: int) -> tuple[bool, bool, int]:
    """(the depth-only search's answer, the total search's, unions the first wrote)."""
    import numpy as np

    solver = make_solver(PatternMatrix.for_list(wl, use_cache=False), Mode.HARD)
    cands = np.arange(len(wl.answers), dtype=np.int32)
    possible = solver.feasible(cands, depth)
    unions = solver.unions_written
    return possible, solver.solve(cands, depth) < 2**40, unions


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10_000),
    ending=st.sampled_from(["er", "ly", "y", "e", "t"]),
    n_answers=st.integers(20, 60),
    n_extra=st.integers(0, 30),
    depth=st.integers(3, 5),
)
def test_unions_of_unfinishable_buckets_change_no_answer(
    seed: int, ending: str, n_answers: int, n_extra: int, depth: int
) -> None:
    """In hard mode the depth-only search writes the unions of a bucket it refuted with its
    neighbours at grey positions as unfinishable; its answers stay the total search's."""
    possible, finite, _ = hard_feasibility(cluster_list(seed, n_answers, ending, n_extra), depth)
    assert possible == finite


@pytest.mark.parametrize(
    ("seed", "n_answers", "n_extra", "depth", "want"),
    [(8, 43, 4, 4, False), (3, 57, 4, 5, True), (14, 59, 24, 5, True)],
)
def test_a_refuted_bucket_writes_its_unions(
    seed: int, n_answers: int, n_extra: int, depth: int, want: bool
) -> None:
    # the -ER words: buckets refuted by a deep search, with grey positions beside them
    wl = cluster_list(seed, n_answers, "er", n_extra)
    possible, finite, unions = hard_feasibility(wl, depth)
    assert possible == finite == want and unions > 0


def both_totals(wl: WordList, depth: int, mode: Mode) -> tuple[int | None, int | None, int]:
    """(the total search's least total within ``depth``, the weighted search's with equal
    weights, unions the first wrote): two exact searches, only the first of which writes
    bounds of unions."""
    import numpy as np

    pm = PatternMatrix.for_list(wl, use_cache=False)
    solver = make_solver(pm, mode, max_guesses=depth)
    v = solver.solve(np.arange(len(wl.answers), dtype=np.int32), depth)
    total = v if v < 2**40 else None
    ws = WeightedSolver(pm, mode, weights=[1.0] * len(wl.answers))
    here = WeightedPosition.start(ws, max_guesses=depth)
    try:
        other = round(here.expected(here.best()[0]) * len(wl.answers))
    except InfeasibleError:
        other = None
    return total, other, solver.unions_written


@settings(max_examples=15, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10_000),
    ending=st.sampled_from(["er", "ly", "y", "e", "t"]),
    n_answers=st.integers(30, 70),
    n_extra=st.integers(0, 30),
    depth=st.integers(4, 6),
    mode=st.sampled_from([Mode.NORMAL, Mode.HARD, Mode.ULTRAHARD]),
)
def test_bounds_of_unions_change_no_total(
    seed: int, ending: str, n_answers: int, n_extra: int, depth: int, mode: Mode
) -> None:
    """The total search gives a bucket's unions with its neighbours (hard mode: at its grey
    positions) a bound from the bucket's value; its totals stay the weighted search's, which
    writes none."""
    total, other, _ = both_totals(cluster_list(seed, n_answers, ending, n_extra), depth, mode)
    assert total == other


@pytest.mark.parametrize("mode", [Mode.NORMAL, Mode.HARD])
def test_a_costly_bucket_bounds_its_unions(mode: Mode) -> None:
    total, other, unions = both_totals(cluster_list(14, 69, "er", 24), 5, mode)
    assert total == other and total is not None and unions > 0


def test_no_unions_in_ultrahard_mode() -> None:
    # a larger set allows more guesses there, so it may cost less
    total, other, unions = both_totals(cluster_list(14, 69, "er", 24), 5, Mode.ULTRAHARD)
    assert total == other and unions == 0


# The real lists ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL)


@pytest.mark.slow
def test_known_values_of_every_objective(pm: PatternMatrix) -> None:
    total = solve_opening(pm, "salet", build_tree=False)
    assert (total.total, total.feasible) == (7920, True)
    worst = solve_opening(pm, "salet", objective="worst")
    assert (worst.worst, worst.max) == (5, 5)
    assert worst.total == 7920  # SALET's optimal tree already needs 5 at most
    ttw = solve_opening(pm, "salet", objective="total-then-worst", build_tree=False)
    assert (ttw.total, ttw.worst) == (7920, 5)
    hard = solve_opening(pm, "salet", mode=Mode.HARD, build_tree=False)
    assert hard.total == 8122


@pytest.mark.slow
def test_over_k_trades_total_for_fewer_long_games(pm: PatternMatrix) -> None:
    over = solve_opening(pm, "salet", objective="over 4")
    plain = solve_opening(pm, "salet")
    assert over.over is not None and over.tree is not None
    assert over.over <= sum(n for d, n in plain.histogram.items() if d > 4)
    assert over.total is not None and over.total >= 7920
    assert over.over == sum(n for d, n in over.histogram.items() if d > 4)


@pytest.mark.slow
def test_no_first_guess_finds_every_answer_in_three(pm: PatternMatrix) -> None:
    """Three guesses cannot suffice for SALET (nor any opener: a bucket of 2,315 split 150
    ways cannot be split into singletons by one more guess)."""
    r = solve_opening(pm, "salet", max_guesses=3, build_tree=False)
    assert (r.feasible, r.proven) == (False, True)
    solver = make_solver(pm)
    root = Position.from_turns(pm, solver=solver)
    assert first_guess_depth(root, root.index("salet")) == 5  # 4 is impossible from SALET


def test_objectives_parse_and_refuse() -> None:
    assert Objective.parse("over:5") == Objective("over", 5)
    assert str(Objective.parse("Total-Then-Worst")) == "total-then-worst"
    for bad in ("fastest", "over", "over x", "worst 3"):
        with pytest.raises(WordleError):
            Objective.parse(bad)


@pytest.mark.parametrize("objective", ["total", "worst", "total-then-worst", "over 3"])
@pytest.mark.parametrize("mode", MODES)
def test_the_strategies_play_the_objectives_best_guess(objective: str, mode: str) -> None:
    from wordlekit.solve.objectives import evaluate
    from wordlekit.solve.optimal_cache import OptimalCache
    from wordlekit.solve.optimal_strategy import Optimal
    from wordlekit.solve.state import GameState

    wl = small_list(5, 40, 8)
    pm = PatternMatrix.for_list(wl, use_cache=False)
    first = wl.answers[0]
    turn = Turn(first, score(first, wl.answers[-1]))
    hard, ultra = mode != "normal", mode == "ultrahard"
    state = GameState.from_turns(pm, [turn], mode=Mode.parse(mode))
    strategy = Optimal(cache=OptimalCache(), objective=objective)
    chosen = strategy.choose(state)
    obj = Objective.parse(objective)
    position = strategy.position(state)
    pool = state.candidates if ultra else range(len(wl.guesses))
    outcomes = [evaluate(position, int(g), obj) for g in pool]
    if hard and not ultra:
        outcomes = [o for o in outcomes if hard_mode_violation([turn], wl.guesses[o.guess]) is None]
    best = min(obj.rank(o) for o in outcomes)
    assert obj.rank(evaluate(position, chosen, obj)) == best
    ranked = strategy.rank(state, 3)
    assert wl.guess_index(ranked[0].word) == chosen


def test_the_registry_has_a_strategy_per_objective() -> None:
    from wordlekit.services.catalog import is_expensive
    from wordlekit.solve.registry import get_strategy

    for name, objective in [
        ("optimal", "total"),
        ("optimal-worst", "worst"),
        ("optimal-total-then-worst", "total-then-worst"),
        ("optimal-over4", "over 4"),
    ]:
        strategy = get_strategy(name)
        assert str(strategy.objective) == objective  # type: ignore[attr-defined]
        assert is_expensive(name)  # the web app budgets every one of them
