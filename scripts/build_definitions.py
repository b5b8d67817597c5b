#!/usr/bin/env python3
"""Build the offline dictionary of definitions shown after a game (issue 26).

Reads WordNet 3.0 as Debian's ``wordnet-base`` package installs it (``/usr/share/wordnet``:
``index.{noun,verb,adj,adv}``, ``data.*`` and the ``*.exc`` exception lists, format wndb(5))
and writes ``src/wordlekit/data/definitions.tsv.gz``: for every word of the shipped English
lists (every length) that WordNet knows, one line per part of speech::

    word <TAB> pos <TAB> base <TAB> sense 1 [<TAB> sense 2]

``pos`` is ``noun``, ``verb``, ``adjective`` or ``adverb`` (at most two of them, the most used
first); ``base`` is empty for a word's own entry, else the note of the form it was found
through (``plural of goose``, ``form of run``...), found as WordNet's morphy does (the
exception lists first, then the detachment rules: -s, -es, -ies, -ed, -ing, -er, -est...).
The senses are the first glosses of the word's most frequent synsets (index order), without
the example sentences in quotes, trimmed to a short line.

Run ``python scripts/build_definitions.py`` (``--wordnet DIR`` for another copy of the
files); ``--check`` rebuilds in memory and exits 1 if the shipped file differs. The output is
deterministic: the same WordNet files give byte-identical files (gzip without a name or a
time stamp). It prints how many of the original game's 2,315 answers have an entry of their
own, one through a base form, and none.

WordNet 3.0 is Copyright 2006 by Princeton University, under the WordNet licence (BSD-like),
shipped as ``src/wordlekit/data/WORDNET-LICENSE``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "wordlekit" / "data"
OUT = DATA / "definitions.tsv.gz"
WORDNET = Path("/usr/share/wordnet")

#: WordNet's file suffixes and the names written in the table.
POS_FILES = {"noun": "noun", "verb": "verb", "adjective": "adj", "adverb": "adv"}

#: morphy's detachment rules (suffix, replacement) per part of speech (WordNet's morph.c).
RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "noun": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "verb": (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    "adjective": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adverb": (),
}

#: At most this many parts of speech per word, and senses per part of speech.
MAX_POS = 2
MAX_SENSES = 2
#: A sense longer than this is cut at a word boundary and ends with an ellipsis.
MAX_SENSE = 90


@dataclass
class WordNet:
    """The parts of WordNet the builder reads: per part of speech the index (lemma ->
    (synset offsets in frequency order, tagged sense count)), the glosses by offset and the
    exception lists (inflected form -> base forms)."""

    index: dict[str, dict[str, tuple[list[int], int]]] = field(default_factory=dict)
    glosses: dict[str, dict[int, str]] = field(default_factory=dict)
    exceptions: dict[str, dict[str, list[str]]] = field(default_factory=dict)


def _lines(path: Path) -> Iterable[str]:
    """The lines of a WordNet file, without the licence header (lines starting with spaces)."""
    with path.open(encoding="latin-1") as fh:
        for line in fh:
            if line.startswith("  ") or not line.strip():
                continue
            yield line.rstrip("\n")


def parse_index_line(line: str) -> tuple[str, list[int], int]:
    """One line of an ``index.pos`` file: (lemma, synset offsets, tagged sense count).

    >>> parse_index_line("knoll n 1 2 @ ~ 1 0 09335240  ")
    ('knoll', [9335240], 0)
    """
    f = line.split()
    lemma, p_cnt = f[0], int(f[3])
    rest = f[4 + p_cnt :]
    sense_cnt, tagsense_cnt = int(rest[0]), int(rest[1])
    offsets = [int(x) for x in rest[2 : 2 + sense_cnt]]
    return lemma, offsets, tagsense_cnt


def parse_data_line(line: str) -> tuple[int, str]:
    """One line of a ``data.pos`` file: (synset offset, gloss).

    >>> parse_data_line("09335240 17 n 01 knoll 0 001 @ 09287968 n 0000 | a small natural hill  ")
    (9335240, 'a small natural hill')
    """
    head, _, gloss = line.partition(" | ")
    return int(head.split(" ", 1)[0]), gloss.strip()


def load_wordnet(folder: Path) -> WordNet:
    """Read WordNet's index, data and exception files from ``folder``."""
    wn = WordNet()
    for pos, suffix in POS_FILES.items():
        index: dict[str, tuple[list[int], int]] = {}
        for line in _lines(folder / f"index.{suffix}"):
            lemma, offsets, tagged = parse_index_line(line)
            index[lemma] = (offsets, tagged)
        wn.index[pos] = index
        glosses: dict[int, str] = {}
        for line in _lines(folder / f"data.{suffix}"):
            offset, gloss = parse_data_line(line)
            glosses[offset] = gloss
        wn.glosses[pos] = glosses
        exc: dict[str, list[str]] = {}
        path = folder / f"{suffix}.exc"
        if path.exists():
            for line in _lines(path):
                form, *bases = line.split()
                exc.setdefault(form, []).extend(bases)
        wn.exceptions[pos] = exc
    return wn


def short_sense(gloss: str) -> str:
    """The definition part of a gloss: the example sentences (in quotes) dropped, the first
    definition kept, trimmed to :data:`MAX_SENSE` characters.

    >>> short_sense('a small natural hill')
    'a small natural hill'
    >>> short_sense('move fast by using one\\'s feet; "Don\\'t run--you\\'ll be out of breath"')
    "move fast by using one's feet"
    >>> short_sense('(botany) of leaves; having a rounded apex; "obtuse leaves"')
    '(botany) of leaves'
    """
    parts = [p.strip() for p in gloss.split(";")]
    defs = [p for p in parts if p and not p.startswith('"')]
    text = defs[0] if defs else parts[0].strip('"')
    text = re.sub(r"\s+", " ", text).strip().rstrip(":,").strip()
    if len(text) > MAX_SENSE:
        cut = text[: MAX_SENSE - 1].rsplit(" ", 1)[0].rstrip(",;:")
        text = cut + "…"
    return text


def senses(wn: WordNet, pos: str, lemma: str) -> list[str]:
    """The short senses of ``lemma``'s most frequent synsets (distinct, at most two)."""
    out: list[str] = []
    for offset in wn.index[pos][lemma][0]:
        s = short_sense(wn.glosses[pos][offset])
        if s and s not in out:
            out.append(s)
        if len(out) == MAX_SENSES:
            break
    return out


def morphy(wn: WordNet, pos: str, word: str) -> list[str]:
    """The base forms of ``word`` as ``pos`` that WordNet has entries for (not ``word``
    itself): its exception list first, then the detachment rules, as WordNet's morphy.

    >>> wn = WordNet(index={"noun": {"goose": ([1], 0), "box": ([2], 0)}},
    ...              exceptions={"noun": {"geese": ["goose"]}})
    >>> morphy(wn, "noun", "geese"), morphy(wn, "noun", "boxes"), morphy(wn, "noun", "boxed")
    (['goose'], ['box'], [])
    """
    index = wn.index.get(pos, {})
    found: list[str] = []
    for base in wn.exceptions.get(pos, {}).get(word, []):
        if base in index and base != word and base not in found:
            found.append(base)
    if found:
        return found
    for suffix, repl in RULES[pos]:
        if word.endswith(suffix) and len(word) > len(suffix):
            base = word[: len(word) - len(suffix)] + repl
            if base in index and base != word and base not in found:
                found.append(base)
    return found


def note(pos: str, word: str, base: str) -> str:
    """How ``word`` relates to ``base``: ``plural of``, ``comparative of``... or ``form of``.

    >>> note("noun", "geese", "goose"), note("verb", "baked", "bake")
    ('plural of goose', 'form of bake')
    >>> note("adjective", "later", "late")
    'comparative of late'
    """
    if pos == "noun":
        return f"plural of {base}"
    if pos == "adjective" and word.endswith("er"):
        return f"comparative of {base}"
    if pos == "adjective" and word.endswith("est"):
        return f"superlative of {base}"
    return f"form of {base}"


def entries(wn: WordNet, word: str) -> list[tuple[str, str, list[str]]]:
    """``word``'s entries, (pos, base note, senses): its own entries if it has any, else those
    of its base forms; at most :data:`MAX_POS`, the most used (tagged senses) first.

    >>> wn = WordNet(index={"noun": {"goose": ([1], 3)}, "verb": {}, "adjective": {},
    ...                     "adverb": {}},
    ...              glosses={"noun": {1: 'web-footed bird; "a goose"'}},
    ...              exceptions={"noun": {"geese": ["goose"]}})
    >>> entries(wn, "geese")
    [('noun', 'plural of goose', ['web-footed bird'])]
    >>> entries(wn, "ducks")
    []
    """
    own = [
        (wn.index[pos][word][1], order, pos, "", senses(wn, pos, word))
        for order, pos in enumerate(POS_FILES)
        if word in wn.index[pos]
    ]
    found = own
    if not own:
        found = []
        for order, pos in enumerate(POS_FILES):
            for base in morphy(wn, pos, word)[:1]:
                found.append(
                    (
                        wn.index[pos][base][1],
                        order,
                        pos,
                        note(pos, word, base),
                        senses(wn, pos, base),
                    )
                )
    found.sort(key=lambda e: (-e[0], e[1]))
    return [(pos, base, ss) for _, _, pos, base, ss in found[:MAX_POS] if ss]


def english_words() -> list[str]:
    """Every word of the shipped English lists (``original``, ``nyt`` and the English lists of
    ``lists.json``), sorted."""
    files = ["answers-2315.txt", "allowed-10657.txt", "answers-nyt.txt", "allowed-nyt.txt"]
    meta = json.loads((DATA / "lists.json").read_text(encoding="utf-8"))["lists"]
    for info in meta.values():
        if info["language"] == "en":
            files += [info["answers"]["file"], info["allowed"]["file"]]
    words: set[str] = set()
    for name in files:
        words.update(w.strip() for w in (DATA / name).read_text(encoding="utf-8").split())
    return sorted(w for w in words if w)


def build(wn: WordNet, words: Iterable[str]) -> str:
    """The table's text (one line per word and part of speech, in word order)."""
    lines = []
    for word in words:
        for pos, base, ss in entries(wn, word):
            lines.append("\t".join([word, pos, base, *ss]))
    return "".join(line + "\n" for line in lines)


def compress(text: str) -> bytes:
    """``text`` gzipped deterministically (no file name, time stamp 0)."""
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as gz:
        gz.write(text.encode("utf-8"))
    return buf.getvalue()


def coverage(text: str, words: Iterable[str]) -> dict[str, int]:
    """How many of ``words`` have an entry of their own, one through a base form, none."""
    kinds: dict[str, str] = {}
    for line in text.splitlines():
        word, _, base, *_ = line.split("\t")
        kinds.setdefault(word, "base form" if base else "own entry")
    counts = {"own entry": 0, "base form": 0, "none": 0}
    for w in words:
        counts[kinds.get(w, "none")] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wordnet", type=Path, default=WORDNET, help="WordNet 3.0 dict folder")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true", help="fail if the shipped file differs")
    args = ap.parse_args(argv)
    if not (args.wordnet / "index.noun").exists():
        print(f"no WordNet files in {args.wordnet}: apt-get install wordnet-base", file=sys.stderr)
        return 2
    wn = load_wordnet(args.wordnet)
    words = english_words()
    text = build(wn, words)
    data = compress(text)
    answers = (DATA / "answers-2315.txt").read_text(encoding="utf-8").split()
    counts = coverage(text, answers)
    all_counts = coverage(text, words)
    print(
        f"original answers ({len(answers)}): {counts['own entry']} own entry, "
        f"{counts['base form']} through a base form, {counts['none']} none"
    )
    print(
        f"all English words ({len(words)}): {all_counts['own entry']} own entry, "
        f"{all_counts['base form']} through a base form, {all_counts['none']} none"
    )
    if args.check:
        shipped = args.out.read_bytes() if args.out.exists() else b""
        if shipped != data:
            print(
                f"{args.out} differs from a rebuild: run scripts/build_definitions.py",
                file=sys.stderr,
            )
            return 1
        print(f"{args.out.name} is up to date ({len(data):,} bytes)")
        return 0
    args.out.write_bytes(data)
    print(f"wrote {args.out} ({len(data):,} bytes, {text.count(chr(10)):,} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
