"""The challenge-link routes (issue 26): create a challenge on a chosen word, read its public
info (its results for its creator). Playing one is ``POST /api/games`` with
``{"kind": "challenge", "challenge": ID}`` (:mod:`wordlekit.web.routes_games`).

The rules (which words, one game a player, what anyone may know) are
:mod:`wordlekit.services.challenges`'; these routes parse, call it and return its values.
Neither answer holds a word: the id is random, and the info is the variant, the mode, the
length and whether a word lies outside the answers. A challenge lives in its list's store
(``?list=NAME``), like a game.
"""

from __future__ import annotations

from dataclasses import replace

from fastapi import APIRouter, Request

from wordlekit.errors import WordleError
from wordlekit.services.challenges import (
    Challenge,
    ChallengeInfo,
    challenge_info,
    create_challenge,
)
from wordlekit.web.context import Context, CreationsDep, PlayerDep, QuickDep, StoreDep
from wordlekit.web.models import ChallengeIn, errors

router = APIRouter(prefix="/api", tags=["challenges"], responses=errors())


@router.post("/challenges", status_code=201, response_model=Challenge, responses=errors(429))
async def new_challenge(
    body: ChallengeIn,
    request: Request,
    context: Context,
    store: StoreDep,
    quick: QuickDep,
    player: PlayerDep,
    creations: CreationsDep,
) -> Challenge:
    """Create a challenge link: ``{"word": "knoll"}`` (one board) or ``{"words": [...]}``
    (one a board; Absurdle: its target), with ``variant`` (default classic) and ``mode``
    (normal, hard, ultrahard). Any valid word of the list may be chosen, also one outside
    the answers (``outside_answers``: the players are told the word may not be in the answer
    list); Absurdle's target must be an answer. A refused word is a 422.

    The answer holds the random ``id`` to send and ``url``, the Play page's link (it starts
    that game: ``/?challenge=ID``, with ``&list=NAME`` for another list than the server's);
    never the word. Friends play it with ``POST /api/games {"kind": "challenge",
    "challenge": ID}``. Creating counts against the same hourly limits as starting games
    (429 with Retry-After beyond)."""
    if body.word is not None and body.words is not None:
        raise WordleError('give "word" (one board) or "words" (one a board), not both')
    words = [body.word] if body.word is not None else list(body.words or [])
    home = context.wordlist.name
    creations.admit(player, request.client.host if request.client else "")

    def create() -> Challenge:
        return create_challenge(
            store, player, words, variant=body.variant, mode=body.mode, boards=body.boards,
            max_guesses=body.max_guesses, home=home,
        )  # fmt: skip

    made = await quick(create)
    return _with_url(made, request)


def _with_url(made: Challenge, request: Request) -> Challenge:
    """``made`` with its link made absolute from the request's base (behind a proxy that
    sets the forwarded headers, the public one)."""
    return replace(made, url=str(request.base_url).rstrip("/") + made.url)


@router.get("/challenges/{cid}", response_model=ChallengeInfo, responses=errors(404))
async def get_challenge(
    cid: str,
    context: Context,
    store: StoreDep,
    quick: QuickDep,
    player: PlayerDep,
) -> ChallengeInfo:
    """A challenge's public info: its variant, mode, word length, list and whether a word
    lies outside the answers (``outside_answers``); for its creator (``mine``) also its
    results as counts (played, won, lost, in progress, the guess distribution), never who
    played nor the word. An unknown id is a 404 (an id longer than any is looked up as none:
    at most 64 characters are)."""
    home = context.wordlist.name
    return await quick(lambda: challenge_info(store, cid, player, home=home))
