"""PGF for LaTeX, compiled (``make test-latex``, run by CI, never skipped): a minimal
document ``\\input``s a diagram and a sheet with Russian labels and a record's hostile
text, LuaLaTeX compiles it, and the PDF's fonts and text are read back with poppler's
``pdffonts`` and ``pdftotext``: every label is set in the document's face."""

from __future__ import annotations

import html
import re
import shutil
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
DOCUMENT = r"""\documentclass{article}
\usepackage{fontspec}
\setmainfont{FreeSerif}
\usepackage{pgf}
\begin{document}
\input{diagram.pgf}

\input{sheet.pgf}

\input{hostile.pgf}
\end{document}
"""
HOSTILE = r"\input /etc/passwd \relax"
NAME = "Ana $x$ & # _ ~ ^ %"


def tools() -> None:
    missing = [t for t in ("lualatex", "pdffonts", "pdftotext", "pdftocairo")
               if shutil.which(t) is None]
    if missing:  # make test-latex is for a machine with TeX: CI installs it (.ci/run)
        pytest.fail(f"{', '.join(missing)} not found: apt-get install texlive-luatex"
                    " texlive-latex-recommended texlive-pictures fonts-freefont-otf"
                    " poppler-utils")


def pfn(*args: str, cwd: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd)
    assert done.returncode == 0, done.stderr


def test_a_document_inputs_pgf_diagrams_in_its_own_face(tmp_path: Path) -> None:
    tools()
    pfn("render", str(EXAMPLES / "brief.pfn"), "-b", "1", "-k", "2", "--lang", "ru",
        "--style", "book", "--no-title", "-o", "diagram.pgf", cwd=tmp_path)
    pfn("render", str(EXAMPLES / "sochi-match.pfn"), "--sheet", "--lang", "ru",
        "-o", "sheet.pgf", cwd=tmp_path)
    hostile = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").split("\n\n")[0].replace(
        "Ceca shows out of spades", HOSTILE).replace("Ana; Boris", f"{NAME}; Boris")
    (tmp_path / "hostile.pfn").write_text(hostile, encoding="utf-8")
    pfn("render", "hostile.pfn", "-k", "2", "-o", "hostile.pgf", cwd=tmp_path)
    pgf = (tmp_path / "hostile.pgf").read_text(encoding="utf-8")
    assert r"\input /etc" not in pgf and r"\textbackslash{}input /etc/passwd" in pgf
    (tmp_path / "doc.tex").write_text(DOCUMENT, encoding="utf-8")
    done = subprocess.run(["lualatex", "-interaction=nonstopmode", "-halt-on-error",
                           "doc.tex"], capture_output=True, text=True, cwd=tmp_path,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
    fonts = subprocess.run(["pdffonts", "doc.pdf"], capture_output=True, text=True,
                           cwd=tmp_path, check=True).stdout
    faces = {line.split()[0].split("+")[-1] for line in fonts.splitlines()[2:]}
    # every label in the document's face (regular, bold, italic): no DejaVu, no CM
    assert faces == {"FreeSerif", "FreeSerifBold", "FreeSerifItalic"}, fonts
    text = subprocess.run(["pdftotext", "-layout", "doc.pdf", "-"], capture_output=True,
                          text=True, cwd=tmp_path, check=True).stdout
    assert "взятки" in text and "прикуп" in text and "Ana (A) · играющий" in text  # Cyrillic
    assert "♠" in text and "♥" in text  # the suits, from the same face
    assert "Расчёт" in text  # the sheet's settlement
    assert "\\input /etc/passwd \\relax" in text and NAME in text  # printed, not run


def test_a_pgf_file_names_no_folder_of_the_machine_that_made_it(tmp_path: Path) -> None:
    tools()
    pfn("render", str(EXAMPLES / "brief.pfn"), "-b", "1", "-k", "2", "-o", "d.pgf",
        cwd=tmp_path)
    pgf = (tmp_path / "d.pgf").read_text(encoding="utf-8")
    for folder in (str(ROOT), sys.prefix, str(Path.home()), "[Path="):
        assert folder not in pgf, folder
    assert r"\begin{pgfpicture}" in pgf


# Where each glyph is drawn, from two poppler tools: ``pdftotext -bbox`` names the words
# and ``pdftocairo -svg`` places every glyph at its origin on the baseline.
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                  r"([^<]*)</word>")
GLYPH = re.compile(r'<use xlink:href="#glyph[^"]*" x="([-\d.]+)" y="([-\d.]+)"')


class Glyph(NamedTuple):
    char: str
    x: float  # its origin, in points from the page's left edge
    y: float  # its baseline, in points from the page's top edge
    word: str


def glyphs(pdf: Path) -> list[Glyph]:
    """Every character of the first page with the place its glyph is drawn at."""
    def tool(*args: str) -> str:
        return subprocess.run([*args, "-f", "1", "-l", "1", str(pdf), "-"],
                              capture_output=True, text=True, check=True).stdout

    origins = [(float(x), float(y)) for x, y in GLYPH.findall(tool("pdftocairo", "-svg"))]
    found = []
    for match in WORD.finditer(tool("pdftotext", "-bbox")):
        x0, y0, x1, y1 = map(float, match.groups()[:4])
        word = html.unescape(match.group(5))
        # a word's glyphs: origins from its left edge to before its last advance (a
        # space drawn as a glyph lies outside), between its top and bottom
        inside = sorted((x, y) for x, y in origins if x0 - 1 < x < x1 - 1 and y0 <= y <= y1)
        assert len(inside) == len(word), (pdf.name, word, inside)
        found += [Glyph(char, x, y, word) for char, (x, y) in zip(word, inside, strict=True)]
    return found


def compile_alone(pgf: Path) -> Path:
    """``pgf`` compiled by LuaLaTeX in a document set in the face the PDF is drawn in
    (matplotlib's own DejaVu Sans files), its PDF."""
    import matplotlib

    faces = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    document = (r"\documentclass{article}\usepackage{fontspec}"
                r"\setmainfont{DejaVuSans.ttf}[Path=" + f"{faces}/" +
                r", BoldFont=DejaVuSans-Bold.ttf, ItalicFont=DejaVuSans-Oblique.ttf,"
                r" BoldItalicFont=DejaVuSans-BoldOblique.ttf]"
                r"\usepackage{pgf}\pagestyle{empty}\begin{document}"
                r"\input{" + pgf.name + r"}\end{document}")
    tex = pgf.with_name(pgf.stem + "-doc.tex")
    tex.write_text(document, encoding="utf-8")
    done = subprocess.run(["lualatex", "-interaction=nonstopmode", "-halt-on-error",
                           tex.name], capture_output=True, text=True, cwd=pgf.parent,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
    return tex.with_suffix(".pdf")


def on_line(found: list[Glyph], of: Glyph, within: float) -> list[Glyph]:
    """The glyphs right of ``of`` within ``within`` points, on its line or near it
    (a label and what follows it)."""
    return [g for g in found if 0 < g.x - of.x < within and abs(g.y - of.y) < 6]


@pytest.mark.parametrize("figure", [("-b", "1", "-k", "2", "--style", "book"),
                                    ("-b", "3")], ids=["voids-talon-discard", "red-contract"])
def test_pgf_labels_sit_where_the_pdf_of_the_same_figure_has_them(
        tmp_path: Path, figure: tuple[str, ...]) -> None:
    tools()
    pfn("render", str(EXAMPLES / "brief.pfn"), *figure, "-o", "d.pgf", cwd=tmp_path)
    pfn("render", str(EXAMPLES / "brief.pfn"), *figure, "-o", "d.pdf", cwd=tmp_path)
    latex, drawn = glyphs(compile_alone(tmp_path / "d.pgf")), glyphs(tmp_path / "d.pdf")
    assert sorted(g.char for g in latex) == sorted(g.char for g in drawn)

    # in LaTeX's page, each label on the line of what it names (a fact of the diagram)
    for dash in (g for g in latex if g.char == "—"):  # a void: on its suit's baseline
        suit = min((g for g in latex if g.char in "♠♣♦♥" and 0 < dash.x - g.x < 15),
                   key=lambda g: abs(g.y - dash.y))
        assert abs(suit.y - dash.y) < 0.25, (dash, suit)
    for label in (g for g in latex if g.word in ("talon", "discard") and g.char in "td"):
        cards = [g for g in on_line(latex, label, 80) if g.word != label.word]
        assert cards and all(abs(g.y - label.y) < 0.25 for g in cards), (label, cards)
    deal = next(g for g in latex if g.word == "plays")  # the header's second line
    line = [g for g in latex if abs(g.y - deal.y) < 6]
    assert any(g.char in "♠♣♦♥" for g in line)  # its suit on its baseline
    assert all(abs(g.y - deal.y) < 0.25 for g in line), line

    # and every glyph where matplotlib's PDF draws it, the page's margin aside: the
    # margin is the shift most pairs of the same character agree on
    votes = Counter((round(b.x - a.x), round(b.y - a.y)) for a in drawn for b in latex
                    if a.char == b.char)
    (dx, dy), _ = votes.most_common(1)[0]
    pairs = [(a, min((b for b in latex if b.char == a.char),
                     key=lambda b: abs(b.x - a.x - dx) + abs(b.y - a.y - dy)))
             for a in drawn]
    mx = statistics.median(b.x - a.x for a, b in pairs)
    my = statistics.median(b.y - a.y for a, b in pairs)
    for a, b in pairs:  # LaTeX's widths differ from matplotlib's by a fraction of a point
        assert abs(b.y - a.y - my) < 0.4 and abs(b.x - a.x - mx) < 1.0, (a, b)
