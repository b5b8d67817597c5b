"""The bot and the helper of several boards on the command line: ``wordle solve --boards``,
``wordle bench --boards`` and ``wordle boards``. (Games of several boards are played by
``wordle play``: ``tests/test_cli_play.py``.)"""

from __future__ import annotations

import json

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


def test_cli_solve_and_bench() -> None:
    data = json.loads(ok("solve", "--boards", "4", "cigar,humor,snake,fruit", "--json"))
    assert data["won"] and sorted(data["answers"]) == sorted(["cigar", "humor", "snake", "fruit"])
    text = ok("bench", "--variant", "dordle", "--games", "10", "--seed", "3")
    assert "on 10 Dordle games (seed 3, 2 boards, 7 guesses)" in text
    assert text == ok("bench", "--boards", "2", "--games", "10", "--seed", "3")


def test_cli_boards_helper() -> None:
    out = ok("boards", "-b", "2", "cigar:ggggg,bbbbb", "humor:-,ggggg")
    assert "Every board is solved." in out
    out = ok("boards", "-v", "quordle", "crane:bbybb,ybbbg,bbbbb,gbgbb")
    assert "Board 4:" in out and "Next guess" in out


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


def test_every_example_of_the_boards_help_works() -> None:
    examples = help_examples("boards")
    assert len(examples) == 3
    for args in examples:
        code, text, err = run(*args)
        assert code == 0, (args, err)
        assert "Next guess" in text
