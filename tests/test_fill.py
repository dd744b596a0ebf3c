"""``pfn fmt --fill``: the Result and the Score written from the rules into records
that lack them.  The oracle is the examples' own figures — worked by hand from the
rule texts (the seeds) and published pools — stripped and written again; a wrong stated
figure is reported and never overwritten."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pfn import dumps, load, loads
from pfn.check import check_records
from pfn.deal import replay
from pfn.filling import fill
from pfn.model import Record
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
SCORED = sorted(p for p in [*EXAMPLES.glob("*.pfn"), *(EXAMPLES / "seeds").glob("*.pfn")]
                if "[Score" in p.read_text(encoding="utf-8"))


def _stripped(record: Record) -> Record:
    """The record without its Score, and without its Result where the play is complete
    (what a player types at the table)."""
    drop = {"Score"}
    fields: dict[str, object] = {"score": None}
    if record.play is not None and replay(record, on_error="collect").play_complete:
        drop.add("Result")
        fields["result"] = None
    return replace(record, tags=tuple(t for t in record.tags if t.name not in drop),
                   **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", SCORED, ids=lambda p: p.name)
def test_fill_writes_the_figures_the_examples_state(path: Path) -> None:
    given = [r for r in load(path) if not r.empty]
    assert not any(report.errors for report in check_records(given))  # (errata apart)
    text = dumps([_stripped(r) for r in given])
    filled = list(fill(loads(text)))
    assert not [p for f in filled for p in f.problems]
    compared = 0
    for original, done in zip(given, filled, strict=True):
        if original.score is not None:
            if done.record.score is None:  # only where the record leaves the split open:
                # a Result that does not give every active player's tricks
                assert original.result is not None and len(original.result) < \
                    len(replay(original).participants), (path.name, original.tag("Board"))
                continue
            assert sorted(map(str, done.record.score)) == sorted(map(str, original.score))
            compared += 1
        if original.result is not None:
            assert done.record.result == original.result
    assert compared
    # and the filled file checks clean
    assert not any(report.errors for report in check_records(loads(dumps(
        [f.record for f in filled]))))


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, timeout=300)


def test_fmt_fill_in_place_with_the_final_sheet(tmp_path: Path) -> None:
    """The Sochi pool without Results, Scores and Sheet: filled, it states what the
    published one states (the final sheet too)."""
    original = (EXAMPLES / "sochi-match.pfn").read_text(encoding="utf-8")
    bare = re.sub(r'\[(Score|Result) "[^"]*"\]\n', "", original)
    bare = re.sub(r'\[Sheet ""\]\n(?:[ABC] .*\n)+', "", bare)
    target = tmp_path / "pool.pfn"
    target.write_text(bare, encoding="utf-8")
    done = _cli("fmt", "--fill", "--sheet", str(target))
    assert done.returncode == 0, done.stderr
    assert "board 1: filled in Result, Score" in done.stderr
    assert "board final: filled in Sheet" in done.stderr
    after = target.read_text(encoding="utf-8")
    for tag in ("Score", "Result"):
        assert re.findall(rf'\[{tag} "[^"]*"\]', after) == \
            re.findall(rf'\[{tag} "[^"]*"\]', original)
    sheet = re.compile(r'\[Sheet ""\]\n((?:[ABC] .*\n)+)')
    assert sheet.findall(after) == sheet.findall(original)
    assert _cli("check", str(target)).returncode == 0


def test_fill_never_overwrites_a_wrong_figure(tmp_path: Path) -> None:
    original = (EXAMPLES / "sochi-match.pfn").read_text(encoding="utf-8")
    wrong = original.replace('[Score "A:pool+2 B:whist/A+4 C:mountain+2 C:whist/A+2"]',
                             '[Score "A:pool+3 B:whist/A+4 C:mountain+2 C:whist/A+2"]')
    wrong = wrong.replace('[Score "A:whist/B+4 B:mountain+4 C:whist/B+20"]\n', "")
    target = tmp_path / "pool.pfn"
    target.write_text(wrong, encoding="utf-8")
    done = _cli("fmt", "--fill", str(target))
    assert done.returncode == 1
    assert "error[PFN-E701]: A:pool: stated 3, computed 2" in done.stderr
    after = target.read_text(encoding="utf-8")
    assert '[Score "A:pool+3 B:whist/A+4 C:mountain+2 C:whist/A+2"]' in after  # left
    assert '[Score "A:whist/B+4 B:mountain+4 C:whist/B+20"]' in after  # filled


def test_fill_needs_the_play_or_the_result() -> None:
    """A record with neither a complete play nor a Result cannot be scored: nothing is
    invented."""
    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").split("\n\n")[0] + "\n"
    text = re.sub(r'\[(Score|Result) "[^"]*"\]\n', "", text)
    text = text.replace("H8 DK HJ\n", "")  # the last trick left out, no claim
    [done] = list(fill(loads(text)))
    assert done.added == [] and done.record.score is None and done.record.result is None


def test_fill_reports_places_in_the_file_as_written(tmp_path: Path) -> None:
    """A file without the `% PFN 1.0` line gets it on the rewrite: what is reported is
    where it is in the file the user opens next, as `pfn check` will say."""
    original = (EXAMPLES / "sochi-match.pfn").read_text(encoding="utf-8")
    wrong = original.replace('[Score "A:pool+2 B:whist/A+4 C:mountain+2 C:whist/A+2"]',
                             '[Score "A:pool+3 B:whist/A+4 C:mountain+2 C:whist/A+2"]')
    wrong = wrong.replace('[Score "A:whist/B+4 B:mountain+4 C:whist/B+20"]\n', "")
    wrong = re.sub(r"^% PFN.*\n", "", wrong, flags=re.M)
    target = tmp_path / "pool.pfn"
    target.write_text(wrong, encoding="utf-8")
    done = _cli("fmt", "--fill", str(target))
    assert done.returncode == 1
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "% PFN 1.0"
    line = next(n for n, text in enumerate(lines, 1) if "A:pool+3" in text)
    column = lines[line - 1].index("A:pool+3") + 1
    assert f"{target}:{line}:{column}: error[PFN-E701]" in done.stderr, done.stderr
    assert f"\n {line} | [Score \"A:pool+3" in done.stderr
    board = next(n for n, text in enumerate(lines, 1) if text == '[Board "2"]')
    start = max(n for n in range(1, board) if lines[n - 1] == "") + 1  # its first line
    assert f"{target}:{start}: board 2: filled in Score" in done.stderr
    checked = _cli("check", str(target))
    assert f"{target}:{line}:{column}: error[PFN-E701]" in checked.stdout
