# Two commands set everything up on a fresh Debian machine with Python 3.11:
#   make run    start the web app at http://127.0.0.1:8000 (games stored in the user data folder)
#   make test   lint, type-check, build the docs and run every test (what .ci/run calls); installs
#               Debian's chromium for the browser tests when it is missing (scripts/ensure-chromium)
#   make check  lint, type-check and the fast tests: the loop while working
PYTHON ?= python3
# Python may write its bytecode (and pytest its rewritten tests): without them every process of
# the tests compiles every module again (the collection alone takes three times as long).
unexport PYTHONDONTWRITEBYTECODE
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check lint typecheck pytest browser bench clean install lock docs docs-serve

install: $(STAMP)

# requirements.lock pins every package (pip constraints): the same versions on every machine.
# version.py too: the installed metadata reports the version it holds.
$(STAMP): pyproject.toml requirements.lock src/wordlekit/version.py
	@if test -x $(BIN)/python; then \
	    echo "updating $(VENV): pyproject.toml or requirements.lock changed, reinstalling…"; \
	else \
	    echo "setting up $(VENV): installing wordlekit and its dependencies (about half a minute, first run only)…"; \
	fi
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --constraint requirements.lock pip setuptools wheel
	@$(BIN)/python -m pip install --quiet --constraint requirements.lock -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/wordle serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# Debian's chromium for the browser tests: installed with apt-get when missing (never downloaded)
browser:
	scripts/ensure-chromium

# the tests on every core, a test file at a time per worker (its browser and server start once)
XDIST ?= -n auto --dist loadfile

pytest: $(STAMP) browser
	$(BIN)/python -m pytest $(XDIST) --durations=20

# lint, types and every test but the slow ones (browser, live server, work pool, full-screen
# app, or about two seconds or more): the loop while working, in under a minute
check: lint typecheck
	$(BIN)/python -m pytest $(XDIST) -m "not slow" -q

test: lint typecheck docs pytest

# the documentation site (mkdocs-material) into build/site; every warning is an error
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

docs-serve: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engine.py
	$(BIN)/python benchmarks/bench_strategies.py
	$(BIN)/python benchmarks/bench_optimal.py
	$(BIN)/python benchmarks/bench_web.py
	$(BIN)/python benchmarks/bench_randomplay.py
	$(BIN)/python benchmarks/bench_openers.py

# the newest versions pyproject.toml allows, resolved afresh and frozen (then run make test)
lock:
	scripts/lock

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
