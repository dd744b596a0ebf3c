"""The documentation agrees with the code: generated blocks are current, every
diagnostic code and every option is documented, the README's commands exist."""

from __future__ import annotations

import re
from pathlib import Path

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
    """Codes are referred to as values (``codes.E503``); one written as a string, or a
    value that is not defined, is found here as well as by mypy."""
    used, written = set(), set()
    for path in (ROOT / "pfn").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used |= {"PFN-" + c for c in re.findall(r"\bcodes\.([EWI]\d{3})\b", source)}
        if path.name != "codes.py":
            written |= set(re.findall(r'"(PFN-[EWI]\d{3})"', source))
    assert used and used <= set(CODES), used - set(CODES)
    assert not written, written


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


# A hand spelled with suit symbols (two suits or more: ♠AKQJ7 ♣AK ♦7) and a dotted hand
# (AKQJ7.AK.7.A7), each read here by the format's own definition, suits ♠ ♣ ♦ ♥ in order.
_RANKS = r"(?:10|[AKQJT987x])+"
_SYMBOL_SUIT = rf"[♠♣♦♥](?:{_RANKS}|[—-])"
_SYMBOL_HAND = re.compile(rf"(?<![\w♠♣♦♥]){_SYMBOL_SUIT}(?:\s+{_SYMBOL_SUIT})+(?![\w-])")
_DOTTED_HAND = re.compile(rf"(?<![\w.])((?:{_RANKS}|-)(?:\.(?:{_RANKS}|-)){{3}})(?![\w.])")
_ORDER = "AKQJT987x"


def _suits(ranks_by_suit: dict[str, str]) -> dict[str, str]:
    """Each suit's ranks, high to low, ``10`` read as ``T`` and a void as nothing."""
    out = {}
    for suit in "♠♣♦♥":
        ranks = ranks_by_suit.get(suit, "").replace("10", "T").strip("—-")
        out[suit] = "".join(sorted(ranks, key=_ORDER.index))
    return out


def _read_symbols(text: str) -> dict[str, str]:
    return _suits({m[0]: m[1:] for m in text.split()})


def _read_dotted(text: str) -> dict[str, str]:
    return _suits(dict(zip("♠♣♦♥", text.split("."), strict=True)))


def _doc_paragraphs() -> list[tuple[str, str]]:
    pages = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
    return [(page.name, paragraph)
            for page in pages
            for paragraph in re.split(r"\n\s*\n", page.read_text(encoding="utf-8"))]


def test_hands_spelled_with_suit_symbols_agree_with_their_dotted_form() -> None:
    checked = 0
    for name, paragraph in _doc_paragraphs():
        # JPref's vector lines (``deal: ♠8XJK ♣7 …``, ``♠AK ♣789 … 1 -> ♥7, ♥8, 7♣``)
        # are another program's notation
        paragraph = "\n".join(line for line in paragraph.splitlines()
                              if not line.startswith("deal: ") and " -> " not in line)
        spelled = [m.group(0) for m in _SYMBOL_HAND.finditer(paragraph)]
        if not spelled or name == "library.md":  # library.md's printed boards are doctested
            continue
        written = [m.group(1) for m in _DOTTED_HAND.finditer(paragraph)]
        dotted = [_read_dotted(hand) for hand in written]
        for hand in spelled:
            assert dotted, f"{name}: {hand!r} is not given in its dotted form beside it"
            assert _read_symbols(hand) in dotted, (
                f"{name}: {hand!r} is none of {written} (the dotted suits are ♠.♣.♦.♥)")
            checked += 1
    assert checked >= 2  # the tutorial's hand and the grammar's example at least


def test_the_hand_reader_of_this_test_reads_suits_in_pfns_order() -> None:
    assert _read_dotted("AKQJ7.AK.7.A7") == _read_symbols("♠AKQJ7 ♣AK ♦7 ♥A7")
    assert _read_dotted("AKQJ7.AK.7.A7") != _read_symbols("♠AKQJ7 ♥AK ♦7 ♣A7")
    assert _read_dotted("-.10x.-.A") == _read_symbols("♠— ♣xT ♥A")


def test_every_image_of_the_docs_is_made_by_the_docs_build() -> None:
    from pfn.tools import gallery

    kept = {p.name for p in (ROOT / gallery.IMAGES).iterdir()}
    assert kept == set(gallery.made()), "docs/img holds only what `make docs` makes"
    shown = set()
    for page in [*(ROOT / "docs").glob("*.md"), ROOT / "README.md"]:
        shown |= set(re.findall(r"\]\((?:docs/)?img/([^)\s]+)\)", page.read_text("utf-8")))
    assert shown <= kept, shown - kept


def test_the_docs_build_fails_rather_than_keep_a_picture_it_cannot_make(
        tmp_path: Path) -> None:
    """Without LuaLaTeX or Chromium, ``make docs`` says which pictures it could not make
    and fails (their old files would show an older pfn)."""
    import os
    import subprocess
    import sys

    bare = tmp_path / "bin"
    bare.mkdir()
    for tool in ("python3",):
        (bare / tool).symlink_to(sys.executable)
    env = {**os.environ, "PATH": str(bare)}
    code = ("import sys; from pathlib import Path; from pfn.tools import gallery\n"
            "gallery.PICTURES = ()\n"  # only the pictures made by other tools
            "gallery.rewrite = lambda *a: False\n"
            "gallery.make(Path(sys.argv[1]))\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], env=env,
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode != 0
    assert "docs/img/latex-example.png: no lualatex" in done.stderr
    assert "docs/img/html-replay.png" in done.stderr and "Traceback" not in done.stderr


def test_the_home_page_links_every_page_and_lists_every_extra() -> None:
    import tomllib

    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([\w-]+\.md)[)#]", index))
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"index.md"}
    assert pages <= linked, pages - linked
    nav = set(re.findall(r":\s+([\w-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text("utf-8"),
                         re.M))
    assert pages | {"index.md"} == nav, "every page is in the site's navigation"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for extra in project["project"]["optional-dependencies"]:
        if extra != "test":
            assert f"pip install '.[{extra}]'" in index, extra


def test_every_synopsis_names_every_language_pfn_speaks() -> None:
    """docs/rendering.md's synopsis gave `--lang en|ru|sr`, without sr-Cyrl: each
    `--lang` alternation in the docs lists the languages pfn speaks (pfn.i18n)."""
    from pfn.i18n import LANGUAGES

    for page in sorted((ROOT / "docs").glob("*.md")):
        for listed in re.findall(r"--lang ([\w-]+(?:\|[\w-]+)+)", page.read_text("utf-8")):
            assert listed.split("|") == list(LANGUAGES), (page.name, listed)
