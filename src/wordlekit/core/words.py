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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal, get_args

import numpy as np
import numpy.typing as npt

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

BUNDLED = {
    "original": ("answers-2315.txt", "allowed-10657.txt"),
    "nyt": ("answers-nyt.txt", "allowed-nyt.txt"),
    # English lists of other lengths, built by scripts/build_lists.py (see lists.json); the
    # lists of other languages it builds are not registered until their alphabets play
    **{f"en-{n}": (f"answers-en-{n}.txt", f"allowed-en-{n}.txt") for n in (4, 6, 7, 8)},
}
DAILY_ORDER_FILE = "answers-2315-daily-order.txt"

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

    def _indexes(self) -> tuple[dict[str, int], dict[str, int]]:
        """The answer and guess indexes, checking every word and that none repeats."""
        # Checked on the whole text at once (fast); a bad word is then found one by one.
        joined = "".join(self.answers) + "".join(self.allowed)
        if not (joined.isascii() and joined.isalpha() and joined.islower()):
            for w in (*self.answers, *self.allowed):
                if not (w.isascii() and w.isalpha() and w.islower()):
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
            and _same_weights(self.weights, other.weights)
        )

    def __hash__(self) -> int:
        return hash(self.content_hash)

    @property
    def length(self) -> int:
        return len(self.answers[0])

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
        added = tuple(dict.fromkeys(self.normalize(w) for w in add))
        date = on if key == "likely" else None
        unchanged = all(self.is_answer(w) for w in added) and (
            key != "likely" or not (added or date)
        )
        if key == self.answer_model and unchanged:
            return self
        return _derived(self, key, added, date)

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
        w = word.strip().lower()
        if not w:
            raise InvalidWordError("empty word")
        if not (w.isascii() and w.isalpha()):
            raise InvalidWordError(f"{quoted(word)} is not a word: use the letters a-z only")
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
        cls, answers: Iterable[str], allowed: Iterable[str] = (), name: str = "custom"
    ) -> WordList:
        """A list from words in memory (lower-cased; answers repeated in allowed are dropped)."""
        ans = tuple(w.strip().lower() for w in answers)
        ans_set = set(ans)
        extra = tuple(w for w in (w.strip().lower() for w in allowed) if w not in ans_set)
        return cls(name, ans, extra)

    @classmethod
    def from_files(cls, answers: str | Path, allowed: str | Path | None = None) -> WordList:
        """Load a list from files of one word per line.

        Blank lines and lines starting with ``#`` are skipped. Every other line must hold one
        word of the same length (4 to 8 letters a-z); otherwise :class:`WordListError` names
        the bad line numbers. Words of the answers file that also appear in the allowed file
        are answers (the allowed file may be a full guess list).
        """
        answers_path = Path(answers)
        ans = read_word_file(answers_path)
        extra: tuple[str, ...] = ()
        if allowed is not None:
            length = len(ans[0]) if ans else None
            extra = read_word_file(Path(allowed), length)
        name = answers_path.name if allowed is None else f"{answers_path.name},{Path(allowed).name}"
        return cls.from_words(ans, extra, name=name)

    @classmethod
    def load(cls, spec: str | None = None) -> WordList:
        """A list by name or files: ``original``, ``nyt``, ``ANSWERS_FILE[,ALLOWED_FILE]``."""
        if spec is None or spec.strip() == "":
            return cls.bundled("original")
        spec = spec.strip()
        if spec in BUNDLED:
            return cls.bundled(spec)
        parts = [p.strip() for p in spec.split(",")]
        if len(parts) > 2 or not all(parts):
            raise WordListError(
                f"bad list {quoted(spec)}: use original, nyt or ANSWERS_FILE[,ALLOWED_FILE]"
            )
        for p in parts:
            if not Path(p).is_file():
                raise WordListError(
                    f"no word list {quoted(p)}: use original, nyt or a file of one word per line"
                )
        return cls.from_files(parts[0], parts[1] if len(parts) == 2 else None)

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
    if date is not None:
        suffix += f"@{date.isoformat()}"
    if model == "list":
        new = tuple(w for w in added if not base.is_answer(w))
        extra = set(new)
        allowed = tuple(w for w in base.allowed if w not in extra)
        return WordList(f"{base.name}{suffix}", base.answers + new, allowed, "list")
    words = base.guesses + tuple(w for w in added if not base.is_valid(w))
    # a likely list on a date is named after the list it comes from: original-likely@DATE
    name = f"{base.name}{suffix}" if base.answer_model == model else f"{base.name}-{model}{suffix}"
    if model == "all":
        return WordList(name, words, (), "all")
    from wordlekit.core.likely import added_word_floor, dated, prior

    p = prior(words)
    for w in added:
        i = words.index(w)
        p[i] = max(p[i], added_word_floor())
    return WordList(name, words, (), "likely", dated(words, p, date), as_of=date)


@cache
def _bundled(name: str) -> WordList:
    if name not in BUNDLED:
        raise WordListError(f"no bundled list {quoted(name)}: choose one of {', '.join(BUNDLED)}")
    answers_file, allowed_file = BUNDLED[name]
    return WordList(name, _read_bundled(answers_file), _read_bundled(allowed_file))


def _read_bundled(filename: str) -> tuple[str, ...]:
    text = resources.files("wordlekit").joinpath("data").joinpath(filename).read_text("ascii")
    return tuple(text.split())


def parse_word_lines(
    lines: Sequence[str], source: str, length: int | None = None
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
        if not (w.isascii() and w.isalpha()):
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


def read_word_file(path: Path, length: int | None = None) -> tuple[str, ...]:
    text = read_text(path, "word list")
    return parse_word_lines(text.splitlines(), str(path), length)


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
