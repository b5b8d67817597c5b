"""The reference feedback function, pattern forms and explanations."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlekit.core.feedback import (
    Tile,
    all_green,
    explain,
    format_pattern,
    parse_pattern,
    pattern_tiles,
    score,
)
from wordlekit.errors import InvalidPatternError

DATA = Path(__file__).parent / "data"


def check(guess: str, answer: str, expected: str) -> None:
    """Reads like the game: ``check("those", "geese", "bbbgg")``."""
    got = format_pattern(score(guess, answer), len(guess), "letters")
    assert got == expected, f"{guess} against {answer}: expected {expected}, got {got}"


def test_design_seed_examples() -> None:
    check("those", "geese", "bbbgg")
    check("added", "dread", "yybyg")  # DREAD/ADDED: yellow yellow gray yellow green
    check("mamma", "maxim", "ggybb")  # MAXIM/MAMMA: green green yellow gray gray


def _table() -> list[tuple[str, str, str]]:
    rows = []
    for line in (DATA / "repeated_letters.txt").read_text().splitlines():
        fields = line.split("#")[0].split()
        if fields:
            rows.append((fields[0], fields[1], fields[2]))
    return rows


REPEATED = _table()


def test_table_has_enough_cases() -> None:
    assert len(REPEATED) >= 40
    assert all(
        max(Counter(g).values()) > 1 or max(Counter(a).values()) > 1
        for g, a, _ in REPEATED
        if (g, a) != ("crane", "cigar")
    )


@pytest.mark.parametrize(("guess", "answer", "expected"), REPEATED)
def test_repeated_letters(guess: str, answer: str, expected: str) -> None:
    check(guess, answer, expected)


def test_peer_corpus() -> None:
    """All 76,607 cases of yukosgiti/wordle-tests (MIT): ANSWER,GUESS,RESULT with c/m/w."""
    to_tile = {"c": "g", "m": "y", "w": "b"}
    lines = (DATA / "yukosgiti-tests.txt").read_text().splitlines()
    assert len(lines) == 76607
    failures = []
    for line in lines:
        answer, guess, result = line.split(",")
        expected = "".join(to_tile[c] for c in result)
        if format_pattern(score(guess, answer), len(guess), "letters") != expected:
            failures.append(line)
    assert not failures, failures[:10]


def test_encoding() -> None:
    assert all_green(5) == 242
    assert score("crane", "crane") == 242
    assert parse_pattern("gbbbb") == 2  # position 0 has weight 3**0
    assert parse_pattern("bbbbg") == 2 * 81
    assert pattern_tiles(parse_pattern("gybbb")) == (
        Tile.GREEN,
        Tile.YELLOW,
        Tile.GRAY,
        Tile.GRAY,
        Tile.GRAY,
    )


@pytest.mark.parametrize(
    "text",
    [
        "gybbn",
        "GYBBN",
        "gyxxw",
        "gy..-",
        "21000",
        "🟩🟨⬛⬛⬛",
        "🟩🟨⬜⬜⬜",
        "🟩🟨⬛️⬛⬛",
        "g y b b b",
    ],
)
def test_every_text_form(text: str) -> None:
    assert parse_pattern(text, 5) == parse_pattern("gybbb")


def test_nyg_hand_notation() -> None:
    # n/y/g: "no", "yes but elsewhere", "green"
    assert format_pattern(parse_pattern("nnygn"), 5, "letters") == "bbygb"


@pytest.mark.parametrize("bad", ["", "gyb", "gybbbb", "gyzbb", "🟥🟩🟩🟩🟩", "gggggggggg"])
def test_bad_patterns(bad: str) -> None:
    with pytest.raises(InvalidPatternError):
        parse_pattern(bad, 5)


def test_bad_pattern_ints() -> None:
    with pytest.raises(InvalidPatternError):
        parse_pattern(243, 5)
    with pytest.raises(InvalidPatternError):
        parse_pattern(-1, 5)
    with pytest.raises(InvalidPatternError):
        format_pattern(300, 5)


def test_formats() -> None:
    p = score("crane", "cigar")
    assert format_pattern(p, 5, "emoji") == "🟩🟨🟨⬛⬛"
    assert format_pattern(p, 5, "letters") == "gyybb"
    assert format_pattern(p, 5, "digits") == "21100"
    # the formats are cached: a bool is still no pattern, once an int of its value is cached
    assert format_pattern(1, 5, "letters") == "ybbbb"
    with pytest.raises(InvalidPatternError, match="not bool"):
        format_pattern(True, 5, "letters")


def test_explain_says_why() -> None:
    lines = explain("geese", "those")
    assert len(lines) == 5
    assert lines[0] == "the G is gray: THOSE has no G"
    assert lines[1] == "the first E is gray: THOSE has one E and it is already green at position 5"
    assert lines[4] == "the third E is green: THOSE has E at position 5 too"
    assert explain("added", "dread")[2].startswith("the second D is gray")
    assert "yellow" in explain("mamma", "maxim")[2]


def test_score_rejects_different_lengths() -> None:
    with pytest.raises(ValueError):
        score("abc", "abcd")


words = st.text(alphabet="abcde", min_size=5, max_size=5)
pairs = st.integers(min_value=4, max_value=8).flatmap(
    lambda n: st.tuples(
        st.text(alphabet="abcdef", min_size=n, max_size=n),
        st.text(alphabet="abcdef", min_size=n, max_size=n),
    )
)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8))
def test_same_word_is_all_green(w: str) -> None:
    assert score(w, w) == all_green(len(w))


@given(pairs)
def test_colours_never_exceed_letter_counts(pair: tuple[str, str]) -> None:
    guess, answer = pair
    tiles = pattern_tiles(score(guess, answer), len(guess))
    shown = Counter(g for g, t in zip(guess, tiles, strict=True) if t is not Tile.GRAY)
    in_answer = Counter(answer)
    for letter, n in shown.items():
        assert n <= in_answer[letter]
    # and a gray copy means every copy in the answer is accounted for
    for letter in set(guess):
        grays = [g for g, t in zip(guess, tiles, strict=True) if g == letter and t is Tile.GRAY]
        if grays:
            assert shown[letter] == in_answer[letter]


@given(pairs)
def test_greens_are_exactly_matching_positions(pair: tuple[str, str]) -> None:
    guess, answer = pair
    tiles = pattern_tiles(score(guess, answer), len(guess))
    for g, a, t in zip(guess, answer, tiles, strict=True):
        assert (t is Tile.GREEN) == (g == a)


@given(pairs)
def test_pattern_forms_round_trip(pair: tuple[str, str]) -> None:
    guess, answer = pair
    p = score(guess, answer)
    for style in ("emoji", "letters", "digits"):
        assert parse_pattern(format_pattern(p, len(guess), style), len(guess)) == p  # type: ignore[arg-type]
