"""Running a job over a file: serially, in worker processes, or on a Dask cluster.

A file is cut into :class:`Span` s — byte ranges that start at a record (with the
directives before it) and never split a match, each carrying the values its ``#``
session tags stand for and where it starts — so a worker on any machine that sees the
file reads its range alone and finds exactly the records, diagnostics and positions a
serial run finds.  Results come back in input order whatever the engine, so the output
is identical to a serial run.

A job is a small picklable object whose ``run`` turns the entries of one span into a
result; the caller folds the results in order.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from pfn.corpus.stream import Entry, entries
from pfn.corpus.workers import EngineError
from pfn.model import Record

R = TypeVar("R")
T = TypeVar("T")
R_co = TypeVar("R_co", covariant=True)
Engine = Literal["local", "dask"]

SPAN_RECORDS = 512
"""Records per span (more when a match is longer)."""
SPAN_BYTES = 1 << 20
"""Bytes per span, at most (unless one match is larger)."""

_MATCH_RE = re.compile(r'\[[ \t]*Match[ \t]*"([^"]*)"', re.IGNORECASE)
_SESSION_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"((?:[^"\\\n]|\\.)*)"')


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
          size: int = SPAN_BYTES) -> Iterator[Span]:
    """The spans of a file, in order, read once in constant memory."""
    from pfn.notation.build import SESSION_TAGS
    from pfn.notation.reader import strip_bom
    from pfn.notation.sections import unescape
    from pfn.notation.split import split_records

    shown = name or path
    names = {n.casefold(): n for n in SESSION_TAGS}
    starts: dict[int, tuple[int, int]] = {}  # line -> (byte, char) offsets, recent lines
    total = [0]

    def lines() -> Iterator[str]:
        # lines as a text-mode reader sees them (any line end read as "\n"), with the
        # bytes each took in the file
        byte = char = 0
        with open(path, encoding="utf-8", errors="surrogateescape", newline="") as handle:
            for number, raw in enumerate(handle, start=1):
                starts[number] = (byte, char)
                byte += len(raw.encode("utf-8", errors="surrogateescape"))
                line = raw[:-2] + "\n" if raw.endswith("\r\n") else \
                    raw[:-1] + "\n" if raw.endswith("\r") else raw
                char += len(line) - (number == 1 and line.startswith("\ufeff"))
                yield line
        total[0] = byte

    inherits = contains(path, b'"#"')  # no "#" anywhere: no session values to carry
    first: tuple[int, int, int] | None = None  # byte, line, char offset of the span
    count = 0
    carried: dict[str, str] = {}
    previous: dict[str, str] = {}
    last_match: str | None = None
    for chunk in split_records(strip_bom(lines())):
        begin = chunk.directives[0][0] if chunk.directives else chunk.line
        byte, char = starts.get(begin, (total[0], 0))
        if chunk.text:
            found = _MATCH_RE.search(chunk.text)
            match = found.group(1) if found else None
        else:
            match = None
        if first is not None and (count >= records or byte - first[0] >= size) and (
                match is None or match != last_match):
            yield Span(path, shown, first[0], byte, first[1], first[2], carried)
            first, count, carried = None, 0, dict(previous)
        if first is None:
            first = (byte, begin, char if begin > 1 else 0)
        count += 1
        last_match = match
        for m in _SESSION_TAG_RE.finditer(chunk.text) if inherits else ():
            tag = names.get(m.group(1).casefold())
            if tag is not None and m.group(2).strip() != "#":
                previous[tag] = unescape(m.group(2))
        for line in [n for n in starts if n < begin]:
            del starts[line]
    if first is not None:
        yield Span(path, shown, first[0], total[0] or os.path.getsize(path), first[1],
                   first[2], carried)


def span_records(span: Span) -> Iterator[Record]:
    """The records of one span, numbered and named as in the whole file."""
    from dataclasses import replace

    from pfn.notation.reader import Reader, strip_bom
    from pfn.notation.split import split_records

    with open(span.path, "rb") as handle:
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
    check: bool
    rules: tuple[tuple[str, str], ...] = ()


def run_task(task: Task[R]) -> R:
    """Do a task (in a worker process or on a Dask worker)."""
    return task.job.run(entries(span_records(task.span), task.check, task.rules))


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


def run(path: str, job: Job[R], *, check: bool = False, rules: tuple[tuple[str, str], ...] = (),
        jobs: int = 1, engine: Engine = "local", scheduler: str | None = None,
        name: str | None = None) -> Iterator[R]:
    """The job's results over ``path``, in input order: serially (one result per group
    of records, whole matches each), in ``jobs`` worker processes, or on Dask (a local
    cluster of ``jobs`` workers, or the one at ``scheduler``), one result per span."""
    if jobs <= 1 and engine == "local":
        from pfn.notation.reader import read

        for group in _groups(entries(read(path, name=name or path), check, rules)):
            yield job.run(iter(group))
        return
    # workers read their spans from the file themselves (by absolute path: a Dask worker
    # may run elsewhere), and are sent only the span and the job
    tasks = (Task(span, job, check, rules)
             for span in spans(os.path.abspath(path), name or path))
    yield from map_ordered(run_task, tasks, jobs=jobs, engine=engine, scheduler=scheduler)


def map_ordered(function: Callable[[T], R], items: Iterable[T], *, jobs: int = 1,
                engine: Engine = "local", scheduler: str | None = None) -> Iterator[R]:
    """``function`` over ``items``, results in order: here, in ``jobs`` worker processes
    or on Dask (the spans of :func:`run`, or the records of ``pfn annotate``, whose
    analysis is heavy beside sending them).  At most a few items per worker are in
    flight, so memory stays bounded."""
    if engine == "dask":
        with _dask_client(jobs, scheduler) as client:
            window = 4 * max(jobs, len(client.scheduler_info().get("workers", {})), 1)
            pending: deque[Any] = deque()
            for item in items:
                pending.append(client.submit(function, item, pure=False))
                while len(pending) > window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        return
    if jobs <= 1:
        yield from map(function, items)
        return
    from concurrent.futures import Future, ProcessPoolExecutor

    futures: deque[Future[R]] = deque()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for item in items:
            futures.append(pool.submit(function, item))
            while len(futures) > 4 * jobs:
                yield futures.popleft().result()
        while futures:
            yield futures.popleft().result()


@contextlib.contextmanager
def _dask_client(jobs: int, scheduler: str | None) -> Iterator[Any]:
    """A Dask client: on a local cluster of ``jobs`` workers, or at ``scheduler``."""
    try:
        import dask.distributed
    except ImportError:
        raise EngineError("--engine dask needs Dask: pip install 'pfn[dask]'") from None
    api: Any = dask.distributed  # untyped
    cluster: Any = None
    if scheduler is None:
        cluster = api.LocalCluster(n_workers=max(jobs, 1), threads_per_worker=1,
                                   processes=True, dashboard_address=None)
        client: Any = api.Client(cluster)
    else:
        try:
            client = api.Client(scheduler, timeout="20s")
        except OSError as error:
            raise EngineError(f"no Dask scheduler at {scheduler}: {error}") from None
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


