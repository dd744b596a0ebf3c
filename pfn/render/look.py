"""How a picture looks: its style, its colours and its fonts.

A diagram is set in the document's face when the author names one (``--font``): a
family installed on the machine or a font file.  The suits are drawn whatever that
face lacks: every text asks for the chosen face first and DejaVu Sans after it, and
matplotlib falls back glyph by glyph (in the pictures, and in an SVG the viewer does).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pfn.diagnostics import PfnError
from pfn.i18n import reason, tr
from pfn.seats import Seat

FONT = "DejaVu Sans"
"""The face the layout was measured in; it has the suits and Cyrillic."""
RED = "#c8102e"
BLACK = "#1a1a1a"
GREY = "#b5b5b5"
HIGHLIGHT = "#1f5fbf"
BACK = "#3d5f9e"
"""The back of a card lying face down."""
SYMBOLS = "STIXGeneral"
"""Matplotlib's own STIX face, for the few signs DejaVu Sans lacks (the evaluations ⩲
and ⩱)."""
FONT_FILES = (".ttf", ".otf", ".ttc")


class FontMissing(PfnError):
    """The face asked for is neither installed nor a readable font file."""


@dataclass(frozen=True)
class Style:
    """How a diagram looks."""

    width: float = 4.8
    """Figure width in inches (a book column is about 3.4)."""
    height: float | None = None
    """Figure height in inches before the box is made tight (default: 4.4 at a table of
    three, 5.6 at four)."""
    played: str = "hide"
    """Cards already played: ``hide`` them, or show them ``grey``."""
    four_colour: bool = False
    """Four suit colours (♠ black, ♣ green, ♦ orange, ♥ red) instead of two."""
    bottom: Seat | None = None
    """The seat drawn at the bottom (default: the declarer, else the eldest)."""
    size: float = 9.0
    """The type size of the hands, in points; everything else is set relative to it."""
    compact: bool = False
    """The compact book style (:meth:`book`)."""
    tricks: str = "none"
    """A numbered trick list under the diagram: ``none``, the tricks ``played`` up to
    the position, or ``all`` (one figure for the whole deal)."""
    lang: str | None = None
    """The labels' language: ``en``, ``ru`` or ``sr`` (default: the variant's,
    :func:`pfn.render.words.words_for`)."""
    dd: bool = False
    """Double-dummy marks: beside each card the player to move may play, its value with
    best play after it (:mod:`pfn.analysis`)."""
    font: str | None = None
    """The face of every label: a family installed here or a font file (default:
    DejaVu Sans); the suits fall back to DejaVu Sans where it has none."""
    title: bool = True
    """The heading (board and variant, the contract and calls, the moment); without
    it, the document's own caption says what the diagram is."""
    caption: str | None = None
    """A caption of the author's set under the diagram."""
    transparent: bool = False
    """No background: the page shows through."""
    tight: bool = True
    """The picture cut to what is drawn (at the width asked for): no band of white
    above or below."""

    @classmethod
    def book(cls, width: float = 8.5 / 2.54, **options: object) -> Style:
        """The compact style for a book column (default 8.5 cm): the cards in 8.7 pt,
        nothing under 6.5 pt, the hands closer to the table."""
        return cls(width=width, height=3.8, size=8.7, compact=True, **options)  # type: ignore[arg-type]


def suit_colour(suit_index: int, style: Style) -> str:
    """The print colour of a suit."""
    if style.four_colour:
        return ("#1a1a1a", "#1b7d2b", "#e07000", RED)[suit_index]
    return RED if suit_index >= 2 else BLACK


@lru_cache(maxsize=32)
def families(font: str | None) -> tuple[str, ...]:
    """The families a text asks for: ``font`` (a family or a font file) and then DejaVu
    Sans, for the glyphs ``font`` lacks."""
    from matplotlib import font_manager
    from matplotlib.font_manager import FontProperties

    if not font or font == FONT:
        return (FONT, SYMBOLS)
    path = Path(font)
    kind = _kind_of_file(path)
    if kind == "other":  # a FIFO or a device would be read for ever
        raise FontMissing(tr("{font}: not a font file but a FIFO, a device or a socket",
                             font=font))
    if path.suffix.lower() in FONT_FILES or kind == "file":
        try:
            font_manager.fontManager.addfont(str(path))
            name = FontProperties(fname=str(path)).get_name()
            _add_faces_beside(path, name)
        except OSError as error:
            raise FontMissing(tr("{font}: cannot read it ({value})",
                                 font=font, value=reason(error))) from None
        except (RuntimeError, ValueError):  # FreeType could not open it as a face
            raise FontMissing(tr("{font}: not a font file (TrueType or OpenType)",
                                 font=font)) from None
    else:
        name = font
        try:
            font_manager.findfont(FontProperties(family=name), fallback_to_default=False)
        except ValueError:
            raise FontMissing(tr("no font named {font} here (`fc-list : family` lists the"
                                 " installed ones; a .ttf or .otf file may be given)",
                                 font=repr(font))
                              ) from None
    return (name, FONT, SYMBOLS) if name != FONT else (FONT, SYMBOLS)


def _kind_of_file(path: Path) -> str:
    """``file`` (a regular file, through links), ``other`` (a FIFO, a device, a
    socket), or ``none`` (nothing there, or a name no file can have: a family)."""
    import stat

    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):  # no such file, a name too long, a NUL in it
        return "none"
    return "file" if stat.S_ISREG(mode) else "none" if stat.S_ISDIR(mode) else "other"


def _add_faces_beside(path: Path, name: str) -> None:
    """The bold and italic faces of a font given as a file, where they lie beside it
    (FreeSerif.otf, FreeSerifBold.otf): headings are set in the font's own bold."""
    from matplotlib import font_manager
    from matplotlib.font_manager import FontProperties

    try:
        beside = sorted(p for p in path.resolve().parent.iterdir()
                        if p.suffix.lower() in FONT_FILES and p != path.resolve()
                        and _kind_of_file(p) == "file")[:200]
    except OSError:
        return
    for other in beside:
        try:
            if FontProperties(fname=str(other)).get_name() == name:
                font_manager.fontManager.addfont(str(other))
        except (OSError, RuntimeError, ValueError):
            continue


@contextmanager
def typeset(style: Style) -> Iterator[None]:
    """While a figure is built: its texts in the style's face (each text takes the face
    when it is made), and never read as mathematics (a record's ``$5 or $6`` is text)."""
    from matplotlib import rc_context

    # (axes.formatter.use_mathtext: matplotlib asks it of Computer Modern faces; the
    # diagrams have no tick labels)
    _quiet_weights()
    with rc_context({"font.family": list(families(style.font)), "text.parse_math": False,
                     "axes.formatter.use_mathtext": True}):
        yield


@lru_cache(maxsize=1)
def _quiet_weights() -> None:
    """A face without a bold of its own is drawn in its regular weight; matplotlib says
    so on standard error for every text drawn (when the figure is saved too), which is
    no news to the author who chose the face.  Only that message is dropped."""
    import logging

    logging.getLogger("matplotlib.font_manager").addFilter(
        lambda entry: "Failed to find font weight" not in entry.getMessage())
