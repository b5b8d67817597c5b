"""The ``likely`` answer model: the shipped table and coefficients, prior(), likely_weights(),
and the numerical parts of scripts/fit_likely.py (which need no wordfreq)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from wordlekit.core.likely import (
    FEATURES,
    MODEL_FILE,
    TABLE_FILE,
    feature_matrix,
    likely_weights,
    model,
    prior,
    table,
)
from wordlekit.core.words import WordList

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "fit_likely.py"


def data_text(name: str) -> str:
    return resources.files("wordlekit").joinpath("data").joinpath(name).read_text("utf-8")


@pytest.fixture(scope="module")
def fit_script() -> Iterator[ModuleType]:
    """scripts/fit_likely.py as a module (it imports wordfreq only to compute frequencies)."""
    name = "_wordlekit_fit_likely_script"
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclass looks its module up while being defined
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[name]


def test_the_table_covers_every_original_and_nyt_valid_word_once() -> None:
    original, nyt = WordList.bundled("original"), WordList.bundled("nyt")
    t = table()
    assert len(t.words) == len(set(t.words)) == 14_855
    assert set(t.words) == set(original.guesses) | set(nyt.guesses)
    assert list(t.words) == sorted(t.words)
    assert len(t.zipf) == len(t.probability) == len(t.words)


def test_every_probability_is_strictly_between_0_and_1() -> None:
    p = table().probability
    assert np.all(p > 0) and np.all(p < 1)
    extra = prior(["qzxjv", "abcde", "zzzzs"])
    assert np.all(extra > 0) and np.all(extra < 1)


@pytest.mark.parametrize("name", ["original", "nyt"])
def test_the_weights_sum_to_1_are_cached_and_read_only(name: str) -> None:
    wl = WordList.bundled(name)
    w = likely_weights(wl.guesses)
    assert w.shape == (len(wl.guesses),)
    assert w.sum() == pytest.approx(1.0, abs=1e-12)
    assert np.all(w > 0)
    assert likely_weights(WordList.bundled(name).guesses) is w
    with pytest.raises(ValueError):
        w[0] = 1.0


def test_a_custom_list_gets_weights_even_for_words_outside_the_table() -> None:
    wl = WordList.from_words(["cigar", "aioli", "qwzzy"], ["rebus", "xylyl"])
    w = likely_weights(wl.guesses)
    assert w.sum() == pytest.approx(1.0)
    assert w[0] > w[3] > w[4]  # CIGAR > REBUS > XYLYL
    assert w[2] > 0


def test_the_original_answers_get_far_more_mass_per_word() -> None:
    wl = WordList.bundled("original")
    w = likely_weights(wl.guesses)
    n = len(wl.answers)
    per_answer, per_allowed = w[:n].mean(), w[n:].mean()
    # Measured with the shipped fit: 12.8 times as much per word, 73.6% of the mass on the
    # 2,315 answers (uniform: 17.8%); cross-validated 12.8 times and 73.5%.
    assert per_answer > 10 * per_allowed
    assert w[:n].sum() > 0.7
    nyt = WordList.bundled("nyt")
    wn = likely_weights(nyt.guesses)
    # Over the NYT valid list, 70.9% of the mass falls on its 2,309 answers (uniform: 15.5%).
    assert wn[: len(nyt.answers)].sum() > 0.65


def test_common_answers_outrank_obscure_words() -> None:
    cigar, rebus, xylyl, zoppa = prior(["cigar", "rebus", "xylyl", "zoppa"])
    assert min(cigar, rebus) > 10 * max(xylyl, zoppa)
    # Plurals and past tenses of common words rank below the answers they resemble.
    hours, hour_like, asked, ask_like = prior(["hours", "house", "asked", "aside"])
    assert hours < hour_like and asked < ask_like


def test_a_word_outside_the_table_gets_the_zipf_0_value_with_its_own_features() -> None:
    words = ["qwzzy", "qwzzs", "qwzed"]
    assert not any(w in table().index for w in words)
    p = prior(words)
    expected = model().probability(words, np.zeros(3))
    assert p.tolist() == expected.tolist()
    assert p[1] < p[0] and p[2] < p[0]  # a plural look and a past-tense look cost
    assert prior(["QWZZY", " qwzzy "]).tolist() == [p[0], p[0]]
    # Any length: the letter features need no word list.
    assert 0 < prior(["strudels"])[0] < 1


def test_the_model_json_reproduces_the_table_from_the_stored_zipf() -> None:
    t = table()
    recomputed = model().probability(t.words, t.zipf)
    # The table holds three significant digits: a relative error of at most 0.5%.
    np.testing.assert_allclose(t.probability, recomputed, rtol=5e-3, atol=0)


def test_the_two_files_belong_together() -> None:
    data = json.loads(data_text(MODEL_FILE))
    digest = hashlib.sha256(data_text(TABLE_FILE).encode("ascii")).hexdigest()
    assert data["table"] == {"file": TABLE_FILE, "words": 14_855, "sha256": digest}
    assert [f["name"] for f in data["features"]] == list(data["coefficients"])
    for f in data["features"]:
        assert f["definition"] == FEATURES[f["name"]].definition
    assert model().wordfreq_version == data["wordfreq"]["version"]


def test_the_shipped_fit_beats_the_base_rate_out_of_sample() -> None:
    cv = model().figures["cross_validation"]
    assert cv["log_loss"] < 0.5 * cv["base_rate_log_loss"]
    assert cv["auc"] > 0.95
    deciles = cv["calibration_by_decile"]
    assert sum(d["answers"] for d in deciles) == 2_315
    assert sum(d["words"] for d in deciles) == 12_972


def test_the_letter_features() -> None:
    words = ["hours", "glass", "focus", "asked", "julia", "abbey", "crane"]
    names = ["ends_s", "ends_us_is_os", "ends_ed", "ends_aiou", "repeated_letter"]
    x = feature_matrix(words, [0.0] * len(words), names)
    assert x.tolist() == [
        [1, 0, 0, 0, 0],
        [0, 0, 0, 0, 1],
        [1, 1, 0, 0, 0],
        [0, 0, 1, 0, 0],
        [0, 0, 0, 1, 0],
        [0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0],
    ]
    z = feature_matrix(["a", "b"], [2.5, 4.25], ["zipf", "zipf_over_3"])
    assert z.tolist() == [[2.5, 0.0], [4.25, 1.25]]
    with pytest.raises(ValueError, match="unknown features"):
        feature_matrix(["crane"], [1.0], ["nope"])


def test_the_run_time_needs_neither_wordfreq_nor_numba() -> None:
    code = (
        "import sys; sys.modules['wordfreq'] = None\n"
        "from wordlekit.core.likely import likely_weights\n"
        "from wordlekit.core.words import WordList\n"
        "assert abs(likely_weights(WordList.bundled('nyt').guesses).sum() - 1) < 1e-9\n"
        "assert 'numba' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_script_fits_the_features_the_package_computes(fit_script: ModuleType) -> None:
    assert tuple(fit_script.CHOSEN) == model().features
    assert not set(fit_script.CANDIDATES) & set(FEATURES)


def test_the_newton_fit_recovers_known_coefficients(fit_script: ModuleType) -> None:
    rng = np.random.default_rng(1)
    x = np.column_stack([rng.normal(size=20_000), rng.integers(0, 2, 20_000)])
    truth = np.array([1.5, -2.0])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-(-0.5 + x @ truth)))).astype(float)
    fit = fit_script.fit_logistic(x, y, lam=1e-6)
    np.testing.assert_allclose(fit.beta, truth, atol=0.1)
    assert fit.intercept == pytest.approx(-0.5, abs=0.1)
    strong = fit_script.fit_logistic(x, y, lam=1e4)
    assert np.all(np.abs(strong.beta) < np.abs(fit.beta))


def test_the_figures_of_the_script(fit_script: ModuleType) -> None:
    y = np.array([0.0, 0.0, 1.0, 1.0])
    assert fit_script.auc(y, np.array([0.1, 0.4, 0.35, 0.8])) == 0.75
    assert fit_script.auc(y, np.array([0.5, 0.5, 0.5, 0.5])) == 0.5
    assert fit_script.log_loss(y, np.full(4, 0.5)) == pytest.approx(np.log(2))
    grid = [(0.01, 0.20000), (0.1, 0.20005), (1.0, 0.2002), (10.0, 0.3)]
    assert fit_script.choose_lambda(grid) == 0.1
    folds = fit_script.stratified_folds(np.array([1.0] * 10 + [0.0] * 30), 5, 0)
    assert [int((folds[:10] == k).sum()) for k in range(5)] == [2] * 5
