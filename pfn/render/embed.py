"""A diagram from a block of PFN in a manuscript: the Markdown fence and the Sphinx
directive share this.

The block is checked as ``pfn check`` checks a file, and a record that does not check
stops the build with pfn's own diagnostics (located in the block, or in the document
when its first line is known); otherwise the board asked for is drawn, as
``pfn render`` would with the same options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from matplotlib.figure import Figure

from pfn.diagnostics import PfnError, Severity
from pfn.i18n import tr
from pfn.render.look import Style
from pfn.seats import Seat

OPTIONS = ("board", "trick", "final", "style", "hide", "bottom", "played", "lang", "width",
           "dd", "caption", "title", "font", "sheet", "four-colour")
"""What a block may say, each as ``pfn render``'s option of that name."""
FLAGS = ("final", "dd", "sheet", "four-colour")


class BlockError(PfnError):
    """A block that cannot be drawn: a record that does not check, or a wrong option."""


@dataclass(frozen=True)
class Block:
    """A block's options, read."""

    board: str | None = None
    trick: int = 0
    final: bool = False
    sheet: bool = False
    style: Style = Style()
    hidden: tuple[Seat, ...] = ()


def read_options(given: Mapping[str, str | None]) -> Block:
    """The options of a block (``board=3 trick=5 style=book``; a flag alone, or
    ``=yes``/``=no``), each checked."""
    from pfn.seats import SEAT_BY_NAME

    unknown = [k for k in given if k not in OPTIONS]
    if unknown:
        raise BlockError(tr("unknown option {value}: the options are {items}",
                            value=repr(unknown[0]), items=', '.join(OPTIONS)))

    def flag(name: str, default: bool = False) -> bool:
        if name not in given:
            return default
        value = (given[name] or "yes").strip().lower()
        if value not in ("yes", "true", "1", "no", "false", "0"):
            raise BlockError(tr("{name}={value}: yes or no",
                                name=name, value=repr(value)))
        return value in ("yes", "true", "1")

    def seats(name: str) -> tuple[Seat, ...]:
        text = given.get(name) or ""
        try:
            return tuple(SEAT_BY_NAME[p.strip().upper()] for p in text.split(",") if p.strip())
        except KeyError:
            raise BlockError(tr("{name}={text}: seats are A, B, C, D",
                                name=name, text=repr(text))) from None

    look = (given.get("style") or "screen").strip()
    if look not in ("screen", "book"):
        raise BlockError(tr("style={look}: screen or book",
                            look=repr(look)))
    style = Style.book() if look == "book" else Style()
    played = (given.get("played") or "hide").strip()
    if played not in ("hide", "grey"):
        raise BlockError(tr("played={played}: hide or grey",
                            played=repr(played)))
    lang = (given.get("lang") or "").strip() or None
    if lang not in (None, "en", "ru", "sr"):
        raise BlockError(tr("lang={lang}: en, ru or sr",
                            lang=repr(lang)))
    style = replace(style, played=played, lang=lang, dd=flag("dd"),
                    four_colour=flag("four-colour"), title=flag("title", True),
                    caption=given.get("caption") or None, font=given.get("font") or None)
    bottom = seats("bottom")
    if bottom:
        style = replace(style, bottom=bottom[0])
    if given.get("width"):
        style = replace(style, width=_inches(given["width"] or ""))
    trick_text = (given.get("trick") or "0").strip()
    if not trick_text.isdigit() or int(trick_text) > 10:
        raise BlockError(tr("trick={trick_text}: a trick from 0 (before the lead) to 10",
                            trick_text=repr(trick_text)))
    return Block(given.get("board"), int(trick_text), flag("final"), flag("sheet"), style,
                 seats("hide"))


def _inches(text: str) -> float:
    units = {"cm": 1 / 2.54, "mm": 1 / 25.4, "in": 1.0}
    number, unit = text.strip().lower(), "cm"
    for name in units:
        if number.endswith(name):
            number, unit = number[:-len(name)].strip(), name
            break
    try:
        value = float(number) * units[unit]
    except ValueError:
        raise BlockError(tr("width={text}: a width such as 8.5cm, 85mm or 3.4in",
                            text=repr(text))) from None
    if not 1.0 <= value <= 40.0:
        raise BlockError(tr("width={text}: between 2.5 cm and 1 m",
                            text=repr(text)))
    return value


def block_figure(text: str, given: Mapping[str, str | None], name: str = "<pfn block>",
                 first_line: int = 1, indent: str = "") -> Figure:
    """The figure a block draws, after its records are checked: a :class:`BlockError`
    with every error found (``name:line:col``, lines counted from ``first_line``, the
    block's first line in its document) when they do not check.  ``indent``: what
    stands before each line of the block in its document (a Sphinx directive's
    content), counted in the columns and quoted with the lines, as written."""
    from dataclasses import replace

    from pfn.check import CheckOptions, check_records
    from pfn.notation.reader import find_board, loads

    block = read_options(given)
    if block.style.font:
        from pfn.render.look import families

        families(block.style.font)  # a face not found is said here, not drawn around
    # blank lines before the block: the diagnostics give the document's line numbers
    records = [r for r in loads("\n" * (first_line - 1) + text, name=name) if not r.empty]
    errors = [d for report in check_records(records, CheckOptions())
              for d in report.diagnostics if d.severity is Severity.ERROR]
    if indent:
        errors = [replace(d, col=None if d.col is None else d.col + len(indent),
                          source_line=None if d.source_line is None else
                          indent + d.source_line) for d in errors]
    if errors:
        raise BlockError(tr("the record does not check:") + "\n"
                         + "\n".join(d.format() for d in errors))
    chosen = find_board(records, block.board, block.sheet)
    if chosen is None:
        raise BlockError(tr("{name}: no board {board}",
                            name=name, board=block.board) if block.board is not None
                         else tr("{name}: no deal to draw", name=name))
    hidden = block.hidden
    if block.sheet:
        from pfn.render.sheet import sheet_figure
        from pfn.report import reports

        matches = reports(records)
        if not matches:
            raise BlockError(tr("{name}: nothing to score",
                                name=name))
        width = block.style.width if "width" in given else 6.0
        return sheet_figure(matches[0], None, max(7.0, min(9.0, 9.0 * width / 6.0)), width,
                            5.2 * width / 6.0, block.style.lang, block.style)
    from pfn.deal import replay
    from pfn.render.diagram import deal_figure

    result = replay(chosen, on_error="collect")
    trick = 11 if block.final else block.trick
    return deal_figure(result, trick, block.style, hidden)


def block_svg(text: str, given: Mapping[str, str | None], name: str = "<pfn block>",
              first_line: int = 1) -> str:
    """The block's diagram as an inline ``<svg>`` element (no XML prologue)."""
    from pfn.render.picture import svg_text

    svg = svg_text(block_figure(text, given, name, first_line))
    return svg[svg.index("<svg"):]
