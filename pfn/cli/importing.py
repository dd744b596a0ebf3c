"""``pfn import`` and ``pfn export``: games from other formats, and out to a solver's."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated

import typer

from pfn.cli.common import (
    EXIT_CLEAN,
    EXIT_PROBLEMS,
    app,
    fail,
    print_diagnostics,
    spooled,
)
from pfn.i18n import ntr, reason, tr


class ImportFormat(StrEnum):
    """Formats ``pfn import`` reads."""

    bts = "bts"
    pts = "pts"
    ppn = "ppn"
    unisay = "unisay"
    gambler = "gambler"
    jpref = "jpref"
    jpref_declare = "jpref-declare"
    shavlyugin = "shavlyugin"


class ExportFormat(StrEnum):
    """Formats ``pfn export`` writes."""

    pts = "pts"
    bts = "bts"


@app.command("import")
def import_(
    source: Annotated[str, typer.Argument(help="The file to import ('-': standard input,"
                                               " with --format).")],
    source_format: Annotated[ImportFormat | None, typer.Option(
        "--format", "-f", "--from", help="Its format (default: from the extension: .bts"
                                         " .pts .ppn; .json unisay; .txt/.log gambler;"
                                         " .tests shavlyugin; jpref, jpref-declare: give it).",
        show_default=False)] = None,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Write the PFN here (default: stdout).",
        show_default=False)] = None,
) -> None:
    """Import games from another format as canonical PFN.

    Comments in the source become PFN comments and fields PFN has no tag for become
    unknown tags; anything that cannot be imported is reported at its line, and then
    nothing is written (exit 1).

    Example:

    \b
      pfn import problems.pts -o problems.pfn
    """
    from pfn.files import WriteError, write_atomic
    from pfn.formats import import_data, import_file

    shown = "<stdin>" if source == "-" else source
    try:
        if source == "-":
            if source_format is None:
                raise typer.BadParameter(tr("give the format of standard input"),
                                         param_hint="--format")
            imported = import_data(sys.stdin.buffer.read(), source_format.value, shown)
        else:
            imported = import_file(source, source_format.value if source_format else None)
    except ValueError as error:
        raise fail(str(error)) from None
    except OSError as error:
        raise fail(tr("cannot read {source}: {value}",
                      source=source, value=reason(error))) from None
    print_diagnostics(imported.problems, stream=sys.stderr)
    if not imported.ok:
        sys.stderr.write(tr("{shown}: not imported (nothing written)",
                            shown=shown) + "\n")
        raise typer.Exit(EXIT_PROBLEMS)
    try:
        if output:
            write_atomic(output, imported.text)
        else:
            spooled(lambda out: print(imported.text, end="", file=out))
    except WriteError as error:
        raise fail(str(error)) from None
    count = len([r for r in imported.records if not r.empty])
    sys.stderr.write(ntr("{shown}: {n} record imported", "{shown}: {n} records imported",
                         count, shown=shown) + "\n")
    raise typer.Exit(EXIT_CLEAN)


@app.command("export")
def export(
    source: Annotated[str, typer.Argument(help="A PFN file.")],
    to: Annotated[ExportFormat, typer.Option(
        "--to", "-t", help="The format to write.")] = ExportFormat.pts,
    board: Annotated[str | None, typer.Option(
        "--board", "-b", help="Only the record whose Board tag is this.",
        show_default=False)] = None,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Write here (default: stdout).", show_default=False)] = None,
) -> None:
    """Write PFN deals in another program's format.

    pts (or bts): the problem files of the slovesnov/bridge solver — the hands as the
    play begins (the declarer's after the discard), the contract, the declarer and the
    play so far.  Tags the format has no place for are named on standard error, and so is
    each record it cannot hold (an all-pass, hidden hands); exit 1 when none could be
    written (then nothing is).

    Example:

    \b
      pfn export problems.pfn --to pts -o problems.pts
    """
    from pfn.check import unusable
    from pfn.files import WriteError, read_records, write_atomic
    from pfn.formats.bts import VERSION, NotExportable, export_record

    problem = unusable(source)
    if problem is not None:
        raise fail(problem.message)
    parts = [VERSION + "\n"]
    dropped: list[str] = []
    found = written = 0
    for index, record in enumerate(r for r in read_records(source) if not r.empty):
        if board is not None and record.tag("Board") != board:
            continue
        found += 1
        bad = [d for d in record.diagnostics if d.is_error]
        where = f"{source}:{record.source.line if record.source else 1}"
        if bad:
            print_diagnostics(bad, stream=sys.stderr)
            sys.stderr.write(tr("{source}: not exported (fix the errors first)",
                                source=source) + "\n")
            raise typer.Exit(EXIT_PROBLEMS)
        try:
            parts.append(export_record(record, index + 1, dropped))
            written += 1
        except NotExportable as error:
            label = f"board {record.tag('Board')}" if record.tag("Board") else "record"
            sys.stderr.write(tr("{where}: info[PFN-I002]: {label} not exported: {error}",
                                where=where, label=label, error=error) + "\n")
    if not found:
        raise fail(tr("{source}: no board {board}",
                      source=source, board=board) if board else tr("{source}: no records",
                                                                  source=source))
    if not written:
        sys.stderr.write(tr("{source}: nothing to export to {value}",
                            source=source, value=to.value) + "\n")
        raise typer.Exit(EXIT_PROBLEMS)
    if dropped:
        sys.stderr.write(tr("{source}: {value} has no place for: {items} (not written)",
                            source=source, value=to.value, items=', '.join(dropped)) + "\n")
    text = "".join(parts)
    try:
        if output:
            write_atomic(output, text)
        else:
            spooled(lambda out: print(text, end="", file=out))
    except WriteError as error:
        raise fail(str(error)) from None
    raise typer.Exit(EXIT_CLEAN)
