"""Word lists: the bundled ``original`` and ``nyt`` lists, lists from files, the daily answer.

A :class:`WordList` holds the possible answers and the extra allowed guesses (disjoint). The
valid guesses are ``answers + allowed`` in that order, so answer ``i`` is also guess ``i``:
the pattern matrix and the strategies rely on that.

Answer models (:meth:`WordList.with_answers`): ``list`` is the list as it is (its answers may
be the answer); ``all`` and ``likely`` derive a list whose answers are all its valid guesses,
in guess order (so answer ``i`` is still guess ``i`` of the list it came from), ``likely``
with :attr:`WordList.weights`, the fitted prior of :mod:`wordlekit.core.likely`. The rest of
the code needs no special case: a derived list is a list like any other.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

import numpy as np
import numpy.typing as npt

from wordlekit.core.alphabet import ALPHABETS, LATIN, Alphabet, Codes
from wordlekit.errors import (
    InvalidDateError,
    InvalidWordError,
    WordleError,
    WordListError,
    quoted,
    shown,
)

MIN_WORD_LENGTH = 4
MAX_WORD_LENGTH = 8

#: Day 0 of the original game's daily order (the answer was CIGAR).
FIRST_DAY = dt.date(2021, 6, 19)

#: What scripts/build_lists.py wrote about the lists it built (languages, sources, licences).
LISTS_METADATA = "lists.json"


@cache
def lists_metadata() -> dict[str, dict[str, Any]]:
    """name -> what ``lists.json`` says of that built list (language, alphabet, sources...)."""
    text = resources.files("wordlekit").joinpath("data").joinpath(LISTS_METADATA).read_text("utf-8")
    lists: dict[str, dict[str, Any]] = json.loads(text)["lists"]
    return lists


#: name -> (answers file, allowed file) of every list shipped with the package: the original
#: game's and the NYT's, then the lists scripts/build_lists.py built (English of 4, 6, 7 and
#: 8 letters; 5 letters in other languages).
BUNDLED: dict[str, tuple[str, str]] = {
    "original": ("answers-2315.txt", "allowed-10657.txt"),
    "nyt": ("answers-nyt.txt", "allowed-nyt.txt"),
    **{
        name: (meta["answers"]["file"], meta["allowed"]["file"])
        for name, meta in sorted(
            lists_metadata().items(), key=lambda kv: (kv[1]["language"] != "en", kv[0])
        )
    },
}
DAILY_ORDER_FILE = "answers-2315-daily-order.txt"


def bundled_language(name: str) -> str:
    """The language (ISO 639-1) of a bundled list."""
    meta = lists_metadata().get(name)
    return "en" if meta is None else str(meta["language"])


def alphabet_of(language: str) -> Alphabet:
    """The alphabet of a language's lists; :class:`WordListError` for a language without one."""
    key = str(language).strip().lower()
    if key not in ALPHABETS:
        raise WordListError(
            f"no alphabet for language {quoted(language)}: choose one of {', '.join(ALPHABETS)}"
        )
    return ALPHABETS[key]


def find_bundled(language: str | None = None, length: int | None = None) -> str:
    """The name of the bundled list of ``language`` (default English) and ``length``
    (default five letters, or the only length that language has)."""
    lang = "en" if language is None else str(language).strip().lower()
    names = [n for n in BUNDLED if bundled_language(n) == lang]
    if not names:
        langs = sorted({bundled_language(n) for n in BUNDLED})
        raise WordListError(
            f"no bundled list in language {quoted(language)}: choose one of {', '.join(langs)}"
        )
    lengths = {n: _bundled_length(n) for n in names}
    if length is None:
        length = 5 if 5 in lengths.values() else min(lengths.values())
    found = [n for n in names if lengths[n] == length]
    if not found:
        have = ", ".join(map(str, sorted(set(lengths.values()))))
        raise WordListError(f"no bundled {lang} list of {length} letters: {lang} has {have}")
    return found[0]  # 'original' before 'nyt' for English five letters


def _bundled_length(name: str) -> int:
    meta = lists_metadata().get(name)
    return 5 if meta is None else int(meta["length"])


#: Which words may be the answer: the list's answers (``list``), every valid guess equally
#: (``all``), or every valid guess weighted by the fitted prior (``likely``).
AnswerModel = Literal["list", "likely", "all"]
ANSWER_MODELS: tuple[str, ...] = get_args(AnswerModel)
#: What each model means, in a few words (for messages and help).
ANSWER_MODEL_TEXT = {
    "list": "the answers of the list",
    "likely": "every valid word, weighted by how likely it is to be the answer",
    "all": "every valid word, all equally likely",
}

Weights = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class WordList:
    """Answers and extra allowed guesses of one word length.

    ```pycon
    >>> wl = WordList.bundled("original")
    >>> wl
    WordList('original', answers=2315, allowed=10657, length=5)
    >>> len(wl.guesses), wl.is_valid("crane"), wl.is_answer("aahed")
    (12972, True, False)

    ```
    """

    name: str
    answers: tuple[str, ...]
    allowed: tuple[str, ...] = ()
    #: How the answers were chosen: ``list``, ``all`` or ``likely`` (see :meth:`with_answers`).
    answer_model: str = "list"
    #: The probability of each answer (aligned with :attr:`answers`, summing to 1, read-only),
    #: or ``None`` when every answer is equally likely.
    weights: Weights | None = field(default=None, repr=False)
    #: The date the ``likely`` weights are as of (the words the NYT served before it weighed
    #: as repeats), or ``None``: as if nothing had been served.
    as_of: dt.date | None = field(default=None, repr=False)
    #: The letters of the words and the folding rule for what a player types.
    alphabet: Alphabet = field(default=LATIN, repr=False)
    #: The language of the words (ISO 639-1).
    language: str = field(default="en", repr=False)
    _answer_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _guess_index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.answers:
            raise WordListError(f"word list {self.name!r} has no answers")
        lengths = set(map(len, self.answers)) | set(map(len, self.allowed))
        if len(lengths) != 1:
            raise WordListError(
                f"word list {self.name!r} mixes word lengths {sorted(lengths)}; "
                "all words of a list have one length"
            )
        (length,) = lengths
        if not MIN_WORD_LENGTH <= length <= MAX_WORD_LENGTH:
            raise WordListError(
                f"word list {self.name!r} has {length}-letter words; supported lengths are "
                f"{MIN_WORD_LENGTH} to {MAX_WORD_LENGTH}"
            )
        if self.alphabet is LATIN:
            self._infer_alphabet()
        answer_index, guess_index = self._indexes()
        object.__setattr__(self, "_answer_index", answer_index)
        object.__setattr__(self, "_guess_index", guess_index)
        if self.answer_model not in ANSWER_MODELS:
            raise WordListError(
                f"unknown answer model {quoted(self.answer_model)}: choose one of "
                f"{', '.join(ANSWER_MODELS)}"
            )
        if self.weights is not None:
            object.__setattr__(self, "weights", _normalised(self.weights, len(self.answers)))

    def _infer_alphabet(self) -> None:
        """A list made without an alphabet whose words have letters beyond a-z (one rebuilt
        from its words in a worker process, say) takes the alphabet of the first language
        that has those letters (and that language), else a-z and those letters."""
        joined = "".join(self.answers) + "".join(self.allowed)
        if joined.isascii():
            return
        extra = {ch for ch in joined if ch not in LATIN.codes}
        for language, alphabet in ALPHABETS.items():
            if extra <= set(alphabet.letters):
                object.__setattr__(self, "alphabet", alphabet)
                if self.language == "en":
                    object.__setattr__(self, "language", language)
                return
        if all(ch.isalpha() and ch.islower() for ch in extra) and len(extra) <= 6:
            object.__setattr__(self, "alphabet", Alphabet(LATIN.letters + "".join(sorted(extra))))

    def _indexes(self) -> tuple[dict[str, int], dict[str, int]]:
        """The answer and guess indexes, checking every word and that none repeats."""
        # Checked on the whole text at once (fast); a bad word is then found one by one.
        joined = "".join(self.answers) + "".join(self.allowed)
        if not (joined.isascii() and joined.isalpha() and joined.islower()) or (
            not self.alphabet.is_ascii and not self.alphabet.has_word_letters(joined)
        ):
            for w in (*self.answers, *self.allowed):
                if not (w.isalpha() and w.islower() and self.alphabet.has_word_letters(w)):
                    raise WordListError(f"word list {self.name!r} has a bad word {w!r}")
        answer_index = dict(zip(self.answers, range(len(self.answers)), strict=True))
        if len(answer_index) != len(self.answers):
            raise WordListError(f"word list {self.name!r} repeats answers")
        guess_index = dict(zip(self.guesses, range(len(self.guesses)), strict=True))
        if len(guess_index) != len(self.guesses):
            seen = set(answer_index)
            for w in self.allowed:
                if w in seen:
                    raise WordListError(
                        f"word list {self.name!r}: {w!r} is listed twice (answers and allowed "
                        "guesses must not overlap or repeat)"
                    )
                seen.add(w)
        return answer_index, guess_index

    def __repr__(self) -> str:
        model = "" if self.answer_model == "list" else f", answer_model={self.answer_model!r}"
        return (
            f"WordList({self.name!r}, answers={len(self.answers)}, "
            f"allowed={len(self.allowed)}, length={self.length}{model})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WordList):
            return NotImplemented
        if self is other:
            return True
        return (
            self.answers == other.answers
            and self.allowed == other.allowed
            and self.answer_model == other.answer_model
            and self.alphabet == other.alphabet
            and _same_weights(self.weights, other.weights)
        )

    def __hash__(self) -> int:
        return hash(self.content_hash)

    @property
    def length(self) -> int:
        return len(self.answers[0])

    def encode(self, words: Sequence[str]) -> Codes:
        """``words`` (of this list's letters) as an array of letter codes."""
        return self.alphabet.encode(words)

    @cached_property
    def guesses(self) -> tuple[str, ...]:
        """Every valid guess: the answers first (same indices), then the allowed words."""
        return self.answers + self.allowed

    @cached_property
    def words_hash(self) -> str:
        """SHA-256 of the words (answers and allowed, order included): what the pattern
        matrix depends on, so lists that differ only in their weights share one matrix."""
        h = hashlib.sha256()
        h.update(f"wordlekit-list-v1 {self.length} {len(self.answers)}\n".encode())
        h.update("\n".join(self.answers).encode())
        h.update(b"\n--allowed--\n")
        h.update("\n".join(self.allowed).encode())
        return h.hexdigest()

    @cached_property
    def content_hash(self) -> str:
        """SHA-256 of the lists' content (order included) and of the answers' weights when
        there are any; keys on-disk caches. A list without weights hashes its words only
        (:attr:`words_hash`)."""
        if self.weights is None:
            return self.words_hash
        h = hashlib.sha256()
        h.update(f"{self.words_hash}\n--weights {self.answer_model}--\n".encode())
        h.update(np.ascontiguousarray(self.weights, dtype="<f8").tobytes())
        return h.hexdigest()

    @property
    def weighted(self) -> bool:
        """Whether the answers carry weights (the ``likely`` model)."""
        return self.weights is not None

    def with_answers(
        self, model: str = "list", add: Iterable[str] = (), *, on: dt.date | None = None
    ) -> WordList:
        """This list under an answer model, with words added (cached).

        - ``list``: this list; ``add`` makes each word an answer (an allowed guess moves to
          the answers; a new word becomes both).
        - ``all``: every valid guess may be the answer, equally likely: the answers are
          :attr:`guesses` in order, then the added words; there are no other guesses.
        - ``likely``: the same words, weighted by :func:`wordlekit.core.likely.prior`; an added
          word gets at least :func:`wordlekit.core.likely.added_word_floor` (it is there
          because someone thinks it may be the answer). ``on`` a date, the words the NYT
          served before it are weighed by how often it repeats answers
          (:func:`wordlekit.core.likely.dated`); without one, as if none had been served.

        ```pycon
        >>> wl = WordList.bundled().with_answers("likely")
        >>> wl
        WordList('original-likely', answers=12972, allowed=0, length=5, answer_model='likely')
        >>> wl.answers[:2] == WordList.bundled().guesses[:2], round(float(wl.weights.sum()), 9)
        (True, 1.0)

        ```
        """
        key = str(model).strip().lower()
        if key not in ANSWER_MODELS:
            raise WordListError(
                f"unknown answer model {quoted(model)}: choose one of {', '.join(ANSWER_MODELS)}"
            )
        if key == "likely" and not self.likely_fits:
            raise WordListError(
                f"the likely model is fitted to the NYT's English five-letter answers, not "
                f"to the {self.name} list: use --answers list or all"
            )
        added = tuple(dict.fromkeys(self.normalize(w) for w in add))
        date = on if key == "likely" else None
        unchanged = all(self.is_answer(w) for w in added) and (
            key != "likely" or not (added or date)
        )
        if key == self.answer_model and unchanged:
            return self
        return _derived(self, key, added, date)

    @property
    def likely_fits(self) -> bool:
        """Whether the ``likely`` answer model (fitted to the NYT's answers) fits this list:
        English words of five letters."""
        return self.language == "en" and self.length == 5

    @property
    def any_word_model(self) -> str:
        """The answer model that lets any valid word be the answer: ``likely`` where it
        fits, else ``all``."""
        return "likely" if self.likely_fits else "all"

    def is_answer(self, word: str) -> bool:
        return word in self._answer_index

    def is_valid(self, word: str) -> bool:
        return word in self._guess_index

    def answer_index(self, word: str) -> int:
        """Index of ``word`` among the answers; :class:`InvalidWordError` if it is not one."""
        try:
            return self._answer_index[word]
        except KeyError:
            raise InvalidWordError(
                f"{shown(word)} is not a possible answer in the {self.name} list"
            ) from None

    def guess_index(self, word: str) -> int:
        """Index of ``word`` among the valid guesses; :class:`InvalidWordError` if invalid."""
        try:
            return self._guess_index[word]
        except KeyError:
            raise InvalidWordError(self.why_invalid(word)) from None

    def normalize(self, word: str) -> str:
        """Lower-case and strip ``word`` and check its shape (not its membership)."""
        if not isinstance(word, str):
            raise InvalidWordError(f"a word is text, not {type(word).__name__}")
        if not word.strip():
            raise InvalidWordError("empty word")
        w = self.alphabet.fold(word)
        if len(w) != self.length:
            raise InvalidWordError(
                f"{shown(w)} has {len(w):,} letters; this list has {self.length}-letter words"
            )
        return w

    def check_guess(self, word: str) -> str:
        """Normalise ``word`` and require it to be a valid guess; return it."""
        w = self.normalize(word)
        if w not in self._guess_index:
            raise InvalidWordError(self.why_invalid(w))
        return w

    def check_answer(self, word: str) -> str:
        """Normalise ``word`` and require it to be a possible answer; return it."""
        w = self.normalize(word)
        if w not in self._answer_index:
            if w in self._guess_index:
                raise InvalidWordError(
                    f"{w.upper()} is a valid guess but never an answer in the {self.name} list"
                )
            raise InvalidWordError(f"{w.upper()} is not in the {self.name} word list")
        return w

    def why_invalid(self, word: str) -> str:
        w = self.normalize(word)
        return f"{w.upper()} is not in the {self.name} word list"

    @classmethod
    def bundled(cls, name: str = "original") -> WordList:
        """One of the lists shipped with the package: ``original`` (default), ``nyt``, or
        the English lists of other lengths ``en-4``, ``en-6``, ``en-7`` and ``en-8``."""
        return _bundled(name)

    @classmethod
    def from_words(
        cls,
        answers: Iterable[str],
        allowed: Iterable[str] = (),
        name: str = "custom",
        *,
        language: str = "en",
    ) -> WordList:
        """A list from words in memory (folded with ``language``'s alphabet; answers repeated
        in allowed are dropped)."""
        alphabet = alphabet_of(language)
        ans = tuple(alphabet.fold(w) for w in answers)
        ans_set = set(ans)
        extra = tuple(w for w in (alphabet.fold(w) for w in allowed) if w not in ans_set)
        return cls(name, ans, extra, alphabet=alphabet, language=language)

    @classmethod
    def from_files(
        cls, answers: str | Path, allowed: str | Path | None = None, *, language: str = "en"
    ) -> WordList:
        """Load a list from files of one word per line.

        Blank lines and lines starting with ``#`` are skipped. Every other line must hold one
        word of the same length (4 to 8 letters a-z); otherwise :class:`WordListError` names
        the bad line numbers. Words of the answers file that also appear in the allowed file
        are answers (the allowed file may be a full guess list).
        """
        alphabet = alphabet_of(language)
        answers_path = Path(answers)
        ans = read_word_file(answers_path, alphabet=alphabet)
        extra: tuple[str, ...] = ()
        if allowed is not None:
            length = len(ans[0]) if ans else None
            extra = read_word_file(Path(allowed), length, alphabet=alphabet)
        name = answers_path.name if allowed is None else f"{answers_path.name},{Path(allowed).name}"
        return cls.from_words(ans, extra, name=name, language=language)

    @classmethod
    def load(cls, spec: str | None = None, *, language: str | None = None) -> WordList:
        """A list by name or files: ``original``, ``nyt``, ``es-5`` (any bundled name) or
        ``ANSWERS_FILE[,ALLOWED_FILE]`` (words of ``language``'s alphabet, English's a-z by
        default)."""
        if spec is None or spec.strip() == "":
            return cls.bundled(find_bundled(language))
        spec = spec.strip()
        head, sep, rest = spec.partition(":")
        if sep and head.lower() in ALPHABETS and language is None:  # es:FILES (CLI --lang)
            return cls.load(rest, language=head.lower())
        if spec in BUNDLED:
            wl = cls.bundled(spec)
            if language is not None and alphabet_of(language) != wl.alphabet:
                raise WordListError(
                    f"the {spec} list is in {wl.language}, not {quoted(language)}: "
                    "give --lists or --lang, not both"
                )
            return wl
        parts = [p.strip() for p in spec.split(",")]
        if len(parts) > 2 or not all(parts):
            raise WordListError(
                f"bad list {quoted(spec)}: use original, nyt, a bundled list (wordle lists) or "
                "ANSWERS_FILE[,ALLOWED_FILE]"
            )
        for p in parts:
            if not Path(p).is_file():
                raise WordListError(
                    f"no word list {quoted(p)}: use original, nyt or a file of one word per line"
                )
        return cls.from_files(
            parts[0], parts[1] if len(parts) == 2 else None, language=language or "en"
        )

    def daily_answer(self, date: dt.date | str) -> str:
        """The answer of the daily puzzle for ``date`` in this list.

        A list of the original game's family (it holds most of the original answers, as
        ``nyt`` does) follows the original daily order, and refuses a day whose answer it
        dropped. Any other list (another length, other words) has a daily order of its own: its
        answers in a fixed shuffle seeded by the list's content, one a day, the same for every
        player of that list.
        """
        day = day_number(date)
        order = daily_order()
        if self.length == len(order[0]):
            shared = sum(1 for w in order if w in self._answer_index)
            if shared >= 0.9 * len(order):
                word = order[day % len(order)]
                if word not in self._answer_index:
                    raise InvalidDateError(
                        f"the daily answer for {parse_date(date)} is {word.upper()}, which is "
                        f"not an answer in the {self.name} list"
                    )
                return word
        return self.own_daily_order[day % len(self.answers)]

    @cached_property
    def own_daily_order(self) -> tuple[str, ...]:
        """This list's answers in a fixed order of its own (see :meth:`daily_answer`)."""
        import random

        order = sorted(self.answers)
        random.Random(self.content_hash).shuffle(order)
        return tuple(order)


def _normalised(weights: Weights, n: int) -> Weights:
    w = np.array(weights, dtype=np.float64)  # a copy: the caller's array stays theirs
    if w.shape != (n,):
        raise WordListError(f"one weight per answer: got {w.shape}, expected ({n},)")
    total = float(w.sum())
    if not np.isfinite(w).all() or (w < 0).any() or not total > 0:
        raise WordListError("weights must be finite, non-negative and not all zero")
    if abs(total - 1.0) > 1e-12:  # already normalised weights stay exactly as they are
        w /= total
    w.setflags(write=False)
    return w


def _same_weights(a: Weights | None, b: Weights | None) -> bool:
    if a is None or b is None:
        return a is b
    return a is b or bool(np.array_equal(a, b))


@lru_cache(maxsize=16)
def _derived(
    base: WordList, model: str, added: tuple[str, ...], date: dt.date | None = None
) -> WordList:
    """A list under another answer model (see :meth:`WordList.with_answers`)."""
    suffix = f"+{len(added)}" if added else ""
    kin: dict[str, Any] = {"alphabet": base.alphabet, "language": base.language}
    if date is not None:
        suffix += f"@{date.isoformat()}"
    if model == "list":
        new = tuple(w for w in added if not base.is_answer(w))
        extra = set(new)
        allowed = tuple(w for w in base.allowed if w not in extra)
        return WordList(f"{base.name}{suffix}", base.answers + new, allowed, "list", **kin)
    words = base.guesses + tuple(w for w in added if not base.is_valid(w))
    # a likely list on a date is named after the list it comes from: original-likely@DATE
    name = f"{base.name}{suffix}" if base.answer_model == model else f"{base.name}-{model}{suffix}"
    if model == "all":
        return WordList(name, words, (), "all", **kin)
    from wordlekit.core.likely import added_word_floor, dated, prior

    p = prior(words)
    for w in added:
        i = words.index(w)
        p[i] = max(p[i], added_word_floor())
    return WordList(name, words, (), "likely", dated(words, p, date), as_of=date, **kin)


@cache
def _bundled(name: str) -> WordList:
    if name not in BUNDLED:
        raise WordListError(f"no bundled list {quoted(name)}: choose one of {', '.join(BUNDLED)}")
    answers_file, allowed_file = BUNDLED[name]
    language = bundled_language(name)
    return WordList(
        name,
        _read_bundled(answers_file),
        _read_bundled(allowed_file),
        alphabet=alphabet_of(language),
        language=language,
    )


def _read_bundled(filename: str) -> tuple[str, ...]:
    text = resources.files("wordlekit").joinpath("data").joinpath(filename).read_text("utf-8")
    return tuple(text.split())


def parse_word_lines(
    lines: Sequence[str],
    source: str,
    length: int | None = None,
    *,
    alphabet: Alphabet = LATIN,
) -> tuple[str, ...]:
    """Validate the lines of a word file; raise :class:`WordListError` naming bad lines."""
    words: list[str] = []
    seen: dict[str, int] = {}
    problems: dict[str, list[int]] = {}

    def bad(kind: str, line_no: int) -> None:
        problems.setdefault(kind, []).append(line_no)

    for line_no, raw in enumerate(lines, start=1):
        w = raw.strip().lower()
        if not w or w.startswith("#"):
            continue
        try:
            w = alphabet.fold(w)
        except InvalidWordError:
            bad("non-letters", line_no)
            continue
        if length is None:
            length = len(w)
            if not MIN_WORD_LENGTH <= length <= MAX_WORD_LENGTH:
                raise WordListError(
                    f"{source}: line {line_no}: {length}-letter words are not supported "
                    f"(use {MIN_WORD_LENGTH} to {MAX_WORD_LENGTH} letters)"
                )
        if len(w) != length:
            bad(f"not {length} letters", line_no)
            continue
        if w in seen:
            bad("duplicates", line_no)
            continue
        seen[w] = line_no
        words.append(w)
    if problems:
        detail = "; ".join(f"{kind} on {_lines(nums)}" for kind, nums in problems.items())
        raise WordListError(f"{source}: bad lines: {detail}")
    if not words:
        raise WordListError(f"{source}: no words")
    return tuple(words)


def _lines(nums: list[int]) -> str:
    shown = ", ".join(map(str, nums[:10]))
    more = f" and {len(nums) - 10} more" if len(nums) > 10 else ""
    return f"line{'s' if len(nums) > 1 else ''} {shown}{more}"


def read_text(path: Path, what: str, error: type[WordleError] = WordListError) -> str:
    """The UTF-8 text of the file ``path`` (a ``what``: "word list", "tree"), or ``error``
    saying in one line why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"no such {what} file: {path}") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a UTF-8 text file") from None
    except OSError as e:
        raise error(f"cannot read {path}: {e.strerror}") from None


def read_word_file(
    path: Path, length: int | None = None, *, alphabet: Alphabet = LATIN
) -> tuple[str, ...]:
    text = read_text(path, "word list")
    return parse_word_lines(text.splitlines(), str(path), length, alphabet=alphabet)


@cache
def daily_order() -> tuple[str, ...]:
    """The original game's answers in daily order (index 0 = 2021-06-19 = cigar)."""
    return _read_bundled(DAILY_ORDER_FILE)


def parse_date(value: dt.date | str) -> dt.date:
    """A date from ``YYYY-MM-DD`` or ``today``; :class:`InvalidDateError` otherwise."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = str(value).strip().lower()
    if text == "today":
        return dt.date.today()
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise InvalidDateError(f"bad date {quoted(value)}: use YYYY-MM-DD or 'today'") from None


def day_number(date: dt.date | str) -> int:
    """Days since 2021-06-19 (day 0); dates before the first puzzle are refused."""
    d = parse_date(date)
    n = (d - FIRST_DAY).days
    if n < 0:
        raise InvalidDateError(f"{d} is before the first Wordle ({FIRST_DAY})")
    return n


def daily_answer(date: dt.date | str) -> str:
    """The original game's answer for ``date``: ``order[day % 2315]``.

    ```pycon
    >>> daily_answer("2021-06-19"), daily_answer("2022-02-15")
    ('cigar', 'agora')

    ```
    """
    order = daily_order()
    return order[day_number(date) % len(order)]
