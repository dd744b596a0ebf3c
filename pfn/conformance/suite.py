"""A conformance vector and the suite's files.

A vector asks one question of an engine — the legal moves of a position, the score of a
deal, the settlement of a pool, the value of a position with best play — and carries
what the rules answer, the rule it asserts in words, and where that rule is written.
The suite is one JSON object a line (``suite.jsonl``, shipped gzipped in the package),
its first line naming the suite's version.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from pfn.diagnostics import PfnError
from pfn.i18n import tr

SUITE_VERSION = "1.0"
"""The suite's version: its vectors change only with a new version."""
PROTOCOL = "pfn-conformance/1"
"""The protocol's name and version, said in the first exchange."""
KINDS = ("legal", "score", "pool", "value")
"""The questions, in the order the suite asks them."""


@dataclass(frozen=True)
class Vector:
    """One question, the rules' answer, and why."""

    id: str
    kind: str
    request: Mapping[str, Any]
    """What the engine is sent (with ``id`` and ``type`` added)."""
    expect: Mapping[str, Any]
    """The keys of the answer that must agree, with their values."""
    why: str
    """The rule the vector asserts, in words."""
    source: str
    """Where that rule is written (a page of pfn's documentation and its section)."""
    tags: tuple[str, ...] = field(default=())
    """The variant, the table size and the traps the vector touches, for selecting."""

    def message(self) -> dict[str, Any]:
        """The request as sent on the protocol."""
        return {"id": self.id, "type": self.kind, **self.request}

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "request": dict(self.request),
                "expect": dict(self.expect), "why": self.why, "source": self.source,
                "tags": list(self.tags)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Vector:
        return cls(str(data["id"]), str(data["kind"]), dict(data["request"]),
                   dict(data["expect"]), str(data["why"]), str(data["source"]),
                   tuple(data.get("tags", ())))


def bundled() -> Path:
    """The suite shipped with pfn."""
    return Path(str(resources.files("pfn.conformance").joinpath("suite.jsonl.gz")))


def read_suite(path: Path | None = None) -> tuple[str, list[Vector]]:
    """The suite's version and its vectors (the bundled suite by default; a file whose
    name ends in ``.gz`` is read through gzip)."""
    path = path or bundled()
    version = ""
    vectors = []
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                if number == 1 and "suite" in data:
                    version = str(data["suite"])
                    continue
                vectors.append(Vector.from_json(data))
            except (ValueError, KeyError, TypeError) as error:
                raise PfnError(tr("{path}:{line}: not a conformance vector: {error}",
                                  path=path, line=number, error=error)) from None
    return version, vectors


def suite_lines(vectors: Iterable[Vector]) -> Iterator[str]:
    """The suite file's lines: its version, then a vector a line."""
    yield json.dumps({"suite": SUITE_VERSION, "protocol": PROTOCOL}, ensure_ascii=False)
    for vector in vectors:
        yield json.dumps(vector.to_json(), ensure_ascii=False, sort_keys=True)


# ---------------------------------------------------------------- comparing answers

def _amount(value: object) -> Fraction:
    return Fraction(str(value).replace("+", "").replace("−", "-"))


def entry_totals(entries: Iterable[str]) -> dict[str, Fraction]:
    """``["A:pool+4", "B:whist/A+4"]`` → each label's total (zeros dropped)."""
    totals: dict[str, Fraction] = {}
    for entry in entries:
        text = str(entry).strip()
        cut = max(text.rfind("+"), text.rfind("-"))
        if cut <= 0:
            raise ValueError(f"not a score entry: {text!r}")
        label = text[:cut].casefold()
        totals[label] = totals.get(label, Fraction(0)) + _amount(text[cut:])
    return {k: v for k, v in totals.items() if v}


def _moves(values: Iterable[object]) -> set[str]:
    return {str(v).strip().casefold() for v in values}


def agrees(vector: Vector, answer: Mapping[str, Any]) -> bool:
    """Whether ``answer`` says what the vector expects (every expected key, each
    compared as its kind of value: a set of moves, score entries, exact amounts)."""
    try:
        for key, expected in vector.expect.items():
            got = answer[key]
            if key == "moves":
                same = _moves(got) == _moves(expected)
            elif key == "entries":
                same = entry_totals(got) == entry_totals(expected)
            elif key == "deals":
                same = len(got) == len(expected) and all(
                    entry_totals(g) == entry_totals(e) for g, e in zip(got, expected,
                                                                        strict=True))
            elif key == "settlement":
                same = {str(s).upper(): _amount(v) for s, v in got.items()} == \
                    {s: _amount(v) for s, v in expected.items()}
            elif key == "cards":
                same = {str(c).upper(): int(v) for c, v in got.items()} == \
                    {c: int(v) for c, v in expected.items()}
            else:
                same = got == expected
            if not same:
                return False
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError):
        return False
    return True


__all__ = ["KINDS", "PROTOCOL", "SUITE_VERSION", "Vector", "agrees", "bundled",
           "entry_totals", "read_suite", "suite_lines"]
