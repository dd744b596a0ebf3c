"""pfn check beside python-chess in CPU time, as ``make bench`` pairs them: on a shared
machine the wall clock waits for the cores, the CPU time is the work.

    python benchmarks/check_cpu.py                          # 2,000 records, 1 MB of games
    python benchmarks/check_cpu.py --records 20000 --megabytes 5
    python benchmarks/check_cpu.py --before /tmp/before     # another tree in the same rounds

Each round runs, as fresh processes, ``pfn check --summary --jobs 1`` on the generated
Sochi corpus of :mod:`bench` (with this tree, and with the tree at ``--before`` —
``git archive REV | tar -x -C DIR`` — when given) and python-chess ``read_game`` over
the real games, one after the other; a round's ratio is pfn's MB per CPU second over
python-chess's, and the median of the rounds is kept, so a busy moment weighs on both.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench  # noqa: E402  (benchmarks/bench.py: its corpora and its python-chess reader)


def cpu(command: list[str], cwd: Path | None = None) -> float:
    """CPU seconds (user and system) of one command run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, env=bench.ENV, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=2_000)
    parser.add_argument("--megabytes", type=float, default=1.0, help="of real games")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", type=Path, help="another pfn tree, run in the same rounds")
    args = parser.parse_args()
    corpus, pgn = bench.pfn_corpus(args.records), bench.real_pgn_corpus(args.megabytes)
    size, pgn_size = corpus.stat().st_size / 1e6, pgn.stat().st_size / 1e6
    trees = {"pfn": HERE.parent}
    if args.before is not None:
        trees = {"before": args.before.resolve(), "pfn": HERE.parent}
    check = [sys.executable, "-m", "pfn.cli", "check", "--summary", "--jobs", "1", str(corpus)]
    for tree in trees.values():
        cpu(check, tree)  # bytecode caches, as an installed pfn has them
    ratios: dict[str, list[float]] = {name: [] for name in trees}
    times: dict[str, list[float]] = {name: [] for name in (*trees, "python-chess")}
    for number in range(1, args.rounds + 1):
        took = {name: cpu(check, tree) for name, tree in trees.items()}
        chess = cpu([sys.executable, "-c", bench.READ_GAMES, str(pgn)])
        times["python-chess"].append(chess)
        for name, seconds in took.items():
            times[name].append(seconds)
            ratios[name].append((size / seconds) / (pgn_size / chess))
        print(f"round {number}: " + ", ".join(
            f"{name} {took[name]:.2f} s (×{ratios[name][-1]:.2f})" for name in trees)
              + f", python-chess {chess:.2f} s; load {os.getloadavg()[0]:.1f}", flush=True)
    print(f"{corpus.name} ({size:.2f} MB) against {pgn.name} ({pgn_size:.2f} MB),"
          f" {args.rounds} rounds, CPU time")
    for name in trees:
        print(f"{name}: {size / statistics.median(times[name]):.3f} MB/s,"
              f" ratio {statistics.median(ratios[name]):.2f}")
    print(f"python-chess: {pgn_size / statistics.median(times['python-chess']):.3f} MB/s")


if __name__ == "__main__":
    main()
