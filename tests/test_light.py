"""The core stays light: reading, checking, replaying, scoring, the board and the solver
import none of the command line's, the pictures' or the JSON Schema's packages.

Servers that check millions of deals and the browser build load only this part, so a
stray top-level import of matplotlib (or Typer, or jsonschema …) is a regression
however correct the code stays.  Each run is a fresh interpreter, whose
``sys.modules`` is the oracle; the last test shows that the probe does see such an
import when one happens.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import EXAMPLES, ROOT

HEAVY = ("matplotlib", "jsonschema", "typer", "click", "pygments", "numpy", "PIL", "babel")
"""The packages the library's core must not bring in (the command line, the pictures,
the JSON Schema, the highlighter, numbers and plurals in Russian or Serbian use them)."""

PROBE = """
import json, sys
import pfn
{work}
print(json.dumps(sorted({{name.split(".")[0] for name in sys.modules}} & set({heavy!r}))))
"""


def loaded(work: str) -> list[str]:
    """The heavy packages in ``sys.modules`` after ``work`` ran in a fresh process."""
    done = subprocess.run([sys.executable, "-c", PROBE.format(work=work, heavy=HEAVY)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    found: list[str] = json.loads(done.stdout.splitlines()[-1])
    return found


BRIEF = str(EXAMPLES / "brief.pfn")
SOCHI = str(EXAMPLES / "sochi-match.pfn")


def test_reading_checking_replaying_and_scoring_stay_light() -> None:
    work = f"""
records = pfn.load({BRIEF!r})
assert len(records) == 3
report = pfn.check_file({SOCHI!r})
assert report.clean and report.records == 10
for record in pfn.read({SOCHI!r}):
    pfn.score(pfn.replay(record))
text = pfn.dumps(records)
assert pfn.loads(text)[0].tags == records[0].tags
"""
    assert loaded(work) == []


def test_the_board_and_the_solver_stay_light() -> None:
    work = f"""
record = pfn.load({BRIEF!r})[0]
board = pfn.Board.from_record(record, trick=2)
list(board.legal_moves)
solution = pfn.solve(board)
assert solution.cards
pfn.analyse(record)
"""
    assert loaded(work) == []


def test_the_probe_sees_a_heavy_import() -> None:
    """The same probe after the command line is imported: Typer is there."""
    assert "typer" in loaded("import pfn.cli")
