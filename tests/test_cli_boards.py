"""The bot and the helper of several boards on the command line: ``wordle solve --boards``,
``wordle bench --boards`` and ``wordle boards``. (Games of several boards are played by
``wordle play``: ``tests/test_cli_play.py``.)"""

from __future__ import annotations

import json
import re

import pytest

from harness_cli import bad, help_examples, ok, run


def test_cli_help_has_examples() -> None:
    for cmd, example in (
        ("play", "wordle play --variant quordle"),
        ("solve", "wordle solve --boards 4"),
        ("bench", "wordle bench --boards 4"),
        ("boards", "wordle boards"),
    ):
        out = ok(cmd, "--help")
        assert example in out and "Example" in out


def untimed(text: str) -> str:
    """A benchmark's report without the seconds it took."""
    return re.sub(r", [0-9.]+ s$", "", text, flags=re.M)


def test_cli_solve_and_bench() -> None:
    data = json.loads(ok("solve", "--boards", "4", "cigar,humor,snake,fruit", "--json"))
    played = data["play"]
    assert played["won"] and played["answers"] == ["cigar", "humor", "snake", "fruit"]
    assert all(1 <= n <= played["turns"] == len(data["rows"]) for n in played["solved_at"])
    first = data["rows"][0]
    guess, cells = first["guess"], first["boards"]
    assert guess == played["guesses"][0] and len(cells) == 4
    assert set(cells[0]) == {"guess", "pattern", "emoji", "letters"}
    text = ok("bench", "--variant", "dordle", "--games", "10", "--seed", "3")
    assert "on 10 Dordle games (seed 3, 2 boards, 7 guesses)" in text
    same = ok("bench", "--boards", "2", "--games", "10", "--seed", "3")
    assert untimed(text) == untimed(same)
    (result,) = json.loads(
        ok("bench", "--variant", "dordle", "--games", "10", "--seed", "3", "--json")
    )["results"]
    assert result["variant"]["name"] == "dordle" and result["variant"]["max_guesses"] == 7
    assert result["counts"]["games"] == 10 and 0 <= result["win_rate"] <= 1
    assert result["wins"] <= 10 and result["mode"] == "normal"


def test_cli_boards_helper() -> None:
    out = ok("boards", "-b", "2", "cigar:ggggg,bbbbb", "humor:-,ggggg")
    assert "Every board is solved." in out
    out = ok("boards", "-v", "quordle", "crane:bbybb,ybbbg,bbbbb,gbgbb")
    assert "Board 4:" in out and "Next guess" in out
    data = json.loads(ok("boards", "-b", "2", "cigar:ggggg,bbbbb", "--json"))
    assert data["boards"][0] == {
        "board": 1, "solved": True, "answer": "cigar", "remaining": 0, "words": []
    }  # fmt: skip
    assert data["guesses_left"] == 6 and data["strategy"] == "finisher"
    assert {"word", "score", "bits", "answer_on", "reason"} <= set(data["suggestions"][0])


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("solve", "--boards", "4", "cigar,humor"), "give 4 answers"),
        (("solve", "--variant", "quordle", "cigar,humor,snake,xxxxx"), "XXXXX"),
        (("solve", "--variant", "absurdle", "cigar"), "plays fixed answers, not Absurdle"),
        (("bench", "--boards", "4", "--games", "0"), "--games"),
        (("bench", "--variant", "nope"), "unknown variant 'nope'"),
        (("boards", "-b", "2", "crane:bbbbb"), "1 patterns for 2 boards"),
        (("boards", "crane:bbbbb"), "--boards N"),
    ],
)
def test_cli_bad_input_is_one_line(args: tuple[str, ...], match: str) -> None:
    bad(*args, match=match)


def test_the_boards_helper_in_every_mode() -> None:
    turn = "crane:bbybb,ybbbg"
    hard = json.loads(ok("boards", "-v", "dordle", "--hard", turn, "--json"))
    assert hard["mode"] == "hard" and hard["suggestions"]
    for s in hard["suggestions"]:  # every hint of both boards used: the A, and the E last
        assert "a" in s["word"] and s["word"][4] == "e"
    text = ok("boards", "-v", "dordle", "--ultrahard", turn)
    assert "No word may be played in ultrahard mode" in text and "Next guess" not in text
    bad("boards", "-v", "dordle", "--mode", "brutal", match="unknown mode 'brutal'")


def test_every_example_of_the_boards_help_works() -> None:
    examples = help_examples("boards")
    assert len(examples) == 4
    for args in examples:
        code, text, err = run(*args)
        assert code == 0, (args, err)
        assert "Next guess" in text
