"""Running a job over a file: serially, in worker processes, or on a Dask cluster.

A file is cut into :class:`Span` s — byte ranges that start at a record (with the
directives before it) and never split a match, each carrying the values its ``#``
session tags stand for and where it starts — so a worker on any machine that sees the
file reads its range alone and finds exactly the records, diagnostics and positions a
serial run finds.  Results come back in input order whatever the engine, so the output
is identical to a serial run.

A job is a small picklable object whose ``run`` turns the entries of one span into a
result; the caller folds the results in order.  A run that checks its records is given
the checker (:class:`pfn.check.RecordsChecked`): the engine sits below the check and
never imports it.  The parallel work itself is :mod:`pfn.executor`'s.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from pfn.corpus.stream import Checker, Entry, entries
from pfn.executor import EngineError, Executor, map_ordered
from pfn.i18n import tr
from pfn.messages import msg
from pfn.model import Record

R = TypeVar("R")
T = TypeVar("T")
R_co = TypeVar("R_co", covariant=True)

SPAN_RECORDS = 128
"""Records per span (more when a match is longer): a fraction of a second's work, so
that no worker waits long for the last one to finish."""
SPAN_BYTES = 1 << 20
"""Bytes per span, at most (unless one match is larger)."""

_SESSION_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*'
                             r'"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"')
_COMMENT_RE = re.compile(r'("[^"\\\n]*+(?:\\.[^"\\\n]*+)*+")|\{[^}]*\}?|;[^\n]*')
"""A quoted value (kept), or a comment: ``{ … }`` (to the end if left open) or ``;`` to
the end of its line — where a tag-like text is not a tag."""


def _kept(m: re.Match[str]) -> str:
    return m.group(1) or ""


NO_RECORD = "\0no record"
""":func:`match_of` for a stretch of comments or directives alone, which no span may
begin with (it belongs to the match around it)."""


def match_of(text: str, previous: dict[str, str] | None = None) -> str | None:
    """The match a record's text belongs to, as the reader reads it: a ``[Match]`` in
    a comment, in another tag's value or in a section is not one, and ``"#"`` stands for
    the previous record's (``previous``: the session values before it); ``NO_RECORD``
    for comments alone.  Asked only where a span could end, so reading the record is
    cheap enough, and spans are cut only where the serial reader sees a match end."""
    from pfn.notation.reader import Reader
    from pfn.notation.split import Chunk

    if not text.strip():
        return None  # the directives after the last record: nothing follows them
    reader = Reader(None)
    if previous:
        reader.previous = dict(previous)
    record = reader.parse(Chunk(text, 1, 0))
    if record is None or record.empty:
        return NO_RECORD
    if not record.syntax_ok:
        # a record the reader cannot read belongs to no match: it is reported alone
        return None
    return record.match


def _cut(match: str | None, before: str | None) -> bool:
    """Whether a span may end between a record of ``before``'s match and one of
    ``match``'s: two records, neither a stretch of comments, not of one match."""
    return NO_RECORD not in (match, before) and (match is None or match != before)


@dataclass(frozen=True)
class Span:
    """A byte range of a file holding whole matches."""

    path: str
    name: str
    start: int
    end: int
    line: int
    """The line the range starts on (1-based)."""
    offset: int
    """The character offset it starts at."""
    carried: dict[str, str] = field(default_factory=dict)
    """The session tag values in force before it (what ``#`` stands for)."""
    identity: tuple[int, int, int, int] | None = None
    """The file's device, inode, size and modification time when the run began: a
    worker that opens another file under the name (replaced meanwhile) refuses it."""

    def where(self) -> str:
        """``pool.pfn, lines 120 on`` — for a message about this span."""
        return tr("{name}, from line {line}", name=self.name, line=self.line)


class FileChanged(EngineError):
    """The file a run reads was replaced or rewritten while it was read."""


def identity(stat_result: os.stat_result) -> tuple[int, int, int, int]:
    """What tells one version of a file from another."""
    return (stat_result.st_dev, stat_result.st_ino, stat_result.st_size,
            stat_result.st_mtime_ns)


class Job(Protocol[R_co]):
    """Work done on the entries of one span."""

    def run(self, found: Iterator[Entry]) -> R_co:
        """The result for these entries."""


def contains(path: str | os.PathLike[str], needle: bytes, block: int = 1 << 20) -> bool:
    """Whether a file holds ``needle`` anywhere (read in blocks, at C speed)."""
    tail = b""
    with open(path, "rb") as handle:
        while data := handle.read(block):
            if needle in tail + data[:len(needle)] or needle in data:
                return True
            tail = data[-len(needle):]
    return False


def spans(path: str, name: str | None = None, records: int = SPAN_RECORDS,
          size: int = SPAN_BYTES, splitter: bool = False) -> Iterator[Span]:
    """The spans of a file, in order, read once in constant memory: the records as
    :class:`~pfn.notation.split.FileRecords` finds them (``splitter``: always with the
    record splitter, never the fast path of a plain file), grouped ``records`` or
    ``size`` bytes a span, cut only where a match ends."""
    from pfn.notation.build import SESSION_TAGS
    from pfn.notation.sections import unescape
    from pfn.notation.split import FileRecords

    shown = name or path
    found = FileRecords(path, fast=not splitter)
    names = {n.casefold(): n for n in SESSION_TAGS}
    # no "#" anywhere (never in a plain file): no session values to carry
    inherits = not found.plain and contains(path, b'"#"')
    first: tuple[int, int, int] | None = None  # byte, line, char offset of the span
    count = 0
    carried: dict[str, str] = {}
    previous: dict[str, str] = {}
    last_match: str | None = None  # (read only where a span could end)
    last_text = ""
    last_previous: dict[str, str] = {}
    for record in found:
        boundary = first is not None and (count >= records or record.byte - first[0] >= size)
        match = match_of(record.text, previous) if boundary else None
        if boundary and last_match is None:
            last_match = match_of(last_text, last_previous)
        if first is not None and boundary and _cut(match, last_match):
            yield Span(path, shown, first[0], record.byte, first[1], first[2], carried)
            first, count, carried = None, 0, dict(previous)
        if first is None:
            first = (record.byte, record.line, record.char)
        count += 1
        last_match, last_text = match, record.text
        if inherits:
            last_previous = dict(previous)
            for m in _SESSION_TAG_RE.finditer(_COMMENT_RE.sub(_kept, record.text)):
                tag = names.get(m.group(1).casefold())
                if tag is not None:  # as the reader keeps them: a "#" left unresolved too
                    value = unescape(m.group(2))
                    if value != "#":
                        previous[tag] = value
                    else:
                        previous.setdefault(tag, value)
    if first is not None:
        yield Span(path, shown, first[0], found.end or os.path.getsize(path), first[1],
                   first[2], carried)


def span_records(span: Span) -> Iterator[Record]:
    """The records of one span, numbered and named as in the whole file."""
    from dataclasses import replace

    from pfn.notation.reader import Reader, strip_bom
    from pfn.notation.split import split_records

    with open(span.path, "rb") as handle:
        if span.identity is not None and identity(os.fstat(handle.fileno())) != span.identity:
            raise FileChanged(msg("{name} changed while it was read (replaced or rewritten):"
                                 " nothing of it is reported; run again",
                                 name=span.name))
        handle.seek(span.start)
        text = handle.read(span.end - span.start).decode("utf-8", errors="surrogateescape")
    lines: Iterable[str] = io.StringIO(text, newline=None)  # line ends as text mode reads them
    if span.start == 0:
        lines = strip_bom(lines)
    reader = Reader(span.name)
    reader.previous = dict(span.carried)
    for chunk in split_records(lines):
        moved = replace(chunk, line=chunk.line + span.line - 1,
                        offset=chunk.offset + span.offset,
                        directives=tuple((n + span.line - 1, t) for n, t in chunk.directives))
        record = reader.parse(moved)
        if record is not None:
            yield record


@dataclass(frozen=True)
class Task(Generic[R]):
    """One span and the job to do on it (what a worker receives)."""

    span: Span
    job: Job[R]
    checker: Checker | None = None


def run_task(task: Task[R]) -> R:
    """Do a task (in a worker process or on a Dask worker)."""
    return task.job.run(entries(span_records(task.span), task.checker))


def _groups(found: Iterator[Entry], size: int = SPAN_RECORDS) -> Iterator[list[Entry]]:
    """Entries in groups of about ``size``, cut only where a match ends (so a job sees
    whole matches, and a serial run holds one group at a time, not the file)."""
    group: list[Entry] = []
    last: str | None = None
    for entry in found:
        match = entry.record.match
        if len(group) >= size and (match is None or match != last):
            yield group
            group = []
        group.append(entry)
        last = match
    if group:
        yield group


def run(path: str, job: Job[R], *, checker: Checker | None = None, jobs: int = 1,
        engine: Executor = "local", scheduler: str | None = None,
        name: str | None = None) -> Iterator[R]:
    """The job's results over ``path``, in input order: serially (one result per group
    of records, whole matches each), in ``jobs`` worker processes, or on Dask (a local
    cluster of ``jobs`` workers, or the one at ``scheduler``), one result per span;
    ``checker``: the records checked first (their diagnostics in the entries)."""
    if jobs <= 1 and engine == "local":
        from pfn.notation.reader import read

        for group in _groups(entries(read(path, name=name or path), checker)):
            yield job.run(iter(group))
        return
    # workers read their spans from the file themselves, and are sent only the span and
    # the job: here, through this process's own descriptor (/proc/PID/fd/N), so they read
    # the file it opened even if another replaces it meanwhile; on Dask (a worker may run
    # elsewhere) by absolute path, and a worker that finds another file there refuses it
    with open(path, "rb") as handle:
        version = identity(os.fstat(handle.fileno()))
        mine = f"/proc/{os.getpid()}/fd/{handle.fileno()}"
        source = mine if engine == "local" and os.path.exists(mine) else os.path.abspath(path)
        tasks = (Task(replace(span, identity=version), job, checker)
                 for span in spans(source, name or path))
        yield from map_ordered(run_task, tasks, jobs=jobs, engine=engine,
                               scheduler=scheduler, describe=_describe)


def _describe(task: Task[Any]) -> str:
    return task.span.where()
