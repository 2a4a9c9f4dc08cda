# Hicksheet. `make run` serves the site on a fresh clone; `make test` runs every test.
# Both build .venv from requirements-dev.txt first, and again whenever a requirements file changes.

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv run dev test test-quick lint bench demo messages

venv: $(STAMP)

$(STAMP): requirements.txt requirements-dev.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

# What a club night runs, safe on the venue's Wi-Fi: DEBUG off, a secret key made on the first
# run (.secret_key), static files by WhiteNoise, uvicorn (ASGI). HOST=0.0.0.0 serves phones and prints
# the address to open.
run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py serve

# A developer's server: DEBUG on (tracebacks in the browser, files reloaded), loopback only.
dev: $(STAMP)
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/python manage.py serve

# Every test, a worker process per core (pytest-xdist; tests that share a costly fixture are
# marked to stay on one worker: --dist loadgroup), then the 15 slowest tests and the coverage of
# scoring/ and league/ (a line a file not fully covered, and the total). Extra pytest arguments:
# make test ARGS="tests/league -x"; ARGS=-n0 runs in one process; ARGS=--no-cov skips coverage.
PARALLEL := -n auto --dist loadgroup
test: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL) --durations=15 \
		--cov=scoring --cov=league --cov-report=term:skip-covered $(ARGS)

# The edit-test loop: the engine's tests and the site's, without the browser, the crawls of the
# demo and of every address (marked crawl), or coverage, and Hypothesis's dev profile (fewer
# examples; tests/conftest.py). make test is still what counts.
test-quick: $(STAMP)
	HYPOTHESIS_PROFILE=dev $(BIN)/python -m pytest $(PARALLEL) --durations=5 -m "not crawl" \
		tests/scoring tests/league $(ARGS)

# mypy's settings (strict, django-stubs' plugin) are in pyproject.toml.
lint: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .
	$(BIN)/python -m mypy scoring/ league/

bench: $(STAMP)
	$(BIN)/python bench/run.py

# The site on its own database, demo.sqlite3, filled afresh each time with a club night
# (manage.py demo); sign in as secretary, password hicksheet-demo. Never db.sqlite3.
demo: $(STAMP)
	DATABASE_URL=sqlite:///demo.sqlite3 $(BIN)/python manage.py migrate --noinput
	DATABASE_URL=sqlite:///demo.sqlite3 $(BIN)/python manage.py demo --reset
	DATABASE_URL=sqlite:///demo.sqlite3 $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DATABASE_URL=sqlite:///demo.sqlite3 $(BIN)/python manage.py serve

# The translation catalogs (locale/<language>/LC_MESSAGES): every string marked in the code, the
# templates and static/js brought into each language of settings.LANGUAGES (new ones
# untranslated, gone ones dropped), then compiled to the .mo files the site reads
# (league/management/commands/messages.py). Needs GNU gettext (Debian: gettext). Translate by
# editing the .po files (locale/glossary.csv has each game word), then run it again.
messages: $(STAMP)
	$(BIN)/python manage.py messages
