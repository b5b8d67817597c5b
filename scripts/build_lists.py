#!/usr/bin/env python3
"""Build the bundled word lists of other languages and lengths (issue 25).

Writes, into ``src/wordlekit/data/``, for every list below an answer list
(``answers-<lang>-<length>.txt``: common words a player would know, ranked by frequency) and
an allowed list (``allowed-<lang>-<length>.txt``: every other real word of that length the
dictionary accepts), and ``lists.json``: per list its language, length, alphabet, folding
rule, counts, sources (with versions and licences) and the sha256 of both files.

Sources (all offline once installed; nothing is downloaded):

- word frequencies: the ``wordfreq`` Python package (``pip install -e '.[lists]'``; its data
  ships in the wheel; CC BY-SA 4.0, so the derived lists are CC BY-SA 4.0 too);
- real spelling dictionaries: Debian's hunspell dictionaries, expanded with ``unmunch``
  (``hunspell-tools``) and every candidate checked with ``hunspell -G`` itself (so affix
  rules ``unmunch`` gets wrong never let a non-word in), and for English the SCOWL word lists
  ``wamerican-large`` / ``wbritish-large``.

Run ``python scripts/build_lists.py`` (all lists) or ``--only es-5,en-6``; ``--check``
rebuilds in memory and fails if a shipped file differs. The output is deterministic: the
same packages give byte-identical files.

The folding functions (:func:`fold`, :func:`fold_words`) are pure and imported by the tests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from wordlekit.core.alphabet import ALPHABETS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "wordlekit" / "data"
HUNSPELL_DIR = Path("/usr/share/hunspell")
DICT_DIR = Path("/usr/share/dict")
METADATA = "lists.json"

# --------------------------------------------------------------------------- folding
# The alphabets and folding rules are the game's own (one normaliser for the lists and for what
# a player types): wordlekit.core.alphabet.


def fold(word: str, lang: str) -> str | None:
    """``word`` lower-cased and folded onto ``lang``'s alphabet, or ``None`` when it holds a
    character that is neither a letter of the alphabet nor one with a folding rule (a digit,
    an apostrophe, a hyphen, a foreign letter): such a word is rejected, never shortened."""
    alphabet = ALPHABETS[lang]
    out: list[str] = []
    for ch in word.lower():
        if ch in alphabet.codes:
            out.append(ch)
        elif ch in alphabet.folds:
            out.append(alphabet.folds[ch])
        else:
            return None
    return "".join(out)


@dataclass
class Folded:
    """Words folded onto an alphabet: each folded word with the dictionary forms behind it."""

    forms: dict[str, list[str]] = field(default_factory=dict)
    #: dictionary forms that cannot be folded (characters outside the alphabet)
    rejected: list[str] = field(default_factory=list)

    @property
    def collisions(self) -> dict[str, list[str]]:
        """Folded words that two or more different dictionary words fold to (case aside:
        ``Weg`` and ``weg`` are one word in the game and not a collision)."""
        out = {}
        for w, raw in self.forms.items():
            distinct = sorted({r.lower() for r in raw})
            if len(distinct) > 1:
                out[w] = distinct
        return out


def fold_words(words: Iterable[str], lang: str, length: int | None = None) -> Folded:
    """Fold every word; group the dictionary forms by folded word (sorted, deterministic);
    keep only folded words of ``length`` letters when given."""
    result = Folded()
    for raw in words:
        f = fold(raw, lang)
        if f is None:
            result.rejected.append(raw)
            continue
        if length is not None and len(f) != length:
            continue
        result.forms.setdefault(f, []).append(raw)
    for raw_forms in result.forms.values():
        raw_forms.sort()
    result.rejected.sort()
    return result


# --------------------------------------------------------------------------- languages


@dataclass(frozen=True)
class Dictionary:
    name: str  # the hunspell dictionary (file stem in /usr/share/hunspell)
    package: str


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    dictionaries: tuple[Dictionary, ...]
    #: the dictionaries whose .dic entries count as lemmas for the answers
    lemma_dictionaries: tuple[str, ...]
    #: extra plain word lists (file in /usr/share/dict, package)
    word_lists: tuple[tuple[str, str], ...] = ()
    blocklist: frozenset[str] = frozenset()
    #: answers: a lemma ending in -s that hunspell's stemmer also derives from another stem
    #: (a plural) is dropped
    #: answers: a lemma with one of these endings that hunspell's stemmer also derives from
    #: another stem (a plural, a past tense …) is dropped
    inflected_endings: tuple[str, ...] = ("s",)
    #: answers: only entries with affix flags (the productive lemmas); the dictionary's
    #: flag-less entries are mostly irregular conjugations, plurals and loan words there
    require_flags: bool = False
    answer_rule: str = ""


# Offensive words never made answers (they stay allowed guesses if the dictionary has them):
# a small explicit list per language, folded forms, on top of the dictionaries' NOSUGGEST
# marker (en_US/en_GB "!", de_DE "n", fr "--", pt_BR "Ý", nl "NS": the words a spell checker
# never suggests, which are their vulgar and offensive words).
_BLOCK = {
    "en": """anal anus arse arsehole asshole bastard bitch bitchy bollock bollocks boner boob
        boobs bugger bullshit butthole chink clit cock cocks coon crap cum cunt cunts damn
        dick dickhead dildo dyke fag faggot fagot fanny fuck fucked fucker fucking gook homo
        horny jizz kike nazi negro nigga nigger nude paki pecker penis piss pissed porn porno
        prick pussy queer rape raped rapist retard scrotum semen sexy shit shitty slut smut
        spic tits titty turd twat vagina wank wanker whore""",
    "es": """cabron cagar chingar chocho coger cojon cojones concha coño culear culero culo
        follar joder joto mamon maricon marica mierda negrata ojete panocha pendejo pene
        perra pinche polla porno puta puto putas putos semen tetas verga zorra""",
    "fr": """bite bites bordel branler chier chiant con conne connard couille cul enculer
        foutre merde negre nique niquer pede pedes pute putain salaud salope zizi""",
    "de": """arsch ficken ficker fotze hure huren kacke kanake neger nutte nutten pimmel pisse
        schlampe scheisse schwuchtel spast titte titten votze wichse wichser""",
    "it": """cagare cazzo cazzi coglione culo figa fica frocio merda minchia negro pompino
        porco puttana stronzo tette troia trombare vaffa zoccola""",
    "pt": """bosta buceta caralho cacete corno cu foder merda negao piroca porra punheta puta
        puto rola siririca viado xoxota""",
    "nl": """flikker hoer hoeren homo kanker klote kloot kut lul mongool neger neuken pik
        sukkel tering tyfus""",
}

# Abbreviations, clipped words and names the dictionaries list in lower case (never answers;
# found by reading the lists, so not complete).
_ABBREVIATIONS = {
    "en": "acct auth approx dept govt info misc prob intl natl asst assn capt supp kamala abigail",
    "es": "aprox depto coord circe japon nobel",
    "fr": "cedex jesus jules after",
    "de": "ggmbh",
    "it": "egadi pippa",
    "pt": "",
    "nl": "claus chris klaas dover",
}

LANGUAGES: dict[str, Language] = {
    "en": Language(
        "en",
        "English",
        (Dictionary("en_US", "hunspell-en-us"), Dictionary("en_GB", "hunspell-en-gb")),
        ("en_US", "en_GB"),
        inflected_endings=("s", "ed", "ing", "est"),
        word_lists=(
            ("american-english-large", "wamerican-large"),
            ("british-english-large", "wbritish-large"),
        ),
        answer_rule=(
            "an entry of its own in the en_US or en_GB hunspell dictionary (a base form), "
            "lower case (capitalised entries are proper nouns), no word ending in -s, -ed, "
            "-ing or -est that hunspell's stemmer derives from another stem (plurals, 3rd "
            "persons, past tenses, participles, superlatives: cats, agreed, omitting, "
            "easiest; need and seed stay), at least one vowel (no abbreviations like acct), "
            "not NOSUGGEST (the dictionaries' offensive marker) nor in the script's blocklist"
        ),
    ),
    "es": Language(
        "es",
        "Spanish",
        (Dictionary("es_ES", "hunspell-es"),),
        ("es_ES",),
        require_flags=True,
        answer_rule=(
            "an entry of its own in the es_ES dictionary: nouns and adjectives in the "
            "singular, verbs in the infinitive (the dictionary generates plurals and every "
            "conjugated form with affix rules), as the Spanish clones do; only entries with "
            "affix flags (the flag-less entries are mostly irregular conjugations, plurals "
            "and loan words: puede, dimos, darlo, patas); lower case; not a plural -s "
            "hunspell's stemmer derives from another stem"
        ),
    ),
    "fr": Language(
        "fr",
        "French",
        (Dictionary("fr", "hunspell-fr-classical"),),
        ("fr",),
        answer_rule=(
            "an entry of its own in the fr (Dicollecte, classical) dictionary whose "
            "part-of-speech tag is a common noun, adjective, verb (infinitive: conjugations "
            "are affix rules), adverb, preposition, interjection, number or grammatical word "
            "(po:npr proper nouns, po:prn first names, po:patr surnames and po:titr titles "
            "are left out, and plural-only entries is:pl too); lower case"
        ),
    ),
    "de": Language(
        "de",
        "German",
        (Dictionary("de_DE", "hunspell-de-de"),),
        ("de_DE",),
        inflected_endings=(),
        require_flags=True,
        answer_rule=(
            "an entry of its own in the de_DE (igerman98) dictionary: lower-case verbs "
            "(infinitive) and adjectives with affix flags (flag-less entries are mostly "
            "irregular forms: hieß, gebar, getan; a lower-case entry is an answer only as an "
            "adjective, flag A, or an infinitive in -n: the dictionary lists irregular past "
            "forms such as abgab/Z, blieb/EVZ, birgt/VXW as entries of their own), and capitalised nouns whose entry carries a "
            "plural/declension flag (E, N, P, T or F): German nouns are capitalised, so "
            "capitals cannot mark proper nouns; names (Peter/SM, Paris/m, Berlin/Sm) carry "
            "only the genitive flag S or none; plural entries of umlaut plurals (Sätze, "
            "Hälse: a stem plus -e/-er with the umlaut) are left out"
        ),
    ),
    "it": Language(
        "it",
        "Italian",
        (Dictionary("it_IT", "hunspell-it"),),
        ("it_IT",),
        inflected_endings=(),
        require_flags=True,
        answer_rule=(
            "an entry of its own with affix flags in the it_IT dictionary (singular nouns "
            "and adjectives, infinitives: plurals and conjugations are affix rules; the "
            "flag-less entries are mostly irregular forms: ruppe, seppe, desse); lower case"
        ),
    ),
    "pt": Language(
        "pt",
        "Portuguese",
        (Dictionary("pt_BR", "hunspell-pt-br"), Dictionary("pt_PT", "hunspell-pt-pt")),
        ("pt_BR",),
        require_flags=True,
        answer_rule=(
            "an entry of its own in the pt_BR dictionary (Termo, the most played clone, is "
            "Brazilian) with affix flags: singular nouns and adjectives, infinitives (the "
            "flag-less entries are mostly contractions, loan words and names); lower case; not a "
            "plural -s hunspell derives from another stem. Allowed: accepted by pt_BR or "
            "pt_PT"
        ),
    ),
    "nl": Language(
        "nl",
        "Dutch",
        (Dictionary("nl", "hunspell-nl"),),
        ("nl",),
        inflected_endings=("s", "en"),
        answer_rule=(
            "an entry of its own in the nl (OpenTaal) dictionary (plurals, diminutives and "
            "conjugations are affix rules), lower case, not a plural in -s or -en that "
            "hunspell's stemmer derives from another stem"
        ),
    ),
}

#: (language, length, how many answers at most, why)
LISTS: tuple[tuple[str, int, int], ...] = (
    ("en", 4, 2000),
    ("en", 6, 2500),
    ("en", 7, 2500),
    ("en", 8, 2500),
    ("es", 5, 2300),
    ("fr", 5, 2300),
    ("de", 5, 2300),
    ("it", 5, 2300),
    ("pt", 5, 2300),
    ("nl", 5, 2300),
)
#: below this wordfreq Zipf frequency a word is too rare to be an answer
MIN_ZIPF = 2.5

SIZE_REASON = (
    "at most the N most frequent words that pass the checks (N about the size of the "
    "original game's 2,315 answers: enough for six years of dailies, small enough that every "
    "answer is a word most players know; 2,000 for 4 letters, where fewer common words "
    f"exist), and none rarer than Zipf {MIN_ZIPF} in wordfreq (about once per 3 million words)"
)

# --------------------------------------------------------------------------- tools


class Missing(SystemExit):
    pass


def need_tools(langs: Iterable[Language]) -> None:
    """Exit with what to install when a tool, a dictionary or wordfreq is missing."""
    missing_pkgs: list[str] = []
    for tool, pkg in (("hunspell", "hunspell"), ("unmunch", "hunspell-tools")):
        if shutil.which(tool) is None:
            missing_pkgs.append(pkg)
    for lang in langs:
        for d in lang.dictionaries:
            if not (HUNSPELL_DIR / f"{d.name}.dic").is_file():
                missing_pkgs.append(d.package)
        for fname, pkg in lang.word_lists:
            if not (DICT_DIR / fname).is_file():
                missing_pkgs.append(pkg)
    problems = []
    if missing_pkgs:
        pkgs = " ".join(dict.fromkeys(missing_pkgs))
        problems.append(f"missing Debian packages: apt-get install -y {pkgs}")
    try:
        import wordfreq  # noqa: F401
    except ImportError:
        problems.append("missing wordfreq: pip install -e '.[lists]' (or pip install wordfreq)")
    if problems:
        raise Missing("build_lists: " + "\n  ".join(problems))


def _env() -> dict[str, str]:
    return {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}


def package_version(pkg: str) -> str:
    out = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", pkg], capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def hunspell_accepts(dictionary: str, words: Iterable[str]) -> set[str]:
    """The words ``hunspell -G`` accepts with ``dictionary`` (case as given)."""
    text = "\n".join(words) + "\n"
    out = subprocess.run(
        ["hunspell", "-d", str(HUNSPELL_DIR / dictionary), "-i", "utf-8", "-G"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        env=_env(),
    )
    return set(out.stdout.split())


def hunspell_stems(dictionary: str, words: Iterable[str]) -> dict[str, set[str]]:
    """The stems hunspell's stemmer (``-s``) gives for each word."""
    text = "\n".join(words) + "\n"
    out = subprocess.run(
        ["hunspell", "-d", str(HUNSPELL_DIR / dictionary), "-i", "utf-8", "-s"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        env=_env(),
    )
    stems: dict[str, set[str]] = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2:
            stems.setdefault(parts[0], set()).add(parts[1])
    return stems


def unmunch(dictionary: str, max_len: int) -> Iterator[str]:
    """Every form ``unmunch`` expands the dictionary to, of at most ``max_len`` characters.
    (``unmunch`` gets some affix rules wrong; every candidate is checked by hunspell.)"""
    base = HUNSPELL_DIR / dictionary
    with subprocess.Popen(
        ["unmunch", f"{base}.dic", f"{base}.aff"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=_env(),
    ) as proc:
        assert proc.stdout is not None
        for raw in proc.stdout:
            w = raw.decode("utf-8", "replace").strip()
            if w and len(w) <= max_len:
                yield w


@dataclass
class Entry:
    flags: set[str]
    morph: str


def read_dic(dictionary: str) -> dict[str, list[Entry]]:
    """The .dic entries: stem -> its entries (flags and morphological fields)."""
    aff = (HUNSPELL_DIR / f"{dictionary}.aff").read_text("utf-8", "replace")
    flag_type = "char"
    for line in aff.splitlines():
        if line.startswith("FLAG "):
            flag_type = line.split()[1]
    entries: dict[str, list[Entry]] = {}
    lines = (HUNSPELL_DIR / f"{dictionary}.dic").read_text("utf-8", "replace").splitlines()
    for line in lines[1:]:
        if not line or line[0] in "\t#":
            continue
        head, _, morph = line.partition("\t") if "\t" in line else line.partition(" ")
        stem, _, flagtext = head.partition("/")
        flagtext = flagtext.strip()
        if flag_type == "long":
            flags = {flagtext[i : i + 2] for i in range(0, len(flagtext) - 1, 2)}
        elif flag_type == "num":
            flags = set(flagtext.split(","))
        else:
            flags = set(flagtext)
        entries.setdefault(stem.strip(), []).append(Entry(flags, morph.strip()))
    return entries


def special_flags(dictionary: str) -> dict[str, str]:
    """The aff file's NOSUGGEST, NEEDAFFIX, ONLYINCOMPOUND, FORBIDDENWORD flags."""
    out = {}
    text = (HUNSPELL_DIR / f"{dictionary}.aff").read_text("utf-8", "replace")
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in (
            "NOSUGGEST",
            "NEEDAFFIX",
            "ONLYINCOMPOUND",
            "FORBIDDENWORD",
        ):
            out[parts[0]] = parts[1]
    return out


# --------------------------------------------------------------------------- building


@dataclass
class Built:
    lang: str
    length: int
    answers: list[str]
    allowed: list[str]
    stats: dict[str, object]


_FR_KEEP = ("po:nom", "po:adj", "po:v", "po:adv", "po:prep", "po:interj", "po:nb", "po:mg")
_FR_DROP = ("po:npr", "po:prn", "po:patr", "po:titr", "is:pl")
_DE_NOUN_FLAGS = set("ENPTF")
_DE_UMLAUT = str.maketrans("äöü", "aou")


def _german_lower_ok(raw: str, entry: Entry) -> bool:
    """A lower-case de_DE entry that may be an answer: an adjective (flag A) or an infinitive
    (in -n). igerman98 lists irregular past and present forms as entries of their own
    (abgab/Z, blieb/EVZ, birgt/VXW), which a player would not accept as answers."""
    return "A" in entry.flags or raw.endswith("n")


class LanguageData:
    """A language's dictionary words (every length wanted), read once."""

    def __init__(self, lang: Language, lengths: set[int]) -> None:
        from wordfreq import get_frequency_dict

        self.lang = lang
        self.lengths = lengths
        max_len = max(lengths)
        candidates: set[str] = set()
        for d in lang.dictionaries:
            candidates.update(unmunch(d.name, max_len))
        self.freq = get_frequency_dict(lang.code, wordlist="best")
        for w in self.freq:
            if len(w) <= max_len:
                candidates.add(w)
                candidates.add(w[:1].upper() + w[1:])
        candidates = {w for w in candidates if self._wanted(w)}
        self.candidates = len(candidates)
        ordered = sorted(candidates)
        self.accepted: set[str] = set()
        for d in lang.dictionaries:
            self.accepted |= hunspell_accepts(d.name, ordered)
        self.word_lists: set[str] = set()
        for fname, _ in lang.word_lists:
            for line in (DICT_DIR / fname).read_text("utf-8", "replace").split():
                if line and line[0].islower() and self._wanted(line):
                    self.word_lists.add(line)
        #: every lower-case word of the plain word lists, any length (English plurals)
        self.plain_words: set[str] = set()
        for fname, _ in lang.word_lists:
            text = (DICT_DIR / fname).read_text("utf-8", "replace")
            self.plain_words.update(w for w in text.split() if w.islower())
        self.entries = {d: read_dic(d) for d in lang.lemma_dictionaries}
        self.flags = {d: special_flags(d) for d in lang.lemma_dictionaries}
        self.nosuggest: set[str] = set()
        for d, entries in self.entries.items():
            ns = self.flags[d].get("NOSUGGEST")
            if ns:
                self.nosuggest.update(
                    s for s, es in entries.items() if any(ns in e.flags for e in es)
                )

    def _wanted(self, w: str) -> bool:
        f = fold(w, self.lang.code)
        return f is not None and len(f) in self.lengths

    def is_lemma(self, raw: str) -> bool:
        """Whether ``raw`` is a usable entry of its own (a lemma) in a lemma dictionary."""
        for d in self.lang.lemma_dictionaries:
            flags = self.flags[d]
            kinds = ["ONLYINCOMPOUND", "FORBIDDENWORD"]
            if self.lang.code != "fr":
                # Dicollecte marks nearly every stem NEEDAFFIX and makes the lemma itself
                # with a zero suffix; elsewhere a NEEDAFFIX stem is no word on its own
                # (de_DE: Hosen/hij is only a compound part)
                kinds.append("NEEDAFFIX")
            bad = {flags[k] for k in kinds if k in flags}
            for e in self.entries[d].get(raw, []):
                if e.flags & bad or (self.lang.require_flags and not e.flags):
                    continue
                if self.lang.code == "fr" and not self._french_ok(e.morph):
                    continue
                if self.lang.code == "de" and raw[0].isupper() and not self._german_noun(raw, e):
                    continue
                if self.lang.code == "de" and raw[0].islower() and not _german_lower_ok(raw, e):
                    continue
                return True
        return False

    def _en_regular(self, w: str) -> bool:
        """English: a plural/3rd person in -s/-es/-ies or a past in -d/-ed/-ied that the
        en_US affix flags S/D make from another entry, or an -s plural of a word of the SCOWL
        word lists (donuts, which en_US lists as an entry of its own)."""
        if self.lang.code != "en":
            return False
        entries = self.entries["en_US"]

        def has(base: str, flag: str) -> bool:
            return base != w and any(flag in e.flags for e in entries.get(base, []))

        if w.endswith("s") and not w.endswith("ss"):
            bases = [w[:-1]] + ([w[:-2]] if w.endswith("es") else [])
            bases += [w[:-3] + "y"] if w.endswith("ies") else []
            if any(has(b, "S") or b in self.plain_words or b in self.accepted for b in bases):
                return True
        if w.endswith("ed"):
            bases = [w[:-1], w[:-2], w[:-3], w[:-3] + "y"]
            if any(has(b, "D") for b in bases):
                return True
            # British spellings en_US lacks (analysed): a SCOWL word plus -d / -ed
            plain = [w[:-2]] if len(w) >= 5 else []
            plain += [w[:-1]] if not w.endswith("eed") else []
            if any(b in self.plain_words for b in plain):
                return True
        return False

    @staticmethod
    def _french_ok(morph: str) -> bool:
        fields = morph.split()
        if any(f in _FR_DROP for f in fields):
            return False
        return any(f.startswith(_FR_KEEP) for f in fields)

    def _german_noun(self, raw: str, entry: Entry) -> bool:
        if not entry.flags & _DE_NOUN_FLAGS:
            return False  # names carry only the genitive flag S, or none
        entries = self.entries["de_DE"]
        if any(c in raw for c in "äöü"):
            for suffix in ("er", "e"):
                if raw.endswith(suffix):
                    base = raw[: -len(suffix)].translate(_DE_UMLAUT)
                    if base in entries:
                        return False  # an umlaut plural: Sätze (Satz), Hälse (Hals)
        return True

    def build(self, length: int, size: int) -> Built:  # noqa: C901
        from wordfreq import zipf_frequency

        code = self.lang.code
        valid = sorted(w for w in self.accepted | self.word_lists)
        folded = fold_words(valid, code, length)
        # proper nouns: words the dictionary only knows capitalised (German nouns excepted)
        # are no answers; they are allowed guesses only in German, where every noun is
        # capitalised.
        allowed_all: dict[str, list[str]] = {}
        for f, raws in folded.forms.items():
            lower = [r for r in raws if not r[0].isupper()]
            keep = raws if code == "de" else lower
            if keep:
                allowed_all[f] = keep
        capital_only = len(folded.forms) - len(allowed_all)
        # answers
        block = {fold(w, code) for w in _BLOCK[code].split()}
        abbreviations = {fold(w, code) for w in _ABBREVIATIONS[code].split()}
        scored: list[tuple[float, str, str]] = []
        reasons: dict[str, int] = {}

        def drop(why: str) -> None:
            reasons[why] = reasons.get(why, 0) + 1

        lemma_candidates: dict[str, list[str]] = {}
        for f, raws in allowed_all.items():
            # mixed case (GmbH, McCoy) marks abbreviations and names
            lemmas = [r for r in raws if r[1:].islower() and self.is_lemma(r)]
            if not lemmas:
                drop("not a dictionary entry of its own (an inflected form)")
                continue
            lemma_candidates[f] = lemmas
        stems: dict[str, set[str]] = {}
        endings = self.lang.inflected_endings
        if endings:
            check = sorted(
                {r for rs in lemma_candidates.values() for r in rs if r.endswith(endings)}
            )
            # the first lemma dictionary's stemmer only: en_GB's affix flags derive seed
            # from see and feed from fee
            for d in self.lang.lemma_dictionaries[:1]:
                for w, s in hunspell_stems(d, check).items():
                    stems.setdefault(w, set()).update(s)
        for f, lemmas in lemma_candidates.items():
            if f in abbreviations or (code == "en" and not set(f) & set("aeiouy")):
                drop("no vowel (an abbreviation)")
                continue
            if f in block or any(r in self.nosuggest for r in lemmas):
                drop("offensive (blocklist or the dictionary's NOSUGGEST marker)")
                continue
            ok = [r for r in lemmas if not (stems.get(r, set()) - {r}) and not self._en_regular(r)]
            if not ok:
                drop("an inflection of another stem (" + ", ".join("-" + e for e in endings) + ")")
                continue
            best = max(ok, key=lambda r: (zipf_frequency(r, code), r))
            z = zipf_frequency(best, code)
            if z < MIN_ZIPF:
                drop(f"rarer than Zipf {MIN_ZIPF}")
                continue
            scored.append((-z, f, best))
        scored.sort()
        answers = sorted(f for _, f, _ in scored[:size])
        answer_set = set(answers)
        allowed = sorted(f for f in allowed_all if f not in answer_set)
        collisions = {f: raws for f, raws in folded.collisions.items() if f in allowed_all}
        stats: dict[str, object] = {
            "dictionary_words": len(folded.forms),
            "capitalised_only_dropped": capital_only if code != "de" else 0,
            "rejected_letters": len([r for r in folded.rejected]),
            "collisions": len(collisions),
            "collision_examples": {f: collisions[f] for f in sorted(collisions)[:8]},
            "answer_candidates": len(scored),
            "not_answers": dict(sorted(reasons.items())),
            "lowest_answer_zipf": round(-scored[min(size, len(scored)) - 1][0], 2)
            if scored
            else None,
        }
        return Built(code, length, answers, allowed, stats)


# --------------------------------------------------------------------------- output


def file_names(lang: str, length: int) -> tuple[str, str]:
    return f"answers-{lang}-{length}.txt", f"allowed-{lang}-{length}.txt"


def text_of(words: list[str]) -> str:
    return "".join(w + "\n" for w in words)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def sources(lang: Language) -> list[dict[str, str]]:
    import wordfreq

    version = getattr(wordfreq, "__version__", None)
    if version is None:
        from importlib.metadata import version as dist_version

        version = dist_version("wordfreq")
    out = [
        {
            "name": "wordfreq",
            "what": "word frequencies (ranking, and candidate words)",
            "version": version,
            "licence": "CC BY-SA 4.0 (data); the derived lists are CC BY-SA 4.0",
        }
    ]
    for d in lang.dictionaries:
        out.append(
            {
                "name": d.package,
                "what": f"hunspell dictionary {d.name}",
                "version": package_version(d.package),
                "licence": LICENCES[d.package],
            }
        )
    for fname, pkg in lang.word_lists:
        out.append(
            {
                "name": pkg,
                "what": f"word list /usr/share/dict/{fname}",
                "version": package_version(pkg),
                "licence": LICENCES[pkg],
            }
        )
    return out


#: From /usr/share/doc/<package>/copyright (the section of the dictionary itself).
LICENCES = {
    "hunspell-en-us": "SCOWL (Kevin Atkinson): permissive, use/copy/modify/distribute/sell "
    "with the copyright and permission notice",
    "hunspell-en-gb": "SCOWL-based (Kevin Atkinson and others; LibreOffice dictionaries/en): "
    "permissive, with the copyright and permission notice",
    "wamerican-large": "SCOWL (Kevin Atkinson): permissive, with the copyright and permission "
    "notice",
    "wbritish-large": "SCOWL (Kevin Atkinson): permissive, with the copyright and permission "
    "notice",
    "hunspell-es": "GPL-3+ or LGPL-3+ or MPL-1.1+ (Santiago Bosio, RLA-ES)",
    "hunspell-fr-classical": "MPL-2.0 (Dicollecte contributors)",
    "hunspell-de-de": "GPL-2+ (igerman98, Björn Jacke); GPLv2/GPLv3 per the .aff header",
    "hunspell-it": "GPL-3 (LibreItalia and the Italian dictionary's authors)",
    "hunspell-pt-br": "LGPL-3 or MPL (VERO, Raimundo Santos Moura)",
    "hunspell-pt-pt": "GPL-2 or LGPL-2.1 or MPL-1.1 (José João de Almeida, Rui Vilela, "
    "Alberto Simões)",
    "hunspell-nl": "BSD (revised) or CC BY 3.0, at the user's choice (OpenTaal)",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated lists to build, e.g. es-5,en-6")
    parser.add_argument(
        "--out", type=Path, default=DATA, help="output folder (default: the package data)"
    )
    parser.add_argument(
        "--check", action="store_true", help="build in memory; fail if a shipped file differs"
    )
    args = parser.parse_args(argv)
    wanted = LISTS
    if args.only:
        names = {n.strip() for n in args.only.split(",")}
        wanted = tuple(t for t in LISTS if f"{t[0]}-{t[1]}" in names)
        unknown = names - {f"{t[0]}-{t[1]}" for t in LISTS}
        if unknown:
            parser.error(f"unknown lists: {', '.join(sorted(unknown))}")
    codes = list(dict.fromkeys(t[0] for t in wanted))
    need_tools(LANGUAGES[c] for c in codes)
    meta_path = args.out / METADATA
    meta = json.loads(meta_path.read_text("utf-8")) if meta_path.is_file() else {}
    meta.setdefault("lists", {})
    differ: list[str] = []
    for code in codes:
        lang = LANGUAGES[code]
        jobs = [(n, size) for c, n, size in wanted if c == code]
        t0 = time.perf_counter()
        data = LanguageData(lang, {n for n, _ in jobs})
        print(
            f"{code}: {data.candidates} candidates, {len(data.accepted)} accepted by hunspell "
            f"({time.perf_counter() - t0:.0f} s)",
            file=sys.stderr,
        )
        for n, size in jobs:
            built = data.build(n, size)
            a_name, l_name = file_names(code, n)
            a_text, l_text = text_of(built.answers), text_of(built.allowed)
            alphabet = ALPHABETS[code]
            name = f"{code}-{n}"
            meta["lists"][name] = {
                "name": name,
                "language": code,
                "language_name": lang.name,
                "length": n,
                "alphabet": alphabet.letters,
                "folding": alphabet.rule,
                "answers": {"file": a_name, "count": len(built.answers), "sha256": sha256(a_text)},
                "allowed": {"file": l_name, "count": len(built.allowed), "sha256": sha256(l_text)},
                "answer_rule": lang.answer_rule,
                "answer_size": f"at most {size}: " + SIZE_REASON,
                "stats": built.stats,
                "sources": sources(lang),
                "licence": "CC BY-SA 4.0 (derived from wordfreq's data), and the dictionaries' "
                "licences listed in sources",
            }
            for fname, text in ((a_name, a_text), (l_name, l_text)):
                path = args.out / fname
                if args.check:
                    if not path.is_file() or path.read_text("utf-8") != text:
                        differ.append(fname)
                else:
                    path.write_text(text, encoding="utf-8", newline="\n")
            print(
                f"  {name}: {len(built.answers)} answers, {len(built.allowed)} allowed, "
                f"{built.stats['collisions']} collisions",
                file=sys.stderr,
            )
        print(f"{code}: done in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    meta["lists"] = dict(sorted(meta["lists"].items()))
    meta_text = json.dumps(meta, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
    if args.check:
        if not meta_path.is_file() or meta_path.read_text("utf-8") != meta_text:
            differ.append(METADATA)
        if differ:
            print(f"differs from the shipped files: {', '.join(differ)}", file=sys.stderr)
            return 1
        print("the shipped lists are up to date", file=sys.stderr)
        return 0
    meta_path.write_text(meta_text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
