"""``pfn fmt`` and ``pfn convert``: rewriting PFN in export format, and PFN ⇄ JSON."""

from __future__ import annotations

import functools
import io
import sys
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from pfn.cli.common import (
    EXIT_CLEAN,
    EXIT_PROBLEMS,
    EXIT_UNUSABLE,
    PathsArg,
    app,
    fail,
    is_stdin,
    print_diagnostics,
    spooled,
    stdin,
)
from pfn.diagnostics import Diagnostic
from pfn.i18n import reason, tr

if TYPE_CHECKING:
    from pfn.model import Record

Change = Callable[[Iterable["Record"]], Iterable["Record"]]
"""What ``pfn fmt`` does to the records on their way (``--fill``), or nothing."""


def _diff(before: str, after: str, name: str) -> Iterator[str]:
    import difflib

    return difflib.unified_diff(before.splitlines(True), after.splitlines(True), name,
                                f"{name} (fmt)")


class _Filler:
    """``--fill``: the records with what they lack written from the rules; what was
    added and what was found wrong kept for the report."""

    def __init__(self, sheet: bool) -> None:
        self.sheet = sheet
        self.filled: list[tuple[int, Record, list[str]]] = []
        """Each record something was written into: its place among the records of
        its file, the record, what was written."""
        self.problems: list[Diagnostic] = []
        self.seen = 0
        """The records read so far from the file at hand."""

    def __call__(self, records: Iterable[Record]) -> Iterator[Record]:
        from pfn.filling import fill

        self.seen = 0
        for done in fill(records, self.sheet):
            if done.added:
                self.filled.append((self.seen, done.record, done.added))
            self.problems += done.problems
            self.seen += 1
            yield done.record

    @property
    def added(self) -> list[str]:
        """What was written into each record, where the record is."""
        out = []
        for _, record, added in self.filled:
            source = record.source
            where = f"{source.name}:{source.line}" if source is not None else "<record>"
            out.append(where + ": " + tr("board {board}: filled in {tags}",
                                         board=record.tag("Board") or "?",
                                         tags=", ".join(added)))
        return out

    def mark(self) -> tuple[int, int]:
        """Where the report of the next file starts."""
        return len(self.filled), len(self.problems)

    def relocate(self, written: Path, since: tuple[int, int]) -> None:
        """Place what was reported since ``since`` in the file as written (``written``
        after the rewrite: a header added, lines joined or split), where the user will
        look for it."""
        from pfn.filling import fill
        from pfn.formatting import formatted

        with open(written, encoding="utf-8", errors="surrogateescape") as handle:
            again = list(fill(formatted(handle, str(written)), self.sheet))
        if len(again) != self.seen:  # not the same records: leave the places as read
            return
        filled, problems = since
        self.filled[filled:] = [(n, again[n].record, added)
                                for n, _, added in self.filled[filled:]]
        self.problems[problems:] = [p for done in again for p in done.problems]


def _unchanged(records: Iterable[Record]) -> Iterable[Record]:
    return records


def _export_file(path: Path, out: TextIO, change: Change = _unchanged) -> None:
    from pfn.formatting import export, formatted

    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        export(change(formatted(handle, str(path))), out, str(path))


def _formatted_text(text: str, name: str, change: Change = _unchanged) -> str:
    from pfn.formatting import export, formatted

    buffer = io.StringIO()
    export(change(formatted(io.StringIO(text, newline=None), name)), buffer, name)
    return buffer.getvalue()


@app.command()
def fmt(
    paths: PathsArg = None,
    check_only: Annotated[bool, typer.Option(
        "--check", help="Change nothing; exit 1 if any file is not in export format.")] = False,
    diff: Annotated[bool, typer.Option(
        "--diff", help="Change nothing; show what would change as a unified diff.")] = False,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Write the formatted file here instead of in place (one"
                               " input).", show_default=False)] = None,
    to_stdout: Annotated[bool, typer.Option(
        "--stdout", help="Write the formatted files to standard output; change no"
                         " file.")] = False,
    force: Annotated[bool, typer.Option(
        "--force", help="Rewrite a file that is read-only, or that has other hard links"
                        " (this name gets the new file, the other links keep the old"
                        " text).")] = False,
    fill: Annotated[bool, typer.Option(
        "--fill", help="Write what a record lacks from the rules: the Result from a complete"
                       " play, the Score entries; a stated figure the rules contradict is"
                       " reported, never changed (exit 1).")] = False,
    sheet: Annotated[bool, typer.Option(
        "--sheet", help="With --fill: the running sheet on the last record of each match.")
    ] = False,
) -> None:
    """Rewrite PFN files in canonical export format (in place; stdin to stdout).

    Every record is read back before anything is written, and a file is replaced in one
    step, its mode kept; a file with syntax errors is left untouched.  A file with other
    hard links is refused (it cannot be rewritten in place all at once) unless --force.

    Examples:

    \b
      pfn fmt pool.pfn --diff
      pfn fmt games/ --check
      pfn fmt pool.pfn --fill --sheet
    """
    from pfn.files import WriteError
    from pfn.formatting import NotFormatted, format_file, is_formatted

    if sheet and not fill:
        raise typer.BadParameter(tr("--sheet goes with --fill"), param_hint="--sheet")
    filler = _Filler(sheet) if fill else None
    change: Change = filler if filler is not None else _unchanged
    if is_stdin(paths):
        try:
            if check_only or diff:
                text = stdin().read()
                after = _formatted_text(text, "<stdin>", change)
                if diff:
                    sys.stdout.writelines(_diff(text, after, "<stdin>"))
                _fill_report(filler)
                raise typer.Exit(EXIT_PROBLEMS if after != text else EXIT_CLEAN)
            spooled(lambda out: _export_text(stdin(), out, change))
        except NotFormatted as error:
            print_diagnostics(error.problems, stream=sys.stderr)
            raise typer.Exit(EXIT_PROBLEMS) from None
        raise typer.Exit(EXIT_PROBLEMS if _fill_report(filler) else EXIT_CLEAN)

    from pfn.cli.common import input_files

    files = input_files(paths)
    if output is not None and len(files) != 1:
        raise typer.BadParameter(tr("give exactly one input file with --output"),
                                 param_hint="--output")
    changed = failed = 0
    for path in files:
        since = filler.mark() if filler is not None else (0, 0)
        try:
            if diff:
                before = path.read_text(encoding="utf-8", errors="surrogateescape")
                after = _formatted_text(before, str(path), change)
                if after != before.replace("\r\n", "\n"):
                    changed += 1
                    sys.stdout.writelines(_diff(before, after, str(path)))
            elif check_only and filler is not None:
                before = path.read_text(encoding="utf-8", errors="surrogateescape")
                if _formatted_text(before, str(path), change) != before.replace("\r\n", "\n"):
                    changed += 1
                    sys.stdout.write(tr("would fill or reformat {path}",
                                        path=path) + "\n")
            elif check_only:
                if not is_formatted(path):
                    changed += 1
                    sys.stdout.write(tr("would reformat {path}",
                                        path=path) + "\n")
            elif to_stdout:
                spooled(functools.partial(_export_file, path, change=change))
            elif format_file(path, output, force, None if filler is None else change):
                if filler is not None:
                    filler.relocate(Path(output) if output else path, since)
                changed += 1
                sys.stderr.write((tr("reformatted {path} into {output}", path=path,
                                     output=output) if output else
                                  tr("reformatted {path}", path=path)) + "\n")
        except NotFormatted as error:
            print_diagnostics(error.problems, stream=sys.stderr)
            sys.stderr.write(tr("{path}: not formatted (fix the errors first)",
                                path=path) + "\n")
            failed += 1
        except WriteError as error:
            raise fail(str(error)) from None
    wrong = _fill_report(filler)
    raise typer.Exit(EXIT_PROBLEMS if failed or wrong or (check_only and changed)
                     else EXIT_CLEAN)


def _fill_report(filler: _Filler | None) -> bool:
    """What --fill added and what it found wrong, on standard error; whether anything
    was wrong."""
    if filler is None:
        return False
    for line in filler.added:
        sys.stderr.write(line + "\n")
    if filler.problems:
        print_diagnostics(filler.problems, stream=sys.stderr)
        sys.stderr.write(tr("pfn: a figure the record states and the rules do not give is left"
                            " as it is (above); --fill writes only what is missing") + "\n")
    return bool(filler.problems)


def _export_text(handle: TextIO, out: TextIO, change: Change = _unchanged) -> None:
    from pfn.formatting import export, formatted

    export(change(formatted(handle, "<stdin>")), out, "<stdin>")


class ConvertFormat(StrEnum):
    """Formats ``pfn convert`` writes."""

    pfn = "pfn"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"


@app.command()
def convert(
    source: Annotated[str, typer.Argument(help="Input file: PFN, or JSON (.json/.jsonl); '-'"
                                               " for stdin (PFN).")],
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Output file (default: stdout).", show_default=False)] = None,
    to: Annotated[ConvertFormat | None, typer.Option(
        "--to", "-t", help="Output format (default: from the output's extension, else JSON"
                           " for PFN input and PFN for JSON input).",
        show_default=False)] = None,
) -> None:
    """Convert between PFN and its JSON form (a JSON document or JSON Lines), or
    write one CSV row per deal for research.

    Records are streamed: a file of any size converts in constant memory (a JSON
    document on input is the exception: it is read whole). JSON input is checked
    against the schema first. Anything that cannot be converted stops the conversion,
    and nothing is written then (to the file or to standard output). The CSV is a
    report, not a conversion: every deal gets its row (file, match, board, variant,
    players, dealer, declarer, contract, defence, tricks and score per seat, outcome,
    diagnostic codes), a record with errors included, its codes saying so.

    Examples:

    \b
      pfn convert pool.pfn --to json -o pool.json
      pfn convert games/big.pfn -o deals.csv
    """
    from pfn.check import unusable
    from pfn.files import WriteError, input_kind, read_records, write_atomic
    from pfn.formatting import NotFormatted, export
    from pfn.notation import jsonform

    if source != "-":
        problem = unusable(source) if input_kind(source) == "pfn" else None
        if problem is not None or not Path(source).is_file():
            raise fail(problem.message if problem is not None else tr("cannot read {source}",
                                                                      source=source))
    if to is None:
        suffix = Path(output).suffix if output else ""
        to = {".jsonl": ConvertFormat.jsonl, ".json": ConvertFormat.json,
              ".pfn": ConvertFormat.pfn, ".csv": ConvertFormat.csv}.get(suffix) or (
            ConvertFormat.pfn if input_kind(source) != "pfn" else ConvertFormat.json)
    problems: list[Diagnostic] = []

    def records() -> Iterator[Record]:
        given = read_records(source) if source != "-" else _stdin_records()
        for record in given:
            bad = [d for d in record.diagnostics if d.is_notation]
            if bad:
                problems.extend(bad)
            elif not problems:
                yield record

    class Stopped(Exception):
        """A record that cannot be converted: nothing is written."""

    def write(handle: TextIO) -> None:
        if to is ConvertFormat.csv:
            from pfn.corpus.rows import to_rows, write_csv

            given = read_records(source) if source != "-" else _stdin_records()
            write_csv(to_rows(given), handle)
            return
        if to is ConvertFormat.pfn:  # read back as fmt does: never unreadable PFN
            try:
                export(records(), handle, source)
            except NotFormatted as error:
                problems.extend(error.problems)
        elif to is ConvertFormat.json:
            jsonform.dump_json(records(), handle)
        else:
            jsonform.dump_jsonl(records(), handle)
        if problems:
            raise Stopped

    try:
        if output:
            write_atomic(output, write)
        else:
            spooled(write)
    except WriteError as error:
        raise fail(str(error)) from None
    except OSError as error:
        raise fail(tr("cannot read {source}: {value}",
                      source=source, value=reason(error))) from None
    except Stopped:
        pass
    if problems:
        print_diagnostics(problems, stream=sys.stderr)
        sys.stderr.write(tr("{source}: not converted (fix the errors first)",
                            source=source) + "\n")
        unreadable = any(d.is_input for d in problems)
        raise typer.Exit(EXIT_UNUSABLE if unreadable else EXIT_PROBLEMS)


def _stdin_records() -> Iterator[Record]:
    from pfn.notation.reader import Reader

    return Reader("<stdin>").records(stdin())
