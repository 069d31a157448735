# Two commands on a fresh machine with Python 3.11: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# pipefail: pip's own failure fails the step, though its output goes through a filter.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: run test lint bench screenshots

$(BIN)/python:
	@echo "== Making a virtual environment in $(VENV) (once)"
	$(PYTHON) -m venv $(VENV)

# Stamp files: reinstall only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@echo "== Installing the site's packages into $(VENV) (about a minute and a half the first time)"
	$(BIN)/python -m pip install --progress-bar off --disable-pip-version-check -e . | sed '/^Requirement already satisfied/d'
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(VENV)/.installed
	@echo "== Installing the test tools into $(VENV)"
	$(BIN)/python -m pip install --progress-bar off --disable-pip-version-check -e '.[dev]' | sed '/^Requirement already satisfied/d'
	touch $@

run: $(VENV)/.installed
	@echo "== Bringing the database up to date"
	$(BIN)/python manage.py migrate --noinput
	@echo "== Serving http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	$(BIN)/daphne -b 127.0.0.1 -p $(PORT) cardsite.asgi:application

test: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/engine_speed.py

# Pictures of the home page and every table, 1280x800 and 360x740, light and dark, written
# outside the repository (SCREENSHOTS_DIR, default /tmp/cardsite-screenshots) by a server of its own.
screenshots: $(VENV)/.installed-dev
	$(BIN)/python scripts/screenshots.py
