"""The ``likely`` answer model: the shipped table and coefficients, prior(), likely_weights(),
and the numerical parts of scripts/fit_likely.py (which need no wordfreq)."""

from __future__ import annotations

import datetime as dt
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


def test_the_nyt_answers_get_far_more_mass_per_word() -> None:
    wl = WordList.bundled("original")
    w = likely_weights(wl.guesses)
    n = len(wl.answers)
    per_answer, per_allowed = w[:n].mean(), w[n:].mean()
    # Measured with the shipped fit: over 99 % of the mass on the 2,315 original answers with
    # nothing served (uniform: 17.8 %): the NYT picked from its list on all but 32 days.
    assert per_answer > 100 * per_allowed
    assert w[:n].sum() > 0.95
    nyt = WordList.bundled("nyt")
    wn = likely_weights(nyt.guesses)
    assert wn[: len(nyt.answers)].sum() > 0.95
    # the WordleBot's candidates outside the answer list come next, far above other words
    bot, other = prior(["beaut", "uvula"]), prior(["aahed", "xylyl"])
    assert min(bot) > 100 * max(other)


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
    # The table holds four significant digits: a relative error of at most 0.05%.
    np.testing.assert_allclose(t.probability, recomputed, rtol=5e-4, atol=0)
    assert float(recomputed.sum()) == pytest.approx(1.0, rel=1e-9)  # over the table's words


def test_the_two_files_belong_together() -> None:
    data = json.loads(data_text(MODEL_FILE))
    digest = hashlib.sha256(data_text(TABLE_FILE).encode("ascii")).hexdigest()
    assert data["table"] == {"file": TABLE_FILE, "words": 14_855, "sha256": digest}
    assert [f["name"] for f in data["features"]] == list(data["coefficients"])
    for f in data["features"]:
        assert f["definition"] == FEATURES[f["name"]].definition
    assert model().wordfreq_version == data["wordfreq"]["version"]


def test_the_shipped_fit_beats_the_others_on_later_days() -> None:
    """The time split the script reports: fitted on the days up to its cutoff, scored on the
    real answers after it, as of each day."""
    figures = model().figures
    cutoff = dt.date.fromisoformat(figures["training"]["cutoff"])
    test = figures["test"]
    assert dt.date.fromisoformat(test["from"]) > cutoff
    assert test["days"] >= 365
    scores = {name: s["mean_log2_probability"] for name, s in test["models"].items()}
    mine = scores.pop("likely (this fit)")
    assert all(mine > other for other in scores.values()), scores
    assert figures["history"]["repeats"] >= 3


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


def synthetic_days(fit_script: ModuleType, xs: np.ndarray, beta: np.ndarray, n: int, seed: int):
    """``n`` days of picks by the choice model ``beta`` among the words not picked before."""
    rng = np.random.default_rng(seed)
    left = np.ones(len(xs), dtype=bool)
    picks = []
    for _ in range(n):
        w = np.exp(xs @ beta) * left
        a = int(rng.choice(len(xs), p=w / w.sum()))
        picks.append(a)
        left[a] = False
    order = np.array(picks, dtype=np.int64)
    days = fit_script.Days(
        tuple(dt.date(2021, 6, 19) + dt.timedelta(days=i) for i in range(n)),
        order.copy(),
        np.arange(n, dtype=np.int64),
        np.zeros(n, dtype=bool),
    )
    return days, order


def test_the_newton_fit_recovers_known_coefficients(fit_script: ModuleType) -> None:
    rng = np.random.default_rng(1)
    xs = np.column_stack([rng.normal(size=3_000), rng.integers(0, 2, 3_000)]).astype(float)
    truth = np.array([1.5, -2.0])
    days, order = synthetic_days(fit_script, xs, truth, 1_500, seed=2)
    beta = fit_script.fit(xs, days, order, lam=1e-6)
    np.testing.assert_allclose(beta, truth, atol=0.15)
    strong = fit_script.fit(xs, days, order, lam=1e4)
    assert np.all(np.abs(strong) < np.abs(beta))


def test_the_log_likelihood_leaves_out_the_words_served_before(fit_script: ModuleType) -> None:
    xs = np.array([[0.0], [1.0], [2.0]])
    beta = np.array([0.5])
    # day 1 picks word 2 among all three; day 2 picks word 0 among words 0 and 1
    days = fit_script.Days(
        (dt.date(2021, 6, 19), dt.date(2021, 6, 20)),
        np.array([2, 0]),
        np.array([0, 1]),
        np.array([False, False]),
    )
    ll, grad, _ = fit_script.log_likelihood(beta, xs, days, np.array([2, 0]), 0.0)
    e = np.exp(beta[0] * xs[:, 0])
    expected = np.log(e[2] / e.sum()) + np.log(e[0] / (e[0] + e[1]))
    assert ll == pytest.approx(expected)
    h = 1e-6  # the gradient is the derivative of the log-likelihood
    up = fit_script.log_likelihood(beta + h, xs, days, np.array([2, 0]), 0.0)[0]
    assert grad[0] == pytest.approx((up - ll) / h, rel=1e-4)
