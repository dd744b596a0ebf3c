"""The renderer: diagrams, strips, sheets, the terminal view and ``pfn render``/``pfn show``.

Expected hands are worked out here from the record itself (the Deal, the talon and
discard, the cards of the Play section), not from the renderer's own position code.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from matplotlib.transforms import Bbox
from typer.testing import CliRunner

from pfn.cards import SUITS, Card
from pfn.cli import app
from pfn.cli.drawing import ImageFormat
from pfn.deal import replay
from pfn.model import Record
from pfn.notation.reader import load
from pfn.render.diagram import deal_figure, strip_figure
from pfn.render.look import Style
from pfn.render.picture import save, svg_text
from pfn.render.position import position
from pfn.render.seating import places
from pfn.render.sheet import history, printed, sheet_figure
from pfn.render.terminal import show_position, show_replay
from pfn.report import reports
from pfn.seats import Seat
from tests.conftest import CLEAN_EXAMPLES, EXAMPLES, one

BASELINE = Path(__file__).parent / "baseline"
SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def drawable(path: Path) -> list[Record]:
    return [r for r in load(path) if not r.empty and (r.deal or r.contract)]


def all_drawable() -> list[tuple[str, Record]]:
    return [(f"{p.name}:{r.tag('Board') or i}", r) for p in CLEAN_EXAMPLES
            for i, r in enumerate(drawable(p))]


def texts_by_id(svg: str) -> dict[str, str]:
    """The text inside each ``<g id=…>`` group of an SVG written with text as text."""
    root = ET.fromstring(svg)
    out = {}
    for group in root.iter(f"{SVG}g"):
        gid = group.get("id")
        text = group.find(f"{SVG}text")
        if gid and text is not None:
            out[gid] = "".join(text.itertext())
    # a line drawn in runs (its red suits in red) reads as one: "X", "X/1", "X/2", …
    for gid in sorted((g for g in out if "/" in g), key=lambda g: int(g.rpartition("/")[2])
                      if g.rpartition("/")[2].isdigit() else 0):
        base, _, index = gid.rpartition("/")
        if base in out and index.isdigit() and index != "0":
            out[base] += out[gid]
    return out


def starting_hands(record: Record) -> dict[Seat, set[Card]]:
    """Each hand at the first lead, from the Deal, the talon and the discard."""
    assert record.deal is not None
    hands = {Seat(i): {Card(b) for b in range(32) if hand is not None and hand.mask >> b & 1}
             for i, hand in enumerate(record.deal.hands)}
    if record.discard and record.declarer is not None:
        talon = record.talon or ()
        hands[record.declarer] |= {c for c in talon if isinstance(c, Card)}
        hands[record.declarer] -= {c for c in record.discard if isinstance(c, Card)}
    return hands


def played_in_first(record: Record, tricks: int) -> set[Card]:
    assert record.play is not None
    return {c for run in record.play.tricks[:tricks] for c in run.cards if c is not None}


def rank_text(card: Card) -> str:
    return "10" if card.rank.letter == "T" else card.rank.letter


def suit_line(cards: set[Card], suit: int) -> list[str]:
    return [rank_text(c) for c in sorted(cards, reverse=True) if c.suit == suit]


FULL = [(name, r) for name, r in all_drawable()
        if r.play is not None and r.deal is not None and all(h is not None and h.complete
                                                              for h in r.deal.hands)]


# -- every example renders ---------------------------------------------------


@pytest.mark.parametrize("name,record", all_drawable(), ids=lambda v: v if isinstance(v, str)
                         else "")
def test_every_example_renders(name: str, record: Record) -> None:
    result = replay(record, on_error="collect")
    for trick in (0, len(result.tricks) // 2 + 1, len(result.tricks) + 1):
        svg = svg_text(deal_figure(result, trick))
        ET.fromstring(svg)  # well-formed
        assert "<text" in svg, "text must stay text in SVG"


@pytest.mark.parametrize("path", CLEAN_EXAMPLES, ids=lambda p: p.name)
def test_every_match_sheet_renders(path: Path) -> None:
    for report in reports(load(path)):
        svg = svg_text(sheet_figure(report))
        assert report.id is None or (report.id in svg)


# -- structural checks on the SVG ---------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name,record", FULL, ids=lambda v: v if isinstance(v, str) else "")
def test_held_cards_are_text_and_played_ones_are_gone(name: str, record: Record) -> None:
    result = replay(record, on_error="collect")
    start = starting_hands(record)
    assert record.play is not None
    end = len(record.play.tricks) + 1
    for trick in range(end + 1):
        groups = texts_by_id(svg_text(deal_figure(result, trick)))
        gone = played_in_first(record, trick)
        for seat, cards in start.items():
            if not cards:
                continue  # the dealer at a table of four
            if trick == end:  # after the play: the hands as dealt, the played cards grey
                grey = {key for key in groups if key.startswith(f"played-{seat}-")}
                assert grey == {f"played-{seat}-{c.suit.letter}-{c.rank.letter}"
                                for c in cards & gone}, (name, seat)
                continue
            for suit in SUITS:
                shown = groups[f"hand-{seat}-{suit.letter}"].split()
                expected = suit_line(cards - gone, suit) or ["—"]
                assert shown == expected, (name, trick, seat, suit)


def test_played_cards_greyed_on_request_in_place() -> None:
    """--played grey: a suit's cards stay in rank order, each where it was, the played
    ones grey (♠ 10 9 8 7 with 9 played, not ♠ 10 8 7 9)."""
    _, record = FULL[0]
    result = replay(record)
    start = starting_hands(record)
    figure = deal_figure(result, 4, Style(played="grey"))
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    texts = _artists(figure)
    gone = played_in_first(record, 3)  # trick 4 is on the table, neither held nor grey
    on_table = played_in_first(record, 4) - gone
    checked = 0
    for seat, cards in start.items():
        for suit in SUITS:
            row = [(t.get_window_extent(renderer).x0, gid.split("-")[0], gid.split("-")[3])
                   for gid, t in texts.items()
                   if gid.startswith((f"hand-{seat}-{suit.letter}-",
                                      f"played-{seat}-{suit.letter}-"))]
            mine = sorted((c for c in cards - on_table if c.suit == suit), reverse=True)
            if not any(c in gone for c in mine):
                continue  # nothing played in this suit: one text, as without grey
            row.sort()
            assert [r[2] for r in row] == [c.rank.letter for c in mine]
            assert [r[1] for r in row] == ["played" if c in gone else "hand" for c in mine]
            for _, kind, rank in row:
                colour = texts[f"{kind}-{seat}-{suit.letter}-{rank}"].get_color()  # type: ignore[attr-defined]
                assert (colour == "#b5b5b5") == (kind == "played")
            checked += 1
    assert checked >= 3


def test_trick_on_the_table_leader_and_winner() -> None:
    record = one((EXAMPLES / "brief.pfn").read_text(encoding="utf-8").split("\n\n")[0])
    result = replay(record)
    svg = svg_text(deal_figure(result, 2))
    groups = texts_by_id(svg)
    # trick 2 of the brief: A leads SK, B ST, C shows out with C7; A wins
    assert [groups[f"trick-{i}"] for i in range(3)] == ["♠K", "♠10", "♣7"]
    assert "trick 2" in svg and "Ceca shows out of spades" in svg
    assert "2 tricks" in svg  # A after winning the first two
    root = ET.fromstring(svg)
    bold = [g.get("id") for g in root.iter(f"{SVG}g")
            if (g.get("id") or "").startswith("trick-")
            and "font-weight: 700" in (g.find(f"{SVG}text").get("style") or "")]  # type: ignore[union-attr]
    assert bold == ["trick-0"]


def test_hidden_hands_for_a_problem_diagram() -> None:
    _, record = FULL[0]
    groups = texts_by_id(svg_text(deal_figure(replay(record), 0, hidden=(Seat.B, Seat.C))))
    assert "hand-A-S" in groups
    assert not any(k.startswith(("hand-B", "hand-C")) for k in groups)
    assert groups["hidden-B"] == groups["hidden-C"] == "hidden"


def test_seats_follow_the_playing_direction() -> None:
    sochi = one('[Variant "sochi"]\n[Dealer "C"]\n[Declarer "A"]\n[Contract "6S"]\n')
    serbian = one('[Variant "serbian"]\n[Dealer "C"]\n[Declarer "A"]\n[Contract "2S"]\n')
    four = one('[Variant "russian-standard"]\n[Players "A; B; C; D"]\n[Dealer "D"]\n'
               '[Declarer "B"]\n[Contract "6S"]\n')
    # clockwise: after the player at the bottom comes the one on the left
    assert places(replay(sochi, on_error="collect"), Style()) == {
        Seat.A: "bottom", Seat.B: "left", Seat.C: "right"}
    # Serbian play goes counter-clockwise: the next player sits on the right
    assert places(replay(serbian, on_error="collect"), Style()) == {
        Seat.A: "bottom", Seat.B: "right", Seat.C: "left"}
    assert places(replay(four, on_error="collect"), Style()) == {
        Seat.B: "bottom", Seat.C: "left", Seat.D: "top", Seat.A: "right"}


def test_all_pass_talon_card_leads_on_the_table() -> None:
    record = one("""[Variant "russian-standard"]
[Players "A; B; C; D"]
[Dealer "A"]
[Deal "A:- B:AKQJ.AKQ.AK.A C:T987.JT9.QJ.K D:.87.T98.QJT97 talon:..7.8"]
[Contract "pass"]
[Play "talon"]
D7 DA DQ DT
H8 HA HK HQ *
""")
    result = replay(record, on_error="collect")
    assert result.ok, result.diagnostics
    groups = texts_by_id(svg_text(deal_figure(result, 1)))
    assert [groups[f"trick-{i}"] for i in range(4)] == ["♦7", "♦A", "♦Q", "♦10"]
    assert not any(k.startswith("hand-A") for k in groups)  # the dealer holds nothing


def test_strip_has_one_panel_per_trick() -> None:
    _, record = FULL[0]
    result = replay(record)
    figure = strip_figure(result)
    panels = [ax for ax in figure.axes if any(t.get_gid() == "trick-label" for t in ax.texts)]
    assert len(panels) == len(result.tricks)
    # the heading once, above the panels: title, deal line, talon and discard
    assert sum(t.get_gid() == "title" for ax in figure.axes for t in ax.texts) == 1
    assert not any(t.get_gid() and t.get_gid().startswith(("label-talon", "talon-"))
                   for ax in panels for t in ax.texts)


# -- the score sheet ---------------------------------------------------------


def test_four_player_sheet_shows_the_published_settlement() -> None:
    """Seed 000, the settlement example: A +37, B +183, C −217, D −3."""
    report = reports(load(EXAMPLES / "seeds" / "seed000-settlement.pfn"))[0]
    groups = texts_by_id(svg_text(sheet_figure(report)))
    assert [groups[f"settlement-{s}"] for s in "ABCD"] == ["+37", "+183", "−217", "−3"]


def _group(figure: object, gid: str) -> list[Any]:
    """The texts of one written figure (``pool-A/0``, ``pool-A/1``, …) in order."""
    from matplotlib.text import Text

    found = [(int(t.get_gid().rsplit("/", 1)[1]), t) for ax in figure.axes  # type: ignore[attr-defined]
             for t in ax.findobj(Text) if (t.get_gid() or "").startswith(gid + "/")]
    return [t for _, t in sorted(found, key=lambda pair: pair[0])]


def test_sheet_up_to_a_deal_writes_running_totals_struck() -> None:
    """Each superseded total gets one short stroke drawn over its plain digits (no
    combining slash in the text, so a copied or searched sheet gives the numbers); the
    latest total is not struck."""
    report = reports(load(EXAMPLES / "sochi-match.pfn"))[0]
    figure = sheet_figure(report)
    svg = svg_text(figure)
    assert "\u0338" not in svg
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    lines = {line.get_gid(): line for line in figure.axes[0].get_lines() if line.get_gid()}
    checked = 0
    for seat in (Seat.A, Seat.B, Seat.C):
        for kind in ("pool", "mountain"):
            values = history(report.rows, (seat, kind, None))
            parts = _group(figure, f"{kind}-{seat}")
            numbers = [t for t in parts if t.get_text() not in (".", "\u2009")]
            assert [t.get_text() for t in numbers] == [printed(v) for v in values]
            strikes = [g for g in lines if g.startswith(f"{kind}-{seat}/strike-")]
            assert len(strikes) == len(values) - 1
            for text in numbers[:-1]:  # the stroke lies across the digits it strikes
                index = text.get_gid().rsplit("/", 1)[1]
                line = lines[f"{kind}-{seat}/strike-{index}"]
                box = text.get_window_extent(renderer)
                for x, y in line.get_transform().transform(line.get_xydata()):
                    assert box.x0 - 1 <= x <= box.x1 + 1 and box.y0 - 1 <= y <= box.y1 + 1
                checked += 1
            assert printed(values[-1]) in texts_by_id(svg).values()
    assert checked >= 4
    first = svg_text(sheet_figure(report, upto=1))
    assert "after board 1" in first


def test_a_closed_sheet_frames_its_final_figures() -> None:
    """The whole match: the last figure of every total framed, as on paper; a sheet up
    to an earlier board is still open, with nothing framed."""
    for path in (EXAMPLES / "sochi-match.pfn", EXAMPLES / "seeds" / "seed000-settlement.pfn",
                 EXAMPLES / "seeds" / "seed001-primer.pfn", EXAMPLES / "four-players.pfn"):
        report = reports(load(path))[0]
        cases = [(None, True)] + ([(1, False)] if len(report.rows) > 1 else [])
        for upto, framed in cases:
            figure = sheet_figure(report, upto=upto)
            groups: dict[str, list[Any]] = {}
            for text in figure.axes[0].texts:
                gid = text.get_gid() or ""
                if "/" in gid:
                    groups.setdefault(gid.rsplit("/", 1)[0], []).append(text)
            assert groups, path
            for gid, parts in groups.items():
                boxed = [t.get_text() for t in parts if t.get_bbox_patch() is not None]
                numbers = [t.get_text() for t in parts if t.get_text()[:1].isdigit() or
                           t.get_text()[:1] == "\u2212"]
                if gid.startswith(("supe-", "bule-")):  # a Serbian column: one per row
                    continue
                assert boxed == (numbers[-1:] if framed else []), (path, upto, gid)
            if report.layout == "columns":
                for seat in "ABC":
                    rows = sorted((k for k in groups if k.startswith(f"bule-{seat}-")),
                                  key=lambda k: int(k.rsplit("-", 1)[1]))
                    last = [t for t in groups[rows[-1]] if t.get_bbox_patch() is not None]
                    assert bool(last) == framed
                    assert not any(t.get_bbox_patch() for k in rows[:-1] for t in groups[k])


# -- baseline images -----------------------------------------------------------

BASELINES = {
    "brief-trick2": lambda: deal_figure(replay(drawable(EXAMPLES / "brief.pfn")[0]), 2),
    "sochi-grey-trick5": lambda: deal_figure(
        replay(drawable(EXAMPLES / "sochi-match.pfn")[0]), 5, Style(played="grey")),
    "four-players-trick3": lambda: deal_figure(
        replay(drawable(EXAMPLES / "four-players.pfn")[0]), 3),
    "four-players-allpass-trick2": lambda: deal_figure(
        replay(drawable(EXAMPLES / "four-players.pfn")[1]), 2),
    "sochi-sheet": lambda: sheet_figure(reports(load(EXAMPLES / "sochi-match.pfn"))[0]),
    "seed000-sheet": lambda: sheet_figure(
        reports(load(EXAMPLES / "seeds" / "seed000-settlement.pfn"))[0]),
    "serbian-sheet": lambda: sheet_figure(
        reports(load(EXAMPLES / "seeds" / "seed001-primer.pfn"))[0]),
}


@pytest.mark.parametrize("name", sorted(BASELINES))
def test_matches_reviewed_baseline(name: str, tmp_path: Path) -> None:
    """Reviewed images; ``PFN_UPDATE_BASELINES=1`` rewrites them after a deliberate change."""
    from matplotlib.testing.compare import compare_images

    expected = BASELINE / f"{name}.png"
    actual = tmp_path / f"{name}.png"
    save(BASELINES[name](), str(actual), "png", dpi=72)
    if os.environ.get("PFN_UPDATE_BASELINES"):
        BASELINE.mkdir(exist_ok=True)
        expected.write_bytes(actual.read_bytes())
    assert expected.exists(), f"no baseline {expected}: run with PFN_UPDATE_BASELINES=1"
    problem = compare_images(str(expected), str(actual), tol=3)
    assert problem is None, problem


# -- the terminal ------------------------------------------------------------


def test_terminal_replay_lists_every_trick_with_its_winner() -> None:
    record = drawable(EXAMPLES / "brief.pfn")[0]
    text = show_replay(replay(record))
    assert "\x1b[" not in text  # plain when not asked for colour
    lines = [line for line in text.splitlines() if re.match(r"\d+\) ", line)]
    assert lines[0] == "1) A — ♠A, B — ♠9, C — ♠8 → A"
    assert lines[1].startswith("2) A — ♠K, B — ♠10, C — ♣7 → A")
    assert "Ceca shows out of spades" in lines[1]
    assert lines[6] == "7) A — ♥7, B — ♥K, C — ♥10 → B"
    assert len(lines) == 10
    assert "Result: A:8 B:1 C:1" in text


def test_terminal_position_and_colour() -> None:
    record = drawable(EXAMPLES / "brief.pfn")[0]
    result = replay(record)
    plain = show_position(position(result, 2))
    assert "A Ana — 2 tricks (declarer)" in plain
    start = starting_hands(record)
    gone = played_in_first(record, 2)
    spades = " ".join(suit_line(start[Seat.A] - gone, 0))
    assert f"    ♠ {spades}\n" in plain
    coloured = show_position(position(result, 2), color=True)
    assert "\x1b[" in coloured and re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain


# -- the command line ----------------------------------------------------------


def test_render_writes_each_format(tmp_path: Path) -> None:
    source = str(EXAMPLES / "brief.pfn")
    for kind, magic in (("svg", b"<?xml"), ("png", b"\x89PNG"), ("pdf", b"%PDF")):
        out = tmp_path / f"board.{kind}"
        result = runner.invoke(app, ["render", source, "-b", "2", "-k", "3", "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(magic)


@pytest.mark.slow
def test_render_all_to_pdf_has_a_page_per_trick(tmp_path: Path) -> None:
    out = tmp_path / "all.pdf"
    result = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "--all", "-o",
                                 str(out)])
    assert result.exit_code == 0, result.output
    assert len(re.findall(rb"/Type\s*/Page\b", out.read_bytes())) == 10


def test_render_all_to_numbered_files_and_sheet(tmp_path: Path) -> None:
    out = tmp_path / "deal.svg"
    result = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "--all", "-o",
                                 str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"deal-{n:02d}.svg" for n in range(1, 11)]
    sheet = tmp_path / "sheet.png"
    result = runner.invoke(app, ["render", str(EXAMPLES / "sochi-match.pfn"), "--sheet",
                                 "-o", str(sheet)])
    assert result.exit_code == 0 and sheet.read_bytes().startswith(b"\x89PNG")


def test_render_bad_requests_are_diagnosed(tmp_path: Path) -> None:
    source = str(EXAMPLES / "brief.pfn")
    result = runner.invoke(app, ["render", source, "--hide", "B,X"])
    assert result.exit_code == 2 and "seats are A, B, C, D" in result.output
    result = runner.invoke(app, ["render", source, "-b", "99"])
    assert result.exit_code == 2 and "no board 99" in result.output


def exit_code_for(words: str) -> int:
    """The code the exit-code table of docs/diagnostics.md gives the row that says
    ``words``."""
    text = (Path(__file__).parents[1] / "docs" / "diagnostics.md").read_text("utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| **") and words in line]
    assert len(rows) == 1, rows
    return int(rows[0].split("**")[1])


FORMATS = ("svg", "pdf", "png", "pgf", "gif", "apng", "html")


@pytest.mark.parametrize("kind", FORMATS)
def test_a_file_with_no_deal_is_refused_alike_in_every_format(tmp_path: Path,
                                                               kind: str) -> None:
    """Only a Contract tag, no deal: every format says so, with the exit code the table
    of the docs gives it, and writes nothing (the SVG was a picture of nothing)."""
    assert set(FORMATS) == set(ImageFormat)
    source = tmp_path / "contract.pfn"
    source.write_text('[Contract "mis"]\n', encoding="utf-8")
    out = tmp_path / f"out.{kind}"
    result = runner.invoke(app, ["render", str(source), "-f", kind, "-o", str(out)])
    assert result.exit_code == exit_code_for("no deal to draw"), result.output
    assert f"{source}: no deal to draw" in result.stderr
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == [
        "contract.pfn"]


def test_no_deal_to_draw_is_said_without_a_format_and_from_stdin(tmp_path: Path) -> None:
    source = tmp_path / "contract.pfn"
    source.write_text('[Variant "sochi"]\n[Contract "mis"]\n[Result "A:0"]\n',
                      encoding="utf-8")
    for args, given in (([str(source)], ""), (["-"], source.read_text("utf-8"))):
        result = runner.invoke(app, ["render", *args], input=given)
        assert result.exit_code == exit_code_for("no deal to draw"), result.output
        assert "no deal to draw" in result.stderr
    dealt = tmp_path / "dealt.pfn"  # the same with its deal draws
    dealt.write_text('[Variant "sochi"]\n[Dealer "C"]\n[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ'
                     ' C:8.987.JT9.JT9 talon:..8.8"]\n[Contract "mis"]\n', encoding="utf-8")
    result = runner.invoke(app, ["render", str(dealt), "-o", str(tmp_path / "d.svg")])
    assert result.exit_code == 0 and (tmp_path / "d.svg").exists(), result.output


@pytest.mark.parametrize("written", [["B", "C"], ["B,C"], ["b", "c"], ["B,", "C"]])
def test_hide_takes_the_seats_apart_or_with_commas(tmp_path: Path, written: list[str]) -> None:
    out = tmp_path / "problem.svg"
    result = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "--hide", *written,
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    ids = set(re.findall(r'id="([^"]+)"', out.read_text(encoding="utf-8")))
    assert {"hidden-B", "hidden-C"} <= ids and "hidden-A" not in ids
    assert not any(i.startswith(("hand-B-", "hand-C-")) for i in ids)
    assert any(i.startswith("hand-A-") for i in ids)


def test_hide_takes_no_word_that_is_not_a_seat(tmp_path: Path) -> None:
    result = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "--hide", "B", "X",
                                 "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 2 and "(X)" in result.output


def test_show_command(tmp_path: Path) -> None:
    result = runner.invoke(app, ["show", str(EXAMPLES / "brief.pfn"), "-b", "1"])
    assert result.exit_code == 0
    assert result.output.count("Board 1") == 1
    assert "10) A — ♥8, B — ♦K, C — ♥J → C" in result.output
    result = runner.invoke(app, ["show", "-"], input="not a deal\n")
    assert result.exit_code == 2


def test_notebook_display() -> None:
    record = drawable(EXAMPLES / "brief.pfn")[0]
    svg = record._repr_svg_()
    assert svg is not None and "<svg" in svg and "♠" in svg
    assert replay(record)._repr_svg_() == svg
    sheet_only = one('[Match "m"]\n[Sheet "A:pool+10"]\n')
    assert sheet_only._repr_svg_() is None


def test_sheet_up_to_a_board_settles_as_of_that_board(tmp_path: Path) -> None:
    """--sheet --board N: the settlement under the sheet is the match's after board N
    (the match scored up to that record), not the final one."""
    source = EXAMPLES / "sochi-match.pfn"
    records = [r for r in load(source) if not r.empty]
    upto = next(i for i, r in enumerate(records) if r.tag("Board") == "3")
    expected = reports(records[:upto + 1])[0].settlement
    final = reports(records)[0].settlement
    assert expected != final
    out = tmp_path / "sheet.svg"
    result = runner.invoke(app, ["render", str(source), "--sheet", "--board", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    groups = texts_by_id(out.read_text(encoding="utf-8"))
    from fractions import Fraction

    assert {s: groups[f"settlement-{s}"] for s in "ABC"} == \
        {str(s): _mixed(Fraction(v)) for s, v in expected.items()}
    assert "Settlement after board 3" in out.read_text(encoding="utf-8")


def _joined(texts: dict[str, object], gid: str) -> str:
    """A line drawn in runs (red suits in red: ``gid``, ``gid/1``, …) as one text."""
    parts = [texts[gid]] + [texts[f"{gid}/{i}"] for i in range(1, 100)
                            if f"{gid}/{i}" in texts]
    return "".join(p.get_text() for p in parts)  # type: ignore[attr-defined]


def _artists(figure: object) -> dict[str, object]:
    from matplotlib.text import Text

    return {t.get_gid(): t for ax in figure.axes  # type: ignore[attr-defined]
            for t in ax.findobj(Text) if t.get_gid()}


def test_allpass_at_four_puts_the_talon_card_in_the_dealers_place() -> None:
    """Seed 000's all-pass at four: the talon card that opens a trick lies in the place
    of the dealer (who sits out, and takes the tricks it wins), framed when it wins;
    his tally shows those tricks.  What is expected is worked out from the Play."""
    record = drawable(EXAMPLES / "four-players.pfn")[1]
    assert record.contract is not None and record.contract.allpass
    result = replay(record)
    dealer = result.dealer
    assert dealer is not None
    talon_tricks = 0
    for number, run in enumerate(record.play.tricks[:2], start=1):  # type: ignore[union-attr]
        talon, *played = run.cards
        assert talon is not None
        wins = all(c is None or c.suit != talon.suit or c.rank < talon.rank for c in played)
        talon_tricks += wins
        texts = _artists(deal_figure(result, number))
        card = texts["trick-0"]
        x, y = card.get_position()  # type: ignore[attr-defined]
        spots = [texts[f"trick-{i}"].get_position() for i in range(1, 4)]  # type: ignore[attr-defined]
        assert (x, y) not in spots  # never under a player's card
        names = {s: texts[f"name-{s}"].xy for s in "ABCD"}  # type: ignore[attr-defined]
        nearest = min(names, key=lambda s: (names[s][0] - x) ** 2 + (names[s][1] - y) ** 2)
        assert nearest == str(dealer)
        frame = card.get_bbox_patch().get_edgecolor()  # type: ignore[attr-defined]
        others = [texts[f"trick-{i}"].get_bbox_patch().get_edgecolor()  # type: ignore[attr-defined]
                  for i in range(1, 4)]
        assert (frame not in others) if wins else (frame in others)
        tally = texts[f"tricks-{dealer}"].get_text()  # type: ignore[attr-defined]
        assert tally == f"{talon_tricks} trick{'s' * (talon_tricks != 1)}"
        shown = show_position(position(result, number))
        assert f"(deals) — {talon_tricks} trick" in shown
    assert talon_tricks >= 1


def test_serbian_supe_on_the_next_player_are_written_on_the_right() -> None:
    """Serbian play runs counter-clockwise (seed 001: "udesno"), so the next player in
    playing order sits on the right: supe against him go under DESNO."""
    records = load(EXAMPLES / "seeds" / "seed001-primer.pfn")
    written = [(m.group(1), m.group(2)) for r in records for tag in r.tags if tag.name == "Score"
               for m in re.finditer(r"(\w):supe/(\w)", tag.value)]
    assert written
    texts = _artists(sheet_figure(reports(records)[0]))
    for writer, against in written:
        nxt = "ABC"[("ABC".index(writer) + 1) % 3]
        column = "DESNO" if against == nxt else "LEVO"
        x = texts[f"supe-{writer}-{against}-0/0"].get_position()[0]  # type: ignore[attr-defined]
        assert x == texts[f"column-{writer}-{column}"].get_position()[0]  # type: ignore[attr-defined]


def test_four_player_sheet_whist_cells_face_their_opponents() -> None:
    """At four, each player's whist band has a cell per opponent, toward where that
    opponent sits (his name on the sheet), divided from the next."""
    report = reports(load(EXAMPLES / "seeds" / "seed000-settlement.pfn"))[0]
    figure = sheet_figure(report)
    texts = _artists(figure)
    names = {s: texts[f"sheet-name-{s}"].get_position() for s in "ABCD"}  # type: ignore[attr-defined]
    for seat in "ABCD":
        others = [o for o in "ABCD" if o != seat]
        cells = {o: _group(figure, f"whist-{seat}-{o}")[0].get_position() for o in others}
        for other in others:
            nearest = min(others, key=lambda c: (cells[c][0] - names[other][0]) ** 2 +
                          (cells[c][1] - names[other][1]) ** 2)
            assert nearest == other, (seat, other)
    lines = {line.get_gid() for line in figure.axes[0].get_lines()}
    assert {f"divider-{s}-{k}" for s in "ABCD" for k in (0, 1)} <= lines


@pytest.mark.parametrize(("variant", "deals"), [("sochi", 40), ("serbian", 40),
                                               ("serbian", 200)])
def test_a_long_pool_stays_inside_its_cells(variant: str, deals: int) -> None:
    """A long pool: every figure of the sheet lies inside the frame, and no two overlap
    (long runs of totals shrink, then leave out the oldest struck ones)."""
    from pfn.generate import generate
    from pfn.notation.reader import loads

    records = [r for text in generate(deals, variant, 5, match_size=deals)
               for r in loads(text)]
    figure = sheet_figure(reports(records)[0])
    ax = figure.axes[0]
    boxes = []
    for text, box in _texts_inside(figure):
        gid = (text.get_gid() or "").split("/")[0]  # one written figure, in pieces
        if gid.startswith(("whist-", "pool-", "mountain-", "supe-", "bule-")):
            boxes.append((gid, box))
        if gid.startswith(("supe-", "bule-")):  # inside the player's box of columns
            assert box.y0 >= ax.transData.transform((0, 0.22))[1] - 0.5, gid
    assert len(boxes) > 6
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            assert a == b or not box.overlaps(other), (a, b)


def test_fitted_totals_read_as_written() -> None:
    """What a cell shows is the running totals as on paper, each once."""
    report = reports(load(EXAMPLES / "sochi-match.pfn"))[0]
    figure = sheet_figure(report)
    for seat in (Seat.A, Seat.B, Seat.C):
        parts = _group(figure, f"pool-{seat}")
        assert "".join(t.get_text() for t in parts).replace("\u2009", "") == \
            "".join(f"{printed(v)}." for v in history(report.rows, (seat, "pool", None)))


LONG_NAMES = ("Aleksandra Konstantinovna Rimskaya-Korsakova; Bogdan Wolfgang Zarathustra-"
              "Petrovich; Cecilija Maximiliana von Hohenzollern-Sigmaringen")


def _long(path: Path, index: int) -> Record:
    text = path.read_text(encoding="utf-8")
    names = LONG_NAMES + ("; Dragoslav Hieronymus Mountbatten-Windsor" if "four" in path.name
                          else "")
    text = re.sub(r'\[Players "[^"]*"\]', f'[Players "{names}"]', text)
    text = re.sub(r'\[Board "([^"]*)"\]',
                  r'[Board "\1 of the Friday night pool at the Novi Sad club, table three"]',
                  text)
    text = re.sub(r'\[Match "([^"]*)"\]',
                  r'[Match "\1-the-long-running-winter-league-of-the-novi-sad-club-2026"]',
                  text)
    from pfn.notation.reader import loads

    return [r for r in loads(text) if not r.empty][index]


def _texts_inside(figure: object) -> list[tuple[Any, Any]]:
    """Every text of the figure with its box, each asserted inside the picture."""
    from matplotlib.text import Text

    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    frame = figure.bbox  # type: ignore[attr-defined]
    out = []
    for ax in figure.axes:  # type: ignore[attr-defined]
        for text in ax.findobj(Text):
            if not text.get_text().strip():
                continue
            box = text.get_window_extent(renderer)
            assert frame.x0 - 0.5 <= box.x0 and box.x1 <= frame.x1 + 0.5, text.get_text()
            assert frame.y0 - 0.5 <= box.y0 and box.y1 <= frame.y1 + 0.5, text.get_text()
            out.append((text, box))
    return out


def _inside_and_apart(figure: object, apart: list[tuple[str, str]]) -> None:
    boxes = {text.get_gid(): box for text, box in _texts_inside(figure) if text.get_gid()}
    for a, b in apart:
        assert a in boxes and b in boxes, (a, b)
        assert not boxes[a].overlaps(boxes[b]), (a, b)


@pytest.mark.parametrize("index", [0, 1])
def test_long_names_and_ids_keep_to_their_room_in_a_diagram(index: int) -> None:
    for path, players in ((EXAMPLES / "brief.pfn", "ABC"), (EXAMPLES / "four-players.pfn",
                                                             "ABCD")):
        record = _long(path, index)
        result = replay(record, on_error="collect")
        for trick in (0, 3):
            figure = deal_figure(result, trick)
            pairs = [("title", "trick-label")]
            pairs += [(f"name-{a}", f"name-{b}") for a in players for b in players if a < b]
            _inside_and_apart(figure, pairs)
            # the left player's name stays clear of the table in the middle
            texts = _artists(figure)
            left = next(s for s, p in places(result, Style()).items() if p == "left")
            name = texts[f"name-{left}"]
            box = name.get_window_extent(figure.canvas.get_renderer())  # type: ignore[attr-defined]
            table = figure.axes[0].transData.transform((0.39, 0))[0]
            assert box.x1 <= table


def test_long_names_and_ids_keep_to_their_room_on_a_sheet() -> None:
    for path in (EXAMPLES / "sochi-match.pfn", EXAMPLES / "seeds" / "seed000-settlement.pfn",
                 EXAMPLES / "seeds" / "seed001-primer.pfn"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r'\[Players "[^"]*"\]', f'[Players "{LONG_NAMES}; Dragoslav '
                      'Hieronymus Mountbatten-Windsor"]', text)
        text = re.sub(r'\[Match "([^"]*)"\]', r'[Match "\1-the-long-running-winter-league-'
                      r'of-the-novi-sad-club"]', text)
        from pfn.notation.reader import loads

        report = reports([r for r in loads(text) if not r.empty])[0]
        figure = sheet_figure(report)
        seats = "ABCD"[:report.players]
        pairs = [("sheet-caption", "settlement-heading")]
        pairs += [(f"settlement-name-{s}", f"settlement-{s}") for s in seats]
        if report.layout != "columns":
            pairs.append(("sheet-caption", "sheet-name-A"))
        _inside_and_apart(figure, pairs)


@pytest.mark.parametrize("kind", ["fifo", "device", "a name too long"])
def test_a_font_that_is_no_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    """A FIFO or a device given as --font would be read for ever: refused before it is
    opened, with the option named; a name no file can have is looked up as a family."""
    import subprocess
    import sys

    if kind == "fifo":
        font = tmp_path / "face.ttf"
        os.mkfifo(font)
        said = f"{font}: not a font file but a FIFO, a device or a socket"
    elif kind == "device":
        font, said = Path("/dev/zero"), "/dev/zero: not a font file but a FIFO, a device"
    else:
        font, said = Path("x" * 5000), "no font named 'xxxx"
    done = subprocess.run([sys.executable, "-m", "pfn.cli", "render", str(EXAMPLES /
                                                                          "brief.pfn"),
                           "--font", str(font), "-o", str(tmp_path / "d.svg")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--font" in done.stderr and said in done.stderr, done.stderr
    assert "internal error" not in done.stderr and not (tmp_path / "d.svg").exists()


ONE_WORD = "Anastasia-Konstantinovna-" * 12  # a name with no space to break it at


@pytest.mark.parametrize("path", ["sochi-match.pfn", "seeds/seed000-settlement.pfn"])
def test_a_very_long_name_under_the_pulka_keeps_clear_of_the_settlement(path: str) -> None:
    from pfn.notation.reader import loads

    text = (EXAMPLES / path).read_text(encoding="utf-8")
    text = re.sub(r'\[Players "[^;"]*;', f'[Players "{ONE_WORD};', text)
    report = reports([r for r in loads(text) if not r.empty])[0]
    figure = sheet_figure(report)
    figure.canvas.draw()
    _inside_and_apart(figure, [("sheet-name-A", "settlement-heading"),
                               ("sheet-name-A", "settlement-name-A"),
                               ("sheet-caption", "sheet-name-A")])


def test_a_very_long_name_is_broken_over_the_lines_of_the_answers() -> None:
    """The answers' lines are read, not glanced at: a name longer than the page is
    broken over lines, every letter kept, nothing past the edge."""
    from pfn.notation.reader import loads
    from pfn.render.problems import _answer_pages, answer
    from pfn.render.words import words_for

    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8")
    text = re.sub(r'\[Players "[^;"]*;', f'[Players "{ONE_WORD};', text)
    result = replay(next(r for r in loads(text) if not r.empty))
    words = words_for(None, result.variant.language)
    pages = list(_answer_pages([answer(result, 1, words)], Style(), words))
    said = ""
    for page in pages:
        page.canvas.draw()
        said += "".join(t.get_text() for t, _ in _texts_inside(page))
    assert said.count(ONE_WORD) >= 2  # the heading and the solution, whole


@pytest.mark.parametrize("path", ["brief.pfn", "four-players.pfn"])
def test_trick_cards_stay_on_the_table(path: str) -> None:
    from matplotlib.patches import FancyBboxPatch

    result = replay(drawable(EXAMPLES / path)[0])
    for trick in range(1, len(result.tricks) + 1):
        figure = deal_figure(result, trick)
        figure.canvas.draw()  # the cards' boxes are placed when drawn
        renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
        ax = figure.axes[0]
        table = next(p for p in ax.patches if isinstance(p, FancyBboxPatch) and
                     p.get_facecolor()[:3] != (1.0, 1.0, 1.0) and p.get_width() > 0.1)
        area = table.get_window_extent(renderer)
        for gid, text in _artists(figure).items():
            if gid.startswith("trick-") and gid != "trick-label":
                patch = text.get_bbox_patch()  # type: ignore[attr-defined]
                box = patch.get_window_extent(renderer) if patch is not None else \
                    text.get_window_extent(renderer)  # type: ignore[attr-defined]
                assert area.x0 <= box.x0 and box.x1 <= area.x1, (trick, gid)
                assert area.y0 <= box.y0 and box.y1 <= area.y1, (trick, gid)


def _sizes_and_overlaps(figure: object, min_size: float, card_size: float) -> None:
    """Every text at least ``min_size`` pt, the cards at least ``card_size``; inside the
    picture; names, hands and the trick's cards clear of each other."""
    figure.canvas.draw()  # type: ignore[attr-defined]
    boxes = []
    for text, box in _texts_inside(figure):
        assert text.get_fontsize() >= min_size - 1e-6, (text.get_text(), text.get_fontsize())
        gid = text.get_gid() or ""
        if gid.startswith(("hand-", "trick-")) and gid != "trick-label":
            assert text.get_fontsize() >= card_size - 1e-6, (gid, text.get_fontsize())
        if gid.startswith(("hand-", "trick-", "name-", "tricks-", "title", "talon-",
                           "discard-")):
            boxes.append((gid, box))
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            assert a == b or not box.overlaps(other), (a, b)


@pytest.mark.slow
@pytest.mark.parametrize("path", ["brief.pfn", "four-players.pfn"])
def test_book_style_fits_a_column_at_readable_sizes(path: str) -> None:
    """--style book: 8.5 cm wide, the cards in 8 pt or more, nothing under 6.5 pt,
    nothing clipped or overlapping; with the longest names too."""
    records = [*drawable(EXAMPLES / path)[:2], _long(EXAMPLES / path, 0)]  # the all-pass too
    for record in records:
        result = replay(record, on_error="collect")
        for trick in (0, 5, len(result.tricks)):  # before the lead, mid-play, the end
            figure = deal_figure(result, trick, Style.book())
            assert abs(figure.get_figwidth() * 2.54 - 8.5) < 1e-9
            _sizes_and_overlaps(figure, 6.5, 8.0)


def test_width_option_and_book_sheet(tmp_path: Path) -> None:
    out = tmp_path / "narrow.svg"
    result = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "-k", "2", "--width",
                                 "85mm", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert re.search(r'width="240\.94\d*pt"', out.read_text(encoding="utf-8"))
    sheet = tmp_path / "sheet.svg"
    result = runner.invoke(app, ["render", str(EXAMPLES / "sochi-match.pfn"), "--sheet",
                                 "--style", "book", "-o", str(sheet)])
    assert result.exit_code == 0, result.output
    assert re.search(r'width="340\.15\d*pt"', sheet.read_text(encoding="utf-8"))  # 12 cm
    bad = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "--width", "wide"])
    assert bad.exit_code == 2


def test_sheets_are_legible() -> None:
    """Nothing on a sheet under 6.5 pt, a long pool included, at 6 in and at 12 cm."""
    from matplotlib.text import Text

    from pfn.generate import generate
    from pfn.notation.reader import loads

    records = [r for text in generate(40, "sochi", 5, match_size=40) for r in loads(text)]
    for report in (reports(records)[0], reports(load(EXAMPLES / "sochi-match.pfn"))[0]):
        for figure in (sheet_figure(report), sheet_figure(report, None, 7.2, 12 / 2.54, 4.1)):
            sizes = [t.get_fontsize() for t in figure.axes[0].findobj(Text)
                     if t.get_text().strip()]
            assert min(sizes) >= 6.5 - 1e-6


@pytest.mark.slow
def test_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    """No dates, no random ids: rendering twice, a second apart, writes identical files."""
    import time

    outputs: dict[str, list[bytes]] = {}
    for name in ("one", "two"):
        for kind in ("svg", "pdf", "png"):
            out = tmp_path / f"{name}.{kind}"
            result = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "-k", "3",
                                         "-o", str(out)])
            assert result.exit_code == 0, result.output
            outputs.setdefault(kind, []).append(out.read_bytes())
        out = tmp_path / f"{name}-all.pdf"
        assert runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "--all", "-o",
                                   str(out)]).exit_code == 0
        outputs.setdefault("pages", []).append(out.read_bytes())
        if name == "one":
            time.sleep(1.1)  # a date in the file would change
    for kind, (first, second) in outputs.items():
        assert first == second, kind


def test_final_position_says_the_result_in_words() -> None:
    """--final: the table shows how the deal ended, worked out here from the Contract
    and Result tags; the header names the players and who leads."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
    checked = 0
    for path in (EXAMPLES / "brief.pfn", EXAMPLES / "analysis.pfn", EXAMPLES / "sochi-match.pfn"):
        for record in drawable(path):
            contract, declarer = record.tag("Contract"), record.tag("Declarer")
            result = dict(p.split(":") for p in (record.tag("Result") or "").split())
            if not contract or not result or contract == "pass" or not declarer:
                continue
            taken = int(result[declarer])
            if contract == "mis":
                expected = "misère made" if taken == 0 else f"misère caught for {words[taken]}"
            else:
                m = re.fullmatch(r"(\d+)(S|C|D|H|NT)", contract)
                assert m is not None, contract
                level, strain = int(m.group(1)), m.group(2)
                name = f"{level}{ {'S': '♠', 'C': '♣', 'D': '♦', 'H': '♥'}.get(strain, strain)}"
                if taken == level:
                    expected = f"{name} made"
                elif taken > level:
                    over = taken - level
                    expected = f"{name} made with " + ("an overtrick" if over == 1 else
                                                       f"{words[over]} overtricks")
                else:
                    expected = f"{name} {words[level - taken]} down"
            played = replay(record, on_error="collect")
            texts = _artists(deal_figure(played, 11))
            lines = [_joined(texts, "outcome")] + [
                _joined(texts, f"outcome-{i}") for i in range(1, 5) if f"outcome-{i}" in texts]
            shown = " ".join(" ".join(lines).split())
            assert shown == expected, (path.name, record.tag("Board"))
            checked += 1
    assert checked >= 5
    header = _artists(deal_figure(replay(drawable(EXAMPLES / "brief.pfn")[0]), 0))
    assert _joined(header, "deal-line") == (
        "Ana plays 7♠ · Boris and Ceca whist · Ceca deals · Ana leads")


def _mixed(value: object) -> str:
    """A settlement in mixed numbers, written out here plainly."""
    from fractions import Fraction

    assert isinstance(value, Fraction)
    glyphs = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔",
              Fraction(1, 4): "¼", Fraction(3, 4): "¾"}
    sign = "+" if value > 0 else "−" if value < 0 else ""
    whole = int(abs(value))
    rest = abs(value) - whole
    if not rest:
        return f"{sign}{whole}"
    glyph = glyphs.get(rest, f"{rest.numerator}/{rest.denominator}")
    return f"{sign}{whole if whole else ''}{'' if rest in glyphs or not whole else ' '}{glyph}"


def test_settlements_are_mixed_numbers() -> None:
    """−686/3 is written −228⅔, as on paper."""
    from fractions import Fraction

    report = reports(load(EXAMPLES / "sochi-match.pfn"))[0]
    groups = texts_by_id(svg_text(sheet_figure(report)))
    shown = {s: groups[f"settlement-{s}"] for s in "ABC"}
    assert shown == {str(s): _mixed(Fraction(v)) for s, v in report.settlement.items()}
    assert any("⅔" in v or "⅓" in v for v in shown.values())


def test_a_face_down_discard_is_drawn_as_card_backs() -> None:
    """With the declarer's hand hidden, his discard is two card backs, not glyphs a
    reader could take for missing characters."""
    _, record = FULL[0]
    assert record.discard and not record.discard_public
    result = replay(record)
    assert result.declarer is not None
    figure = deal_figure(result, 0, hidden=(result.declarer,))
    texts = _artists(figure)
    backs = [gid for gid in texts if gid.startswith("discard-back-")]
    assert sorted(backs) == ["discard-back-0", "discard-back-1"]
    assert not any(gid.startswith("discard-") and not gid.startswith("discard-back")
                   for gid in texts)
    assert "▯" not in svg_text(figure)
    shown = _artists(deal_figure(result, 0))
    assert sorted(g for g in shown if g.startswith("discard-")) == ["discard-0", "discard-1"]


def test_bottom_seat_option(tmp_path: Path) -> None:
    """--bottom B draws B at the bottom, the others around him in playing order."""
    out = tmp_path / "b.svg"
    result = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "--bottom", "B", "-o",
                                 str(out)])
    assert result.exit_code == 0, result.output
    record = drawable(EXAMPLES / "brief.pfn")[0]
    assert places(replay(record), Style(bottom=Seat.B)) == {
        Seat.B: "bottom", Seat.C: "left", Seat.A: "right"}
    assert runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "--bottom", "D"]
                         ).exit_code == 2


def test_trick_list_under_the_diagram() -> None:
    """--list: "1) Ana ♠A, Boris ♠9, Ceca ♠8 → Ana", one line per trick played, written
    here from the Play section (the winner from the replay); --all --compact lists all."""
    record = drawable(EXAMPLES / "brief.pfn")[0]
    result = replay(record)
    names = dict(zip("ABC", (record.tag("Players") or "").split("; "), strict=True))
    symbols = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
    assert record.play is not None
    expected = []
    seat = "A"  # [Play "A"]
    for number, (run, played) in enumerate(zip(record.play.tricks, result.tricks,
                                               strict=True), start=1):
        cards = []
        for card in run.cards:
            text = str(card)
            cards.append(f"{names[seat]} {symbols[text[0]]}{text[1:].replace('T', '10')}")
            seat = "ABC"[("ABC".index(seat) + 1) % 3]
        winner = str(played.winner)
        expected.append(f"{number}) {', '.join(cards)} → {names[winner]}")
        seat = winner
    four = _artists(deal_figure(result, 4, Style(tricks="played")))
    assert [_joined(four, f"list-{n}") for n in range(1, 5)] == expected[:4]
    assert "list-5" not in four
    every = _artists(deal_figure(result, 0, Style(tricks="all")))
    assert [_joined(every, f"list-{n}") for n in range(1, 11)] == expected
    _inside_and_apart(deal_figure(result, 0, Style(tricks="all")),
                      [(f"list-{n}", f"list-{n + 1}") for n in range(1, 10)])


def test_captions_show_variations_at_their_trick() -> None:
    """A variation written after a card is shown with the trick: "(or ♦9: …)"."""
    from pfn.render.position import positions

    record = drawable(EXAMPLES / "annotated.pfn")[0]
    assert record.play is not None
    found = positions(replay(record, on_error="collect"))
    checked = 0
    for number, run in enumerate(record.play.tricks, start=1):
        for index in range(len(run.cards)):
            ann = run.ann(index)
            for variation in ann.variations if ann is not None else ():
                cards = variation.moves.cards  # type: ignore[union-attr]
                first = str(cards[0])
                symbol = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}[first[0]]
                assert f"(or {symbol}{first[1:].replace('T', '10')}" in found[number].caption
                checked += 1
    assert checked >= 2


# -- captions, double-dummy marks, languages ----------------------------------------


def test_the_records_comment_is_the_problem_statement_under_the_deal() -> None:
    """Before the lead, the record's own comment (a problem's statement) is printed
    under the diagram, every word of it, inside the picture; not with a trick shown."""
    record = drawable(EXAMPLES / "analysis.pfn")[1]
    assert record.comments
    for style in (Style(), Style.book()):
        figure = deal_figure(replay(record), 0, style)
        lines = [t for gid, t in sorted(_artists(figure).items()) if gid.startswith("statement-")]
        said = " ".join(t.get_text() for t in sorted(  # type: ignore[attr-defined]
            lines, key=lambda t: int(t.get_gid().split("-")[1])))  # type: ignore[attr-defined]
        assert said.split() == " ".join(record.comments).split()
        _texts_inside(figure)
    later = deal_figure(replay(record), 1)
    assert not any(gid.startswith("statement-") for gid in _artists(later))


def test_double_dummy_marks_give_each_playable_card_its_value() -> None:
    """--dd: each card the next player may lead carries the declarer's tricks with best
    play after it, as a plain minimax over the remaining tricks counts them (the oracle
    of the solver's own tests), the best ones in the highlight colour."""
    from pfn.analysis.solve import position_at
    from tests.test_analysis_search import brute

    record = drawable(EXAMPLES / "analysis.pfn")[0]
    result = replay(record)
    declarer = result.declarer
    assert declarer is not None
    shown = 6  # trick 6 on the table: four tricks to go
    figure = deal_figure(result, shown, Style(dd=True))
    marks = {gid: t for gid, t in _artists(figure).items()
             if gid.startswith("dd-") and gid != "dd-note"}
    leader = result.tricks[shown - 1].winner
    assert leader is not None
    held = starting_hands(record)[leader] - {
        c for t in result.tricks[:shown] for s, c in zip(t.seats, t.cards, strict=True)
        if s == leader}
    assert {gid.split("-", 2)[2] for gid in marks} == {
        f"{c.suit.letter}-{c.rank.letter}" for c in held}
    assert all(gid.split("-")[1] == str(leader) for gid in marks)
    kernel = position_at(result, shown + 1).kernel
    values = {}
    for c in held:
        kernel.play(int(c))
        values[f"{c.suit.letter}-{c.rank.letter}"] = kernel.taken[declarer] + brute(
            kernel, int(declarer), frozenset({int(declarer)}))
        kernel.undo()
    wanted = max(values.values()) if leader == declarer else min(values.values())
    for gid, text in marks.items():
        key = gid.split("-", 2)[2]
        assert text.get_text() == str(values[key])  # type: ignore[attr-defined]
        best = text.get_color() == "#1f5fbf"  # type: ignore[attr-defined]
        assert best == (values[key] == wanted), key
    note = _artists(figure)["dd-note"].get_text()  # type: ignore[attr-defined]
    assert "declarer" in note
    # after the play, no marks and a note saying so; hidden hands are not solved
    end = deal_figure(result, len(result.tricks) + 1, Style(dd=True))
    assert not any(g.startswith("dd-") and g != "dd-note" for g in _artists(end))
    hidden = deal_figure(result, 0, Style(dd=True), hidden=[Seat.B])
    texts = _artists(hidden)
    assert not any(g.startswith("dd-") and g != "dd-note" for g in texts)
    assert "no marks of best play" in texts["dd-note"].get_text()  # type: ignore[attr-defined]


RUSSIAN_TRICKS = ["0 взяток", "1 взятка", "2 взятки", "3 взятки", "4 взятки", "5 взяток",
                  "6 взяток", "7 взяток", "8 взяток", "9 взяток", "10 взяток"]
SERBIAN_TRICKS = ["0 štihova", "1 štih", "2 štiha", "3 štiha", "4 štiha", "5 štihova",
                  "6 štihova", "7 štihova", "8 štihova", "9 štihova", "10 štihova"]


def test_labels_in_russian_and_serbian() -> None:
    """--lang ru: прикуп and снос, court cards as Т К Д В, tricks counted in agreement
    with their number; a Serbian record is labelled in Serbian by default (talon,
    škart, štih), and --lang en overrides it."""
    from pfn.render.words import words_for

    RU, SR = words_for("ru"), words_for("sr")
    assert [RU.tricks(n) for n in range(11)] == RUSSIAN_TRICKS
    assert [SR.tricks(n) for n in range(11)] == SERBIAN_TRICKS
    record = drawable(EXAMPLES / "brief.pfn")[0]
    texts = _artists(deal_figure(replay(record), 0, Style(lang="ru")))
    letters = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}
    for seat, cards in starting_hands(record).items():
        for suit in SUITS:
            ranks = sorted((c for c in cards if c.suit == suit), reverse=True)
            written = texts[f"hand-{seat}-{suit.letter}"].get_text()  # type: ignore[attr-defined]
            assert written == (" ".join(letters.get(c.rank.letter, c.rank.letter)
                                        for c in ranks) or "—")
    words = {t.get_text() for t in texts.values()}  # type: ignore[attr-defined]
    assert {"прикуп", "до первого хода"} <= words
    serbian = [r for r in load(EXAMPLES / "seeds" / "seed001-primer.pfn") if r.deal]
    if serbian:
        texts = _artists(deal_figure(replay(serbian[0]), 0))
        words = {t.get_text() for t in texts.values()}  # type: ignore[attr-defined]
        assert "pre prvog izlaza" in words
        english = _artists(deal_figure(replay(serbian[0]), 0, Style(lang="en")))
        assert "before the lead" in {t.get_text() for t in english.values()}  # type: ignore[attr-defined]
    sheet = texts_by_id(svg_text(sheet_figure(reports(load(EXAMPLES / "sochi-match.pfn"))[0],
                                              lang="ru")))
    assert sheet["settlement-heading"] == "Расчёт"


def test_render_lang_and_dd_options(tmp_path: Path) -> None:
    out = tmp_path / "ru.svg"
    result = runner.invoke(app, ["render", str(EXAMPLES / "analysis.pfn"), "--lang", "ru",
                                 "--dd", "-o", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert "прикуп" in svg and 'id="dd-A-' in svg
    bad = runner.invoke(app, ["render", str(EXAMPLES / "analysis.pfn"), "--lang", "de"])
    assert bad.exit_code == 2 and "'en', 'ru', 'sr'" in bad.output


def test_compass_layout_for_records_that_name_seats_by_compass_points() -> None:
    """Players named North, East, West: North is drawn at the top, East on the right,
    West on the left, the talon in the empty South place; the same names out of the
    playing order (North, West, East at a clockwise table) would misdraw who plays
    after whom, so the ordinary layout is kept; --bottom overrides the compass."""
    text = (EXAMPLES / "analysis.pfn").read_text(encoding="utf-8")
    base = text[text.index('[Event "Analysis examples"]'):].split("\n\n")[0]
    record = one(base.replace('[Players "Ana; Boris; Ceca"]', '[Players "North; East; West"]'))
    result = replay(record)
    figure = deal_figure(result, 0)
    texts = _artists(figure)
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    box = {s: texts[f"name-{s}"].get_window_extent(renderer) for s in "ABC"}  # type: ignore[attr-defined]
    assert box["A"].y0 > box["B"].y1 and box["A"].y0 > box["C"].y1  # North on top
    assert box["B"].x0 > box["C"].x1  # East right of West
    talon = texts["label-talon"].get_window_extent(renderer)  # type: ignore[attr-defined]
    assert talon.y1 < min(b.y0 for b in box.values())  # South: below every hand
    assert places(result, Style()) == {Seat.A: "top", Seat.B: "right", Seat.C: "left"}
    wrong = replay(one(base.replace('[Players "Ana; Boris; Ceca"]',
                                    '[Players "North; West; East"]')))
    assert places(wrong, Style())[Seat.A] == "bottom"  # the declarer, as usual
    assert places(result, Style(bottom=Seat.B))[Seat.B] == "bottom"


@pytest.mark.parametrize("side", ["left", "right", "top", "bottom"])
def test_talon_label_and_lead_marker_keep_apart_wherever_the_dealer_sits(side: str) -> None:
    """At four the all-pass talon card lies in the dealer's place, wherever the dealer
    is drawn: its "talon" label, the lead marker and the trick's cards never overlap."""
    from matplotlib.patches import Polygon

    record = drawable(EXAMPLES / "four-players.pfn")[1]
    result = replay(record)
    dealer = result.dealer
    assert dealer is not None
    ring = ["bottom", "left", "top", "right"]  # clockwise from the bottom
    bottom = Seat((dealer.index - ring.index(side)) % 4)
    style = Style(bottom=bottom)
    assert places(result, style)[dealer] == side
    figure = deal_figure(result, 1, style)
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    texts = _artists(figure)
    played = [gid for gid in texts if gid.startswith("trick-") and gid[6:].isdigit()]
    boxes = {gid: texts[gid].get_window_extent(renderer)  # type: ignore[attr-defined]
             for gid in [*played, "talon-label-0"]}
    cards = {gid + "-box": texts[gid].get_bbox_patch().get_window_extent(renderer)  # type: ignore[attr-defined]
             for gid in played}
    boxes.update(cards)
    marker = [p for p in figure.axes[0].patches if isinstance(p, Polygon)
              and p.get_gid() == "lead-marker"]
    assert len(marker) == 1
    boxes["lead-marker"] = marker[0].get_window_extent(renderer)
    label = boxes.pop("talon-label-0")
    for gid, box in boxes.items():
        assert not label.overlaps(box), (side, gid)


def test_svg_has_a_title_and_a_font_fallback(tmp_path: Path) -> None:
    """A written SVG names what it shows in one <title> (board, contract, moment) and
    asks for fonts with the suit symbols before any sans-serif."""
    record = drawable(EXAMPLES / "brief.pfn")[0]
    out = tmp_path / "t.svg"
    result = runner.invoke(app, ["render", str(EXAMPLES / "brief.pfn"), "-k", "2", "-o", str(out)])
    assert result.exit_code == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert len(titles) == 1 and titles[0] is not None
    assert f"Board {record.tag('Board')}" in titles[0] and titles[0].endswith("trick 2")
    assert str(record.contract)[0] in titles[0]
    styles = [t.get("style", "") for t in root.iter(f"{SVG}text")]
    assert styles and all("'DejaVu Sans', " in s and "sans-serif" in s for s in styles)
    sheet = svg_text(sheet_figure(reports(load(EXAMPLES / "sochi-match.pfn"))[0]))
    names = [t.text for t in ET.fromstring(sheet).iter(f"{SVG}title")]
    assert len(names) == 1 and names[0] and "friday-2026-11-27" in names[0]


def _render_in(folder: Path, *arguments: str) -> Any:
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "pfn.cli", "render", "brief.pfn",
                           *arguments], capture_output=True, cwd=folder, timeout=120)


@pytest.mark.slow
def test_standard_output_takes_a_fragment_and_dash_o(tmp_path: Path) -> None:
    """A --fragment block without -o, and any single file with -o -, go to standard
    output and nothing is written beside the input (no file named '-'); a request for
    several files refuses standard output and writes nothing."""
    (tmp_path / "brief.pfn").write_bytes((EXAMPLES / "brief.pfn").read_bytes())
    before = sorted(tmp_path.iterdir())
    block = _render_in(tmp_path, "-b", "1", "-f", "html", "--fragment")
    assert block.returncode == 0, block.stderr
    assert block.stdout.startswith(b"<pfn-replay") and b"</pfn-replay>" in block.stdout
    picture = _render_in(tmp_path, "-b", "1", "-o", "-")
    assert picture.returncode == 0, picture.stderr
    assert ET.fromstring(picture.stdout).tag.endswith("svg")
    png = _render_in(tmp_path, "-b", "1", "-f", "png", "-o", "-")
    assert png.returncode == 0 and png.stdout[:8] == b"\x89PNG\r\n\x1a\n"
    several = _render_in(tmp_path, "-b", "1", "--all", "-o", "-")
    assert several.returncode == 2 and several.stdout == b""
    assert b"standard output takes one file" in several.stderr
    assert sorted(tmp_path.iterdir()) == before


@pytest.mark.parametrize("width", [2.4, 3.0, 3.35, 3.5, 4.0, 6.0])
def test_serbian_headings_are_written_alike(width: float) -> None:
    """A Serbian sheet's three headings of each block are written alike at every
    width: all capitals (LEVO BULE DESNO), all small letters or all initials, in one
    type size, never cut, side by side without touching (a narrow sheet wrote
    "desno" beside "LEVO" and "BULE", or "d…"): measured with matplotlib's renderer."""
    from pfn.report import reports

    figure = sheet_figure(reports(load(EXAMPLES / "seeds" / "seed001-primer.pfn"))[0],
                          width=width)
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    texts = _artists(figure)
    for seat in "ABC":
        headings = [texts[f"column-{seat}-{title}"] for title in ("LEVO", "BULE", "DESNO")]
        words = [h.get_text() for h in headings]  # type: ignore[attr-defined]
        assert words in (["LEVO", "BULE", "DESNO"], ["levo", "bule", "desno"],
                         ["L", "B", "D"]), (width, words)
        assert len({h.get_fontsize() for h in headings}) == 1  # type: ignore[attr-defined]
        boxes = [h.get_window_extent(renderer) for h in headings]  # type: ignore[attr-defined]
        for left, right in itertools.pairwise(boxes):
            assert left.x1 < right.x0, (width, words)


HEADING_STYLES = {"screen": Style(), "book": Style.book(), "8.5cm": Style(width=8.5 / 2.54),
                  "book 8.5cm": replace(Style.book(), width=8.5 / 2.54)}


@pytest.mark.slow
@pytest.mark.parametrize("look", sorted(HEADING_STYLES))
def test_a_four_player_heading_is_whole_and_apart_at_every_width(look: str) -> None:
    """At a table of four the heading is long ("Dejan pass/return, Ana own"): at every
    width and look the title, the moment and the deal line are drawn whole (no "…",
    the deal line wrapped rather than cut) and no two of them touch, measured with
    matplotlib's renderer both at the figure's resolution and at 200 dpi, where
    hinting draws small type wider (the book style's title once ran into "before the
    lead")."""
    from matplotlib.text import Text

    said = {"1": "Ceca plays 6♠ · Dejan pass/return, Ana own · open · Boris deals"
                 " · Ceca leads", "2": "all-pass · Ana deals · Boris leads"}
    for record in drawable(EXAMPLES / "four-players.pfn"):
        for trick in (0, 3):
            figure = deal_figure(replay(record), trick, HEADING_STYLES[look])
            for dpi in (100, 200):
                figure.set_dpi(dpi)
                figure.canvas.draw()
                renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
                parts: dict[str, list[Any]] = {}
                for text in figure.findobj(Text):
                    gid = (text.get_gid() or "").split("/")[0]
                    if gid in ("title", "trick-label") or gid.startswith("deal-line"):
                        parts.setdefault(gid, []).append(text)
                lines = sorted(g for g in parts if g.startswith("deal-line"))
                joined = " ".join("".join(t.get_text() for t in parts[g]) for g in lines)
                assert joined == said[record.tag("Board")], (look, joined)
                assert "…" not in "".join(t.get_text() for t in parts["title"])
                assert parts["trick-label"][0].get_text() in ("before the lead", "trick 3")
                boxes = {g: Bbox.union([t.get_window_extent(renderer) for t in texts])
                         for g, texts in parts.items()}
                frame = figure.bbox
                for gid, box in boxes.items():
                    assert frame.x0 - 0.5 <= box.x0 and box.x1 <= frame.x1 + 0.5, (look, gid)
                for a, b in itertools.combinations(sorted(boxes), 2):
                    assert not boxes[a].overlaps(boxes[b]), (look, dpi, a, b)


# -- nothing crosses the picture's edge, in any output --------------------------

EDGE_CASES = [("classic-match.pfn", ["-b", "4", "--style", "book"]),
              ("four-players.pfn", ["-b", "1", "--style", "book"]),
              ("brief.pfn", ["-b", "1", "-k", "2"])]


def _ink_margins(png: Path) -> tuple[int, int]:
    """Columns of white left of the leftmost ink and right of the rightmost in a PNG."""
    from PIL import Image

    image = Image.open(png).convert("L")
    inked = [x for x in range(image.width)
             if image.crop((x, 0, x + 1, image.height)).getextrema()[0] < 250]
    assert inked, png
    return inked[0], image.width - 1 - inked[-1]


def _svg_text_spans(svg: Path) -> tuple[float, list[tuple[str, float, float]]]:
    """The SVG's width and each text's span along x, its advance widths summed from
    DejaVu's own font files (fontTools: not matplotlib's layout), as a viewer sets it."""
    from fontTools.ttLib import TTFont
    from matplotlib import get_data_path

    faces = {}
    for weight, italic, name in ((False, False, "DejaVuSans"), (True, False, "DejaVuSans-Bold"),
                                 (False, True, "DejaVuSans-Oblique"),
                                 (True, True, "DejaVuSans-BoldOblique")):
        font = TTFont(Path(get_data_path()) / "fonts" / "ttf" / f"{name}.ttf")
        faces[weight, italic] = (font.getBestCmap(), font["hmtx"].metrics,
                                 font["head"].unitsPerEm)
    root = ET.parse(svg).getroot()
    width = float(root.get("viewBox", "").split()[2])
    spans = []
    for text in root.iter(f"{SVG}text"):
        said, style = "".join(text.itertext()), text.get("style", "")
        cmap, advances, em = faces["font-weight: 700" in style, "italic" in style]
        if not said or any(ord(c) not in cmap for c in said):
            continue  # a sign in another face (STIX)
        size = float(re.search(r"font-size: ([\d.]+)px", style).group(1))  # type: ignore[union-attr]
        wide = sum(advances[cmap[ord(c)]][0] for c in said) * size / em
        x = float(text.get("x", "0"))
        anchor = re.search(r"text-anchor: (\w+)", style)
        start = x - wide * {"middle": 0.5, "end": 1.0}.get(anchor.group(1) if anchor else "", 0)
        spans.append((said, start, start + wide))
    return width, spans


@pytest.mark.parametrize("width", [pytest.param(w, marks=() if w == "8.5cm" else pytest.mark.slow)
                                   for w in ("6cm", "7cm", "8.5cm", "10cm")])
@pytest.mark.parametrize(("name", "options"), EDGE_CASES, ids=[c[0] for c in EDGE_CASES])
def test_no_text_crosses_the_pictures_edge(tmp_path: Path, name: str, options: list[str],
                                           width: str) -> None:
    """Text fitted to its room stays inside the picture as each output draws it: the
    PNG at 200 dpi (where hinting sets small type wider than on screen: the all-pass
    caption's "2" was cut off at 8.5 cm), and at 300; the PDF as poppler rasterises it;
    the SVG as its text is set in DejaVu's own advance widths."""
    source = str(EXAMPLES / name)
    for dpi in ("200", "300"):
        png = tmp_path / f"d{dpi}.png"
        done = runner.invoke(app, ["render", source, *options, "--width", width, "--dpi", dpi,
                                   "-o", str(png)])
        assert done.exit_code == 0, done.output
        left, right = _ink_margins(png)
        assert left >= 2 and right >= 2, (dpi, left, right)  # some white beyond the text
    if shutil.which("pdftoppm"):  # poppler-utils (make test-latex's tools)
        pdf = tmp_path / "d.pdf"
        done = runner.invoke(app, ["render", source, *options, "--width", width, "-o",
                                   str(pdf)])
        assert done.exit_code == 0, done.output
        subprocess.run(["pdftoppm", "-r", "200", "-png", "-singlefile", str(pdf),
                        str(tmp_path / "pdf")], check=True)
        left, right = _ink_margins(tmp_path / "pdf.png")
        assert left >= 2 and right >= 2, ("pdf", left, right)
    svg = tmp_path / "d.svg"
    done = runner.invoke(app, ["render", source, *options, "--width", width, "-o", str(svg)])
    assert done.exit_code == 0, done.output
    edge, spans = _svg_text_spans(svg)
    assert spans
    for said, start, end in spans:
        assert start > 0 and end < edge, (said, start, end, edge)
