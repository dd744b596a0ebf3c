"""``pfn filter``, ``pfn dedupe``, ``pfn stats`` and ``pfn split``: corpus tools.

Each reads its inputs one record at a time and writes as it goes; ``--jobs`` and
``--executor dask`` run the work on whole matches elsewhere with the same output.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO, TypeVar

import typer

from pfn.cli.common import (
    EXIT_CLEAN,
    EXIT_UNUSABLE,
    EngineOpt,
    ExecutorOpt,
    PathsArg,
    RulesOpt,
    SchedulerOpt,
    app,
    fail,
    input_files,
    parse_rules,
    run_of,
)
from pfn.i18n import ntr, tr

if TYPE_CHECKING:
    from pfn.corpus.engine import Job
    from pfn.executor import Executor

R = TypeVar("R")

JobsOpt = Annotated[int | None, typer.Option(
    "--jobs", "-j", help="Worker processes (0: one per CPU; default: one per CPU for inputs"
                         " of 4 MB or more, else one).", min=0, max=256, show_default=False)]
OutOpt = Annotated[str | None, typer.Option(
    "--output", "-o", help="Output file (default: stdout).", show_default=False)]


def _inputs(paths: list[str] | None) -> list[str]:
    """The files to read (a directory: its *.pfn files); unusable ones are an error."""
    if not paths:
        raise fail(tr("give the PFN files to read"))
    return [str(p) for p in input_files(paths)]


def _results(paths: list[str], job: Job[R], check: bool, rules: tuple[tuple[str, str], ...],
             jobs: int | None, engine: Executor, scheduler: str | None) -> Iterator[R]:
    from pfn.check import RecordsChecked
    from pfn.corpus.engine import run
    from pfn.executor import EngineError, workers

    checker = RecordsChecked(rules) if check else None
    for path in paths:
        try:
            yield from run(path, job, checker=checker, jobs=workers(jobs, path),
                           engine=engine, scheduler=scheduler)
        except EngineError as error:
            raise fail(str(error)) from None


def _apart(inputs: Sequence[str | Path], outputs: dict[str, str | None]) -> None:
    """Refuse outputs that are an input or each other (one would lose the other)."""
    from pfn.files import same_file

    given = [(option, name) for option, name in outputs.items() if name not in (None, "-")]
    for index, (option, name) in enumerate(given):
        assert name is not None
        for source in inputs:
            if same_file(name, source):
                raise fail(tr("{option} {name} is an input: nothing written",
                              option=option, name=name))
        for other, second in given[index + 1:]:
            assert second is not None
            if same_file(name, second):
                raise fail(tr("{option} and {other} are the same file ({name}): nothing written",
                              option=option, other=other, name=name))


class _Out:
    """Standard output, or a file replaced whole at the end (never a partial file): the
    text is spooled to a temporary file meanwhile, so memory stays flat."""

    def __init__(self, path: str | None) -> None:
        import tempfile

        self.path = path
        self.stream: TextIO = sys.stdout if path is None else tempfile.TemporaryFile(  # noqa: SIM115 - kept open until close()
            "w+", encoding="utf-8", errors="surrogateescape", newline="")

    def write(self, text: str) -> None:
        self.stream.write(text)

    def close(self) -> None:
        if self.path is None:
            return
        import shutil

        from pfn.files import write_atomic

        spool = self.stream
        spool.seek(0)
        write_atomic(self.path, lambda out: shutil.copyfileobj(spool, out, 1 << 16))
        spool.close()


@app.command("filter")
def filter_(
    paths: PathsArg = None,
    where: Annotated[list[str] | None, typer.Option(
        "--where", "-w", help="A tag test: Tag=value, Tag!=value, Tag~regex, Tag!~regex"
                              " (repeatable; all must hold).", show_default=False)] = None,
    player: Annotated[list[str] | None, typer.Option(
        "--player", help="A player who must be at the table (repeatable).",
        show_default=False)] = None,
    outcome: Annotated[list[str] | None, typer.Option(
        "--outcome", help="`made`, `failed`, `misere`, `misere-made`, `misere-caught`,"
                          " `made-without-play`, `all-pass` or `unknown` (repeatable: any"
                          " of them).", show_default=False)] = None,
    clean: Annotated[bool, typer.Option(
        "--clean", help="Only records with no error and no warning.")] = False,
    code: Annotated[list[str] | None, typer.Option(
        "--code", help="Only records with this diagnostic code or prefix (E503, PFN-W;"
                       " repeatable).", show_default=False)] = None,
    boards: Annotated[str | None, typer.Option(
        "--boards", help="A board or a range of boards: 7, 3-12.", show_default=False)] = None,
    invert: Annotated[bool, typer.Option(
        "--invert", "-v", help="Select the records that fail the tests.")] = False,
    whole: Annotated[bool, typer.Option(
        "--whole-matches", "-m", help="Keep every record of a match when any of it is"
                                      " selected (the output then still checks).")] = False,
    jsonl: Annotated[bool, typer.Option("--jsonl", help="Write JSON Lines, not PFN.")] = False,
    output: OutOpt = None,
    rule: RulesOpt = None,
    jobs: JobsOpt = None,
    executor: ExecutorOpt = None,
    engine: EngineOpt = None,
    scheduler: SchedulerOpt = None,
) -> None:
    """Select records by tags, players, outcome, diagnostics or board, written as they
    are (PFN) or as JSON Lines.

    Example:

    \b
      pfn filter games/ --outcome failed --where Variant=sochi -o failed.pfn
    """
    from pfn.corpus.select import Criteria, CriteriaError, FilterJob
    from pfn.corpus.stream import HEADER

    try:
        criteria = Criteria.make(where, player, outcome, clean, code, boards, invert)
    except CriteriaError as error:
        raise typer.BadParameter(str(error)) from None
    found = _inputs(paths)
    out = _Out(output)
    read = kept = 0
    first = True
    for result in _results(found, FilterJob(criteria, jsonl, whole), criteria.needs_check,
                           parse_rules(rule), jobs, run_of(engine, executor, searches=False),
                           scheduler):
        texts, n, k = result
        read, kept = read + n, kept + k
        for text in texts:
            if not jsonl:
                out.write(HEADER + "\n" if first else "\n")
            first = False
            out.write(text)
    out.close()
    sys.stderr.write(ntr("{kept} of {n} record selected", "{kept} of {n} records selected",
                         read, kept=kept) + "\n")
    raise typer.Exit(EXIT_CLEAN)


@app.command()
def dedupe(
    paths: PathsArg = None,
    output: OutOpt = None,
    duplicates: Annotated[str | None, typer.Option(
        "--duplicates", "-d", help="Write the duplicates to this file.",
        show_default=False)] = None,
    jobs: JobsOpt = None,
    executor: ExecutorOpt = None,
    engine: EngineOpt = None,
    scheduler: SchedulerOpt = None,
) -> None:
    """Keep the first of records that hold the same game — the same deal, auction,
    defence and play — whatever their formatting, comments, tag order and headers.

    Example:

    \b
      pfn dedupe a.pfn b.pfn -o unique.pfn --duplicates dupes.pfn
    """
    from pfn.corpus.dedupe import KeyJob
    from pfn.corpus.stream import HEADER

    found = _inputs(paths)
    _apart(found, {"--output": output, "--duplicates": duplicates})
    out, extra = _Out(output), _Out(duplicates) if duplicates else None
    seen: set[bytes] = set()
    read = dropped = 0
    first = {"out": True, "extra": True}
    where = run_of(engine, executor, searches=False)
    for result in _results(found, KeyJob(), False, (), jobs, where, scheduler):
        for key, text in result:
            read += 1
            duplicate = key is not None and key in seen
            if key is not None:
                seen.add(key)
            target, which = (extra, "extra") if duplicate else (out, "out")
            dropped += duplicate
            if target is None:
                continue
            target.write(HEADER + "\n" if first[which] else "\n")
            first[which] = False
            target.write(text)
    out.close()
    if extra is not None:
        extra.close()
    sys.stderr.write(ntr("duplicates: {dropped} of {n} record; kept {kept}",
                         "duplicates: {dropped} of {n} records; kept {kept}", read,
                         dropped=dropped, kept=read - dropped) + "\n")
    raise typer.Exit(EXIT_CLEAN)


class StatsFormat(StrEnum):
    """What ``pfn stats`` writes."""

    text = "text"
    table = "table"
    json = "json"
    csv = "csv"


@app.command()
def stats(
    paths: PathsArg = None,
    fmt: Annotated[StatsFormat, typer.Option(
        "--format", "-f", help="text (a table; 'table' also works), json or csv.")
    ] = StatsFormat.text,
    plot: Annotated[str | None, typer.Option(
        "--plot", help="Also draw the contracts and their success rates (PNG, SVG, PDF).",
        show_default=False)] = None,
    no_check: Annotated[bool, typer.Option(
        "--no-check", help="Do not check the records (no diagnostic counts; faster).")
    ] = False,
    rule: RulesOpt = None,
    jobs: JobsOpt = None,
    executor: ExecutorOpt = None,
    engine: EngineOpt = None,
    scheduler: SchedulerOpt = None,
) -> None:
    """Counts: records per variant, contracts and how often each was made, outcomes,
    all-pass frequency, score entries, diagnostic codes.

    Example:

    \b
      pfn stats games/ --format json
    """
    from pfn.corpus.stats import Stats, StatsJob

    if plot is not None and Path(plot).suffix.lower() not in (".png", ".svg", ".pdf"):
        raise fail(tr("--plot {plot}: name the picture .png, .svg or .pdf (its format comes from"
                      " its name)",
                      plot=plot))
    found = _inputs(paths)
    total = Stats(checked=not no_check)
    for result in _results(found, StatsJob(not no_check), not no_check, parse_rules(rule),
                           jobs, run_of(engine, executor, searches=False), scheduler):
        total.merge(result)
    sys.stdout.write(total.json() if fmt == "json" else total.csv() if fmt == "csv" else
                     total.table())
    if plot is not None:
        from pfn.render.charts import save_stats_chart

        save_stats_chart(total, plot)
        sys.stderr.write(tr("wrote {plot}",
                            plot=plot) + "\n")
    raise typer.Exit(EXIT_CLEAN)


@app.command()
def split(
    paths: PathsArg = None,
    by: Annotated[str, typer.Option(
        "--by", help="match, variant, or a number: every N records.")] = "match",
    pattern: Annotated[str, typer.Option(
        "--pattern", "-p", help="File names: {key} (what --by splits on: the match id,"
                                " the variant, or the part's number), {stem} (the input's),"
                                " {match}, {variant}, {n} (the part's number, {n:03d}"
                                " padded).")
    ] = "{stem}-{key}.pfn",
    directory: Annotated[str, typer.Option(
        "--dir", help="Where the files go.")] = ".",
) -> None:
    """Cut files into parts: one per match, one per variant, or every N records; each
    record written as it is.

    Example:

    \b
      pfn split big.pfn --by variant --pattern '{key}.pfn' --dir parts
    """
    from pfn.corpus.split import SplitError, Splitter

    found = _inputs(paths)
    try:
        splitter = Splitter(by, pattern, Path(directory), [str(p) for p in found])
        try:
            for path in found:
                splitter.split(str(path))
        except BaseException:
            splitter.abandon()  # nothing half written is left
            raise
        written = splitter.close()
    except SplitError as error:
        raise fail(str(error)) from None
    for name, count in written:
        sys.stderr.write(ntr("wrote {name} ({n} record)", "wrote {name} ({n} records)", count,
                             name=name) + "\n")
    if not written:
        sys.stderr.write(tr("pfn: nothing to split") + "\n")
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_CLEAN)
