"""The ``pfn`` command line: a thin layer over the library.

Each command parses its arguments, calls the library, and turns results into
output and exit codes: 0 clean, 1 problems found, 2 unusable input.
"""

from __future__ import annotations

import collections
import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from pfn.diagnostics import Diagnostic, PfnError, Severity, text_lines

if TYPE_CHECKING:
    from pfn.model import Record

app = typer.Typer(
    name="pfn",
    help="Preferans hand histories as text: check, format, convert, score, render and show"
         " PFN records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_CLEAN, EXIT_PROBLEMS, EXIT_UNUSABLE = 0, 1, 2


class OutputFormat(StrEnum):
    """How diagnostics are printed."""

    text = "text"
    json = "json"


class ConvertFormat(StrEnum):
    """Formats ``pfn convert`` writes."""

    pfn = "pfn"
    json = "json"
    jsonl = "jsonl"


PathsArg = Annotated[list[str] | None, typer.Argument(
    help="PFN files, directories (searched for *.pfn) or globs; '-' or nothing for stdin.",
    show_default=False)]
RulesOpt = Annotated[list[str] | None, typer.Option(
    "--rule", "-r", help="House rule override, key=value (repeatable); see docs/variants.md.",
    show_default=False)]


def _color(stream: TextIO) -> bool:
    return stream.isatty() and "NO_COLOR" not in os.environ


def _stdin_path(paths: list[str] | None) -> bool:
    return not paths or paths == ["-"]


def _print_diagnostics(diagnostics: list[Diagnostic], fmt: OutputFormat, quiet: bool) -> None:
    shown = [d for d in diagnostics if not quiet or d.severity is Severity.ERROR]
    if fmt is OutputFormat.json:
        import json

        for d in shown:
            sys.stdout.write(json.dumps(d.to_json(), ensure_ascii=False) + "\n")
        return
    color = _color(sys.stdout)
    for d in shown:
        sys.stdout.write(d.format(color) + "\n")


def _parse_rules(rule: list[str] | None) -> tuple[tuple[str, str], ...]:
    out = []
    for item in rule or ():
        key, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(f"{item!r} is not key=value", param_hint="--rule")
        out.append((key.strip(), value.strip()))
    return tuple(out)


# ---------------------------------------------------------------------------
# check


@app.command()
def check(
    paths: PathsArg = None,
    output: Annotated[OutputFormat, typer.Option(
        "--format", "-f", help="Diagnostics as text or as JSON lines.")] = OutputFormat.text,
    rule: RulesOpt = None,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Worker processes (each checks whole matches); 0: one per CPU.",
        min=0)] = 1,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Print errors only, no warnings or notes.")] = False,
    summary: Annotated[bool, typer.Option(
        "--summary", "-s", help="Print only the summary: totals and a count per"
                                " diagnostic code.")] = False,
    structure_only: Annotated[bool, typer.Option(
        "--structure-only", help="Check notation and structure only, no rules.")] = False,
) -> None:
    """Check PFN files: syntax, structure, the rules of each record's variant and its score."""
    from pfn.check import CheckOptions, Outcome, check_records, check_stream, expand_paths
    from pfn.notation.reader import Reader

    options = CheckOptions(_parse_rules(rule), structure_only)
    workers = jobs or os.cpu_count() or 1
    files = records = errors = warnings = 0
    unusable = False
    by_code: collections.Counter[str] = collections.Counter()

    def outcomes() -> Iterator[Outcome]:
        nonlocal files
        if _stdin_path(paths):
            files = 1
            for report in check_records(Reader("<stdin>").records(sys.stdin), options):
                yield Outcome(report.diagnostics, not report.record.empty)
            return
        for path in expand_paths(paths or []):
            files += 1
            yield from check_stream(path, options, workers)

    with _progress(summary or quiet) as advance:
        for outcome in outcomes():
            if outcome.diagnostics and outcome.diagnostics[0].code in ("PFN-E001", "PFN-E003"):
                unusable = True
            records += outcome.counted
            errors += outcome.errors
            warnings += outcome.warnings
            if summary:
                by_code.update(d.code for d in outcome.diagnostics
                               if d.severity is not Severity.INFO)
            else:
                _print_diagnostics(outcome.diagnostics, output, quiet)
            advance()
    if output is OutputFormat.text and (summary or not quiet):
        status = "clean" if not errors else f"{errors} error{'s' * (errors != 1)}"
        sys.stderr.write(f"{files} file{'s' * (files != 1)}, {records} record"
                         f"{'s' * (records != 1)}: {status}, {warnings} warning"
                         f"{'s' * (warnings != 1)}\n")
        if summary:
            from pfn.diagnostics import CODES

            for code, count in sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0])):
                sys.stderr.write(f"{count:>9,}  {code}  {CODES.get(code, '')}\n")
    if unusable or not files:
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_PROBLEMS if errors else EXIT_CLEAN)


@contextlib.contextmanager
def _progress(wanted: bool) -> Iterator[Callable[[], None]]:
    """A records counter on stderr for long runs on a terminal; nothing when piped."""
    if not (wanted and sys.stderr.isatty()):
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(SpinnerColumn(), TextColumn("{task.completed:,} records"),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("check", total=None)
        yield lambda: bar.advance(task)


# ---------------------------------------------------------------------------
# fmt


def _diff(before: str, after: str, name: str) -> Iterator[str]:
    import difflib

    return difflib.unified_diff(before.splitlines(True), after.splitlines(True), name,
                                f"{name} (fmt)")


def _format_text(text: str, name: str) -> tuple[str | None, list[Diagnostic]]:
    """Canonical text for ``text``, or ``None`` and the reasons it cannot be formatted
    without losing something (syntax or notation errors)."""
    import io

    from pfn.notation.reader import Reader
    from pfn.notation.writer import dumps

    records = list(Reader(name).records(io.StringIO(text, newline=None)))
    blocking = []
    for record in records:
        lines = text_lines(record.source.text) if record.source else None
        first = record.source.line if record.source else 1
        for d in record.diagnostics:
            if d.is_notation:
                blocking.append(d.located(name, lines, first))
    if blocking:
        return None, blocking
    return dumps(records), []


@app.command()
def fmt(
    paths: PathsArg = None,
    check_only: Annotated[bool, typer.Option(
        "--check", help="Change nothing; exit 1 if any file is not in export format.")] = False,
    diff: Annotated[bool, typer.Option(
        "--diff", help="Change nothing; show what would change as a unified diff.")] = False,
) -> None:
    """Rewrite PFN files in canonical export format (in place; stdin to stdout)."""
    from pfn.check import expand_paths
    from pfn.files import write_atomic

    if _stdin_path(paths):
        text = sys.stdin.read()
        formatted, problems = _format_text(text, "<stdin>")
        if formatted is None:
            _print_diagnostics(problems, OutputFormat.text, False)
            raise typer.Exit(EXIT_PROBLEMS)
        if diff:
            sys.stdout.writelines(_diff(text, formatted, "<stdin>"))
        elif not check_only:
            sys.stdout.write(formatted)
        raise typer.Exit(EXIT_PROBLEMS if check_only and formatted != text else EXIT_CLEAN)

    changed = failed = 0
    for path in expand_paths(paths or []):
        try:
            raw = path.read_bytes()
        except OSError as error:
            _print_diagnostics([Diagnostic("PFN-E001", f"cannot read {path}: {error.strerror}",
                                           str(path))], OutputFormat.text, False)
            failed += 1
            continue
        text = raw.decode("utf-8", errors="surrogateescape")
        formatted, problems = _format_text(text.replace("\r\n", "\n"), str(path))
        if formatted is None:
            _print_diagnostics(problems, OutputFormat.text, False)
            sys.stderr.write(f"{path}: not formatted (fix the errors first)\n")
            failed += 1
            continue
        if formatted.encode("utf-8") == raw:
            continue
        changed += 1
        if diff:
            sys.stdout.writelines(_diff(text, formatted, str(path)))
        elif check_only:
            sys.stdout.write(f"would reformat {path}\n")
        else:
            write_atomic(path, formatted)
            sys.stderr.write(f"reformatted {path}\n")
    if failed:
        raise typer.Exit(EXIT_PROBLEMS)
    raise typer.Exit(EXIT_PROBLEMS if check_only and changed else EXIT_CLEAN)


# ---------------------------------------------------------------------------
# convert


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
    """Convert between PFN and its JSON form (a JSON document or JSON Lines).

    Records are streamed: a file of any size converts in constant memory (a JSON
    document on input is the exception: it is read whole). A record with a syntax
    error stops the conversion; with --output nothing is written then.
    """
    from pfn.files import WriteError, input_kind, read_records, write_atomic
    from pfn.notation import jsonform
    from pfn.notation.writer import dump

    if to is None:
        suffix = Path(output).suffix if output else ""
        to = {".jsonl": ConvertFormat.jsonl, ".json": ConvertFormat.json,
              ".pfn": ConvertFormat.pfn}.get(suffix) or (
            ConvertFormat.pfn if input_kind(source) != "pfn" else ConvertFormat.json)
    problems: list[Diagnostic] = []

    def records() -> Iterator[Record]:
        for record in read_records(source):
            bad = [d for d in record.diagnostics
                   if d.is_notation]
            if bad:
                problems.extend(bad)
            elif not problems:
                yield record

    def write(handle: TextIO) -> None:
        if to is ConvertFormat.pfn:
            dump(records(), handle)
        elif to is ConvertFormat.json:
            jsonform.dump_json(records(), handle)
        else:
            jsonform.dump_jsonl(records(), handle)

    class Stopped(Exception):
        """A record that cannot be converted: nothing is written."""

    def write_checked(handle: TextIO) -> None:
        write(handle)
        if problems:
            raise Stopped

    try:
        if output:
            write_atomic(output, write_checked)
        else:
            write(sys.stdout)
    except (WriteError, ValueError) as error:
        sys.stderr.write(f"{source}: {error}\n" if isinstance(error, WriteError)
                         else f"{source}: cannot read: {error}\n")
        raise typer.Exit(EXIT_UNUSABLE) from None
    except Stopped:
        pass
    if problems:
        _print_diagnostics(problems, OutputFormat.text, False)
        sys.stderr.write(f"{source}: not converted (fix the errors first)\n")
        raise typer.Exit(EXIT_PROBLEMS)


# ---------------------------------------------------------------------------
# score


class ScoreFormat(StrEnum):
    """Formats ``pfn score`` writes."""

    text = "text"
    json = "json"
    csv = "csv"


@app.command()
def score(
    paths: PathsArg = None,
    output: Annotated[ScoreFormat, typer.Option(
        "--format", "-f", help="A text table, JSON or CSV.")] = ScoreFormat.text,
    rule: RulesOpt = None,
    each: Annotated[bool, typer.Option(
        "--each", help="Print the sheet after every deal, not only the last.")] = False,
) -> None:
    """Score matches: what each deal writes, the running sheet, and the settlement."""
    from pfn import report
    from pfn.check import expand_paths
    from pfn.notation.reader import Reader, read

    if _stdin_path(paths):
        records = list(Reader("<stdin>").records(sys.stdin))
    else:
        records = [r for path in expand_paths(paths or []) for r in read(path)]
    if not any(r.syntax_ok and not r.empty for r in records):
        sys.stderr.write("no PFN records to score\n")
        raise typer.Exit(EXIT_UNUSABLE)
    items = report.reports(records, _parse_rules(rule))
    if output is ScoreFormat.json:
        sys.stdout.write(report.format_json(items))
    elif output is ScoreFormat.csv:
        sys.stdout.write(report.format_csv(items))
    else:
        sys.stdout.write(report.format_text(items, each))


# ---------------------------------------------------------------------------
# generate


@app.command()
def generate(
    count: Annotated[int, typer.Argument(help="How many records.")] = 10,
    variant: Annotated[str, typer.Option("--variant", "-v", help="Variant name.")] = "sochi",
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same records).")
                    ] = 0,
    players: Annotated[int, typer.Option("--players", help="3, or 4 with the dealer out.")
                       ] = 3,
    match: Annotated[int, typer.Option(
        "--match", help="Group the records into matches of this many deals (0: none).")] = 0,
    target: Annotated[int, typer.Option("--target", help="Pool size of the matches.")] = 20,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Output file (default: stdout).", show_default=False)] = None,
) -> None:
    """Generate random legal records (deals, auctions, defences, plays, scores)."""
    from pfn.generate import generate as make
    from pfn.notation.reader import loads
    from pfn.notation.writer import dump

    if players not in (3, 4):
        raise typer.BadParameter("3 or 4", param_hint="--players")
    texts = make(count, variant, seed, players=players, match_size=match, target=target)
    records = (record for text in texts for record in loads(text))
    if output:
        from pfn.files import write_atomic

        write_atomic(output, lambda handle: dump(records, handle))
    else:
        dump(records, sys.stdout)


# ---------------------------------------------------------------------------
# render and show


class ImageFormat(StrEnum):
    """Formats ``pfn render`` writes."""

    svg = "svg"
    pdf = "pdf"
    png = "png"


def _load_one(path: str, board: str | None, any_record: bool = False
              ) -> tuple[list[Record], Record]:
    """All records of ``path`` and the one asked for (by Board, else the first deal, or
    with ``any_record`` the first record)."""
    from pfn.files import read_records
    from pfn.notation.reader import find_board

    records = [r for r in read_records(path) if r.syntax_ok and not r.empty]
    chosen = find_board(records, board, any_record)
    if chosen is None:
        what = f"no board {board}" if board is not None else "no deal"
        sys.stderr.write(f"{path}: {what} to draw\n")
        raise typer.Exit(EXIT_UNUSABLE)
    return records, chosen


def _seats(text: str | None) -> tuple[Any, ...]:
    from pfn.seats import SEAT_BY_NAME

    if not text:
        return ()
    try:
        return tuple(SEAT_BY_NAME[part.strip().upper()] for part in text.split(","))
    except KeyError:
        raise typer.BadParameter(f"{text!r}: seats are A, B, C, D", param_hint="--hide") from None


@app.command()
def render(
    source: Annotated[str, typer.Argument(help="A PFN file.")],
    board: Annotated[str | None, typer.Option(
        "--board", "-b", help="The record whose Board tag is this (default: the first deal).",
        show_default=False)] = None,
    trick: Annotated[int, typer.Option(
        "--trick", "-k", help="Draw the position with this trick on the table (0: before"
                              " the lead).")] = 0,
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
        "--format", "-f", help="svg, pdf or png (default: from --output, else svg).",
        show_default=False)] = None,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Output file (default: next to the input, named after the"
                               " board and trick).", show_default=False)] = None,
    hide: Annotated[str | None, typer.Option(
        "--hide", help="Hands to hide, e.g. B,C (a problem diagram).", show_default=False)
    ] = None,
    played: Annotated[str, typer.Option(
        "--played", help="Cards already played: hide or grey.")] = "hide",
    dpi: Annotated[int, typer.Option("--dpi", help="PNG resolution.")] = 200,
    four_colour: Annotated[bool, typer.Option(
        "--four-colour", help="Four suit colours instead of two.")] = False,
) -> None:
    """Draw a deal position, every trick, or the score sheet (SVG, PDF or PNG)."""
    from pfn.render.diagram import Style
    from pfn.render.output import RenderError, Request, kind_of, render

    records, record = _load_one(source, board, any_record=sheet)
    if played not in ("hide", "grey"):
        raise typer.BadParameter("hide or grey", param_hint="--played")
    try:
        kind = kind_of(output, fmt.value if fmt is not None else None)
        stem = Path(source).stem + (f"-board{record.tag('Board')}" if record.tag("Board")
                                    else "")
        request = Request(kind, trick, final, every, strip, sheet, board, output, stem, dpi,
                          Style(played=played, four_colour=four_colour), _seats(hide))
        for written in render(records, record, request):
            sys.stderr.write(f"wrote {written}\n")
    except RenderError as error:
        sys.stderr.write(f"{source}: {error}\n")
        raise typer.Exit(EXIT_UNUSABLE) from None


@app.command()
def show(
    source: Annotated[str, typer.Argument(help="A PFN file ('-' for stdin).")],
    board: Annotated[str | None, typer.Option(
        "--board", "-b", help="Show only the record whose Board tag is this.",
        show_default=False)] = None,
    trick: Annotated[int | None, typer.Option(
        "--trick", "-k", help="Show the table at this trick instead of the whole play.",
        show_default=False)] = None,
) -> None:
    """Replay deals in the terminal: hands, every trick, the result and the score."""
    from pfn.deal import replay
    from pfn.notation.reader import Reader, read
    from pfn.render.position import position
    from pfn.render.terminal import show_position, show_replay

    records = list(Reader("<stdin>").records(sys.stdin)) if source == "-" else list(read(source))
    color = _color(sys.stdout)
    shown = 0
    for record in records:
        if not record.syntax_ok or record.empty or (record.deal is None and
                                                    record.contract is None):
            continue
        if board is not None and record.tag("Board") != board:
            continue
        result = replay(record, on_error="collect")
        text = (show_replay(result, color) if trick is None else
                show_position(position(result, trick), color))
        sys.stdout.write(("\n" if shown else "") + text + "\n")
        shown += 1
    if not shown:
        sys.stderr.write(f"{source}: no deal to show\n")
        raise typer.Exit(EXIT_UNUSABLE)


def main() -> None:
    """Entry point of the ``pfn`` console script.

    An unexpected failure is reported in one line (``PFN_DEBUG=1`` shows the traceback).
    """
    try:
        app()
    except PfnError as error:  # the library's own errors: its message, in one line
        sys.stderr.write(f"pfn: {error}\n")
        raise SystemExit(EXIT_UNUSABLE) from None
    except Exception as error:  # the last guard: a diagnostic, never a traceback
        if os.environ.get("PFN_DEBUG"):
            raise
        sys.stderr.write(f"pfn: internal error: {type(error).__name__}: {error}"
                         " (set PFN_DEBUG=1 for details)\n")
        raise SystemExit(EXIT_UNUSABLE) from None


if __name__ == "__main__":
    main()
