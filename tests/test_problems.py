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


def test_kovalevskayas_misere_in_each_published_layout() -> None:
    """Four sources, two layouts.  slovesnov/bridge's (board 5) puts the diamond ace
    with the leader; grafalex82/PreferansSolver's (board 7), Unisay/preferanser's
    (board 9, seated as its importer seats it, with the talon named) and
    avysogorets/preferans-solver's (board 10) put it alone in the third hand.  From
    the first lead the defence catches the misère for two tricks in the first and one
    in the second: the number the two sources with a solver of their own state."""
    records = {r.tag("Board"): r for r in loads((PROBLEMS / "classics.pfn").read_text("utf-8"))}
    first = {"misere": "T987.8.987.98", "leader": "QJ.97.AKQT.J7", "third": "AK.QJT.J.AKQT"}
    second = {"misere": "T987.8.987.98", "leader": "QJ.97.KQJT.J7", "third": "AK.QJT.A.AKQT"}
    for board, layout, source in (("5", first, "slovesnov/bridge"),
                                  ("7", second, "grafalex82/PreferansSolver"),
                                  ("9", second, "Unisay/preferanser"),
                                  ("10", second, "avysogorets/preferans-solver")):
        record = records[board]
        hands = dict(h.split(":") for h in record.tag("Deal").split())
        order = "ABC" * 2
        leader = record.tag("Play")
        declarer = record.tag("Declarer")
        assert record.tag("Contract") == "mis"
        assert order[order.index(leader) + 1] == declarer  # the misère is second hand
        third = order[order.index(declarer) + 1]
        assert (hands[declarer], hands[leader], hands[third]) == (
            layout["misere"], layout["leader"], layout["third"]), board
        assert record.tag("Source").startswith(source)
    assert dict(h.split(":") for h in records["9"].tag("Deal").split())["talon"] == ".AK.."
    assert first_lead_value("5") == 2
    for board in ("7", "9", "10"):
        assert first_lead_value(board) == 1, board
