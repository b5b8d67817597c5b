"""Wordle on several boards: every guess to every unsolved board, the limit, the share grid,
the seeds, and hard mode on several boards."""

from __future__ import annotations

import pytest

from wordlekit.core.feedback import score
from wordlekit.core.game import Status
from wordlekit.core.rules import BOARDS_HARD_RULE, Mode
from wordlekit.core.variants import VARIANTS, variant_for
from wordlekit.core.wordle import CLASSIC, WordleGame, boards_variant, random_games
from wordlekit.core.words import WordList
from wordlekit.errors import (
    GameOverError,
    HardModeError,
    InvalidWordError,
    UltrahardError,
    VariantError,
)

ORIGINAL = WordList.bundled()
QUORDLE = VARIANTS["quordle"]
DORDLE = VARIANTS["dordle"]


def quordle(*answers: str, mode: str = "normal") -> WordleGame:
    game = QUORDLE.challenge(answers or ("cigar", "humor", "snake", "fruit"), mode=mode)
    assert isinstance(game, WordleGame)
    return game


def test_the_named_variants() -> None:
    got = {v.name: (v.boards, v.max_guesses) for v in VARIANTS.values() if v.boards > 1}
    assert got == {
        "dordle": (2, 7),
        "quordle": (4, 9),
        "octordle": (8, 13),
        "sedecordle": (16, 21),
        "duotrigordle": (32, 37),
    }
    assert variant_for(boards=4) is QUORDLE and boards_variant(4) is QUORDLE
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
    g = quordle().guess("snake")
    assert tuple(b.solved for b in g.boards) == (False, False, True, False)
    g = g.guess("cigar").guess("crane")
    # The solved boards stop: no row for CRANE on boards 1 and 3.
    assert [t.guess for t in g.boards[2].turns] == ["snake"]
    assert [t.guess for t in g.boards[0].turns] == ["snake", "cigar"]
    assert [t.guess for t in g.boards[1].turns] == ["snake", "cigar", "crane"]
    assert g.boards[1].turns[2].pattern == score("crane", "humor")
    assert g.status is Status.PLAYING and g.unsolved == (1, 3)
    g = g.guess("humor").guess("fruit")
    assert g.status is Status.WON and g.solved_at == (2, 4, 1, 5)
    outcome = g.outcome()
    assert outcome is not None and outcome.message == "Solved all 4 boards in 5/9."
    with pytest.raises(GameOverError):
        g.guess("crane")


def test_a_game_is_lost_at_the_limit() -> None:
    g = DORDLE.challenge(["cigar", "humor"]).replay(["crane"] * 6 + ["cigar"])
    assert g.status is Status.LOST
    outcome = g.outcome()
    assert outcome is not None and outcome.solved_at == (7, None)
    assert outcome.message == "Out of guesses: 1 of 2 boards solved. Missed: HUMOR."


def test_words_are_checked() -> None:
    g = quordle()
    for word, match in (("xxxxx", "Not in word list"), ("cat", "letters"), ("", "empty")):
        with pytest.raises(InvalidWordError, match=match):
            g.guess(word)
    assert g.guesses == ()  # a refused word uses no turn
    with pytest.raises(InvalidWordError, match="distinct"):
        quordle("cigar", "cigar", "snake", "fruit")
    with pytest.raises(VariantError, match="4 boards need 4 answers"):
        QUORDLE.challenge(["cigar", "humor"])


def test_the_keyboard_per_board_is_the_one_board_games() -> None:
    answers = ("cigar", "humor", "snake", "fruit")
    words = ["crane", "moist", "snake"]
    g = quordle(*answers).replay(words)
    for b, a in enumerate(answers):
        one = CLASSIC.challenge([a]).replay(words[: len(g.boards[b].turns)])
        assert g.keyboard(b) == one.keyboard()


def test_the_quordle_share_grid() -> None:
    g = QUORDLE.daily("2024-05-01")
    g = g.replay(sorted(g.secret))
    lines = g.share().splitlines()
    assert lines[0] == "Daily Quordle 1047" and len(lines[1]) == len(lines[2])
    fixed = quordle().replay(["snake", "cigar", "humor", "fruit"])
    lines = fixed.share().splitlines()
    assert lines[:3] == ["Quordle challenge", "2️⃣3️⃣", "1️⃣4️⃣"]
    assert lines[3] == ""
    # Boards 1 and 2 side by side, board 1 padded with black once solved.
    assert lines[4] == "⬛⬛🟨⬛⬛ ⬛⬛⬛⬛⬛"  # SNAKE on CIGAR and HUMOR
    assert lines[5] == "🟩🟩🟩🟩🟩 ⬛⬛⬛⬛🟩"
    assert lines[6] == "⬛⬛⬛⬛⬛ 🟩🟩🟩🟩🟩"


def test_share_marks_a_failed_board_and_big_counts() -> None:
    g = DORDLE.challenge(["cigar", "humor"]).replay(["crane"] * 6 + ["cigar"])
    assert g.share().splitlines()[1] == "7️⃣🟥"
    sixteen = VARIANTS["sedecordle"]
    big = sixteen.challenge(sorted(ORIGINAL.answers)[:16])
    big = big.replay(list(big.secret[:12]))
    rows = big.share().splitlines()
    assert rows[1] == "01 02 03 04" and rows[4] == "🟥🟥 🟥🟥 🟥🟥 🟥🟥"


def test_daily_and_practice_seeds() -> None:
    a = QUORDLE.daily("2024-05-01").secret
    assert a == QUORDLE.daily("2024-05-01").secret
    assert len(set(a)) == 4 and all(ORIGINAL.is_answer(w) for w in a)
    assert a != QUORDLE.daily("2024-05-02").secret
    assert VARIANTS["octordle"].daily("2024-05-01").secret[:4] != a
    # The seeds of the games stored before the one game model still draw the same boards.
    assert QUORDLE.daily("2024-01-02").secret == ("shock", "thick", "three", "lanky")
    assert DORDLE.practice(3).secret == DORDLE.practice(3).secret != DORDLE.practice(4).secret
    assert QUORDLE.practice(3).label == "Practice Quordle #3"
    assert QUORDLE.practice().label == "Practice Quordle"
    games = random_games(8, 20, 11, ORIGINAL)
    assert games == random_games(8, 20, 11, ORIGINAL)
    assert all(len(set(g)) == 8 for g in games)


# Hard mode on several boards -----------------------------------------------------------------


def test_hard_mode_asks_every_unsolved_boards_hints() -> None:
    assert "every board still being played" in BOARDS_HARD_RULE
    g = DORDLE.challenge(["giant", "chant"], mode="hard").guess("crane")
    # GIANT shows bbggb (A 3rd, N 4th), CHANT gbggb (C 1st too)
    with pytest.raises(HardModeError, match="board 2: 1st letter must be C"):
        g.guess("plant")
    assert g.guesses == ("crane",)
    g = g.guess("chant")  # board 2 solved: its hints ask nothing more
    assert g.boards[1].solved and g.guess("giant").status is Status.WON
    # a refusal names the board as the player counts them, solved ones included
    q = QUORDLE.challenge(["chant", "giant", "plant", "slant"], mode="hard").guess("chant")
    with pytest.raises(HardModeError, match="board 2: 3rd letter must be A"):
        q.guess("fuzzy")


def test_hard_mode_ends_a_game_no_board_of_which_can_be_solved() -> None:
    # BRAIN: C gray, R green, A green, N yellow; CHAIR: C green, A green, R yellow.
    g = DORDLE.challenge(["brain", "chair"], mode="hard").guess("crane")
    assert g.status is Status.LOST and g.over  # BRAIN has no C first, CHAIR no R second
    outcome = g.outcome()
    assert outcome is not None and outcome.message.startswith(
        "Lost: no board can be solved any more"
    )
    assert outcome.answers == ("brain", "chair")
    # the same boards in normal mode play on
    assert DORDLE.challenge(["brain", "chair"]).guess("crane").status is Status.PLAYING


def test_ultrahard_on_several_boards_plays_a_possible_answer_of_a_board() -> None:
    g = DORDLE.challenge(["giant", "chant"], mode="ultrahard").guess("crane")
    with pytest.raises(UltrahardError, match="CRANK cannot be the answer of any board"):
        g.guess("crank")
    assert g.guess("chant").boards[1].solved


def test_hard_mode_daily_is_a_game_of_its_own_mark() -> None:
    g = QUORDLE.daily("2024-05-01", mode=Mode.HARD)
    assert g.secret == QUORDLE.daily("2024-05-01").secret and g.mode is Mode.HARD
    won = type(g).restore(g.variant, g.rules, g.label, g.secret, g.secret)
    assert won.status is Status.WON and won.share().splitlines()[0] == "Daily Quordle 1047*"
