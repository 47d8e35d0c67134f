# Petteia site: `make serve` builds everything on a fresh machine and serves it;
# `make test` runs every test. Everything generated lands in .venv/, node_modules/, build/,
# docs/assets/vendor/ and site/ (all git-ignored).
SHELL := /bin/bash
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1
export PUPPETEER_SKIP_DOWNLOAD := 1

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
FIREFOX := /usr/bin/firefox-esr
WEBKIT_DRIVER := /usr/bin/WebKitWebDriver
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

CORE_SRC := $(wildcard petteia_core/*.py petteia_core/*/*.py petteia_core/*/data/*.json \
              petteia_core/locale/*/LC_MESSAGES/*.po) pyproject.toml
SITE_SRC := mkdocs.yml $(shell find docs -type f -not -path 'docs/assets/vendor/*' 2>/dev/null) \
            $(wildcard site_scripts/*/*.py) $(wildcard includes/*.md) $(shell find overrides -type f 2>/dev/null)
VENDOR_STAMP := docs/assets/vendor/runtime.mjs

.PHONY: all serve build vendor wheel engine-catalog test test-core test-pyodide test-site test-e2e test-engines test-engine-games test-monkey test-languages \
        chromium engines bench bench-engines bench-ai bench-puzzles lab-data screenshots lighthouse clean

all: build

# ---------------------------------------------------------------- environments
# petteia_core is installed in editable mode (site_scripts/build/build_backend.py, standard library
# only, offline): the working tree is importable, so no script patches sys.path.
$(VENV)/.installed: requirements.txt pyproject.toml site_scripts/build/build_backend.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install -q --disable-pip-version-check -e . --no-deps
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Pure-Python wheels of pytest & co. for the Pyodide test run (tests/pyodide/requirements.txt).
build/pywheels/.installed: tests/pyodide/requirements.txt $(VENV)/.installed
	rm -rf build/pywheels
	$(PY) -m pip download -q --disable-pip-version-check --only-binary=:all: --no-deps \
	  --platform any --python-version 3.14 --implementation py \
	  -r tests/pyodide/requirements.txt -d build/pywheels
	touch $@

# pyodide-build (its py-compile) and the pure-Python wheels it needs, run inside Pyodide on Node to
# compile the standard library and petteia_core at build time (site_scripts/build/vendor.py).
build/pyodide-build/.installed: site_scripts/build/pyodide_build_requirements.txt $(VENV)/.installed
	rm -rf build/pyodide-build
	$(PY) -m pip download -q --disable-pip-version-check --only-binary=:all: --no-deps \
	  --platform any --python-version 3.14 --implementation py \
	  -r site_scripts/build/pyodide_build_requirements.txt -d build/pyodide-build
	touch $@

# ---------------------------------------------------------------- build
wheel: build/dist/.built
build/dist/.built: $(CORE_SRC) site_scripts/build/build_wheel.py site_scripts/build/engine_catalog.py $(VENV)/.installed
	rm -rf build/dist
	$(PY) -m site_scripts.build.build_wheel --out build/dist
	touch $@

vendor: $(VENDOR_STAMP)
$(VENDOR_STAMP): $(CORE_SRC) site_scripts/build/vendor.py site_scripts/build/build_wheel.py site_scripts/build/engine_catalog.py site_scripts/build/pyodide_compile.mjs \
                 node_modules/.installed $(VENV)/.installed build/pyodide-build/.installed
	$(PY) -m site_scripts.build.vendor > /dev/null

# The engine's gettext template (petteia_core/locale/petteia.pot), extracted again with Babel;
# tests/test_web_catalog.py fails while it is stale.
engine-catalog: $(VENV)/.installed
	$(PY) -m site_scripts.build.engine_catalog

# The pages' catalog of words (site_scripts/build/catalog.py): docs/locale/*.po compiled for i18n.js.
CATALOG := docs/assets/vendor/catalog.mjs
$(CATALOG): $(wildcard docs/locale/*.po) site_scripts/build/catalog.py $(VENV)/.installed
	$(PY) -m site_scripts.build.catalog > /dev/null

build: site/.built
# language_check: every published language (extra.published_languages in mkdocs.yml, or
# PETTEIA_LANGUAGES=en,it,uk) has every page's twin, the English boards and complete catalogs.
site/.built: $(VENDOR_STAMP) $(CATALOG) $(SITE_SRC)
	$(PY) -m site_scripts.build.language_check
	$(PY) -m mkdocs build --strict --quiet
	touch $@

serve: build
	$(PY) -m site_scripts.build.serve --dir site --host $(HOST) --port $(PORT)

# ---------------------------------------------------------------- tests
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "Installing Debian's chromium (browser tests)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi

# The cross-engine tests (tests/engines): Debian's Firefox ESR (driven by puppeteer-core from npm over
# WebDriver BiDi) and WebKitGTK (WebKitWebDriver, driven by Selenium from PyPI, on an Xvfb display).
engines:
	@missing=""; \
	[ -x $(FIREFOX) ] || missing="$$missing firefox-esr"; \
	[ -x $(WEBKIT_DRIVER) ] || missing="$$missing webkit2gtk-driver"; \
	command -v Xvfb > /dev/null || missing="$$missing xvfb"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian's$$missing (cross-engine browser tests)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

test: build build/dist/.built build/pywheels/.installed chromium engines node_modules/.installed
	$(PY) -m pytest -q -p no:cacheprovider -n 2 --dist loadscope --durations=40 -m "not serial" tests
	$(PY) -m pytest -q -p no:cacheprovider -m serial tests
	node tests/pyodide/run_core_tests.mjs

test-core: $(VENV)/.installed
	$(PY) -m pytest -q tests --ignore=tests/site --ignore=tests/e2e --ignore=tests/engines

test-pyodide: $(VENDOR_STAMP) build/pywheels/.installed node_modules/.installed
	node tests/pyodide/run_core_tests.mjs

# Every language published (PETTEIA_LANGUAGES=en,it,uk: language_check must pass first), built into
# build/site-languages, and its browser tests (tests/e2e/test_languages.py; skipped on an English-only site/).
test-languages: $(VENDOR_STAMP) $(CATALOG) chromium
	PETTEIA_LANGUAGES=en,it,uk $(PY) -m site_scripts.build.language_check
	PETTEIA_LANGUAGES=en,it,uk $(PY) -m mkdocs build --strict --quiet -d build/site-languages
	PETTEIA_SITE=build/site-languages $(PY) -m pytest -q -p no:cacheprovider tests/e2e/test_languages.py

test-site: build
	$(PY) -m pytest -q tests/site

test-e2e: build chromium
	$(PY) -m pytest -q tests/e2e

test-engines: build engines node_modules/.installed
	$(PY) -m pytest -q -p no:cacheprovider tests/engines

# A whole game by clicks in every ruleset in both Firefox ESR and WebKitGTK (make test: each engine its share).
test-engine-games: build engines node_modules/.installed
	PETTEIA_ENGINE_GAMES=all $(PY) -m pytest -q -p no:cacheprovider tests/engines -k whole_game

# The play page's seeded random test with many seeds (make test runs three): make test-monkey SEEDS="1 2 3" STEPS=60
SEEDS ?= 1 2 3 4 5 6 7 8 9 10
STEPS ?= 40
test-monkey: build chromium
	PETTEIA_MONKEY_SEEDS="$(SEEDS)" PETTEIA_MONKEY_STEPS="$(STEPS)" $(PY) -m pytest -q -p no:cacheprovider tests/e2e/test_play_monkey.py

# ---------------------------------------------------------------- measurements
# BENCH_ARGS: e.g. --also before=/path/to/an/older/site (timed in the same run), --runs 3
bench: build chromium engines node_modules/.installed
	$(PY) -m site_scripts.bench.bench_load $(BENCH_ARGS)
	$(PY) tests/engines/bench_tti.py
	$(PY) -m site_scripts.bench.bench_ai --speed-only

# Time to the first interactive board in Chromium, Firefox ESR and WebKitGTK (cold loads, medians).
bench-engines: build chromium engines node_modules/.installed
	$(PY) tests/engines/bench_tti.py $(BENCH_ARGS)

# The computer opponent's self-play strength table (issue #5): hours of CPU; see its docstring.
bench-ai: node_modules/.installed $(VENV)/.installed
	mkdir -p build
	nice -n 19 $(PY) -m site_scripts.bench.bench_ai --speed --jobs 2 --log build/bench_ai.jsonl

# The rules lab's self-play statistics (issue #15): docs/lab/selfplay.json, committed; the build only
# reads it. Resumable (build/lab/*.jsonl). --jobs 2, or --scheduler local:N or tcp://HOST:8786 for a Dask
# cluster (the extra petteia_core[lab], pinned in requirements.txt). The default is the page's research run
# (issue #32; its CPU time is on the page); LAB_ARGS="--games 40 --level 2 --out /tmp/small.json" for a quick one.
LAB_ARGS ?= --games 400 --level 3 --compare-level 2 --jobs 2
lab-data: $(VENV)/.installed
	mkdir -p build/lab
	nice -n 19 $(PY) -m site_scripts.generate.lab_data $(LAB_ARGS) 2>&1 | tee -a build/lab/run.log

# The puzzle ratings (issue #14): distribution per game, correlation with the levels' solve rate.
bench-puzzles: $(VENV)/.installed
	$(PY) -m site_scripts.bench.bench_puzzle_ratings $(BENCH_ARGS)

screenshots: build chromium
	$(PY) -m site_scripts.bench.screenshot

# Accessibility and best-practices scores (Lighthouse from npm, Debian's Chromium), four pages.
lighthouse: build chromium node_modules/.installed
	$(PY) -m site_scripts.bench.lighthouse

clean:
	rm -rf site build docs/assets/vendor
