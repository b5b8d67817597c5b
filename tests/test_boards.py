"""Several boards at once: the rules, the share grid, the seeds, the strategies (fast paths
against a readable reference from ``score``), auto-play, benchmarks, the store, the services
and the command line."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import SMALL_ANSWERS
from wordlekit.core.feedback import all_green, parse_pattern, score
from wordlekit.core.game import Status
from wordlekit.core.variants import variant_for
from wordlekit.core.wordle import random_games
from wordlekit.core.words import WordList
from wordlekit.errors import (
    InconsistentFeedbackError,
)
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import boards as service
from wordlekit.services.jsonable import to_json
from wordlekit.solve.boards import (
    BoardFigures,
    BoardsState,
    Finisher,
    SumEntropy,
    reference_bits,
)
from wordlekit.solve.boards_lookahead import Lookahead
from wordlekit.solve.boards_play import autoplay, benchmark_boards

QUORDLE = variant_for("quordle")


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(WordList.bundled())


@pytest.fixture(scope="module")
def small() -> PatternMatrix:
    """A small list (60 answers, 120 guesses) on which the readable reference is quick."""
    wl = WordList.bundled()
    answers = sorted(wl.answers)[::38][:60]
    extra = [w for w in wl.guesses if w not in set(wl.answers)][::90][:60]
    return PatternMatrix.for_list(WordList.from_words(answers, extra, name="small-boards"))


# -- the fast figures against the readable reference -----------------------------------------


def test_board_figures_equal_the_reference(small: PatternMatrix) -> None:
    wl = small.wordlist
    rng = np.random.default_rng(5)
    figs = BoardFigures(small)
    for _ in range(6):
        answer = wl.answers[int(rng.integers(len(wl.answers)))]
        guess = wl.guesses[int(rng.integers(len(wl.guesses)))]
        state = BoardsState.start(small, 1, 6).boards[0]
        assert state is not None
        state = state.after(guess, score(guess, answer))
        bits = figs.bits(state)
        words = state.candidate_words
        want = [reference_bits(g, words) for g in wl.guesses]
        assert np.allclose(bits, want, atol=1e-9)


def _reference_choice(strategy: str, state: BoardsState, wl: WordList) -> str:
    """What a strategy plays, from ``score`` alone: the readable version of its rules."""
    cands = {b: state.candidates(b) for b in state.unsolved}
    singles = [ws[0] for ws in cands.values() if len(ws) == 1]

    def bits(g: str, boards: list[int]) -> float:
        return sum(reference_bits(g, cands[b]) for b in boards)

    def chance(g: str) -> float:
        return sum(1 / len(ws) for ws in cands.values() if g in ws)

    def best(words: list[str], value: dict[str, float]) -> str:
        top = max(value[w] for w in words)
        tied = [w for w in words if value[w] >= top - 1e-9]
        return min(tied, key=lambda w: (chance(w) == 0, w))

    unsolved = list(cands)
    if strategy == "sum-entropy":
        if singles:
            return singles[0]
        return best(list(wl.guesses), {g: bits(g, unsolved) for g in wl.guesses})
    if len(singles) == 1:
        return singles[0]
    if singles:
        others = [b for b in unsolved if len(cands[b]) > 1]
        return best(singles, {g: bits(g, others) for g in singles})
    value = {g: bits(g, unsolved) + 2.0 * chance(g) for g in wl.guesses}
    if state.guesses_left <= len(unsolved):
        pool = [g for g in wl.guesses if chance(g) > 0]
        return best(pool, {g: 1000 * chance(g) + value[g] for g in pool})
    return best(list(wl.guesses), value)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sum-entropy", "finisher"])
def test_strategies_choose_as_the_reference(small: PatternMatrix, name: str) -> None:
    wl = small.wordlist
    strat = SumEntropy() if name == "sum-entropy" else Finisher()
    checked = 0
    for answers in random_games(4, 6, 21, wl):
        idx = [wl.answer_index(a) for a in answers]
        state = BoardsState.start(small, 4, 6)  # a tight budget reaches the budget rule
        while not state.over and len(state.guesses) < 12:
            g = strat.choose(state)
            assert wl.guesses[g] == _reference_choice(name, state, wl), state.guesses
            checked += 1
            pats = [
                None if state.boards[b] is None else score(wl.guesses[g], a)
                for b, a in enumerate(answers)
            ]
            state = state.after(g, pats)
        del idx
    assert checked > 20


# -- auto-play and benchmarks ----------------------------------------------------------------


def test_autoplay_solves_every_board_as_the_referee_says(pm: PatternMatrix) -> None:
    answers = ("cigar", "humor", "snake", "fruit")
    for strat in (SumEntropy(), Finisher()):
        played = autoplay(pm, answers, strat, max_guesses=9)
        game = QUORDLE.challenge(answers).replay(played.guesses)
        assert game.status is Status.WON and played.won
        assert tuple(game.solved_at) == played.solved_at


def test_the_same_seeded_games_give_the_same_results(pm: PatternMatrix) -> None:
    first = benchmark_boards(pm, "finisher", QUORDLE, 25, seed=4)
    again = benchmark_boards(pm, Finisher(), QUORDLE, 25, seed=4)
    assert [p.guesses for p in first.plays] == [p.guesses for p in again.plays]
    assert first.counts == again.counts and first.games == 25
    assert to_json(first)["counts"] == to_json(again)["counts"]
    other = benchmark_boards(pm, "finisher", QUORDLE, 25, seed=5)
    assert [p.answers for p in other.plays] != [p.answers for p in first.plays]


def test_lookahead_playouts_choose_as_the_finisher(small: PatternMatrix) -> None:
    """The play-outs' quick choice over every guess is the finisher's (itself checked
    against the reference above)."""
    wl = small.wordlist
    look, fin = Lookahead(), Finisher()
    every = np.arange(len(wl.guesses), dtype=np.int64)
    checked = 0
    for answers in random_games(3, 6, 33, wl):
        state = BoardsState.start(small, 3, 5)
        while not state.over and len(state.guesses) < 10:
            live = [s.candidates for s in state.boards if s is not None]
            got = look._quick_choice(small, live, every, state.guesses_left)
            if not any(len(c) == 1 for c in live):
                assert got == fin.choose(state), state.guesses
                checked += 1
            g = fin.choose(state)
            pats = [
                None if state.boards[b] is None else score(wl.guesses[g], a)
                for b, a in enumerate(answers)
            ]
            state = state.after(g, pats)
    assert checked > 5


def test_lookahead_is_deterministic(pm: PatternMatrix) -> None:
    answers = ("cigar", "humor", "snake", "fruit")
    a = autoplay(pm, answers, Lookahead(top=3, samples=6))
    b = autoplay(pm, answers, Lookahead(top=3, samples=6))
    assert a == b and a.won


def test_contradictory_colours_name_the_board(pm: PatternMatrix) -> None:
    g = parse_pattern("ggggb")
    with pytest.raises(InconsistentFeedbackError, match="board 2"):
        BoardsState.from_turns(pm, ["cigar", "humor"], [[0, 0], [g, g]], 7)


# -- store and services ----------------------------------------------------------------------


def test_assist_lists_words_per_board_and_the_best_guess(pm: PatternMatrix) -> None:
    answers = ("cigar", "humor", "snake", "fruit")
    win = all_green()
    pats = [[score("crane", a)] for a in answers]
    data = service.assist(pm, ["crane"], pats, boards=4, top=3)
    for board, a in zip(data.boards, answers, strict=True):
        assert a in board.words
        want = [w for w in pm.wordlist.answers if score("crane", w) == score("crane", a)]
        assert board.remaining == len(want)
    assert len(data.suggestions) == 3
    solved = service.assist(pm, ["snake"], [[score("snake", a)] for a in answers], boards=4)
    assert solved.boards[2] == service.BoardHelp(3, True, "snake", 0, ())
    assert win == 242


def test_small_answers_fixture_is_a_valid_game(original: WordList) -> None:
    g = variant_for(boards=len(SMALL_ANSWERS)).challenge(SMALL_ANSWERS, wordlist=original)
    assert len(g.boards) == 20 and g.variant.max_guesses == 25
