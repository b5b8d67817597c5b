"""Hard and ultrahard mode on several boards: the bot plays only what the rule allows.

The rule is :func:`wordlekit.core.rules.boards_violation` (the readable reference): a guess
obeys the hard-mode rule of every board still being played, and in ultrahard mode could be
the answer of one of them. Every strategy, the lookahead's play-outs included, is checked
against it on small seeded games.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.feedback import Turn, all_green, score
from wordlekit.core.rules import Mode, boards_violation
from wordlekit.core.variants import variant_for
from wordlekit.core.wordle import random_games
from wordlekit.core.words import WordList
from wordlekit.errors import InvalidWordError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import boards as service
from wordlekit.services.jsonable import to_json
from wordlekit.solve.boards import BoardsState, BoardsStrategy, Finisher, SumEntropy
from wordlekit.solve.boards_lookahead import Lookahead
from wordlekit.solve.boards_play import BoardsPlay, autoplay, benchmark_boards

HARD_MODES = [Mode.HARD, Mode.ULTRAHARD]


@pytest.fixture(scope="module")
def small() -> PatternMatrix:
    """A small list (60 answers, 120 guesses): quick games, and words that block each other."""
    wl = WordList.bundled()
    answers = sorted(wl.answers)[::38][:60]
    extra = [w for w in wl.guesses if w not in set(wl.answers)][::90][:60]
    return PatternMatrix.for_list(WordList.from_words(answers, extra, name="small-boards"))


def replay_checked(play: BoardsPlay, mode: Mode, wl: WordList) -> list[bool]:
    """Replay a game the bot played: every guess must obey the rule on the boards unsolved
    when it was played. Returns which boards were solved."""
    win = all_green(wl.length)
    turns: list[list[Turn]] = [[] for _ in play.answers]
    solved = [False] * len(play.answers)
    for k, g in enumerate(play.guesses, start=1):
        live = [turns[b] for b in range(len(turns)) if not solved[b]]
        assert boards_violation(mode, live, g, wl) is None, (play.answers, k, g)
        for b, a in enumerate(play.answers):
            if not solved[b]:
                p = score(g, a)
                turns[b].append(Turn(g, p))
                solved[b] = p == win
    return solved


def colours(state: BoardsState, guess: str, answers: tuple[str, ...]) -> list[int | None]:
    """What ``guess`` shows each board (``None`` on the solved ones)."""
    boards = zip(state.boards, answers, strict=True)
    return [None if s is None else score(guess, a) for s, a in boards]


def strategy(name: str) -> BoardsStrategy:
    if name == "lookahead":
        return Lookahead(top=2, samples=4)  # small: the play-outs are checked, not tuned
    return SumEntropy() if name == "sum-entropy" else Finisher()


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10**6),
    boards=st.integers(2, 4),
    mode=st.sampled_from(HARD_MODES),
    name=st.sampled_from(["sum-entropy", "finisher", "lookahead"]),
)
def test_every_guess_the_bot_plays_obeys_the_rule(
    small: PatternMatrix, seed: int, boards: int, mode: Mode, name: str
) -> None:
    wl = small.wordlist
    answers = random_games(boards, 1, seed, wl)[0]
    played = autoplay(small, answers, strategy(name), max_guesses=boards + 5, mode=mode)
    solved = replay_checked(played, mode, wl)
    assert played.finished == all(solved) and played.mode is mode
    assert tuple(bool(s) for s in played.solved_at) == tuple(solved)
    if not played.finished:
        assert not played.won


@pytest.mark.parametrize("mode", [Mode.NORMAL, *HARD_MODES])
def test_the_allowed_guesses_are_exactly_the_rule(small: PatternMatrix, mode: Mode) -> None:
    wl = small.wordlist
    fin = Finisher()
    checked = 0
    for answers in random_games(3, 12, 7, wl):
        state = BoardsState.start(small, 3, 8, mode=mode)
        while not state.over and len(state.guesses) < 6 and len(state.allowed):
            live = [list(s.history) for _, s in state.live]
            want = [boards_violation(mode, live, w, wl) is None for w in wl.guesses]
            assert state.allowed_mask.tolist() == want
            checked += 1
            g = fin.choose(state)
            state = state.after(g, colours(state, wl.guesses[g], answers))
    assert checked >= 8


def test_hard_quordle_games_on_the_real_lists() -> None:
    pm = PatternMatrix.for_list(WordList.bundled())
    quordle = variant_for("quordle")
    for mode in HARD_MODES:
        result = benchmark_boards(pm, "finisher", quordle, 4, seed=11, mode=mode)
        assert result.mode is mode and to_json(result)["mode"] == mode.value
        for play in result.plays:
            replay_checked(play, mode, pm.wordlist)
        assert result.games == 4 and result.unsolved == sum(not p.finished for p in result.plays)


def test_the_helper_and_the_bot_take_the_mode() -> None:
    pm = PatternMatrix.for_list(WordList.bundled())
    answers = ("cigar", "humor", "snake", "fruit")
    guesses = ["crane"]
    pats = [[score("crane", a)] for a in answers]
    for mode in HARD_MODES:
        data = service.assist(pm, guesses, pats, boards=4, top=5, mode=mode.value)
        turns = [[Turn("crane", p[0])] for p in pats]
        assert data.mode is mode
        for s in data.suggestions:
            assert boards_violation(mode, turns, s.word, pm.wordlist) is None, s
        if not data.suggestions:  # ultrahard mode here: no word is every board's answer
            assert mode is Mode.ULTRAHARD and data.note and "No word may be played" in data.note
            wl = pm.wordlist
            assert not [w for w in wl.answers if not boards_violation(mode, turns, w, wl)]
        state = BoardsState.from_turns(pm, guesses, pats, 9, mode=mode)
        assert state.mode is mode and all(s.mode is mode for _, s in state.live)
        played = service.solve(pm, list(answers), mode=mode)
        assert played.play.mode is mode
        replay_checked(autoplay(pm, answers, "finisher", mode=mode), mode, pm.wordlist)


def test_a_board_blocked_by_another_waits_for_it(small: PatternMatrix) -> None:
    """In hard mode a board whose only word breaks another board's hints is not played
    until that board is solved (the strategies never play a guess the rule refuses)."""
    wl = small.wordlist
    found = 0
    for answers in random_games(2, 60, 3, wl):
        state = BoardsState.start(small, 2, 9, mode=Mode.HARD)
        for _ in range(8):
            if state.over:
                break
            singles = [int(s.candidates[0]) for _, s in state.live if s.n == 1]
            blocked = [g for g in singles if not state.allowed_mask[g]]
            g = Finisher().choose(state)
            assert state.allowed_mask[g] and g not in blocked
            found += bool(blocked)
            state = state.after(g, colours(state, wl.guesses[g], answers))
    assert found > 0  # the case is met on these games


def test_a_game_the_rule_blocks_is_unfinished() -> None:
    """ABCDE shows board 1 (ABFGH) A and B green, board 2 (IJCDE) C, D and E green: only
    ABCDE itself obeys both boards' hints, and it is neither board's answer. In ultrahard
    mode no word may be played; in hard mode ABCDE again would change nothing. Either way
    the bot stops, and the game is unfinished, counted apart from the mean."""
    wl = WordList.from_words(["abcde", "abfgh", "ijcde", "ijfgh"], name="blocked")
    pm = PatternMatrix.for_list(wl, use_cache=False)
    answers = ("abfgh", "ijcde")
    ultra = autoplay(pm, answers, "finisher", start="abcde", mode=Mode.ULTRAHARD)
    assert ultra.guesses == ("abcde",) and not ultra.finished and not ultra.won
    hard = autoplay(pm, answers, "finisher", start="abcde", mode=Mode.HARD)
    assert hard.guesses == ("abcde",) and not hard.finished
    state = BoardsState.start(pm, 2, 7, mode=Mode.HARD).after(
        0, [score("abcde", a) for a in answers]
    )
    assert state.allowed.tolist() == [0] and Finisher().useless(state, 0)
    two = variant_for(boards=2)
    for mode in HARD_MODES:
        r = benchmark_boards(pm, "finisher", two, 1, 0, answer_sets=[answers], mode=mode)
        assert (r.games, r.wins, r.unsolved, r.failures) == (1, 0, 1, 1)
        assert r.unsolved == 1 and to_json(r)["counts"]["unsolved"] == 1
    # in normal mode the same game is won
    assert autoplay(pm, answers, "finisher", start="abcde").won


def test_a_start_word_the_mode_refuses_is_refused() -> None:
    wl = WordList.bundled()
    pm = PatternMatrix.for_list(wl)
    with pytest.raises(InvalidWordError, match="SALET cannot be the answer"):
        autoplay(pm, ("cigar", "humor"), "finisher", start="salet", mode=Mode.ULTRAHARD)
