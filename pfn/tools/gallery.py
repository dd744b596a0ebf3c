"""The pictures of ``docs/rendering.md``, made from ``examples/`` by ``pfn render`` itself.

``make docs`` runs this module: every picture is produced by the command line shown
next to it in the document, so the documentation cannot drift from the tool.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from pfn.tools.docs import rewrite

IMAGES = "docs/img"


@dataclass(frozen=True)
class Picture:
    """One picture: its file under ``docs/img``, what it shows, the command's arguments."""

    name: str
    caption: str
    args: tuple[str, ...]
    shown: tuple[str, ...] = ()
    """The files shown, when the command writes several (else ``name``)."""

    @property
    def command(self) -> str:
        return "pfn render " + " ".join(self.args) + f" -o {IMAGES}/{self.name}"


PICTURES = (
    Picture("brief-trick2.png", "The brief's first deal at trick 2: Ceca shows out of spades"
            " (the comment on the trick becomes the caption); the leader is marked, the"
            " winner framed.", ("examples/brief.pfn", "--board", "1", "--trick", "2")),
    Picture("sochi-grey.png", "Cards already played shown grey instead of removed.",
            ("examples/sochi-match.pfn", "--board", "1", "--trick", "6", "--played",
             "grey")),
    Picture("problem.png", "A problem diagram: the defenders' hands hidden, before the lead.",
            ("examples/brief.pfn", "--board", "1", "--hide", "B,C")),
    Picture("four-players.png", "A table of four: the dealer sits out; talon and discard"
            " in the corner.", ("examples/four-players.pfn", "--board", "1", "--trick", "3")),
    Picture("four-players-allpass.png", "All-pass at four: the talon card leads the trick.",
            ("examples/four-players.pfn", "--board", "2", "--trick", "1")),
    Picture("brief-tricks.png", "`--all --strip`: every trick of a deal in one figure.",
            ("examples/brief.pfn", "--board", "1", "--all", "--strip", "--dpi", "90")),
    Picture("analysis-dd.png", "A problem with its statement (the record's comment) and"
            " `--dd`: beside each card Ana may lead, the tricks she takes with best play after"
            " it; the best ones in blue.", ("examples/analysis.pfn", "--board", "1", "--dd",
                                            "--style", "book")),
    Picture("brief-ru.png", "`--lang ru`: прикуп and снос, the court cards as Т К Д В.",
            ("examples/brief.pfn", "--board", "1", "--trick", "2", "--lang", "ru")),
    Picture("sochi-sheet.png", "The pulka of a three-player Sochi pool with its settlement.",
            ("examples/sochi-match.pfn", "--sheet")),
    Picture("seed000-sheet.png", "The four-player sheet: seed 000's settlement example.",
            ("examples/seeds/seed000-settlement.pfn", "--sheet")),
    Picture("serbian-sheet.png", "The Serbian paper: supe left and right, bule in the middle.",
            ("examples/seeds/seed001-primer.pfn", "--sheet")),
    Picture("britannica-chips.png", "The chips ledger (Britannica): what each deal paid into"
            " the pot or took from it, the pot, the chips at the foot.",
            ("examples/britannica-match.pfn", "--sheet")),
    Picture("book-serif.png", "In the document's look: its face (`--font`), no heading"
            " (`--no-title`), the author's caption, the box tight to the drawing.",
            ("examples/brief.pfn", "--board", "1", "--trick", "2", "--style", "book",
             "--font", "DejaVu Serif", "--no-title", "--caption",
             "Diagram 1. Ceca shows out of spades at the second trick.")),
    Picture("brief.gif", "`-o deal.gif`: the deal card by card, the comments and marks"
            " under it (APNG with `-f apng`).",
            ("examples/annotated.pfn", "--board", "1", "--dpi", "60")),
    Picture("problems.png", "`--problems`: a numbered problem set; shown here, problem 4"
            " (the defenders' hands hidden, as the problem prints them) and the answers"
            " page (the solution, the open-hand values, the chances from the declarer's"
            " seat).", ("examples/analysis.pfn", "--problems", "--dpi", "90"),
            ("problems-04.png", "problems-answers.png")),
)


def gallery_block() -> str:
    """The Markdown that shows every picture with the command that makes it."""
    parts = []
    for picture in PICTURES:
        images = "\n\n".join(f"![{picture.caption}](img/{name})"
                               for name in picture.shown or (picture.name,))
        parts.append(f"### {picture.caption}\n\n```\n{picture.command}\n```\n\n"
                     f"{images}\n")
    return "\n".join(parts).rstrip()


def made() -> tuple[str, ...]:
    """Every file of ``docs/img``: each is made by :func:`make` (none is kept by hand)."""
    pictures = [name for picture in PICTURES for name in picture.shown or (picture.name,)]
    return (*pictures, LATEX_PICTURE, *(name for name, _ in SCREENSHOTS))


class Missing(Exception):
    """A tool a picture is made with is not on this machine."""


def make(root: Path) -> list[Path]:
    """Render every picture and rewrite the gallery block; return what was written.
    A picture whose tools are missing here is named, and the build fails: a picture of
    an older pfn is never left in place of one."""
    from typer.main import get_command

    from pfn.cli import app

    command = get_command(app)
    (root / IMAGES).mkdir(parents=True, exist_ok=True)
    written = []
    for picture in PICTURES:
        out = root / IMAGES / picture.name
        args = [str(root / picture.args[0]), *picture.args[1:], "-o", str(out)]
        if command.main(["render", *args], standalone_mode=False):
            raise SystemExit(f"pfn render failed for {picture.name}")
        if picture.shown:  # the command wrote more files than the page shows: only those kept
            stem = out.with_suffix("")
            for extra in out.parent.glob(f"{stem.name}-*{out.suffix}"):
                if extra.name not in picture.shown:
                    extra.unlink()
        written += [root / IMAGES / name for name in picture.shown] or [out]
    doc = root / "docs" / "rendering.md"
    if rewrite(doc, {"gallery": gallery_block()}):
        written.append(doc)
    missing = []
    for maker in (latex_example, screenshots):
        try:
            written += maker(root)
        except Missing as error:
            missing.append(str(error))
    for path in written:
        print(f"wrote {path}")
    if missing:
        raise SystemExit("\n".join(["not made here (.ci/run installs what they need):",
                                     *missing]))
    return written


LATEX = "docs/latex/example.tex"
"""The LaTeX example of docs/rendering.md, compiled, and its page shown (``make
test-latex`` compiles the same kind of document on every CI run)."""
LATEX_PICTURE = "latex-example.png"


def latex_example(root: Path) -> list[Path]:
    """The example document's diagram and sheet as PGF, and its first page as a PNG."""
    import shutil
    import subprocess

    from typer.main import get_command

    from pfn.cli import app

    for tool in ("lualatex", "pdftoppm"):
        if shutil.which(tool) is None:
            raise Missing(f"{IMAGES}/{LATEX_PICTURE}: no {tool} (apt-get install"
                          " texlive-luatex texlive-pictures fonts-freefont-otf poppler-utils)")
    folder = (root / LATEX).parent
    command = get_command(app)
    for args in (("examples/brief.pfn", "-b", "1", "-k", "2", "--lang", "ru", "--style",
                  "book", "-o", "diagram.pgf"),
                 ("examples/sochi-match.pfn", "--sheet", "--lang", "ru", "--style", "book",
                  "-o", "sheet.pgf")):
        out = str(folder / args[-1])
        if command.main(["render", str(root / args[0]), *args[1:-1], out],
                        standalone_mode=False):
            raise SystemExit(f"pfn render failed for {out}")
    subprocess.run(["lualatex", "-interaction=nonstopmode", "-halt-on-error", "example.tex"],
                   cwd=folder, check=True, capture_output=True)
    picture = root / IMAGES / LATEX_PICTURE
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-singlefile", "example.pdf",
                    str(picture.with_suffix("").resolve())], cwd=folder, check=True)
    for leftover in ("example.aux", "example.log", "example.pdf"):
        (folder / leftover).unlink(missing_ok=True)
    return [folder / "diagram.pgf", folder / "sheet.pgf", picture]


SCREENSHOTS = (("html-replay.png", "the brief's page before the lead"),
               ("html-embed.png", "two replays embedded in a host page"))
"""The HTML replay page as headless Chromium shows it, 900 by 1000 pixels."""


def screenshots(root: Path) -> list[Path]:
    """The replay page and two embedded replays, screenshot in headless Chromium."""
    import shutil
    import tempfile

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        webdriver = None  # type: ignore[assignment]
    if chromium is None or driver is None or webdriver is None:
        raise Missing(", ".join(f"{IMAGES}/{name}" for name, _ in SCREENSHOTS) +
                      ": no headless Chromium (apt-get install chromium chromium-driver;"
                      " pip install selenium)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--window-size=900,1000"):
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(driver), options=options)
    written = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            for (name, _), page in zip(SCREENSHOTS, (_replay_page, _embed_page), strict=True):
                browser.get(page(root, Path(folder)).as_uri())
                browser.execute_script("window.scrollTo(0, 0)")
                out = root / IMAGES / name
                browser.save_screenshot(str(out))
                written.append(out)
    finally:
        browser.quit()
    return written


def _html(root: Path, source: str, out: Path, *args: str) -> str:
    from typer.main import get_command

    from pfn.cli import app

    if get_command(app).main(["render", str(root / source), "-f", "html", "-o", str(out),
                              *args], standalone_mode=False):
        raise SystemExit(f"pfn render failed for {out}")
    return out.read_text(encoding="utf-8")


def _replay_page(root: Path, folder: Path) -> Path:
    out = folder / "brief.html"
    _html(root, "examples/brief.pfn", out, "--board", "1")
    return out


def _embed_page(root: Path, folder: Path) -> Path:
    """A host page of its own look (a green line, big buttons, hidden .card elements)
    holding two replays: neither's styles reach the other."""
    blocks = [_html(root, source, folder / f"block{board}.html", "-b", board, "--fragment")
              for source, board in (("examples/brief.pfn", "1"),
                                    ("examples/sochi-match.pfn", "2"))]
    host = folder / "host.html"
    host.write_text(
        "<!DOCTYPE html><html><head><style>.card{display:none}#where{color:rgb(0, 128, 0)}"
        "button{font-size:40px}</style></head><body><p id='where'>the host's own text</p>"
        f"<article>{blocks[0]}</article><article>{blocks[1]}</article>"
        "<button id='host-button'>host</button></body></html>", encoding="utf-8")
    return host


if __name__ == "__main__":
    make(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
