"""The ``likely`` answer model: how likely each valid word is to be the NYT's answer on a day.

A choice model of one pick a day, fitted to the answers the NYT served
(``scripts/fit_likely.py``). On a day whose answer is a word not served before, the NYT picks
``w`` among the words not served before with probability proportional to::

    exp(intercept + sum of coefficient * feature)

The features are the word's English frequency (wordfreq's Zipf scale: log10 of uses per
billion words, 0 for a word wordfreq does not know), whether it is on the NYT's answer list of
2022 and on its WordleBot's candidates of July 2023, and a few letter features (ends in S,
ends in ED, ...; see :data:`FEATURES`). The words already served (:mod:`wordlekit.core.history`)
are not left out: since 2026 the NYT repeats earlier answers, so together they get the share of
repeats measured in the half year before the day (:func:`repeat_weight`), split among them by
the same weights. Without a date every word is weighed as if nothing had been served.

The fit wrote two files next to the bundled word lists:

- ``likely-model.json``: the coefficients, the feature definitions, the fit's figures (on the
  days after its cutoff, never fitted on), the wordfreq version;
- ``likely.tsv``: every word of the original and NYT valid lists with its Zipf frequency and
  its probability on a day with nothing served (four significant digits).

Nothing is downloaded and wordfreq is not needed at run time. A word outside the table (one a
user adds) gets the model's value for Zipf frequency 0 with its own letter features.

>>> p = prior(["cigar", "xylyl"])
>>> bool(p[0] > 100 * p[1])
True
>>> from wordlekit.core.words import WordList
>>> w = likely_weights(WordList.bundled("original").guesses)
>>> w.shape, round(float(w.sum()), 9)
((12972,), 1.0)
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit.core.history import History
from wordlekit.errors import InternalError

Floats = npt.NDArray[np.float64]

MODEL_FILE = "likely-model.json"
TABLE_FILE = "likely.tsv"

#: Where the least prior of a word added by hand (``--add WORD``,
#: :meth:`~wordlekit.core.words.WordList.with_answers`) lies among the NYT answer list's
#: priors: its median. The model gives a word wordfreq does not know next to nothing, but a
#: word is added because someone thinks it may be the answer, so it is weighed like a typical
#: answer (see :func:`added_word_floor`).
ADDED_WORD_QUANTILE = 0.5


@dataclass(frozen=True)
class Feature:
    """One input of the model: a name, its definition in plain words, how to compute it."""

    name: str
    definition: str
    compute: Callable[[str, float], float] = field(repr=False)


def _ends_s(word: str, zipf: float) -> float:
    return float(word.endswith("s") and not word.endswith("ss"))


@cache
def _list(filename: str) -> frozenset[str]:
    return frozenset(_data_text(filename).split())


def _in_nyt_answers(word: str, zipf: float) -> float:
    return float(word in _list("answers-nyt.txt"))


def _in_wordlebot(word: str, zipf: float) -> float:
    return float(word in _list("answers-wordlebot-2023-07.txt"))


#: The features the model may use, by name (``likely-model.json`` lists the ones it uses).
#: Every one but the frequency is computed from the letters alone.
FEATURES: Mapping[str, Feature] = {
    f.name: f
    for f in (
        Feature(
            "in_nyt_answers",
            "1 if the word is on the NYT's answer list of 2022 (answers-nyt.txt: the original "
            "2,315 answers but six)",
            _in_nyt_answers,
        ),
        Feature(
            "in_wordlebot",
            "1 if the word is one of the NYT WordleBot's 3,158 answer candidates of July 2023 "
            "(answers-wordlebot-2023-07.txt)",
            _in_wordlebot,
        ),
        Feature(
            "zipf",
            "wordfreq's Zipf frequency in English, zipf_frequency(word, 'en'): log10 of the "
            "uses per billion words (about 1 rare to 7 very common; 0 when wordfreq does not "
            "know the word)",
            lambda word, zipf: zipf,
        ),
        Feature(
            "zipf_over_3",
            "max(zipf - 3, 0): the slope of the frequency changes at Zipf 3 (the slope above "
            "3 is zipf's coefficient plus this one)",
            lambda word, zipf: max(zipf - 3.0, 0.0),
        ),
        Feature(
            "ends_s",
            "1 if the word ends in S but not SS (plurals, third persons: HOURS, MAKES)",
            _ends_s,
        ),
        Feature(
            "ends_us_is_os",
            "1 if the word ends in US, IS or OS (adds to ends_s: singulars such as FOCUS, "
            "BASIS, CHAOS)",
            lambda word, zipf: float(word.endswith(("us", "is", "os"))),
        ),
        Feature(
            "ends_ed",
            "1 if the word ends in ED (past tenses: ASKED, MOVED)",
            lambda word, zipf: float(word.endswith("ed")),
        ),
        Feature(
            "ends_aiou",
            "1 if the word ends in A, I, O or U (names and borrowed words: JULIA, PUTIN)",
            lambda word, zipf: float(word[-1:] in ("a", "i", "o", "u")),
        ),
        Feature(
            "repeated_letter",
            "1 if some letter appears more than once (ABBEY, GEESE)",
            lambda word, zipf: float(len(set(word)) < len(word)),
        ),
    )
}


def feature_matrix(
    words: Sequence[str], zipf: Sequence[float] | Floats, names: Sequence[str]
) -> Floats:
    """The ``(len(words), len(names))`` matrix of the named features.

    >>> feature_matrix(["hours", "abbey"], [5.4, 2.5], ["zipf", "ends_s", "repeated_letter"])
    array([[5.4, 1. , 0. ],
           [2.5, 0. , 1. ]])
    """
    if len(words) != len(zipf):
        raise ValueError("one Zipf frequency per word")
    unknown = [n for n in names if n not in FEATURES]
    if unknown:
        raise ValueError(f"unknown features {unknown}; known: {', '.join(FEATURES)}")
    computes = [FEATURES[n].compute for n in names]
    out = np.empty((len(words), len(names)), dtype=np.float64)
    for i, (word, z) in enumerate(zip(words, zipf, strict=True)):
        out[i] = [compute(word, float(z)) for compute in computes]
    return out


@dataclass(frozen=True)
class LikelyModel:
    """The fitted choice model: an intercept (minus the log of the weights' sum over the
    table's words) and one coefficient per feature."""

    intercept: float
    coefficients: Mapping[str, float]
    wordfreq_version: str
    figures: Mapping[str, Any] = field(repr=False, compare=False)

    @property
    def features(self) -> tuple[str, ...]:
        return tuple(self.coefficients)

    def logit(self, words: Sequence[str], zipf: Sequence[float] | Floats) -> Floats:
        """The log-odds of each word being the answer, from its Zipf frequency and letters."""
        x = feature_matrix(words, zipf, self.features)
        beta = np.array(list(self.coefficients.values()), dtype=np.float64)
        out: Floats = self.intercept + x @ beta
        return out

    def probability(self, words: Sequence[str], zipf: Sequence[float] | Floats) -> Floats:
        """Each word's probability of being picked on a day with nothing served yet (out of
        the table's words).

        >>> m = model()
        >>> p = m.probability(["years", "yearn"], [5.96, 2.0])
        >>> bool(p[0] < p[1])  # a very common plural, a rarer word that is an answer
        True
        """
        out: Floats = np.exp(self.logit(words, zipf))
        return out


@dataclass(frozen=True, eq=False)
class LikelyTable:
    """The shipped table: every original and NYT valid word, its Zipf frequency and prior."""

    words: tuple[str, ...]
    zipf: Floats = field(repr=False)
    probability: Floats = field(repr=False)
    index: Mapping[str, int] = field(repr=False)

    def __repr__(self) -> str:
        return f"LikelyTable(words={len(self.words)})"


def _data_text(filename: str) -> str:
    try:
        return resources.files("wordlekit").joinpath("data").joinpath(filename).read_text("utf-8")
    except OSError as e:
        raise InternalError(f"the likely model's data file {filename} is missing: {e}") from e


@cache
def model() -> LikelyModel:
    """The fitted model, read once from ``likely-model.json``.

    >>> model().features[:3]
    ('in_nyt_answers', 'in_wordlebot', 'zipf')
    """
    try:
        data = json.loads(_data_text(MODEL_FILE))
        coefficients = {str(k): float(v) for k, v in data["coefficients"].items()}
        fitted = LikelyModel(
            intercept=float(data["intercept"]),
            coefficients=coefficients,
            wordfreq_version=str(data["wordfreq"]["version"]),
            figures=data,
        )
    except (ValueError, KeyError, TypeError) as e:
        raise InternalError(f"the likely model's {MODEL_FILE} is malformed: {e!r}") from e
    unknown = [n for n in coefficients if n not in FEATURES]
    if unknown:
        raise InternalError(f"{MODEL_FILE} uses features this version does not know: {unknown}")
    return fitted


@cache
def table() -> LikelyTable:
    """The shipped table, read once from ``likely.tsv``.

    >>> t = table()
    >>> t
    LikelyTable(words=14855)
    >>> float(t.zipf[t.index["cigar"]])
    3.57
    """
    lines = [
        line
        for line in _data_text(TABLE_FILE).splitlines()
        if line and not line.startswith("#") and not line.startswith("word\t")
    ]
    # One split of the whole table (fast); a malformed line is then found line by line.
    cells = "\t".join(lines).split("\t")
    try:
        if len(cells) != 3 * len(lines):
            raise ValueError("not three cells a line")
        words = cells[0::3]
        zipf = np.array(cells[1::3], dtype=np.float64)
        prob = np.array(cells[2::3], dtype=np.float64)
    except ValueError as e:
        _check_lines(_data_text(TABLE_FILE).splitlines())
        raise InternalError(f"{TABLE_FILE} is malformed: {e}") from e
    return LikelyTable(
        words=tuple(words),
        zipf=zipf,
        probability=prob,
        index=dict(zip(words, range(len(words)), strict=True)),
    )


def _check_lines(lines: Sequence[str]) -> None:
    """Raise :class:`InternalError` naming the first malformed line of the table."""
    for line_no, line in enumerate(lines, start=1):
        if not line or line.startswith("#") or line.startswith("word\t"):
            continue
        try:
            _, z, p = line.split("\t")
            float(z), float(p)
        except ValueError as e:
            raise InternalError(f"{TABLE_FILE}: bad line {line_no}: {line!r}") from e


def prior(words: Sequence[str]) -> Floats:
    """Each word's prior probability of being the answer (not normalised).

    Words are lower-cased. A word of the shipped table gets its fitted probability; any other
    word gets the model's value for Zipf frequency 0 (wordfreq does not know it) with its own
    letter features.

    >>> bool(prior(["CIGAR"])[0] > 1000 * prior(["zoppa"])[0])
    True
    >>> bool(prior(["qqqqq"])[0] == model().probability(["qqqqq"], [0.0])[0])
    True
    """
    t = table()
    lowered = [w.strip().lower() for w in words]
    out = np.empty(len(lowered), dtype=np.float64)
    missing: list[int] = []
    for i, w in enumerate(lowered):
        j = t.index.get(w)
        if j is None:
            missing.append(i)
        else:
            out[i] = t.probability[j]
    if missing:
        others = [lowered[i] for i in missing]
        out[missing] = model().probability(others, np.zeros(len(others)))
    return out


def added_word_floor() -> float:
    """The least prior of a word added by hand: the median prior of the NYT answer list."""
    return _added_floor()


@cache
def _added_floor() -> float:
    t = table()
    listed = [t.index[w] for w in sorted(_list("answers-nyt.txt")) if w in t.index]
    return float(np.quantile(t.probability[listed], ADDED_WORD_QUANTILE))


def repeat_weight(repeats: int, days: int) -> float:
    """The share of the prior that the words already served get together: the measured share
    of days that repeated an earlier answer, ``(repeats + 1/2) / (days + 1)`` (never 0, so a
    repeat is unlikely but never ruled out; 1/2 when nothing is known).

    >>> f"{repeat_weight(0, 182):.4f}", f"{repeat_weight(20, 182):.4f}"
    ('0.0027', '0.1120')
    """
    return (repeats + 0.5) / (days + 1)


def dated(
    words: Sequence[str], base: Floats, date: dt.date | None, history: History | None = None
) -> Floats:
    """``base`` (each word's prior, any scale) as of ``date``: the words served before it
    (``history``, by default the shipped one) share :func:`repeat_weight` of the mass, the
    others the rest, each group in proportion to ``base``. ``None``: ``base`` as it is.

    >>> words = ["cigar", "rebut", "xylyl"]
    >>> w = dated(words, prior(words), dt.date(2021, 6, 21))  # cigar and rebut served
    >>> bool(w[2] > w[0]), round(float(w.sum()), 9)
    (True, 1.0)
    """
    base = np.asarray(base, dtype=np.float64)
    if date is None:
        out: Floats = base / float(base.sum())
        return out
    h = history if history is not None else History.shipped()
    served = h.served_before(date)
    mask = np.array([w in served for w in words], dtype=bool)
    old, new = float(base[mask].sum()), float(base[~mask].sum())
    if old == 0.0 or new == 0.0:  # nothing served (or nothing else left): one group
        return base / float(base.sum())
    share = repeat_weight(*h.repeat_share(date))
    out = np.where(mask, base * (share / old), base * ((1.0 - share) / new))
    return out


@lru_cache(maxsize=16)
def likely_weights(guesses: tuple[str, ...], date: dt.date | None = None) -> Floats:
    """The prior over a word list's ``guesses`` as of ``date`` (see :func:`dated`; ``None``:
    nothing served), normalised to sum to 1 (cached, read-only).

    >>> from wordlekit.core.words import WordList
    >>> wl = WordList.bundled("original")
    >>> w = likely_weights(wl.guesses)
    >>> answers = float(w[: len(wl.answers)].sum())  # the answers come first in guesses
    >>> 0.95 < answers < 1.0
    True
    """
    p = prior(guesses)
    total = float(p.sum())
    if not math.isfinite(total) or total <= 0.0:
        raise InternalError(f"the likely prior of these {len(guesses):,} words sums to {total}")
    weights: Floats = dated(guesses, p, date)
    weights.setflags(write=False)
    return weights
