"""``wordle absurdle solve`` and ``wordle solve --absurdle``: help, output, JSON, errors.
(The game is ``wordle play --variant absurdle``: ``tests/test_cli_play.py``.)"""

from __future__ import annotations

import json

from harness_cli import bad, ok, run
from wordlekit.core.absurdle import ABSURDLE
from wordlekit.core.game import Status


def replay(line: list[str], mode: str = "normal") -> Status:
    """How a free game of Absurdle ends after ``line``."""
    return ABSURDLE.practice(mode=mode).replay(line).status


def test_every_absurdle_command_has_help_with_an_example() -> None:
    text = ok("absurdle", "--help")
    assert "wordle absurdle solve" in text and "wordle play --variant absurdle" in text
    text = ok("absurdle", "solve", "--help")
    assert "Example" in text and "wordle absurdle solve" in text
    assert "wordle solve --absurdle" in ok("solve", "--help")


def test_the_game_is_played_by_wordle_play() -> None:
    code, out, err = run("absurdle", "play")
    assert code == 2 and out == "" and "No such command 'play'" in err


def test_solve_proves_four_from_the_start() -> None:
    text = ok("absurdle", "solve")
    assert "3 guesses: impossible" in text and "Minimum: 4." in text
    data = json.loads(ok("absurdle", "solve", "--json"))
    proof = data["proof"]
    assert proof["minimum"] == 4
    assert [depth for depth, _seconds in proof["refuted"]] == [1, 2, 3]
    line = [t["guess"] for t in proof["line"]["turns"]]
    assert replay(line) is Status.WON


def test_solve_from_a_position_with_a_limit() -> None:
    data = json.loads(ok("absurdle", "solve", "arise", "--limit", "1", "--json"))
    assert data["proof"]["minimum"] == 3
    first = data["first_guesses"]
    assert len(first["wins"]) == 1 and not first["complete"] and first["depth"] == 3
    for win in first["wins"]:
        line = [t["guess"] for t in win["turns"]]
        assert replay(["arise", *line]) is Status.WON and len(line) == 3
    assert data["game"]["guesses"] == ["arise"]
    # after ARISE SCOLD one guess alone leaves one word
    data = json.loads(ok("absurdle", "solve", "arise", "scold", "--all", "--json"))
    assert data["proof"]["minimum"] == 2 and data["first_guesses"]["complete"]
    # the listing says what it is, and names each first guess before its own line
    text = ok("absurdle", "solve", "arise", "--limit", "1")
    head, row = text.splitlines()[-2:]
    assert head.startswith("First guesses that win in 3: the first 1 found (")
    assert head.endswith(", each with a winning line:")
    guess, _, line = row.strip().partition(": ")
    assert line.split()[0] == guess and len(line.split()) == 3


def test_solve_bot_plays_the_proven_line() -> None:
    text = ok("solve", "--absurdle")
    assert "a shortest win takes 4" in text and "Won in 4 guesses." in text
    data = json.loads(ok("solve", "--absurdle", "--hard", "--json"))
    assert data["proof"]["mode"] == "hard"
    line = [t["guess"] for t in data["proof"]["line"]["turns"]]
    assert replay(line, "hard") is Status.WON
    bad("solve", "--absurdle", "--ultrahard", match="normal or hard mode, not ultrahard")


def test_bad_input_is_one_line() -> None:
    bad("absurdle", "solve", "zzzzz", match="ZZZZZ is not in the original word list")
    bad("absurdle", "solve", "--limit", "0", match="--limit must be at least 1")
    bad("absurdle", "solve", "--limit", "2", "--all", match="not both")
    bad("absurdle", "solve", "--target", "aahed", match="never an answer")
    bad("absurdle", "solve", "--mode", "ultrahard", match="choose one of normal, hard")
    bad("absurdle", "solve", "crane", "--target", "cigar", match="no longer holds CIGAR")
    bad("solve", match="give the ANSWER")
