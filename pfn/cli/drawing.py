"""``pfn render`` and ``pfn show``: pictures of deals and sheets, and the terminal view."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from typer.core import TyperCommand

from pfn.cli.common import (
    EXIT_PROBLEMS,
    EXIT_UNUSABLE,
    TRICK_HELP,
    EngineOpt,
    SearchOpt,
    app,
    color,
    fail,
    stdin,
    use_search,
)
from pfn.files import file_name_part
from pfn.i18n import ntr, tr

if TYPE_CHECKING:
    from typer._click import Context  # the Click that Typer carries

    from pfn.model import Record
    from pfn.render.output import Request
    from pfn.seats import Seat


class Played(StrEnum):
    """What ``--played`` does with the cards already played."""

    hide = "hide"
    grey = "grey"


class Look(StrEnum):
    """The ``--style`` of a diagram."""

    screen = "screen"
    book = "book"


class Lang(StrEnum):
    """The ``--lang`` of the labels."""

    auto = "auto"
    en = "en"
    ru = "ru"
    sr = "sr"
    sr_cyrl = "sr-Cyrl"


class ImageFormat(StrEnum):
    """Formats ``pfn render`` writes."""

    svg = "svg"
    pdf = "pdf"
    png = "png"
    pgf = "pgf"
    gif = "gif"
    apng = "apng"
    html = "html"


def _records(source: str) -> list[Record]:
    """Every readable record of ``source`` (a file, or ``-`` for stdin)."""
    from pfn.check import unusable
    from pfn.files import read_records
    from pfn.notation.reader import Reader

    if source == "-":
        from pfn.check import sniff

        lines, said = sniff(stdin(), "<stdin>")
        if said is not None:  # not PFN at all: unusable input (exit 2)
            raise fail(said.message)
        found = [r for r in Reader("<stdin>").records(lines) if not r.empty]
    else:
        problem = unusable(source)
        if problem is not None:
            raise fail(problem.message)
        found = [r for r in read_records(source) if not r.empty]
    usable = [r for r in found if r.syntax_ok]
    if not usable and found:  # records there, none readable: problems in them (exit 1)
        from pfn.cli.common import print_diagnostics

        print_diagnostics([d for r in found for d in r.diagnostics], stream=sys.stderr)
        sys.stderr.write(tr("pfn: {source}: no record could be read",
                            source=source) + "\n")
        raise typer.Exit(EXIT_PROBLEMS)
    return usable


def _streamed(source: str) -> tuple[Iterator[Record], Record]:
    """The readable records of ``source`` as they are read, and its first deal (a
    problem set of any length is drawn without holding the file)."""
    import itertools

    from pfn.check import sniff, unusable
    from pfn.files import read_records
    from pfn.notation.reader import Reader

    if source == "-":
        lines, said = sniff(stdin(), "<stdin>")
        if said is not None:  # not PFN at all: unusable input (exit 2)
            raise fail(said.message)
        found: Iterator[Record] = Reader("<stdin>").records(lines)
    else:
        problem = unusable(source)
        if problem is not None:
            raise fail(problem.message)
        found = read_records(source)
    readable = (r for r in found if not r.empty and r.syntax_ok)
    head: list[Record] = []
    for record in readable:
        head.append(record)
        if record.deal is not None:
            return itertools.chain(head, readable), record
    raise fail(tr("{source}: no deal to draw").format(source=source))


def _load_one(source: str, board: str | None, any_record: bool = False,
              purpose: str = "draw", results: bool = False) -> tuple[list[Record], Record]:
    """All records of ``source`` and the one asked for (by Board, else the first deal,
    or with ``any_record`` the first record; with ``results`` a record of a result alone
    will do: the HTML page of a file of results is its score sheet)."""
    from pfn.notation.reader import find_board

    records = _records(source)
    chosen = find_board(records, board, any_record)
    if chosen is not None and chosen.deal is None and not any_record and not results:
        if board is not None:  # a result-only record: no cards to draw, solve or weigh
            raise fail(tr("{source}: board {board} has no deal (its result only)",
                          source=source, board=board))
        chosen = None
    if chosen is None:
        asked = {"draw": (tr("{source}: no board {board} to draw"),
                          tr("{source}: no deal to draw")),
                 "solve": (tr("{source}: no board {board} to solve"),
                           tr("{source}: no deal to solve")),
                 "weigh": (tr("{source}: no board {board} to weigh"),
                           tr("{source}: no deal to weigh"))}[purpose]
        raise fail(asked[0].format(source=source, board=board) if board is not None
                   else asked[1].format(source=source))
    return records, chosen


def _inches(text: str) -> float:
    """``8.5cm``, ``85mm``, ``3.4in`` (a bare number: cm) in inches."""
    units = {"cm": 1 / 2.54, "mm": 1 / 25.4, "in": 1.0}
    number, unit = text.strip().lower(), "cm"
    for name in units:
        if number.endswith(name):
            number, unit = number[:-len(name)].strip(), name
            break
    try:
        value = float(number) * units[unit]
    except ValueError:
        raise typer.BadParameter(tr("{text}: a width such as 8.5cm, 85mm or 3.4in",
                                    text=repr(text)),
                                 param_hint="--width") from None
    if not 1.0 <= value <= 40.0:
        raise typer.BadParameter(tr("{text}: between 2.5 cm and 1 m",
                                    text=repr(text)), param_hint="--width")
    return value


def _seats(text: str | None, option: str = "--hide") -> tuple[Seat, ...]:
    from pfn.seats import SEAT_BY_NAME

    if not text:
        return ()
    try:
        return tuple(SEAT_BY_NAME[part.upper()] for part in text.replace(",", " ").split())
    except KeyError:
        raise typer.BadParameter(tr("{text}: seats are A, B, C, D",
                                    text=repr(text)), param_hint=option) from None


def _is_seats(word: str) -> bool:
    """Whether ``word`` names seats only (``C``, ``c``, ``C,D``) and no file."""
    from pfn.seats import SEAT_BY_NAME

    names = word.replace(",", " ").split()
    return bool(names) and all(name.upper() in SEAT_BY_NAME for name in names) and \
        not Path(word).exists()


def seats_joined(arguments: list[str]) -> list[str]:
    """The arguments with the seats written apart after ``--hide`` (``--hide B C``, as
    one lists them) joined into its one value (``--hide B,C``)."""
    out: list[str] = []
    rest = list(arguments)
    while rest:
        word = rest.pop(0)
        out.append(word)
        if word == "--":
            break
        if word == "--hide" and rest:
            out.append(rest.pop(0))
        elif not word.startswith("--hide="):
            continue
        while rest and _is_seats(rest[0]):
            out[-1] += "," + rest.pop(0)
    return out + rest


class _SeatsApart(TyperCommand):
    """A command whose ``--hide`` takes its seats apart as well as with commas."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, seats_joined(args))


@app.command(cls=_SeatsApart)
def render(
    source: Annotated[str, typer.Argument(help="A PFN file ('-' for stdin).")],
    board: Annotated[str | None, typer.Option(
        "--board", "-b", help="The record whose Board tag is this (default: the first deal).",
        show_default=False)] = None,
    trick: Annotated[int, typer.Option(
        "--trick", "-k", help=TRICK_HELP + " Drawn with the trick on the table.",
        min=0, max=10)] = 0,
    every: Annotated[bool, typer.Option(
        "--all", help="Every trick: pages of a PDF, numbered SVG/PNG files, or --strip.")
    ] = False,
    final: Annotated[bool, typer.Option("--final", help="The end of the play.")] = False,
    strip: Annotated[bool, typer.Option(
        "--strip", help="With --all: one figure with every trick in a grid.")] = False,
    sheet: Annotated[bool, typer.Option(
        "--sheet", help="Draw the match's score sheet (up to --board) and settlement.")
    ] = False,
    fmt: Annotated[ImageFormat | None, typer.Option(
        "--format", "-f", help="svg, pdf, png; pgf: for LaTeX, every label set in the"
                               " document's font (needs LuaLaTeX); gif or apng: the deal"
                               " card by card; html: a replay page (default: from"
                               " --output, else svg).",
        show_default=False)] = None,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Output file, '-' for standard output (default: next to the"
                               " input, named after the board and trick; a --fragment"
                               " block: standard output).", show_default=False)] = None,
    hide: Annotated[str | None, typer.Option(
        "--hide", help="Hands to hide, e.g. B,C or B C (a problem diagram).", show_default=False)
    ] = None,
    listing: Annotated[bool, typer.Option(
        "--list", help="A numbered list of the tricks played under the diagram (with"
                       " --all --compact: every trick).")] = False,
    compact: Annotated[bool, typer.Option(
        "--compact", help="With --all: one figure, the deal before the lead and every"
                          " trick listed under it.")] = False,
    bottom: Annotated[str | None, typer.Option(
        "--bottom", help="The seat drawn at the bottom (default: the declarer, else the"
                         " eldest).", show_default=False)] = None,
    played: Annotated[Played, typer.Option(
        "--played", help="Cards already played: hide or grey.")] = Played.hide,
    dpi: Annotated[int, typer.Option("--dpi", help="PNG resolution.", min=1, max=2400)] = 200,
    four_colour: Annotated[bool, typer.Option(
        "--four-colour", help="Four suit colours instead of two.")] = False,
    look: Annotated[Look, typer.Option(
        "--style", help="screen, or book: compact, for an 8.5 cm column (cards 8.7 pt,"
                        " nothing under 6.5 pt).")] = Look.screen,
    width: Annotated[str | None, typer.Option(
        "--width", help="Figure width: 8.5cm, 3.4in or 85mm (a bare number is cm).",
        show_default=False)] = None,
    lang: Annotated[Lang, typer.Option(
        "--lang", help="Labels and messages in en, ru, sr or sr-Cyrl (auto: the language"
        " chosen by PFN_LANG or the locale, else the variant's own, Serbian for"
                       " serbian, else English).")] = Lang.auto,
    font: Annotated[str | None, typer.Option(
        "--font", help="The face of every label: a family installed here or a .ttf/.otf"
                       " file (the suits drawn from DejaVu Sans where it has none).",
        show_default=False)] = None,
    no_title: Annotated[bool, typer.Option(
        "--no-title", help="No heading (board, contract, calls, trick): the document's"
                           " caption says it.")] = False,
    caption: Annotated[str | None, typer.Option(
        "--caption", help="A caption under the diagram (a sheet: instead of its own).",
        show_default=False)] = None,
    transparent: Annotated[bool, typer.Option(
        "--transparent", help="No background: the page shows through.")] = False,
    problems: Annotated[bool, typer.Option(
        "--problems", help="Every deal of the file as a numbered problem: the statements"
                           " (hands hidden as the problem hides them, or --hide), then the"
                           " answers at the end (PDF pages, or -f html).")] = False,
    dd: Annotated[bool, typer.Option(
        "--dd", help="Best-play marks (every hand seen): beside each card the player to"
                     " move may play, the tricks with best play after it.")] = False,
    search: SearchOpt = None,
    engine: EngineOpt = None,
    fragment: Annotated[bool, typer.Option(
        "--fragment", help="HTML: a block to paste into a blog or a page (a <pfn-replay>"
                           " element, its styles its own), not a whole page.")] = False,
    quiz: Annotated[bool, typer.Option(
        "--quiz", help="HTML: the play hidden beyond the current card; before each card"
                       " the reader is asked which he would play, then shown its value.")
    ] = False,
    chances: Annotated[bool, typer.Option(
        "--chances", help="HTML: before each card, its player's chances over the layouts he"
                          " could not tell apart (pfn odds), worked out when the page is"
                          " written.")] = False,
) -> None:
    """Draw a deal position, every trick, or the score sheet (SVG, PDF or PNG), or write
    the HTML replay page.

    Examples:

    \b
      pfn render pool.pfn --board 3 --trick 5 -o board3.svg
      pfn render pool.pfn --sheet --style book -o sheet.pdf
      pfn render pool.pfn -b 3 -k 5 --style book --no-title -o board3.pgf
      pfn render pool.pfn -b 3 -o board3.gif
      pfn render problems.pfn --problems -o problems.pdf
    """
    from pfn.render.look import Style
    from pfn.render.output import RenderError, Request, kind_of
    from pfn.render.picture import NoLatex

    if dd or search is not None or engine:
        use_search(search, engine)
    stream: Iterable[Record] | None = None
    if problems and board is None:  # every deal, read as the set is drawn
        stream, record = _streamed(source)
        records: list[Record] = []
    else:
        given = fmt.value if fmt is not None else Path(output or "").suffix.lstrip(".").lower()
        records, record = _load_one(source, board, any_record=sheet, results=given == "html")
    try:
        # a problem set is pages: a PDF unless told otherwise
        kind = kind_of(output, fmt.value if fmt is not None else
                       "pdf" if problems and output is None else None)
        # the default name: next to the input, after its board; a Board tag is text from
        # the record, so it never chooses a folder (cleaned as split cleans its names)
        name = str(Path(source).with_suffix("")) if source != "-" else "stdin"
        board_tag = record.tag("Board")
        stem = name + (f"-board{file_name_part(board_tag)}" if board_tag else "")
        style = Style.book(played=played.value, four_colour=four_colour) \
            if look is Look.book else Style(played=played.value, four_colour=four_colour)
        if bottom is not None:
            chosen = _seats(bottom, "--bottom")
            if len(chosen) != 1 or chosen[0].index >= record.players:
                raise typer.BadParameter(tr("{bottom}: one seat of the table",
                                            bottom=repr(bottom)),
                                         param_hint="--bottom")
            style = replace(style, bottom=chosen[0])
        if listing or compact:
            style = replace(style, tricks="all" if compact else "played")
        style = replace(style, dd=dd, lang=None if lang is Lang.auto else lang.value,
                        font=font, title=not no_title, caption=caption,
                        transparent=transparent)
        if font is not None:
            from pfn.render.look import FontMissing, families

            try:
                families(font)
            except FontMissing as error:
                raise typer.BadParameter(str(error), param_hint="--font") from None
        inches = _inches(width) if width is not None else None
        if inches is not None:
            style = replace(style, width=inches)
        if (fragment or quiz or chances) and kind != "html":
            raise RenderError(tr("--fragment, --quiz and --chances are for the HTML page"
                                 " (-f html)"))
        request = Request(kind, trick, final, every, strip, sheet, board, output, stem, dpi,
                          style, _seats(hide), inches, fragment, quiz, chances)
        if output == "-" or (fragment and output is None):  # a block to paste: to stdout
            _to_stdout(records, record, stream, request, problems)
            return
        for written in _drawn(records, record, stream, request, problems):
            sys.stderr.write(tr("wrote {written}",
                                written=written) + "\n")
    except (RenderError, NoLatex) as error:  # nothing to draw as asked, no LaTeX for PGF
        raise fail(f"{source}: {error}") from None


def _drawn(records: list[Record], record: Record, stream: Iterable[Record] | None,
           request: Request, problems: bool) -> list[str]:
    """The files ``pfn render`` writes for ``request``, each with a note on it."""
    from pfn.render.output import render

    if problems:
        from pfn.render.problems import problem_set

        return list(problem_set(records if stream is None else stream, request))
    return render(records, record, request)


def _to_stdout(records: list[Record], record: Record, stream: Iterable[Record] | None,
               request: Request, problems: bool) -> None:
    """Draw ``request`` as one file and copy it to standard output (``-o -``, and a
    ``--fragment`` block without ``-o``); asked for several files, say so."""
    import tempfile

    from pfn.render.output import SUFFIX, RenderError

    with tempfile.TemporaryDirectory(prefix="pfn-render-") as folder:
        suffix = SUFFIX.get(request.kind, request.kind)
        _drawn(records, record, stream,
               replace(request, output=str(Path(folder) / f"out.{suffix}")), problems)
        made = sorted(Path(folder).iterdir())
        if len(made) != 1:
            raise RenderError(ntr("standard output takes one file; this writes {n} file:"
                                  " give -o a file name", "standard output takes one file;"
                                  " this writes {n} files: give -o a file name",
                                  len(made), n=len(made)))
        sys.stdout.buffer.write(made[0].read_bytes())
        sys.stdout.flush()


@app.command()
def show(
    source: Annotated[str, typer.Argument(help="A PFN file ('-' for stdin).")],
    board: Annotated[str | None, typer.Option(
        "--board", "-b", help="Show only the record whose Board tag is this.",
        show_default=False)] = None,
    trick: Annotated[int | None, typer.Option(
        "--trick", "-k", help=TRICK_HELP + " Shown with the trick on the table (default:"
                                          " the whole play).",
        show_default=False, min=0, max=10)] = None,
) -> None:
    """Replay deals in the terminal: hands, every trick, the result and the score.

    Example:

    \b
      pfn show pool.pfn --board 3 --trick 5
    """
    from pfn.deal import replay
    from pfn.render.position import last_trick, position
    from pfn.render.terminal import show_position, show_replay

    painted = color(sys.stdout)
    out: list[str] = []
    for record in _records(source):
        if record.deal is None:  # a result-only record: nothing of its cards to replay
            continue
        if board is not None and record.tag("Board") != board:
            continue
        result = replay(record, on_error="collect")
        first, last = record.first_trick, last_trick(result)
        if trick and not first <= trick <= last:
            board = record.tag("Board") or "?"
            raise fail(tr("{source}: board {board} has tricks {first} to {last}, not {trick}"
                          " (0: before the lead)", source=source, board=board, first=first,
                          last=last, trick=trick) if last >= first else
                       tr("{source}: board {board} has no trick, not {trick} (0: before the"
                          " lead)", source=source, board=board, trick=trick))
        out.append(show_replay(result, painted) if trick is None else
                   show_position(position(result, trick), painted))
    if not out:
        sys.stderr.write(tr("pfn: {source}: no deal to show",
                            source=source) + "\n")
        raise typer.Exit(EXIT_UNUSABLE)
    sys.stdout.write("\n".join(out) + "\n")
