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
