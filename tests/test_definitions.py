"""The offline dictionary shown after a game: scripts/build_definitions.py read against a tiny
WordNet excerpt (tests/data/wordnet-mini: Debian's wordnet-base is not needed), and
core/definitions.py against the shipped table."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from scripts_loader import load_script
from wordlekit.core.definitions import NO_ENTRY, Definition, Entry, definition
from wordlekit.core.words import WordList

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "data" / "wordnet-mini"
SHIPPED = ROOT / "src" / "wordlekit" / "data" / "definitions.tsv.gz"


build = load_script("build_definitions")


@pytest.fixture(scope="module")
def mini() -> object:
    return build.load_wordnet(MINI)


def _table(wn: object) -> dict[str, list[list[str]]]:
    words = (MINI / "words.txt").read_text("utf-8").split()
    rows: dict[str, list[list[str]]] = {}
    for line in build.build(wn, words).splitlines():
        word, *rest = line.split("\t")
        rows.setdefault(word, []).append(rest)
    return rows


def test_the_parser_reads_index_data_and_exceptions(mini: object) -> None:
    wn = mini
    assert wn.index["noun"]["goose"] == ([1855672, 10144838], 2)  # type: ignore[attr-defined]
    assert wn.glosses["noun"][9335240] == "a small natural hill"  # type: ignore[attr-defined]
    assert wn.exceptions["verb"]["crept"] == ["creep"]  # type: ignore[attr-defined]
    # the licence header (lines starting with spaces) is no entry
    assert all(not k.isdigit() for k in wn.index["noun"])  # type: ignore[attr-defined]


def test_a_word_with_an_entry_of_its_own(mini: object) -> None:
    rows = _table(mini)
    assert rows["knoll"] == [["noun", "", "a small natural hill"]]
    # the two most frequent senses, without the example sentences in quotes
    assert rows["box"] == [
        ["noun", "", "a (usually rectangular) container", "evergreen shrubs or small trees"]
    ]
    assert rows["quickly"] == [["adverb", "", "with rapid movements"]]


def test_base_forms_through_the_exception_lists_and_morphy(mini: object) -> None:
    rows = _table(mini)
    assert rows["geese"][0][:2] == ["noun", "plural of goose"]  # noun.exc
    assert rows["crept"] == [["verb", "form of creep", "move slowly"]]  # verb.exc
    assert rows["boxes"][0][:2] == ["noun", "plural of box"]  # -es
    assert rows["baked"][0][:2] == ["verb", "form of bake"]  # -ed → -e
    assert rows["later"][0][:2] == ["adjective", "comparative of late"]  # adj.exc
    assert rows["latest"][0][:2] == ["adjective", "superlative of late"]  # -est → -e
    # both parts of speech, the more used (tagged senses) first: run the verb, then the noun
    assert [r[:2] for r in rows["runs"]] == [["verb", "form of run"], ["noun", "plural of run"]]
    assert rows["runs"][0][2:] == [
        "move fast by using one's feet, with one foot off the ground at any given time",
        "stretch out over a distance, space, time, or scope",
    ]
    assert "zzzzz" not in rows


def test_a_long_sense_is_cut_at_a_word() -> None:
    long = "a " + "very " * 30 + 'long gloss; "an example"'
    cut = build.short_sense(long)
    assert len(cut) <= 90 and cut.endswith("very…") and '"' not in cut


def test_the_output_is_deterministic(mini: object, tmp_path: Path) -> None:
    text = build.build(mini, ["knoll", "geese"])
    assert build.compress(text) == build.compress(text)
    assert gzip.decompress(build.compress(text)).decode() == text
    assert build.coverage(text, ["knoll", "geese", "their"]) == {
        "own entry": 1,
        "base form": 1,
        "none": 1,
    }


def test_check_fails_when_the_shipped_file_differs(tmp_path: Path) -> None:
    out = tmp_path / "definitions.tsv.gz"
    out.write_bytes(b"not the table")
    assert build.main(["--wordnet", str(MINI), "--out", str(out), "--check"]) == 1
    assert build.main(["--wordnet", str(MINI), "--out", str(out)]) == 0
    assert build.main(["--wordnet", str(MINI), "--out", str(out), "--check"]) == 0
    assert build.main(["--wordnet", str(tmp_path / "none"), "--out", str(out)]) == 2


def test_a_definition_of_the_shipped_table() -> None:
    d = definition("cigar")
    assert d == Definition("cigar", (Entry("noun", ("a roll of tobacco for smoking",)),))
    assert eval(repr(d)) == d
    assert d is not None and d.text == "cigar (noun): a roll of tobacco for smoking"
    crept = definition("CREPT ")
    assert crept is not None and crept.entries[0].base == "form of creep"
    assert crept.text.startswith("crept (verb, form of creep): move slowly")


def test_words_without_an_entry_and_other_languages() -> None:
    assert definition("their") is None and definition("which") is None
    assert definition("cigar", language="es") is None
    assert NO_ENTRY == "No definition in the offline dictionary."


def test_every_entry_is_short_and_has_a_sense() -> None:
    """The table as shipped: one or two senses, a known part of speech, short lines."""
    for line in gzip.decompress(SHIPPED.read_bytes()).decode().splitlines():
        _word, pos, _base, *senses = line.split("\t")
        assert pos in {"noun", "verb", "adjective", "adverb"}, line
        assert 1 <= len(senses) <= 2 and all(0 < len(s) <= 90 for s in senses), line


def test_coverage_of_the_original_answers() -> None:
    """2,179 of the 2,315 answers have an entry of their own, 75 one through a base form, 61
    none (as the builder prints them, and docs/web.md and SOURCES.md say)."""
    answers = WordList.bundled("original").answers
    found = [definition(w) for w in answers]
    own = sum(1 for d in found if d is not None and d.entries[0].base is None)
    base = sum(1 for d in found if d is not None and d.entries[0].base is not None)
    assert (own, base, len(answers) - own - base) == (2179, 75, 61)
