"""Stats that move with you (issue 26): a one-time code to move a player's games to another
device, and an export file of the finished games with its import.

- :func:`new_code`: a code of 8 characters (40 bits from :mod:`secrets`, shown ``XXXX-XXXX``)
  that expires after 10 minutes; one live code a player, stored only as its hash.
- :func:`claim_code`: the games (finished and in progress) and statistics of the code's
  player move to the claimer, merged with theirs; the code is then spent. Where both hold the
  same daily puzzle (variant, date, mode) or challenge, the claimer's game is kept, unless
  only the other one is finished (see :mod:`wordlekit.store.transfers`).
- :func:`export_games`: ``{"format": "wordlekit-games", "version": 1, "games": [...]}`` with
  every **finished** game (variant, mode, kind, date and puzzle number or seed, answers,
  guesses, feedback, status, hints, times): enough to rebuild the statistics. Games in
  progress are left out (their answers must not leave the server; the code moves them).
- :func:`import_games`: the same format, checked whole before anything is stored (a bad file
  is refused with one line naming the field; nothing half-imported): every game is replayed
  under its rules from its answers (a daily game's answers must be that date's), its feedback
  must be the feedback of its guesses and its status where the guesses lead; each game is
  stored under a fingerprint of its content, so importing a file twice adds nothing new.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from wordlekit.core.feedback import format_pattern, parse_pattern
from wordlekit.core.game import Game, Kind, Variant
from wordlekit.core.rules import Mode
from wordlekit.core.variants import variant_for
from wordlekit.core.words import day_number
from wordlekit.errors import WordleError
from wordlekit.store import transfers as rows
from wordlekit.store.games import GameStore
from wordlekit.store.schema import stored_variant
from wordlekit.store.transfers import TTL, Claimed, TransferCodeError

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_GAMES",
    "MAX_TURNS",
    "TTL",
    "VERSION",
    "Claimed",
    "ExportFile",
    "ExportedGame",
    "ImportFileError",
    "Imported",
    "TransferCode",
    "TransferCodeError",
    "claim_code",
    "export_games",
    "export_json",
    "import_games",
    "import_json",
    "new_code",
    "parse_import",
]

FORMAT = "wordlekit-games"
VERSION = 1
#: The largest import file, in bytes.
MAX_BYTES = 2 * 1024 * 1024
#: The most games one file may hold.
MAX_GAMES = 10_000
#: The most turns (a guess on one board) one file may hold: bounds the replay's work.
MAX_TURNS = 200_000
#: The most guesses one game of a variant without a guess limit may hold in a file.
MAX_GUESSES = 1000


class ImportFileError(WordleError):
    """An import file refused: the one line says which field and why."""


@dataclass(frozen=True)
class TransferCode:
    """A code to enter on another device (``XXXX-XXXX``), until ``expires_at`` (UTC),
    ``expires_in`` seconds from now."""

    code: str
    expires_at: str
    expires_in: int


@dataclass(frozen=True)
class ExportedGame:
    """One finished game of an export file."""

    id: str
    variant: str
    boards: int
    max_guesses: int | None
    mode: Literal["normal", "hard", "ultrahard"]
    kind: Literal["daily", "practice", "challenge"]
    day: str | None
    number: int | None
    seed: int | None
    status: Literal["won", "lost"]
    answers: list[str]
    guesses: list[str]
    #: One entry a guess: the feedback on each board as letters (g green, y yellow, b gray),
    #: ``None`` on a board solved before that guess.
    feedback: list[list[str | None]]
    hints: int
    started_at: str
    finished_at: str
    #: The word list it was played on (a store holds one list's games).
    list: str


@dataclass(frozen=True)
class ExportFile:
    """The export file: its format and version, and the games."""

    format: str
    version: int
    exported_at: str
    games: list[ExportedGame]


@dataclass(frozen=True)
class Imported:
    """What an import did: the games in the file, those added, those already here."""

    games: int
    added: int
    skipped: int


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def new_code(
    store: GameStore, player: str, clock: Callable[[], dt.datetime] = _utcnow
) -> TransferCode:
    """A new transfer code for ``player`` (their previous one stops working)."""
    issued = rows.issue(store, player, clock)
    left = int((issued.expires_at - clock()).total_seconds())
    return TransferCode(issued.code, issued.expires_at.isoformat(), left)


def claim_code(
    store: GameStore, player: str, code: str, clock: Callable[[], dt.datetime] = _utcnow
) -> Claimed:
    """Move the games of the code's player to ``player`` (see the module docstring)."""
    return rows.claim(store, player, code, clock)


# -- export -----------------------------------------------------------------------------------


def export_games(store: GameStore, player: str, now: dt.datetime | None = None) -> ExportFile:
    """Every finished game of ``player`` (in the order they ended), as a file to import."""
    games = []
    for row in rows.finished_rows(store, player):
        stored = store.get(row["id"], player)
        if stored is None:  # pragma: no cover - deleted between the two reads
            continue
        g = stored.game
        length = g.length
        feedback: list[list[str | None]] = []
        for n in range(len(g.guesses)):
            feedback.append(
                [
                    format_pattern(b.turns[n].pattern, length, "letters")
                    if n < len(b.turns)
                    else None
                    for b in g.boards
                ]
            )
        day = stored.day
        games.append(
            ExportedGame(
                id=stored.id,
                list=store.wordlist.name,
                variant=g.variant.name,
                boards=g.rules.boards,
                max_guesses=g.rules.max_guesses,
                mode=g.mode.value,
                kind=stored.kind,
                day=day,
                number=day_number(day) if day else None,
                seed=stored.seed,
                status=g.status.value,  # type: ignore[arg-type]
                answers=list(g.secret),
                guesses=list(g.guesses),
                feedback=feedback,
                hints=stored.hints,
                started_at=row["created_at"],
                finished_at=row["finished_at"],
            )
        )
    when = (now or _utcnow()).isoformat()
    return ExportFile(FORMAT, VERSION, when, games)


def export_json(made: ExportFile) -> str:
    """An export (:func:`export_games`) as the JSON text of the file."""
    from dataclasses import asdict

    return json.dumps(asdict(made), indent=1, ensure_ascii=False) + "\n"


# -- import -----------------------------------------------------------------------------------

_KINDS: tuple[Kind, ...] = ("daily", "practice", "challenge")
_FIELDS = {
    "id", "list", "variant", "boards", "max_guesses", "mode", "kind", "day", "number", "seed",
    "status", "answers", "guesses", "feedback", "hints", "started_at", "finished_at",
}  # fmt: skip
_REQUIRED = ("variant", "mode", "kind", "status", "answers", "guesses", "feedback")


def _fail(where: str, why: str) -> ImportFileError:
    return ImportFileError(f"import refused, nothing imported: {where}: {why}")


def _get(game: Mapping[str, Any], key: str, types: type | tuple[type, ...], where: str) -> Any:
    value = game.get(key)
    if not isinstance(value, types) or (
        isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,))
    ):
        raise _fail(f"{where}.{key}", f"expected {_type_name(types)}, got {_json_type(value)}")
    return value


def _type_name(types: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "a number", list: "a list", type(None): "null"}
    ts = types if isinstance(types, tuple) else (types,)
    return " or ".join(names.get(t, t.__name__) for t in ts)


def _json_type(value: object) -> str:
    if value is None:
        return "null (or nothing)"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)  # fmt: skip


def _time(game: Mapping[str, Any], key: str, where: str, default: str) -> str:
    value = game.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > 40:
        raise _fail(f"{where}.{key}", "expected an ISO 8601 time")
    try:
        dt.datetime.fromisoformat(value)
    except ValueError:
        raise _fail(f"{where}.{key}", f"not an ISO 8601 time: {value[:40]!r}") from None
    return value


def parse_import(
    data: object, store: GameStore, player: str, now: dt.datetime | None = None
) -> list[rows.ImportRow]:
    """The games of the import file ``data`` (parsed JSON), each checked and replayed; an
    :class:`ImportFileError` naming the first bad field refuses the whole file."""
    if not isinstance(data, dict):
        raise _fail("the file", f"expected a JSON object, got {_json_type(data)}")
    if data.get("format") != FORMAT:
        raise _fail("format", f'expected "{FORMAT}" (a file exported by wordlekit)')
    if data.get("version") != VERSION:
        raise _fail("version", f"expected {VERSION} (this wordlekit reads version {VERSION})")
    games = data.get("games")
    if not isinstance(games, list):
        raise _fail("games", f"expected a list, got {_json_type(games)}")
    if len(games) > MAX_GAMES:
        raise _fail("games", f"{len(games):,} games: at most {MAX_GAMES:,} a file")
    stamp = (now or _utcnow()).isoformat()
    turns = 0
    out: list[rows.ImportRow] = []
    for i, game in enumerate(games):
        where = f"games[{i}]"
        if not isinstance(game, dict):
            raise _fail(where, f"expected an object, got {_json_type(game)}")
        unknown = sorted(set(game) - _FIELDS)
        if unknown:
            raise _fail(f"{where}.{unknown[0][:40]}", "unknown field")
        row, n = _parse_game(game, where, store, player, stamp, MAX_TURNS - turns)
        turns += n
        out.append(row)
    return out


def _variant(game: Mapping[str, Any], where: str) -> Variant:
    name = _get(game, "variant", str, where)
    boards = game.get("boards")
    max_guesses = game.get("max_guesses")
    for key, value in (("boards", boards), ("max_guesses", max_guesses)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise _fail(f"{where}.{key}", f"expected a number, got {_json_type(value)}")
    try:
        if boards is None:
            return variant_for(name)
        variant = stored_variant(name, boards, max_guesses)
    except ValueError as e:
        raise _fail(f"{where}.variant", str(e)) from None
    if variant.name != name:
        raise _fail(f"{where}.variant", f"unknown variant {name[:40]!r}")
    return variant


@dataclass(frozen=True)
class _Head:
    """A game's fields that say which game it is."""

    variant: Variant
    mode: Mode
    kind: Kind
    status: str
    answers: list[Any]
    guesses: list[Any]
    feedback: list[Any]


def _head(game: Mapping[str, Any], where: str, store: GameStore, budget: int) -> _Head:
    for key in _REQUIRED:
        if key not in game:
            raise _fail(f"{where}.{key}", "missing")
    if game.get("list", store.wordlist.name) != store.wordlist.name:
        raise _fail(
            f"{where}.list",
            f"a game of the list {str(game['list'])[:40]!r}; this store holds "
            f"{store.wordlist.name!r} games (import it with that list)",
        )
    variant = _variant(game, where)
    mode_name = _get(game, "mode", str, where)
    try:
        mode = Mode.parse(mode_name)
    except ValueError:
        raise _fail(
            f"{where}.mode", f"expected normal, hard or ultrahard, got {mode_name[:20]!r}"
        ) from None
    kind = _get(game, "kind", str, where)
    if kind not in _KINDS:
        raise _fail(f"{where}.kind", f"expected daily, practice or challenge, got {kind[:20]!r}")
    status = _get(game, "status", str, where)
    if status not in ("won", "lost"):
        raise _fail(f"{where}.status", "expected won or lost (finished games only)")
    answers = _get(game, "answers", list, where)
    guesses = _get(game, "guesses", list, where)
    feedback = _get(game, "feedback", list, where)
    limit = variant.max_guesses or MAX_GUESSES
    if len(guesses) > limit:
        raise _fail(f"{where}.guesses", f"{len(guesses)} guesses: at most {limit}")
    if len(guesses) * variant.boards > budget:
        raise _fail(f"{where}.guesses", f"the file holds more than {MAX_TURNS:,} turns in all")
    if len(feedback) != len(guesses):
        raise _fail(f"{where}.feedback", "expected one entry a guess")
    for j, w in enumerate([*answers, *guesses]):
        if not isinstance(w, str) or len(w) > 16:
            field = f"answers[{j}]" if j < len(answers) else f"guesses[{j - len(answers)}]"
            raise _fail(f"{where}.{field}", "expected a word")
    return _Head(variant, mode, kind, status, answers, guesses, feedback)


def _start(
    game: Mapping[str, Any], h: _Head, where: str, store: GameStore
) -> tuple[Game, str | None, int | None]:
    """The game at its start, from its answers (a daily game's must be its date's)."""
    variant = h.variant
    rules = variant.rules(store.wordlist, h.mode)
    if h.kind == "daily":
        day = _get(game, "day", str, where)
        try:
            date = dt.date.fromisoformat(day)
        except ValueError:
            raise _fail(f"{where}.day", f"not a date: {day[:20]!r}") from None
        secret = variant.game.daily_secret(variant, rules, date)
        if tuple(str(a).lower() for a in h.answers) != secret:
            raise _fail(f"{where}.answers", f"not the answers of the daily puzzle of {day}")
        label = variant.game.label_for(variant, "daily", day=date)
        return variant.game.start(variant, rules, secret, label), day, None
    seed = _get(game, "seed", int, where) if game.get("seed") is not None else None
    secret = variant.game.check_secret(rules, h.answers)
    label = variant.game.label_for(variant, h.kind, seed=seed if h.kind == "practice" else None)
    return variant.game.start(variant, rules, secret, label), None, seed


def _parse_game(
    game: Mapping[str, Any], where: str, store: GameStore, player: str, stamp: str, budget: int
) -> tuple[rows.ImportRow, int]:
    h = _head(game, where, store, budget)
    try:
        played, day, seed = _start(game, h, where, store)
    except ImportFileError:
        raise
    except WordleError as e:
        raise _fail(f"{where}.answers", str(e)) from None
    for j, word in enumerate(h.guesses):
        try:
            played = played.guess(word)
        except WordleError as e:
            raise _fail(f"{where}.guesses[{j}]", str(e)) from None
        _check_feedback(played, h.feedback[j], f"{where}.feedback[{j}]", j)
    if not played.over or played.status.value != h.status:
        raise _fail(f"{where}.status", f"the guesses do not end the game as {h.status!r}")
    hints = game.get("hints", 0)
    limit = h.variant.max_guesses or MAX_GUESSES
    if not isinstance(hints, int) or isinstance(hints, bool) or not 0 <= hints <= limit:
        raise _fail(f"{where}.hints", "expected a number of hints")
    started = _time(game, "started_at", where, stamp)
    finished = _time(game, "finished_at", where, started)
    gid = _fingerprint(
        player, store.wordlist.name, h.variant, h.mode, h.kind, day, seed, played, started
    )
    row = rows.ImportRow(gid, h.kind, day, seed, played, hints, started, finished)
    return row, len(h.guesses) * h.variant.boards


def _check_feedback(game: Game, given: object, where: str, n: int) -> None:
    if not isinstance(given, list) or len(given) != len(game.boards):
        raise _fail(where, f"expected one entry a board ({len(game.boards)})")
    for b, (board, text) in enumerate(zip(game.boards, given, strict=True)):
        played = board.turns[n].pattern if n < len(board.turns) else None
        if text is None and played is None:
            continue
        try:
            pattern = None if text is None else parse_pattern(str(text)[:40], game.length)
        except WordleError:
            raise _fail(f"{where}[{b}]", f"not a feedback pattern: {str(text)[:40]!r}") from None
        if pattern != played:
            raise _fail(f"{where}[{b}]", "not the feedback of this guess on this answer")


def _fingerprint(
    player: str, wl: str, variant: Variant, mode: Mode, kind: str, day: str | None,
    seed: int | None, game: Game, started: str,
) -> str:  # fmt: skip
    """A game id made of the game's content and its new owner: the same game imported twice
    gets the same id (and is skipped)."""
    text = json.dumps(
        [
            player,
            wl,
            variant.name,
            variant.boards,
            variant.max_guesses,
            mode.value,
            kind,
            day,
            seed,
            list(game.secret),
            list(game.guesses),
            started,
        ]
    )
    digest = hashlib.sha256(text.encode()).digest()[:12]
    return base64.urlsafe_b64encode(digest).decode("ascii")


def import_games(
    store: GameStore, player: str, data: object, now: dt.datetime | None = None
) -> Imported:
    """Check the file ``data`` whole, then store its games as ``player``'s (see the module
    docstring)."""
    parsed = parse_import(data, store, player, now)
    added = rows.insert_games(store, player, parsed)
    return Imported(len(parsed), added, len(parsed) - added)


def import_json(store: GameStore, player: str, text: str | bytes) -> Imported:
    """:func:`import_games` of a file's JSON text."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise _fail("the file", f"not JSON ({str(e)[:80]})") from None
    return import_games(store, player, data)
