"""The traps a first real use fell into, each tried from the user's side: endings as
books print them, match-wide tags, partial records, cascades, hostile input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pfn.cli import app
from tests.conftest import ROOT

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def spec_example(number: str) -> str:
    """The ```pfn block of docs/spec.md under the section ``number`` (e.g. ``4.3``)."""
    spec = (ROOT / "docs" / "spec.md").read_text("utf-8")
    section = spec[spec.index(f"### {number} "):]
    return re.search(r"```pfn\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]


# -- endings: the leader of trick N is the one the Play tag names ------------------------

# Two tricks left in no trumps, Ana (A) declares; the dealer is C, so the eldest is A.
# Worked by hand: if A led he would cash HA, then D7, which nobody can follow: two
# tricks.  But B leads, as the Play tag says: SA and S7, on which A has no spade and
# throws D7, then HA: no trick.
NOT_THE_ELDEST = """[Variant "sochi"]
[Players "Ana; Boris; Ceca"]
[Dealer "C"]
[Deal "A:..7.A B:A7... C:K8..."]
[Start "9"]
[Declarer "A"]
[Contract "6NT"]
[Play "B"]
"""


def write(tmp_path: Path, text: str, name: str = "x.pfn") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_an_ending_is_led_by_the_play_tags_seat(tmp_path: Path) -> None:
    source = write(tmp_path, NOT_THE_ELDEST)
    code, out = run("check", source)
    assert code == 0 and "E501" not in out, out
    code, out = run("solve", source, "--format", "json")
    assert code == 0, out
    solved = json.loads(out)
    assert solved["to_play"] == "B" and solved["value"] == 0
    assert solved["cards"] == {"SA": 0, "S7": 0}
    code, out = run("solve", source)
    assert "before trick 9" in out and "B to play" in out
    # the same ending led by A (stated): two tricks
    code, out = run("solve", write(tmp_path, NOT_THE_ELDEST.replace('[Play "B"]',
                                                                    '[Play "A"]'), "a.pfn"),
                    "--format", "json")
    assert json.loads(out)["value"] == 2
    # the play as the tag's leader plays it is checked clean, and counted
    played = write(tmp_path, NOT_THE_ELDEST + "SA S8 D7\nS7 SK HA\n[Result \"A:0 B:1 C:1\"]\n",
                   "played.pfn")
    code, out = run("check", played)
    assert code == 0, out
    code, out = run("show", played)
    assert "9) B — ♠A, C — ♠8, A — ♦7 → B" in out and "10) B — ♠7, C — ♠K, A — ♥A → C" in out


def test_solve_never_substitutes_a_leader(tmp_path: Path) -> None:
    unknown = write(tmp_path, NOT_THE_ELDEST.replace('[Play "B"]', '[Play "?"]'))
    code, out = run("solve", unknown)
    assert code == 1
    assert "who leads to trick 9 is not given" in out and "[Play" in out
    assert run("check", unknown)[0] == 0  # not an error: not known
    code, out = run("check", "--analyse", unknown)
    assert code == 0 and "leads to trick 9" in out


def test_the_specs_ending_works_as_it_stands(tmp_path: Path) -> None:
    example = spec_example("4.3")
    assert "Dealer" not in example and "Auction" not in example
    source = write(tmp_path, example)
    code, out = run("check", source)
    assert code == 0, out
    code, out = run("solve", source, "--format", "json")
    assert code == 0, out
    solved = json.loads(out)
    # C leads to trick 4: B ruffs C's club lead or wins with his aces, and A's trumps 8 7
    # are below every other spade (B: Q T, C: J 9), his kings and queens below B's aces:
    # A takes nothing whatever C leads (worked by hand over C's seven cards)
    assert solved["to_play"] == "C" and solved["value"] == 0
    assert run("check", "--analyse", source)[0] == 0
    code, out = run("show", source)
    assert code == 0 and "Before trick 4, C to lead" in out
    assert "0 tricks from trick 4" in out
    svg = tmp_path / "e.svg"
    code, out = run("render", source, "--dd", "-o", str(svg))
    assert code == 0, out
    text = svg.read_text("utf-8")
    assert "before trick 4, C to lead" in text and "there is no trick" not in text
    assert "from trick 4" in text


def test_an_endings_tricks_are_addressed_by_their_numbers(tmp_path: Path) -> None:
    source = write(tmp_path, spec_example("4.3") + "C8 CJ SQ\nDA D8 DK\n")
    assert run("check", source)[0] == 0
    svg = tmp_path / "t.svg"
    code, out = run("render", source, "--trick", "4", "-o", str(svg))
    assert code == 0, out
    text = svg.read_text("utf-8")
    assert "trick 4" in text and "1 trick from trick 4" in text
    code, out = run("render", source, "--trick", "2", "-o", str(svg))
    assert code == 2 and "from trick 4 to trick 5" in out and "no trick 2" in out
    code, out = run("render", source, "--final", "-o", str(svg))
    assert code == 0, out
    assert "2 tricks from trick 4" in svg.read_text("utf-8")  # B's two tricks
    code, out = run("show", source, "-k", "5")
    assert code == 0 and "Trick 5: B — ♦A, C — ♦8, A — ♦K → B" in out
    assert run("show", source, "-k", "3")[0] == 2


# -- text from a record is never markup (the page: tests/test_browser.py) ----------------

PAYLOAD = '<script>alert(1)</script><img src=x onerror="alert(2)">&amp;\x1b[2J'


def test_svg_and_pdf_carry_record_text_as_text(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ElementTree

    brief = (ROOT / "examples" / "brief.pfn").read_text("utf-8").split("\n\n")[0]
    quoted = PAYLOAD.replace('"', '\\"')
    text = brief.replace('[Players "Ana; Boris; Ceca"]', f'[Players "{quoted}; Boris; Ceca"]')
    text = text.replace("{ Board 1:", "{ " + PAYLOAD + " Board 1:")
    source = write(tmp_path, text)
    svg, pdf = tmp_path / "d.svg", tmp_path / "d.pdf"
    assert run("render", source, "-o", str(svg))[0] == 0
    assert run("render", source, "-o", str(pdf))[0] == 0
    tree = ElementTree.parse(svg)  # well-formed: the payload did not break the markup
    tags = {element.tag.rsplit("}", 1)[-1] for element in tree.iter()}
    assert not tags & {"script", "img", "foreignObject", "iframe"}
    assert not any(name.lower().startswith("on") for element in tree.iter()
                   for name in element.attrib)
    shown = "".join("".join(element.itertext()) for element in tree.iter()
                    if element.tag.endswith("}text"))
    # as text, verbatim (the name, then the statement); a control character, which XML
    # does not allow, written as its escape
    assert PAYLOAD.replace("\x1b", "\\x1b") in shown
    data = pdf.read_bytes()
    assert b"/JavaScript" not in data and b"/JS" not in data and b"/OpenAction" not in data


# -- match-wide tags carry through the match ----------------------------------------------

POOL = """[Event "club"]
[Match "m1"]
[Variant "leningrad"]
[Players "Ana; Boris; Ceca"]
[Target "10"]
[Board "1"]
[Dealer "A"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "B"]
[Contract "6H"]
[Result "A:2 B:6 C:2"]
[Defence "C"]
whist whist

[Match "m1"]
[Board "2"]
[Dealer "B"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "C"]
[Contract "6H"]
[Result "A:2 B:2 C:6"]
[Defence "A"]
whist whist
"""

LATER = POOL.split("\n\n")[1]


def test_match_wide_tags_hold_for_the_later_records(tmp_path: Path) -> None:
    source = write(tmp_path, POOL)
    code, out = run("check", source)
    assert code == 0 and "W001" not in out and "sochi" not in out, out
    # board 2 is scored as the same record with the tags written out is (Leningrad)
    code, implied = run("score", "--format", "json", source)
    spelled = write(tmp_path, POOL.replace('[Match "m1"]\n[Board "2"]', '[Match "m1"]\n'
                                           '[Variant "leningrad"]\n[Players "Ana; Boris;'
                                           ' Ceca"]\n[Target "10"]\n[Board "2"]'), "s.pfn")
    code, written = run("score", "--format", "json", spelled)
    assert json.loads(implied) == json.loads(written.replace("s.pfn", "x.pfn"))
    sochi = write(tmp_path, POOL.replace('[Variant "leningrad"]\n', ""), "sochi.pfn")
    assert json.loads(run("score", "--format", "json", sochi)[1]) != json.loads(implied)
    # the players' names of the match are in the diagram, the terminal and the page
    code, out = run("show", source, "--board", "2")
    assert code == 0 and "Leningrad" in out and "C Ceca" in out
    svg = tmp_path / "b2.svg"
    assert run("render", source, "--board", "2", "-o", str(svg))[0] == 0
    assert "Ceca" in svg.read_text("utf-8") and "Leningrad" in svg.read_text("utf-8")
    page = tmp_path / "p.html"
    assert run("render", source, "-f", "html", "-o", str(page))[0] == 0
    data = page.read_text("utf-8")
    assert data.count("Leningrad") >= 2 and '"C": "Ceca"' in data


def test_the_header_is_written_where_a_part_of_a_pool_starts(tmp_path: Path) -> None:
    from pfn.notation.reader import loads

    source = write(tmp_path, POOL)
    later = loads(POOL)[1]
    assert later.variant == "leningrad" and later.names == ("Ana", "Boris", "Ceca")
    assert later._repr_svg_() is not None and "Ceca" in later._repr_svg_()
    # fmt leaves the later record as it is: no tag is added to it
    code, out = run("fmt", source, "--diff")
    assert "+[Variant" not in out
    # a filter that keeps board 2 alone writes the match's header on it
    code, out = run("filter", source, "--boards", "2")
    assert code == 0 and '[Variant "leningrad"]' in out and '[Players "Ana; Boris; Ceca"]' in out
    part = write(tmp_path, out, "part.pfn")
    code, alone = run("score", "--format", "json", part)
    assert code == 0 and json.loads(alone)[0]["variant"] == "leningrad"
    # JSON keeps the tags each record has, marked, and reads back to the same file
    code, text = run("convert", source, "--to", "json")
    tags = json.loads(text)["records"][1]["tags"]
    assert {"name": "Variant", "value": "leningrad", "implied": True} in tags
    back = write(tmp_path, text, "back.json")
    code, again = run("convert", back, "--to", "pfn")
    assert code == 0 and again == run("convert", source, "--to", "pfn")[1]
    assert again.count("[Variant") == 1  # the later record is written as it was


def test_a_later_record_that_names_another_variant_is_an_error(tmp_path: Path) -> None:
    source = write(tmp_path, POOL.replace('[Match "m1"]\n[Board "2"]',
                                          '[Match "m1"]\n[Variant "sochi"]\n[Board "2"]'))
    code, out = run("check", source)
    assert code == 1 and "PFN-E804" in out and "'leningrad' before, 'sochi' here" in out


def test_a_single_deal_starts_from_its_target(tmp_path: Path) -> None:
    # Serbian: every player starts with the agreed bule; B's 6S (pik, 2 × 2 = 4 bule)
    # takes him from 60 to 56, as the same record inside a match does
    deal = ('[Variant "serbian"]\n[Target "60"]\n[Players "Ana; Boris; Ceca"]\n'
            '[Dealer "A"]\n[Declarer "B"]\n[Contract "6S"]\n[Result "A:2 B:6 C:2"]\n'
            '[Defence "C"]\nwhist whist\n')
    alone = json.loads(run("score", "--format", "json", write(tmp_path, deal))[1])[0]
    matched = json.loads(run("score", "--format", "json",
                             write(tmp_path, '[Match "one"]\n' + deal, "m.pfn"))[1])[0]
    assert alone["target"] == 60 and alone.pop("match") is None
    matched.pop("match")
    assert alone == matched
    out = run("score", write(tmp_path, deal))[1]
    sheet = out[out.index("Sheet after"):]
    assert re.search(r"A Ana +60\b", sheet) and re.search(r"B Boris +56\b", sheet), sheet


# -- partial records ---------------------------------------------------------------------

BRIEF_ONE = (ROOT / "examples" / "brief.pfn").read_text("utf-8").split("\n\n")[0]


def test_a_missing_defence_is_not_known_never_nobody_whisted(tmp_path: Path) -> None:
    text = BRIEF_ONE.replace('[Defence "B"]\nwhist whist\n', "")
    assert text != BRIEF_ONE
    code, out = run("check", write(tmp_path, text))
    # the brief's own entries (both whisted) are possible: no error, a note on each
    assert code == 0 and "E70" not in out, out
    assert "not checked: B:whist/A" in out and "not checked: C:whist/A" in out
    # Sochi, 7S made with 8 tricks, defenders 1 and 1, price 4 (worked by hand): both
    # whist: 4 each; one whists alone: he writes both defenders' tricks, 8, the other 0
    code, out = run("check", write(tmp_path, text.replace("C:whist/A+4", "C:whist/A+8"),
                                   "lone.pfn"))
    assert code == 0, out
    code, out = run("check", write(tmp_path, text.replace("C:whist/A+4", "C:whist/A+12"),
                                   "bad.pfn"))
    assert code == 1 and "C:whist/A: stated 12, but what is known allows only 0, 4, 8" in out
    # what every defence agrees on is still checked
    code, out = run("check", write(tmp_path, text.replace("A:pool+4", "A:pool+2"), "p.pfn"))
    assert code == 1 and "A:pool: stated 2, computed 4" in out


def test_a_record_without_its_discard_draws_the_dealt_hand_and_the_talon(
        tmp_path: Path) -> None:
    text = BRIEF_ONE.replace('[Discard "D7 D8"]\n', "")
    text = text[:text.index("CA CT C8")] + "*\n" + text[text.index("[Score"):]
    source = write(tmp_path, text)
    assert run("check", source)[0] == 0
    code, out = run("show", source, "-k", "1")
    # Ana's ten as dealt (AKQJ7.AK.7.A7) less the ace she led
    assert code == 0 and "♠ K Q J 7\n    ♣ A K\n    ♦ 7\n    ♥ A 7\n" in out
    code, out = run("show", source)
    assert "Talon: ♦8 ♥8" in out and "Discard: not given" in out
    svg = tmp_path / "d.svg"
    assert run("render", source, "-o", str(svg))[0] == 0
    drawn = svg.read_text("utf-8")
    assert "discard not given" in drawn and "talon" in drawn


def test_a_left_out_trick_line_is_named(tmp_path: Path) -> None:
    # trick 7 (H7 HK HT: Ana's heart, Boris wins) left out; the Result credits ten tricks
    code, out = run("check", write(tmp_path, BRIEF_ONE.replace("H7 HK HT\n", "")))
    assert "PFN-W004" in out and "trick 7 is missing" in out and "(H7 HT HK)" in out
    assert ":21:1:" in out  # at the Play tag
    # a trick that could stand in many places is still reported, with the places
    code, out = run("check", write(tmp_path, BRIEF_ONE.replace("CK CJ C9\n", ""), "c.pfn"))
    assert code == 0 and "a trick line is missing, trick 1, 2" in out and "or 10" in out


# -- one mistake, one error ---------------------------------------------------------------


def test_a_talon_card_left_off_an_all_pass_trick_is_one_error(tmp_path: Path) -> None:
    board = (ROOT / "examples" / "four-players.pfn").read_text("utf-8").split("\n\n")[2]
    code, out = run("check", write(tmp_path, board.replace("H7 H8 H9 HT", "H8 H9 HT")))
    assert code == 1 and out.count("error[") == 1, out
    assert "PFN-E509" in out and "only the players' cards" in out and "H7 H8" in out


def test_a_wrong_dealer_is_one_error_whichever_way_the_record_agrees(
        tmp_path: Path) -> None:
    pool = BRIEF_ONE.replace('[Event "Friday pool"]', '[Event "Friday pool"]\n[Match "m"]')
    # board 2 should be dealt by A (C dealt board 1); it says C, and its auction and play
    # agree with C dealing (A speaks and leads)
    second = """[Match "m"]
[Board "2"]
[Dealer "C"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "A"]
[Contract "7S"]
[Result "A:8 B:1 C:1"]
[Auction "A"]
6S pass pass
[Talon "D8 H8"]
[Discard "D7 D8"]
[Defence "B"]
whist whist
[Play "A"]
*
[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]
"""
    code, out = run("check", write(tmp_path, pool.rstrip("\n") + "\n\n" + second))
    assert code == 1 and out.count("error[") == 1 and "PFN-E802" in out, out
    assert "A deals this board, not C" in out


def test_what_follows_from_the_first_broken_rule_is_folded_under_it(tmp_path: Path) -> None:
    """The pool's all-pass (board 4) with the talon card left off both of its talon-led
    trick lines: one error where the first line is, a note that one more follows, and
    ``--all`` shows both lines' errors (the lines counted in the example by hand)."""
    pool = (ROOT / "examples" / "sochi-match.pfn").read_text("utf-8")
    assert pool.count("C8 CQ CK CJ\nCA C9 CT HA\n") == 1
    path = write(tmp_path, pool.replace("C8 CQ CK CJ\nCA C9 CT HA\n", "CQ CK CJ\nC9 CT HA\n"))
    lines = Path(path).read_text("utf-8").splitlines()
    first = lines.index("CQ CK CJ") + 1
    assert lines[first] == "C9 CT HA"  # the second trick is on the next line
    code, out = run("check", path)
    assert code == 1 and out.count("error[") == 1, out
    assert f":{first}:1: error[PFN-E509]" in out and "write the talon card first: C8 CQ" in out
    assert f":{first}:1: info[PFN-I003]: 1 more error follows from this one" in out
    assert "pfn check --all" in out and "10 records: 1 error" in out
    code, every = run("check", "--all", path)
    assert code == 1 and every.count("error[") == 2 and "PFN-I003" not in every, every
    assert f":{first}:1: error[PFN-E509]" in every and f":{first + 1}:1: error[PFN-E509]" in every
    assert "10 records: 2 errors" in every
    code, out = run("check", "--format", "json", path)
    found = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert [(d["code"], d["line"]) for d in found] == [("PFN-E509", first), ("PFN-I003", first)]
    code, out = run("check", "--help")
    assert "--all" in out


# -- hostile input -------------------------------------------------------------------------


def test_deeply_nested_json_is_a_diagnostic(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    for args in (["convert", str(deep)], ["convert", str(deep), "--to", "pfn"]):
        code, out = run(*args)
        assert code == 2 and "PFN-E005" in out and "nested too deeply" in out, out
        assert "internal error" not in out


def peak_rss_mb(*args: str) -> float:
    """The peak memory of ``pfn ARGS`` in a fresh process: measured by a parent that
    has no other child."""
    import subprocess
    import sys

    probe = ("import resource, subprocess, sys;"
             "subprocess.run([sys.executable, '-m', 'pfn.cli', *sys.argv[1:]],"
             " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL);"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                          text=True, timeout=300)
    return int(done.stdout.strip()) / 1024


@pytest.mark.slow
def test_a_long_line_takes_memory_in_proportion(tmp_path: Path) -> None:
    # 10 MB on one line: a tag value, then a trick line (each was 0.3-1.7 GB)
    value = write(tmp_path, BRIEF_ONE.replace('[Site "Novi Sad"]',
                                              '[Site "' + "y" * 10_000_000 + '"]'))
    assert peak_rss_mb("check", value) <= 300
    cards = write(tmp_path, BRIEF_ONE.replace("SA S9 S8", "SA S9 S8 " + "SA " * 3_300_000),
                  "cards.pfn")
    assert peak_rss_mb("check", cards) <= 300
    assert run("check", value)[0] == 0  # and the record is read whole


@pytest.mark.slow
def test_write_failures_name_the_output(tmp_path: Path) -> None:
    import os
    import stat
    import subprocess
    import sys

    full = tmp_path / "full"
    os.mknod(full, 0o600 | stat.S_IFCHR, os.makedev(1, 7))  # a private "disk full" device
    brief = str(ROOT / "examples" / "brief.pfn")

    def pfn(*args: str, stdout: object = subprocess.PIPE, stdin: str | None = None
            ) -> tuple[int, str]:
        done = subprocess.run([sys.executable, "-m", "pfn.cli", *args], stdout=stdout,
                              stderr=subprocess.PIPE, text=True, timeout=120, input=stdin)
        return done.returncode, done.stderr

    for args in (["generate", "5", "-o", str(full)], ["render", brief, "-o", str(full)],
                 ["convert", brief, "--to", "json", "-o", str(full)]):
        code, err = pfn(*args)
        assert code == 2 and err.strip() == f"pfn: cannot write {full}: No space left on"\
            " device", (args, err)
        assert stat.S_ISCHR(full.stat().st_mode)  # still the device, never replaced
    text = (ROOT / "examples" / "brief.pfn").read_text("utf-8")
    with open(full, "w") as out:
        for args in (["fmt", "-"], ["convert", brief, "--to", "json"], ["show", brief],
                     ["score", str(ROOT / "examples" / "sochi-match.pfn")]):
            code, err = pfn(*args, stdout=out, stdin=text if "-" in args else None)
            assert code == 2 and "cannot write standard output: No space left" in err, args
            assert "internal error" not in err and "cannot read" not in err


def test_a_folder_without_pfn_files_is_nothing_to_check(tmp_path: Path) -> None:
    code, out = run("check", str(tmp_path))
    assert code == 2 and "nothing to check: no PFN files in" in out and "clean" not in out


def test_house_rule_numbers_are_bounded(tmp_path: Path) -> None:
    text = ('[Variant "sochi"]\n[Rules "{}"]\n[Declarer "B"]\n[Contract "6H"]\n'
            '[Result "A:2 B:6 C:2"]\n[Defence "C"]\nwhist whist\n')
    for rule, said in (("consolation-factor=1e308", "at most 100"),
                       ("consolation-factor=1/1000", "denominator at most 100"),
                       ("mountain-ratio=100000000000000000000", "out of range (1…1000)"),
                       ("pool-ratio=0", "out of range (1…100)")):
        code, out = run("check", write(tmp_path, text.format(rule)))
        assert code == 1 and "PFN-E116" in out and said in out and ":2:1:" in out, out
    assert run("check", write(tmp_path, text.format("consolation-factor=1/2")))[0] == 0


# -- finding the API and the options ------------------------------------------------------


def test_the_package_lists_its_api() -> None:
    import pydoc

    import pfn

    names = dir(pfn)
    for name in ("read", "replay", "score", "solve", "Card", "Seat", "Call", "PfnError"):
        assert name in names
    for name in ("Any", "TYPE_CHECKING", "annotations", "import_module"):
        assert name not in names
    page = pydoc.render_doc(pfn, renderer=pydoc.plaintext)
    assert re.search(r"\n    replay\(record", page) and re.search(r"\n    read\(", page)
    assert issubclass(pfn.PfnError, ValueError)


def test_every_command_gives_an_example_and_its_choices() -> None:
    from pfn.cli import COMMANDS

    for command in COMMANDS:
        code, text = run(command, "--help")
        assert code == 0 and "Example" in text and f"pfn {command} " in text, command
    code, text = run("render", "--help")
    for listed in ("<hide|grey>", "<screen|book>", "<auto|en|ru|sr|sr-Cyrl>",
                   "<svg|pdf|png|pgf|gif|apng|html>"):
        assert listed in text
    assert "{key}" in run("split", "--help")[1]
    assert "<text|table|json|csv>" in run("stats", "--help")[1]


def test_one_meaning_per_option(tmp_path: Path) -> None:
    brief = str(ROOT / "examples" / "brief.pfn")
    sochi = str(ROOT / "examples" / "sochi-match.pfn")
    # -k names a trick in every command; 0 is before the lead
    assert run("solve", brief, "-b", "1", "-k", "0") == run("solve", brief, "-b", "1")
    for command in ("render", "show", "solve"):
        assert "The trick, by its number (1-10" in run(command, "--help")[1]
    # -v is --invert (filter); generate's old -v still works, unlisted
    assert "-v, --invert" in run("filter", "--help")[1]
    assert not re.search(r"-v[ ,]", run("generate", "--help")[1].split("Options:")[1])
    assert '[Variant "leningrad"]' in run("generate", "1", "-v", "leningrad")[1]
    # -f is --format everywhere; import's --from still works
    pts = str(ROOT / "tests" / "data" / "formats" / "classics.pts")
    assert run("import", pts, "-f", "pts")[1] == run("import", pts, "--from", "pts")[1]
    assert "-f, --format" in run("import", "--help")[1]
    # the text format is "text" everywhere ("table" still works for stats)
    assert run("stats", sochi, "-f", "text") == run("stats", sochi, "-f", "table")


def test_records_and_reports_print_as_preferans() -> None:
    # a first step of the library issue: str(record) is PFN, repr is short, reports sum up
    import pfn
    from pfn.check import check_file

    records = [r for r in pfn.read(ROOT / "examples" / "sochi-match.pfn") if not r.empty]
    later = records[1]
    assert repr(later) == "<Record board 2 · match friday-2026-11-27 · sochi · 7H by B>"
    again = pfn.loads(str(later))
    assert len(again) == 1 and again[0] == later  # its PFN, header included, reads back
    report = check_file(ROOT / "examples" / "sochi-match.pfn")
    assert report.clean and report.records == len(records) and report.errors == 0
    assert repr(report).endswith(f"{len(records)} records, 0 errors, 0 warnings>")
    result = pfn.replay(later).result
    assert list(result) == sorted(result)  # seat order
