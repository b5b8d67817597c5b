# Two commands set everything up on a fresh Debian machine with Python 3.11:
#   make run    start the web app at http://127.0.0.1:8000 (games stored in the user data folder)
#   make test   lint, type-check and run every test (what .ci/run calls)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean install

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/wordle serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/python -m pytest

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engine.py
	$(BIN)/python benchmarks/bench_strategies.py
	$(BIN)/python benchmarks/bench_optimal.py
	$(BIN)/python benchmarks/bench_web.py
	$(BIN)/python benchmarks/bench_randomplay.py
	$(BIN)/python benchmarks/bench_openers.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
