"""``wordle absurdle play|solve`` and ``wordle solve --absurdle``: help, output, JSON, errors."""

from __future__ import annotations

import json

from click.testing import CliRunner

from wordlekit.cli import app
from wordlekit.core.absurdle import AbsurdleGame
from wordlekit.core.game import Status

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    r = runner.invoke(app, list(args), input=input)
    return r.exit_code, r.stdout, r.stderr


def ok(*args: str, input: str | None = None) -> str:
    code, out, err = run(*args, input=input)
    assert code == 0, (args, out, err)
    return out


def bad(*args: str, match: str, input: str | None = None) -> None:
    code, out, err = run(*args, input=input)
    assert code == 2, (args, code, out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and match in lines[0], err


def test_every_absurdle_command_has_help_with_an_example() -> None:
    assert "wordle absurdle" in ok("absurdle", "--help")
    for sub in ("play", "solve"):
        text = ok("absurdle", sub, "--help")
        assert "Example" in text and f"wordle absurdle {sub}" in text
    assert "wordle solve --absurdle" in ok("solve", "--help")


def test_play_a_game_to_a_win() -> None:
    text = ok("absurdle", "play", input="arise\nscold\nzzzzz\nbungy\nmotto\n")
    assert "168 words left" in text
    assert "Not in word list: ZZZZZ (no turn used)" in text
    assert "1 word left: MOTTO" in text
    assert "Won in 4 guesses." in text and "Absurdle 4/∞" in text


def test_play_hard_mode_refuses_and_a_challenge_can_be_lost() -> None:
    text = ok("absurdle", "play", "--hard", input="arise\nscold\nbungy\n:q\n")
    assert "Hard mode: Guess must contain O (no turn used)" in text
    assert "Game left unfinished." in text
    text = ok("absurdle", "play", "--target", "cigar", input="crane\n")
    assert "Challenge lost: CIGAR left the host's words" in text


def test_solve_proves_four_from_the_start() -> None:
    text = ok("absurdle", "solve")
    assert "3 guesses: impossible" in text and "Minimum: 4." in text
    data = json.loads(ok("absurdle", "solve", "--json"))
    proof = data["proof"]
    assert proof["minimum"] == 4
    assert [d["guesses"] for d in proof["impossible"]] == [1, 2, 3]
    line = [t["guess"] for t in proof["line"]]
    assert AbsurdleGame.replay(line).status is Status.WON


def test_solve_from_a_position_with_a_limit() -> None:
    data = json.loads(ok("absurdle", "solve", "arise", "--limit", "1", "--json"))
    assert data["proof"]["minimum"] == 3
    first = data["first_guesses"]
    assert first["count"] == 1 and not first["complete"]
    for win in first["wins"]:
        game = AbsurdleGame.replay(["arise", *win["line"]])
        assert game.status is Status.WON and len(win["line"]) == 3
    # after ARISE SCOLD one guess alone leaves one word
    data = json.loads(ok("absurdle", "solve", "arise", "scold", "--all", "--json"))
    assert data["proof"]["minimum"] == 2 and data["first_guesses"]["complete"]


def test_solve_bot_plays_the_proven_line() -> None:
    text = ok("solve", "--absurdle")
    assert "a shortest win takes 4" in text and "Won in 4 guesses." in text
    data = json.loads(ok("solve", "--absurdle", "--hard", "--json"))
    line = [t["guess"] for t in data["proof"]["line"]]
    assert AbsurdleGame.replay(line, hard=True).status is Status.WON


def test_bad_input_is_one_line() -> None:
    bad("absurdle", "solve", "zzzzz", match="Not in word list: ZZZZZ")
    bad("absurdle", "solve", "--limit", "0", match="--limit must be at least 1")
    bad("absurdle", "solve", "--limit", "2", "--all", match="not both")
    bad("absurdle", "solve", "--target", "aahed", match="never an answer")
    bad("absurdle", "play", "--target", "qqqqq", match="QQQQQ")
    bad("absurdle", "solve", "crane", "--target", "cigar", match="no longer holds CIGAR")
    bad("solve", match="give the ANSWER")
