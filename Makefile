# pfn — the two quick-start commands are `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: demo test lint typecheck bench bench-quick docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,fast]'
	touch $(STAMP)

## demo: check every example, show what `pfn fmt` would change in an import-format example
demo: $(STAMP)
	$(BIN)/python -m pfn.demo

## test: the whole suite, then ruff and mypy --strict
test: $(STAMP)
	$(BIN)/python -m pytest
	$(BIN)/ruff check pfn tests benchmarks
	$(BIN)/mypy --strict pfn

lint: $(STAMP)
	$(BIN)/ruff check pfn tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict pfn

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis
