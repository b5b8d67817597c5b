"""Absurdle: the host's rule and tie-break against a slow readable reference, the game value,
and the solver against brute force on small lists; the proved figures on the full list."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordlekit.budget import Budget
from wordlekit.core.absurdle import ABSURDLE, AbsurdleGame, host_order, kept_by_pattern
from wordlekit.core.feedback import Turn, all_green, score
from wordlekit.core.game import Status
from wordlekit.core.rules import Mode, hard_mode_violation
from wordlekit.core.words import WordList
from wordlekit.errors import (
    BudgetExceeded,
    ChallengeLostError,
    GameOverError,
    HardModeError,
    InvalidWordError,
)
from wordlekit.solve import _absurdle_jit, _solver_jit
from wordlekit.solve.absurdle import Search, tables_for

# -- the slow readable reference --------------------------------------------------------------


def ref_preference(pattern: int, length: int) -> tuple[int, int, list[int]]:
    """Fewest greens, then fewest yellows, then the lower tile from the first letter on."""
    tiles = [(pattern // 3**i) % 3 for i in range(length)]
    return tiles.count(2), tiles.count(1), tiles


def ref_host(guess: str, words: list[str]) -> tuple[int, list[str]]:
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(score(guess, w), []).append(w)
    best = min(groups, key=lambda p: (-len(groups[p]), ref_preference(p, len(guess))))
    return best, groups[best]


def ref_minimum(
    words: list[str],
    guesses: list[str],
    depth: int,
    *,
    history: tuple[Turn, ...] = (),
    hard: bool = False,
    target: str | None = None,
) -> int | None:
    """The fewest guesses that win within ``depth`` by trying every sequence (or None)."""
    if len(words) == 1:
        return 1 if depth >= 1 and target in (None, words[0]) else None
    if depth <= 1:
        return None
    best: int | None = None
    for g in guesses:
        if hard and hard_mode_violation(history, g):
            continue
        p, kept = ref_host(g, words)
        if target is not None and target not in kept:
            continue
        sub = ref_minimum(
            kept, guesses, depth - 1, history=(*history, Turn(g, p)), hard=hard, target=target
        )
        if sub is not None and (best is None or 1 + sub < best):
            best = 1 + sub
    return best


def new(
    wordlist: WordList | None = None, *, hard: bool = False, target: str | None = None
) -> AbsurdleGame:
    """A game of Absurdle (a challenge with ``target``) on ``wordlist``."""
    mode = Mode.HARD if hard else Mode.NORMAL
    game = ABSURDLE.challenge([target] if target else [], wordlist=wordlist, mode=mode)
    assert isinstance(game, AbsurdleGame)
    return game


def replay(words: list[str], wordlist: WordList | None = None, **kwargs: object) -> AbsurdleGame:
    return new(wordlist, **kwargs).replay(words)  # type: ignore[arg-type]


# -- small random lists ----------------------------------------------------------------------

word4 = st.text(alphabet="abcde", min_size=4, max_size=4)


@st.composite
def small_lists(draw: st.DrawFn, max_answers: int = 7, max_extra: int = 5) -> WordList:
    answers = draw(st.lists(word4, min_size=1, max_size=max_answers, unique=True))
    extra = draw(st.lists(word4, max_size=max_extra, unique=True))
    return WordList.from_words(answers, [w for w in extra if w not in answers], name="small")


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- the rule -------------------------------------------------------------------------------


def test_tie_break_order_is_greens_then_yellows_then_left_to_right() -> None:
    rank = host_order(5)
    assert rank[0] == 0  # all gray first
    assert rank[all_green(5)] == 3**5 - 1  # all green last
    # one yellow at the 2nd letter (3) beats one yellow at the 1st (1): gray comes first
    assert rank[3] < rank[1]
    # any one yellow beats any one green
    assert max(rank[3**i] for i in range(5)) < min(rank[2 * 3**i] for i in range(5))


@pytest.mark.slow
@SETTINGS
@given(wl=small_lists(), data=st.data())
def test_host_matches_the_reference(wl: WordList, data: st.DataObject) -> None:
    guess = data.draw(st.sampled_from(wl.guesses))
    words = list(wl.answers)
    assert kept_by_pattern(guess, words) == (lambda r: (r[0], tuple(r[1])))(ref_host(guess, words))
    # the compiled host (the solver's) agrees too
    t = tables_for(wl)
    counts = np.zeros(t.rank.shape[0], dtype=np.int32)
    out = np.empty(len(words), dtype=np.int32)
    cands = np.arange(len(words), dtype=np.int32)
    g = wl.guess_index(guess)
    m, p = _absurdle_jit.kept(t.matrix.data[g], cands, t.rank, counts, 10**6, out)
    assert (p, [words[i] for i in out[:m]]) == ref_host(guess, words)
    assert not counts.any()


def test_the_game_keeps_the_largest_group_and_ends_on_all_green() -> None:
    wl = WordList.from_words(["abcd", "abce", "abcf", "wxyz"], name="tiny")
    g = new(wl).guess("abcd")
    # groups: {abcd} gggg, {abce, abcf} gggb, {wxyz} bbbb: the largest wins
    assert g.turns[-1] == Turn("abcd", score("abcd", "abce"))
    assert g.remaining == ("abce", "abcf")
    g = g.guess("abce")  # {abce} all green and {abcf} gggb tie: fewer greens
    assert g.remaining == ("abcf",) and g.status is Status.PLAYING
    g = g.guess("abcf")
    assert g.status is Status.WON and g.outcome().message == "Won in 3 guesses."  # type: ignore[union-attr]
    with pytest.raises(GameOverError):
        g.guess("abcd")
    assert g.share().splitlines()[0] == "Absurdle 3/∞"


def test_bad_guesses_are_refused_and_use_no_turn() -> None:
    g = new()
    with pytest.raises(InvalidWordError):
        g.guess("zzzzz")
    with pytest.raises(InvalidWordError):
        g.guess("toolong")
    h = new(hard=True).guess("arise")  # arise:bbbbb keeps 168 words
    assert h.turns[-1].pattern == 0
    h = h.guess("scold")  # scold:bbybb: O must be used again
    with pytest.raises(HardModeError, match="O"):
        h.guess("bungy")
    assert len(h.turns) == 2


def test_challenge_is_lost_when_the_target_leaves_and_won_on_it() -> None:
    wl = WordList.from_words(["abcd", "abce", "abcf", "wxyz"], name="tiny")
    lost = new(wl, target="wxyz").guess("abcd")
    outcome = lost.outcome()
    assert lost.status is Status.LOST and outcome is not None and "WXYZ" in outcome.message
    won = replay(["abcd", "abce", "abcf"], wl, target="abcf")
    outcome = won.outcome()
    assert won.status is Status.WON and outcome is not None and "Challenge won" in outcome.message
    with pytest.raises(InvalidWordError):
        new(wl, target="qqqq")


def test_daily_and_seeded_games_are_challenges_and_ultrahard_plays_the_hosts_words() -> None:
    daily = ABSURDLE.daily("2024-05-01")
    assert isinstance(daily, AbsurdleGame) and daily.target is not None
    assert daily.label == "Absurdle challenge 1047" and daily == ABSURDLE.daily("2024-05-01")
    assert ABSURDLE.practice(5).label == "Absurdle challenge #5"
    assert ABSURDLE.practice().target is None and ABSURDLE.practice().label == "Absurdle"
    g = ABSURDLE.practice(mode="ultrahard").guess("arise")
    assert isinstance(g, AbsurdleGame)
    with pytest.raises(HardModeError, match="cannot be the answer"):
        g.guess("scold")  # not one of the words the host holds
    assert g.guess(g.remaining[0]).remaining[0] in g.remaining


# -- the solver against brute force -----------------------------------------------------------


@pytest.mark.slow
@SETTINGS
@given(wl=small_lists(), hard=st.booleans())
def test_minimum_matches_brute_force(wl: WordList, hard: bool) -> None:
    game = new(wl, hard=hard)
    expected = ref_minimum(list(wl.answers), list(wl.guesses), 5, hard=hard)
    proof = Search(game).minimum(max_depth=5)
    assert proof.minimum == expected
    if expected is not None:
        assert proof.line is not None and len(proof.line) == expected
        played = replay(proof.line.guesses, wl, hard=hard)
        assert played.status is Status.WON


@pytest.mark.slow
@SETTINGS
@given(wl=small_lists(), data=st.data())
def test_challenge_minimum_matches_brute_force(wl: WordList, data: st.DataObject) -> None:
    target = data.draw(st.sampled_from(wl.answers))
    game = new(wl, target=target)
    expected = ref_minimum(list(wl.answers), list(wl.guesses), 5, target=target)
    proof = Search(game).minimum(max_depth=5)
    assert proof.minimum == expected
    if proof.line is not None:
        played = replay(proof.line.guesses, wl, target=target)
        assert played.status is Status.WON and played.turns[-1].guess == target


@SETTINGS
@given(wl=small_lists(), hard=st.booleans(), depth=st.integers(2, 4))
def test_first_guesses_match_brute_force(wl: WordList, hard: bool, depth: int) -> None:
    words, guesses = list(wl.answers), list(wl.guesses)
    expected = []
    for g in sorted(guesses):
        p, kept = ref_host(g, words)
        if len(words) > 1 and len(kept) == len(words):
            continue  # no progress (never part of a shortest win; the solver skips it)
        if p == all_green(4):
            if depth >= 1:
                expected.append(g)
            continue
        if ref_minimum(kept, guesses, depth - 1, history=(Turn(g, p),), hard=hard):
            expected.append(g)
    found = Search(new(wl, hard=hard)).first_guesses(depth, threads=2)
    assert [line.guesses[0] for line in found.wins] == expected
    assert found.complete
    for line in found.wins:
        played = replay(line.guesses, wl, hard=hard)
        assert played.status is Status.WON and len(line) <= depth


def test_first_guesses_limit_is_the_alphabetical_prefix() -> None:
    wl = WordList.from_words(["abcd", "abce", "abcf", "wxyz", "bbcd"], ["dcba", "ecba"])
    every = Search(new(wl)).first_guesses(3)
    some = Search(new(wl)).first_guesses(3, limit=2, threads=2)
    assert some.wins == every.wins[:2]


def test_a_lost_challenge_cannot_be_searched() -> None:
    wl = WordList.from_words(["abcd", "abce", "abcf", "wxyz"], name="tiny")
    lost = new(wl, target="wxyz").guess("abcd")
    with pytest.raises(ValueError):
        Search(lost)
    assert issubclass(ChallengeLostError, ValueError)


def test_an_expired_budget_stops_the_scan() -> None:
    search = Search(new())
    with Budget(seconds=0).active(), pytest.raises(BudgetExceeded):
        search.first_guesses(4, threads=2)


def test_parts_pin_matches_the_exact_search() -> None:
    parts = Path(_solver_jit.__file__).with_name("_solver_parts.py").read_bytes()
    assert hashlib.sha256(parts).hexdigest() == _absurdle_jit.PARTS_SHA256
    assert _absurdle_jit.PARTS_SHA256 == _solver_jit.PARTS_SHA256


# -- the proved figures on the original lists (well under a second each once compiled) ------


def test_the_start_needs_four_guesses_and_three_is_impossible() -> None:
    proof = Search(new()).minimum()
    assert proof.minimum == 4
    assert [d for d, _ in proof.refuted] == [1, 2, 3]
    assert proof.line is not None
    assert replay(proof.line.guesses).status is Status.WON


def test_hard_mode_start_needs_four_too() -> None:
    proof = Search(new(hard=True)).minimum()
    assert proof.minimum == 4
    assert proof.line is not None
    assert replay(proof.line.guesses, hard=True).status is Status.WON


def test_from_a_position() -> None:
    game = replay(["arise", "scold"])
    proof = Search(game).minimum()
    assert proof.minimum == 2 and proof.line is not None
    assert replay(["arise", "scold", *proof.line.guesses]).status is Status.WON


def test_an_expired_budget_gives_a_partial_proof_when_asked() -> None:
    search = Search(new())
    with Budget(seconds=0).active():
        with pytest.raises(BudgetExceeded):
            search.minimum()
        proof = search.minimum(partial=True)
    assert proof.minimum is None and proof.line is None and proof.stopped
    assert all(d < 4 for d, _ in proof.refuted)  # what was refuted stays proved
    from wordlekit.services.absurdle import solve

    with Budget(seconds=0).active():
        data = solve(None, [], limit=3)
    assert data.proof.stopped and data.first_guesses is None
