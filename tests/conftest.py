"""Shared fixtures. Caches go to a folder of the tests' own (``build/test-cache``, kept from
one run to the next), so tests never touch the user's cache; games go to a temporary folder.

Run on several workers (``-n``) with the slow tests included, the main process first warms the
caches every worker and work pool reads (the compiled kernels, the pattern matrix, the proven
opening trees), so that they are built once instead of in every process at the same time."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import pytest

from wordlekit.core.words import WordList

DATA = Path(__file__).parent / "data"
CACHE = Path(__file__).resolve().parents[1] / "build" / "test-cache"

#: The test harnesses of the front ends (fixtures and helpers their test modules share), one
#: plugin module each.
pytest_plugins = ["harness_cli", "harness_tui", "harness_web"]


def pytest_configure(config: pytest.Config) -> None:
    if "WORDLEKIT_CACHE_DIR" not in os.environ:
        CACHE.mkdir(parents=True, exist_ok=True)
        os.environ["WORDLEKIT_CACHE_DIR"] = str(CACHE)
    if "WORDLEKIT_DATA_DIR" not in os.environ:
        os.environ["WORDLEKIT_DATA_DIR"] = tempfile.mkdtemp(prefix="wordlekit-test-data-")
    controller = not hasattr(config, "workerinput")
    workers = getattr(config.option, "numprocesses", None)
    if controller and workers and "not slow" not in (config.option.markexpr or ""):
        warm_caches()


def warm_caches() -> None:
    """What every work pool's worker warms (see ``wordlekit.services.worker.warm``), once.

    Only the bundled lists: the kernels of wider patterns (lists of six letters or more) are
    compiled by the tests that use them. Warming both at once in two processes would race
    on numba's cache index: two processes that compile a function's two signatures at the
    same moment both read its index empty, and one entry is lost or points to the other's
    code."""
    from wordlekit.services.worker import warm

    start = time.monotonic()
    warm(WordList.bundled())
    print(f"caches warmed in {time.monotonic() - start:.1f} s", file=sys.stderr)


#: Fixtures that make a test slow: a browser, a live server, a warm work pool (a module's
#: ``pool`` is one), a full-screen terminal app.
SLOW_FIXTURES = frozenset({"web_browser", "web_server", "default_pool", "pool", "tui_data_dir"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test that needs one of :data:`SLOW_FIXTURES` (or the warm pool
    through its module), as well as those marked by hand: ``make check`` leaves them out,
    ``make test`` (and CI) runs them all."""
    from harness_web import needs_pool  # a plugin: imported here, once pytest has loaded it

    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        module = getattr(item, "module", None)
        if fixtures & SLOW_FIXTURES or (module is not None and needs_pool(module.__name__)):
            item.add_marker(pytest.mark.slow)


#: The first answers of the original daily order: a small list for quick whole-list runs.
SMALL_ANSWERS = [
    "cigar",
    "rebut",
    "sissy",
    "humph",
    "awake",
    "blush",
    "focal",
    "evade",
    "naval",
    "serve",
    "heath",
    "dwarf",
    "model",
    "karma",
    "stink",
    "grade",
    "quiet",
    "bench",
    "abate",
    "feign",
]


@pytest.fixture(scope="session")
def original() -> WordList:
    return WordList.bundled("original")


@pytest.fixture(scope="session")
def nyt() -> WordList:
    return WordList.bundled("nyt")


@pytest.fixture
def write_list(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Write lines to a file in tmp_path and return its path."""

    def write(name: str, lines: list[str] | str) -> Path:
        path = tmp_path / name
        text = lines if isinstance(lines, str) else "\n".join(lines) + "\n"
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture(scope="session")
def likely() -> WordList:
    """The original lists under the ``likely`` answer model: every valid word may be the
    answer, weighted by the fitted prior."""
    return WordList.bundled("original").with_answers("likely")


@pytest.fixture(scope="session")
def likely_pm(likely: WordList):  # type: ignore[no-untyped-def]
    """The 12,972 x 12,972 pattern matrix of ``likely`` (built once per session, ~3 s)."""
    from wordlekit.fast.matrix import PatternMatrix

    return PatternMatrix.for_list(likely)
