"""Engine commands: ``score``, ``filter``, ``lists`` and ``daily``."""

from __future__ import annotations

import click
from rich.columns import Columns
from rich.table import Table

from wordlekit.cli.app import (
    F,
    app,
    examples,
    json_option,
    lists_option,
    load_lists,
    out,
    print_json,
    tiles_text,
)
from wordlekit.core.feedback import Turn, explain, format_pattern, score
from wordlekit.core.knowledge import Knowledge, LetterConstraints
from wordlekit.core.words import BUNDLED, WordList, daily_answer, day_number, parse_date
from wordlekit.errors import InconsistentFeedbackError, InvalidWordError, WordleError

_FORMATS = ("emoji", "letters", "digits", "json")


def format_option(f: F) -> F:
    return click.option(
        "--format",
        "-f",
        "fmt",
        default="emoji",
        show_default=True,
        metavar="FORMAT",
        help="How to print patterns: emoji, letters, digits or json (as --json).",
    )(f)


def _check_format(fmt: str) -> str:
    if fmt not in _FORMATS:
        raise WordleError(f"unknown format {fmt!r}: use emoji, letters, digits or json")
    return fmt


def _word(text: str) -> str:
    w = text.strip().lower()
    if not w or not (w.isascii() and w.isalpha()):
        raise InvalidWordError(f"{text!r} is not a word: use the letters a-z only")
    if len(w) > 8:
        raise InvalidWordError(f"{w.upper()} is too long (at most 8 letters)")
    return w


@app.command(
    "score",
    epilog=examples(
        "wordle score crane cigar            prints 🟩🟨🟨⬛⬛",
        "wordle score geese those --explain  says why each tile has its colour",
        "wordle score added dread --json",
    ),
)
@click.argument("guess")
@click.argument("answer")
@format_option
@click.option("--explain", "-e", "explain_", is_flag=True, help="Say why each tile has its colour.")
@json_option
def score_cmd(guess: str, answer: str, fmt: str, explain_: bool, json_: bool) -> None:
    """The feedback tiles for GUESS when the answer is ANSWER (any two words of equal length)."""
    _check_format(fmt)
    g, a = _word(guess), _word(answer)
    if len(g) != len(a):
        raise InvalidWordError(f"{g.upper()} has {len(g)} letters but {a.upper()} has {len(a)}")
    p = score(g, a)
    if json_ or fmt == "json":
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


@app.command(
    "filter",
    epilog=examples(
        "wordle filter crane:bbygb moist:bbbgb",
        "wordle filter --known '?r??e' --contains a --absent st",
        "wordle filter crane:⬛⬛🟨🟩⬛ --pool valid --json",
    ),
)
@click.argument("turns", nargs=-1, metavar="[TURN]...")
@click.option("--known", "-k", metavar="PATTERN", help="Green letters by position: ?r??e.")
@click.option(
    "--contains",
    "-c",
    default="",
    metavar="LETTERS",
    help="Letters in the word (twice for two copies).",
)
@click.option(
    "--absent",
    "-a",
    default="",
    metavar="LETTERS",
    help="Letters out (a letter also known present: no more copies).",
)
@click.option(
    "--misplaced",
    "-m",
    multiple=True,
    metavar="PATTERN",
    help="Yellow letters by position: a???? = an A, not first. Repeatable.",
)
@click.option(
    "--pool",
    default="answers",
    show_default=True,
    help="answers (possible answers) or valid (every valid guess).",
)
@lists_option
@click.option(
    "--explain",
    "-e",
    "explain_",
    is_flag=True,
    help="Show what is known and what each turn taught.",
)
@click.option(
    "--limit", "-n", default=0, type=click.IntRange(min=0), help="Print at most N words (0 = all)."
)
@json_option
def filter_cmd(
    turns: tuple[str, ...],
    known: str | None,
    contains: str,
    absent: str,
    misplaced: tuple[str, ...],
    pool: str,
    lists: str,
    explain_: bool,
    limit: int,
    json_: bool,
) -> None:
    """The words still possible after your turns (TURN is GUESS:PATTERN) and/or hints.

    A pattern is g/y/b (n, x, w, ., - also mean gray), 2/1/0 or emoji.
    """
    if pool not in ("answers", "valid"):
        raise WordleError(f"unknown pool {pool!r}: use answers or valid")
    wl = load_lists(lists)
    parsed = [Turn.parse(t) for t in turns]
    knowledge = Knowledge(parsed, wl, pool)  # type: ignore[arg-type]
    words = list(knowledge.candidates)
    hints = None
    if known or contains or absent or misplaced:
        hints = LetterConstraints.from_hints(known, contains, absent, misplaced, wl.length)
        reason = hints.conflict()
        if reason:
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


@app.command("lists", epilog=examples("wordle lists", "wordle lists --json"))
@json_option
def lists_cmd(json_: bool) -> None:
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
    console.print("Other lists: --lists ANSWERS_FILE[,ALLOWED_FILE] (one word per line).")


@app.command("daily", epilog=examples("wordle daily 2022-02-15   (Wordle 241: AGORA)"))
@click.argument("date", default="today")
@json_option
def daily_cmd(date: str, json_: bool) -> None:
    """The answer of the original game's daily puzzle for DATE (YYYY-MM-DD or today): a spoiler!"""
    d = parse_date(date)
    n = day_number(d)
    word = daily_answer(d)
    if json_:
        print_json({"date": d.isoformat(), "number": n, "answer": word})
        return
    out().print(f"Wordle {n} ({d.isoformat()}): {word.upper()}")
