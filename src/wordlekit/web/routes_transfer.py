"""Stats that move with you (issue 26): a one-time code to move this player's games to
another device, its claim there, and an export file with its import.

The rules are :mod:`wordlekit.services.transfer`'s; these routes parse, limit and call it.
Limits, per app (in memory, like :mod:`wordlekit.web.limits`): at most
:data:`CODES_PER_PLAYER` codes an hour a player, and :data:`FAILED_CLAIMS` wrong codes an
hour per client address: beyond, a claim is refused with 429 and Retry-After before the code
is even looked at (40 bits of code against 10 tries an hour). The games of a list live in its
store (``?list=NAME``): a transfer moves the games of that list.
"""

from __future__ import annotations

import json
import math
import threading
import time
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from wordlekit.errors import ClientBusy
from wordlekit.services.transfer import (
    Claimed,
    ExportFile,
    Imported,
    TransferCode,
    TransferCodeError,
    claim_code,
    export_games,
    import_games,
    new_code,
)
from wordlekit.web.context import PlayerDep, QuickDep, StoreDep
from wordlekit.web.limits import Window
from wordlekit.web.models import errors

router = APIRouter(prefix="/api/stats", tags=["stats"], responses=errors())

CODES_PER_PLAYER = 20
CODES_PER_ADDRESS = 100
FAILED_CLAIMS = 10
IMPORT_HELP = "an export file (GET /api/stats/export): at most 2 MB, 10,000 games"


class TransferLimits:
    """Codes made per player and address, and failed claims per address, in the last hour."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self.codes = Window(CODES_PER_PLAYER)
        self.code_addresses = Window(CODES_PER_ADDRESS)
        self.failures = Window(FAILED_CLAIMS)
        self.clock = clock
        self.lock = threading.Lock()

    @staticmethod
    def _refuse(wait: float, what: str) -> ClientBusy:
        minutes = math.ceil(wait / 60)
        return ClientBusy(
            f"{what}; try again in {minutes} minute{'s' if minutes != 1 else ''}",
            retry_after=max(1, math.ceil(wait)),
        )

    def admit_code(self, player: str, address: str) -> None:
        with self.lock:
            now = self.clock()
            for window, key in ((self.codes, player), (self.code_addresses, address)):
                wait = window.wait(key, now)
                if wait > 0:
                    raise self._refuse(
                        wait, f"too many transfer codes: at most {window.limit} an hour"
                    )
            self.codes.add(player, now)
            self.code_addresses.add(address, now)

    def admit_claim(self, address: str) -> None:
        with self.lock:
            wait = self.failures.wait(address, self.clock())
            if wait > 0:
                raise self._refuse(
                    wait, f"too many wrong transfer codes: at most {FAILED_CLAIMS} an hour"
                )

    def failed(self, address: str) -> None:
        with self.lock:
            self.failures.add(address, self.clock())


def _limits(request: Request) -> TransferLimits:
    state = request.app.state
    limits: TransferLimits | None = getattr(state, "transfer_limits", None)
    if limits is None:
        limits = TransferLimits()
        state.transfer_limits = limits
    return limits


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


class ClaimIn(BaseModel):
    """A code from another device, as shown there (``ABCD-2345``; any case, dashes and
    spaces ignored)."""

    code: str = Field(max_length=40, examples=["ABCD-2345"])


@router.post("/transfer", status_code=201, response_model=TransferCode, responses=errors(429))
async def transfer(
    request: Request, store: StoreDep, quick: QuickDep, player: PlayerDep
) -> TransferCode:
    """A one-time code (``XXXX-XXXX``, 40 random bits) to move this player's games and
    statistics to another device: enter it there within 10 minutes (``expires_in`` seconds).
    A new code replaces the previous one. At most 20 codes an hour (429 beyond)."""
    _limits(request).admit_code(player, _address(request))
    return await quick(new_code, store, player)


@router.post("/claim", response_model=Claimed, responses=errors(429))
async def claim(
    body: ClaimIn, request: Request, store: StoreDep, quick: QuickDep, player: PlayerDep
) -> Claimed:
    """Move the games and statistics of the device that showed ``code`` to this player,
    merged with this player's own (``moved``: how many; ``dropped``: a daily puzzle or
    challenge both devices had, whose game not kept is deleted: this device's is kept, unless
    only the other one is finished). The code is then spent. A wrong or expired code is a
    422; after 10 wrong codes in an hour from one address, 429 with Retry-After."""
    limits = _limits(request)
    address = _address(request)
    limits.admit_claim(address)
    try:
        return await quick(claim_code, store, player, body.code)
    except TransferCodeError:
        limits.failed(address)
        raise


@router.get(
    "/export",
    response_model=ExportFile,
    responses={200: {"content": {"application/json": {}}, "description": "the file"}},
)
async def export(store: StoreDep, quick: QuickDep, player: PlayerDep) -> Response:
    """Every finished game of this player as a file to download (``Content-Disposition:
    attachment``): ``{"format": "wordlekit-games", "version": 1, "games": [...]}``, each with
    its variant, mode, kind, date and number, answers, guesses, feedback, status, hints and
    times. Games in progress are left out (their answers stay on the server)."""
    made = await quick(export_games, store, player)
    text = json.dumps(asdict(made), ensure_ascii=False, separators=(",", ":"))
    return Response(
        text,
        media_type="application/json",
        headers={
            "Content-Disposition": 'attachment; filename="wordlekit-games.json"',
        },
    )


@router.post("/import", response_model=Imported, responses=errors())
async def import_(
    store: StoreDep,
    quick: QuickDep,
    player: PlayerDep,
    body: Annotated[dict[str, Any], Body(description=IMPORT_HELP)],
) -> Imported:
    """Import an export file as this player's games: checked whole first (every game
    replayed from its answers; the feedback must be its guesses'), refused with a 422 naming
    the first bad field, nothing half-imported. A game already here is skipped (``skipped``),
    so importing a file twice adds nothing."""
    return await quick(import_games, store, player, body)
