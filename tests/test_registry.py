"""The one strategy registry: one-board and multi-board strategies, one lookup."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wordlekit.errors import UnknownStrategyError, WordleError
from wordlekit.services.jsonable import to_json
from wordlekit.solve import registry
from wordlekit.solve.boards import BoardsStrategy, Finisher
from wordlekit.solve.boards_lookahead import Lookahead
from wordlekit.solve.optimal_strategy import Optimal
from wordlekit.solve.registry import (
    default_strategy,
    get_strategy,
    is_expensive,
    register,
    strategies,
    strategy_info,
    strategy_names,
)
from wordlekit.solve.strategies import Entropy, RandomCandidate, Strategy


def test_one_lookup_for_one_board_and_several() -> None:
    assert isinstance(get_strategy("entropy"), Entropy)
    assert isinstance(get_strategy("Finisher", boards=4), Finisher)
    assert isinstance(get_strategy("lookahead", boards=2), Lookahead)
    assert strategy_names(boards=4) == ["sum-entropy", "finisher", "lookahead"]
    assert strategy_names(boards=2) == strategy_names(boards=32)
    assert "entropy" in strategy_names() and "finisher" not in strategy_names()
    assert (default_strategy(1), default_strategy(2), default_strategy(8)) == (
        "entropy",
        "finisher",
        "finisher",
    )
    assert default_strategy(1) in strategy_names(1)
    assert default_strategy(4) in strategy_names(4)
    rand = get_strategy("random", seed=7)
    assert isinstance(rand, RandomCandidate) and rand.seed == 7


def test_a_name_of_the_other_kind_says_which_names_exist() -> None:
    with pytest.raises(UnknownStrategyError, match=r"for several boards.*choose one of random"):
        get_strategy("finisher")
    with pytest.raises(UnknownStrategyError, match=r"for one board.*sum-entropy, finisher"):
        get_strategy("entropy", boards=4)
    with pytest.raises(UnknownStrategyError, match="unknown multi-board strategy 'magic'"):
        get_strategy("magic", boards=2)
    with pytest.raises(UnknownStrategyError, match="unknown strategy 'magic'"):
        strategy_info("magic")
    with pytest.raises(WordleError, match="at least one board"):
        strategy_names(0)


def test_every_entry_is_described() -> None:
    one = strategies()
    assert [s.name for s in one] == strategy_names()
    assert not any(s.multi_board for s in one)
    several = strategies(boards=4)
    assert all(s.multi_board and not s.expensive for s in several)
    assert all(s.answer_models == frozenset({"list"}) for s in several)
    info = strategy_info("optimal")
    assert info.expensive and info.summary == Optimal.summary
    assert strategy_info("entropy").answer_models == Entropy.answer_models
    data = to_json(info)
    assert sorted(data.pop("answer_models")) == ["all", "likely", "list"]  # a set
    assert data == {
        "name": "optimal",
        "summary": Optimal.summary,
        "multi_board": False,
        "expensive": True,
    }
    assert strategy_info("optimal-worst").answer_models == frozenset({"list"})


def test_expensive_strategies_are_the_exact_searches() -> None:
    expensive = {s.name for s in strategies() if s.expensive}
    assert expensive == {"optimal", "optimal-worst", "optimal-total-then-worst", "optimal-over4"}
    assert is_expensive(" Optimal_Worst ") and not is_expensive("entropy")
    assert not is_expensive("finisher") and not is_expensive(None) and not is_expensive("x")


def test_multi_board_strategies_need_no_matrix() -> None:
    """They read the state's matrix and keep each matrix's figures, made on first use."""
    strat = get_strategy("finisher", boards=3)
    assert isinstance(strat, BoardsStrategy) and repr(strat) == "Finisher()"
    assert len(strat._figures) == 0


@pytest.fixture
def restore() -> Iterator[None]:
    saved = dict(registry._CLASSES)
    yield
    registry._CLASSES.clear()
    registry._CLASSES.update(saved)


@pytest.mark.usefixtures("restore")
def test_register_adds_either_kind() -> None:
    @register
    class Shout(Strategy):
        name = "shout"
        summary = "the loudest guess"

    @register
    class Together(Finisher):
        name = "together"
        summary = "every board together"

    assert isinstance(get_strategy("shout"), Shout) and "shout" in strategy_names()
    assert isinstance(get_strategy("together", boards=2), Together)
    assert "together" not in strategy_names() and not strategy_info("together", 2).expensive

    class Clash(Finisher):
        name = "entropy"

    with pytest.raises(WordleError, match="taken by Entropy"):
        register(Clash)
    with pytest.raises(TypeError):
        register(int)  # type: ignore[type-var]
