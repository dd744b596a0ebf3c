"""Figures for the author's document (issue: fonts, no title, caption, transparency, a
tight box, animations, problem sets) and what the print review found wrong, each
measured in the output: a text's box from the figure's renderer, a PNG's pixels, an
SVG's text, a PDF's fonts and pages, a GIF's frames."""

from __future__ import annotations

import io
import itertools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import matplotlib
import pytest
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyBboxPatch
from matplotlib.text import Text
from PIL import Image

from pfn import load, loads
from pfn.deal import replay
from pfn.render.bidi import FSI, PDI, isolate, visual
from pfn.render.diagram import deal_figure, strip_figure
from pfn.render.look import RED, Style
from pfn.render.picture import picture_bytes
from pfn.render.position import card_positions
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
SVG = "{http://www.w3.org/2000/svg}"
BRIEF = EXAMPLES / "brief.pfn"
CMR10 = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "cmr10.ttf"


def pfn(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd)


def texts(figure: Figure) -> dict[str, Text]:
    """Every text of a figure by its id (``gid``)."""
    return {t.get_gid(): t for t in figure.findobj(Text) if t.get_gid()}


def line(found: dict[str, Text], gid: str) -> str:
    """A line drawn in runs (``gid``, ``gid/1``, …) as one text."""
    return found[gid].get_text() + "".join(
        found[f"{gid}/{i}"].get_text() for i in range(1, 60) if f"{gid}/{i}" in found)


def box(figure: Figure, artist: object) -> tuple[float, float, float, float]:
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    if isinstance(artist, Text) and artist.get_bbox_patch() is not None:
        artist.update_bbox_position_size(renderer)
        b = artist.get_bbox_patch().get_window_extent(renderer)  # type: ignore[union-attr]
    else:
        b = artist.get_window_extent(renderer)  # type: ignore[attr-defined]
    return b.x0, b.y0, b.x1, b.y1


# -- 1. the document's look -----------------------------------------------------------


@pytest.mark.slow
def test_font_family_named_in_the_svg_and_embedded_in_the_pdf(tmp_path: Path) -> None:
    svg, pdf = tmp_path / "d.svg", tmp_path / "d.pdf"
    for out in (svg, pdf):
        done = pfn("render", str(BRIEF), "-k", "2", "--font", "DejaVu Serif", "-o", str(out))
        assert done.returncode == 0, done.stderr
    families = set(re.findall(r"font-family: ([^;\"]+)", svg.read_text(encoding="utf-8")))
    assert families and all(f.startswith("'DejaVu Serif', 'DejaVu Sans'") for f in families)
    fonts = set(re.findall(rb"/BaseFont /[A-Z]{6}\+([\w-]+)", pdf.read_bytes()))
    assert b"DejaVuSerif" in fonts and b"DejaVuSerif-Bold" in fonts, fonts


def test_a_font_file_without_suits_falls_back_glyph_by_glyph(tmp_path: Path) -> None:
    """Computer Modern has no ♠: the labels are set in it, the suits in DejaVu Sans."""
    out = tmp_path / "d.pdf"
    done = pfn("render", str(BRIEF), "-k", "2", "--font", str(CMR10), "-o", str(out))
    assert done.returncode == 0, done.stderr
    fonts = set(re.findall(rb"/BaseFont /[A-Z]{6}\+([\w-]+)", out.read_bytes()))
    assert b"Cmr10" in fonts and b"DejaVuSans" in fonts, fonts
    figure = deal_figure(replay(load(BRIEF)[0]), 2, Style(font=str(CMR10)))
    assert texts(figure)["hand-A-S"].get_fontfamily()[:2] == ["cmr10", "DejaVu Sans"]


def renamed_font(source: Path, family: str, out: Path) -> Path:
    """A copy of a font under a family name no one else has (fontTools, which matplotlib
    itself uses): the test's own face, known to matplotlib only through the file."""
    from fontTools.ttLib import TTFont

    face = TTFont(str(source))
    style = face["name"].getDebugName(2) or "Regular"
    for record in face["name"].names:
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID in (4, 6):
            record.string = f"{family.replace(' ', '')}-{style}"
    face.save(str(out))
    return out


@pytest.mark.slow
def test_a_font_file_brings_its_bold_from_beside_it_and_says_nothing_without(
        tmp_path: Path) -> None:
    """Headings are bold: given a regular face with its bold lying beside it, the bold is
    used; given the regular face alone, the headings are set in it and nothing is said
    on standard error."""
    fonts_dir = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    (tmp_path / "pair").mkdir()
    (tmp_path / "lone").mkdir()
    regular = renamed_font(fonts_dir / "DejaVuSerif.ttf", "Pfn Pair",
                           tmp_path / "pair" / "PfnPair.ttf")
    renamed_font(fonts_dir / "DejaVuSerif-Bold.ttf", "Pfn Pair",
                 tmp_path / "pair" / "PfnPair-Bold.ttf")
    lone = renamed_font(fonts_dir / "DejaVuSerif.ttf", "Pfn Lone",
                        tmp_path / "lone" / "PfnLone.ttf")
    out = tmp_path / "d.pdf"
    done = pfn("render", str(BRIEF), "-k", "2", "--font", str(regular), "-o", str(out))
    assert done.returncode == 0 and "findfont" not in done.stderr, done.stderr
    fonts = set(re.findall(rb"/BaseFont /[A-Z]{6}\+([\w-]+)", out.read_bytes()))
    assert {b"PfnPair-Book", b"PfnPair-Bold"} <= fonts, fonts
    done = pfn("render", str(BRIEF), "-k", "2", "--font", str(lone), "-o", str(out))
    assert done.returncode == 0 and done.stderr.strip() == f"wrote {out}", done.stderr
    fonts = set(re.findall(rb"/BaseFont /[A-Z]{6}\+([\w-]+)", out.read_bytes()))
    assert b"PfnLone-Book" in fonts and not any(b"Bold" in f for f in fonts), fonts


def test_an_unknown_font_is_refused_with_a_message() -> None:
    done = pfn("render", str(BRIEF), "--font", "No Such Face 123", "-o", "/dev/null")
    assert done.returncode == 2
    assert "no font named 'No Such Face 123'" in done.stderr and "Traceback" not in done.stderr


def test_no_title_leaves_no_heading_in_the_svg(tmp_path: Path) -> None:
    out = tmp_path / "d.svg"
    assert pfn("render", str(BRIEF), "-k", "2", "--no-title", "-o", str(out)).returncode == 0
    svg = out.read_text(encoding="utf-8")
    ids = {g.get("id") for g in ET.fromstring(svg).iter(f"{SVG}g")}
    assert not ids & {"title", "deal-line", "trick-label"}
    body = svg.split("</metadata>")[-1]
    assert "Sochi" not in body and "Board 1" not in body and "whist" not in body
    with_title = deal_figure(replay(load(BRIEF)[0]), 2)
    assert "title" in texts(with_title)


def test_caption_under_the_diagram() -> None:
    figure = deal_figure(replay(load(BRIEF)[0]), 2, Style(caption="Diagram 3. After trick two"))
    found = texts(figure)
    assert line(found, "caption-0") == "Diagram 3. After trick two"
    lowest_hand = min(box(figure, t)[1] for g, t in found.items() if g.startswith("hand-"))
    assert box(figure, found["caption-0"])[3] <= lowest_hand


def _ink_rows(png: bytes) -> tuple[int, int, int, int]:
    """The picture's size and its first and last rows with anything drawn."""
    image = Image.open(io.BytesIO(png)).convert("L")
    wide, high = image.size
    rows = [y for y in range(high) if image.crop((0, y, wide, y + 1)).getextrema()[0] < 250]
    return wide, high, rows[0], rows[-1]


def _widest_gap(png: bytes) -> int:
    """The tallest band of white rows in the lower half of a picture, in pixels."""
    image = Image.open(io.BytesIO(png)).convert("L")
    wide, high = image.size
    inked = [y for y in range(high // 2, high)
             if image.crop((0, y, wide, y + 1)).getextrema()[0] < 250]
    return max(b - a for a, b in itertools.pairwise(inked))


@pytest.mark.parametrize("look", ["screen", "book"])
def test_the_box_is_tight_to_the_drawing_at_the_width_asked(look: str) -> None:
    """No band of white: the first and last inked rows lie within the margin (4 pt) of
    the edges; the width is the one asked for."""
    style = Style.book() if look == "book" else Style(width=4.8)
    for trick in (0, 2, 11):
        png = picture_bytes(deal_figure(replay(load(BRIEF)[0]), trick, style), "png", 100)
        wide, high, first, last = _ink_rows(png)
        assert abs(wide - style.width * 100) <= 1
        # the margin (4 pt), and the descent of a line whose letters go not below it
        margin = 4 / 72 * 100 + 4
        assert first <= margin and high - 1 - last <= margin, (trick, first, high - last)
    # between the bottom hand and the comment under it: the old layout's band of white
    # (over a centimetre), now a line's spacing
    tight = picture_bytes(deal_figure(replay(load(BRIEF)[0]), 2, style), "png", 100)
    loose = picture_bytes(deal_figure(replay(load(BRIEF)[0]), 2, replace(style, tight=False)),
                          "png", 100)
    assert _widest_gap(tight) < 0.5 / 2.54 * 100 < 1 / 2.54 * 100 < _widest_gap(loose)


def test_transparent_background(tmp_path: Path) -> None:
    out = tmp_path / "d.png"
    done = pfn("render", str(BRIEF), "-k", "2", "--transparent", "--dpi", "50", "-o", str(out))
    assert done.returncode == 0, done.stderr
    image = Image.open(out).convert("RGBA")
    assert image.getpixel((0, 0))[3] == 0 and image.getpixel((image.width - 1, 0))[3] == 0
    assert image.getchannel("A").getextrema()[1] == 255  # the drawing itself is opaque
    opaque = Image.open(io.BytesIO(picture_bytes(deal_figure(replay(load(BRIEF)[0]), 2),
                                                 "png", 50))).convert("RGBA")
    assert opaque.getpixel((0, 0))[3] == 255


# -- 5. animation -----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("kind,suffix", [("gif", "gif"), ("apng", "png")])
def test_an_animation_has_one_frame_per_card(kind: str, suffix: str, tmp_path: Path) -> None:
    record = load(BRIEF)[0]
    assert record.play is not None
    cards = sum(len(run.cards) for run in record.play.tricks)
    out = tmp_path / f"deal.{suffix}"
    done = pfn("render", str(BRIEF), "-b", "1", "-f", kind, "--dpi", "40", "-o", str(out))
    assert done.returncode == 0, done.stderr
    image = Image.open(out)
    assert image.is_animated and image.n_frames == cards + 2  # the hands, each card, the end
    if kind == "gif":
        durations = []
        for index in range(image.n_frames):
            image.seek(index)
            durations.append(image.info["duration"])
        assert durations[0] == durations[-1] == 3000
        assert durations[3] == 1800 and durations[1] == durations[2] == 900  # a trick


def test_animation_frames_carry_each_cards_marks_and_comments() -> None:
    """Written in examples/annotated.pfn: ``SA!`` on the first card, ``{ Ceca shows
    out }`` after the sixth, ``$14`` on trick 6's last card."""
    moments = card_positions(replay(load(EXAMPLES / "annotated.pfn")[0], on_error="collect"))
    captions = [m.caption for m in moments]
    assert captions[1] == "♠A!"  # the first card, its mark
    assert "Ceca shows out" not in captions[5] and "Ceca shows out" in captions[6]
    trick6 = [m.caption for m in moments if m.trick is not None and m.trick.number == 6]
    assert "♥9 ⩲" in trick6[-1] and "⩲" not in trick6[1]


# -- 4. problem sets -------------------------------------------------------------------


@pytest.mark.slow
def test_problem_set_pdf_has_a_page_per_problem_and_the_answers(tmp_path: Path) -> None:
    out = tmp_path / "problems.pdf"
    done = pfn("render", str(EXAMPLES / "analysis.pfn"), "--problems", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "(4 problems)" in done.stderr
    pages = len(re.findall(rb"/Type /Page\b", out.read_bytes()))
    assert pages >= 5  # four statements, then the answers


def test_problem_set_page_hides_what_the_problem_hides_and_answers(tmp_path: Path) -> None:
    out = tmp_path / "problems.html"
    done = pfn("render", str(EXAMPLES / "analysis.pfn"), "--problems", "-f", "html",
               "-o", str(out))
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    statement = page.split('<figure id="problem-4">')[1].split("</figure>")[0]
    assert 'id="hidden-B"' in statement and 'id="hidden-C"' in statement
    assert "Problem 4" in statement
    answers = page.split('<ol class="answers">')[1]
    four = answers.split('id="answer-4"')[1]
    # the defenders' twenty cards hidden: C(20,10) layouts, 1,000 of them sampled
    assert "1,000 of 184,756 layouts, sampled" in four and "makes 100%" in four
    assert "Chance 100%" in four
    one = answers.split('id="answer-1"')[1].split("</li>")[0]
    assert "Solution: 1) Ana ♠7, Boris ♠10, Ceca ♠8 → Boris" in one
    assert "With the cards open: 8 tricks" in one


def test_problem_set_with_hide_and_in_russian(tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    done = pfn("render", str(BRIEF), "--problems", "-f", "html", "--hide", "B,C", "--lang",
               "ru", "-o", str(out))
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    first = page.split('<figure id="problem-1">')[1].split("</figure>")[0]
    assert 'id="hidden-B"' in first and "Задача 1" in first
    assert "<h2>Ответы</h2>" in page and "Шансы с места Ana" in page


_DEAL = ('[Variant "sochi"]\n[Players "Ana; Boris; Ceca"]\n[Board "{n}"]\n[Dealer "C"]\n'
         '[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]\n')


def _peak_memory(*args: str) -> int:
    """The most memory (kB) ``pfn`` held while running ``args``: the child's maximum
    resident set, as the kernel counts it."""
    code = ("import resource, subprocess, sys\n"
            "done = subprocess.run([sys.executable, '-m', 'pfn.cli', *sys.argv[1:]],"
            " capture_output=True, text=True)\n"
            "assert done.returncode == 0, done.stderr\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    return int(done.stdout)


@pytest.mark.slow
def test_a_long_problem_set_is_written_in_bounded_memory(tmp_path: Path) -> None:
    """Pages are written as they are made: ten times the problems, the same memory
    (each statement held whole took about 2 MB more a problem)."""
    peaks = {}
    for count in (8, 80):
        source = tmp_path / f"set{count}.pfn"
        source.write_text("% PFN 1.0\n\n" + "\n".join(_DEAL.format(n=n + 1)
                                                       for n in range(count)),
                          encoding="utf-8")
        out = tmp_path / f"set{count}.pdf"
        peaks[count] = _peak_memory("render", str(source), "--problems", "-o", str(out))
        assert len(re.findall(rb"/Type\s*/Page\b", out.read_bytes())) > count
    assert peaks[80] - peaks[8] < 30_000, peaks  # kB, for 72 problems more


# -- 6. what the print review found -----------------------------------------------------


LONG = ("Boris could have ducked here and kept his king of diamonds for later, which"
        " would have cost the declarer the tempo he needed to draw the last trump, and"
        " the whole line of play would then have collapsed at trick nine")


def _with_comments(statement: str, trick_comment: str) -> Figure:
    text = BRIEF.read_text(encoding="utf-8").split("\n\n")[0]
    text = text.replace("{ Ceca shows out of spades }", "{ " + trick_comment + " }")
    text = text.replace('[Event "Friday pool"]', "{ " + statement + ' }\n[Event "Friday pool"]')
    return deal_figure(replay(loads(text)[0]), 2)


def test_a_long_trick_comment_lies_under_the_hands_in_one_size() -> None:
    figure = _with_comments("x", LONG)
    found = texts(figure)
    lines = [t for g, t in found.items() if g.startswith("comment-") and "/" not in g]
    assert len(lines) >= 2
    assert len({t.get_fontsize() for t in lines}) == 1
    lowest = min(box(figure, t)[1] for g, t in found.items()
                 if g.startswith(("hand-", "tricks-", "name-")))
    assert all(box(figure, t)[3] <= lowest for t in lines)
    assert " ".join(line(found, f"comment-{i}") for i in range(len(lines))) == LONG


def test_a_long_statement_is_set_in_one_size() -> None:
    figure = deal_figure(replay(loads(BRIEF.read_text(encoding="utf-8").split("\n\n")[0]
                                      .replace("{ The three", "{ " + LONG * 2 + " The three")
                                      )[0]), 0, Style.book())
    lines = [t for g, t in texts(figure).items() if g.startswith("statement-") and "/" not in g]
    assert len(lines) >= 4
    assert len({t.get_fontsize() for t in lines}) == 1
    right = figure.get_size_inches()[0] * figure.dpi
    assert all(box(figure, t)[2] <= right for t in lines)


@pytest.mark.parametrize("lang,deals", [("en", "deals"), ("ru", "сдаёт")])
def test_book_labels_keep_the_seat_and_role(lang: str, deals: str) -> None:
    text = BRIEF.read_text(encoding="utf-8").split("\n\n")[0].replace(
        "Ana; Boris; Ceca", "Anastasia Petrovna; Boris Aleksandrovich; Ceca Milutinović")
    figure = deal_figure(replay(loads(text)[0]), 2, Style.book(lang=lang))
    found = texts(figure)
    for seat, end in (("B", "(B)"), ("C", f"(C) · {deals}")):  # beside the table
        label = found[f"name-{seat}"].get_text()
        assert label.endswith(end), label
        assert "…" in label  # the name shortened, not the seat or role
    right = figure.get_size_inches()[0] * figure.dpi
    assert box(figure, found["name-C"])[2] <= right


def test_a_long_role_word_goes_below_the_name_rather_than_cut_it() -> None:
    """At 8.5 cm, "Ceca (C) · сдаёт" is wider than the space beside the table, but
    "Ceca (C)" is not: the name stays whole and the role opens the line below."""
    text = BRIEF.read_text(encoding="utf-8").split("\n\n")[0]
    figure = deal_figure(replay(loads(text)[0]), 2, Style.book(lang="ru"))
    found = texts(figure)
    assert found["name-C"].get_text() == "Ceca (C)"
    assert found["tricks-C"].get_text() == "сдаёт · 0 взяток"
    right = figure.get_size_inches()[0] * figure.dpi
    assert box(figure, found["tricks-C"])[2] <= right
    # where it fits (as a PNG at 200 dpi draws it too: not at 8.5 cm), kept on one line
    english = texts(deal_figure(replay(loads(text)[0]), 2, Style.book(width=9.5 / 2.54)))
    assert english["name-C"].get_text() == "Ceca (C) · deals"


def test_a_dealer_who_sits_out_has_his_role_below_his_name() -> None:
    """Four at the table, the dealer out: no tally under his name, so the role word that
    does not fit beside it (Russian, book style) has that line to itself."""
    text = (EXAMPLES / "four-players.pfn").read_text(encoding="utf-8")
    board = next(r for r in loads(text) if r.tag("Board") == "1")
    figure = deal_figure(replay(board), 2, Style.book(lang="ru"))
    found = texts(figure)
    assert found["name-B"].get_text() == "Boris (B)"
    assert found["tricks-B"].get_text() == "сдаёт"


def test_right_to_left_names_are_isolated_and_the_line_kept_in_order() -> None:
    text = BRIEF.read_text(encoding="utf-8").split("\n\n")[0].replace(
        "Ana; Boris; Ceca", "שרה; דוד; Ceca")
    figure = deal_figure(replay(loads(text)[0]), 2)
    said = line(texts(figure), "deal-line")
    assert said == (f"{FSI}שרה{PDI} plays 7♠ · {FSI}דוד{PDI} and Ceca whist · Ceca deals"
                    f" · {FSI}שרה{PDI} leads")
    # drawn where nothing lays text out (PDF, PNG, PGF): each name reversed in place
    assert visual(said) == "הרש plays 7♠ · דוד and Ceca whist · Ceca deals · הרש leads"
    assert visual(isolate("דוד 2")) == "2 דוד"  # a number inside stays left to right
    assert visual(isolate("(שרה)")) == "(הרש)"  # brackets mirrored
    assert isolate("Ana") == "Ana" and isolate("\u202eAna") == "Ana"  # overrides dropped


def test_the_chips_variant_draws_its_ledger() -> None:
    """Britannica's chips, worked from the example's Score tags: Ann −10 +10 +10 −10 +10,
    Bill −10 −10 +10, Cath −30 +10 +10 −20; the pot holds what they paid."""
    from pfn.render.sheet import sheet_figure
    from pfn.report import reports

    figure = sheet_figure(reports(load(EXAMPLES / "britannica-match.pfn"))[0])
    found = texts(figure)
    totals = {s: found[f"chips-total-{s}"].get_text() for s in "ABC"}
    assert totals == {"A": "10", "B": "\u221210", "C": "\u221230"}
    assert found["chips-total-pot"].get_text() == "30"
    assert found["chips-pot-1"].get_text() == "20"  # the empty pot filled on board 1
    assert found["chips-4-C"].get_text() == "\u221230"


def test_the_strike_leaves_a_minus_sign_readable() -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from pfn.render.sheet import fitted

    figure = Figure(figsize=(3, 1))
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 1)  # as the sheet's axes (no autoscaling to the strokes)
    ax.set_ylim(0, 1)
    fitted(ax, 0.5, 0.5, [-12, -40], 0.9, 10.0, gid="t")
    found = texts(figure)
    minus = found["t/0"]
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    sign = renderer.get_text_width_height_descent("\u2212", minus.get_fontproperties(), False)[0]
    left = box(figure, minus)[0]
    stroke = next(a for a in ax.get_lines() if a.get_gid() == "t/strike-0")
    assert isinstance(stroke, Line2D)
    start = min(ax.transData.transform(list(zip(*stroke.get_data(), strict=True)))[:, 0])
    assert start >= left + sign * 0.9  # the stroke begins after the minus sign


def test_all_pass_result_keeps_each_name_with_its_count() -> None:
    four = load(EXAMPLES / "four-players.pfn")
    record = next(r for r in four if r.contract is not None and r.contract.allpass)
    figure = deal_figure(replay(record), 11, Style.book())
    found = texts(figure)
    lines = [line(found, "outcome")] + [line(found, f"outcome-{i}") for i in range(1, 6)
                                        if f"outcome-{i}" in found]
    assert lines[0] == "all-pass"
    for said in lines[1:]:
        for part in said.rstrip(",").split(", "):
            assert re.fullmatch(r"\S+ \d+", part), said


def test_the_talon_label_stays_on_the_table_in_book_style() -> None:
    four = load(EXAMPLES / "four-players.pfn")
    record = next(r for r in four if r.contract is not None and r.contract.allpass)
    for trick in (1, 2, 3):
        figure = deal_figure(replay(record), trick, Style.book())
        ax = figure.axes[0]
        table = next(p for p in ax.patches if isinstance(p, FancyBboxPatch) and
                     p.get_facecolor()[:3] == matplotlib.colors.to_rgb("#eef3ea"))
        x0, y0, x1, y1 = box(figure, table)
        for gid, text in texts(figure).items():
            if gid.startswith("talon-label"):
                bx0, by0, bx1, by1 = box(figure, text)
                assert x0 <= bx0 and bx1 <= x1 and y0 <= by0 and by1 <= y1, (trick, gid)


def test_a_hidden_hands_back_lies_under_its_tally() -> None:
    record = next(r for r in load(EXAMPLES / "analysis.pfn") if r.tag("Board") == "4")
    for style in (Style(), Style.book()):
        figure = deal_figure(replay(record), 0, style)
        ax = figure.axes[0]
        for seat in "BC":
            back = next(p for p in ax.patches if p.get_gid() == f"back-{seat}")
            tally = texts(figure)[f"tricks-{seat}"]
            assert box(figure, back)[3] <= box(figure, tally)[1]


def test_after_the_play_the_hands_are_shown_as_dealt_in_grey() -> None:
    figure = deal_figure(replay(load(BRIEF)[0]), 11)
    found = texts(figure)
    grey = [g for g in found if g.startswith("played-A-")]
    assert len(grey) == 10  # Ana's ten cards, every one played, none left as a dash
    # only the suit she discarded and so played none of stays a dash
    assert [g for g in found if g.startswith("hand-A-")] == ["hand-A-D"]


def test_a_strip_says_the_heading_and_the_table_cards_once() -> None:
    figure = strip_figure(replay(load(BRIEF)[0]))
    found = [t for t in figure.findobj(Text) if t.get_text()]
    assert sum("Sochi" in t.get_text() for t in found) == 1
    assert sum(t.get_text() == "talon" or t.get_gid() == "label-talon" for t in found) == 0
    heading = "".join(t.get_text() for t in found if (t.get_gid() or "").startswith("deal-line"))
    assert "talon ♦8 ♥8" in heading and "discard ♦7 ♦8" in heading


def test_red_suits_are_red_in_the_heading_and_the_result() -> None:
    record = next(r for r in load(EXAMPLES / "sochi-match.pfn") if r.tag("Board") == "2")
    for trick, gid in ((0, "deal-line"), (11, "outcome")):
        found = texts(deal_figure(replay(record), trick))
        runs = [found[gid]] + [found[f"{gid}/{i}"] for i in range(1, 30) if f"{gid}/{i}" in found]
        hearts = [t for t in runs if "♥" in t.get_text()]
        assert hearts and all(t.get_text() == "♥" and matplotlib.colors.to_hex(t.get_color())
                              == RED for t in hearts), gid
        assert all(matplotlib.colors.to_hex(t.get_color()) != RED for t in runs
                   if "♥" not in t.get_text() and "♦" not in t.get_text())


def test_an_evaluation_is_printed_a_space_after_its_card() -> None:
    from pfn.render.position import positions

    found = positions(replay(load(EXAMPLES / "annotated.pfn")[0], on_error="collect"))
    sixth = next(p for p in found if p.trick is not None and p.trick.number == 6)
    assert "♥9 ⩲" in sixth.caption and "♥9+=" not in sixth.caption
    figure = deal_figure(replay(load(EXAMPLES / "annotated.pfn")[0], on_error="collect"), 6)
    assert "♥9 ⩲" in line(texts(figure), "comment-0")


SEEDS = EXAMPLES / "seeds"
DPI = 200


def _sheet_png(tmp_path: Path, record: Path, *args: str) -> list[list[bool]]:
    """The sheet drawn by ``pfn render --sheet`` as a PNG, each pixel inked or not."""
    out = tmp_path / f"{record.stem}{'-'.join(args)}.png"
    done = pfn("render", str(record), "--sheet", "--dpi", str(DPI), *args, "-o", str(out))
    assert done.returncode == 0, done.stderr
    image = Image.open(out).convert("L")
    wide, high = image.size
    data = image.tobytes()
    return [[data[y * wide + x] < 160 for x in range(wide)] for y in range(high)]


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    """The runs of true flags, as (first, last) indices."""
    found: list[tuple[int, int]] = []
    for i, flag in enumerate(flags):
        if flag and found and found[-1][1] == i - 1:
            found[-1] = (found[-1][0], i)
        elif flag:
            found.append((i, i))
    return found


SHEET_WIDTHS = [(), ("--style", "book"), ("--width", "8.5cm"),
                ("--width", "8.5cm", "--style", "book")]


@pytest.mark.slow
@pytest.mark.parametrize("args", SHEET_WIDTHS, ids=lambda a: " ".join(a) or "default")
def test_serbian_column_headings_keep_clear_of_their_lines(tmp_path: Path,
                                                           args: tuple[str, ...]) -> None:
    """LEVO, BULE and DESNO each stand between the lines of their column with white on
    both sides (a narrow sheet's DESNO touched the block's edge): measured in the PNG."""
    ink = _sheet_png(tmp_path, SEEDS / "seed001-primer.pfn", *args)
    high, wide = len(ink), len(ink[0])
    # the column lines: runs of inked pixels down a third of the picture
    lines = [x for x in range(wide) if sum(ink[y][x] for y in range(high)) > high / 3]
    edges = _runs([x in lines for x in range(wide)])  # each line's first and last column
    assert len(edges) == 12, edges  # three players' blocks of three columns
    # the headings: the first ink under the line below the players' names
    below = next(y for y in range(high) if sum(ink[y]) > wide / 2)  # the blocks' top
    names_line = next(y for y in range(below + 3, high) if sum(ink[y]) > wide / 2)
    heading = None
    for first, last in _runs([any(row[x] for x in range(wide) if x not in lines)
                              for row in ink[names_line + 2:]]):
        heading = (names_line + 2 + first, names_line + 2 + last)
        break
    assert heading is not None
    inked = [any(ink[y][x] for y in range(heading[0], heading[1] + 1)) and x not in lines
             for x in range(wide)]
    clear = DPI / 72 * 0.7  # at least 0.7 pt of white beside each heading
    for (_, left), (right, _) in itertools.pairwise(edges):
        if right - left < DPI / 72 * 8:  # the gap between two players' blocks
            continue
        words = [x for x in range(left + 1, right) if inked[x]]
        assert words, (left, right)  # every column has its heading
        assert words[0] - left - 1 >= clear and right - words[-1] - 1 >= clear, \
            (args, left, words[0], words[-1], right)


@pytest.mark.slow
@pytest.mark.parametrize("record", ["seed001-primer.pfn", "seed000-settlement.pfn"])
@pytest.mark.parametrize("args", [(), ("--width", "8.5cm", "--style", "book")],
                         ids=["default", "narrow"])
def test_settlement_figures_stand_apart_and_on_the_page(tmp_path: Path, record: str,
                                                         args: tuple[str, ...]) -> None:
    """Each player's framed figure under the sheet is its own band of ink with white
    between it and the next, and the last lies within the picture (a narrow sheet's
    frames overlapped, and a fourth one fell off the page)."""
    ink = _sheet_png(tmp_path, SEEDS / record, *args)
    high, wide = len(ink), len(ink[0])
    sheet_bottom = max(y for y in range(high) if sum(ink[y]) > wide / 2)
    # the frames' right-hand part and their right sides, where nothing else is drawn
    bands = _runs([any(row[int(wide * 0.85):]) for row in ink[sheet_bottom + 2:]])
    players = 4 if record.startswith("seed000") else 3
    assert len(bands) == players, bands
    assert sheet_bottom + 2 + bands[-1][1] < high - 2  # white under the last frame
