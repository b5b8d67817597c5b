"""Alphabets beyond a-z: folding, letter codes, and every fast path equal to ``score`` on
every bundled list (Spanish Ñ, folded accents and umlauts, 4 to 8 letters)."""

from __future__ import annotations

import random
import unicodedata

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.alphabet import ALPHABETS, ASCII, CODES, Alphabet
from wordlekit.core.codes import consistent_mask, encode, encode_together, patterns_against
from wordlekit.core.constraints import LetterConstraints, filter_by_hints
from wordlekit.core.feedback import Turn, format_pattern, parse_pattern, score
from wordlekit.core.knowledge import Knowledge, narrow
from wordlekit.core.rules import Mode, hard_mode_violation
from wordlekit.core.variants import variant_for
from wordlekit.core.words import BUNDLED, WordList
from wordlekit.errors import HardModeError, InvalidWordError, WordListError
from wordlekit.fast import kernel
from wordlekit.fast.partition import hard_mode_mask

ES = ALPHABETS["es"]


def check(guess: str, answer: str, expected: str) -> None:
    """``score`` (and the numpy and compiled paths) give ``expected`` (letters g/y/b)."""
    want = parse_pattern(expected, len(guess))
    assert score(guess, answer) == want, (guess, answer, format_pattern(score(guess, answer)))
    g, a = encode_together([guess], [answer])
    assert int(patterns_against(g[0], a)[0]) == want
    assert int(kernel.pattern_matrix(g, a)[0, 0]) == want


# hand-worked cases: greens consume their letter first, then yellows left to right -------------


def test_enye_is_a_letter_of_its_own() -> None:
    # ARAÑA against AÑADA: A_A_A green; R is absent; Ñ is in AÑADA's unmatched second letter
    check("araña", "añada", "gbgyg")
    # N is not Ñ: a normaliser that merged them would make these green
    check("nanas", "ñañas", "bgbgg")
    check("ñañas", "nanas", "bgbgg")
    # two Ñ guessed, one in the answer: the first is yellow, the second gray
    check("ñaños", "añejo", "yybyb")


def test_folded_letters_score_as_the_letters_they_fold_to() -> None:
    es, de, fr = WordList.bundled("es-5"), WordList.bundled("de-5"), WordList.bundled("fr-5")
    assert es.normalize("ÁRBOL") == "arbol" and es.normalize("Niño".ljust(5, "s")) == "niños"
    assert de.normalize("Öfen") == "oefen" and de.alphabet.fold("Maße") == "masse"
    assert fr.normalize("CŒUR") == "coeur"
    # German umlauts are two letters: GRÜN is GRUEN, five letters, scored letter by letter
    check(ALPHABETS["de"].fold("grün"), "treue", "bgyyb")
    # accents fold before scoring: ÁRBOL scores as ARBOL
    check(ES.fold("árbol"), "arbol", "ggggg")


def test_decomposed_input_folds_like_composed() -> None:
    decomposed = unicodedata.normalize("NFD", "AÑADA")
    assert len(decomposed) == 6 and ES.fold(decomposed) == "añada"
    assert WordList.bundled("es-5").check_guess(decomposed) == "añada"
    assert Turn.parse(unicodedata.normalize("NFD", "añada:ggggg")).guess == "añada"


def test_letters_outside_the_alphabet_are_errors_never_dropped() -> None:
    es = WordList.bundled("es-5")
    for bad, why in (("ni-os", "'-' is not a letter"), ("ñøñas", "'Ø' is not a letter")):
        with pytest.raises(InvalidWordError, match=why):
            es.normalize(bad)
    assert WordList.bundled("original").alphabet.fold("ñandu") == "nandu"  # English folds it
    with pytest.raises(InvalidWordError, match="not a letter of this list"):
        WordList.bundled("de-5").normalize("ñandu")  # no rule folds Ñ in German
    with pytest.raises(ValueError, match="beyond a-z"):
        encode(["niños"])  # without its alphabet a word with Ñ has no code
    with pytest.raises(WordListError, match="bad word"):
        WordList("x", ("ni1os",))
    with pytest.raises(WordListError, match="bad word"):
        WordList("x", ("niños",), alphabet=ALPHABETS["de"])  # German has no Ñ


def test_codes_fix_a_to_z_and_number_the_other_letters() -> None:
    assert [ES.codes[c] for c in "anñoz"] == [0, 13, 26, 14, 25]
    assert ES.encode(["añejo"]).tolist() == [[0, 26, 4, 9, 14]]
    greek = Alphabet("αβγδεζηθικλμνξοπρστυφχψω")
    assert sorted(greek.codes.values()) == list(range(24))
    with pytest.raises(ValueError, match="at most"):
        Alphabet(ASCII + "àáâãäåæçèéêë")  # a-z and more than six others: no room in 32 codes
    assert CODES == 32


def test_every_bundled_word_is_folded_and_none_repeats() -> None:
    for name in BUNDLED:
        wl = WordList.bundled(name)
        words = wl.guesses
        assert len(set(words)) == len(words)
        sample = words[:: max(1, len(words) // 300)]
        assert all(wl.alphabet.fold(w) == w for w in sample), name


# every fast path equal to the reference on every bundled list -----------------------------------


@pytest.mark.parametrize("name", list(BUNDLED))
def test_kernels_equal_score_on_every_bundled_list(name: str) -> None:
    wl = WordList.bundled(name)
    rng = random.Random(name)
    guesses = rng.sample(wl.guesses, 120)
    answers = rng.sample(wl.answers, 80)
    if not wl.alphabet.is_ascii:  # make sure the extra letters are in the sample
        extra = [w for w in wl.guesses if any(c in wl.alphabet.extra_letters for c in w)]
        guesses[:40] = rng.sample(extra, 40)
        answers[:20] = [w for w in extra if wl.is_answer(w)][:20]
    want = np.array([[score(g, a) for a in answers] for g in guesses])
    got = kernel.pattern_matrix(wl.encode(guesses), wl.encode(answers))
    assert got.dtype == (np.uint8 if wl.length <= 5 else np.uint16)
    assert (got == want).all()
    codes = wl.encode(answers)
    for i in range(0, len(guesses), 30):
        row = patterns_against(wl.encode([guesses[i]])[0], codes)
        assert (row == want[i]).all()


def test_spanish_matrix_filters_and_hard_mode_agree_with_the_rules() -> None:
    from wordlekit.fast.matrix import PatternMatrix

    wl = WordList.bundled("es-5")
    pm = PatternMatrix.build(wl)
    rng = random.Random(5)
    for g in rng.sample([w for w in wl.guesses if "ñ" in w], 25):
        gi = wl.guess_index(g)
        for a in rng.sample(wl.answers, 25):
            assert int(pm.data[gi, wl.answer_index(a)]) == score(g, a)
    history = [Turn("araña", score("araña", "añejo"))]
    k = Knowledge(history, wl)
    assert "añejo" in k.candidates
    assert set(k.candidates) == {a for a in wl.answers if score("araña", a) == history[0].pattern}
    assert narrow(wl.answers, *history) == list(k.candidates)
    mask = hard_mode_mask(pm.guess_codes, history, pm.guess_letter_counts, wl.alphabet)
    for w in [*rng.sample(wl.guesses, 400), "añejo", "nanas"]:
        assert bool(mask[wl.guess_index(w)]) == (hard_mode_violation(history, w) is None)


def test_hints_with_enye() -> None:
    wl = WordList.bundled("es-5")
    hints = LetterConstraints.from_hints("?ñ???", contains="a", absent="r", alphabet=wl.alphabet)
    found = filter_by_hints(hints, wl)
    assert found and all(w[1] == "ñ" and "a" in w and "r" not in w for w in found)
    assert set(found) == {w for w in wl.answers if hints.allows(w)}


letters = st.sampled_from(list("anñoeslr"))


@settings(max_examples=200, deadline=None)
@given(st.lists(letters, min_size=5, max_size=5), st.lists(letters, min_size=5, max_size=5))
def test_property_every_path_equals_score_with_enye(g: list[str], a: list[str]) -> None:
    guess, answer = "".join(g), "".join(a)
    codes = ES.encode([guess, answer])
    want = score(guess, answer)
    assert int(patterns_against(codes[0], codes[1:])[0]) == want
    assert int(kernel.pattern_matrix(codes[:1], codes[1:])[0, 0]) == want
    mask = consistent_mask(codes[1:], codes[:1], np.array([want]))
    assert bool(mask[0])


# a game in another alphabet, to the end ---------------------------------------------------------


def test_a_spanish_game_to_a_win_and_its_share_names_the_list() -> None:
    wl = WordList.bundled("es-5")
    game = variant_for("classic").challenge(["araña"], wordlist=wl)
    game = game.guess("ÁRBOL").guess("AÑADA").guess("araña")
    assert game.over and game.boards[0].solved
    assert game.share().splitlines()[0] == "wordlekit challenge es-5 3/6"
    assert game.keyboard()["ñ"].name == "GREEN"
    hard = variant_for("classic").challenge(["araña"], wordlist=wl, mode=Mode.HARD)
    hard = hard.guess("añada")
    with pytest.raises(HardModeError):
        hard.guess("arbol")  # the greens and the revealed Ñ must be used again
    english = variant_for("classic").challenge(["cigar"]).guess("cigar")
    assert english.share().splitlines()[0] == "wordlekit challenge 1/6"


@pytest.mark.parametrize("name", ["es-5", "de-5", "fr-5", "it-5"])
def test_the_bot_solves_every_answer_of_a_list_within_six(name: str) -> None:
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.solve.bench import benchmark

    wl = WordList.bundled(name)
    result = benchmark(PatternMatrix.for_list(wl), "entropy")
    assert result.games == len(wl.answers) and result.failures == 0
    assert result.max <= 6 and 3.0 < result.mean < 3.6


def test_a_list_rebuilt_from_its_words_finds_its_alphabet() -> None:
    es = WordList.bundled("es-5")
    again = WordList("es-5", es.answers)  # as a worker process rebuilds it
    assert again.alphabet is es.alphabet and again.language == "es"
    assert WordList("x", ("abcde",)).alphabet is ALPHABETS["en"]


def test_random_play_and_review_on_a_spanish_list() -> None:
    from wordlekit.services import randomplay

    es = WordList.bundled("es-5")
    one = randomplay.one_word(es, "añejo", simulate=0, seed=0)
    assert one.exact is not None and 3.0 < one.exact.expected < 6.0
