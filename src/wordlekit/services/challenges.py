"""Challenge links (issue 26): a player chooses a word (one a board; Absurdle's target), gets
an opaque id to send, and friends play that puzzle from the link without the link, the
public info or the game in progress ever showing the word.

- :func:`create_challenge` checks the words as guesses are checked: any valid word of the
  list (also one outside the answers: ``in_answers`` tells the creator, and the players are
  told "the word may not be in the answer list"); one word a board, distinct on several
  boards. Not in ultrahard mode, whose guesses must all be possible answers: such a word
  could never be guessed. Absurdle's target must be one of the answers: its host only holds
  those, so any other target would be lost before the first guess.
- :func:`challenge_info` is what anyone with the id may know: the variant, the mode, the word
  length and whether a word lies outside the answers; its creator also gets the results as
  counts (played, won, lost, in progress, the guess distribution), never who played or how.
- :func:`start_challenge` starts (or finds) the player's game of a challenge: one game a
  player and challenge, as the daily rule has it (asking again returns it, in progress or
  over). Its title line names the challenge by the start of its id
  (:func:`~wordlekit.core.game.link_label`), so its share text never holds the word.
  :func:`wordlekit.services.games.start_game` calls it for a ``GameRequest`` naming a
  ``challenge``.

An unknown id is a :class:`~wordlekit.errors.GameNotFoundError` (404 on the web).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from wordlekit.core.game import link_label
from wordlekit.core.rules import Host, Mode
from wordlekit.core.variants import variant_for
from wordlekit.errors import GameNotFoundError, InvalidWordError, WordleError
from wordlekit.services.views import VariantInfo
from wordlekit.store import challenges as rows
from wordlekit.store.challenges import PER_CREATOR, Results
from wordlekit.store.games import GameStore, StoredGame

__all__ = [
    "MAX_CHALLENGE_ID",
    "PER_CREATOR",
    "Challenge",
    "ChallengeInfo",
    "Results",
    "challenge_info",
    "challenge_path",
    "create_challenge",
    "start_challenge",
]

#: The longest challenge id looked up (ids are 16 characters; a longer one is no challenge).
MAX_CHALLENGE_ID = 64


@dataclass(frozen=True)
class Challenge:
    """A challenge just created, as its creator sees it: the id to send, the Play page's
    link (``url``: relative, ``/?challenge=ID``; the web app makes it absolute), the variant
    and mode, and whether every word is one of the list's answers (``outside_answers`` is the
    opposite, as the players are told it)."""

    id: str
    url: str
    variant: VariantInfo
    mode: Literal["normal", "hard", "ultrahard"]
    length: int
    list: str
    in_answers: bool
    outside_answers: bool


@dataclass(frozen=True)
class ChallengeInfo:
    """What anyone with the id may know of a challenge (never its words). ``mine``: the
    asker created it; only then is ``results`` set (counts only)."""

    id: str
    url: str
    variant: VariantInfo
    mode: Literal["normal", "hard", "ultrahard"]
    length: int
    list: str
    outside_answers: bool
    created_at: str
    mine: bool
    results: Results | None = None


def challenge_path(cid: str, list_name: str, home: str = "original") -> str:
    """The Play page's link of challenge ``cid`` (relative: the front end puts its own base
    before it); a list other than ``home`` is named, since a challenge lives in its list's
    store."""
    return f"/?challenge={cid}" + ("" if list_name == home else f"&list={list_name}")


def create_challenge(
    store: GameStore,
    player: str,
    words: Sequence[str],
    *,
    variant: str | None = "classic",
    mode: Mode | str = Mode.NORMAL,
    boards: int | None = None,
    max_guesses: int | None = None,
    home: str = "original",
) -> Challenge:
    """Store a challenge of ``player`` on ``words`` (checked by the rules of the module
    docstring; a refused word stores nothing)."""
    v = variant_for(variant, boards=boards, max_guesses=max_guesses)
    wl = store.wordlist
    m = Mode.parse(mode)
    if len(words) != v.boards:
        need = "one word" if v.boards == 1 else f"{v.boards} words, one a board"
        raise WordleError(f"a {v.title} challenge takes {need}, not {len(words)}")
    if v.host is Host.ADVERSARY:
        checked = [wl.check_answer(w) for w in words]  # the host holds only answers
    else:
        checked = [wl.check_guess(w) for w in words]
    if len(set(checked)) != len(checked):
        raise InvalidWordError("the boards' words must be distinct")
    in_answers = all(wl.is_answer(w) for w in checked)
    if m is Mode.ULTRAHARD and not in_answers:
        # every ultrahard guess must be a possible answer: such a word could never be guessed
        outside = next(w for w in checked if not wl.is_answer(w))
        raise InvalidWordError(
            f"{outside.upper()} is not in the answer list, and in ultrahard mode every guess "
            "must be a possible answer: choose normal or hard mode, or another word"
        )
    made = rows.add(store, player, v, m, checked, in_answers)
    return Challenge(
        made.id, challenge_path(made.id, wl.name, home), VariantInfo.of(v), m.value, wl.length,
        wl.name, in_answers, not in_answers,
    )  # fmt: skip


def _find(store: GameStore, cid: str) -> rows.ChallengeRow:
    found = rows.find(store, cid) if len(cid) <= MAX_CHALLENGE_ID else None
    if found is None:
        raise GameNotFoundError(
            f"no such challenge in the {store.wordlist.name} list: check the link "
            "(a challenge lives in the list it was made with)"
        )
    return found


def challenge_info(
    store: GameStore, cid: str, player: str, *, home: str = "original"
) -> ChallengeInfo:
    """The public info of challenge ``cid``, with its results when ``player`` created it."""
    c = _find(store, cid)
    mine = c.creator == player
    wl = store.wordlist
    return ChallengeInfo(
        c.id, challenge_path(c.id, wl.name, home), VariantInfo.of(c.variant), c.mode.value,
        wl.length, wl.name, not c.in_answers, c.created_at, mine,
        rows.results(store, c.id, c.variant.max_guesses) if mine else None,
    )  # fmt: skip


def start_challenge(store: GameStore, player: str, cid: str) -> tuple[StoredGame, bool]:
    """``player``'s game of challenge ``cid`` in its variant and mode: the one already
    started if any (in progress or over), else a new one. Returns it and whether it is new."""
    with store.transaction():
        c = _find(store, cid)
        gid = rows.game_of(store, cid, player)
        if gid is not None:
            found = store.get(gid, player)
            if found is not None:
                return found, False
        v = c.variant
        rules = v.rules(store.wordlist, c.mode)
        # the words were checked when the challenge was made (any valid word: not
        # Variant.challenge, which takes answers only)
        game = v.game.start(v, rules, c.words, link_label(v, c.id))
        return store.insert(player, game, "challenge", None, None, challenge=c.id), True
