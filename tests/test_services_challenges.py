"""Challenge links as the services make and play them: which words are taken, one game a
player and challenge, the creator's counts, and that nothing public holds the word."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from wordlekit.core.words import WordList
from wordlekit.errors import GameNotFoundError, WordleError
from wordlekit.services.challenges import (
    challenge_info,
    challenge_path,
    create_challenge,
    start_challenge,
)
from wordlekit.services.games import GameRequest, GameStore, open_store, play_guess, start_game
from wordlekit.services.games import view as game_view
from wordlekit.store import challenges as rows

WL = WordList.bundled()
ANSWERS = sorted(WL.answers)
ALICE, BOB, CAROL = "alice-player-0000000", "bob-player-000000000", "carol-player-00000000"


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return open_store(tmp_path / "games.sqlite3", WL)


def test_any_valid_word_is_taken_and_its_place_in_the_answers_said(store: GameStore) -> None:
    made = create_challenge(store, ALICE, ["Knoll "])
    assert made.in_answers and not made.outside_answers
    assert made.url == f"/?challenge={made.id}" == challenge_path(made.id, "original")
    outside = create_challenge(store, ALICE, ["aahed"], mode="hard")
    assert not outside.in_answers and outside.outside_answers and outside.mode == "hard"
    g, _ = start_challenge(store, BOB, outside.id)
    assert g.game.secret == ("aahed",) and g.game.guess("aahed").status.value == "won"


def test_the_id_is_random_not_made_from_the_word(store: GameStore) -> None:
    ids = {create_challenge(store, ALICE, ["knoll"]).id for _ in range(5)}
    assert len(ids) == 5 and all(len(i) == 16 and "knoll" not in i.lower() for i in ids)


@pytest.mark.parametrize(
    ("words", "variant", "says"),
    [
        (["zzzzz"], "classic", "not in"),
        (["knolls"], "classic", "letters"),
        ([], "classic", "takes one word"),
        (["knoll", "cigar"], "classic", "takes one word"),
        (["knoll"], "quordle", "4 words"),
        (["knoll", "knoll"], "dordle", "distinct"),
        (["aahed"], "absurdle", "never an answer"),
        (["aahed"], "ultrahard", "ultrahard mode every guess"),
    ],
)
def test_refused_words_store_nothing(
    store: GameStore, words: list[str], variant: str, says: str
) -> None:
    mode = "ultrahard" if variant == "ultrahard" else "normal"
    variant = "classic" if variant == "ultrahard" else variant
    with pytest.raises(WordleError, match=says):
        create_challenge(store, ALICE, words, variant=variant, mode=mode)
    assert rows.count_by(store.reader(), ALICE) == 0


def test_one_game_a_player_and_challenge(store: GameStore) -> None:
    cid = create_challenge(store, ALICE, ["knoll"]).id
    first, new = start_game(store, BOB, GameRequest(kind="challenge", challenge=cid))
    assert new and first.challenge == cid and first.kind == "challenge"
    play_guess(store, first.id, BOB, "crane")
    again, new = start_game(store, BOB, GameRequest(kind="challenge", challenge=cid))
    assert not new and again.id == first.id and again.game.guesses == ("crane",)
    other, new = start_challenge(store, CAROL, cid)
    assert new and other.id != first.id
    with pytest.raises(WordleError, match="not both"):
        start_game(store, BOB, GameRequest(kind="challenge", challenge=cid, answers=["cigar"]))
    with pytest.raises(WordleError, match="not a practice game"):
        start_game(store, BOB, GameRequest(kind="practice", challenge=cid))


def test_an_unknown_id_is_a_game_not_found(store: GameStore) -> None:
    for cid in ("nosuchchallenge0", "y" * 500):
        with pytest.raises(GameNotFoundError, match="no such challenge"):
            challenge_info(store, cid, ALICE)
        with pytest.raises(GameNotFoundError, match="no such challenge"):
            start_challenge(store, ALICE, cid)


def test_the_creator_sees_counts_and_no_one_sees_who_or_the_word(store: GameStore) -> None:
    cid = create_challenge(store, ALICE, ["knoll"]).id
    b, _ = start_challenge(store, BOB, cid)
    for w in ("crane", "knoll"):
        b = play_guess(store, b.id, BOB, w)
    c, _ = start_challenge(store, CAROL, cid)
    for w in ("crane", "moist", "pudgy", "faxed", "wimpy", "jumbo"):
        c = play_guess(store, c.id, CAROL, w)
    start_challenge(store, ALICE, cid)  # the creator may play it too: counted (in progress)
    info = challenge_info(store, cid, ALICE)
    assert info.mine and info.results is not None
    r = info.results
    assert (r.played, r.won, r.lost, r.playing) == (3, 1, 1, 1)
    assert r.distribution == (0, 1, 0, 0, 0, 0)
    theirs = challenge_info(store, cid, BOB)
    assert not theirs.mine and theirs.results is None
    for shown in (info, theirs):
        text = json.dumps(asdict(shown))
        assert "knoll" not in text and BOB not in text and CAROL not in text


def test_share_text_names_the_challenge_never_the_word(store: GameStore) -> None:
    cid = create_challenge(store, ALICE, ["knoll", "cigar"], variant="dordle", mode="hard").id
    g, _ = start_challenge(store, BOB, cid)
    for w in ("knoll", "cigar"):
        g = play_guess(store, g.id, BOB, w)
    share = game_view(g).share
    assert share is not None and share.splitlines()[0].startswith(f"Dordle challenge {cid[:6]}…")
    assert "knoll" not in share.lower() and "cigar" not in share.lower()
    target = create_challenge(store, ALICE, ["knoll"], variant="absurdle").id
    a, _ = start_challenge(store, BOB, target)
    assert game_view(a).target == "knoll"  # Absurdle's challenge: the target is the puzzle
    a = play_guess(store, a.id, BOB, "knoll")  # the host never gives it at once: lost
    shared = game_view(a).share or ""
    assert shared.splitlines()[0] == f"Absurdle challenge {target[:6]}… X/∞", shared
    assert "knoll" not in shared.lower()


def test_creation_is_bounded_per_creator(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows, "PER_CREATOR", 2)
    create_challenge(store, ALICE, ["knoll"])
    create_challenge(store, ALICE, ["cigar"])
    with pytest.raises(WordleError, match="at most 2 challenges"):
        create_challenge(store, ALICE, ["humph"])
    create_challenge(store, BOB, ["humph"])  # another player's own count


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    word=st.sampled_from(ANSWERS),
    guesses=st.lists(st.sampled_from(ANSWERS[:400]), min_size=0, max_size=5),
)
@example(word="title", guesses=[])  # a field's name too
def test_no_view_of_a_game_in_progress_holds_the_word(
    store: GameStore, word: str, guesses: list[str]
) -> None:
    cid = create_challenge(store, ALICE, [word]).id
    g, _ = start_challenge(store, BOB, cid)
    for w in guesses:
        if w == word:
            break
        g = play_guess(store, g.id, BOB, w)
    shown = game_view(g)
    assert not shown.over
    # as a value anywhere: not as a key ("title" is an answer and a field's name), nor inside
    # a longer text ("guess" is an answer, and a substring of the variant's summary)
    assert word not in values(asdict(shown))
    assert all(b.answer is None for b in shown.boards) and shown.share is None
    assert word not in values(asdict(challenge_info(store, cid, BOB)))


def values(data: object) -> set[str]:
    """Every string value of a JSON-like value, the keys of its mappings left out."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(values(v) for v in data.values()))
    if isinstance(data, (list, tuple)):
        return set().union(*(values(v) for v in data))
    return set()
