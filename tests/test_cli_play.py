"""``wordle play``: every variant played to the end, every mode, challenges, the help's
examples, bad input, and the drawing on a terminal."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from harness_cli import answers_of, bad, help_examples, ok, run, typed
from wordlekit.cli import app
from wordlekit.services.games import UNLIMITED_CAP, GameRequest, make_game, variants

FIXED = [v for v in variants() if v.host == "fixed"]


# every variant to the end -------------------------------------------------------------------


@pytest.mark.parametrize("info", FIXED, ids=[v.name for v in FIXED])
def test_every_variant_of_fixed_answers_is_won_to_the_end(info) -> None:  # type: ignore[no-untyped-def]
    answers = answers_of(info.name, 7)
    out = ok("play", "--variant", info.name, "--seed", "7", input=typed(answers))
    game = make_game(GameRequest(info.name, seed=7)).game.replay(answers)
    n = info.boards
    if n == 1:
        assert out.splitlines()[0] == "wordlekit practice #7: guess the 5-letter word in 6 tries."
        assert "1. " + answers[0].upper() + " 🟩🟩🟩🟩🟩" in out and "Genius! Solved in 1/6." in out
    else:
        first = out.splitlines()[0]
        assert first.startswith(f"Practice {info.title} #7: {n} boards, {info.max_guesses} ")
        assert f"Solved all {n} boards in {n}/{info.max_guesses}." in out
        # each guess is one line: the word and every board's colours (- once solved before)
        last = out.split(f"{n}. {answers[-1].upper()} ", 1)[1].splitlines()[0].split()
        assert last == ["-----"] * (n - 1) + ["🟩🟩🟩🟩🟩"]
    assert out.rstrip().endswith(game.share())


def test_a_lost_game_shows_the_answers() -> None:
    out = ok("play", "--seed", "1", input="fuzzy\n" * 6)
    assert "The answer was" in out and "X/6" in out
    out = ok("play", "--variant", "dordle", "--seed", "2", input="fuzzy\n" * 7)
    (a, b) = answers_of("dordle", 2)
    assert f"Out of guesses: 0 of 2 boards solved. Missed: {a.upper()}, {b.upper()}." in out
    assert "🟥🟥" in out


def test_absurdle_is_won_with_the_host_s_words_shown() -> None:
    out = ok("play", "--variant", "absurdle", input="arise\nscold\nzzzzz\nbungy\nmotto\n")
    lines = out.splitlines()
    assert lines[0].startswith("Absurdle: The host holds every answer")
    assert "The host holds 2,315 words." in out
    assert "Guess 1: " in out and "Guess 1/" not in out  # no guess limit
    assert "1. ARISE ⬛⬛⬛⬛⬛  168 words left" in out
    assert "Not in word list: ZZZZZ (no turn used)" in out
    assert "3. BUNGY ⬛⬛⬛⬛⬛  1 word left: MOTTO" in out
    assert "Won in 4 guesses." in out
    assert out.rstrip().endswith("Absurdle 4/∞\n\n⬛⬛⬛⬛⬛\n⬛⬛🟨⬛⬛\n⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟩")


def test_a_game_with_no_guess_limit_stops_at_the_cap() -> None:
    out = ok("play", "--variant", "absurdle", input="aahed\n" * (UNLIMITED_CAP + 3))
    assert f"A game takes at most {UNLIMITED_CAP} guesses." in out
    assert "Game left unfinished." in out


# modes -------------------------------------------------------------------------------------


def test_hard_mode_refusal_on_one_board() -> None:
    out = ok("play", "--daily", "2021-06-19", "--hard", input="crane\nsalty\ncarry\n")
    assert out.splitlines()[0] == "Wordle 0 (hard mode): guess the 5-letter word in 6 tries."
    assert "Hard mode: 1st letter must be C (no turn used)" in out
    assert "2. CARRY" in out
    assert "Game left unfinished." in out  # input ended


def test_hard_quordle_refuses_a_guess_then_is_won() -> None:
    """Hard mode on several boards: every guess obeys the hints of every board still being
    played (VIBEX shows I green on board 4 only; the other answers share no letter)."""
    words = "amply,fjord,snuck,wight"
    out = ok(
        "play", "--variant", "quordle", "--hard", "--challenge", words,
        input=typed(["vibex", "amply", "wight", "amply", "fjord", "snuck"]),
    )  # fmt: skip
    assert out.startswith("Quordle challenge (hard mode): 4 boards, 9 guesses.")
    assert "Hard mode: every guess obeys the hard-mode rule on every board" in out
    assert "Hard mode: board 4: 2nd letter must be I (no turn used)" in out
    assert "1. VIBEX ⬛⬛⬛⬛⬛ ⬛⬛⬛⬛⬛ ⬛⬛⬛⬛⬛ ⬛🟩⬛⬛⬛" in out
    assert "2. WIGHT ⬛⬛⬛⬛⬛ ⬛⬛⬛⬛⬛ ⬛⬛⬛⬛⬛ 🟩🟩🟩🟩🟩" in out
    assert "4. FJORD ----- 🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛ -----" in out
    assert "Solved all 4 boards in 5/9." in out
    assert "Quordle challenge*\n3️⃣4️⃣\n5️⃣2️⃣" in out


def test_ultrahard_refusals_explain_the_rule() -> None:
    out = ok("play", "--daily", "2021-06-19", "--ultrahard", input="salet\ncrane\ncairn\ncigar\n")
    assert out.splitlines()[0].startswith("Wordle 0 (ultrahard mode): guess")
    assert (
        "Ultrahard mode: SALET cannot be the answer: it is not in the answer list (no turn used)"
        in out
    )
    assert (
        "Ultrahard mode: CAIRN cannot be the answer: CRANE would have shown gyyyb, not gyybb" in out
    )
    assert out.rstrip().endswith("Wordle 0 2/6**\n\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩")


def test_the_mode_is_one_option_with_two_short_forms() -> None:
    game = "crane\nsalty\n:q\n"
    hard = ok("play", "--daily", "2021-06-19", "--hard", input=game)
    assert ok("play", "--daily", "2021-06-19", "--mode", "hard", input=game) == hard
    assert ok("play", "--daily", "2021-06-19", "--mode", "HARD", input=game) == hard
    # the last one given wins
    assert ok("play", "--daily", "2021-06-19", "--ultrahard", "--hard", input=game) == hard
    normal = ok("play", "--daily", "2021-06-19", "--hard", "--mode", "normal", input=game)
    assert "must be C" not in normal and "2. SALTY" in normal
    bad("play", "--mode", "easy", match="unknown mode 'easy': choose one of normal, hard")


def test_hard_absurdle() -> None:
    out = ok("play", "--variant", "absurdle", "--hard", input="arise\nscold\nbungy\n:q\n")
    assert "Hard mode: Guess must contain O (no turn used)" in out
    assert "Game left unfinished." in out


# which game --------------------------------------------------------------------------------


def test_challenges() -> None:
    out = ok("play", "--challenge", "cigar", input="cigar\n")
    assert "Genius! Solved in 1/6." in out and "wordlekit challenge 1/6" in out
    out = ok("play", "--challenge", "cigar,humor", input="humor\ncigar\n")  # two words: Dordle
    assert out.startswith("Dordle challenge: 2 boards, 7 guesses.")
    assert "Solved all 2 boards in 2/7." in out
    out = ok("play", "--variant", "absurdle", "--challenge", "cigar", input="crane\n")
    assert "Challenge: make the host end on CIGAR." in out
    assert "Challenge lost: CIGAR left the host's words after CRANE" in out
    assert "Absurdle X/∞ (challenge: CIGAR)" in out


def test_daily_and_seeded_games() -> None:
    a = ok("play", "--seed", "5", input="fuzzy\n" * 6)
    assert a == ok("play", "--seed", "5", input="fuzzy\n" * 6)
    first = ok("play", input=":q\n").splitlines()[0]
    assert first.startswith("wordlekit practice:")  # no seed: the label shows no number
    assert ok("play", "--daily", input=":q\n").startswith("Wordle ")  # today's
    out = ok("play", "--variant", "quordle", "--daily", "2022-02-15", input=":q\n")
    assert out.startswith("Daily Quordle 241: 4 boards, 9 guesses.")
    out = ok("play", "--variant", "absurdle", "--seed", "4", input=":q\n")
    assert out.startswith("Absurdle challenge #4: ")
    assert f"make the host end on {answers_of('absurdle', 4)[0].upper()}" in out


def test_custom_boards() -> None:
    out = ok("play", "--boards", "3", input=":q\n")
    assert out.startswith("Practice 3-board Wordle: 3 boards, 8 guesses.")
    out = ok("play", "--boards", "3", "--max-guesses", "10", "--seed", "1", input=":q\n")
    assert out.startswith("Practice 3-board Wordle #1: 3 boards, 10 guesses.")
    out = ok("play", "--variant", "quordle", "--max-guesses", "12", input=":q\n")
    assert "4 boards, 12 guesses" in out.splitlines()[0]


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("--variant", "wordle"), "unknown variant 'wordle': choose one of classic, dordle"),
        (("--boards", "0"), "1 to 64"),
        (("--boards", "4", "--max-guesses", "3"), "at least 4 guesses"),
        (("--variant", "quordle", "--boards", "2"), "Quordle has 4 boards, not 2"),
        (("--variant", "absurdle", "--max-guesses", "8"), "Absurdle has no guess limit"),
        (("--daily", "2021-06-19", "--seed", "3"), "not --daily and --seed"),
        (("--seed", "3", "--challenge", "cigar"), "not --seed and --challenge"),
        (("--daily", "someday"), "bad date"),
        (("--daily", "2999-01-01"), "not out yet"),
        (("--seed", "-1"), "a seed is a number from 0"),
        (("--challenge", "qqqqq"), "QQQQQ"),
        (("--challenge", ","), "--challenge takes the answers"),
        (("--variant", "quordle", "--challenge", "cigar,humor"), "4 boards need 4 answers"),
        (("--challenge", "cigar,cigar"), "distinct"),
        (("--variant", "absurdle", "--challenge", "cigar,humor"), "one target"),
        (("--boards", "2", "--assist"), "--assist helps games of one board"),
        (("--answers", "likely"), "--assist"),
        (("--lists", "nyt", "--daily", "2022-02-15"), "not an answer in the nyt list"),
        (("--no-such-option",), "No such option"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], match: str) -> None:
    bad("play", *args, match=match)


def test_bad_words_typed_never_end_the_game() -> None:
    out = ok("play", "--challenge", "cigar", input="[bold]\n12345\ncigars\n\ncigar\n")
    assert out.count("(no turn used)") == 3 and "Genius! Solved in 1/6." in out


def test_play_with_the_helper() -> None:
    text = ok("play", "--seed", "3", "--assist", "--answers", "likely", input="crane\n:q\n")
    assert "Assist: 1300 words left (every valid word" in text and "most likely" in text
    assert "Assist: next " in text
    text = ok("play", "--challenge", "cigar", "--hard", "--assist", input="crane\n:q\n")
    assert "Assist: 8 words left (answers of the original list)\n" in text
    assert "Assist: next CARGO (2.75 bits, could be the answer)" in text


# the help ----------------------------------------------------------------------------------


def test_the_help_lists_every_variant_and_mode() -> None:
    text = " ".join(ok("play", "--help").split())
    for v in variants():
        assert v.name in text
    assert "absurdle (1 board, no limit)" in text and "quordle (4 boards, 9 guesses)" in text
    assert "--mode MODE The rules: normal, hard or ultrahard" in text
    assert "could still be the answer" in text


def test_every_example_of_the_help_runs() -> None:
    examples = help_examples("play")
    assert len(examples) >= 10
    for args in examples:
        code, out, err = run(*args, input="crane\n:q\n")
        assert code == 0, (args, out, err)
        assert "Guess 1" in out and err == "", args
        assert "1. CRANE" in out, args  # the first guess was played (or ended the game)


# on a terminal -----------------------------------------------------------------------------


def test_one_board_on_a_terminal(terminal: CliRunner) -> None:
    r = terminal.invoke(app, ["play", "--daily", "2021-06-19"], input="crane\ncigar\n")
    assert r.exit_code == 0, r.stderr
    assert "\x1b[" in r.stdout  # ANSI colours
    assert " C " in r.stdout and " Q " in r.stdout  # tiles and the keyboard
    assert "Impressive" not in r.stdout and "Magnificent! Solved in 2/6." in r.stdout


def test_several_boards_side_by_side_on_a_terminal(terminal: CliRunner) -> None:
    answers = answers_of("quordle", 3)
    r = terminal.invoke(app, ["play", "--variant", "quordle", "--seed", "3"], input="crane\n:q\n")
    assert r.exit_code == 0, r.stderr
    heads = [line for line in r.stdout.splitlines() if "Board 1" in line]
    assert heads and "Board 4" in heads[0]  # four boards on one line of 100 columns
    assert answers[0] not in r.stdout.lower()  # no answer before the end


def test_absurdle_on_a_terminal(terminal: CliRunner) -> None:
    r = terminal.invoke(app, ["play", "--variant", "absurdle"], input="arise\n:q\n")
    assert r.exit_code == 0, r.stderr
    assert "168 words left" in r.stdout and " A " in r.stdout


def test_many_boards_on_a_terminal(terminal: CliRunner) -> None:
    """Past one line of boards the solved ones are listed in a line; a keyboard split in more
    cells than the width holds becomes one key per letter in its best colour."""
    first, second = answers_of("octordle", 5)[:2]
    args = ["play", "--variant", "octordle", "--seed", "5"]
    r = terminal.invoke(app, args, input=typed([first, second, ":q"]))
    assert r.exit_code == 0, r.stderr
    assert f"Solved: board 1 {first.upper()} (1), board 2 {second.upper()} (2)" in r.stdout
    assert "Board 1 " not in r.stdout.split("Solved: board 1")[1]  # not drawn again
    assert "Each key" not in r.stdout  # 7 cells a key fit in 100 columns
    r = terminal.invoke(app, ["play", "--variant", "sedecordle"], input="crane\n:q\n")
    assert "Each key: its best colour on the 16 boards still being played." in r.stdout
