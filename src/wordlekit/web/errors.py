"""Errors as JSON answers, chosen by the exception's class (``install_error_handlers``).

Every error is ``{"error": "..."}``, never a traceback (but a wrong URL in a browser, a GET
outside the API that accepts HTML, gets a page in the app's style with a link back to it):

- bad input (:class:`~wordlekit.errors.WordleError`): 422, or more precisely 404 for a game
  that is not the player's (:class:`~wordlekit.errors.GameNotFoundError`) and 409 for a
  game whose state refuses the request (:class:`~wordlekit.errors.GameOverError`,
  :class:`~wordlekit.errors.TurnConflictError`). A hard-mode refusal says so
  ("Hard mode: 1st letter must be C"), an ultrahard one too ("Ultrahard mode: SALET cannot be
  the answer: it is not in the answer list"); no other message is changed. Contradictory feedback
  (:class:`~wordlekit.errors.InconsistentFeedbackError`) adds the number of the turn it
  names: ``{"error": "turn 2 (...) contradicts ...", "turn": 2}``; when no answer of the list
  fits but valid words do, ``any_word_fits`` counts them and ``hint`` says what would take them.
- no capacity (:class:`~wordlekit.errors.Busy`): 429 for this client's limit, 503 for the
  server's, with ``Retry-After``; a worker process lost mid-task: 503, try again.
- the environment (:class:`~wordlekit.errors.StorageError`): 503 with ``Retry-After``, logged;
  the message names no file.
- a fault of wordlekit (:class:`~wordlekit.errors.InternalError`, or any other exception): 500
  "internal server error", logged with its traceback.
- FastAPI's own: a request that does not validate is a 422 naming the first fields (a body
  that is not JSON says so, and where); an
  ``HTTPException`` keeps its status and headers (``Allow`` on a 405, ``Retry-After``).
"""

from __future__ import annotations

import html
import logging
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from wordlekit.errors import (
    QUOTE_LIMIT,
    Busy,
    ClientBusy,
    DatabaseBusy,
    GameNotFoundError,
    GameOverError,
    HardModeError,
    InconsistentFeedbackError,
    InternalError,
    ServerBusy,
    StorageError,
    TurnConflictError,
    UltrahardError,
    WordleError,
    WorkerFailed,
    quoted,
)

log = logging.getLogger("wordlekit.web")

INTERNAL = "internal server error"
STORAGE = "the games store is unavailable just now: try again in a moment"
#: The page a browser gets for a wrong URL (``{path}``: the URL's path, escaped).
NOT_FOUND = Path(str(resources.files("wordlekit").joinpath("web", "static", "404.html")))
PATH_SHOWN = 80
BUSY_STORE = "the games store is busy (another program is writing to it): try again in a moment"
#: Input errors with a status of their own (the others are 422).
STATUS: dict[type[WordleError], int] = {
    GameNotFoundError: 404,
    GameOverError: 409,
    TurnConflictError: 409,
}
#: No capacity: this client's limit (429) or the server's (503).
BUSY_STATUS: dict[type[Busy], int] = {ClientBusy: 429, ServerBusy: 503}


def busy_status(exc: Busy) -> int:
    """The status of a refusal for lack of capacity."""
    return next((s for cls, s in BUSY_STATUS.items() if isinstance(exc, cls)), 503)


def error(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def describe_validation(exc: RequestValidationError) -> str:
    """The first problems of a request that does not validate, as one short line."""
    parts = []
    for e in exc.errors()[:3]:
        if e.get("type") == "json_invalid":  # the body as a whole: no field to name
            why = str((e.get("ctx") or {}).get("error") or "cannot be read")
            at = [x for x in e.get("loc", ()) if isinstance(x, int)]
            where = f" (at character {at[0]})" if at else ""
            return f"the request body is not valid JSON: {why}{where}"
        # A field name is the client's text (an unknown key may be 60,000 characters long):
        # each part of the path is cut to a short prefix, like every quote of input.
        path = [str(x) for x in e.get("loc", ()) if x != "body"]
        where = ".".join(p if len(p) <= QUOTE_LIMIT else quoted(p) for p in path) or "body"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


async def on_validation(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return error(422, describe_validation(exc))


def wants_page(request: Request) -> bool:
    """Whether a request is a browser's, for a page: not the API's, and HTML accepted."""
    path = request.url.path
    if path == "/api" or path.startswith(("/api/", "/static/", "/docs-assets/")):
        return False
    return request.method in ("GET", "HEAD") and "text/html" in request.headers.get("accept", "")


def not_found_page(request: Request) -> HTMLResponse:
    """A page in the app's style that says what was not found, with a link back to the app
    (a wrong URL in a browser; the API answers JSON)."""
    shown = request.url.path
    shown = shown if len(shown) <= PATH_SHOWN else shown[:PATH_SHOWN] + "…"
    path = html.escape(shown, quote=True)
    page = NOT_FOUND.read_text(encoding="utf-8").replace("{path}", path)
    return HTMLResponse(page, status_code=404)


async def on_http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 404 and wants_page(request):
        return not_found_page(request)
    return error(exc.status_code, str(exc.detail), exc.headers)


async def on_input(request: Request, exc: Exception) -> JSONResponse:
    status = next((s for cls, s in STATUS.items() if isinstance(exc, cls)), 422)
    return error(status, str(exc))


async def on_contradiction(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, InconsistentFeedbackError)
    body: dict[str, object] = {"error": str(exc), "turn": exc.turn}
    fits = exc.any_word_fits
    if fits:  # no answer of the list fits, but words outside it do: say what would take them
        words = "1 valid word fits" if fits == 1 else f"{fits} valid words fit"
        body["any_word_fits"] = fits
        body["hint"] = f'{words} the turns: answers "likely" lets any valid word be the answer'
    return JSONResponse(body, status_code=422)


async def on_hard_mode(request: Request, exc: Exception) -> JSONResponse:
    rules = "Ultrahard mode" if isinstance(exc, UltrahardError) else "Hard mode"
    return error(422, f"{rules}: {exc}")


async def on_storage(request: Request, exc: Exception) -> JSONResponse:
    log.warning("storage unavailable on %s %s: %s", request.method, request.url.path, exc)
    return error(
        503, BUSY_STORE if isinstance(exc, DatabaseBusy) else STORAGE, {"Retry-After": "1"}
    )


async def on_busy(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Busy)
    return error(busy_status(exc), str(exc), {"Retry-After": str(exc.retry_after)})


async def on_lost_worker(request: Request, exc: Exception) -> JSONResponse:
    return error(503, f"the computation stopped: {exc}; try again", {"Retry-After": "1"})


async def on_internal(request: Request, exc: Exception) -> JSONResponse:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return error(500, INTERNAL)


def install_error_handlers(app: FastAPI) -> None:
    """Answer every error of ``app`` as JSON, by the exception's class (most specific first:
    Starlette picks the handler of the nearest class in the exception's MRO)."""
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(WordleError, on_input)
    app.add_exception_handler(HardModeError, on_hard_mode)
    app.add_exception_handler(InconsistentFeedbackError, on_contradiction)
    app.add_exception_handler(StorageError, on_storage)
    app.add_exception_handler(Busy, on_busy)
    app.add_exception_handler(WorkerFailed, on_lost_worker)
    app.add_exception_handler(InternalError, on_internal)
    app.add_exception_handler(Exception, on_internal)
