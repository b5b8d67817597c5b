"""Several boards at once: the rules, the share grid, the seeds, the strategies (fast paths
against a readable reference from ``score``), auto-play, benchmarks, the store, the services
and the command line."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from conftest import SMALL_ANSWERS
from wordlekit.cli import app
from wordlekit.core.boards import (
    VARIANTS,
    BoardGame,
    Status,
    daily_answers,
    practice_answers,
    random_games,
    variant_for,
)
from wordlekit.core.feedback import all_green, parse_pattern, score
from wordlekit.core.game import Game
from wordlekit.core.words import WordList
from wordlekit.errors import (
    GameOverError,
    InconsistentFeedbackError,
    InvalidWordError,
    VariantError,
)
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import boards as service
from wordlekit.solve.boards import (
    BoardFigures,
    BoardsState,
    Finisher,
    SumEntropy,
    reference_bits,
)
from wordlekit.solve.boards_lookahead import Lookahead
from wordlekit.solve.boards_play import autoplay, benchmark_boards
from wordlekit.store.boards import BoardStore, BoardTurnConflictError
from wordlekit.store.games import Store

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


# -- variants and rules ----------------------------------------------------------------------


def test_the_named_variants() -> None:
    got = {v.name: (v.boards, v.max_guesses) for v in VARIANTS.values()}
    assert got == {
        "dordle": (2, 7),
        "quordle": (4, 9),
        "octordle": (8, 13),
        "sedecordle": (16, 21),
        "duotrigordle": (32, 37),
    }
    assert variant_for(boards=4) is VARIANTS["quordle"]
    assert variant_for(boards=5).max_guesses == 10
    assert variant_for(boards=4, max_guesses=12).name == "4-board-12"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"name": "pentordle"}, "unknown variant"),
        ({"boards": 0}, "1 to 64"),
        ({"boards": 4, "max_guesses": 3}, "at least 4"),
        ({"name": "quordle", "boards": 8}, "4 boards"),
    ],
)
def test_bad_variants(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(VariantError, match=match):
        variant_for(**kwargs)  # type: ignore[arg-type]


def test_every_guess_goes_to_every_unsolved_board() -> None:
    g = BoardGame(QUORDLE, ("cigar", "humor", "snake", "fruit"))
    g = g.guess("snake")
    assert g.solved == (False, False, True, False)
    g = g.guess("cigar").guess("crane")
    # The solved boards stop: no row for CRANE on boards 1 and 3.
    assert [t.guess for t in g.board_turns(2)] == ["snake"]
    assert [t.guess for t in g.board_turns(0)] == ["snake", "cigar"]
    assert [t.guess for t in g.board_turns(1)] == ["snake", "cigar", "crane"]
    assert g.board_turns(1)[2].pattern == score("crane", "humor")
    assert g.status is Status.PLAYING and g.unsolved == (1, 3)
    g = g.guess("humor").guess("fruit")
    assert g.status is Status.WON and g.solved_at == (2, 4, 1, 5)
    assert g.outcome() == "Solved all 4 boards in 5/9."
    with pytest.raises(GameOverError):
        g.guess("crane")


def test_a_game_is_lost_at_the_limit() -> None:
    g = BoardGame(variant_for("dordle"), ("cigar", "humor")).replay(["crane"] * 6 + ["cigar"])
    assert g.status is Status.LOST
    assert g.outcome() == "Out of guesses: 1 of 2 boards solved. Missed: HUMOR."


def test_words_are_checked() -> None:
    g = BoardGame(QUORDLE, ("cigar", "humor", "snake", "fruit"))
    for word, match in (("xxxxx", "Not in word list"), ("cat", "letters"), ("", "empty")):
        with pytest.raises(InvalidWordError, match=match):
            g.guess(word)
    assert g.guesses == ()  # a refused word uses no turn
    with pytest.raises(VariantError, match="distinct"):
        BoardGame(QUORDLE, ("cigar", "cigar", "snake", "fruit"))
    with pytest.raises(VariantError, match="4 boards"):
        BoardGame(QUORDLE, ("cigar", "humor"))


def test_the_keyboard_per_board_is_the_one_board_games() -> None:
    answers = ("cigar", "humor", "snake", "fruit")
    words = ["crane", "moist", "snake"]
    g = BoardGame(QUORDLE, answers).replay(words)
    for b, a in enumerate(answers):
        one = Game(a)
        for w in words[: len(g.board_turns(b))]:
            one.guess(w)
        assert g.keyboard(b) == one.keyboard()


def test_the_quordle_share_grid() -> None:
    g = BoardGame(QUORDLE, ("cigar", "humor", "snake", "fruit"), label="Daily Quordle 7")
    g = g.replay(["snake", "cigar", "humor", "fruit"])
    lines = g.share().splitlines()
    assert lines[:3] == ["Daily Quordle 7", "2️⃣3️⃣", "1️⃣4️⃣"]
    assert lines[3] == ""
    # Boards 1 and 2 side by side, board 1 padded with black once solved.
    assert lines[4] == "⬛⬛🟨⬛⬛ ⬛⬛⬛⬛⬛"  # SNAKE on CIGAR and HUMOR
    assert lines[5] == "🟩🟩🟩🟩🟩 ⬛⬛⬛⬛🟩"
    assert lines[6] == "⬛⬛⬛⬛⬛ 🟩🟩🟩🟩🟩"
    assert g.share(grid=False).splitlines()[1:] == ["2️⃣3️⃣", "1️⃣4️⃣"]


def test_share_marks_a_failed_board_and_big_counts() -> None:
    g = BoardGame(variant_for("dordle"), ("cigar", "humor")).replay(["crane"] * 6 + ["cigar"])
    assert g.share(grid=False).splitlines()[1] == "7️⃣🟥"
    big = BoardGame(variant_for(boards=16), tuple(sorted(WordList.bundled().answers)[:16]))
    big = big.replay(list(big.answers[:12]))
    rows = big.share().splitlines()
    assert rows[1] == "01 02 03 04" and rows[4] == "🟥🟥 🟥🟥 🟥🟥 🟥🟥"


def test_daily_and_practice_seeds(original: WordList) -> None:
    a = daily_answers(QUORDLE, "2024-05-01", original)
    assert a == daily_answers(QUORDLE, "2024-05-01", original)
    assert len(set(a)) == 4 and all(original.is_answer(w) for w in a)
    assert a != daily_answers(QUORDLE, "2024-05-02", original)
    assert daily_answers(variant_for("octordle"), "2024-05-01", original)[:4] != a
    assert practice_answers(QUORDLE, 3, original) == practice_answers(QUORDLE, 3, original)
    assert practice_answers(QUORDLE, 3, original) != practice_answers(QUORDLE, 4, original)
    daily = BoardGame.daily(QUORDLE, "2024-05-01", original)
    assert daily.label == "Daily Quordle 1047" and daily.answers == a
    assert BoardGame.practice(QUORDLE, 3).label == "Practice Quordle #3"
    assert BoardGame.practice(QUORDLE).label == "Practice Quordle"
    games = random_games(8, 20, 11, original)
    assert games == random_games(8, 20, 11, original)
    assert all(len(set(g)) == 8 for g in games)


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
        game = BoardGame(QUORDLE, answers).replay(played.guesses)
        assert game.status is Status.WON and played.won
        assert tuple(game.solved_at) == played.solved_at


def test_the_same_seeded_games_give_the_same_results(pm: PatternMatrix) -> None:
    first = benchmark_boards(pm, "finisher", QUORDLE, 25, seed=4)
    again = benchmark_boards(pm, Finisher(), QUORDLE, 25, seed=4)
    assert [p.guesses for p in first.plays] == [p.guesses for p in again.plays]
    assert first.counts == again.counts and first.games == 25
    assert first.to_dict()["histogram"] == again.to_dict()["histogram"]
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


def test_the_store_keeps_games_and_statistics(tmp_path: Path, original: WordList) -> None:
    path = tmp_path / "games.sqlite3"
    Store(path, original)  # a database of one-board games first: it still opens
    store = BoardStore(path, original)
    stored, created = service.start(store, "p", QUORDLE, "daily", date="2024-05-01")
    again, created2 = service.start(store, "p", QUORDLE, "daily", date="2024-05-01")
    assert created and not created2 and again.id == stored.id
    answers = stored.game.answers
    for k, w in enumerate(answers, start=1):
        stored = service.guess(store, stored.id, "p", w, turn=k)
    assert stored.game.status is Status.WON
    # A retry of the last guess changes nothing; another word there is refused.
    assert service.guess(store, stored.id, "p", answers[-1], turn=4).game.guesses == answers
    with pytest.raises(BoardTurnConflictError):
        service.guess(store, stored.id, "p", "crane", turn=2)
    stats = service.stats(store, "p", QUORDLE)
    assert stats["played"] == 1 and stats["wins"] == 1 and stats["distribution"] == {"4": 1}
    assert service.stats(store, "p", variant_for("octordle"))["played"] == 0
    with sqlite3.connect(path) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "turns", "board_games"} <= tables


def test_no_answer_leaks_before_the_end() -> None:
    g = BoardGame(QUORDLE, ("cigar", "humor", "snake", "fruit")).replay(["snake", "crane"])
    view = service.public_view(g, "x")
    text = json.dumps(view)
    for hidden in ("cigar", "humor", "fruit"):
        assert hidden not in text
    assert view["boards"][2]["answer"] == "snake"  # solved: the player typed it
    done = service.public_view(g.replay(["cigar", "humor", "fruit"]))
    assert done["answers"] == ["cigar", "humor", "snake", "fruit"] and done["share"]


def test_assist_lists_words_per_board_and_the_best_guess(pm: PatternMatrix) -> None:
    answers = ("cigar", "humor", "snake", "fruit")
    win = all_green()
    pats = [[score("crane", a)] for a in answers]
    data = service.assist(pm, ["crane"], pats, boards=4, top=3)
    for board, a in zip(data["boards"], answers, strict=True):
        assert a in board["words"]
        want = [w for w in pm.wordlist.answers if score("crane", w) == score("crane", a)]
        assert board["remaining"] == len(want)
    assert len(data["suggestions"]) == 3
    solved = service.assist(pm, ["snake"], [[score("snake", a)] for a in answers], boards=4)
    assert solved["boards"][2] == {"board": 3, "solved": True, "answer": "snake", "remaining": 0}
    assert win == 242


# -- the command line ------------------------------------------------------------------------

runner = CliRunner()


def _run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    r = runner.invoke(app, list(args), input=input)
    return r.exit_code, r.stdout, r.stderr


def test_cli_help_has_examples() -> None:
    for cmd, example in (
        ("play", "wordle play --boards 4"),
        ("solve", "wordle solve --boards 4"),
        ("bench", "wordle bench --boards 4"),
        ("boards", "wordle boards"),
    ):
        code, out, _ = _run(cmd, "--help")
        assert code == 0 and example in out and "Example" in out


def test_cli_solve_and_bench() -> None:
    code, out, err = _run("solve", "--boards", "4", "cigar,humor,snake,fruit", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["won"] and sorted(data["answers"]) == sorted(["cigar", "humor", "snake", "fruit"])
    code, out, err = _run("bench", "--variant", "dordle", "--games", "10", "--seed", "3", "--json")
    assert code == 0, err
    res = json.loads(out)["results"][0]
    assert res["games"] == 10 and res["variant"]["name"] == "dordle"
    code, out2, _ = _run("bench", "--boards", "2", "--games", "10", "--seed", "3", "--json")
    assert json.loads(out2)["results"][0]["histogram"] == res["histogram"]


def test_cli_play_a_dordle_to_the_end() -> None:
    answers = practice_answers(variant_for("dordle"), 9, WordList.bundled())
    code, out, err = _run("play", "--boards", "2", "--seed", "9", input="\n".join(answers) + "\n")
    assert code == 0, err
    assert "Solved all 2 boards in 2/7." in out and "Practice Dordle #9" in out


def test_cli_boards_helper() -> None:
    code, out, err = _run("boards", "-b", "2", "cigar:ggggg,bbbbb", "humor:-,ggggg")
    assert code == 0, err
    assert "Every board is solved." in out
    code, out, err = _run("boards", "-v", "quordle", "crane:bbybb,ybbbg,bbbbb,gbgbb")
    assert code == 0, err
    assert "Board 4:" in out and "Next guess" in out


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("play", "--boards", "0"), "1 to 64"),
        (("solve", "--boards", "4", "cigar,humor"), "give 4 answers"),
        (("solve", "--variant", "quordle", "cigar,humor,snake,xxxxx"), "XXXXX"),
        (("bench", "--boards", "4", "--games", "0"), "--games"),
        (("boards", "-b", "2", "crane:bbbbb"), "1 patterns for 2 boards"),
        (("boards", "crane:bbbbb"), "--boards N"),
        (("play", "--boards", "4", "--hard"), "no hard mode"),
    ],
)
def test_cli_bad_input_is_one_line(args: tuple[str, ...], match: str) -> None:
    code, out, err = _run(*args)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and match in lines[0], err


def test_small_answers_fixture_is_a_valid_game(original: WordList) -> None:
    g = BoardGame(variant_for(boards=len(SMALL_ANSWERS)), tuple(SMALL_ANSWERS), original)
    assert g.boards == 20 and g.variant.max_guesses == 25


def test_every_example_of_the_boards_help_works() -> None:
    code, out, _ = _run("boards", "--help")
    examples = [
        line.strip().split("   ")[0].split()
        for line in out.splitlines()
        if line.strip().startswith("wordle boards")
    ]
    assert len(examples) == 3
    for words in examples:
        code, text, err = _run(*words[1:])
        assert code == 0, (words, err)
        assert "Next guess" in text
