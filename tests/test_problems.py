"""``examples/problems/``: classic problems with their sources.  Every number of tricks
a source states is a Result that ``pfn check --analyse`` verifies against best play: the
files check clean, and each stated number, changed by one, is reported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pfn.check import CheckOptions, check_records
from pfn.notation.reader import loads

PROBLEMS = Path(__file__).parent.parent / "examples" / "problems"
FILES = sorted(PROBLEMS.glob("*.pfn"))


def warnings(text: str) -> list[str]:
    return [d.code for report in check_records(loads(text), CheckOptions(analyse=True))
            for d in report.diagnostics if d.is_error or d.severity.name == "WARNING"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_stated_answer_holds(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "Source" in text or "source" in text  # each file names where it comes from
    assert warnings(text) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_wrong_answer_is_caught(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    stated = list(re.finditer(r'\[Result "([^"]*)"\]', text))
    assert stated
    for found in stated:
        number = re.search(r"\d+", found.group(1))
        assert number is not None
        wrong = str(int(number.group()) + 1)
        changed = (found.group(1)[:number.start()] + wrong + found.group(1)[number.end():])
        mutated = text[:found.start(1)] + changed + text[found.end(1):]
        assert "PFN-W005" in warnings(mutated), found.group(0)


def first_lead_value(board: str) -> int:
    import json

    from typer.testing import CliRunner

    from pfn.cli import app

    done = CliRunner().invoke(app, ["solve", str(PROBLEMS / "classics.pfn"), "-b", board,
                                    "--trick", "1", "-f", "json"])
    assert done.exit_code == 0, done.output
    value: int = json.loads(done.stdout)["value"]
    return value


def test_kovalevskayas_misere_in_its_two_published_layouts() -> None:
    """slovesnov/bridge's layout (board 5) and grafalex82/PreferansSolver's (board 7)
    differ only in who holds the diamond ace and jack; from the first lead the defence
    catches the misère for two tricks in the first and one in the second (the answers
    two exact solvers give; the second repository's own line takes him one)."""
    records = {r.tag("Board"): r for r in loads((PROBLEMS / "classics.pfn").read_text("utf-8"))}
    first, second = (records[b].tag("Deal") for b in ("5", "7"))
    hands = [dict(h.split(":") for h in d.split()) for d in (first, second)]
    assert hands[0]["A"] == hands[1]["A"] == "T987.8.987.98"
    assert (hands[0]["B"], hands[0]["C"]) == ("AK.QJT.J.AKQT", "QJ.97.AKQT.J7")
    assert (hands[1]["B"], hands[1]["C"]) == ("AK.QJT.A.AKQT", "QJ.97.KQJT.J7")
    assert records["7"].tag("Source").startswith("grafalex82/PreferansSolver")
    assert first_lead_value("5") == 2
    assert first_lead_value("7") == 1
