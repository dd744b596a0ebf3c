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


def make(root: Path) -> list[Path]:
    """Render every picture and rewrite the gallery block; return what was written."""
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
    written += latex_example(root)
    doc = root / "docs" / "rendering.md"
    if rewrite(doc, {"gallery": gallery_block()}):
        written.append(doc)
    return written


LATEX = "docs/latex/example.tex"
"""The LaTeX example of docs/rendering.md: compiled, and its page shown, where this
machine has LuaLaTeX and poppler (``make test-latex`` compiles the same kind of
document on every CI run)."""


def latex_example(root: Path) -> list[Path]:
    """The example document's diagram and sheet as PGF, and its first page as a PNG."""
    import shutil
    import subprocess

    from typer.main import get_command

    from pfn.cli import app

    folder = (root / LATEX).parent
    command = get_command(app)
    for args in (("examples/brief.pfn", "-b", "1", "-k", "2", "--lang", "ru", "--style",
                  "book", "-o", "diagram.pgf"),
                 ("examples/sochi-match.pfn", "--sheet", "--lang", "ru", "--style", "book",
                  "-o", "sheet.pgf")):
        if shutil.which("lualatex") is None:
            return []
        out = str(folder / args[-1])
        if command.main(["render", str(root / args[0]), *args[1:-1], out],
                        standalone_mode=False):
            raise SystemExit(f"pfn render failed for {out}")
    subprocess.run(["lualatex", "-interaction=nonstopmode", "-halt-on-error", "example.tex"],
                   cwd=folder, check=True, capture_output=True)
    if shutil.which("pdftoppm") is None:
        return []
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-singlefile", "example.pdf",
                    str((root / IMAGES / "latex-example").resolve())], cwd=folder, check=True)
    for leftover in ("example.aux", "example.log", "example.pdf"):
        (folder / leftover).unlink(missing_ok=True)
    return [folder / "diagram.pgf", folder / "sheet.pgf", root / IMAGES / "latex-example.png"]


if __name__ == "__main__":
    for path in make(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(f"wrote {path}")
