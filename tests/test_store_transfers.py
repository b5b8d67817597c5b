"""Transfer codes and the merge of two players' games (issue 26): the code's form and
entropy, expiry by an injected clock, one use, one live code a player, own code refused,
overlapping daily and challenge games merged by the rule, summaries recomputed."""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path

import pytest

from wordlekit.core.variants import variant_for
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services.challenges import create_challenge
from wordlekit.services.games import GameRequest, open_store, play_guess, start_game
from wordlekit.services.transfer import claim_code, new_code
from wordlekit.store import transfers
from wordlekit.store.games import GameStore
from wordlekit.store.transfers import ALPHABET, CODE_CHARS, TransferCodeError

ORIGINAL = WordList.bundled()
A, B = "alice-player-0000000", "bob-player-000000000"
T0 = dt.datetime(2026, 12, 3, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return open_store(tmp_path / "games.sqlite3", ORIGINAL)


def clock(at: dt.datetime):  # type: ignore[no-untyped-def]
    return lambda: at


def win(store: GameStore, player: str, request: GameRequest, *guesses: str) -> str:
    g, _ = start_game(store, player, request)
    for w in guesses:
        g = play_guess(store, g.id, player, w)
    return g.id


def test_the_code_is_40_bits_of_crockford_base32_shown_with_a_dash(store: GameStore) -> None:
    assert len(ALPHABET) == 32 and not set("ILOU") & set(ALPHABET)
    assert CODE_CHARS * math.log2(len(ALPHABET)) >= 40
    codes = {new_code(store, f"player-{i:016d}").code for i in range(200)}
    assert len(codes) == 200
    for c in codes:
        assert len(c) == 9 and c[4] == "-" and set(c.replace("-", "")) <= set(ALPHABET)
    # stored as a hash only
    rows = store.reader().execute("SELECT code_hash FROM transfers").fetchall()
    assert all(len(r[0]) == 64 for r in rows)
    assert not {r[0] for r in rows} & {c.replace("-", "") for c in codes}


def test_typed_forms_are_read_leniently() -> None:
    assert transfers.normal_code("abcd-2345") == "ABCD2345"
    assert transfers.normal_code(" ab cd 23 45 ") == "ABCD2345"
    assert transfers.normal_code("oOiL-2345") == "0011" + "2345"
    assert transfers.normal_code("ABCD-234") is None
    assert transfers.normal_code("ABCD-234U") is None


def test_a_code_expires_after_ten_minutes(store: GameStore) -> None:
    win(store, A, GameRequest(kind="daily", date="2024-01-02"), ORIGINAL.daily_answer("2024-01-02"))
    code = new_code(store, A, clock(T0)).code
    with pytest.raises(TransferCodeError, match="expired"):
        claim_code(store, B, code, clock(T0 + dt.timedelta(minutes=10)))
    assert claim_code(store, B, code, clock(T0 + dt.timedelta(minutes=9))).moved == 1
    with pytest.raises(TransferCodeError):  # once only
        claim_code(store, B, code, clock(T0 + dt.timedelta(minutes=9)))


def test_own_code_is_refused_and_nothing_changes(store: GameStore) -> None:
    code = new_code(store, A).code
    with pytest.raises(WordleError, match="your own"):
        claim_code(store, A, code)
    assert store.reader().execute("SELECT COUNT(*) FROM transfers").fetchone()[0] == 1


def test_merge_with_overlapping_daily_and_challenge_games(store: GameStore) -> None:
    day = "2024-01-02"
    answer = ORIGINAL.daily_answer(day)
    daily = GameRequest(kind="daily", date=day)
    cid = create_challenge(store, "maker-player-0000000", ["knoll"]).id
    challenge = GameRequest(kind="challenge", challenge=cid)
    practice = GameRequest(kind="practice", seed=1)
    # A: the daily won in 2, the challenge in progress, a practice game won
    win(store, A, daily, "crane", answer)
    win(store, A, challenge, "crane")
    win(store, A, practice, "slate")  # in progress
    # B: the same daily in progress, the same challenge won
    win(store, B, daily, "slate")
    win(store, B, challenge, "knoll")
    got = claim_code(store, B, new_code(store, A).code)
    assert got.moved == 2  # A's daily (finished, beats B's open one) and the practice game
    assert got.dropped == 2  # B's open daily, A's open challenge (B's finished one stays)
    assert not store.has_player(A)
    rows = (
        store.reader()
        .execute("SELECT kind, status, guesses FROM games WHERE player = ? ORDER BY kind", (B,))
        .fetchall()
    )
    assert [tuple(r) for r in rows] == [
        ("challenge", "won", 1), ("daily", "won", 2), ("practice", "playing", 1),
    ]  # fmt: skip
    stats = store.stats(B, variant_for("classic"), dt.date(2024, 1, 2))
    assert stats.daily.played == 1 and stats.daily.distribution[2] == 1
    assert stats.practice.played == 1 and stats.practice.wins == 1  # the challenge
    empty = store.stats(A, variant_for("classic"), dt.date(2024, 1, 2))
    assert empty.daily.played == 0 and empty.practice.played == 0


def test_summaries_of_practice_games_move_with_them(store: GameStore) -> None:
    for seed in (1, 2, 3):
        g, _ = start_game(store, A, GameRequest(kind="practice", seed=seed))
        answer = store.get(g.id, A).game.secret[0]  # type: ignore[union-attr]
        play_guess(store, g.id, A, answer)
    before = store.stats(A, variant_for("classic"))
    claim_code(store, B, new_code(store, A).code)
    after = store.stats(B, variant_for("classic"))
    assert after.practice == before.practice and after.practice.played == 3
    assert after.practice.current_streak == 3
