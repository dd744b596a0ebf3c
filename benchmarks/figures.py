"""The guarded figures: pfn's speed as ratios to references run alongside, kept in
``benchmarks/figures.json`` so that a slowdown cannot pass unnoticed.

    python benchmarks/figures.py --record [--bench FILE]   # make bench: into figures.json
    python benchmarks/figures.py --check                   # make bench-check

Each figure is a ratio, higher is better, of pfn's speed to a reference's measured in
the same run, so the machine's own speed (and a busy moment, which slows both sides)
cancels out:

- ``check`` / ``check_pure``: ``pfn check``'s MB/s (with lark-cython when installed /
  without it) over python-chess ``read_game``'s MB/s on real games, both fresh
  processes on their file, as in ``make bench``;
- ``cold_start``: a bare Typer command's start-up time over ``pfn check``'s on a small
  file;
- ``solve_native`` / ``solve_python``: whole deals solved a CPU second (the compiled
  core / the pure-Python search) over games read a CPU second by python-chess, in this
  process.

A check runs the quick measurement three times and takes each figure's median (one
noisy run does not fail it); it fails when a median is more than 20 % below the
recorded figure.  ``--record`` keeps the medians (and, with ``--bench``, the lines of
a full ``benchmarks/bench.py`` run) as the new figures.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIGURES = HERE / "figures.json"
TOLERANCE = 0.20
"""How far below its recorded figure a median may fall (a fifth of the speed)."""
RUNS = 3

GUARDED = {
    "check": "pfn check MB/s over python-chess read_game MB/s (fresh processes)",
    "check_pure": "the same without lark-cython",
    "cold_start": "a bare Typer command's start-up over pfn check's on a small file",
    "solve_native": "whole deals solved a CPU second, compiled core, over python-chess"
                    " games read a CPU second",
    "solve_python": "the same on the pure-Python search",
    "odds_native": "layouts of a whole deal weighed a CPU second (pfn odds, each lead; one"
                   " table across layouts) over python-chess games read a CPU second",
}
"""Each guarded figure and what it is the ratio of."""

Measured = dict[str, float]


def measure_once() -> Measured:
    """One quick measurement of every guarded figure this installation has."""
    sys.path.insert(0, str(HERE))
    import bench  # benchmarks/bench.py: its corpora and its fresh-process runs
    from solver import solve_deals, whole_deal_cpu

    from pfn.analysis.engines import native_core
    from pfn.notation.reader import accelerated

    corpus = bench.pfn_corpus(1_000)
    pgn = bench.real_pgn_corpus(0.5)
    size, pgn_size = corpus.stat().st_size, pgn.stat().st_size
    found: Measured = {}
    chess, _games = bench.run_chess(pgn)
    labels = {"check_pure": {"PFN_PURE_PYTHON": "1"}}
    if accelerated():
        labels["check"] = {}
    for label, env in labels.items():
        elapsed = bench.run_cli(["check", "--summary", "--jobs", "1", str(corpus)], env)
        found[label] = (size / elapsed) / (pgn_size / chess)
    found.setdefault("check", found["check_pure"])

    small = str(HERE.parent / "examples" / "brief.pfn")
    bare = [sys.executable, str(HERE / "bare_typer.py"), "x"]

    def bare_run() -> float:
        start = time.perf_counter()
        subprocess.run(bare, check=True, env=bench.ENV, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start

    bench.run_cli(["check", small])  # bytecode and grammar caches, as a user's second run
    starts = [bare_run() / bench.run_cli(["check", small]) for _ in range(5)]
    found["cold_start"] = statistics.median(starts)

    games_per_s = games_read_per_cpu_second(pgn)
    engines = {"solve_python": ("python", 30)}
    if native_core() is not None:
        engines["solve_native"] = ("native", 300)
    for label, (engine, deals) in engines.items():
        solved = solve_deals("trump", deals, 2026, engine)
        found[label] = (deals / solved["total"]) / games_per_s
    if native_core() is not None:
        took, layouts, _expected = whole_deal_cpu("trump")
        found["odds_native"] = (layouts / took) / games_per_s
    return found


def games_read_per_cpu_second(pgn: Path) -> float:
    """python-chess reading (and replaying) every game of ``pgn`` in this process."""
    import chess.pgn

    text = pgn.read_text(encoding="utf-8")
    start = time.process_time()
    handle, count = io.StringIO(text), 0
    while chess.pgn.read_game(handle) is not None:
        count += 1
    return count / (time.process_time() - start)


def medians(runs: Sequence[Measured]) -> Measured:
    """Each figure's median over the runs that measured it."""
    names = sorted({name for run in runs for name in run})
    return {name: statistics.median(run[name] for run in runs if name in run)
            for name in names}


def verdict(recorded: Measured, measured: Measured,
            tolerance: float = TOLERANCE) -> tuple[list[str], list[str]]:
    """The lines of the comparison, and those of the figures that fell too far."""
    lines, fallen = [], []
    for name in sorted(recorded):
        if name not in measured:
            lines.append(f"{name}: recorded {recorded[name]:.3f}, not measured here")
            continue
        change = measured[name] / recorded[name] - 1
        line = (f"{name}: {measured[name]:.3f} against {recorded[name]:.3f} recorded"
                f" ({change:+.0%})")
        if round(change, 6) < -tolerance:  # exactly a fifth, in decimals, passes
            line += f": more than {tolerance:.0%} slower"
            fallen.append(line)
        lines.append(line)
    return lines, fallen


def bench_lines(text: str) -> dict[str, str]:
    """``name: figures`` lines of a ``benchmarks/bench.py`` run, by name."""
    found = {}
    for line in text.splitlines():
        name, colon, rest = line.partition(": ")
        if colon and name.replace("_", "").isalnum():
            found[name] = rest.strip()
        elif line.startswith("ratio_vs_python_chess"):
            name, _, rest = line.partition("=")
            found[name] = rest.strip()
    return found


def run(measure: Callable[[], Measured], runs: int) -> Measured:
    found = []
    for number in range(runs):
        found.append(measure())
        print(f"run {number + 1}/{runs}: " + ", ".join(f"{k} {v:.3f}"
                                                      for k, v in sorted(found[-1].items())),
              flush=True)
    return medians(found)


def main(argv: Sequence[str] | None = None,
         measure: Callable[[], Measured] = measure_once) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--record", action="store_true", help="keep the figures measured")
    action.add_argument("--check", action="store_true",
                        help=f"fail on a figure more than {TOLERANCE:.0%} below its record")
    parser.add_argument("--figures", type=Path, default=FIGURES, help="the figures' file")
    parser.add_argument("--bench", type=Path, help="a full bench.py run's output, to keep")
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args(argv)

    if args.check:
        if not args.figures.exists():
            print(f"{args.figures}: no recorded figures (make bench records them)")
            return 2
        recorded = json.loads(args.figures.read_text(encoding="utf-8"))["guarded"]
        lines, fallen = verdict(recorded, run(measure, args.runs))
        print("\n".join(lines))
        if fallen:
            print(f"slower than recorded ({args.figures.name}):\n" + "\n".join(fallen))
            return 1
        print(f"every figure within {TOLERANCE:.0%} of its record")
        return 0

    figures = {
        "recorded": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python"
                   f" {platform.python_version()}",
        "what": GUARDED,
        "guarded": {k: round(v, 4) for k, v in run(measure, args.runs).items()},
    }
    if args.bench is not None:
        figures["bench"] = bench_lines(args.bench.read_text(encoding="utf-8"))
    elif args.figures.exists():  # keep the full run's figures from before
        kept = json.loads(args.figures.read_text(encoding="utf-8")).get("bench")
        if kept:
            figures["bench"] = kept
    args.figures.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n",
                            encoding="utf-8")
    print(f"recorded in {args.figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
