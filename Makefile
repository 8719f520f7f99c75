# Two entry points: `make run` plays, `make test` checks everything.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test lint typecheck unit install dev native bench clean chromium axe

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@ $(VENV)/.native

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@ $(VENV)/.installed $(VENV)/.native

install: $(VENV)/.installed
dev: $(VENV)/.installed-dev

# The install compiles the hot modules (setup.py, hiddenhand/native.py); their extensions sit
# beside the sources and are imported in their place, so after an edit they are built again
# here, in place, before the tests (only what changed is compiled again).
NATIVE_SOURCES := setup.py hiddenhand/native.py $(shell sed -n 's/^    "\(hiddenhand\.[a-z_.]*\)",$$/\1/p' hiddenhand/native.py | tr . / | sed 's/$$/.py/')

$(VENV)/.native: $(NATIVE_SOURCES) | $(VENV)/.installed-dev
	$(BIN)/python setup.py -q build_ext --inplace
	touch $@

native: $(VENV)/.native

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

# Three passes: the tests that may run beside others, spread over JOBS processes (pytest-xdist;
# each server test file stays on one of them), then the `serial` ones alone (timing, load,
# floods, clusters, restarts, Chromium; see tests/conftest.py), then the tests that pin what
# the games, the search and the observations do (seeded fingerprints, ISMCTS digests, tensor
# digests, random playouts) again on the pure-Python modules (HIDDENHAND_PURE=1), which proves
# the native build plays the same games and builds the same tensors. All always run; any failing
# fails the target.
JOBS ?= 2
SAMENESS := tests/engine/test_fingerprints.py tests/bots/test_ismcts_digests.py tests/test_native.py \
	tests/rl/test_tensor_digests.py tests/engine/test_playout.py

unit: dev native chromium axe
	status=0; \
	HIDDENHAND_EXPECT_NATIVE=1 $(BIN)/python -m pytest -n $(JOBS) --dist loadgroup -m "not serial" || status=$$?; \
	$(BIN)/python -m pytest -p no:xdist -m serial || status=$$?; \
	HIDDENHAND_PURE=1 $(BIN)/python -m pytest -n $(JOBS) $(SAMENESS) || status=$$?; \
	exit $$status

test: lint typecheck unit

bench: install
	$(BIN)/hiddenhand bench goodcop --players 6

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .axe build
	find hiddenhand -name '*.so' -delete
