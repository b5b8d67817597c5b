"""Engine commands: ``score``, ``filter``, ``lists`` and ``daily``."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.columns import Columns
from rich.table import Table

from wordlekit.cli.app import JsonOption, ListsOption, app, load_lists, out, print_json, tiles_text
from wordlekit.feedback import explain, format_pattern, score
from wordlekit.knowledge import Knowledge, LetterConstraints, Turn
from wordlekit.words import BUNDLED, WordList, daily_answer, day_number, parse_date

FormatOption = Annotated[
    str,
    typer.Option(
        "--format",
        "-f",
        help="How to print patterns: emoji, letters or digits.",
        metavar="FORMAT",
    ),
]
_FORMATS = ("emoji", "letters", "digits")


def _check_format(fmt: str) -> str:
    if fmt not in _FORMATS:
        from wordlekit.errors import WordleError

        raise WordleError(f"unknown format {fmt!r}: use emoji, letters or digits")
    return fmt


@app.command(
    "score",
    epilog="Example: wordle score crane cigar   (prints 🟩🟨🟨⬛⬛)",
)
def score_cmd(
    guess: Annotated[str, typer.Argument(help="The word guessed.")],
    answer: Annotated[str, typer.Argument(help="The hidden word.")],
    fmt: FormatOption = "emoji",
    explain_: Annotated[
        bool, typer.Option("--explain", "-e", help="Say why each tile has its colour.")
    ] = False,
    json_: JsonOption = False,
) -> None:
    """The feedback tiles for GUESS when the answer is ANSWER (any two words of equal length)."""
    _check_format(fmt)
    g, a = _word(guess), _word(answer)
    if len(g) != len(a):
        from wordlekit.errors import InvalidWordError

        raise InvalidWordError(f"{g.upper()} has {len(g)} letters but {a.upper()} has {len(a)}")
    p = score(g, a)
    if json_:
        print_json(
            {
                "guess": g,
                "answer": a,
                "pattern": p,
                "emoji": format_pattern(p, len(g), "emoji"),
                "letters": format_pattern(p, len(g), "letters"),
                "digits": format_pattern(p, len(g), "digits"),
                "explain": explain(g, a),
            }
        )
        return
    console = out()
    if console.is_terminal:
        console.print(tiles_text(g, p))
    console.print(format_pattern(p, len(g), fmt))  # type: ignore[arg-type]
    if explain_:
        for line in explain(g, a):
            console.print(f"  {line}")


def _word(text: str) -> str:
    from wordlekit.errors import InvalidWordError

    w = text.strip().lower()
    if not w or not (w.isascii() and w.isalpha()):
        raise InvalidWordError(f"{text!r} is not a word: use the letters a-z only")
    if len(w) > 8:
        raise InvalidWordError(f"{w.upper()} is too long (at most 8 letters)")
    return w


@app.command(
    "filter",
    epilog=(
        "Examples: wordle filter crane:bbygb moist:bbbgb   |   "
        "wordle filter --known ?r??e --contains a --absent st   |   "
        "wordle filter crane:⬛⬛🟨🟩⬛ --pool valid --json"
    ),
)
def filter_cmd(
    turns: Annotated[
        list[str] | None,
        typer.Argument(
            help="Turns as GUESS:PATTERN, e.g. crane:bbygb (g/y/b, n/y/g, 2/1/0 or emoji).",
            metavar="[TURN]...",
        ),
    ] = None,
    known: Annotated[
        str | None,
        typer.Option("--known", "-k", help="Green letters by position, ? elsewhere: ?r??e."),
    ] = None,
    contains: Annotated[
        str,
        typer.Option("--contains", "-c", help="Letters in the word (twice for two copies)."),
    ] = "",
    absent: Annotated[
        str,
        typer.Option(
            "--absent", "-a", help="Letters out (a letter also known present: no more copies)."
        ),
    ] = "",
    misplaced: Annotated[
        list[str] | None,
        typer.Option(
            "--misplaced",
            "-m",
            help="Yellow letters by position, ? elsewhere: a???? = an A, not first. Repeatable.",
        ),
    ] = None,
    pool: Annotated[
        str,
        typer.Option("--pool", help="answers (possible answers) or valid (every valid guess)."),
    ] = "answers",
    lists: ListsOption = "original",
    explain_: Annotated[
        bool, typer.Option("--explain", "-e", help="Show what is known and what each turn taught.")
    ] = False,
    limit: Annotated[
        int, typer.Option("--limit", "-n", help="Print at most N words (0 = all).", min=0)
    ] = 0,
    json_: JsonOption = False,
) -> None:
    """The words still possible after your turns and/or hints, and how many there are."""
    from wordlekit.errors import WordleError

    if pool not in ("answers", "valid"):
        raise WordleError(f"unknown pool {pool!r}: use answers or valid")
    wl = load_lists(lists)
    parsed = [Turn.parse(t) for t in turns or []]
    knowledge = Knowledge(parsed, wl, pool)  # type: ignore[arg-type]
    words = list(knowledge.candidates)
    hints = None
    if known or contains or absent or misplaced:
        hints = LetterConstraints.from_hints(known, contains, absent, misplaced or [], wl.length)
        reason = hints.conflict()
        if reason:
            from wordlekit.errors import InconsistentFeedbackError

            raise InconsistentFeedbackError(f"the hints contradict each other: {reason}")
        words = [w for w in words if hints.allows(w)]
    summary = knowledge.summary
    if hints is not None:
        summary.merge(hints)
    shown = words[:limit] if limit else words
    if json_:
        print_json(
            {
                "count": len(words),
                "words": shown,
                "pool": pool,
                "lists": wl.name,
                "knowledge": summary.to_dict(),
                "turns": [
                    {
                        "guess": s.turn.guess,
                        "pattern": s.turn.pattern,
                        "before": s.before,
                        "after": s.after,
                        "bits": round(s.bits, 4),
                    }
                    for s in knowledge.steps
                ],
            }
        )
        return
    console = out()
    noun = "word" if len(words) == 1 else "words"
    console.print(f"[bold]{len(words)}[/bold] {noun} remain ({pool} of the {wl.name} list)")
    if explain_:
        for s in knowledge.steps:
            console.print(
                f"  turn {s.number}: {s.turn.guess.upper()} "
                f"{format_pattern(s.turn.pattern, s.turn.length)}  "
                f"{s.before} → {s.after}  ({s.bits:.2f} bits)"
            )
        for line in summary.describe():
            console.print(f"  {line}")
    if console.is_terminal:
        console.print(Columns(shown, padding=(0, 2)))
    else:
        for w in shown:
            console.print(w)
    if limit and len(words) > limit:
        console.print(f"… and {len(words) - limit} more")


@app.command("lists", epilog="Example: wordle lists --json")
def lists_cmd(json_: JsonOption = False) -> None:
    """The bundled word lists and their sizes."""
    rows = []
    for name in BUNDLED:
        wl = WordList.bundled(name)
        rows.append(
            {
                "name": name,
                "answers": len(wl.answers),
                "allowed": len(wl.allowed),
                "guesses": len(wl.guesses),
                "length": wl.length,
                "default": name == "original",
            }
        )
    if json_:
        print_json(rows)
        return
    table = Table(title="Bundled word lists")
    for col in ("name", "answers", "allowed", "valid guesses", "length"):
        table.add_column(col, justify="left" if col == "name" else "right")
    for r in rows:
        name = f"{r['name']} (default)" if r["default"] else str(r["name"])
        table.add_row(
            name, str(r["answers"]), str(r["allowed"]), str(r["guesses"]), str(r["length"])
        )
    console = out()
    console.print(table)
    console.print(
        "Other lists: --lists ANSWERS_FILE[,ALLOWED_FILE] (one word per line, 4-8 letters)."
    )


@app.command("daily", epilog="Example: wordle daily 2022-02-15   (Wordle 241: AGORA)")
def daily_cmd(
    date: Annotated[str, typer.Argument(help="YYYY-MM-DD or 'today'.")] = "today",
    json_: JsonOption = False,
) -> None:
    """The answer of the original game's daily puzzle for DATE (a spoiler!)."""
    d = parse_date(date)
    n = day_number(d)
    word = daily_answer(d)
    if json_:
        print_json({"date": d.isoformat(), "number": n, "answer": word})
        return
    out().print(f"Wordle {n} ({d.isoformat()}): {word.upper()}")
