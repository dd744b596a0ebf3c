"""The check pipeline: notation → structure → rules (replay and score) → match sheet.

Each stage adds diagnostics; a stage runs only on what the previous one left
usable (a record that does not parse is not replayed).  Records are checked as
they stream in; the records of one match (same ``[Match]`` in a row) are checked
together so that the running sheet can be replayed across them.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING

from pfn import codes
from pfn.diagnostics import Diagnostic, Severity, text_lines
from pfn.i18n import reason, tr
from pfn.messages import msg
from pfn.model import Record
from pfn.notation.reader import read
from pfn.structure import blocks_rules, check_structure

if TYPE_CHECKING:
    from pfn.corpus.stream import Entry
    from pfn.executor import Executor
    from pfn.match import MatchChecker
    from pfn.rules.replay import Replay
    from pfn.scoring.ledger import LedgerEntry


@dataclass(frozen=True)
class CheckOptions:
    """What to check and with which house-rule overrides."""

    rules: tuple[tuple[str, str], ...] = ()
    """House rules given on the command line (``--rule key=value``); they override the
    record's Rules tag."""
    structure_only: bool = False
    """Stop after the structural stage (no rules replay, no scoring)."""
    analyse: bool = False
    """Verify claims and stated results of unfinished play against best play (the
    open-hand solver, :mod:`pfn.analysis.claims`)."""
    keep: bool = False
    """Keep each record's replay and what it wrote on the sheet on its report (for the
    rows of :mod:`pfn.corpus.rows`)."""


@dataclass
class RecordReport:
    """One record and everything found about it."""

    record: Record
    diagnostics: list[Diagnostic] = field(default_factory=list)
    replay: Replay | None = field(default=None, repr=False)
    """The record's replay (with :attr:`CheckOptions.keep`)."""
    written: list[LedgerEntry] | None = field(default=None, repr=False)
    """What the deal wrote on its match's sheet (with :attr:`CheckOptions.keep`)."""

    @property
    def errors(self) -> int:
        """Number of errors."""
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        """Number of warnings."""
        return sum(d.severity is Severity.WARNING for d in self.diagnostics)

    @property
    def clean(self) -> bool:
        """No error (warnings and notes allowed, as ``pfn check`` counts)."""
        return not self.errors

    def __repr__(self) -> str:
        return f"<RecordReport {self.record!r}: {_repr_counts(self.errors, self.warnings)}>"


def _repr_counts(errors: int, warnings: int) -> str:
    return (f"{errors} error{'s' * (errors != 1)}, {warnings} warning"
            f"{'s' * (warnings != 1)}")


def locate(record: Record, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    if not diagnostics:
        return diagnostics
    source = record.source
    lines = text_lines(source.text) if source is not None else None
    name = source.name if source is not None else None
    first = source.line if source is not None else 1
    return [d.located(name, lines, first) for d in diagnostics]


def _in_order(found: list[Diagnostic]) -> list[Diagnostic]:
    """A record's problems in the order of the text (what could not be checked after)."""
    if len(found) < 2:
        return found
    return sorted(found, key=lambda d: (d.severity is Severity.INFO, d.line or 0, d.col or 0))


def check_record(record: Record, options: CheckOptions = CheckOptions()) -> RecordReport:
    """Check one record on its own (no match context)."""
    return next(check_records([record], options))


def check_records(records: Iterable[Record], options: CheckOptions = CheckOptions(),
                  matches: MatchChecker | None = None) -> Iterator[RecordReport]:
    """Check a stream of records, in order, one report per record.  ``matches`` goes on
    from the state of a check of the records before (the language server keeps one
    for each record, and checks an edited pool again from the first deal it changed)."""
    from pfn.match import MatchChecker

    if matches is None and not options.structure_only:
        matches = MatchChecker(options.rules)
    for record in records:
        found = list(record.diagnostics)
        replayed, written = None, None
        if record.syntax_ok and not record.empty:
            found += check_structure(record)
            if matches is not None:
                found += matches.check(record, not blocks_rules(found))
                replayed = matches.last if matches.last is not None and \
                    matches.last.record is record else None
                written = matches.written
                if options.analyse and replayed is not None:
                    from pfn.analysis.claims import verify
                    from pfn.analysis.odds import verify_chances

                    found += verify(replayed) + verify_chances(replayed)
        report = RecordReport(record, locate(record, _in_order(found)))
        if options.keep:
            report.replay, report.written = replayed, written
        yield report
    if matches is not None:
        for record, diagnostics in matches.finish():
            yield RecordReport(record, locate(record, diagnostics))


# ---------------------------------------------------------------------------
# Files

PFN_SUFFIXES = (".pfn",)
_TAG_LINE = re.compile(r'^\ufeff?\s*\[[A-Za-z]\w*\s*"', re.MULTILINE)


def expand_paths(paths: Sequence[str]) -> Iterator[Path]:
    """Files named directly, the ``*.pfn`` files under directories, and glob matches."""
    for given in paths:
        path = Path(given)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in PFN_SUFFIXES
                              and p.is_file())
        elif any(ch in given for ch in "*?[") and not path.exists():
            base = Path(os.path.dirname(given) or ".")
            yield from sorted(base.glob(os.path.basename(given)))
        else:
            yield path


@dataclass
class FileReport:
    """A file's reports, or the reason it could not be read."""

    name: str
    reports: list[RecordReport] = field(default_factory=list)
    unusable: Diagnostic | None = None

    @property
    def records(self) -> int:
        """Records read (stretches of comments alone not counted)."""
        return sum(1 for report in self.reports if not report.record.empty)

    @property
    def errors(self) -> int:
        """Errors in every record (an unusable file counts one)."""
        return sum(r.errors for r in self.reports) + (self.unusable is not None)

    @property
    def warnings(self) -> int:
        """Warnings in every record."""
        return sum(r.warnings for r in self.reports)

    @property
    def clean(self) -> bool:
        """No error anywhere: what ``pfn check`` exits 0 for."""
        return not self.errors

    def __repr__(self) -> str:
        if self.unusable is not None:
            return f"<FileReport {self.name}: unusable ({self.unusable.message})>"
        return (f"<FileReport {self.name}: {self.records} record{'s' * (self.records != 1)},"
                f" {_repr_counts(self.errors, self.warnings)}>")


def looks_like_pfn(head: str) -> bool:
    """Whether a file's beginning has a tag pair or a PFN directive."""
    return bool(_TAG_LINE.search(head)) or head.lstrip("\ufeff").startswith("%")


def unusable(path: str | Path, name: str | None = None) -> Diagnostic | None:
    """Why a file cannot be checked at all (unreadable, empty, not PFN), or ``None``."""
    shown = name or str(path)
    from pfn.notation.reader import open_input

    try:
        with open_input(path, encoding="utf-8", errors="surrogateescape") as handle:
            return sniff(handle, shown)[1]
    except OSError as error:
        return Diagnostic(codes.E001, msg("cannot read {name}: {error}", name=shown,
                                             error=reason(error)), shown)


def sniff(lines: Iterator[str] | IO[str], name: str) -> tuple[Iterator[str], Diagnostic | None]:
    """Read ``lines`` up to the first tag pair or directive, however far it is: the
    lines again (all of them, for reading on), or why the input holds no PFN."""
    head: list[str] = []
    empty = True
    for line in lines:
        head.append(line)
        if "\x00" in line or line.startswith(("\udcff\udcfe", "\udcfe\udcff")):
            return iter(head), Diagnostic(
                codes.E002, msg("the input is not UTF-8: it looks like UTF-16"), name,
                len(head), 1, advice=msg("save the file as UTF-8 (iconv -f UTF-16 -t UTF-8)"))
        if looks_like_pfn(line):
            return itertools.chain(head, lines), None
        empty = empty and not line.strip("\ufeff \t\r\n")
    what = tr("the input is empty") if empty else tr("no tag pair such as [Event \"…\"]")
    return iter(head), Diagnostic(codes.E003, msg("no PFN records found: {what}", what=what),
                                  name)


def check_file(path: str | Path, options: CheckOptions = CheckOptions(),
               name: str | None = None) -> FileReport:
    """Check every record of one file, keeping the reports (see :func:`check_stream` for
    files of any size).

    >>> import pfn
    >>> report = pfn.check_file("examples/sochi-match.pfn")
    >>> report
    <FileReport examples/sochi-match.pfn: 10 records, 0 errors, 0 warnings>
    >>> report.clean, report.reports[0].clean
    (True, True)
    """
    shown = name or str(path)
    problem = unusable(path, shown)
    if problem is not None:
        return FileReport(shown, unusable=problem)
    return FileReport(shown, list(check_records(read(path, name=shown), options)))


# ---------------------------------------------------------------------------
# Streaming and parallel checking


@dataclass(slots=True)
class RecordOutcome:
    """What checking one record found, without the record itself: small enough to pass
    between processes and to keep nothing of a huge file in memory (not a deal's result,
    :class:`pfn.Outcome`)."""

    diagnostics: list[Diagnostic]
    counted: bool
    """A record (not a stretch of comments or directives)."""

    @property
    def errors(self) -> int:
        """Number of errors."""
        return sum(d.is_error for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        """Number of warnings."""
        return sum(d.severity is Severity.WARNING for d in self.diagnostics)


@dataclass
class RecordsChecked:
    """Records checked in match order, as the corpus engine's entries: what a corpus
    tool's ``--check`` asks for (picklable, so workers check the records they read)."""

    rules: tuple[tuple[str, str], ...] = ()

    def __call__(self, records: Iterable[Record]) -> Iterator[Entry]:
        from pfn.corpus.stream import Entry

        for report in check_records(records, CheckOptions(rules=self.rules)):
            yield Entry(report.record, report.diagnostics)


@dataclass(frozen=True)
class CheckJob:
    """Checking one span of a file (:mod:`pfn.corpus.engine`): what each record gave."""

    options: CheckOptions

    def run(self, found: Iterator[Entry]) -> list[RecordOutcome]:
        return [RecordOutcome(report.diagnostics, not report.record.empty)
                for report in check_records((e.record for e in found), self.options)]


def check_stream(path: str | Path, options: CheckOptions = CheckOptions(), jobs: int = 1,
                 name: str | None = None, engine: Executor = "local",
                 scheduler: str | None = None) -> Iterator[RecordOutcome]:
    """Check a file of any size in constant memory, in input order; with ``jobs`` > 1
    in worker processes, each taking whole matches; with ``engine="dask"`` on a Dask
    cluster (a local one, or the one at ``scheduler``)."""
    shown = name or str(path)
    problem = unusable(path, shown)
    if problem is not None:
        yield RecordOutcome([problem], False)
        return
    if jobs <= 1 and engine == "local":
        for report in check_records(read(path, name=shown), options):
            yield RecordOutcome(report.diagnostics, not report.record.empty)
        return
    from pfn.corpus.engine import run  # whole matches a span, in input order

    for outcomes in run(str(path), CheckJob(options), jobs=jobs, engine=engine,
                        scheduler=scheduler, name=shown):
        yield from outcomes
