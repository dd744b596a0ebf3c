"""Outputs that stay valid: PFN written from JSON reads back, pts comments stay in
their deal, and no control character from a record reaches a terminal raw."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES

BRIEF = EXAMPLES / "brief.pfn"


def pfn(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, timeout=120, input=stdin)


def test_json_with_a_line_break_in_a_tag_is_refused_not_written(tmp_path: Path) -> None:
    document = json.loads(pfn("convert", str(BRIEF), "--to", "json").stdout)
    for tag in document["records"][0]["tags"]:
        if tag["name"] == "Event":
            tag["value"] = "Friday\npool"
    source = tmp_path / "nl.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    out = tmp_path / "nl.pfn"
    done = pfn("convert", str(source), "--to", "pfn", "-o", str(out))
    assert done.returncode == 2 and "PFN-E006" in done.stderr and "line break" in done.stderr
    assert not out.exists()
    # what JSON can say that PFN can write reads back the same (verified as fmt does)
    document["records"][0]["tags"][0]["value"] = 'a "quoted" \\ value\twith a tab'
    source.write_text(json.dumps(document), encoding="utf-8")
    done = pfn("convert", str(source), "--to", "pfn", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert pfn("check", str(out)).returncode == 0
    again = json.loads(pfn("convert", str(out), "--to", "json").stdout)
    assert again["records"][0]["tags"][0]["value"] == 'a "quoted" \\ value\twith a tab'


def test_a_pts_comment_stays_in_its_deal(tmp_path: Path) -> None:
    record = next(r for r in (EXAMPLES / "analysis.pfn").read_text("utf-8").split("\n\n")
              if '[Board "1"]' in r)
    text = "{ Line one.\n\ndeal with it: a second paragraph.\n\npbninfo\n\ncontract 7S }\n"
    source = tmp_path / "c.pfn"
    source.write_text(text + record + "\n", encoding="utf-8")
    assert pfn("check", str(source)).returncode == 0
    pts = tmp_path / "c.pts"
    assert pfn("export", str(source), "--to", "pts", "-o", str(pts)).returncode == 0
    back = tmp_path / "back.pfn"
    done = pfn("import", str(pts), "-o", str(back))
    assert done.returncode == 0, done.stderr
    read = back.read_text("utf-8")
    assert read.count("[Deal ") == 1 and "deal with it: a second paragraph." in read
    assert "contract 7S" in read and "pbninfo" in read


ESC = "\x1b[2J\x1b]0;title\x07"


def test_control_characters_from_a_record_never_reach_the_terminal(tmp_path: Path) -> None:
    text = BRIEF.read_text("utf-8").split("\n\n")[0]
    text = text.replace('[Players "Ana; Boris; Ceca"]', f'[Players "Ana{ESC}x; Boris; Ceca"]')
    text = text.replace('[Board "1"]', f'[Board "1{ESC}"]')
    text = text.replace("{ Ceca shows out of spades }", f"{{ out {ESC} }}")
    text = text.replace("C:whist/A+4", f"C:whist/A+{ESC}")  # an error, quoted
    source = tmp_path / "esc.pfn"
    source.write_text(text, encoding="utf-8")
    for args in (["show", str(source)], ["score", str(source)], ["check", str(source)],
                 ["solve", str(source), "--board", f"1{ESC}"]):
        done = pfn(*args)
        shown = done.stdout + done.stderr
        assert "\x1b" not in shown and "\x07" not in shown, args
        assert "\\x1b[2J" in shown, args  # shown, escaped
    # the caret still points at the offending text
    lines = pfn("check", str(source)).stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if "PFN-E111" in line)
    source_line, caret = lines[at + 1], lines[at + 2]
    assert source_line[caret.index("^"):].startswith("C:whist/A+\\x1b[2J")


def test_analysis_refuses_a_deal_no_rules_allow(tmp_path: Path) -> None:
    import dataclasses

    import pytest

    import pfn as library
    from pfn.analysis.position import NotAnalysable, Position, start_of

    twice = tmp_path / "twice.pfn"
    twice.write_text((EXAMPLES / "analysis.pfn").read_text("utf-8").replace(
        "C:8.987.JT9.JT9", "C:A.987.JT9.JT9"), encoding="utf-8")
    done = pfn("solve", str(twice), "--board", "1")
    assert done.returncode == 1 and "not analysable: PFN-E201 SA dealt to both" in done.stderr
    done = pfn("annotate", str(twice), "-o", str(tmp_path / "out.pfn"))
    assert done.returncode == 1 and "PFN-E201" in done.stderr
    done = pfn("render", str(twice), "--board", "1", "--dd", "-o", str(tmp_path / "d.svg"))
    drawn = (tmp_path / "d.svg").read_text("utf-8")
    assert "no marks of best play: not analysable: PFN-E201" in drawn
    # the library: a position no deal reaches is refused, never given a value
    record = next(r for r in library.read(EXAMPLES / "analysis.pfn") if r.tag("Board") == "1")
    start = start_of(library.replay(record, on_error="collect"))
    hands = list(start.hands)
    hands[start.order[1]] |= hands[start.order[0]] & -hands[start.order[0]]  # one card twice
    with pytest.raises(NotAnalysable, match="in two hands"):
        library.solve(Position(dataclasses.replace(start, hands=tuple(hands))))
    assert issubclass(NotAnalysable, library.PfnError)


@pytest.mark.slow
def test_fitting_a_long_text_is_not_quadratic(tmp_path: Path) -> None:
    # a 20,000-character name: cut in a few measurements, not one a character (that
    # took about a minute for 2,000 characters)
    from pfn.render import fit

    text = BRIEF.read_text("utf-8").split("\n\n")[0]
    text = text.replace('[Players "Ana; Boris; Ceca"]', f'[Players "{"N" * 20_000}; B; C"]')
    source = tmp_path / "long.pfn"
    source.write_text(text, encoding="utf-8")
    calls = 0
    original = fit.Text.get_window_extent

    def counted(self: fit.Text, *args: object) -> object:
        nonlocal calls
        calls += 1
        return original(self, *args)  # type: ignore[arg-type]

    import pfn as library
    from pfn.render.diagram import deal_figure

    fit.Text.get_window_extent = counted  # type: ignore[method-assign, assignment]
    try:
        deal_figure(library.replay(next(iter(library.read(source))), on_error="collect"), 0)
    finally:
        fit.Text.get_window_extent = original  # type: ignore[method-assign]
    # a few hundred (each text is measured on screen, as the PNG and in its outlines);
    # one cut a character took tens of thousands
    assert calls < 1_000, calls


@pytest.mark.parametrize("option", [["--font", "DejaVu Serif"], ["--no-title"]])
def test_page_options_it_cannot_honour_are_refused(tmp_path: Path, option: list[str]) -> None:
    from typer.testing import CliRunner

    from pfn.cli import app

    out = tmp_path / "page.html"
    done = CliRunner().invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "-b", "1", "-f",
                                    "html", "-o", str(out), *option])
    assert done.exit_code == 2 and not out.exists()
    assert "page" in done.stderr


@pytest.mark.slow
def test_the_replay_page_is_the_same_bytes_for_the_same_input(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pfn.cli import app

    written = []
    for name in ("one.html", "two.html"):
        out = tmp_path / name
        done = CliRunner().invoke(app, ["render", str(EXAMPLES / "sochi-match.pfn"), "-f",
                                        "html", "--dd", "-o", str(out)])
        assert done.exit_code == 0, done.stderr
        written.append(out.read_bytes())
    assert written[0] == written[1]
