"""The one game model: every variant plays by the same protocol (construction, guess, status,
outcome, share, keyboard, replay, restore); then the classic game's own referee."""

from __future__ import annotations

import dataclasses

import pytest

from wordlekit.core.feedback import Tile, Turn, score
from wordlekit.core.game import Game, Outcome, Status
from wordlekit.core.rules import Host, Mode
from wordlekit.core.variants import VARIANTS, find_variant, variant_for, variant_of
from wordlekit.core.wordle import CLASSIC, PRAISE, WordleGame
from wordlekit.core.words import WordList
from wordlekit.errors import (
    GameOverError,
    HardModeError,
    InvalidWordError,
    UltrahardError,
    VariantError,
)

ORIGINAL = WordList.bundled()
ALL = list(VARIANTS.values())


def solve(game: Game) -> Game:
    """Play a game to a win the simple way: guess each board's answer (or, against an
    adversary, a word the host still holds until one is left)."""
    while not game.over:
        if game.host is Host.FIXED:
            game = game.guess(game.secret[game.unsolved[0]])
        else:
            words = game.host_words()
            assert words
            game = game.guess(words[0])
    return game


def test_the_registry_lists_every_variant() -> None:
    assert list(VARIANTS) == [
        "classic", "dordle", "quordle", "octordle", "sedecordle", "duotrigordle", "absurdle",
    ]  # fmt: skip
    assert [(v.boards, v.max_guesses) for v in ALL] == [
        (1, 6), (2, 7), (4, 9), (8, 13), (16, 21), (32, 37), (1, None),
    ]  # fmt: skip
    assert find_variant(" Absurdle ").host is Host.ADVERSARY
    with pytest.raises(VariantError, match="unknown variant 'wordle9000': choose one of classic"):
        find_variant("wordle9000")
    assert variant_for(boards=4).name == "quordle" and variant_for().name == "classic"
    assert variant_for("classic", max_guesses=8).name == "classic-8"
    with pytest.raises(VariantError, match="Absurdle has no guess limit"):
        variant_for("absurdle", max_guesses=9)
    with pytest.raises(VariantError, match="Quordle has 4 boards, not 3"):
        variant_for("quordle", boards=3)


@pytest.mark.parametrize("variant", ALL, ids=lambda v: v.name)
def test_every_variant_plays_by_the_protocol(variant) -> None:  # type: ignore[no-untyped-def]
    seed = 7 if variant.host is Host.FIXED else None  # a seeded Absurdle is a challenge
    game = variant.practice(seed)
    assert game == variant.practice(seed) and game.rules == variant.rules()
    assert variant_of(game.rules, variant.name) == variant
    assert game.status is Status.PLAYING and game.outcome() is None and not game.over
    assert len(game.boards) == variant.boards and game.guesses == ()
    # a guess returns the next game; the game it was made from is unchanged (a value)
    after = game.guess("crane")
    assert game.guesses == () and after.guesses == ("crane",)
    assert all(b.turns[-1].guess == "crane" for b in after.boards)
    # a refused word raises and uses no turn
    for bad in ["xxxxx", "cran", "cr4ne", ""]:
        with pytest.raises(InvalidWordError):
            after.guess(bad)
    # replay and restore give the same game
    assert game.replay(["crane"]) == after
    restored = type(game).restore(variant, game.rules, game.label, game.secret, ["crane"])
    assert restored == after
    won = solve(after)
    assert won.status is Status.WON and won.over
    outcome = won.outcome()
    assert isinstance(outcome, Outcome) and outcome.won and outcome.guesses == len(won.guesses)
    assert won.share().startswith(won.label.split(" #")[0])
    with pytest.raises(GameOverError):
        won.guess("crane")
    assert all(isinstance(k, dict) for k in won.keyboards())


@pytest.mark.parametrize("variant", ALL, ids=lambda v: v.name)
def test_daily_games_are_the_same_for_everyone(variant) -> None:  # type: ignore[no-untyped-def]
    a = variant.daily("2024-03-01")
    assert a == variant.daily("2024-03-01") and a != variant.daily("2024-03-02")
    assert "986" in a.label  # the puzzle's number, 986 days after 2021-06-19
    assert variant.practice(None).label.endswith(variant.practice(None).label.split(" #")[0])


@pytest.mark.parametrize("variant", ALL, ids=lambda v: v.name)
def test_hard_mode_marks_every_share(variant) -> None:  # type: ignore[no-untyped-def]
    game = solve(variant.practice(3 if variant.host is Host.FIXED else None, mode="hard"))
    assert game.mode is Mode.HARD
    assert "*" in game.share().splitlines()[0]
    assert "(2 hints)" in game.share(hints=2).splitlines()[0]


# The classic game ----------------------------------------------------------------------------


def test_win_in_three() -> None:
    g = CLASSIC.daily("2021-06-19")
    assert isinstance(g, WordleGame) and g.answer == "cigar" and g.label == "Wordle 0"
    g = g.guess("crane").guess("salty")
    assert g.status is Status.PLAYING and g.guesses_left == 4
    g = g.guess("CIGAR")
    assert g.status is Status.WON and g.over
    assert g.share() == "Wordle 0 3/6\n\n🟩🟨🟨⬛⬛\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩"
    with pytest.raises(GameOverError):
        g.guess("crane")


def test_loss_after_six() -> None:
    g = CLASSIC.challenge(["cigar"], mode="hard").replay(["fuzzy"] * 6)
    assert g.status is Status.LOST
    assert g.share().startswith("wordlekit challenge X/6*\n\n⬛⬛⬛⬛⬛")
    assert g.share(dark=False).endswith("⬜⬜⬜⬜⬜")
    won = CLASSIC.daily("2021-06-19").replay(["crane", "cigar"])
    assert won.share(high_contrast=True) == "Wordle 0 2/6\n\n🟧🟦🟦⬛⬛\n🟧🟧🟧🟧🟧"


def test_keyboard_best_state() -> None:
    g = CLASSIC.challenge(["geese"]).guess("eerie")  # E yellow, E green, E green: the best kept
    kb = g.keyboard()
    assert kb["e"] is Tile.GREEN and kb["r"] is Tile.GRAY and kb["i"] is Tile.GRAY
    assert g.guess("sheep").keyboard()["s"] is Tile.YELLOW


def test_hard_mode_refuses_without_using_a_turn() -> None:
    g = CLASSIC.challenge(["cigar"], mode="hard").guess("crane")  # C green, R and A yellow
    with pytest.raises(HardModeError, match="1st letter must be C"):
        g.guess("salty")
    with pytest.raises(HardModeError, match="Guess must contain R"):
        g.guess("chaos")
    assert len(g.turns) == 1 and len(g.guess("carry").turns) == 2


def test_ultrahard_refuses_without_using_a_turn() -> None:
    g = CLASSIC.challenge(["cigar"], mode="ultrahard")
    assert g.mode.hard and g.mode is Mode.ULTRAHARD
    with pytest.raises(UltrahardError, match="SALET cannot be the answer: it is not in the answer"):
        g.guess("salet")
    g = g.guess("crane")  # C green, R and A yellow
    with pytest.raises(HardModeError, match="CRANE would have shown"):
        g.guess("cairn")  # obeys hard mode (C placed, R and A used), but CRANE would show gyyyb
    with pytest.raises(HardModeError, match="so its 1st letter would be C"):
        g.guess("salty")
    assert len(g.turns) == 1 and g.guess("cigar").status is Status.WON


def test_ultrahard_daily_and_practice_and_share_mark() -> None:
    daily = CLASSIC.daily("2021-06-19", mode="ultrahard")
    assert CLASSIC.practice(7, mode="ultrahard").mode is Mode.ULTRAHARD
    daily = daily.guess("cigar")
    assert daily.share().splitlines()[0] == "Wordle 0 1/6**"
    assert daily.share(hints=1).splitlines()[0] == "Wordle 0 1/6** (1 hint)"


def test_practice_is_seeded_and_a_random_one_shows_no_seed() -> None:
    a, b = CLASSIC.practice(42), CLASSIC.practice(42)
    assert a.secret == b.secret == ("craft",) and a.label == "wordlekit practice #42"
    assert len({CLASSIC.practice(s).secret for s in range(20)}) > 10
    assert CLASSIC.practice().label == "wordlekit practice"


def test_a_challenge_takes_an_answer_of_the_list() -> None:
    with pytest.raises(InvalidWordError):
        CLASSIC.challenge(["aahed"])
    with pytest.raises(VariantError, match="1 boards need 1 answers, not 2"):
        CLASSIC.challenge(["cigar", "rebut"])


def test_outcome_values() -> None:
    g = CLASSIC.challenge(["cigar"])
    assert g.outcome() is None
    won = g.guess("cigar").outcome()
    assert won is not None and won.praise == "Genius" and won.message == "Genius! Solved in 1/6."
    assert (won.status, won.guesses, won.max_guesses, won.solved_at, won.answers) == (
        Status.WON, 1, 6, (1,), ("cigar",),
    )  # fmt: skip
    lost = g.replay(["crane", "slate", "moist", "pound", "flick", "badge"]).outcome()
    assert lost is not None and lost.praise is None and lost.solved_at == (None,)
    assert lost.message == "Out of guesses. The answer was CIGAR."
    assert PRAISE[5] == "Phew"


def test_a_longer_limit_is_a_variant_of_its_own() -> None:
    v = variant_for(max_guesses=8)
    g = v.challenge(["cigar"]).replay(["fuzzy"] * 7)
    assert g.status is Status.PLAYING and g.guesses_left == 1
    assert g.guess("cigar").share().splitlines()[0] == "wordlekit challenge 8/8"


def test_turns_match_the_feedback_rule() -> None:
    g = CLASSIC.challenge(["those"]).guess("geese")
    assert g.turns == (Turn("geese", score("geese", "those")),)
    assert g.turns[0].format("letters") == "geese:bbbgg"


def test_a_game_is_frozen() -> None:
    g = CLASSIC.challenge(["cigar"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.label = "x"  # type: ignore[misc]
