"""Shared test helpers: paths, loading, and checking text."""

from __future__ import annotations

from pathlib import Path

import pytest

from pfn.check import RecordReport, check_records
from pfn.diagnostics import Diagnostic
from pfn.model import Record
from pfn.notation.reader import loads

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.rglob("*.pfn"))
CLEAN_EXAMPLES = [p for p in EXAMPLE_FILES if "errata" not in p.parts]


def one(text: str) -> Record:
    """The single record of ``text``."""
    records = [r for r in loads(text) if not r.empty]
    assert len(records) == 1, records
    return records[0]


def check_text(text: str) -> list[RecordReport]:
    """``pfn check`` on a string."""
    return list(check_records(loads(text)))


def codes(text: str) -> list[str]:
    """Error and warning codes ``pfn check`` reports for ``text`` (infos left out)."""
    return [d.code for report in check_text(text) for d in report.diagnostics
            if d.code[4] != "I"]


def diagnostics(text: str) -> list[Diagnostic]:
    """Every diagnostic for ``text``."""
    return [d for report in check_text(text) for d in report.diagnostics]


@pytest.fixture(params=CLEAN_EXAMPLES, ids=lambda p: str(p.relative_to(EXAMPLES)))
def example(request: pytest.FixtureRequest) -> Path:
    """Each example file that must check clean."""
    path: Path = request.param
    return path
