"""``make bench-check``'s judgement (benchmarks/figures.py) on synthetic figures: the
median of the runs against the recorded figure, failing past a fifth slower.  The
expected verdicts are worked out by hand in the comments."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from benchmarks.figures import bench_lines, main, medians, verdict

RECORDED = {"check": 3.0, "cold_start": 0.9, "solve_native": 2.0}


def figures_file(tmp_path: Path, guarded: dict[str, float] = RECORDED) -> Path:
    path = tmp_path / "figures.json"
    path.write_text(json.dumps({"recorded": "2026-12-01", "guarded": guarded,
                                "bench": {"cold_start": "pfn check 310 ms"}}),
                    encoding="utf-8")
    return path


def runs(*measured: dict[str, float]) -> Callable[[], dict[str, float]]:
    """A measurement that gives ``measured`` one run after another."""
    given: Iterator[dict[str, float]] = iter(measured)
    return lambda: next(given)


def test_a_fifth_slower_passes_more_fails() -> None:
    # check 2.3 / 3.0 = 0.767: 23 % slower, fails; solve 1.7 / 2.0 = 0.85: 15 %, passes;
    # cold start 0.72 / 0.9 = 0.8 exactly: 20 %, not more, passes
    lines, fallen = verdict(RECORDED, {"check": 2.3, "cold_start": 0.72,
                                       "solve_native": 1.7})
    assert len(lines) == 3
    assert [line.split(":")[0] for line in fallen] == ["check"]
    assert "-23%" in fallen[0]


def test_a_figure_not_measured_is_said_and_does_not_fail() -> None:
    lines, fallen = verdict(RECORDED, {"check": 3.0, "cold_start": 0.9})
    assert fallen == [] and any("solve_native" in x and "not measured" in x for x in lines)


def test_the_median_of_the_runs_is_judged() -> None:
    assert medians([{"a": 1.0, "b": 4.0}, {"a": 5.0}, {"a": 2.0, "b": 6.0}]) == \
        {"a": 2.0, "b": 5.0}


def test_one_noisy_run_does_not_fail_the_check(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # check: 2.9, 1.0, 2.8 -> median 2.8, 2.8 / 3.0 = 0.933: within a fifth
    measure = runs({"check": 2.9, "cold_start": 0.9, "solve_native": 2.0},
                   {"check": 1.0, "cold_start": 0.5, "solve_native": 0.5},
                   {"check": 2.8, "cold_start": 0.88, "solve_native": 2.1})
    assert main(["--check", "--figures", str(figures_file(tmp_path))], measure) == 0
    assert "every figure within 20% of its record" in capsys.readouterr().out


def test_a_real_slowdown_fails_the_check_and_names_the_figure(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # solve_native: 1.5, 1.6, 2.4 -> median 1.6, 1.6 / 2.0 = 0.8 -> 20 %: passes;
    # check: 2.2, 2.3, 3.4 -> median 2.3, 23 % slower: fails
    measure = runs({"check": 2.2, "cold_start": 0.9, "solve_native": 1.5},
                   {"check": 2.3, "cold_start": 0.9, "solve_native": 1.6},
                   {"check": 3.4, "cold_start": 0.9, "solve_native": 2.4})
    assert main(["--check", "--figures", str(figures_file(tmp_path))], measure) == 1
    out = capsys.readouterr().out
    slower = out.split("slower than recorded")[1]
    assert "check: 2.300 against 3.000 recorded (-23%)" in slower
    assert "solve_native" not in slower


def test_faster_than_recorded_passes(tmp_path: Path) -> None:
    measure = runs(*[{"check": 9.0, "cold_start": 2.0, "solve_native": 9.0}] * 3)
    assert main(["--check", "--figures", str(figures_file(tmp_path))], measure) == 0


def test_no_recorded_figures_is_an_unusable_check(tmp_path: Path) -> None:
    assert main(["--check", "--figures", str(tmp_path / "none.json")], runs()) == 2


def test_record_keeps_the_medians_and_the_full_run(tmp_path: Path) -> None:
    path = figures_file(tmp_path)
    measure = runs({"check": 3.0, "solve_native": 2.0}, {"check": 4.0, "solve_native": 1.0},
                   {"check": 5.0, "solve_native": 3.0})
    assert main(["--record", "--figures", str(path)], measure) == 0
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept["guarded"] == {"check": 4.0, "solve_native": 2.0}
    assert kept["bench"] == {"cold_start": "pfn check 310 ms"}  # the last full run's
    # what was recorded, measured again, passes
    again = runs(*[{"check": 4.0, "solve_native": 2.0}] * 3)
    assert main(["--check", "--figures", str(path)], again) == 0


def test_a_full_bench_run_is_kept_line_by_line(tmp_path: Path) -> None:
    output = tmp_path / "bench.txt"
    output.write_text("corpus: 20000 records, 10.10 MB (sochi-20000-2026-commented.pfn)\n"
                      "check_fast: 3,713 records/s, 1.875 MB/s\n"
                      "a line of prose without a figure\n"
                      "ratio_vs_python_chess=3.41\n", encoding="utf-8")
    assert bench_lines(output.read_text(encoding="utf-8")) == {
        "corpus": "20000 records, 10.10 MB (sochi-20000-2026-commented.pfn)",
        "check_fast": "3,713 records/s, 1.875 MB/s",
        "ratio_vs_python_chess": "3.41"}
    path = figures_file(tmp_path)
    measure = runs(*[{"check": 3.0}] * 3)
    assert main(["--record", "--figures", str(path), "--bench", str(output)], measure) == 0
    assert json.loads(path.read_text(encoding="utf-8"))["bench"]["check_fast"] == \
        "3,713 records/s, 1.875 MB/s"
