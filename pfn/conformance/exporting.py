"""The suite written for engines that cannot speak the protocol
(``pfn conformance export DIR``): ``suite.jsonl`` as the runner reads it, and a PFN
file a kind whose records are the vectors' positions and deals, each tagged with its
vector's id (``[Conformance "…"]``) and what the rules answer (``[Expect "…"]``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import pfn
from pfn.conformance.reference import board_of
from pfn.conformance.suite import KINDS, Vector, suite_lines
from pfn.files import write_atomic
from pfn.model import Record, Tag


def expectation(vector: Vector) -> str:
    """What the rules answer, in one line of PFN words."""
    expect = vector.expect
    if vector.kind == "legal":
        return " ".join(expect["moves"])
    if vector.kind == "score":
        return " ".join(expect["entries"])
    if vector.kind == "pool":
        return " ".join(f"{seat}:{value}" for seat, value in expect["settlement"].items())
    cards = " ".join(f"{card}={value}" for card, value in expect["cards"].items())
    return f"value={expect['value']}; {cards}"


def records_of(vector: Vector) -> list[Record]:
    """The vector as PFN records, the first tagged with its id and expectation."""
    if vector.kind in ("legal", "value"):
        records = [board_of(vector.request).to_record()]
    else:
        text = vector.request["record" if vector.kind == "score" else "records"]
        records = [r for r in pfn.loads(text) if not r.empty]
    first = records[0]
    tags = (*first.tags, Tag("Conformance", vector.id), Tag("Expect", expectation(vector)))
    return [replace(first, tags=tags), *records[1:]]


def write_suite(directory: Path, vectors: Iterable[Vector]) -> list[Path]:
    """``suite.jsonl`` and one PFN file a kind in ``directory``; the files written."""
    vectors = list(vectors)
    directory.mkdir(parents=True, exist_ok=True)
    written = [directory / "suite.jsonl"]
    write_atomic(written[0], "".join(line + "\n" for line in suite_lines(vectors)))
    for kind in KINDS:
        chosen = [v for v in vectors if v.kind == kind]
        if not chosen:
            continue
        path = directory / f"{kind}.pfn"
        write_atomic(path, pfn.dumps([r for v in chosen for r in records_of(v)]))
        written.append(path)
    return written


__all__ = ["expectation", "records_of", "write_suite"]
