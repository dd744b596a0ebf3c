"""Fuzzing: mutated text and bytes of every example and of generated records go through
read → check → score → fmt → JSON and back without an exception that is not pfn's own
diagnostic.  ``make test`` runs a bounded number; ``make fuzz`` (``PFN_FUZZ=N``) many more.
"""

from __future__ import annotations

import io
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pfn.check import check_records
from pfn.formatting import NotFormatted, export
from pfn.generate import generate
from pfn.notation import jsonform
from pfn.notation.reader import loads
from pfn.notation.writer import dumps
from pfn.report import reports
from tests.conftest import EXAMPLE_FILES

EXAMPLES = [p.read_bytes() for p in EXAMPLE_FILES]
GENERATED = ["\n".join(generate(3, variant, seed, match_size=3)).encode()
             for seed, variant in enumerate(["sochi", "serbian", "russian-standard",
                                             "britannica", "mailru", "classic"])]
SOURCES = EXAMPLES + GENERATED
PIECES = ['[', ']', '"', '{', '}', '(', ')', ';', '%', '*', '-', '$', '=1=', '!', '?', '\n',
          '\n\n', ' ', '#', '\\', '♠', 'Т', '10', 'SA', 'pass', 'whist', '[Play "A"]',
          '[Variant "serbian"]', '[Match "m"]', '[Sheet ""]', 'A:pool=4', '\ufeff', '\x00',
          '\u2028', '9' * 20]
RUNS = int(os.environ.get("PFN_FUZZ", "150"))


def mutate(data: bytes, rng: random.Random) -> bytes:
    """A few random edits: cut, insert a piece of PFN, repeat or swap lines, flip a byte."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(6)
        at = rng.randrange(len(out) + 1)
        if kind == 0 and out:
            del out[at:at + rng.randint(1, 40)]
        elif kind == 1:
            out[at:at] = rng.choice(PIECES).encode()
        elif kind == 2 and out:
            out[at:at] = bytes([rng.randrange(256)])
        elif kind == 3:
            lines = bytes(out).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            out = bytearray(b"\n".join(lines))
        elif kind == 4:
            lines = bytes(out).split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            out = bytearray(b"\n".join(lines))
        elif out:
            out[at - 1 if at else 0] ^= 1 << rng.randrange(8)
    return bytes(out)


def through_everything(data: bytes) -> None:
    """Every stage; only pfn's own errors may come out, and only where documented."""
    text = data.decode("utf-8", errors="surrogateescape")
    records = loads(text, name="fuzz")
    for report in check_records(records):
        for d in report.diagnostics:
            assert (d.code.startswith("PFN-") and d.line is None) or d.line >= 1
            d.format()
            json.dumps(d.to_json())
    reports(records)
    buffer = io.StringIO()
    try:
        export(records, buffer, "fuzz")
    except NotFormatted:
        return  # refused, with its diagnostics: the text had notation errors
    formatted = buffer.getvalue()
    again = loads(formatted)
    assert [r for r in again if not r.empty] == [r for r in records if not r.empty]
    assert dumps(again) == formatted
    for record in again:
        if record.syntax_ok and not record.empty:
            obj = jsonform.record_to_json(record)
            jsonform.validate(obj)
            back = jsonform.checked_record(json.loads(json.dumps(obj)), "fuzz")
            assert back.syntax_ok and dumps([back]) == dumps([record])


@settings(max_examples=RUNS, deadline=None, derandomize="PFN_FUZZ" not in os.environ,
          suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.slow
@given(source=st.sampled_from(range(len(SOURCES))), seed=st.integers(0, 2**32))
def test_mutated_input_never_raises(source: int, seed: int) -> None:
    through_everything(mutate(SOURCES[source], random.Random(seed)))


@pytest.mark.slow
def test_every_example_goes_through_everything() -> None:
    for data in SOURCES:
        through_everything(data)


@pytest.mark.slow
def test_fmt_is_idempotent_and_lossless_on_commented_records() -> None:
    """2,000 generated records with comments put in at random places: fmt keeps every
    comment, reads back the same, and a second fmt changes nothing."""
    rng = random.Random(7)
    words = ["good", "{ nested?", "a;b", "trump now!", "Ceca shows out", "2 + 2", "«ok»"]
    texts = []
    for variant in ("sochi", "serbian", "russian-standard", "britannica"):
        for text in generate(500, variant, 11, match_size=10):
            lines = []
            for line in text.splitlines():
                if not line.startswith("[") and line and rng.random() < 0.3:
                    parts = line.split()
                    parts.insert(rng.randrange(len(parts) + 1),
                                 "{ " + rng.choice(words).replace("{", "") + " }")
                    line = " ".join(parts)
                lines.append(line)
            texts.append("\n".join(lines) + "\n")
    source = "\n".join(texts)
    records = loads(source)
    once = dumps(records)
    assert loads(once) == records
    assert dumps(loads(once)) == once
    assert source.count("{ ") == once.count("{ ")  # every comment is still there
