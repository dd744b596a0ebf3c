"""Outputs that stay valid: PFN written from JSON reads back, pts comments stay in
their deal, and no control character from a record reaches a terminal raw."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
    record = [r for r in (EXAMPLES / "analysis.pfn").read_text("utf-8").split("\n\n")
              if '[Board "1"]' in r][0]
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
