"""pfn benchmarks: every figure measured in one run, medians of repeated rounds.

    python benchmarks/bench.py            # the full run (make bench)
    python benchmarks/bench.py --quick    # smaller sizes, under a minute (make bench-quick)

Prints one line per figure and ends with ``ratio_vs_python_chess=X.XX``: pfn check's
MB/s (parse + replay + score, lark-cython when installed) over python-chess
``read_game``'s MB/s (parse + replay) on real games (``benchmarks/data/pgn/``, see
its SOURCE.md), both run as fresh processes on their file, in interleaved rounds; the
median of the rounds' ratios is kept.  pfn's corpus is generated records with
comments on some tricks, as people annotate.  Corpora are made once and kept in
``benchmarks/corpus/``.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
PFN = [sys.executable, "-m", "pfn.cli"]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""Child processes may write and use bytecode caches, as an installed pfn does."""


def median_time(run: Callable[[], object], rounds: int) -> float:
    """Median wall time of ``rounds`` calls."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


REMARKS = ("Boris shows out", "the only card", "a safe exit", "Ceca unblocks",
           "now the trumps are drawn", "an endplay", "Ana could claim here",
           "the defence goes wrong", "a deep finesse", "ducking was better")
"""What annotators write after a trick."""


def pfn_corpus(records: int, seed: int = 2026, comments: bool = True) -> Path:
    """A file of ``records`` generated Sochi records (matches of 12 deals, scored), a
    comment after about one trick in five (``comments``), as annotated records have."""
    path = CORPUS / f"sochi-{records}-{seed}{'-commented' * comments}.pfn"
    if not path.exists():
        from pfn.generate import generate
        from pfn.notation.reader import loads
        from pfn.notation.writer import dump

        CORPUS.mkdir(exist_ok=True)
        rng = random.Random(seed)
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            buffer = io.StringIO()
            dump((r for text in generate(records, "sochi", seed, match_size=12, target=20)
                  for r in loads(text)), buffer)
            inside = False
            for line in buffer.getvalue().splitlines(keepends=True):
                if line.startswith("["):
                    inside = line.startswith("[Play ")
                elif inside and comments and line.strip() and rng.random() < 0.2:
                    line = line.rstrip("\n") + " { " + rng.choice(REMARKS) + " }\n"
                handle.write(line)
    return path


REAL_PGN = HERE / "data" / "pgn"


def real_pgn_corpus(megabytes: float) -> Path:
    """The real games of ``benchmarks/data/pgn`` repeated to about ``megabytes`` MB."""
    text = "".join(p.read_text(encoding="utf-8").replace("\r\n", "\n").rstrip() + "\n\n"
                   for p in sorted(REAL_PGN.glob("*.pgn")))
    times = max(1, round(megabytes * 1e6 / len(text.encode())))
    path = CORPUS / f"real-games-x{times}.pgn"
    if not path.exists():
        CORPUS.mkdir(exist_ok=True)
        path.write_text(text * times, encoding="utf-8")
    return path


READ_GAMES = ("import sys, chess.pgn\n"
              "handle = open(sys.argv[1], encoding='utf-8')\n"
              "count = 0\n"
              "while chess.pgn.read_game(handle) is not None:\n"
              "    count += 1\n"
              "print(count)\n")
"""python-chess reading every game of a file: parse and replay, as ``pfn check`` does."""


def run_chess(path: Path) -> tuple[float, int]:
    """Wall time of python-chess reading ``path`` in a fresh process, and the games."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", READ_GAMES, str(path)], env=ENV,
                          capture_output=True, text=True, check=True)
    return time.perf_counter() - start, int(done.stdout)


def repeated(source: Path, times: int) -> Path:
    """``source`` written ``times`` times over, for the memory figure."""
    path = CORPUS / f"{source.stem}-x{times}.pfn"
    if not path.exists():
        text = source.read_text(encoding="utf-8")
        body = text.split("\n", 1)[1]
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("% PFN 1.0\n")
            for number in range(times):
                handle.write(body.replace('[Match "m', f'[Match "r{number}-m'))
                handle.write("\n")
    return path


def run_cli(args: list[str], env: dict[str, str] | None = None) -> float:
    """Wall time of one ``pfn`` command in a fresh process."""
    start = time.perf_counter()
    done = subprocess.run([*PFN, *args], env={**ENV, **(env or {})},
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"pfn {' '.join(args)} failed: {done.stderr}")
    return elapsed


def peak_memory(args: list[str]) -> float:
    """Peak resident memory (MB) of one ``pfn`` command."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:],"
            " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL);"
            " print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *PFN, *args], capture_output=True,
                         text=True, check=True).stdout
    return int(out.strip()) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes, a quick look")
    parser.add_argument("--records", type=int, help="records in the main corpus")
    args = parser.parse_args()
    records = args.records or (2_000 if args.quick else 20_000)
    rounds = 3
    memory_base = 1_000 if args.quick else 2_000

    corpus = pfn_corpus(records)
    size = corpus.stat().st_size / 1e6
    print(f"corpus: {records} records, {size:.2f} MB ({corpus.name})")

    # the anchor: python-chess read_game on real games, a fresh process on its file, as
    # pfn check runs: each round runs both sides and gives a ratio; the median is kept,
    # so a slow moment of the machine weighs on both sides alike
    from pfn.notation.reader import accelerated

    pgn = real_pgn_corpus(1.0 if args.quick else 5.0)
    pgn_size = pgn.stat().st_size / 1e6
    labels = [("fast", {}), ("pure", {"PFN_PURE_PYTHON": "1"})]
    if not accelerated():
        print("check_fast: lark-cython is not installed (pip install '.[fast]')")
        labels = labels[1:]
    times: dict[str, list[float]] = {label: [] for label, _ in labels}
    times["chess"] = []
    games = 0
    for _ in range(rounds):
        for label, env in labels:
            times[label].append(run_cli(["check", "--summary", "--jobs", "1", str(corpus)],
                                        env))
        elapsed, games = run_chess(pgn)
        times["chess"].append(elapsed)
    ratios = {label: statistics.median(
        (size / t) / (pgn_size / c) for t, c in zip(times[label], times["chess"], strict=True))
        for label, _ in labels}
    for label, _ in labels:
        elapsed = statistics.median(times[label])
        print(f"check_{label}: {records / elapsed:,.0f} records/s, {size / elapsed:.3f} MB/s")
    chess_time = statistics.median(times["chess"])
    print(f"python_chess_read_game: {games / chess_time:,.0f} games/s,"
          f" {pgn_size / chess_time:.3f} MB/s on {games:,} real games, {pgn_size:.2f} MB"
          f" ({pgn.name}; fresh process, as pfn check)")

    # parse only; replay and score only (in this process, lark-cython if installed)
    from pfn.match import MatchChecker
    from pfn.notation.reader import read
    from pfn.structure import check_structure

    parsed = list(read(corpus))
    parse = median_time(lambda: list(read(corpus)), rounds)
    print(f"parse_only: {records / parse:,.0f} records/s, {size / parse:.3f} MB/s")

    def rules() -> None:
        checker = MatchChecker()
        for record in parsed:
            checker.check(record, not check_structure(record))

    replay = median_time(rules, rounds)
    print(f"replay_score_only: {records / replay:,.0f} records/s, {size / replay:.3f} MB/s")
    parsed.clear()  # free the memory before the next figures

    # memory on a file ten times larger
    base = pfn_corpus(memory_base, seed=7)
    big = repeated(base, 10)
    for label, command in (("check", ["check", "--summary", "--jobs", "1"]),
                           ("fmt", ["fmt", "--stdout"]), ("score", ["score"]),
                           ("filter", ["filter", "--outcome", "made", "--jobs", "1"]),
                           ("dedupe", ["dedupe", "--jobs", "1"]),
                           ("stats", ["stats", "--jobs", "1"])):
        small_peak = peak_memory([*command, str(base)])
        big_peak = peak_memory([*command, str(big)])
        print(f"peak_memory_{label}: {small_peak:.1f} MB on {base.stat().st_size / 1e6:.1f} MB,"
              f" {big_peak:.1f} MB on {big.stat().st_size / 1e6:.1f} MB"
              f" (x{big_peak / small_peak:.2f})")

    # parallel speed-up on two workers, serial and parallel runs in turn
    pairs = [(run_cli(["check", "--summary", "--jobs", "1", str(corpus)]),
              run_cli(["check", "--summary", "--jobs", "2", str(corpus)]))
             for _ in range(rounds)]
    one = statistics.median(p[0] for p in pairs)
    two = statistics.median(p[1] for p in pairs)
    speedup = statistics.median(a / b for a, b in pairs)
    print(f"jobs_2_speedup: {speedup:.2f}x ({one:.2f} s -> {two:.2f} s)")

    # the same two workers as a local Dask cluster (its start-up included), in turn
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("dask: not installed (pip install '.[dask]')")
    else:
        pairs = [(run_cli(["check", "--summary", "--jobs", "2", str(corpus)]),
                  run_cli(["check", "--summary", "--executor", "dask", "--jobs", "2",
                           str(corpus)])) for _ in range(rounds)]
        local = statistics.median(p[0] for p in pairs)
        dask = statistics.median(p[1] for p in pairs)
        print(f"dask_2_workers: {records / dask:,.0f} records/s, {size / dask:.3f} MB/s"
              f" ({dask:.2f} s, a local cluster started each run) against --jobs 2:"
              f" {records / local:,.0f} records/s ({local:.2f} s)")

    # cold start on one small file against a bare Typer command, in turn
    small = HERE.parent / "examples" / "brief.pfn"
    bare = [sys.executable, str(HERE / "bare_typer.py"), "x"]

    def bare_run() -> float:
        begin = time.perf_counter()
        subprocess.run(bare, check=True, env=ENV)
        return time.perf_counter() - begin

    run_cli(["check", str(small)])  # warm-up: bytecode caches, the grammar cache
    bare_run()
    starts = [(run_cli(["check", str(small)]), bare_run()) for _ in range(15)]
    pfn_start = statistics.median(p[0] for p in starts)
    bare_start = statistics.median(p[1] for p in starts)
    cold = statistics.median(a / b for a, b in starts)
    print(f"cold_start: pfn check {pfn_start * 1000:.0f} ms, bare typer"
          f" {bare_start * 1000:.0f} ms (x{cold:.2f})")

    # the open-hand solver: whole deals before the lead, whole records annotated
    sys.path.insert(0, str(HERE))
    from solver import main as solver_main  # benchmarks/solver.py, also run on its own

    solver_main(deals=40 if args.quick else 300, records=10 if args.quick else 30,
                odds=not args.quick)

    # pfn.Board move by move beside python-chess's Board
    from board import main as board_main  # benchmarks/board.py, also run on its own

    board_main(rounds=20 if args.quick else 50)

    # the language server's completion in a 200-deal file
    from completion import main as completion_main  # benchmarks/completion.py, also alone

    completion_main()

    # the HTML replay page: bytes, time to write, DOM nodes, time to interactive
    from page import main as page_main  # benchmarks/page.py, also run on its own

    page_main((1, 100) if args.quick else (1, 100, 1_000))

    # the browser site: size, first and later visit, a 100-deal check, a search in wasm
    from website import main as website_main  # benchmarks/website.py, also run on its own

    website_main()

    if "pure" in ratios:
        print(f"ratio_vs_python_chess_pure={ratios['pure']:.2f}")
    print(f"ratio_vs_python_chess={ratios.get('fast', ratios.get('pure', 0.0)):.2f}")


if __name__ == "__main__":
    main()
