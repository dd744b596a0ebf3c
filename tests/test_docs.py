"""The documentation agrees with the code: generated blocks are current, every
diagnostic code and every option is documented, the README's commands exist."""

from __future__ import annotations

import re

from pfn.diagnostics import CODES
from pfn.rules.options import HouseRules
from pfn.tools import docs
from pfn.variants import VARIANTS
from tests.conftest import ROOT


def _block(path: str, name: str) -> str:
    text = (ROOT / path).read_text(encoding="utf-8")
    m = re.search(rf"<!-- {name}:begin -->\n(.*?)\n<!-- {name}:end -->", text, re.S)
    assert m, f"{path} has no {name} block"
    return m.group(1)


def test_spec_grammar_matches_the_grammar_file() -> None:
    assert _block("docs/spec.md", "grammar") == docs.grammar_block()


def test_every_diagnostic_code_is_documented() -> None:
    table = _block("docs/diagnostics.md", "codes")
    assert table == docs.codes_block()
    for code in CODES:
        assert f"`{code}`" in table


def test_every_option_and_variant_is_documented() -> None:
    table = _block("docs/variants.md", "options")
    assert table == docs.options_block()
    text = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    for variant in VARIANTS:
        assert f"`{variant.name}`" in text
    for key in HouseRules.option_names():
        assert f"`{key}`" in table


def test_every_variant_default_names_its_source() -> None:
    assert _block("docs/variants.md", "defaults") == docs.defaults_block()
    for variant in VARIANTS:
        assert set(variant.sources) == set(variant.defaults), variant.name
        assert all(source.strip() for source in variant.sources.values())
    for item in HouseRules.describe():  # Sochi's own defaults are the options' sources
        assert item["source"].strip(), item["key"]


def test_codes_used_in_the_code_are_registered() -> None:
    used = set()
    for path in (ROOT / "pfn").rglob("*.py"):
        used |= set(re.findall(r'"(PFN-[EWI]\d{3})"', path.read_text(encoding="utf-8")))
    assert used <= set(CODES), used - set(CODES)


def test_readme_quick_start() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make demo" in readme and "make test" in readme
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^demo:", makefile, re.M) and re.search(r"^test:", makefile, re.M)


def test_rendering_gallery_is_current_and_complete() -> None:
    from pfn.tools import gallery

    assert _block("docs/rendering.md", "gallery") == gallery.gallery_block()
    for picture in gallery.PICTURES:
        for name in picture.shown or (picture.name,):
            image = ROOT / gallery.IMAGES / name
            magic = b"GIF89a" if name.endswith(".gif") else b"\x89PNG"
            assert image.is_file() and image.read_bytes().startswith(magic), image
        assert (ROOT / picture.args[0]).is_file()
