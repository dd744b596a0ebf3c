"""Diagrams from PFN in a manuscript: the Markdown fence (Python-Markdown with
``pymdownx.superfences``) and the Sphinx directive, each tested by building a page or
a small site, and failing on a record that does not check."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
import pytest
from pymdownx.superfences import SuperFencesException

import pfn.markdown
from tests.conftest import ROOT

BRIEF = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8")
BOARD1 = "\n".join(line for line in BRIEF.split("\n\n")[0].splitlines()
                   if not line.startswith("%"))
SVG = "{http://www.w3.org/2000/svg}"


def convert(page: str, quoted_only: bool = False) -> str:
    fences = [{"name": "pfn", "class": "pfn", "validator": pfn.markdown.fence_validator,
               "format": pfn.markdown.fence_format}]
    extensions = ["pymdownx.superfences", "pymdownx.highlight"]
    if not quoted_only:
        extensions.insert(0, "pfn.markdown")
    md = markdown.Markdown(extensions=extensions, extension_configs={
        "pymdownx.superfences": {"custom_fences": fences},
        "pymdownx.highlight": {"css_class": "codehilite"}})
    return md.convert(page)


def svg_texts(html: str) -> dict[str, str]:
    """The text of each ``<g id=…>`` in the page's SVG (runs of one line joined)."""
    svg = html[html.index("<svg"):html.index("</svg>") + 6]
    out: dict[str, str] = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        text = group.find(f"{SVG}text")
        gid = group.get("id")
        if gid and text is not None:
            base = gid.rpartition("/")[0] if "/" in gid and gid.rpartition("/")[0] in out \
                else gid
            out[base] = out.get(base, "") + "".join(text.itertext()) if base != gid else \
                "".join(text.itertext())
    return out


def test_a_fence_with_options_is_drawn_as_the_diagram_asked() -> None:
    page = f"# A deal\n\n```pfn trick=2 style=book caption=\"Diagram 1\"\n{BOARD1}\n```\n"
    html = convert(page)
    assert html.count("<svg") == 1 and '<figure class="pfn">' in html
    found = svg_texts(html)
    assert found["trick-label"] == "trick 2"
    assert found["caption-0"] == "Diagram 1"
    assert found["trick-0"] == "♠K" and found["trick-1"] == "♠10"  # Ana, Boris, Ceca
    # the book style: 8.5 cm wide
    width = ET.fromstring(html[html.index("<svg"):html.index("</svg>") + 6]).get("width")
    assert width is not None and abs(float(width.removesuffix("pt")) - 8.5 / 2.54 * 72) < 1


def test_quoted_options_work_with_superfences_alone() -> None:
    html = convert(f'```pfn trick="3" lang="ru"\n{BOARD1}\n```\n', quoted_only=True)
    assert svg_texts(html)["trick-label"] == "взятка 3"


def test_a_fence_without_options_is_the_record_highlighted() -> None:
    html = convert(f"```pfn\n{BOARD1}\n```\n")
    assert "<svg" not in html
    assert '<div class="codehilite">' in html and '<span class="nt">Deal</span>' in html


def test_a_record_that_does_not_check_stops_the_build_with_the_diagnostic() -> None:
    broken = BOARD1.replace("SK ST C7", "SK ST C9")  # C9 played again at trick 5
    with pytest.raises(SuperFencesException) as raised:
        convert(f"```pfn trick=2\n{broken}\n```\n")
    said = str(raised.value)
    assert "error[PFN-E204]" in said and "C9 played a second time" in said
    line = broken.splitlines().index("CK CJ C9") + 1
    assert f"pfn fence:{line}:7:" in said


def test_a_wrong_option_stops_the_build_with_its_name() -> None:
    with pytest.raises(SuperFencesException, match="unknown option 'colour'"):
        convert(f"```pfn colour=red\n{BOARD1}\n```\n")
    with pytest.raises(SuperFencesException, match="trick='12'"):
        convert(f"```pfn trick=12\n{BOARD1}\n```\n")


def test_text_from_the_record_never_becomes_markup() -> None:
    hostile = BOARD1.replace("Ana; Boris; Ceca", "<script>alert(1)</script>; Boris; Ceca")
    html = convert(f"```pfn trick=2\n{hostile}\n```\n")
    assert "<script>" not in html and "&lt;script&gt;" in html


def _sphinx(tmp_path: Path, body: str, builder: str = "html"
            ) -> subprocess.CompletedProcess[str]:
    (tmp_path / "conf.py").write_text('extensions = ["pfn.sphinx"]\nproject = "t"\n',
                                      encoding="utf-8")
    (tmp_path / "index.rst").write_text(body, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", builder, str(tmp_path),
                           str(tmp_path / "_build" / builder)], capture_output=True, text=True,
                          timeout=300)


def _directive(record: str, options: str) -> str:
    content = "\n".join("   " + line if line else "" for line in record.splitlines())
    return f"Deals\n=====\n\n.. pfn::\n{options}\n\n{content}\n"


@pytest.mark.slow
def test_the_sphinx_directive_draws_inline_svg(tmp_path: Path) -> None:
    (tmp_path / "pool.pfn").write_text(BRIEF, encoding="utf-8")
    body = _directive(BOARD1, "   :trick: 2\n   :style: book\n   :caption: После второй")
    body += "\n.. pfn:: pool.pfn\n   :sheet:\n"
    done = _sphinx(tmp_path, body)
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "_build" / "html" / "index.html").read_text(encoding="utf-8")
    assert html.count("<svg") == 2
    found = svg_texts(html)
    assert found["caption-0"] == "После второй" and found["trick-label"] == "trick 2"
    second = html[html.index("</svg>") + 6:]
    assert 'id="settlement-heading"' in second  # the pool's sheet


def test_the_sphinx_directive_fails_the_build_located_in_the_page(tmp_path: Path) -> None:
    broken = BOARD1.replace("SK ST C7", "SK ST C9")
    body = _directive(broken, "   :trick: 2")
    done = _sphinx(tmp_path, body)
    assert done.returncode == 1
    written = body.splitlines()
    page = written.index("   CK CJ C9") + 1
    column = written[page - 1].index("C9") + 1  # counted as the author's editor counts
    assert column == 10
    assert f"index.rst:{page}:{column}: error[PFN-E204]" in done.stderr, done.stderr
    assert f" {page} |    CK CJ C9\n" in done.stderr  # the line quoted as written
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_the_sphinx_latex_builder_includes_a_pdf(tmp_path: Path) -> None:
    done = _sphinx(tmp_path, _directive(BOARD1, "   :trick: 2"), "latex")
    assert done.returncode == 0, done.stderr
    out = tmp_path / "_build" / "latex"
    pdfs = list(out.glob("pfn-*.pdf"))
    assert len(pdfs) == 1 and pdfs[0].read_bytes().startswith(b"%PDF")
    tex = next(out.glob("*.tex")).read_text(encoding="utf-8")
    assert f"\\sphinxincludegraphics{{{pdfs[0].name}}}" in tex


@pytest.mark.slow
def test_mkdocs_shows_pfns_diagnostic_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\nmarkdown_extensions:\n  - pfn.markdown\n  - pymdownx.superfences:\n"
        "      custom_fences:\n        - name: pfn\n          class: pfn\n"
        "          validator: !!python/name:pfn.markdown.fence_validator\n"
        "          format: !!python/name:pfn.markdown.fence_format\n", encoding="utf-8")
    (tmp_path / "docs" / "index.md").write_text(
        "# T\n\n```pfn board=1 trick=12\n" + BOARD1.rstrip("\n") + "\n```\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    said = done.stdout + done.stderr
    assert "pfn fence (board=1 trick=12): trick='12': a trick from 0" in said, said
    assert "Traceback" not in said and 'File "' not in said
