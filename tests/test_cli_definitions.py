"""``wordle play`` ends a game with the answer's definition from the offline dictionary."""

from __future__ import annotations

from harness_cli import ok, typed


def test_a_won_game_ends_with_the_definition() -> None:
    text = ok("play", "--challenge", "knoll", input=typed(["crane", "knoll"]))
    lines = text.splitlines()
    end = lines.index("Magnificent! Solved in 2/6.")  # the line after the outcome
    assert lines[end + 1] == "Definition: knoll (noun): a small natural hill", text


def test_no_definition_while_the_game_is_on() -> None:
    text = ok("play", "--challenge", "knoll", input=typed(["crane"]))
    assert "Game left unfinished." in text and "Definition" not in text and "hill" not in text


def test_a_lost_game_and_an_answer_without_an_entry() -> None:
    text = ok("play", "--challenge", "their", input=typed(["crane"] * 6))
    assert "Definition: their: No definition in the offline dictionary." in text.splitlines()


def test_one_definition_per_board() -> None:
    text = ok("play", "--challenge", "cigar,geese", input=typed(["cigar", "geese"]))
    got = [line for line in text.splitlines() if line.startswith("Definition: ")]
    assert got[0] == "Definition: cigar (noun): a roll of tobacco for smoking"
    assert got[1].startswith("Definition: geese (noun, plural of goose): web-footed")
    assert len(got) == 2
