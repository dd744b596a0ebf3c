"""``pfn check``, ``pfn explain`` and ``pfn rules``."""

from __future__ import annotations

import collections
import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from pfn import codes
from pfn.cli.common import (
    EXIT_CLEAN,
    EXIT_PROBLEMS,
    EXIT_UNUSABLE,
    EngineOpt,
    ExecutorOpt,
    OutputFormat,
    PathsArg,
    RulesOpt,
    SchedulerOpt,
    SearchOpt,
    app,
    is_stdin,
    parse_rules,
    print_diagnostics,
    run_of,
    stdin,
)
from pfn.diagnostics import Diagnostic, Severity
from pfn.i18n import tr

if TYPE_CHECKING:
    from pfn.check import RecordOutcome

CodesOpt = Annotated[list[str] | None, typer.Option(
    help="A diagnostic code or a prefix of codes (PFN-E5, E503); repeatable.",
    show_default=False)]


def _matcher(codes: list[str] | None) -> Callable[[str], bool] | None:
    """Whether a code is one of ``codes`` (``E503``, ``PFN-E5``, ``W``)."""
    if not codes:
        return None
    wanted = tuple(c.upper() if c.upper().startswith("PFN-") else "PFN-" + c.upper()
                   for c in codes)
    return lambda code: code.startswith(wanted)


@app.command()
def check(
    paths: PathsArg = None,
    output: Annotated[OutputFormat, typer.Option(
        "--format", "-f", help="Diagnostics as text or as JSON lines.")] = OutputFormat.text,
    rule: RulesOpt = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", help="Worker processes, each checking whole matches (0: one per CPU;"
                             " default: one per CPU for a file of 4 MB or more, else one).",
        min=0, max=256, show_default=False)] = None,
    executor: ExecutorOpt = None,
    search: SearchOpt = None,
    engine: EngineOpt = None,
    scheduler: SchedulerOpt = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Print errors only, no warnings or notes.")] = False,
    summary: Annotated[bool, typer.Option(
        "--summary", "-s", help="Print only the summary: totals and a count per"
                                " diagnostic code.")] = False,
    select: CodesOpt = None,
    ignore: CodesOpt = None,
    max_errors: Annotated[int, typer.Option(
        "--max-errors", help="Stop after this many errors (0: no limit).", min=0)] = 0,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Warnings count as errors (exit 1).")] = False,
    structure_only: Annotated[bool, typer.Option(
        "--structure-only", help="Check notation and structure only, no rules.")] = False,
    analyse: Annotated[bool, typer.Option(
        "--analyse", "--analyze", help="Verify claims (*) and results of unfinished play"
                                       " against best play (open-hand solver).")] = False,
    every: Annotated[bool, typer.Option(
        "--all", help="Show every error, also those that follow from a deal's first broken"
                      " rule (by default a note after the first says how many).")] = False,
) -> None:

    """Check PFN files: syntax, structure, the rules of each record's variant and its score.

    Exit 0 when clean, 1 when errors are found, 2 when the input cannot be used.

    Examples:

    \b
      pfn check pool.pfn
      pfn check games/ --format json --jobs 0
    """
    from pfn.check import (
        CheckOptions,
        RecordOutcome,
        check_records,
        check_stream,
        expand_paths,
        sniff,
    )
    from pfn.diagnostics import folded
    from pfn.executor import EngineError, workers
    from pfn.notation.reader import Reader

    # the open-hand search (and its compiled core) only for a check that searches
    runner = run_of(engine, executor, search,
                    searches=analyse or search is not None or bool(engine))
    options = CheckOptions(parse_rules(rule), structure_only, analyse)
    chosen, dropped = _matcher(select), _matcher(ignore)
    files = records = errors = warnings = 0
    unusable = stopped = False
    by_code: collections.Counter[str] = collections.Counter()

    def outcomes() -> Iterator[RecordOutcome]:
        nonlocal files
        if is_stdin(paths):
            files = 1
            lines, problem = sniff(stdin(), "<stdin>")
            if problem is not None:
                yield RecordOutcome([problem], False)
                return
            for report in check_records(Reader("<stdin>").records(lines), options):
                yield RecordOutcome(report.diagnostics, not report.record.empty)
            return
        found = list(expand_paths(paths or []))
        if not found:  # nothing to check is not "clean"
            from pfn.i18n import tr

            sys.stderr.write("pfn: " + tr("nothing to check: no PFN files in {paths}",
                                          paths=" ".join(paths or [])) + "\n")
            raise typer.Exit(EXIT_UNUSABLE)
        for path in found:
            files += 1
            try:
                yield from check_stream(path, options, workers(jobs, str(path)),
                                        engine=runner,
                                        scheduler=scheduler)
            except EngineError as error:
                sys.stderr.write(f"pfn: {error}\n")
                raise typer.Exit(EXIT_UNUSABLE) from None

    def kept(diagnostic: Diagnostic) -> bool:
        code = diagnostic.code
        if code in (codes.E001, codes.E003):
            return True  # unusable input is always said
        return (chosen is None or chosen(code)) and (dropped is None or not dropped(code))

    with _progress(summary or quiet) as advance:
        for outcome in outcomes():
            shown = [d for d in outcome.diagnostics if kept(d)]
            if not every:  # one mistake, one error: what follows the first is counted once
                shown = folded(shown)
            if shown and shown[0].code in (codes.E001, codes.E002, codes.E003) and \
                    not outcome.counted:
                unusable = True
            if max_errors:  # no more than the limit, even within one record
                room = max_errors - errors
                shown = [d for i, d in enumerate(shown)
                         if not d.is_error or sum(e.is_error for e in shown[:i + 1]) <= room]
            records += outcome.counted
            found_errors = sum(d.is_error for d in shown)
            errors += found_errors
            warnings += sum(d.severity is Severity.WARNING for d in shown)
            if summary:
                by_code.update(d.code for d in shown if d.severity is not Severity.INFO)
            else:
                print_diagnostics(shown, output, quiet)
            advance()
            if max_errors and errors >= max_errors:
                stopped = True
                break
    if output is OutputFormat.text and (summary or not quiet):
        sys.stdout.flush()
        from pfn.i18n import ntr, number, tr

        status = tr("clean") if not errors else ntr("{n} error", "{n} errors", errors)
        # TRANSLATORS: the summary line: "2 files, 14 records: clean, 1 warning"
        sys.stderr.write(tr("{files}, {records}: {status}, {warnings}",
                            files=ntr("{n} file", "{n} files", files),
                            records=ntr("{n} record", "{n} records", records),
                            status=status,
                            warnings=ntr("{n} warning", "{n} warnings", warnings))
                         + (ntr(" (stopped after {n} error)", " (stopped after {n} errors)",
                                max_errors) if stopped else "")
                         + "\n")
        if summary:
            from pfn.diagnostics import title

            for code, count in sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0])):
                sys.stderr.write(f"{number(count, ','):>9}  {code}  {title(code)}\n")
    if unusable or not files:
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_PROBLEMS if errors or (strict and warnings) else EXIT_CLEAN)


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


@app.command()
def explain(
    code: Annotated[str, typer.Argument(help="A diagnostic code: PFN-E503, E503 or 503.")],
) -> None:
    """What a diagnostic means, an example that gives it, and how to fix it.

    Example:

    \b
      pfn explain E503
    """
    from pfn.explain import explanation

    found = explanation(code)
    if found is None:
        sys.stderr.write(tr("pfn: no diagnostic {code} (pfn explain E503, or see"
                            " docs/diagnostics.md)",
                            code=repr(code)) + "\n")
        raise typer.Exit(EXIT_UNUSABLE)
    sys.stdout.write(found + "\n")


@app.command()
def rules(
    variant: Annotated[str | None, typer.Argument(
        help="A variant (name or alias); without one, every variant's defaults.",
        show_default=False)] = None,
) -> None:
    """Every house-rule option: its values, what it decides, where it comes from, and the
    default of each variant (or of one).

    Example:

    \b
      pfn rules leningrad
    """
    from pfn.diagnostics import UnknownVariant
    from pfn.explain import rules_table

    try:
        sys.stdout.write(rules_table(variant))
    except UnknownVariant as error:
        sys.stderr.write(tr("pfn: {error} (pfn rules lists them all)",
                            error=error) + "\n")
        raise typer.Exit(EXIT_UNUSABLE) from None
