"""Corpus tools: filter, dedupe, stats, split, and the engine that cuts files into spans.

Expectations come from records written for the test (``tests/data/corpus-small.pfn``:
what each record is, is written beside the tests) or from the generated records' own
tags read with plain regular expressions — never from the tool under test.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pfn.cli import app
from pfn.corpus import engine
from pfn.corpus.dedupe import content_key
from pfn.generate import generate
from pfn.notation import split
from pfn.notation.reader import load, loads
from tests.conftest import EXAMPLES, one

runner = CliRunner()
SMALL = Path(__file__).parent / "data" / "corpus-small.pfn"
# Board 1: sochi, 7S made by Ana.  Board 2: leningrad, Dora at the table, 8H one
# down, its Event written "#".  Board 3: a misère caught.  Board 4: an all-pass.
# Board 5: 6NT made, but its Result adds up to 9 (PFN-E210).  Then a record that does
# not parse (PFN-E102).


def boards(text: str) -> list[str]:
    return re.findall(r'\[Board "([^"]*)"\]', text)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("args", "expected"), [
    (["-w", "Variant=sochi"], ["1", "3", "4", "5"]),
    (["-w", "Variant=SOCHI", "-w", "Contract~^[67]"], ["1", "5"]),
    (["-w", "Contract~^[78]"], ["1", "2"]),
    (["-w", "Declarer!=A"], ["2", "3", "4"]),
    (["-w", "Contract!~^[678]"], ["3", "4"]),
    (["--player", "dora"], ["2"]),
    (["--player", "Ana", "--player", "Boris"], ["1", "3", "4", "5"]),
    (["--outcome", "made"], ["1", "5"]),
    (["--outcome", "failed"], ["2"]),
    (["--outcome", "misere"], ["3"]),
    (["--outcome", "all-pass", "--outcome", "misere-caught"], ["3", "4"]),
    (["--clean"], ["1", "2", "3", "4"]),
    (["--code", "E210"], ["5"]),
    (["--boards", "2-3"], ["2", "3"]),
    (["--boards", "4"], ["4"]),
    (["-w", "Variant=sochi", "--invert"], ["2"]),
])
def test_filter_selects_what_the_records_say(args: list[str], expected: list[str]) -> None:
    code, out, err = run("filter", str(SMALL), *args)
    assert code == 0, err
    assert boards(out) == expected
    assert out.startswith("% PFN 1.0\n\n")
    unparsed = "--invert" in args  # the record that did not parse is not sochi
    assert f"{len(expected) + unparsed} of 6 records selected" in err


def test_filter_keeps_the_text_and_resolves_session_values() -> None:
    """A selected record is written as it was, comments included; a "#" value is
    written out, since the record it refers to may not be selected."""
    _, out, _ = run("filter", str(SMALL), "--boards", "2-3")
    assert '[Event "Club night"]' in out and '"#"' not in out
    assert "{ a misère caught }" in out
    again = [r for r in loads(out) if not r.empty]
    assert [r.tag("Board") for r in again] == ["2", "3"]
    code, unparsed, _ = run("filter", str(SMALL), "--code", "E1")
    assert code == 0 and '[Event "Broken' in unparsed  # kept, not lost


def test_filter_json_lines_and_bad_tests() -> None:
    _, out, _ = run("filter", str(SMALL), "--outcome", "made", "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [next(t["value"] for t in obj["tags"] if t["name"] == "Board")
            for obj in lines] == ["1", "5"]
    for bad in (["-w", "Contract~["], ["-w", "Board"], ["--outcome", "won"],
                ["--boards", "5-2"]):
        code, _, _ = run("filter", str(SMALL), *bad)
        assert code == 2, bad


def test_filter_whole_matches_keeps_the_output_checkable(tmp_path: Path) -> None:
    source = tmp_path / "pool.pfn"
    source.write_text("\n".join(generate(40, "sochi", 11, match_size=10)), encoding="utf-8")
    out = tmp_path / "out.pfn"
    code, _, err = run("filter", str(source), "-w", "Contract=mis", "-m", "-o", str(out))
    assert code == 0, err
    kept = [r for r in load(out) if not r.empty]
    wanted = {r.match for r in load(source) if r.contract is not None and r.contract.misere}
    assert {r.match for r in kept} == wanted and wanted
    assert len(kept) == 10 * len(wanted)  # every deal of each such match
    checked = runner.invoke(app, ["check", str(out)])
    assert checked.exit_code == 0, checked.output


# -- dedupe -------------------------------------------------------------------

ORIGINAL = """[Event "Analysis examples"]
[Variant "sochi"]
[Players "Ana; Boris; Ceca"]
[Board "1"]
[Dealer "C"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "A"]
[Contract "7S"]
[Result "A:7 B:3 C:0"]
[Auction "A"]
6S 6C pass 6D pass
[Talon "D8 H8"]
[Discard "D7 D8"]
[Defence "B"]
whist whist
[Play "A"]
S7 ST S8
HK HJ HA
H8 HQ HT
DA DJ SA
H7 S9 H9
DK DT SK
CA CQ C9
CK CJ C8
SQ DQ D9
SJ CT C7
"""

REFORMATTED = """{ the same game, published again }
[Board "1"]
[Players "Anna; B.; C."]
[Event "Another magazine"]
[Date "2026.11.30"]
[Variant "sochi"]
[Dealer "C"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Contract "7S"]
[Declarer "A"]
[Result "A:7 B:3 C:0"]
[Auction "A"]
6S 6C { Boris competes } pass 6D pass
[Talon "D8 H8"]
[Discard "D7 D8"]
[Defence "B"]
вист вист
[Play "A"]
S7 ST! S8
HK HJ HA H8 HQ HT
DA DJ SA H7 S9 H9 { the trump }
DK DT SK CA CQ C9
CK CJ C8 SQ DQ D9 SJ CT C7
"""


def test_dedupe_finds_a_reformatted_game_and_no_false_ones(tmp_path: Path) -> None:
    """Comments, annotations, tag order, line breaks, headers and Russian call words do
    not make a different game; one card played differently, or another result, does."""
    assert content_key(one(ORIGINAL)) == content_key(one(REFORMATTED))
    changed_play = ORIGINAL.replace("SJ CT C7", "SJ C7 CT")
    changed_result = ORIGINAL.replace('[Result "A:7 B:3 C:0"]', '[Result "A:7 B:2 C:1"]')
    changed_defence = ORIGINAL.replace("whist whist", "whist pass")
    keys = {content_key(one(t)) for t in (ORIGINAL, changed_play, changed_result,
                                          changed_defence)}
    assert len(keys) == 4
    source = tmp_path / "twice.pfn"
    source.write_text("\n".join([ORIGINAL, REFORMATTED, changed_play, ORIGINAL]),
                      encoding="utf-8")
    out, extra = tmp_path / "kept.pfn", tmp_path / "dups.pfn"
    code, _, err = run("dedupe", str(source), "-o", str(out), "-d", str(extra))
    assert code == 0
    assert "duplicates: 2 of 4 records; kept 2" in err
    kept = [r for r in load(out) if not r.empty]
    assert [r.tag("Event") for r in kept] == ["Analysis examples", "Analysis examples"]
    assert "SJ C7 CT" in out.read_text(encoding="utf-8")
    dups = [r for r in load(extra) if not r.empty]
    assert [r.tag("Event") for r in dups] == ["Another magazine", "Analysis examples"]
    assert "{ Boris competes }" in extra.read_text(encoding="utf-8")  # written as it was


# -- stats --------------------------------------------------------------------


def _oracle(text: str) -> dict[str, dict[str, int]]:
    """Deals and made counts per contract, read from the tags with regular expressions."""
    out: dict[str, dict[str, int]] = {}
    for block in text.split("\n\n"):
        contract = re.search(r'\[Contract "([^"]*)"\]', block)
        if contract is None:
            continue
        name = "all-pass" if contract.group(1) == "pass" else contract.group(1)
        row = out.setdefault(name, {"deals": 0, "made": 0})
        row["deals"] += 1
        declarer = re.search(r'\[Declarer "([A-D])"\]', block)
        result = re.search(r'\[Result "([^"]*)"\]', block)
        defence = re.search(r'\[Defence "[A-D]"\]\n([^\[]*)', block)
        if result is None and defence is not None and "whist" not in defence.group(1):
            row["made"] += 1  # both defenders passed: made without play
            continue
        if declarer is None or result is None:
            continue
        tricks = dict(part.split(":") for part in result.group(1).split())
        taken = tricks.get(declarer.group(1))
        if taken is None or not taken.isdigit():
            continue
        level = 0 if name.startswith("mis") else int(re.match(r"\d+", name).group())  # type: ignore[union-attr]
        made = int(taken) == 0 if name.startswith("mis") else int(taken) >= level
        row["made"] += made
    return out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_stats_counts_match_the_tags(tmp_path: Path, jobs: str) -> None:
    source = tmp_path / "corpus.pfn"
    text = "\n".join(generate(200, "sochi", 5, match_size=8))
    source.write_text(text, encoding="utf-8")
    code, out, err = run("stats", str(source), "-f", "json", "-j", jobs)
    assert code == 0, err
    data = json.loads(out)
    oracle = _oracle(text)
    assert {k: v["deals"] for k, v in data["contracts"].items()} == \
        {k: v["deals"] for k, v in oracle.items()}
    assert {k: v["made"] for k, v in data["contracts"].items()} == \
        {k: v["made"] for k, v in oracle.items()}
    assert data["records"] == len(re.findall(r"^\[Event ", text, re.MULTILINE))
    assert data["all_pass_frequency"] == round(oracle.get("all-pass", {"deals": 0})["deals"]
                                               / data["deals"], 4)
    assert data["diagnostics"] == {}  # generated records are clean


def test_stats_of_the_small_corpus_table_csv_and_plot(tmp_path: Path) -> None:
    code, out, _ = run("stats", str(SMALL), "-f", "json")
    data = json.loads(out)
    assert data["records"] == 6 and data["unparsed"] == 1 and data["deals"] == 5
    assert data["variants"] == {"leningrad": 1, "sochi": 4}
    assert data["outcomes"] == {"all-pass": 1, "failed": 1, "made": 2, "misere-caught": 1}
    assert data["diagnostics"]["PFN-E210"] == 1 and data["diagnostics"]["PFN-E102"] == 1
    assert data["clean"] == 4
    code, csv_text, _ = run("stats", str(SMALL), "-f", "csv")
    assert "contracts,7S,1,1,1,1.0" in csv_text
    code, table, _ = run("stats", str(SMALL))
    assert "7S" in table and "100.0%" in table
    chart = tmp_path / "chart.png"
    code, _, _ = run("stats", str(SMALL), "--plot", str(chart))
    assert code == 0 and chart.read_bytes().startswith(b"\x89PNG")


# -- split --------------------------------------------------------------------


def test_split_by_match_by_variant_and_every_n(tmp_path: Path) -> None:
    source = tmp_path / "pool.pfn"
    text = "\n".join(generate(25, "sochi", 2, match_size=10)) + "\n" + \
        SMALL.read_text(encoding="utf-8")
    source.write_text(text, encoding="utf-8")
    total = len([r for r in load(source) if not r.empty])
    code, _, err = run("split", str(source), "--dir", str(tmp_path / "m"))
    assert code == 0, err
    parts = sorted((tmp_path / "m").glob("*.pfn"))
    matches = {r.match for r in load(source) if not r.empty}
    assert len(parts) == len(matches)
    seen = 0
    for part in parts:
        records = [r for r in load(part) if not r.empty]
        assert len({r.match for r in records}) == 1
        seen += len(records)
    assert seen == total
    code, _, _ = run("split", str(source), "--by", "variant", "--dir", str(tmp_path / "v"),
                     "-p", "{variant}.pfn")
    names = sorted(p.name for p in (tmp_path / "v").glob("*.pfn"))
    assert names == ["leningrad.pfn", "sochi.pfn", "unparsed.pfn"]
    code, _, _ = run("split", str(source), "--by", "7", "--dir", str(tmp_path / "n"),
                     "-p", "part-{n:02d}.pfn")
    sizes = [len([r for r in load(p) if not r.empty])
             for p in sorted((tmp_path / "n").glob("*.pfn"))]
    assert sizes == [7] * (total // 7) + ([total % 7] if total % 7 else [])
    again = [r.source.text.strip() for p in sorted((tmp_path / "n").glob("*.pfn"))  # type: ignore[union-attr]
             for r in load(p) if not r.empty]
    original = [r.source.text.strip() for r in load(source) if not r.empty]  # type: ignore[union-attr]
    assert again[:25] == original[:25]  # written as they were, in order
    code, _, _ = run("split", str(source), "--by", "x")
    assert code == 2
    code, _, _ = run("split", str(source), "--by", "match", "--dir", str(tmp_path),
                     "-p", "pool.pfn")
    assert code == 2  # never over an input


# -- the engine ---------------------------------------------------------------


def _awkward(tmp_path: Path) -> Path:
    """A file with a BOM, CRLF line ends, non-ASCII comments, "#" session values,
    directives between records, matches, and a record that does not parse."""
    body = "\n".join(generate(30, "sochi", 9, match_size=4)).replace(
        '[Event "Generated sochi"]', '[Event "#"]')
    body = body.replace('[Event "#"]', '[Event "Клуб «Ферзь»"]', 1)
    text = "\ufeff% PFN 1.0\n\n" + body + "\n\n% EXPORT\n\n" + SMALL.read_text(encoding="utf-8")
    path = tmp_path / "awkward.pfn"
    path.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    return path


@pytest.mark.parametrize("size", [1, 3, 7, 1000])
def test_spans_read_exactly_what_a_serial_reader_reads(tmp_path: Path, size: int) -> None:
    path = _awkward(tmp_path)
    serial = list(load(path))
    cut = list(engine.spans(str(path), records=size))
    assert len(cut) > 1 or size == 1000
    pieces = [r for span in cut for r in engine.span_records(span)]

    def view(records: list) -> list:  # type: ignore[type-arg]
        return [(r.source.line, r.source.offset, r.source.text, r.tags, r.directives,
                 [(d.code, d.line, d.col) for d in r.diagnostics]) for r in records]

    assert view(pieces) == view(serial)
    for span in cut:  # no span starts inside a match
        records = list(engine.span_records(span))
        first = next((r for r in records if not r.empty), None)
        if first is not None and first.match is not None and span.start:
            before = [r for r in serial if r.source.line < first.source.line and r.match]  # type: ignore[union-attr]
            assert not before or before[-1].match != first.match


def _view(records: list) -> list:  # type: ignore[type-arg]
    return [(r.source.line, r.source.offset, r.source.text, r.tags, r.directives,
             [(d.code, d.line, d.col) for d in r.diagnostics]) for r in records]


_RECORDS = list(generate(8, "sochi", 4, match_size=3))
"""Records of three matches (3, 3 and 2 deals)."""

# what a file is made of: records, blank lines, directives, comments and the odd bytes
# that make the record splitter necessary (with the plain cut's verdict on them)
_PIECES = st.sampled_from([
    ("record", True), ("blank", True), ("spaces", True), ("directive", True),
    ("comment", True), ("russian", True), ("no match", True), ("open comment", False),
    ("nbsp line", False), ("session", False), ("crlf", False), ("bom", False),
    ("tag-like comment", False)])


def _assemble(pieces: list[tuple[str, bool]]) -> str:
    out: list[str] = []
    records = itertools.cycle(_RECORDS)
    for kind, _ in pieces:
        record = "" if kind in ("blank", "spaces", "directive") else next(records).rstrip("\n")
        out.append({
            "record": record + "\n\n", "blank": "\n", "spaces": " \t \n",
            "directive": "% EXPORT\n", "comment": "{ a remark } " + record + "\n\n",
            "russian": record.replace('[Event "', '[Event "Клуб «Ферзь» ', 1) + "\n\n",
            "no match": re.sub(r'\[Match "[^"]*"\]\n', "", record) + "\n\n",
            "open comment": "{ left open\n\n" + record + "\n\n",
            "nbsp line": record + "\n\u00a0\n",
            "session": record.replace('[Event "Generated sochi"]', '[Event "#"]') + "\n\n",
            "crlf": record.replace("\n", "\r\n") + "\r\n\r\n", "bom": record + "\n\n",
            "tag-like comment": record.replace("[Play", "{ [Event \"x\"]\n\n[Match \"x\"] }\n[Play",
                                               1) + "\n\n",
        }[kind])
    text = "".join(out)
    if ("bom", False) in pieces:
        text = "\ufeff" + text
    return text


@settings(max_examples=80, deadline=None)
@given(pieces=st.lists(_PIECES, min_size=1, max_size=14), records=st.integers(1, 4),
       size=st.sampled_from([1, 300, 1 << 20]), tail=st.booleans())
def test_plain_spans_are_the_record_splitters_spans(tmp_path_factory: pytest.TempPathFactory,
                                                     pieces: list[tuple[str, bool]],
                                                     records: int, size: int,
                                                     tail: bool) -> None:
    """Files cut by blank lines and % lines alone (the fast path) are cut exactly where
    the record splitter cuts them, and every file the fast path takes is one the
    splitter cuts the same way; the records the spans hold are the serial reader's."""
    text = _assemble(pieces) + ("% trailing directive\n" if tail else "")
    path = tmp_path_factory.mktemp("plain") / "file.pfn"
    path.write_bytes(text.encode("utf-8"))
    assert split.plain(path) == all(fit for _, fit in pieces)
    fast = list(engine.spans(str(path), records=records, size=size))
    exact = list(engine.spans(str(path), records=records, size=size, splitter=True))
    assert fast == exact
    pieces_read = [r for span in fast for r in engine.span_records(span)]
    assert _view(pieces_read) == _view(list(load(path)))


def test_a_tag_written_in_a_comment_is_not_carried(tmp_path: Path) -> None:
    """What a "#" stands for after a span boundary is the last record's tag, not a
    tag-like text in one of its comments (the serial reader's value)."""
    first, second = list(generate(2, "sochi", 4))
    first = first.replace("[Play", '{ a note:\n[Event "Fake"] }\n[Play', 1)
    second = second.replace('[Event "Generated sochi"]', '[Event "#"]')
    path = tmp_path / "comment.pfn"
    path.write_text(first + "\n" + second, encoding="utf-8")
    cut = list(engine.spans(str(path), records=1, size=1))
    assert len(cut) == 2
    read = [r.tag("Event") for span in cut for r in engine.span_records(span) if not r.empty]
    assert read == ["Generated sochi", "Generated sochi"]


@pytest.mark.slow
def test_plain_spans_of_a_large_file(tmp_path: Path) -> None:
    """A file of several blocks (the fast path reads 4 MB at a time), cut at match
    boundaries, gives the spans and the records of the record splitter."""
    body = "% PFN 1.0\n\n" + "\n".join(generate(40, "sochi", 5, match_size=5))
    filler = "{" + "x" * 200 + "} "
    text = (body.replace("[Play", filler + "[Play") + "\n") * 250  # about 6 MB
    path = tmp_path / "large.pfn"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > 1.2 * (1 << 22)
    assert split.plain(path)
    fast = list(engine.spans(str(path)))
    assert fast == list(engine.spans(str(path), splitter=True))
    assert len(fast) > 4
    pieces_read = (r for span in fast[-2:] for r in engine.span_records(span))
    tail = [r for r in load(path)][-len(list(pieces_read)):]
    assert _view([r for span in fast[-2:] for r in engine.span_records(span)]) == _view(tail)


@pytest.mark.slow
def test_check_in_processes_and_on_dask_is_identical_to_serial(tmp_path: Path) -> None:
    """The same diagnostics, in the same order, from one process, two worker processes
    and a local Dask cluster of two workers."""
    path = _awkward(tmp_path)
    outputs = []
    for extra in ([], ["-j", "2"], ["--executor", "dask", "-j", "2"]):
        done = subprocess.run([sys.executable, "-m", "pfn.cli", "check", str(path), *extra],
                              capture_output=True, text=True, timeout=300)
        outputs.append((done.returncode, done.stdout, done.stderr))
    assert outputs[0][0] == 1 and "PFN-E102" in outputs[0][1]
    assert outputs[1] == outputs[0]
    assert outputs[2] == outputs[0]


@pytest.mark.slow
def test_filter_and_stats_on_dask_are_identical_to_serial(tmp_path: Path) -> None:
    path = _awkward(tmp_path)
    done = []
    for extra in ([], ["--executor", "dask", "-j", "2"]):
        filtered = subprocess.run([sys.executable, "-m", "pfn.cli", "filter", str(path),
                                   "--outcome", "made", "-m", *extra],
                                  capture_output=True, text=True, timeout=300)
        counted = subprocess.run([sys.executable, "-m", "pfn.cli", "stats", str(path), "-f",
                                  "json", *extra], capture_output=True, text=True, timeout=300)
        done.append((filtered.stdout, counted.stdout))
    assert done[0][0] and done[1] == done[0]


def test_examples_dedupe_to_themselves() -> None:
    """The bundled examples hold no game twice (each teaches something else)."""
    for path in EXAMPLES.glob("*.pfn"):
        keys = [content_key(r) for r in load(path) if not r.empty]
        games = [k for k in keys if k is not None]
        assert len(games) == len(set(games)), path


def test_contains_finds_a_needle_across_block_boundaries(tmp_path: Path) -> None:
    from pfn.corpus.engine import contains

    path = tmp_path / "f.bin"
    for at in range(0, 12):
        data = b"x" * at + b'"#"' + b"y" * 5
        path.write_bytes(data)
        assert contains(path, b'"#"', block=4)
    path.write_bytes(b'"#' + b"x" * 10 + b'#"')
    assert not contains(path, b'"#"', block=4)


def test_a_serial_run_holds_whole_matches_a_group_at_a_time(tmp_path: Path) -> None:
    """Serially, a job is given groups of records cut only where a match ends."""
    from pfn.corpus.stream import Entry

    source = tmp_path / "pool.pfn"
    source.write_text("\n".join(generate(30, "sochi", 4, match_size=7)), encoding="utf-8")

    class Groups:
        def run(self, found: Any) -> list[str | None]:
            return [e.record.match for e in found if isinstance(e, Entry)]

    groups = list(engine.run(str(source), Groups()))  # type: ignore[arg-type]
    assert sum(map(len, groups)) == 30
    small = list(engine._groups((Entry(r) for r in load(source) if not r.empty), size=3))
    assert len(small) > 1
    for before, after in itertools.pairwise(small):
        assert before[-1].record.match != after[0].record.match


@pytest.mark.slow
def test_annotate_in_processes_and_on_dask_is_identical_to_serial(tmp_path: Path) -> None:
    """The open-hand analysis, the work a cluster pays for, runs through the same
    engines with the same output."""
    source = tmp_path / "analysis.pfn"
    source.write_text((EXAMPLES / "analysis.pfn").read_text(encoding="utf-8"), encoding="utf-8")
    outputs = []
    for extra in ([], ["-j", "2"], ["--executor", "dask", "-j", "2"]):
        done = subprocess.run([sys.executable, "-m", "pfn.cli", "annotate", str(source), *extra],
                              capture_output=True, text=True, timeout=300)
        outputs.append((done.returncode, done.stdout))
    assert outputs[0][0] == 0 and "{ dd: 8 → 7" in outputs[0][1]
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]


def test_corpus_commands_say_what_is_wrong_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    cases = [["split", str(SMALL), "--dir", str(blocker)],
             ["stats", str(SMALL), "--plot", str(tmp_path / "no" / "such" / "x.png")],
             ["filter", str(tmp_path / "missing.pfn")],
             ["dedupe", str(tmp_path)]]
    for args in cases:
        done = subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr and done.stderr.startswith("pfn: "), args


_TAG_LIKE = st.sampled_from([
    '{ moved from [Match "draft-2"] }\n',          # a comment line before a tag
    '{ two lines:\n\n[Match "draft-3"] }\n',          # a comment across a blank line
    '; [Match "draft-4"]\n',                          # a line comment
    '[Annotator "see [Match \\"draft-5\\"] there"]\n',  # inside another tag's value
    "",
])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(1, 5),
       inserted=st.lists(st.tuples(st.integers(0, 23), _TAG_LIKE), max_size=8))
@pytest.mark.slow
def test_spans_never_split_a_match_whatever_the_text_says(
        tmp_path_factory: pytest.TempPathFactory, seed: int, size: int,
        inserted: list[tuple[int, str]]) -> None:
    """Tag-like text in comments and in tag values is no tag: the spans are cut where
    the serial reader sees one match end, and they hold exactly its records."""
    records = list(generate(24, "sochi", seed, match_size=6))
    for index, text in inserted:
        where = "[Event" if index % 2 else "[Board"  # before every tag, or among them
        records[index] = records[index].replace(where, text + where, 1)
    path = tmp_path_factory.mktemp("tags") / "file.pfn"
    path.write_text("\n".join(records), encoding="utf-8")
    serial = [r for r in load(path) if not r.empty]
    assert len(serial) == 24 and len({r.match for r in serial}) == 4 and \
        None not in {r.match for r in serial}
    for splitter in (False, True):
        cut = list(engine.spans(str(path), records=size, size=1, splitter=splitter))
        owner: dict[str | None, int] = {}
        read = []
        for number, span in enumerate(cut):
            for record in engine.span_records(span):
                if record.empty:
                    continue
                read.append(record)
                assert owner.setdefault(record.match, number) == number  # one span each
        assert [(r.match, r.tag("Board")) for r in read] == \
            [(r.match, r.tag("Board")) for r in serial]


@pytest.mark.slow
def test_tag_like_text_gives_identical_parallel_and_dask_runs(tmp_path: Path) -> None:
    records = list(generate(400, "sochi", 5, match_size=50))  # spans of 128 records
    for index in range(0, 400, 5):
        records[index] = '{ moved from [Match "draft-2"] }\n' + records[index]
    path = tmp_path / "tags.pfn"
    path.write_text("\n".join(records), encoding="utf-8")
    outputs = []
    for extra in ([], ["-j", "2"], ["--executor", "dask", "-j", "2"]):
        checked = subprocess.run([sys.executable, "-m", "pfn.cli", "check", "-f", "json",
                                  str(path), *extra], capture_output=True, text=True,
                                 timeout=300)
        kept = subprocess.run([sys.executable, "-m", "pfn.cli", "filter", str(path), "-m",
                               "--outcome", "made", *extra], capture_output=True, text=True,
                              timeout=300)
        outputs.append((checked.returncode, checked.stdout, kept.stdout))
    assert outputs[0][0] == 0 and outputs[0][2].count("[Board") > 100
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]
