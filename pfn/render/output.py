"""Turning a record into picture files: one position, every trick, or the score sheet.

:func:`render` is what ``pfn render`` does, as a library call: it draws the figures,
names the files after the board and trick unless told otherwise, and writes each one
whole (:func:`pfn.files.write_atomic`), every trick of a PDF as one file of pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from pfn.deal import replay
from pfn.diagnostics import PfnError
from pfn.files import write_atomic
from pfn.i18n import ntr, tr
from pfn.model import Record
from pfn.render.diagram import deal_figure, strip_figure
from pfn.render.fit import drawn_at
from pfn.render.look import Style
from pfn.render.picture import save, save_pages
from pfn.render.position import last_trick
from pfn.seats import Seat

ImageKind = Literal["svg", "pdf", "png", "pgf", "gif", "apng", "html"]
KINDS: tuple[ImageKind, ...] = ("svg", "pdf", "png", "pgf", "gif", "apng", "html")
PICTURES = ("svg", "pdf", "png", "pgf")
"""Formats of a still picture (a diagram or a sheet)."""
SUFFIX = {"apng": "png"}
"""A file's suffix where it is not the format's name (an APNG is a PNG)."""


class RenderError(PfnError):
    """There is nothing to draw for what was asked."""


@dataclass(frozen=True)
class Request:
    """What to draw and where."""

    kind: ImageKind = "svg"
    trick: int = 0
    """The trick on the table (0: before the lead)."""
    final: bool = False
    """The end of the play instead of ``trick``."""
    every: bool = False
    """Every trick: pages of one PDF, numbered SVG/PNG files, or one grid (``strip``)."""
    strip: bool = False
    sheet: bool = False
    """The match's score sheet up to the record's board, and the settlement."""
    board: str | None = None
    output: str | None = None
    """The file to write (default: named after the source, the board and the trick)."""
    stem: str = "deal"
    dpi: int = 200
    style: Style = field(default_factory=Style)
    hidden: Sequence[Seat] = ()
    width: float | None = None
    fragment: bool = False
    """HTML: a block to paste into another page (a ``<pfn-replay>`` element)."""
    quiz: bool = False
    """HTML: ask before each card which the reader would play (a problem's page)."""
    chances: bool = False
    """HTML: the chances from each player's seat, before each of his cards."""
    """The figure's width in inches, when given (a sheet's default: 6 in, 12 cm in the
    book style)."""


def kind_of(output: str | None, given: str | None) -> ImageKind:
    """The image format: the one given, else the output file's extension, else SVG."""
    kind = given or (Path(output).suffix.lstrip(".").lower() if output else "") or "svg"
    if kind not in KINDS:
        raise RenderError(tr("{kind} is not a format pfn draws: svg, pdf, png, pgf (LaTeX), gif"
                             " or apng (animations), html",
                             kind=repr(kind)))
    return kind


def render(records: Sequence[Record], record: Record, request: Request) -> list[str]:
    """Draw what ``request`` asks of ``record`` (one of ``records``, the whole input, for
    the sheet of its match); the files written, each with a note on what it holds."""
    with drawn_at(request.dpi):  # its text measured as the PNG draws it, too
        return _render(records, record, request)


def _render(records: Sequence[Record], record: Record, request: Request) -> list[str]:
    if request.kind == "html":
        return [_html(records, record, request)]
    if not request.sheet and record.deal is None and record.play is None:
        raise RenderError(tr("no deal to draw"))  # as the page says: a result-only record
    if request.sheet:
        if request.kind not in PICTURES:
            raise RenderError(tr("a sheet is a still picture: svg, pdf, png or pgf, not {kind}",
                                 kind=request.kind))
        return [_sheet(records, record, request)]
    result = replay(record, on_error="collect")
    kind, output = request.kind, request.output
    if kind in ("gif", "apng"):
        from pfn.render.animation import animation

        if request.every or request.final or request.trick:
            raise RenderError(tr("{kind} is the whole deal card by card: --trick, --final and"
                                 " --all are for still pictures",
                                 kind=kind))
        path = output or f"{request.stem}.{SUFFIX.get(kind, kind)}"
        write_atomic(path, animation(result, kind, request.style, request.hidden,
                                     request.dpi))
        return [path]
    if request.every and request.style.tricks == "all":  # --all --compact: one figure
        path = output or f"{request.stem}-deal.{kind}"
        save(deal_figure(result, 0, request.style, request.hidden), path, kind, request.dpi)
        return [path]
    if request.every and request.strip:
        path = output or f"{request.stem}-tricks.{kind}"
        save(strip_figure(result, request.style, request.hidden), path, kind, request.dpi)
        return [path]
    if request.every:
        numbers = [t.number for t in result.tricks] or [0]
        figures = [deal_figure(result, n, request.style, request.hidden) for n in numbers]
        if kind == "pdf":
            path = output or f"{request.stem}-tricks.pdf"
            save_pages(figures, path)
            return [ntr("{path} ({n} page)", "{path} ({n} pages)", len(numbers), path=path)]
        base = Path(output).with_suffix("") if output else Path(f"{request.stem}-trick")
        written = []
        for number, figure in zip(numbers, figures, strict=True):
            path = f"{base}-{number:02d}.{SUFFIX.get(kind, kind)}"
            save(figure, path, kind, request.dpi)
            written.append(path)
        return written
    first, last = record.first_trick, last_trick(result)
    if not request.final and request.trick and not first <= request.trick <= last:
        board = record.tag("Board") or "?"
        played = ntr("board {board} has {n} trick", "board {board} has {n} tricks",
                     len(result.tricks), board=board) if first == 1 else \
            tr("board {board} is an ending: its play runs from trick {first} to trick {last}",
               board=board, first=first, last=last) if last >= first else \
            tr("board {board} is an ending before trick {first}, with no trick played",
               board=board, first=first)
        raise RenderError(tr("{played}, so there is no trick {trick} (0 draws the position"
                             " before the lead, --final the end of the play)",
                             played=played, trick=request.trick))
    number = last + 1 if request.final else request.trick
    path = output or f"{request.stem}-trick{number:02d}.{kind}"
    save(deal_figure(result, number, request.style, request.hidden), path, kind, request.dpi)
    return [path]


def _html(records: Sequence[Record], record: Record, request: Request) -> str:
    """The replay page: the record's board, or with --board absent and the record in a
    match, every deal of that match."""
    from pfn.render.html import NoDeal, replay_page

    style = request.style  # (its language: the run's, set from --lang; see html.language)
    if style.font or style.caption is not None or not style.title or style.transparent:
        raise RenderError(tr("--font, --caption, --no-title and --transparent are for"
                             " pictures (svg, pdf, png, pgf, gif): the page takes the"
                             " reader's fonts and colours"))
    deals = [r for r in records if r.deal is not None or r.play is not None]
    # without --board, every deal of the input (a match's sheet comes with its deals)
    chosen = deals if request.board is None else [record]
    path = request.output or f"{request.stem}.html"
    try:
        text = replay_page(records, chosen, style.bottom, frozenset(request.hidden), style.dd,
                           request.fragment, request.quiz, request.chances)
    except NoDeal as error:  # a result-only file: no deal, and no sheet to stand for one
        raise RenderError(str(error)) from None
    write_atomic(path, text.encode("utf-8"))
    if not chosen:
        return tr("{path} (the score sheet)", path=path)
    if not any(r.deal is not None or r.play is not None for r in chosen):
        # a board of a pool of results (--board): its result on the page, no cards
        return ntr("{path} ({n} board: a result only)", "{path} ({n} boards: results only)",
                   len(chosen), path=path)
    return ntr("{path} ({n} deal)", "{path} ({n} deals)", len(chosen), path=path)


def _sheet(records: Sequence[Record], record: Record, request: Request) -> str:
    from pfn.render.sheet import sheet_figure
    from pfn.report import reports

    matches = reports(records)
    target = next((m for m in matches if m.id is not None and m.id == record.match),
                  matches[0] if matches else None)
    if target is None:
        raise RenderError(tr("nothing to score"))
    upto = None
    if request.board is not None:
        boards = [row.board for row in target.rows]
        if request.board not in boards:
            raise RenderError(tr("the match has no board {board}",
                                 board=request.board))
        upto = boards.index(request.board) + 1
        if upto < len(boards):
            # the settlement as it stands after that board: the match scored up to it
            mine = [r for r in records if r.match == target.id] if target.id is not None \
                else list(records)
            shown = [r.tag("Board") for r in mine]
            cut = mine[:len(shown) - shown[::-1].index(request.board)]
            partial = next(iter(reports(cut)), None)
            if partial is not None:
                target = replace(target, settlement=partial.settlement)
    path = request.output or f"{request.stem}-sheet.{request.kind}"
    width = request.width or (12 / 2.54 if request.style.compact else 6.0)
    # the sheet is drawn for 6 in; narrower, its type shrinks with it, never below 7 pt
    size = max(7.0, min(9.0, 9.0 * width / 6.0))
    save(sheet_figure(target, upto, size, width, 5.2 * width / 6.0, request.style.lang,
                      request.style), path, request.kind, request.dpi)
    return path
