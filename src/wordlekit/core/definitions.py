"""Short definitions of English words, shown once a game is over, from an offline dictionary.

The table ``data/definitions.tsv.gz`` is built from WordNet 3.0 (Princeton University, the
WordNet licence in ``data/WORDNET-LICENSE``) by ``scripts/build_definitions.py``; it is read
once, on the first look-up.

>>> d = definition("knoll")
>>> d
Definition(word='knoll', entries=(Entry(pos='noun', senses=('a small natural hill',), base=None),))
>>> d.text
'knoll (noun): a small natural hill'
>>> definition("geese").text.startswith("geese (noun, plural of goose): web-footed")
True
>>> definition("their") is None, definition("knoll", language="fr") is None
(True, True)
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from functools import cache
from importlib import resources

#: The table's file in the package data.
DEFINITIONS_FILE = "definitions.tsv.gz"
#: Where the definitions come from, in a line a front end may show.
SOURCE = "WordNet 3.0, Princeton University"
#: What a front end says of an answer the dictionary has no entry for.
NO_ENTRY = "No definition in the offline dictionary."


@dataclass(frozen=True)
class Entry:
    """One part of speech of a word: ``pos`` (noun, verb, adjective or adverb), one or two
    short ``senses``, and ``base`` when the word was found through its base form (``plural of
    goose``, ``form of creep``)."""

    pos: str
    senses: tuple[str, ...]
    base: str | None = None

    @property
    def text(self) -> str:
        """``(noun, plural of goose): sense; sense`` without the word."""
        head = self.pos if self.base is None else f"{self.pos}, {self.base}"
        return f"({head}): {'; '.join(self.senses)}"


@dataclass(frozen=True)
class Definition:
    """A word's definition: its entries, the most used part of speech first."""

    word: str
    entries: tuple[Entry, ...]

    @property
    def text(self) -> str:
        """The definition in one line: ``word (pos): sense; sense — (pos): sense``."""
        return f"{self.word} " + " — ".join(e.text for e in self.entries)


def _parse(text: str) -> dict[str, Definition]:
    """The table's lines, ``word pos base sense [sense]`` tab-separated, by word."""
    table: dict[str, list[Entry]] = {}
    for line in text.splitlines():
        if not line:
            continue
        word, pos, base, *senses = line.split("\t")
        table.setdefault(word, []).append(Entry(pos, tuple(senses), base or None))
    return {w: Definition(w, tuple(es)) for w, es in table.items()}


@cache
def _table() -> dict[str, Definition]:
    raw = resources.files("wordlekit").joinpath("data").joinpath(DEFINITIONS_FILE).read_bytes()
    return _parse(gzip.decompress(raw).decode("utf-8"))


def definition(word: str, language: str = "en") -> Definition | None:
    """``word``'s definition, or ``None`` when the dictionary has none (and for every
    language but English: the dictionary is English)."""
    if language != "en":
        return None
    return _table().get(str(word).strip().lower())
