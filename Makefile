# pfn — the two quick-start commands are `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: conformance catalogs demo test test-slow web test-web wheel bench-check test-python-search test-typer-lowest test-latex lint typecheck bench bench-quick docs site fuzz fuzz-core clean

# the install builds the compiled search core (setup.py) when a C compiler is there
$(STAMP): pyproject.toml setup.py pfn/analysis/_core.c $(wildcard pfn/locale/*/LC_MESSAGES/pfn.po)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,fast]' \
	    --config-settings editable_mode=compat
	touch $(STAMP)

## catalogs: extract the marked texts into pfn/locale, merge them into each language, make sr_Cyrl from sr, compile
catalogs: $(STAMP)
	$(BIN)/python -m pfn.tools.catalogs

## demo: check every example, show what `pfn fmt` would change, score a pool, draw, solve
demo: $(STAMP)
	@echo "== pfn check: every example (errata apart)"
	$(BIN)/pfn check examples/*.pfn examples/seeds
	@echo
	@echo "== pfn check examples/errata: a published settlement that does not add up"
	@echo "   (this step is meant to fail: pfn finds the book's error and exits 1)"
	@$(BIN)/pfn check --quiet examples/errata || echo "   -> exit $$?, as intended: the wrong entry is named above"
	@echo
	@echo "== pfn fmt --diff examples/import-format.pfn (nothing is written)"
	$(BIN)/pfn fmt --diff examples/import-format.pfn
	@echo
	@echo "== pfn score examples/sochi-match.pfn"
	$(BIN)/pfn score examples/sochi-match.pfn
	@echo "== pfn score examples/seeds/seed000-settlement.pfn"
	$(BIN)/pfn score examples/seeds/seed000-settlement.pfn | tail -6
	@echo "== pfn score: the Mail.ru, Britannica and classic pools (their settlements)"
	$(BIN)/pfn score examples/mailru-match.pfn | tail -5
	$(BIN)/pfn score examples/britannica-match.pfn | tail -5
	$(BIN)/pfn score examples/classic-match.pfn | tail -5
	@echo
	@echo "== pfn render: a trick, every trick of a deal, the score sheet, a book column, the HTML replay page, double-dummy marks, Russian labels (into out/)"
	@mkdir -p out
	$(BIN)/pfn render examples/brief.pfn --board 1 --trick 2 -o out/brief-trick2.svg
	$(BIN)/pfn render examples/brief.pfn --board 1 --all -o out/brief-tricks.pdf
	$(BIN)/pfn render examples/sochi-match.pfn --sheet -o out/sochi-sheet.png
	$(BIN)/pfn render examples/brief.pfn --board 1 --trick 2 --style book -o out/brief-book.pdf
	$(BIN)/pfn render examples/sochi-match.pfn --format html -o out/sochi-match.html
	$(BIN)/pfn render examples/analysis.pfn --board 1 --dd --style book -o out/analysis-dd.pdf
	$(BIN)/pfn render examples/brief.pfn --board 1 --trick 2 --lang ru -o out/brief-ru.svg
	@echo
	@echo "== for authors: the document's face, no heading, a caption; a GIF card by card; a problem set (into out/)"
	$(BIN)/pfn render examples/brief.pfn --board 1 --trick 2 --style book --font "DejaVu Serif" --no-title --caption "Diagram 1. Ceca shows out." -o out/brief-serif.pdf
	$(BIN)/pfn render examples/annotated.pfn --board 1 --dpi 60 -o out/annotated.gif
	$(BIN)/pfn render examples/analysis.pfn --problems -o out/problems.pdf
	@if command -v lualatex >/dev/null 2>&1; then $(BIN)/pfn render examples/brief.pfn --board 1 --trick 2 --style book -o out/brief.pgf; \
	else echo "   (no LuaLaTeX on this machine: the PGF step is left out; .ci/run installs TeX)"; fi
	@echo
	@echo "== recording: pfn record answered from a script; pfn fmt --fill on a pool of results (into out/)"
	@rm -f out/recorded.pfn
	printf 'Ana; Boris; Ceca\n\n\n10\nfriday\nC\nr\n6S\nA\nwhist pass\n6 4 -\nr\npass\n3 4 3\nend\n' | $(BIN)/pfn record out/recorded.pfn | tail -5
	cp examples/first-game.pfn out/first-game.pfn
	$(BIN)/pfn fmt --fill --sheet out/first-game.pfn
	@grep '^\[Score' out/first-game.pfn
	@echo
	@echo "== in the players' languages: explain and solve in Russian, show and odds in Serbian"
	$(BIN)/pfn explain E503 --lang ru | head -5
	$(BIN)/pfn solve examples/brief.pfn --board 1 --lang ru
	$(BIN)/pfn show examples/brief.pfn --board 1 --trick 2 --lang sr | head -3
	$(BIN)/pfn odds examples/brief.pfn --board 1 --seat B --samples 200 --lang sr | head -3
	@echo
	@echo "== pfn show examples/brief.pfn --board 1 --trick 2"
	$(BIN)/pfn show examples/brief.pfn --board 1 --trick 2
	@echo
	@echo "== corpus tools: filter, dedupe, stats, split (into out/)"
	$(BIN)/pfn filter examples/sochi-match.pfn --outcome failed --whole-matches -o out/failed.pfn
	$(BIN)/pfn dedupe examples/analysis.pfn examples/analysis.pfn -o out/unique.pfn
	$(BIN)/pfn stats examples/sochi-match.pfn examples/leningrad-match.pfn --plot out/contracts.png
	$(BIN)/pfn split examples/four-players.pfn --by 1 --dir out/split
	$(BIN)/pfn convert examples/sochi-match.pfn -o out/sochi-deals.csv
	@cut -d, -f4,9-10,15-16 out/sochi-deals.csv
	@echo
	@echo "== the library: a board stepped through board 2 of the Sochi pool, the solver asked at trick 5"
	$(BIN)/python -c 'import pfn; b = pfn.Board.from_record(pfn.load("examples/sochi-match.pfn")[1], trick=5); print(b); print("legal:", *b.legal_moves()); print("with best play:", {str(c): v for c, v in pfn.solve(b).cards.items()})'
	@echo
	@echo "== pfn import: the solver's problems, a Serbian PPN pool, an editor étude, a server log; pfn export --to pts (into out/)"
	$(BIN)/pfn import tests/data/formats/classics.pts -o out/classics.pfn
	$(BIN)/pfn check --quiet out/classics.pfn
	$(BIN)/pfn solve out/classics.pfn --board 2 --no-table
	$(BIN)/pfn import tests/data/formats/pool.ppn -o out/pool.pfn
	$(BIN)/pfn import tests/data/formats/etude.json -o out/etude.pfn
	$(BIN)/pfn import tests/data/formats/server.log --from gambler -o out/server.pfn
	$(BIN)/pfn check --quiet out/pool.pfn out/etude.pfn out/server.pfn
	$(BIN)/pfn export examples/analysis.pfn --to pts -o out/analysis.pts
	@echo "== other engines' test vectors: each stated answer checked against best play (test 4's is wrong)"
	$(BIN)/pfn import tests/data/formats/jpref.txt --from jpref -o out/jpref.pfn
	$(BIN)/pfn import tests/data/formats/jpref-declare.txt --from jpref-declare -o out/jpref-declare.pfn
	$(BIN)/pfn import tests/data/formats/solvers.tests -o out/solvers.pfn
	$(BIN)/pfn check --analyse out/solvers.pfn
	@echo "== pfn conformance: the suite's scores and pools put to an engine over the protocol (here pfn itself)"
	$(BIN)/pfn conformance run --kind score --kind pool -- $(BIN)/pfn conformance serve
	@echo "== the browser site (make web): Pyodide from the npm registry, then pfn web build out/web"
	@if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory web; \
	else echo "   (no npm on this machine: the site is left out; .ci/run installs npm)"; fi
	@echo
	@echo "== highlighting: the pfn Pygments lexer and style (into out/)"
	$(BIN)/pygmentize -l pfn -O style=pfn,full -f html -o out/brief-highlighted.html examples/brief.pfn
	@echo
	@echo "== pfn solve examples/analysis.pfn --board 1: best play, each card, the strain table (on the compiled search, then the reference)"
	$(BIN)/pfn --version
	$(BIN)/pfn solve examples/analysis.pfn --board 1 --verbose
	$(BIN)/pfn solve examples/analysis.pfn --board 1 --search python --verbose --no-table > /dev/null
	@echo "== pfn annotate examples/analysis.pfn: the cards that cost tricks, marked"
	$(BIN)/pfn annotate examples/analysis.pfn -o out/analysis-annotated.pfn
	grep -n "dd:" out/analysis-annotated.pfn
	@echo "== pfn check --analyse examples/analysis.pfn: the claim of board 3 holds"
	$(BIN)/pfn check --analyse examples/analysis.pfn
	@echo "== pfn odds: a book's problem seen from the declarer's seat (the defenders' cards unseen; a sample of the layouts)"
	$(BIN)/pfn odds examples/published.pfn --board 14a --seat A
	@echo "== pfn odds: a problem as books print it (only the declarer's hand), every one of its 184,756 layouts"
	$(BIN)/pfn odds examples/analysis.pfn --board 4 --seat A --jobs 2
	@echo "== pfn annotate --by information: the cards judged on what their players could see"
	$(BIN)/pfn annotate examples/analysis.pfn --by information -o out/analysis-information.pfn
	@echo "== pfn check --analyse examples/published.pfn: a book's problems, its answers as the Results"
	$(BIN)/pfn check --analyse --summary examples/published.pfn
	$(BIN)/pfn check --analyse --summary examples/problems/classics.pfn
	$(BIN)/pfn solve examples/published.pfn --board 14a
	@echo
	@echo "demo done: examples checked clean, errata reported, formatting shown, pool scored,"
	@echo "           diagrams and the sheet drawn in out/, corpus tools run, a file highlighted,"
	@echo "           games imported from six formats and exported to pts, a deal solved and annotated,"
	@echo "           the conformance suite run, the browser site built (serve it: .venv/bin/pfn web serve out/web)"

## bench: every performance figure (docs/performance.md, docs/analysis.md), kept with the
## guarded ratios in benchmarks/figures.json; bench-quick: smaller, nothing kept;
## bench-check: the guarded ratios again (median of three quick runs), failing on any
## that fell more than 20 % below its recorded figure
bench: $(STAMP)
	@mkdir -p build
	$(BIN)/python -u benchmarks/bench.py | tee build/bench.txt
	@grep -q '^ratio_vs_python_chess=' build/bench.txt  # the last line: the run finished
	$(BIN)/python benchmarks/figures.py --record --bench build/bench.txt

bench-quick: $(STAMP)
	$(BIN)/python benchmarks/bench.py --quick

bench-check: $(STAMP)
	$(BIN)/python benchmarks/figures.py --check

## wheel: the sdist and the wheel in dist/ (Linux: made manylinux by auditwheel; without a C
## compiler the wheel is pure Python, and says so); every platform's wheels: cibuildwheel
wheel: $(STAMP)
	rm -rf dist build/wheel
	$(BIN)/python -m build --no-isolation --outdir build/wheel .
	mkdir -p dist && cp build/wheel/*.tar.gz dist/
	for w in build/wheel/*.whl; do case $$w in \
	    *-linux_*) PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/auditwheel repair --wheel-dir dist $$w ;; \
	    *) cp $$w dist/ ;; esac; done
	@ls dist

## conformance: make the conformance suite anew from the rules (pfn/conformance/suite.jsonl.gz)
conformance: $(STAMP)
	$(BIN)/python -m pfn.tools.conformance

## docs: regenerate the generated parts of docs/ and the pictures of docs/rendering.md
docs: $(STAMP)
	$(BIN)/python -m pfn.tools.docs .
	$(BIN)/python -m pfn.tools.textmate editors/pfn.tmLanguage.json
	$(BIN)/python -m pfn.tools.gallery .

## site: the documentation site from docs/ (MkDocs, PFN highlighted by pfn's lexer) in build/site
site: $(STAMP)
	$(BIN)/pygmentize -S pfn -f html -a .codehilite > docs/css/pygments.css
	$(BIN)/mkdocs build --strict

## test: the quick suite (on two worker processes), then ruff and mypy --strict
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m "not slow" --ignore=tests/test_latex.py
	$(BIN)/ruff check pfn tests benchmarks
	$(BIN)/mypy --strict pfn

# axe-core from the npm registry (web/package-lock.json pins it): the browser tests run it
# in the replay page (tests/test_browser.py)
AXE := $(if $(shell command -v npm),web/node_modules/axe-core/axe.min.js)
web/node_modules/axe-core/axe.min.js: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

## test-slow: the tests of seconds each (worker processes, Dask, whole-suite runs, big inputs)
test-slow: $(STAMP) $(AXE)
	$(BIN)/python -m pytest -n 2 -m slow -p no:cacheprovider --ignore=tests/test_latex.py \
	    --ignore=tests/test_web.py

## web: the static site that runs pfn in the browser (docs/web.md), into out/web
web: $(STAMP) web/node_modules/pyodide/pyodide.mjs
	$(BIN)/pfn web build out/web --pyodide web/node_modules/pyodide

# Pyodide (CPython in WebAssembly) from the npm registry, at the version web/package-lock.json pins
web/node_modules/pyodide/pyodide.mjs: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

## test-web: the site in a real Chromium against a local server (tests/test_web.py)
test-web: web
	$(BIN)/python -m pytest -p no:cacheprovider tests/test_web.py

## test-python-search: the solver's tests again, on the pure-Python search (the reference)
test-python-search: $(STAMP)
	PFN_SEARCH=python $(BIN)/python -m pytest -n 2 -p no:cacheprovider tests/test_analysis.py \
	    tests/test_analysis_search.py tests/test_published.py tests/test_endings.py \
	    tests/test_board.py pfn/analysis

## test-typer-lowest: the command line's words and errors on the lowest Typer pyproject allows
TYPER_LOWEST := 0.27.0
test-typer-lowest: $(STAMP)
	rm -rf build/typer-lowest
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps \
	    --target build/typer-lowest typer==$(TYPER_LOWEST)
	PYTHONPATH=build/typer-lowest $(BIN)/python -c \
	    'import typer, sys; sys.exit(typer.__version__ != "$(TYPER_LOWEST)")'
	PYTHONPATH=build/typer-lowest $(BIN)/python -m pytest -n 2 -p no:cacheprovider \
	    -m "slow or not slow" tests/test_speech.py tests/test_cli.py tests/test_exit_codes.py

## test-latex: PGF diagrams compiled in a LuaLaTeX document (needs TeX: .ci/run installs it)
test-latex: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider tests/test_latex.py

## fuzz: the long fuzz run (PFN_FUZZ mutated inputs, random each run; make test runs 150)
fuzz: $(STAMP)
	PFN_FUZZ=$${PFN_FUZZ:-20000} $(BIN)/python -m pytest -p no:cacheprovider tests/test_fuzz.py

## fuzz-core: the compiled core built with AddressSanitizer and UndefinedBehaviorSanitizer,
## run on PFN_CORE_FUZZ random and hostile positions against the Python search
ASAN_CORE := build/asan/_core$(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
fuzz-core: $(STAMP)
	@mkdir -p build/asan
	$${CC:-gcc} -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	    -fno-omit-frame-pointer -shared -fPIC -std=c11 \
	    -I$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])') \
	    pfn/analysis/_core.c -o $(ASAN_CORE)
	PFN_CORE_SO=$(CURDIR)/$(ASAN_CORE) PFN_CORE_FUZZ=$${PFN_CORE_FUZZ:-1500} \
	    ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	    LD_PRELOAD="$$($${CC:-gcc} -print-file-name=libasan.so) $$($${CC:-gcc} -print-file-name=libubsan.so)" \
	    $(BIN)/python -m pytest -p no:cacheprovider -p no:xdist tests/test_core_fuzz.py

lint: $(STAMP)
	$(BIN)/ruff check pfn tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict pfn

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis pfn/analysis/_core*.so pfn/analysis/_core*.pyd
