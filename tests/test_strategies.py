"""Strategies: the protocol, the registry, ties, hard mode, candidates-only and ultrahard."""

from __future__ import annotations

import numpy as np
import pytest

from wordlekit.core.feedback import Turn, score
from wordlekit.core.rules import GuessPool, Mode, hard_mode_violation, ultrahard_violation
from wordlekit.core.words import WordList
from wordlekit.errors import InconsistentFeedbackError, UnknownStrategyError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.jsonable import to_json
from wordlekit.solve.registry import get_strategy, strategy_names
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import NEAR_TIE, Strategy, expected_guesses

ORIGINAL = WordList.bundled()


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL)


def state_after(
    pm: PatternMatrix,
    answer: str,
    *guesses: str,
    mode: Mode = Mode.NORMAL,
    pool: GuessPool = GuessPool.VALID,
) -> GameState:
    turns = [Turn(g, score(g, answer)) for g in guesses]
    return GameState.from_turns(pm, turns, mode=mode, pool=pool)


def test_registry() -> None:
    assert strategy_names() == [
        "random",
        "letter-frequency",
        "positional",
        "entropy",
        "minimax",
        "expected-size",
        "most-parts",
        "optimal",
        "optimal-worst",
        "optimal-total-then-worst",
        "optimal-over4",
    ]
    assert get_strategy("Expected_Size").name == "expected-size"
    with pytest.raises(UnknownStrategyError, match="choose one of random, letter-frequency"):
        get_strategy("magic")


def test_first_guesses(pm: PatternMatrix) -> None:
    start = GameState.start(pm)
    assert get_strategy("entropy").rank(start, 1)[0].word == "soare"
    assert get_strategy("expected-size").rank(start, 1)[0].word == "roate"
    assert get_strategy("most-parts").rank(start, 1)[0].word == "trace"
    # minimax: five words tie at 168; ARISE and RAISE could be the answer, ARISE first
    top = get_strategy("minimax").rank(start, 5)
    assert [s.word for s in top[:2]] == ["arise", "raise"]
    assert all(s.largest == 168 for s in top)
    assert [s.can_win for s in top] == [True, True, False, False, False]


def test_suggestions_carry_every_figure(pm: PatternMatrix) -> None:
    st = state_after(pm, "cigar", "salet")
    for name in strategy_names():
        for s in get_strategy(name).rank(st, 3):
            assert s.parts >= 1 and s.largest >= 1 and s.expected >= 1
            assert 0 <= s.bits <= np.log2(st.n) + 1e-9
            assert s.can_win == (s.word in st.candidate_words)
            assert set(to_json(s)) >= {"word", "score", "parts", "largest", "expected", "bits"}


def test_deterministic(pm: PatternMatrix) -> None:
    st = state_after(pm, "cigar", "crane")
    for name in strategy_names():
        a = get_strategy(name).rank(st, 10)
        b = get_strategy(name).rank(st, 10)
        assert a == b, name


@pytest.mark.slow
def test_rank_order_and_choose_agree(pm: PatternMatrix) -> None:
    for answer in ("cigar", "eerie", "mummy"):
        wide = state_after(pm, answer, "raise")  # 168 answers left for MUMMY
        narrow = state_after(pm, answer, "raise", "clout")
        for name in strategy_names():
            if name == "random":
                continue
            # the exact strategies prove their ranking: on a set of a few dozen answers, not
            # of 168 (seconds each, and the same code)
            st = narrow if name.startswith("optimal") and wide.n > 50 else wide
            strat = get_strategy(name)
            ranked = strat.rank(st, 20)
            assert ORIGINAL.guesses[strat.choose(st)] == ranked[0].word, (name, answer)
            if str(getattr(strat, "objective", "total")) != "total":
                continue  # ordered by worst case or answers over K first; score is the mean
            keys = [s.score if strat.higher_is_better else -s.score for s in ranked]
            assert keys == sorted(keys, reverse=True)


def test_ties_prefer_candidates_then_alphabetical(pm: PatternMatrix) -> None:
    st = state_after(pm, "mummy", "raise", "clout")
    ranked = get_strategy("minimax").rank(st, 50)
    best = ranked[0].largest
    tied = [s for s in ranked if s.largest == best]
    flags = [s.can_win for s in tied]
    assert flags == sorted(flags, reverse=True)
    for group in (True, False):
        words = [s.word for s in tied if s.can_win is group]
        assert words == sorted(words)


def test_one_candidate_is_guessed(pm: PatternMatrix) -> None:
    st = state_after(pm, "giant", "crane", "moist")
    assert st.n == 1
    for name in strategy_names():
        assert ORIGINAL.guesses[get_strategy(name).choose(st)] == "giant"
        assert get_strategy(name).rank(st, 3)[0].word == "giant"


def test_two_candidates_shortcut_equals_full_ranking(pm: PatternMatrix) -> None:
    for answer, guesses in (("cigar", ("salet", "brond")), ("wrung", ("raise", "could"))):
        st = state_after(pm, answer, *guesses)
        if st.n != 2:
            continue
        for name in ("entropy", "minimax", "expected-size", "most-parts"):
            strat = get_strategy(name)
            assert ORIGINAL.guesses[strat.choose(st)] == strat.rank(st, 1)[0].word


def test_letter_frequency_ignores_known_letters(pm: PatternMatrix) -> None:
    st = state_after(pm, "cigar", "salet")
    best = get_strategy("letter-frequency").rank(st, 5)
    for s in best:
        # S A L E T are known; a guess made of them would score nothing
        assert s.score > 0
    known_only = get_strategy("letter-frequency").scores(st, st.figures())
    idx = ORIGINAL.guess_index("slate")
    assert known_only[list(st.allowed).index(idx)] == 0


def test_positional_scores_count_letters_in_place(pm: PatternMatrix) -> None:
    st = state_after(pm, "giant", "crane")
    cands = st.candidate_words
    scores = get_strategy("positional").scores(st, st.figures())
    for w in ("giant", "plant", "zzzzz" if ORIGINAL.is_valid("zzzzz") else "fuzzy"):
        expected = sum(sum(1 for c in cands if c[i] == w[i]) for i in range(5))
        assert scores[ORIGINAL.guess_index(w)] == expected


def test_random_picks_candidates_and_is_seeded(pm: PatternMatrix) -> None:
    st = state_after(pm, "cigar", "salet")
    picks = {ORIGINAL.guesses[get_strategy("random", seed=s).choose(st)] for s in range(30)}
    assert picks <= set(st.candidate_words) and len(picks) > 5
    a = get_strategy("random", seed=4).choose(st)
    assert a == get_strategy("random", seed=4).choose(st)
    assert all(s.can_win for s in get_strategy("random").rank(st, 10))


def test_hard_mode_suggestions_obey_the_rule(pm: PatternMatrix) -> None:
    st = state_after(pm, "cigar", "salet", "brond", mode=Mode.HARD)
    for name in strategy_names():
        for s in get_strategy(name).rank(st, 10):
            assert hard_mode_violation(st.history, s.word) is None, (name, s.word)


def test_candidates_only(pm: PatternMatrix) -> None:
    st = state_after(pm, "cigar", "salet", pool=GuessPool.CANDIDATES)
    for name in strategy_names():
        assert all(s.can_win for s in get_strategy(name).rank(st, 10)), name


def test_ultrahard_state_allows_exactly_the_words_that_could_be_the_answer(
    pm: PatternMatrix,
) -> None:
    start = GameState.start(pm, mode=Mode.ULTRAHARD)
    assert start.mode is Mode.ULTRAHARD and start.mode.hard and start.only_candidates
    assert len(start.allowed) == len(ORIGINAL.answers)  # any answer opens, SALET does not
    st = start.after("salet", score("salet", "cigar")).after("brond", score("brond", "cigar"))
    assert st.mode is Mode.ULTRAHARD and repr(st).endswith("candidates ultrahard>")
    allowed = {ORIGINAL.guesses[g] for g in st.allowed}
    assert allowed == {
        w for w in ORIGINAL.guesses if ultrahard_violation(st.history, w, ORIGINAL) is None
    }
    same = state_after(pm, "cigar", "salet", "brond", mode=Mode.ULTRAHARD)
    assert same.mode is Mode.ULTRAHARD and same.allowed.tolist() == st.allowed.tolist()
    # the candidates pool, in any mode, allows the same guesses as ultrahard mode
    for mode in Mode:
        only = state_after(pm, "cigar", "salet", "brond", mode=mode, pool=GuessPool.CANDIDATES)
        assert only.only_candidates and only.allowed.tolist() == st.allowed.tolist()
    assert not state_after(pm, "cigar", "salet", mode=Mode.HARD).only_candidates


def test_ultrahard_suggestions_could_be_the_answer(pm: PatternMatrix) -> None:
    st = state_after(pm, "cigar", "crane", mode=Mode.ULTRAHARD)
    for name in strategy_names():
        for s in get_strategy(name).rank(st, 10):
            assert s.can_win, (name, s.word)
            assert ultrahard_violation(st.history, s.word, ORIGINAL) is None, (name, s.word)
        word = ORIGINAL.guesses[get_strategy(name).choose(st)]
        assert ultrahard_violation(st.history, word, ORIGINAL) is None, (name, word)


def test_never_a_useless_guess(pm: PatternMatrix) -> None:
    # a guess that neither wins nor splits the candidates is never suggested
    st = state_after(pm, "cigar", "salet", "brond")
    for name in strategy_names():
        for s in get_strategy(name).rank(st, 20):
            assert s.parts > 1 or s.can_win, (name, s)


def test_contradictions_are_reported(pm: PatternMatrix) -> None:
    with pytest.raises(InconsistentFeedbackError, match="turn 2"):
        GameState.from_turns(pm, [Turn.parse("crane:bbbbb"), Turn.parse("plant:ggggg")])


def test_empty_state_is_an_error(pm: PatternMatrix) -> None:
    st = GameState(pm, (), np.array([], dtype=np.int64))
    with pytest.raises(WordleError):
        get_strategy("entropy").choose(st)


def test_a_new_strategy_is_one_method(pm: PatternMatrix) -> None:
    class Vowels(Strategy):
        name = "vowels"

        def scores(self, state: GameState, figs):  # type: ignore[no-untyped-def]
            words = state.wordlist.guesses
            return np.array([len(set(words[g]) & set("aeiou")) for g in figs.guesses], float)

    best = Vowels().rank(GameState.start(pm), 1)[0]
    assert len(set(best.word) & set("aeiou")) == 4


def test_the_optimal_strategy_s_public_api(pm: PatternMatrix) -> None:
    from wordlekit.solve.optimal_cache import OptimalCache
    from wordlekit.solve.optimal_strategy import UNLIMITED, Optimal
    from wordlekit.solve.treefile import answers_below

    strat = Optimal(cache=OptimalCache())
    start = GameState.start(pm)
    node = strat.tree_node(start)
    assert node is not None and node.guess == "salet"
    on_tree = state_after(pm, "cigar", "salet")
    child = strat.tree_node(on_tree)
    assert child is not None and len(answers_below(child, 5)) == on_tree.n
    assert strat.tree_node(state_after(pm, "cigar", "crane")) is None  # left the tree
    position = strat.position(on_tree)
    assert (position.n, position.depth, position.played) == (on_tree.n, 5, 1)
    assert strat.position(on_tree, unlimited=True).depth == UNLIMITED
    past = state_after(pm, "mummy", "raise", "clout", "dummy", "gummy", "yummy", "tummy")
    assert strat.position(past).depth == UNLIMITED  # past the limit: no effective limit
    # both solvers come from the strategy's own cache, one per mode
    assert position.solver is strat.cache.solver(pm, Mode.NORMAL)
    assert len(strat.cache.solvers) == 1
    best = strat.rank(on_tree, 3)
    assert best[0].word == child.guess
    assert best[0].score == position.value(child.guess) / on_tree.n


# Weighted answers (the likely model) -----------------------------------------------------------

HEURISTICS = ["entropy", "minimax", "expected-size", "most-parts", "letter-frequency", "positional"]


def likely_states(likely_pm: PatternMatrix) -> list[GameState]:
    """Positions the likely entropy bot reaches on a few hidden words, and a hard-mode one."""
    from wordlekit.solve.bot import play

    states = [GameState.start(likely_pm)]
    for hidden in ("aioli", "cigar", "xylyl", "hours"):
        game = play(likely_pm, hidden, get_strategy("entropy"))
        history = [Turn(s.guess, s.pattern) for s in game.steps[:-1]]
        states += [GameState.from_turns(likely_pm, history[:k]) for k in (1, 2)]
    states.append(GameState.from_turns(likely_pm, [Turn.parse("crane:bbybb")], mode=Mode.HARD))
    return states


def test_weighted_figures_and_suggestions(likely_pm: PatternMatrix) -> None:
    state = GameState.from_turns(likely_pm, [Turn.parse("crane:bbybb")])
    assert state.weighted and state.n == 1200 and repr(state).endswith("1200 weighted candidates>")
    assert state.probabilities.sum() == pytest.approx(1.0)
    top = get_strategy("entropy").rank(state, 5)
    for s in top:
        i = likely_pm.wordlist.guess_index(s.word)
        p = state.win_probability(np.array([i]))[0]
        assert s.probability == pytest.approx(p) and (p > 0) == s.can_win
        assert s.probability is not None and "probability" in to_json(s)
    after = state.after("salat", score("salat", "aioli"))
    assert "aioli" in after.candidate_words and after.probabilities.sum() == pytest.approx(1.0)
    assert np.array_equal(after.weights, likely_pm.wordlist.weights[after.candidates])
    # without weights nothing carries a probability
    plain = GameState.from_turns(PatternMatrix.for_list(ORIGINAL), [Turn.parse("crane:bbybb")])
    assert not plain.weighted and get_strategy("entropy").rank(plain, 1)[0].probability is None


@pytest.mark.slow
def test_weighted_rank_and_choose_agree(likely_pm: PatternMatrix) -> None:
    for state in likely_states(likely_pm):
        for name in HEURISTICS:
            strat = get_strategy(name)
            first = strat.rank(state, 3)[0].word
            assert first == likely_pm.wordlist.guesses[strat.choose(state)], (state, name)


@pytest.mark.slow
def test_the_near_tie_rule(likely_pm: PatternMatrix) -> None:
    """With weights, a guess that could be the answer (probability p) has its score raised by
    NEAR_TIE * p * |best| before the best is taken (ties: the likelier, then alphabetical)."""
    changed = 0
    for state in likely_states(likely_pm):
        if state.n <= 2:
            continue
        for name in ("entropy", "minimax", "expected-size", "most-parts"):
            strat = get_strategy(name)
            figs = state.figures()
            raw = np.asarray(strat.scores(state, figs), dtype=np.float64)
            key = np.round(raw if strat.higher_is_better else -raw, 9)
            p = state.win_probability(figs.guesses)
            key = np.where((figs.parts <= 1) & (p == 0), -np.inf, key)
            best = key.max()
            raised = key + NEAR_TIE * abs(best) * p
            words = [likely_pm.wordlist.guesses[g] for g in figs.guesses]
            order = sorted(range(len(words)), key=lambda i: (-raised[i], -p[i], words[i]))
            want = words[order[0]]
            if raised.max() <= best + 1e-12:  # the rule does not apply: the usual order
                plain = sorted(range(len(words)), key=lambda i: (-key[i], p[i] == 0, words[i]))
                want = words[plain[0]]
            else:
                changed += want != words[int(np.argmax(key))]
            assert likely_pm.wordlist.guesses[strat.choose(state)] == want, (state, name)
    assert changed  # the rule does change some choices


def test_two_weighted_candidates_the_likelier_first(likely_pm: PatternMatrix) -> None:
    wl = likely_pm.wordlist
    pair = np.array([wl.answer_index("abbey"), wl.answer_index("zymic")])
    state = GameState(likely_pm, (), pair)
    likelier = max(state.candidate_words, key=lambda w: wl.weights[wl.answer_index(w)])
    for name in ("entropy", "minimax"):
        assert wl.guesses[get_strategy(name).choose(state)] == likelier == "abbey"
        assert get_strategy(name).rank(state, 2)[0].word == "abbey"


def test_the_exact_objectives_but_the_total_refuse_weighted_answers(
    likely_pm: PatternMatrix,
) -> None:
    """``optimal`` plays the prior exactly (tests/test_weighted_optimal.py); the others say
    so when they refuse it."""
    from wordlekit.errors import AnswerModelError
    from wordlekit.solve.bot import play
    from wordlekit.solve.strategies import check_answer_model

    for name in ("optimal-worst", "optimal-over4"):
        with pytest.raises(AnswerModelError, match="plays only the answer list"):
            check_answer_model(get_strategy(name), likely_pm.wordlist)
        with pytest.raises(AnswerModelError, match="--answers likely: the optimal strategy"):
            play(likely_pm, "aioli", get_strategy(name))
    for name in [*HEURISTICS, "random", "optimal"]:
        check_answer_model(get_strategy(name), likely_pm.wordlist)


def test_expected_guesses_is_the_review_s_estimate_without_weights(pm: PatternMatrix) -> None:
    from wordlekit.analysis.guess_values import estimate

    state = state_after(pm, "aioli", "crane")
    assert np.allclose(expected_guesses(state), estimate(state), rtol=1e-12)


def test_the_likely_bot_finds_aioli(likely_pm: PatternMatrix) -> None:
    from wordlekit.solve.bot import play

    game = play(likely_pm, "aioli", get_strategy("entropy"))
    assert game.solved and game.guesses <= 6 and game.start_candidates == 12972
