"""docs/first-game.md as a reader follows it: its records check clean, ``pfn fmt --fill``
writes the figures the tutorial says (worked by hand from the Sochi rules: six spades
made is 2 to the pool, a lone whister's 4 tricks at the six level 4 × 2 whists, an
all-pass a mountain point a trick, a misère with one trick 10 points), and a figure
written wrong is reported with the hint the tutorial quotes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

TUTORIAL = (ROOT / "docs" / "first-game.md").read_text(encoding="utf-8")
BLOCKS = [text for kind, text in re.findall(r"^```(\w*)\n(.*?)^```$", TUTORIAL, re.S | re.M)
          if not kind]


def pfn(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def scores(text: str) -> list[str]:
    return re.findall(r'\[Score "([^"]*)"\]', text)


def test_the_result_only_pool_fills_to_the_figures_worked_by_hand(tmp_path: Path) -> None:
    record = next(b for b in BLOCKS if b.startswith('[Match "friday"]'))
    path = tmp_path / "friday.pfn"
    path.write_text(record, encoding="utf-8")
    assert pfn("check", "friday.pfn", cwd=tmp_path).returncode == 0
    done = pfn("fmt", "--fill", "--sheet", "friday.pfn", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    filled = path.read_text(encoding="utf-8")
    assert scores(filled) == ["A:pool+2 B:whist/A+8",
                              "A:mountain+3 B:mountain+4 C:mountain+3", "C:mountain+10"]
    assert filled.count("[Sheet") == 1
    for line in ("board 1: filled in Score", "board 3: filled in Score, Sheet"):
        assert line in done.stdout + done.stderr and line in TUTORIAL
    assert pfn("check", "friday.pfn", cwd=tmp_path).returncode == 0
    # a figure written wrong: reported with the hint the tutorial quotes, and kept
    path.write_text(filled.replace("B:whist/A+8", "B:whist/A+6"), encoding="utf-8")
    wrong = pfn("check", "friday.pfn", cwd=tmp_path)
    assert wrong.returncode == 1
    assert "error[PFN-E701]: B:whist/A: stated 6, computed 8" in wrong.stdout
    assert "hint: write B:whist/A+8" in wrong.stdout
    assert "write B:whist/A+8" in TUTORIAL
    assert pfn("fmt", "--fill", "friday.pfn", cwd=tmp_path).returncode == 1
    assert "B:whist/A+6" in path.read_text(encoding="utf-8")


def test_the_full_play_deal_fills_its_result_and_score(tmp_path: Path) -> None:
    record = next(b for b in BLOCKS if "[Deal " in b)
    path = tmp_path / "full.pfn"
    path.write_text(record, encoding="utf-8")
    assert pfn("check", "full.pfn", cwd=tmp_path).returncode == 0
    assert pfn("fmt", "--fill", "full.pfn", cwd=tmp_path).returncode == 0
    filled = path.read_text(encoding="utf-8")
    # the brief's published figures for this deal
    assert '[Result "A:8 B:1 C:1"]' in filled and '[Result "A:8 B:1 C:1"]' in TUTORIAL
    assert scores(filled) == ["A:pool+4 B:whist/A+4 C:whist/A+4"]


def test_every_command_the_tutorial_names_exists() -> None:
    from pfn.cli import COMMANDS

    named = set(re.findall(r"(?:^|`|\$ )pfn ([a-z]+)", TUTORIAL, re.M))
    assert named <= set(COMMANDS), named - set(COMMANDS)
    assert {"record", "check", "fmt", "score", "lsp"} <= named
