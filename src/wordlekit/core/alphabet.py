"""Alphabets: the letters a word list is made of, how other letters fold onto them, and the
letter codes the arrays and kernels use.

A word is a ``str`` of the list's letters, lower case. Everything a player types goes through
one :meth:`Alphabet.fold` (the list's folding rule: Spanish keeps ``ñ`` and drops accents,
German writes ``ä`` as ``ae``), so the feedback, the filters and the hard-mode checks all
see the same letters: there is one normaliser, never a second one that disagrees. A
character that is neither a letter nor one with a folding rule is an error naming it,
never silently dropped.

Letter codes are what :mod:`wordlekit.core.codes` and the kernels compare: ``a``..``z`` are
0..25 in every alphabet (so ASCII words encode alike whatever list they come from) and the
other letters of an alphabet 26..31 in the alphabet's order; an alphabet with no ``a``..``z``
at all (Greek, say) numbers its letters 0..31 in order. Only equality of codes matters to
the feedback rule, so any such numbering is exact; at most :data:`CODES` letters.

```pycon
>>> es = ALPHABETS["es"]
>>> es.fold("Niño"), es.fold("ÁRBOL")
('niño', 'arbol')
>>> es.encode(["niño"]).tolist()
[[13, 8, 26, 14]]
>>> ALPHABETS["de"].fold("grün")
'gruen'

```
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import numpy.typing as npt

from wordlekit.errors import InvalidWordError

#: The letters of the English lists, and the first 26 codes of every alphabet.
ASCII = "abcdefghijklmnopqrstuvwxyz"
#: How many letter codes the arrays and kernels have room for (every count table is this wide).
CODES = 32

Codes = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class Alphabet:
    """The letters of a list and how other letters fold onto them."""

    #: The letters, in the order a keyboard or a table shows them.
    letters: str
    #: letter -> replacement (letters of ``letters``); any other character that is not one of
    #: ``letters`` makes a word unusable (an error naming it).
    folds: Mapping[str, str] = field(default_factory=dict)
    #: The folding rule in words (for docs, ``wordle lists`` and help).
    rule: str = "a-z"

    def __post_init__(self) -> None:
        if len(set(self.letters)) != len(self.letters) or not self.letters:
            raise ValueError(f"an alphabet lists each letter once: {self.letters!r}")
        if not all(ch.isalpha() and ch == ch.lower() for ch in self.letters):
            raise ValueError(f"an alphabet's letters are lower-case letters: {self.letters!r}")
        extra = self.extra_letters
        if len(self.letters) > CODES or (len(extra) > CODES - len(ASCII) and extra != self.letters):
            raise ValueError(
                f"an alphabet has at most {CODES} letters, and a–z with at most "
                f"{CODES - len(ASCII)} more: {self.letters!r}"
            )
        for ch, to in self.folds.items():
            if ch in self.letters or not to or any(c not in self.letters for c in to):
                raise ValueError(f"bad folding rule {ch!r} -> {to!r} for {self.letters!r}")

    def __repr__(self) -> str:
        return f"Alphabet({self.letters!r})"

    @property
    def extra_letters(self) -> str:
        """The letters beyond a–z (``ñ`` in Spanish), in order."""
        return "".join(ch for ch in self.letters if ch not in ASCII)

    @property
    def is_ascii(self) -> bool:
        return not self.extra_letters

    @cached_property
    def codes(self) -> dict[str, int]:
        """letter -> code (see the module's text)."""
        extra = self.extra_letters
        if extra == self.letters:
            return {ch: i for i, ch in enumerate(self.letters)}
        out = {ch: ord(ch) - ord("a") for ch in self.letters if ch in ASCII}
        out.update({ch: len(ASCII) + i for i, ch in enumerate(extra)})
        return out

    @cached_property
    def _table(self) -> npt.NDArray[np.uint8]:
        # code point -> code + 1 (0 = not a letter), for the letters' code points only
        top = max(map(ord, self.letters)) + 1
        table = np.zeros(top, dtype=np.uint8)
        for ch, c in self.codes.items():
            table[ord(ch)] = c + 1
        return table

    def encode(self, words: Sequence[str]) -> Codes:
        """Words of one length as an ``(n, length)`` array of letter codes."""
        if not words:
            return np.zeros((0, 0), dtype=np.uint8)
        length = len(words[0])
        joined = "".join(words)
        if len(joined) != length * len(words):
            raise ValueError("all words must have the same length")
        points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32)
        table = self._table
        if points.size and int(points.max()) >= table.size:
            raise ValueError(f"a word has a letter outside {self.letters!r}")
        found = table[points]
        if not found.all():
            raise ValueError(f"a word has a letter outside {self.letters!r}")
        return (found - 1).reshape(len(words), length)

    def has_word_letters(self, word: str) -> bool:
        """Whether every character of ``word`` is a letter of this alphabet."""
        return all(ch in self.codes for ch in word)

    def fold(self, text: str) -> str:
        """``text`` stripped, lower-cased and folded onto the letters (see the class).

        Composed and decomposed input fold alike (``ñ`` typed as ``n`` + a combining tilde is
        ``ñ``); a character with no place in the alphabet raises :class:`InvalidWordError`
        naming it.
        """
        w = unicodedata.normalize("NFC", text.strip()).lower()
        if all(ch in self.codes for ch in w):
            return w
        out: list[str] = []
        for ch in w:
            if ch in self.codes:
                out.append(ch)
            elif ch in self.folds:
                out.append(self.folds[ch])
            else:
                raise InvalidWordError(f"{text.strip()!r} is not a word: {self.why_not(ch)}")
        return "".join(out)

    def why_not(self, ch: str) -> str:
        """Why ``ch`` cannot be typed, in a few words."""
        if ch.isspace():
            return "one word, without spaces"
        if not ch.isalpha():
            return f"{ch!r} is not a letter"
        return f"{ch.upper()!r} is not a letter of this list (its letters: {self.shown()})"

    def shown(self) -> str:
        """The letters as a short text: ``a-z``, ``a-z and ñ``."""
        if self.letters == ASCII:
            return "a-z"
        if set(ASCII) <= set(self.letters):
            return f"a-z and {', '.join(self.extra_letters)}"
        return self.letters


_ACCENTS = {
    **dict.fromkeys("áàâäãå", "a"),
    **dict.fromkeys("éèêë", "e"),
    **dict.fromkeys("íìîï", "i"),
    **dict.fromkeys("óòôöõ", "o"),
    **dict.fromkeys("úùûü", "u"),
    **dict.fromkeys("ýÿ", "y"),
    "ç": "c",
    "ñ": "n",
}

#: The alphabet of each language of the bundled lists (the build script and the game share it).
ALPHABETS: dict[str, Alphabet] = {
    "en": Alphabet(
        ASCII,
        {**_ACCENTS, "æ": "ae", "œ": "oe"},
        "a-z; the few loan words with accents fold them (café → cafe, naïve → naive)",
    ),
    "es": Alphabet(
        "abcdefghijklmnñopqrstuvwxyz",
        {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ü": "u"},
        "a-z plus ñ, a letter of its own (after n); accents fold: á→a, é→e, í→i, ó→o, ú→u, "
        "ü→u (as the popular Spanish clones do: the accent is not typed, Ñ has its own key)",
    ),
    "fr": Alphabet(
        ASCII,
        {
            **dict.fromkeys("àâä", "a"),
            **dict.fromkeys("éèêë", "e"),
            **dict.fromkeys("îï", "i"),
            **dict.fromkeys("ôö", "o"),
            **dict.fromkeys("ùûü", "u"),
            "ÿ": "y",
            "ç": "c",
            "œ": "oe",
            "æ": "ae",
        },
        "a-z; accents fold to the bare letter (é→e, à→a, ô→o, ï→i …), ç→c, and the "
        "ligatures œ→oe, æ→ae count as two letters (as in the popular French clones)",
    ),
    "de": Alphabet(
        ASCII,
        {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"},
        "a-z; ä→ae, ö→oe, ü→ue, ß→ss, and the length counts the folded letters "
        "(grün → gruen is a 5-letter word), as wordle.at, the most played German clone, "
        "does (it asks players to type umlauts as ae/oe/ue)",
    ),
    "it": Alphabet(
        ASCII,
        {
            **dict.fromkeys("àá", "a"),
            **dict.fromkeys("èé", "e"),
            **dict.fromkeys("ìí", "i"),
            **dict.fromkeys("òó", "o"),
            **dict.fromkeys("ùú", "u"),
        },
        "a-z; accents fold to the bare letter (città → citta, perché → perche)",
    ),
    "pt": Alphabet(
        ASCII,
        {
            **dict.fromkeys("áàâã", "a"),
            **dict.fromkeys("éê", "e"),
            "í": "i",
            **dict.fromkeys("óôõ", "o"),
            **dict.fromkeys("úü", "u"),
            "ç": "c",
        },
        "a-z; accents fold to the bare letter (á, à, â, ã → a; é, ê → e; ó, ô, õ → o …) "
        "and ç→c, as Termo, the most played Portuguese clone, does",
    ),
    "nl": Alphabet(
        ASCII,
        {
            **dict.fromkeys("áàâä", "a"),
            **dict.fromkeys("éèêë", "e"),
            **dict.fromkeys("íìîï", "i"),
            **dict.fromkeys("óòôö", "o"),
            **dict.fromkeys("úùûü", "u"),
            "ĳ": "ij",
        },
        "a-z; IJ is two letters, i and j (as most Dutch clones treat it, so 'fijne' has 5 "
        "letters); accents and diaereses fold (café → cafe, geërfd → geerfd)",
    ),
}

#: The alphabet of the English lists and of lists read from files unless told otherwise.
LATIN = ALPHABETS["en"]
