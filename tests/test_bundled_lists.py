"""The lists built by scripts/build_lists.py: shipped files, metadata, folding rules.

Reads the shipped files only (no wordfreq, no hunspell); the folding tests import the
script's pure functions.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from scripts_loader import load_script
from wordlekit.core.words import WordList

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "wordlekit" / "data"
META = json.loads((DATA / "lists.json").read_text("utf-8"))["lists"]
NAMES = sorted(META)


build = load_script("build_lists")


def _words(fname: str) -> list[str]:
    return (DATA / fname).read_text("utf-8").split("\n")[:-1]


def test_every_list_of_the_issue_is_there() -> None:
    assert set(NAMES) == {
        "en-4", "en-6", "en-7", "en-8", "es-5", "fr-5", "de-5", "it-5", "pt-5", "nl-5"
    }  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_shipped_files_match_their_metadata(name: str) -> None:
    m = META[name]
    assert m["language"] == name.split("-")[0] and m["length"] == int(name.split("-")[1])
    letters = set(m["alphabet"])
    assert len(letters) == len(m["alphabet"]) <= 32
    lists = {}
    for kind in ("answers", "allowed"):
        info = m[kind]
        raw = (DATA / info["file"]).read_bytes()
        assert hashlib.sha256(raw).hexdigest() == info["sha256"]
        words = _words(info["file"])
        assert raw.decode("utf-8") == "".join(w + "\n" for w in words)
        assert len(words) == info["count"] > 0
        assert words == sorted(words) and len(set(words)) == len(words)
        assert all(len(w) == m["length"] for w in words)
        assert all(set(w) <= letters for w in words), "a letter outside the alphabet"
        lists[kind] = set(words)
    assert not lists["answers"] & lists["allowed"]
    assert m["folding"] and m["answer_rule"]
    assert any("CC BY-SA 4.0" in s["licence"] for s in m["sources"])
    assert all(s["version"] and s["licence"] for s in m["sources"])


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("en-")])
def test_english_lists_are_bundled(name: str) -> None:
    wl = WordList.bundled(name)
    assert wl.length == int(name[3:])
    assert len(wl.answers) == META[name]["answers"]["count"]
    assert WordList.load(name) is wl


def test_en6_loads() -> None:
    assert WordList.bundled("en-6").length == 6


def test_every_built_list_is_registered_with_its_language_and_alphabet() -> None:
    from wordlekit.core.alphabet import ALPHABETS
    from wordlekit.core.words import BUNDLED, lists_metadata

    for name, m in lists_metadata().items():
        assert name in BUNDLED
        wl = WordList.bundled(name)
        assert wl.language == m["language"] and wl.alphabet is ALPHABETS[m["language"]]
        assert (len(wl.answers), len(wl.allowed)) == (m["answers"]["count"], m["allowed"]["count"])
        assert wl.alphabet.letters == m["alphabet"] and wl.alphabet.rule == m["folding"]


def _english_answers(n: int) -> set[str]:
    if n == 5:
        return set(WordList.bundled("original").answers)
    return set(_words(f"answers-en-{n}.txt"))


def test_english_answers_have_no_plurals_pasts_or_names() -> None:
    for n in (6, 7, 8):
        answers = _english_answers(n)
        shorter = _english_answers(n - 1)
        two_shorter = _english_answers(n - 2) if n - 2 >= 4 else set()
        for w in answers:
            # an answer plus -s / -d / -ed is never an answer of the next lengths
            assert not (w.endswith("s") and not w.endswith("ss") and w[:-1] in shorter), w
            assert not (w.endswith("ed") and (w[:-1] in shorter or w[:-2] in two_shorter)), w
    for n in (4, 6, 7, 8):
        answers = _english_answers(n)
        assert answers.isdisjoint({"paris", "james", "texas", "london", "robert", "charles"})
    six = set(_words("answers-en-6.txt"))
    seven = set(_words("answers-en-7.txt"))
    assert {"garden", "planet", "silver"} <= six
    assert {"kitchen", "journey"} <= seven
    assert not {"apples", "walked", "tables", "jumped", "houses"} & six
    assert not {"oranges", "started", "windows", "touched"} & seven
    assert not {"painted", "cooked"} & seven
    assert "need" in set(_words("answers-en-4.txt"))  # not a past tense of "nee"


def test_spanish_answers_keep_enye_and_fold_accents() -> None:
    answers = set(_words("answers-es-5.txt"))
    assert {"señor", "sueño", "otoño", "dueño", "araña", "señal"} <= answers
    assert not any(set(w) & set("áéíóúü") for w in answers)
    assert {"arbol", "facil"} <= answers  # árbol, fácil folded
    assert not {"casas", "mesas", "puede", "dimos"} & answers


def test_german_answers_are_folded_a_to_z() -> None:
    answers = set(_words("answers-de-5.txt"))
    assert {"gruen", "tisch"} <= answers  # grün folded to five letters
    assert not any(set(w) & set("äöüß") for w in answers)


@pytest.mark.parametrize("name", ["fr-5", "it-5", "pt-5", "nl-5", "de-5"])
def test_other_languages_are_a_to_z(name: str) -> None:
    assert META[name]["alphabet"] == "abcdefghijklmnopqrstuvwxyz"


def test_fold_keeps_enye_and_folds_accents() -> None:
    assert build.fold("Niño", "es") == "niño"
    assert build.fold("árbol", "es") == "arbol"
    assert build.fold("pingüino", "es") == "pinguino"
    assert build.fold("España", "es") == "españa"


def test_fold_cedilla_and_ligatures() -> None:
    assert build.fold("garçon", "fr") == "garcon"
    assert build.fold("cœur", "fr") == "coeur"
    assert build.fold("ação", "pt") == "acao"
    assert build.fold("perché", "it") == "perche"


def test_fold_german_umlauts_and_sharp_s() -> None:
    assert build.fold("grün", "de") == "gruen"
    assert build.fold("Straße", "de") == "strasse"
    assert build.fold("Ölfaß", "de") == "oelfass"


def test_fold_dutch_ij_is_two_letters() -> None:
    assert build.fold("fijne", "nl") == "fijne"
    assert len(build.fold("fijne", "nl")) == 5
    assert build.fold("geërfd", "nl") == "geerfd"


def test_fold_rejects_rather_than_drops() -> None:
    # a letter outside the alphabet makes the word unusable; it is never silently dropped
    assert build.fold("naïve", "es") is None  # ï has no Spanish folding rule
    assert build.fold("rock'n'roll", "en") is None
    assert build.fold("x-ray", "en") is None
    assert build.fold("b2b", "en") is None
    assert build.fold("ñandú", "fr") is None  # French has no ñ
    result = build.fold_words(["naïve", "casa"], "es")
    assert result.rejected == ["naïve"] and list(result.forms) == ["casa"]


def test_fold_words_reports_collisions() -> None:
    result = build.fold_words(["Masse", "Maße", "Weg", "weg", "Haus"], "de", 5)
    assert result.collisions == {"masse": ["masse", "maße"]}  # Weg/weg is one word
    assert result.forms["masse"] == ["Masse", "Maße"]
    es = build.fold_words(["papa", "papá", "paño", "pano"], "es", 4)
    assert es.collisions == {"papa": ["papa", "papá"]}  # ñ never collides with n
    assert set(es.forms) == {"papa", "paño", "pano"}


@pytest.mark.parametrize("name", NAMES)
def test_metadata_counts_collisions(name: str) -> None:
    stats = META[name]["stats"]
    assert stats["collisions"] >= 0 and isinstance(stats["collision_examples"], dict)
