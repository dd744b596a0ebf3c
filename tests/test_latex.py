"""PGF for LaTeX, compiled (``make test-latex``, run by CI, never skipped): a minimal
document ``\\input``s a diagram and a sheet with Russian labels and a record's hostile
text, LuaLaTeX compiles it, and the PDF's fonts and text are read back with poppler's
``pdffonts`` and ``pdftotext``: every label is set in the document's face."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

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
    missing = [t for t in ("lualatex", "pdffonts", "pdftotext") if shutil.which(t) is None]
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
