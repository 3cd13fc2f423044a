# Stichblock — everyday commands. `make run` and `make test` do all the set-up themselves.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
STAMP := $(VENV)/.installed

# Django 6 needs Python >= 3.12; pip under an older Python silently installs Django 5.2, so we
# look for the newest interpreter >= 3.12 on PATH and in pyenv's versions and stop if none runs.
PYTHON_CANDIDATES = python3.14 python3.13 python3.12 python3 \
	$(wildcard $(HOME)/.pyenv/versions/3.1[2-9]*/bin/python3) \
	$(wildcard /usr/local/bin/python3.1[2-9] /usr/bin/python3.1[2-9])
BASE_PYTHON ?= $(shell for p in $(PYTHON_CANDIDATES); do \
	v=$$($$p -c 'import sys; print("%d.%03d" % sys.version_info[:2]) if sys.version_info >= (3, 12) else None' 2>/dev/null) \
	&& [ -n "$$v" ] && [ "$$v" != None ] && echo "$$v $$(command -v $$p || echo $$p)"; \
	done | sort -r | head -n 1 | cut -d' ' -f2)

.PHONY: help install axe run test test-db lint typecheck format bench messages messages-check check-python clean

help:
	@echo "make run      set up .venv, migrate and start the app on http://127.0.0.1:$(PORT)/"
	@echo "make test     lint, types, translations + the whole test suite (SQLite unless DATABASE_URL is set)"
	@echo "make install  create .venv and install only"
	@echo "make bench    benchmarks: engines vs OpenSpiel, open-hand analysis, draw, pages (prints figures)"
	@echo "make messages regenerate and compile the translations"
	@echo "make serve-prod  gunicorn with production settings against DATABASE_URL"
	@echo "make serve-events  the event streams under uvicorn (production settings, EVENTS_PORT)"
	@echo "make loadtest    200 tables x 4 phones, polling then push (gunicorn + uvicorn + PostgreSQL)"
	@echo "make faulttest   restart PostgreSQL under load; 503s, recovery, streams catch up"
	@echo "make test-prod-browser  browser tests against serve-prod + serve-events + PostgreSQL behind Caddy"
	@echo "make chaos    two phones in a pub with bad Wi-Fi, CHAOS_SEEDS=10 new seeds (CHAOS_SEED=n replays one)"

check-python:
	@if [ -z "$(BASE_PYTHON)" ]; then \
		echo "ERROR: Stichblock needs Python >= 3.12 (Django 6), but none was found." >&2; \
		echo "       Looked for: python3.14 python3.13 python3.12 python3 and ~/.pyenv/versions/3.1x." >&2; \
		echo "       Install one, or run: make BASE_PYTHON=/path/to/python3.12 ..." >&2; \
		exit 1; fi

$(PY): | check-python
	@echo "Creating $(VENV) with $(BASE_PYTHON)"
	$(BASE_PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# The engine's hot modules compiled by mypyc from their own source (scoring/rules/compiled.py,
# docs/engine.md "Compiled"), again whenever any engine source changes (mypyc compiles them
# against the modules they import) or another mypy is installed: what compiled.fingerprint
# covers. Without a C compiler the build says so and the engine runs as plain Python.
ENGINE_BUILT := scoring/rules/compiled.json
ENGINE_SOURCES := $(shell find scoring/rules -name '*.py' -not -path '*/.*')
MYPY_INSTALLED := $(wildcard $(VENV)/lib/python3*/site-packages/mypy-*.dist-info/METADATA)
$(ENGINE_BUILT): $(ENGINE_SOURCES) $(MYPY_INSTALLED) $(STAMP)
	@echo "Compiling the rules engine's hot modules (mypyc)"
	@$(PY) -m scoring.rules.build

install: $(STAMP) $(ENGINE_BUILT)

data:
	@mkdir -p data

# The task worker (open-hand analyses) runs beside the development server and stops with it.
# runserver serves the pages and the event streams (a thread per held stream; changes reach
# them inside this one process: scoring/push.py).
run: install | data
	DJANGO_DEBUG=$${DJANGO_DEBUG:-1} $(PY) manage.py migrate --noinput
	export DJANGO_DEBUG=$${DJANGO_DEBUG:-1}; \
	$(PY) manage.py db_worker --interval 1 & worker=$$!; trap "kill $$worker 2>/dev/null" EXIT INT TERM; \
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# mypy, strict on the parts without Django (files and options in pyproject.toml).
typecheck: install
	$(VENV)/bin/mypy

format: install
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# The whole suite: lint, types, translations, then every test and the engine's doctests
# (browser tests included; see tests/browser/).
test: lint typecheck messages-check test-db

# The suite without lint, against whatever DATABASE_URL says (SQLite when unset).
test-db: install axe
	$(PY) -m pytest $(PYTEST_ARGS)

# axe-core from the npm registry, at the version and checksum tests/browser/axe/package-lock.json
# pins, for the browser tests' WCAG 2.2 AA check (tests/browser/accessibility.py). Without npm
# the check is skipped outside CI and fails in it.
AXE_JS := tests/browser/axe/node_modules/axe-core/axe.min.js
axe: $(AXE_JS)
$(AXE_JS): tests/browser/axe/package.json tests/browser/axe/package-lock.json
	@if command -v npm >/dev/null; then \
		npm ci --prefix tests/browser/axe --no-audit --no-fund --loglevel=error && touch $@; \
	elif [ -n "$$CI" ]; then echo "ERROR: npm is needed for axe-core (apt install npm)" >&2; exit 1; \
	else echo "npm not found: the browser tests' accessibility check will be skipped"; fi

# The engines (every game, against OpenSpiel's oh_hell), the open-hand analysis, the draw,
# the pages of a season, a tournament and a 48-game Skat list.
bench: install
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) -m scoring.bench $(BENCH_ARGS)
	$(PY) -m scoring.bench_analysis $(ANALYSIS_BENCH_ARGS)
	$(PY) -m tournaments.bench $(TOURNAMENT_BENCH_ARGS)
	$(PY) -m scoring.groups.bench $(GROUP_BENCH_ARGS)
	$(PY) -m scoring.bench_skat_list $(SKAT_LIST_BENCH_ARGS)

# German translations live in locale/de/parts/<area>.po (one file per area, so parallel work
# does not collide); this merges them into the catalog Django reads and compiles it. The rules
# engine has its own gettext domain (no Django): its msgids are extracted from scoring/rules
# and merged into locale/de/LC_MESSAGES/stichblock_rules.po, which is compiled too.
messages: install
	$(PY) -m scoring.rules.i18n update
	msgcat --use-first --sort-output -o locale/de/LC_MESSAGES/django.po locale/de/parts/*.po
	$(PY) manage.py compilemessages -l de --ignore=.venv

# Fails when a user-visible string has no German translation (needs GNU gettext): Django's
# strings, then the engine's (every msgid translated, none fuzzy, the .mo compiled from the .po).
messages-check: install
	@if ! command -v xgettext >/dev/null; then echo "messages-check skipped: GNU gettext not installed"; exit 0; fi; \
	$(PY) manage.py makemessages -l de --ignore=.venv --ignore=tests --ignore=data -v0; \
	missing=$$(msgattrib --untranslated --no-obsolete locale/de/LC_MESSAGES/django.po; msgattrib --only-fuzzy --no-obsolete locale/de/LC_MESSAGES/django.po); \
	msgcat --use-first --sort-output -o locale/de/LC_MESSAGES/django.po locale/de/parts/*.po; \
	if [ -n "$$missing" ]; then echo "Untranslated or fuzzy strings (add them to locale/de/parts/*.po):"; echo "$$missing" | grep -E '^(msgctxt|msgid)'; exit 1; fi; \
	echo "messages-check: every string has a German translation"; \
	$(PY) -m scoring.rules.i18n check

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache $(ENGINE_BUILT) tests/browser/axe/node_modules
	find scoring/rules -name "*.so" -delete

# --- production (docs/production.md, deploy/) -------------------------------------------------
.PHONY: serve-prod serve-events loadtest faulttest test-prod-browser chaos
EVENTS_PORT ?= 8001

# gunicorn with production settings on http://127.0.0.1:$(PORT)/ against DATABASE_URL. No TLS
# proxy here, so no HTTPS redirect; a throwaway secret key unless DJANGO_SECRET_KEY is set.
serve-prod: install
	@if [ -z "$$DATABASE_URL" ]; then \
		echo "ERROR: make serve-prod needs DATABASE_URL (PostgreSQL), for example:" >&2; \
		echo "       DATABASE_URL=postgres://postgres@127.0.0.1:5432/stichblock make serve-prod" >&2; \
		exit 1; fi
	@export DJANGO_PRODUCTION=1 DJANGO_SSL_REDIRECT=0 DJANGO_MANIFEST_STATIC=1 \
		DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')}" \
		DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}" \
		GUNICORN_BIND="127.0.0.1:$(PORT)" GUNICORN_ACCESS_LOG="$${GUNICORN_ACCESS_LOG:--}"; \
	$(PY) manage.py collectstatic --noinput -v0 && \
	$(PY) manage.py migrate --noinput && \
	echo "Stichblock (production settings) on http://127.0.0.1:$(PORT)/" && \
	exec $(VENV)/bin/gunicorn -c deploy/gunicorn.conf.py stichblock.wsgi

# The event streams (Server-Sent Events) under uvicorn with production settings on
# http://127.0.0.1:$(EVENTS_PORT)/. In production a proxy sends /…/events/ here and the rest to
# gunicorn (deploy/Caddyfile); without one, pages served by `make serve-prod` get a 204 for their
# stream and poll.
serve-events: install
	@if [ -z "$$DATABASE_URL" ]; then echo "ERROR: make serve-events needs DATABASE_URL" >&2; exit 1; fi
	@export DJANGO_PRODUCTION=1 DJANGO_SSL_REDIRECT=0 DJANGO_MANIFEST_STATIC=1 DJANGO_DB_POOL=1 \
		DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:?set the same DJANGO_SECRET_KEY as serve-prod}" \
		DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}"; \
	echo "Stichblock event streams on http://127.0.0.1:$(EVENTS_PORT)/" && \
	exec $(VENV)/bin/uvicorn stichblock.asgi:application --host 127.0.0.1 --port $(EVENTS_PORT) \
		--workers 1 --loop uvloop --http httptools --no-access-log --timeout-graceful-shutdown 5

# Bounded load (LOAD_ARGS, e.g. "--tables 50 --duration 20"): loopback only, a throwaway
# database; phones that poll, then phones that hold their event streams (--live both), side by
# side: requests/s, p50/p95/p99, push latency, connections held, server CPU and memory, errors,
# events lost or duplicated, and every round checked in the database.
loadtest: install
	$(PY) -m pip install --quiet -e '.[load]'
	$(PY) -m tests.production.load.run $(LOAD_ARGS)

# PostgreSQL (a dedicated cluster) stopped and started in the middle of the load.
faulttest: install
	$(PY) -m pip install --quiet -e '.[load]'
	$(PY) -m tests.production.load.run --fault --tables 50 --duration 40 $(FAULT_ARGS)

# The browser tests that matter most at a table, against the production set-up
# (tests/browser/production/): they start `make serve-prod` and `make serve-events` on free
# ports against pytest-django's throwaway copy of PROD_BROWSER_DATABASE_URL, with Caddy in front
# (deploy/Caddyfile). Needs PostgreSQL, caddy and chromium (.ci/run installs them).
PROD_BROWSER_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/stichblock_production
test-prod-browser: install axe
	DATABASE_URL="$(PROD_BROWSER_DATABASE_URL)" $(PY) -m pytest tests/browser/production -m production_browser $(PYTEST_ARGS)

# The chaos test of the outbox (docs/scorepad.md, "Chaos test") on more seeds than CI's: new
# ones each run (printed with the test's id), or CHAOS_SEED=n to replay one. -x: the first
# failure prints its seed and steps.
CHAOS_SEEDS ?= 10
chaos: install
	$(if $(CHAOS_SEED),CHAOS_SEED=$(CHAOS_SEED),CHAOS_SEEDS=$(CHAOS_SEEDS)) \
	DATABASE_URL="$(PROD_BROWSER_DATABASE_URL)" $(PY) -m pytest \
		tests/browser/production/test_production_chaos.py -m production_browser -x $(PYTEST_ARGS)
