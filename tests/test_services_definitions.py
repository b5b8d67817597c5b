"""The answer's definition in a game's view: never while the game is on, present after a win
and a loss, one per board in a multi-board game, "no entry" for an answer without one."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, open_store, play_guess, start_game, view
from wordlekit.services.views import definition_view
from wordlekit.store.games import GameStore


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return open_store(tmp_path / "g.sqlite3", WordList.bundled())


def challenge(store: GameStore, *answers: str, variant: str = "classic") -> str:
    stored, _ = start_game(
        store, "p1", GameRequest(variant, kind="challenge", answers=list(answers))
    )
    return stored.id


def test_no_definition_while_the_game_is_on(store: GameStore) -> None:
    gid = challenge(store, "knoll")
    shown = view(play_guess(store, gid, "p1", "crane"))
    assert shown.definition is None and shown.definitions is None
    assert "hill" not in json.dumps(asdict(shown))  # the definition would give the word away


def test_the_definition_after_a_win(store: GameStore) -> None:
    gid = challenge(store, "knoll")
    play_guess(store, gid, "p1", "crane")
    shown = view(play_guess(store, gid, "p1", "knoll"))
    assert shown.status == "won" and shown.definition is not None
    d = shown.definition
    assert d.word == "knoll" and d.found and d.text == "knoll (noun): a small natural hill"
    assert [asdict(e) for e in d.entries] == [
        {"pos": "noun", "senses": ["a small natural hill"], "base": None}
    ]
    assert d.source == "WordNet 3.0, Princeton University" and shown.definitions == [d]


def test_the_definition_after_a_loss(store: GameStore) -> None:
    gid = challenge(store, "geese")
    for _ in range(6):
        stored = play_guess(store, gid, "p1", "crane")
    shown = view(stored)
    assert shown.status == "lost" and shown.definition is not None
    assert shown.definition.entries[0].base == "plural of goose"
    assert shown.definition.text.startswith("geese (noun, plural of goose): web-footed")


def test_an_answer_without_an_entry_says_so(store: GameStore) -> None:
    gid = challenge(store, "their")
    shown = view(play_guess(store, gid, "p1", "their"))
    assert shown.definition == definition_view("their")
    assert shown.definition is not None and not shown.definition.found
    assert shown.definition.entries == []
    assert shown.definition.text == "No definition in the offline dictionary."


def test_one_definition_per_board(store: GameStore) -> None:
    gid = challenge(store, "cigar", "knoll", variant="dordle")
    for _ in range(7):
        stored = play_guess(store, gid, "p1", "crane")
    shown = view(stored)
    assert shown.over and shown.definition is None  # two boards: see definitions
    assert shown.definitions is not None
    assert [d.word for d in shown.definitions] == ["cigar", "knoll"]
    assert all(d.found for d in shown.definitions)


def test_absurdle_when_it_is_over(store: GameStore) -> None:
    """The host's last word is the answer: its definition once the player has found it."""
    stored, _ = start_game(store, "p1", GameRequest("absurdle"))
    for word in ["arise", "mount", "lymph", "fudge"]:
        stored = play_guess(store, stored.id, "p1", word)
    shown = view(stored)
    while not shown.over:
        assert shown.definition is None and shown.host_sample
        shown = view(stored := play_guess(store, stored.id, "p1", shown.host_sample[0]))
    assert shown.status == "won" and shown.definition is not None
    assert shown.definition.word == shown.guesses[-1] and shown.definition.found


def test_other_languages_have_no_dictionary() -> None:
    assert definition_view("gato", "es").found is False
