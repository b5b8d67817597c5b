"""Engine commands: ``score``, ``filter``, ``lists`` and ``daily``."""

from __future__ import annotations

import sys
import unicodedata
from typing import Any, cast, get_args

import click
from rich.console import Console

from wordlekit.cli.answers import (
    answer_options,
    base_name,
    describe,
    explain_no_fit,
    load_words,
)
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    NamedChoice,
    combine,
    format_option,
    json_option,
    limit_option,
    lists_option,
    turns_argument,
)
from wordlekit.cli.render import (
    out,
    percent,
    plural,
    print_json,
    print_lines,
    table,
    tiles_text,
    words_block,
)
from wordlekit.core.constraints import LetterConstraints, Pool, filter_by_hints
from wordlekit.core.feedback import PatternStyle, Turn, explain, format_pattern, score
from wordlekit.core.knowledge import Knowledge
from wordlekit.core.words import (
    BUNDLED,
    WordList,
    daily_answer,
    day_number,
    lists_metadata,
    parse_date,
)
from wordlekit.errors import InvalidWordError, WordleError, WordListError
from wordlekit.services.jsonable import to_json


def _word(text: str) -> str:
    w = unicodedata.normalize("NFC", text.strip()).lower()
    if not w or not w.isalpha():
        raise InvalidWordError(f"{text!r} is not a word: use letters only")
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
    g, a = _word(guess), _word(answer)
    if len(g) != len(a):
        raise InvalidWordError(f"{g.upper()} has {len(g)} letters but {a.upper()} has {len(a)}")
    p = score(g, a)
    if json_ or fmt == "json":
        forms = {style: format_pattern(p, len(g), style) for style in get_args(PatternStyle)}
        print_json({"guess": g, "answer": a, "pattern": p, **forms, "explain": explain(g, a)})
        return
    console = out()
    if console.is_terminal:
        console.print(tiles_text(g, p))
    console.print(format_pattern(p, len(g), cast(PatternStyle, fmt)))
    if explain_:
        print_lines(console, (f"  {line}" for line in explain(g, a)))


#: The "known pattern / letters in / letters out" options of ``wordle filter``.
hint_options = combine(
    click.option("--known", "-k", metavar="PATTERN", help="Green letters by position: ?r??e."),
    click.option(
        "--contains",
        "-c",
        default="",
        metavar="LETTERS",
        help="Letters in the word (twice for two copies).",
    ),
    click.option(
        "--absent",
        "-a",
        default="",
        metavar="LETTERS",
        help="Letters out (a letter also known present: no more copies).",
    ),
    click.option(
        "--misplaced",
        "-m",
        multiple=True,
        metavar="PATTERN",
        help="Yellow letters by position: a???? = an A, not first. Repeatable.",
    ),
)


@app.command(
    "filter",
    epilog=examples(
        "wordle filter crane:bbygb moist:bbbgb",
        "wordle filter --known '?r??e' --contains a --absent st",
        "wordle filter crane:⬛⬛🟨🟩⬛ --pool valid --json",
        "wordle filter crane:bbybb --answers likely --limit 10   most likely first",
        "wordle filter crane:bbybb plumb:bbbbb --answers likely --add qajaq",
    ),
)
@turns_argument()
@hint_options
@click.option(
    "--pool",
    default="answers",
    show_default=True,
    type=NamedChoice("pool", get_args(Pool)),
    help="answers (possible answers) or valid (every valid guess; as --answers all).",
)
@lists_option
@answer_options
@click.option(
    "--explain",
    "-e",
    "explain_",
    is_flag=True,
    help="Show what is known and what each turn taught.",
)
@limit_option(0, "Print at most N words (0 = all).")
@json_option
def filter_cmd(
    turns: tuple[str, ...],
    known: str | None,
    contains: str,
    absent: str,
    misplaced: tuple[str, ...],
    pool: Pool,
    lists: str,
    answers: str,
    add: tuple[str, ...],
    date: str | None,
    explain_: bool,
    limit: int,
    json_: bool,
) -> None:
    """The words still possible after your turns (TURN is GUESS:PATTERN) and/or hints.

    A pattern is g/y/b (n, x, w, ., - also mean gray), 2/1/0 or emoji. With --answers likely
    every valid word may be the answer: the words are listed most likely first, with their
    probabilities.
    """
    wl = load_words(lists, answers, add, date)
    history = [Turn.parse(t) for t in turns]
    with explain_no_fit(wl, history):
        knowledge = Knowledge(history, wl, pool)
    summary = knowledge.summary
    ranked = knowledge.ranked() if knowledge.weights is not None else None
    words = [w for w, _ in ranked] if ranked is not None else list(knowledge.candidates)
    if known or contains or absent or misplaced:
        hints = LetterConstraints.from_hints(
            known, contains, absent, misplaced, wl.length, wl.alphabet
        )
        allowed = set(filter_by_hints(hints, wl, pool))  # contradictory hints raise
        words = [w for w in words if w in allowed]
        summary.merge(hints)
        if not words:
            raise WordleError(f"no word fits the turns and the hints{_no_fit_hint(wl)}")
    probs = _renormalised(ranked, words) if ranked is not None else None
    shown = words[:limit] if limit else words
    if json_:
        print_json(_filter_dict(knowledge, words, shown, summary, probs))
        return
    console = out()
    what = f"{pool} of the {wl.name} list" if wl.answer_model == "list" else describe(wl)
    console.print(f"[bold]{len(words)}[/bold] {plural(len(words), 'word')} remain ({what})")
    if explain_:
        _print_explanation(console, knowledge, summary)
    if probs is None:
        words_block(console, shown)
    else:
        words_block(console, [f"{w}  {percent(probs[w])}" for w in shown])
    if limit and len(words) > limit:
        console.print(f"… and {len(words) - limit} more")


def _no_fit_hint(wl: WordList) -> str:
    if wl.answer_model == "list":
        return f" (--answers {wl.any_word_model} lets any valid word be the answer)"
    return (
        f" (the answer may be a word the {base_name(wl)} lists do not know: add it with --add WORD)"
    )


def _renormalised(ranked: list[tuple[str, float]], words: list[str]) -> dict[str, float]:
    """The probabilities of ``words`` (most likely first), renormalised over them."""
    keep = set(words)
    total = sum(p for w, p in ranked if w in keep)
    return {w: p / total if total > 0 else 1.0 / len(keep) for w, p in ranked if w in keep}


def _filter_dict(
    knowledge: Knowledge,
    words: list[str],
    shown: list[str],
    summary: LetterConstraints,
    probs: dict[str, float] | None = None,
) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    if probs is not None:
        extra["probabilities"] = [round(probs[w], 8) for w in shown]
    return {
        "count": len(words),
        "words": shown,
        **extra,
        "answers": knowledge.wordlist.answer_model,
        "pool": knowledge.pool,
        "lists": knowledge.wordlist.name,
        "knowledge": to_json(summary.known()),
        "turns": [
            {
                "guess": s.turn.guess,
                "pattern": s.turn.pattern,
                "before": s.before,
                "after": s.after,
                "bits": round(s.bits, 4),
                **({} if s.probability is None else {"probability": round(s.probability, 8)}),
            }
            for s in knowledge.steps
        ],
    }


def _print_explanation(console: Console, knowledge: Knowledge, summary: LetterConstraints) -> None:
    for s in knowledge.steps:
        console.print(
            f"  turn {s.number}: {s.turn.guess.upper()} "
            f"{format_pattern(s.turn.pattern, s.turn.length)}  "
            f"{s.before} → {s.after}  ({s.bits:.2f} bits)"
        )
    print_lines(console, (f"  {line}" for line in summary.describe()))


@app.command(
    "lists",
    epilog=examples(
        "wordle lists",
        "wordle lists --json",
        "wordle lists es-5             the Spanish list: alphabet, folding, sources, licence",
        "wordle lists en-6 --words     its answers, one per line (most common first)",
    ),
)
@click.argument("name", required=False)
@click.option("--words", "words_", is_flag=True, help="Print the list's answers, one per line.")
@click.option(
    "--allowed", "allowed_", is_flag=True, help="Print the list's other allowed guesses too."
)
@json_option
def lists_cmd(name: str | None, words_: bool, allowed_: bool, json_: bool) -> None:
    """The bundled word lists: languages, lengths, sizes and alphabets (or one list, NAME)."""
    if name is None:
        if words_ or allowed_:
            raise WordleError("--words and --allowed need a list NAME, e.g. wordle lists es-5")
        _all_lists(json_)
        return
    if name.strip() not in BUNDLED:
        raise WordListError(f"no bundled list {name!r}: choose one of {', '.join(BUNDLED)}")
    wl = WordList.bundled(name.strip())
    if words_ or allowed_:
        words = (wl.answers if words_ else ()) + (wl.allowed if allowed_ else ())
        if json_:
            print_json(list(words))
        else:
            sys.stdout.write("".join(f"{w}\n" for w in words))
        return
    row = list_row(wl)
    if json_:
        print_json(row)
        return
    console = out()
    for key in ("name", "language", "length", "answers", "allowed", "alphabet", "folding"):
        console.print(f"{key:>9}: {row[key]}", highlight=False)
    for key in ("licence", "answer_rule"):
        if row.get(key):
            console.print(f"{key.replace('_', ' '):>9}: {row[key]}", highlight=False)
    for src in row.get("sources", []):
        console.print(f"   source: {src['name']} ({src.get('licence', '')})", highlight=False)


def _all_lists(json_: bool) -> None:
    rows = [list_row(WordList.bundled(name)) for name in BUNDLED]
    if json_:
        print_json(rows)
        return
    console = out()
    console.print(
        table(
            ("name", "language", "length", "answers", "allowed", "alphabet"),
            (
                (
                    f"{r['name']} (default)" if r["default"] else str(r["name"]),
                    r["language"],
                    str(r["length"]),
                    str(r["answers"]),
                    str(r["allowed"]),
                    r["alphabet_shown"],
                )
                for r in rows
            ),
            left={"name", "language", "alphabet"},
            title="Bundled word lists",
            boxed=True,
        )
    )
    console.print("Play one with --lists NAME, or --lang CODE [--length N].")
    console.print("Other lists: --lists ANSWERS_FILE[,ALLOWED_FILE] (one word per line).")


def list_row(wl: WordList) -> dict[str, Any]:
    """What ``wordle lists`` says of a bundled list."""
    meta = lists_metadata().get(wl.name, {})
    row: dict[str, Any] = {
        "name": wl.name,
        "language": wl.language,
        "length": wl.length,
        "answers": len(wl.answers),
        "allowed": len(wl.allowed),
        "guesses": len(wl.guesses),
        "alphabet": wl.alphabet.letters,
        "alphabet_shown": wl.alphabet.shown(),
        "folding": wl.alphabet.rule,
        "default": wl.name == "original",
    }
    for key in ("language_name", "licence", "answer_rule", "sources"):
        if key in meta:
            row[key] = meta[key]
    return row


@app.command(
    "daily",
    epilog=examples(
        "wordle daily 2022-02-15   (Wordle 241: AGORA)",
        "wordle daily --lang es    today's answer of the Spanish list",
    ),
)
@click.argument("date", default="today")
@lists_option
@json_option
def daily_cmd(date: str, lists: str, json_: bool) -> None:
    """The answer of the daily puzzle for DATE (YYYY-MM-DD or today): a spoiler! The original
    game's, or of another list (its answers in a fixed order of its own, one a day)."""
    d = parse_date(date)
    n = day_number(d)
    wl = WordList.load(lists)
    word = daily_answer(d) if wl.name == "original" else wl.daily_answer(d)
    if json_:
        print_json({"date": d.isoformat(), "number": n, "answer": word, "lists": wl.name})
        return
    named = "" if wl.name == "original" else f" {wl.name}"
    out().print(f"Wordle {n}{named} ({d.isoformat()}): {word.upper()}")
