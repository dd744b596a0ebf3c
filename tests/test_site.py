"""The documentation site builds without a warning (a broken link or anchor fails),
with PFN highlighted by pfn's own lexer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pygments.formatters import HtmlFormatter

from pfn.notation.highlight import PfnStyle
from tests.conftest import ROOT


@pytest.mark.slow
def test_the_site_builds_strict_with_pfn_highlighted(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                           "--site-dir", str(tmp_path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    home = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert '<span class="l l-Card l-Card-Spade">S7</span>' in home
    assert '<span class="nt">Deal</span>' in home
    spec = (tmp_path / "spec" / "index.html").read_text(encoding="utf-8")
    assert "E202" in spec and "Endings and set-up positions" in spec
    assert 'class="codehilite"' in spec
    codes = (tmp_path / "diagnostics" / "index.html").read_text(encoding="utf-8")
    assert "PFN-E007" in codes  # the generated table
    # the gallery: each pfn fence with options drawn as a diagram by pfn itself
    gallery = (tmp_path / "gallery" / "index.html").read_text(encoding="utf-8")
    source = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    fences = sum(line.startswith("```pfn ") for line in source.splitlines())
    assert fences >= 5 and gallery.count('<figure class="pfn"><svg') == fences


def test_the_site_stylesheet_is_the_pfn_style() -> None:
    css = (ROOT / "docs" / "css" / "pygments.css").read_text(encoding="utf-8")
    assert css.strip() == HtmlFormatter(style=PfnStyle).get_style_defs(".codehilite").strip(), \
        "run: make site (it writes docs/css/pygments.css)"
