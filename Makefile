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

## demo: check every example, show what `pfn fmt` would change, score a pool
demo: $(STAMP)
	@echo "== pfn check: every example (errata apart)"
	$(BIN)/pfn check examples/*.pfn examples/seeds
	@echo
	@echo "== pfn check examples/errata: a published settlement that does not add up"
	-$(BIN)/pfn check --quiet examples/errata
	@echo
	@echo "== pfn fmt --diff examples/import-format.pfn (nothing is written)"
	$(BIN)/pfn fmt --diff examples/import-format.pfn
	@echo
	@echo "== pfn score examples/sochi-match.pfn"
	$(BIN)/pfn score examples/sochi-match.pfn
	@echo "== pfn score examples/seeds/seed000-settlement.pfn"
	$(BIN)/pfn score examples/seeds/seed000-settlement.pfn | tail -6
	@echo
	@echo "demo done: examples checked clean, errata reported, formatting shown, pool scored"

## bench: every performance figure (docs/performance.md); bench-quick: the same, smaller
bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

bench-quick: $(STAMP)
	$(BIN)/python benchmarks/bench.py --quick

## docs: regenerate the generated parts of docs/
docs: $(STAMP)
	$(BIN)/python -m pfn.tools.docs .

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
