# Two entry points: `make run` plays, `make test` checks everything.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test lint typecheck unit install dev bench clean chromium axe

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
dev: $(VENV)/.installed-dev

run: install
	$(BIN)/hiddenhand serve

lint: dev
	$(BIN)/ruff check hiddenhand tests benchmarks
	$(BIN)/ruff format --check hiddenhand tests benchmarks

typecheck: dev
	$(BIN)/mypy

# The browser tests drive Debian's Chromium (Playwright's own download is not used).
chromium:
	@test -x /usr/bin/chromium || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; }

# axe-core checks the pages' accessibility in the browser tests: from the npm registry, pinned,
# into an ignored folder (the tests inject .axe/node_modules/axe-core/axe.min.js).
AXE_VERSION := 4.11.0
AXE := .axe/node_modules/axe-core/axe.min.js

$(AXE):
	npm install --prefix .axe --no-save --no-audit --no-fund axe-core@$(AXE_VERSION)

axe: $(AXE)

# Two passes: the tests that may run beside others, spread over JOBS processes (pytest-xdist;
# each server test file stays on one of them), then the `serial` ones alone (timing, load,
# floods, clusters, restarts, Chromium; see tests/conftest.py). Both always run; either failing
# fails the target.
JOBS ?= 2

unit: dev chromium axe
	status=0; \
	$(BIN)/python -m pytest -n $(JOBS) --dist loadgroup -m "not serial" || status=$$?; \
	$(BIN)/python -m pytest -p no:xdist -m serial || status=$$?; \
	exit $$status

test: lint typecheck unit

bench: install
	$(BIN)/hiddenhand bench goodcop --players 6

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .axe
