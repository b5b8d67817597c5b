"""Decision-tree files: a readable text format and JSON; verification and display.

Text format: ``#`` lines carry metadata; every other line is one answer's path, each turn
``GUESS:PATTERN`` (g/y/b), the last one all green::

    # wordlekit decision tree
    # lists: original (content 9f2c...)
    salet:bybbb brond:bybbb chair:gbyyg cigar:ggggg

JSON format: ``{"format": "wordlekit-tree", "version": 1, ..., "root": {"guess": "salet",
"children": {"bybbb": {...}}}}`` with patterns as g/y/b text.

:func:`verify` replays every answer of a list through a tree with the reference ``score``: the
tree must reach every answer, only guess valid words, stay within the guess limit and obey
the rule of its mode on every path (hard mode's, or ultrahard mode's: every guess could still
be the answer). It reports the tree's figures and every problem found; a corrupted file is
caught, never trusted.

The metadata of a tree made by the solver (:func:`solver_meta`) names its mode as ``mode``;
files written before that carry ``hard`` and ``ultrahard`` flags instead, which
:func:`mode_of` reads as well.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordlekit.core.feedback import Turn, all_green, format_pattern, parse_pattern, score
from wordlekit.core.rules import Mode, mode_violation
from wordlekit.core.words import WordList, read_text
from wordlekit.errors import InvalidPatternError, TreeFileError, WordleError
from wordlekit.solve.counts import Counted, GuessCounts
from wordlekit.solve.tree import MAX_TURNS, DecisionTree, TreeNode
from wordlekit.store.files import atomic_write

FORMAT = "wordlekit-tree"
VERSION = 1


@dataclass
class TreeFile:
    """A tree with the metadata stored beside it."""

    root: TreeNode
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def mode(self) -> Mode:
        return mode_of(self.meta)


def solver_meta(
    wordlist: WordList,
    *,
    start: str | None,
    mode: Mode,
    objective: str,
    max_guesses: int,
    total: int | None,
    proven: bool,
) -> dict[str, Any]:
    """The metadata stored with a tree the exact solver made."""
    return {
        "lists": wordlist.name,
        "content_hash": wordlist.content_hash,
        "start": start,
        "mode": mode.value,
        "objective": objective,
        "max_guesses": max_guesses,
        "total": total,
        "proven": proven,
    }


def mode_of(meta: dict[str, Any]) -> Mode:
    """The mode a tree's metadata names: ``mode``, or in the files written before it the
    ``hard`` and ``ultrahard`` flags; normal when it names none."""
    if "mode" in meta:
        try:
            return Mode.parse(str(meta["mode"]))
        except WordleError:
            raise TreeFileError(f"unknown mode {meta['mode']!r} in the tree's metadata") from None
    if meta.get("ultrahard") is True:
        return Mode.ULTRAHARD
    return Mode.HARD if meta.get("hard") is True else Mode.NORMAL


def to_json(tree: DecisionTree | TreeNode, length: int, meta: dict[str, Any]) -> str:
    root = tree.root if isinstance(tree, DecisionTree) else tree

    def enc(node: TreeNode) -> dict[str, Any]:
        out: dict[str, Any] = {"guess": node.guess}
        if node.wins:
            out["wins"] = True
        if node.children:
            out["children"] = {
                format_pattern(p, length, "letters"): enc(c)
                for p, c in sorted(node.children.items())
            }
        return out

    doc = {"format": FORMAT, "version": VERSION, **meta, "root": enc(root)}
    return json.dumps(doc, indent=1) + "\n"


def to_text(tree: DecisionTree | TreeNode, length: int, meta: dict[str, Any]) -> str:
    root = tree.root if isinstance(tree, DecisionTree) else tree
    win = format_pattern(all_green(length), length, "letters")
    lines = ["# wordlekit decision tree", f"# format: {FORMAT} {VERSION}"]
    lines += [f"# {k}: {json.dumps(v)}" for k, v in meta.items()]
    paths: list[str] = []

    def walk(node: TreeNode, prefix: list[str]) -> None:
        if node.wins:  # the guess itself is an answer here: its own line ends in the win
            paths.append(" ".join([*prefix, f"{node.guess}:{win}"]))
        for p, child in sorted(node.children.items()):
            walk(child, [*prefix, f"{node.guess}:{format_pattern(p, length, 'letters')}"])

    walk(root, [])
    return "\n".join(lines + paths) + "\n"


def write(
    path: str | Path, tree: DecisionTree | TreeNode, length: int, meta: dict[str, Any]
) -> None:
    """Write ``tree`` as JSON when the name ends in ``.json``, else as text."""
    p = Path(path)
    text = (
        to_json(tree, length, meta) if p.suffix.lower() == ".json" else to_text(tree, length, meta)
    )
    atomic_write(p, text.encode("utf-8"))


def read(path: str | Path) -> TreeFile:
    """Read a tree file in either format (JSON is recognised by its first character)."""
    p = Path(path)
    text = read_text(p, "tree", TreeFileError)
    if text.lstrip().startswith("{"):
        return _read_json(text, str(p))
    return _read_text(text, str(p))


def _read_json(text: str, source: str) -> TreeFile:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise TreeFileError(f"{source}: bad JSON at line {e.lineno}: {e.msg}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise TreeFileError(f"{source}: not a {FORMAT} file")
    if doc.get("version") != VERSION:
        raise TreeFileError(f"{source}: unsupported version {doc.get('version')!r}")

    def dec(obj: Any, where: str) -> TreeNode:
        if not isinstance(obj, dict) or not isinstance(obj.get("guess"), str):
            raise TreeFileError(f"{source}: node at {where or 'the root'} has no guess")
        node = TreeNode(obj["guess"].lower(), 0, wins=bool(obj.get("wins", False)))
        children = obj.get("children", {})
        if not isinstance(children, dict):
            raise TreeFileError(f"{source}: children of {node.guess} must be an object")
        for key, child in children.items():
            try:
                p = parse_pattern(key, len(node.guess))
            except InvalidPatternError as e:
                raise TreeFileError(f"{source}: under {node.guess}: {e}") from None
            node.children[p] = dec(child, f"{where} {node.guess}:{key}".strip())
        return node

    meta = {k: v for k, v in doc.items() if k not in ("format", "version", "root")}
    return TreeFile(dec(doc.get("root"), ""), meta)


def _read_text(text: str, source: str) -> TreeFile:
    meta: dict[str, Any] = {}
    root: TreeNode | None = None
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#"):
            _read_meta(line, meta)
        elif line:
            where = f"{source}: line {line_no}"
            root = _add_path(root, _parse_path(line, where), where)
    if root is None:
        raise TreeFileError(f"{source}: no paths")
    return TreeFile(root, meta)


def _read_meta(line: str, meta: dict[str, Any]) -> None:
    """``# key: value`` (a JSON value, else text) into ``meta``; other comments are ignored."""
    key, sep, value = line[1:].partition(":")
    key = key.strip()
    if not sep or key == "format" or " " in key:
        return
    try:
        meta[key] = json.loads(value)
    except json.JSONDecodeError:
        meta[key] = value.strip()


def _parse_path(line: str, where: str) -> list[Turn]:
    """One answer's path: ``GUESS:PATTERN`` turns ending in the win."""
    try:
        turns = [Turn.parse(tok) for tok in line.split()]
    except WordleError as e:
        raise TreeFileError(f"{where}: {e}") from None
    if not turns[-1].is_win:
        raise TreeFileError(f"{where}: the path does not end in a win")
    if any(t.is_win for t in turns[:-1]):
        raise TreeFileError(f"{where}: the path goes on after a win")
    return turns


def _add_path(root: TreeNode | None, turns: list[Turn], where: str) -> TreeNode:
    """Merge one path into the tree (made at the first path); its guesses must agree with
    the earlier paths'. Returns the root."""
    if root is None:
        root = TreeNode(turns[0].guess, 0)
    node = root
    for k, t in enumerate(turns):
        if t.guess != node.guess:
            raise TreeFileError(
                f"{where}: turn {k + 1} guesses {t.guess.upper()} where earlier lines guess "
                f"{node.guess.upper()}"
            )
        if t.is_win:
            node.wins = True
            break
        node = node.children.setdefault(t.pattern, TreeNode(turns[k + 1].guess, 0))
    return root


@dataclass
class Verification(Counted):
    """What replaying every answer through a tree found: ``counts`` has the distribution of
    the answers the tree finds (the others are ``unsolved``, each with a problem)."""

    counts: GuessCounts
    problems: list[str]
    max_guesses: int
    #: Whether the tree finds every answer within the rules (no problem).
    ok: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ok", not self.problems)


def verify(
    root: TreeNode,
    wordlist: WordList,
    *,
    mode: Mode = Mode.NORMAL,
    max_guesses: int = 6,
    answers: Sequence[str] | None = None,
) -> Verification:
    """Replay every answer through the tree with the reference ``score`` (every guess checked
    against the rule of ``mode``)."""
    mode = Mode.parse(mode)
    guesses: list[int] = []
    problems: list[str] = []
    targets = list(answers) if answers is not None else list(wordlist.answers)
    for answer in targets:
        needed, problem = _replay(root, answer, wordlist, mode)
        if problem is not None:
            problems.append(f"{answer}: {problem}")
        elif needed > max_guesses:
            problems.append(f"{answer}: found in {needed} guesses, more than {max_guesses}")
        if problem is None:
            guesses.append(needed)
    counts = GuessCounts.of(guesses, unsolved=len(targets) - len(guesses), limit=max_guesses)
    return Verification(counts, problems, max_guesses)


def _replay(root: TreeNode, answer: str, wordlist: WordList, mode: Mode) -> tuple[int, str | None]:
    """(guesses the tree needs for ``answer``, None) or (0, the problem met on the way)."""
    win = all_green(wordlist.length)
    node: TreeNode | None = root
    history: list[Turn] = []
    for turn in range(1, MAX_TURNS + 1):
        assert node is not None
        problem = _bad_guess(node.guess, history, wordlist, mode)
        if problem is not None:
            return 0, problem
        p = score(node.guess, answer)
        history.append(Turn(node.guess, p))
        if p == win:
            return turn, None
        node = node.children.get(p)
        if node is None:
            return 0, f"the tree has no branch after {' '.join(str(t) for t in history)}"
    return 0, f"not found within {MAX_TURNS} guesses"


def _bad_guess(guess: str, history: list[Turn], wordlist: WordList, mode: Mode) -> str | None:
    """Why the tree may not play ``guess`` after ``history``, or None."""
    where = " ".join(str(t) for t in history) or "the start"
    if len(guess) != wordlist.length or not wordlist.is_valid(guess):
        return f"{guess.upper()} after {where} is not a valid guess"
    reason = mode_violation(mode, history, guess, wordlist)
    if reason:
        return f"{guess.upper()} after {where} breaks {mode.value} mode: {reason}"
    return None


def descend(root: TreeNode, turns: Sequence[Turn]) -> TreeNode | None:
    """The node reached by following ``turns`` from the root (``None`` after a win)."""
    node = root
    for k, t in enumerate(turns, start=1):
        if t.guess != node.guess:
            raise WordleError(
                f"turn {k}: the tree guesses {node.guess.upper()} here, not {t.guess.upper()}"
            )
        if t.is_win:
            return None
        child = node.children.get(t.pattern)
        if child is None:
            raise WordleError(
                f"turn {k}: no answer in the tree gives {t.guess.upper()} "
                f"{format_pattern(t.pattern, t.length)}"
            )
        node = child
    return node


def answers_below(node: TreeNode, length: int) -> list[tuple[str, list[tuple[str, int]]]]:
    """Every answer reachable from ``node`` with its remaining path (guess, pattern)."""
    win = all_green(length)
    out: list[tuple[str, list[tuple[str, int]]]] = []

    def walk(n: TreeNode, path: list[tuple[str, int]]) -> None:
        if n.wins:
            out.append((n.guess, [*path, (n.guess, win)]))
        for p, child in sorted(n.children.items()):
            walk(child, [*path, (n.guess, p)])

    walk(node, [])
    return out
