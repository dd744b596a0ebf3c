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
)


def gallery_block() -> str:
    """The Markdown that shows every picture with the command that makes it."""
    parts = []
    for picture in PICTURES:
        parts.append(f"### {picture.caption}\n\n```\n{picture.command}\n```\n\n"
                     f"![{picture.caption}](img/{picture.name})\n")
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
        written.append(out)
    doc = root / "docs" / "rendering.md"
    if rewrite(doc, {"gallery": gallery_block()}):
        written.append(doc)
    return written


if __name__ == "__main__":
    for path in make(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(f"wrote {path}")
