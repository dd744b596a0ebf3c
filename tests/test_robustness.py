"""Whatever comes in, pfn answers with diagnostics: huge lines, deep nesting, damaged
files in large batches, and parallel checking that reports exactly what serial does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pfn.check import check_records
from pfn.cli import app
from pfn.generate import generate
from pfn.notation.reader import loads, read
from pfn.notation.writer import dumps
from tests.conftest import codes

runner = CliRunner()
GOOD = '[Variant "sochi"]\n[Board "{}"]\n'


def corpus(count: int, seed: int = 3, match: int = 0) -> str:
    """``count`` generated, legal, scored records."""
    return "\n".join(generate(count, seed=seed, match_size=match))


def test_a_one_megabyte_line() -> None:
    junk = "SA" * 500_000  # one word of a million characters
    text = f'[Variant "sochi"]\n[Event "x"]\n[Play "A"]\n{junk}\n\n' + GOOD.format(2)
    reports = list(check_records(loads(text)))
    assert len(reports) == 2
    first = [d for d in reports[0].diagnostics if d.code[4] == "E"]
    assert first and first[0].line == 4 and first[0].col == 1
    assert len(first[0].format()) < 2_000  # the offending text is quoted, not dumped
    assert not [d for d in reports[1].diagnostics if d.code[4] == "E"]


def test_a_one_megabyte_comment_is_kept() -> None:
    comment = "word " * 200_000
    text = GOOD.format(1).rstrip("\n") + " { " + comment + "}\n"
    (record,) = loads(text)
    assert record.syntax_ok
    assert len(dumps([record])) > 1_000_000  # fmt never drops a comment


def test_deeply_nested_variations() -> None:
    depth = 5_000
    play = "SA " + "( S9 " * depth + ")" * depth + " S8\n"
    text = f'[Variant "sochi"]\n[Play "A"]\n{play}'
    found = codes(text)
    assert "PFN-E119" in found  # too deep: named, located, no crash
    shallow = "SA " + "( S9 " * 20 + ")" * 20 + " S8\n"
    assert "PFN-E119" not in codes(f'[Variant "sochi"]\n[Play "A"]\n{shallow}')


def test_empty_and_blank_files(tmp_path: Path) -> None:
    for content in ("", "\n\n\n", "   \n\t\n", "% PFN 1.0\n"):
        path = tmp_path / "empty.pfn"
        path.write_text(content, encoding="utf-8")
        assert [r for r in read(path) if not r.empty] == []
        result = runner.invoke(app, ["check", str(path)])
        assert result.exit_code in (0, 2) and "Traceback" not in result.output


def test_not_pfn_at_all(tmp_path: Path) -> None:
    path = tmp_path / "notes.pfn"
    path.write_text("Dear diary,\nwe played cards tonight.\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.slow
def test_one_bad_record_among_ten_thousand() -> None:
    distinct = corpus(250, seed=11).removeprefix("% PFN 1.0\n").strip("\n").split("\n\n")
    records = [distinct[i % len(distinct)] for i in range(10_000)]
    victim = 6_789
    play = records[victim].index('[Play "')
    line = records[victim].index("\n", play) + 1  # the first trick: its lead becomes SX
    records[victim] = records[victim][:line] + "SX" + records[victim][line + 2:]
    bad = "\n\n".join(records) + "\n"
    reports = list(check_records(loads(bad)))
    assert len(reports) == 10_000
    failing = [i for i, r in enumerate(reports)
               if any(d.code[4] == "E" for d in r.diagnostics)]
    assert failing == [victim]


def test_parallel_check_matches_serial(tmp_path: Path) -> None:
    text = corpus(300, seed=5, match=7)
    lines = text.split("\n")
    # two wrong cards far apart, in different matches
    for index in (40, len(lines) - 60):
        while not re.match(r"[SCDH][AKQJT987] ", lines[index]):  # a trick of the Play
            index += 1
        lines[index] = "SX" + lines[index][2:]
    path = tmp_path / "pool.pfn"
    path.write_text("\n".join(lines), encoding="utf-8")
    serial = runner.invoke(app, ["check", str(path)])
    parallel = runner.invoke(app, ["check", "--jobs", "2", str(path)])
    assert serial.exit_code == parallel.exit_code == 1
    assert serial.output == parallel.output
    assert serial.output.count("error[PFN-E107]") == 2
