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
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Literal, Protocol, TypeVar

from pfn.corpus.stream import Entry, entries
from pfn.corpus.workers import EngineError
from pfn.i18n import tr
from pfn.model import Record

R = TypeVar("R")
T = TypeVar("T")
R_co = TypeVar("R_co", covariant=True)
Executor = Literal["local", "dask"]
"""Where the work runs (``--executor``): this machine's processes, or a Dask cluster (not the
open-hand search, :data:`pfn.analysis.engines.Engine`)."""

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
    """The spans of a file, in order, read once in constant memory with the record
    splitter — or, when the file is :func:`plain` (and not ``splitter``), read twice at
    C speed: the same spans, five times faster."""
    if not splitter and plain(path):
        yield from _plain_spans(path, name or path, records, size)
        return
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
    last_match: str | None = None  # (read only where a span could end)
    last_text = ""
    last_previous: dict[str, str] = {}
    for chunk in split_records(strip_bom(lines())):
        begin = chunk.directives[0][0] if chunk.directives else chunk.line
        byte, char = starts.get(begin, (total[0], 0))
        boundary = first is not None and (count >= records or byte - first[0] >= size)
        match = match_of(chunk.text, previous) if boundary else None
        if boundary and last_match is None:
            last_match = match_of(last_text, last_previous)
        if first is not None and boundary and _cut(match, last_match):
            yield Span(path, shown, first[0], byte, first[1], first[2], carried)
            first, count, carried = None, 0, dict(previous)
        if first is None:
            first = (byte, begin, char if begin > 1 else 0)
        count += 1
        last_match, last_text, last_previous = match, chunk.text, dict(previous)
        tags = _COMMENT_RE.sub(_kept, chunk.text) if inherits else ""
        for m in _SESSION_TAG_RE.finditer(tags):
            tag = names.get(m.group(1).casefold())
            if tag is not None:  # as the reader keeps them: a "#" left unresolved too
                value = unescape(m.group(2))
                if value != "#":
                    previous[tag] = value
                else:
                    previous.setdefault(tag, value)
        for line in [n for n in starts if n < begin]:
            del starts[line]
    if first is not None:
        yield Span(path, shown, first[0], total[0] or os.path.getsize(path), first[1],
                   first[2], carried)


_OPEN_COMMENT = re.compile(rb"\{[^}\n]*(?:\n|\Z)")
"""A comment still open at the end of its line."""
_ODD_BYTES = b"\r\x0b\x0c\x1c\x1d\x1e\x1f"
"""Other line ends, and control characters that are white space (a line of them is
blank to the splitter)."""
_LEADS = b"\xc2\xe1\xe2\xe3"
"""The first bytes of the other white space characters in UTF-8."""
_OTHERS = bytes(b for b in range(256) if b not in _ODD_BYTES + _LEADS)
_ODD_SPACE = re.compile(rb"\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2(?:\x80[\x80-\x8a\xa8\xa9\xaf]|\x81\x9f)"
                        rb"|\xe3\x80\x80")
"""U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000."""
_BLOCK = 1 << 22


def _blocks(handle: io.BufferedReader, paragraphs: bool) -> Iterator[bytes]:
    """A file in blocks of whole lines (``paragraphs``: ending after a blank line)."""
    while block := handle.read(_BLOCK):
        more = [block, handle.readline()] if not block.endswith(b"\n") else [block]
        while paragraphs and (line := handle.readline()):
            more.append(line)
            if not line.strip():
                break
        yield b"".join(more)


def plain(path: str | os.PathLike[str]) -> bool:
    """Whether the file can be cut into records by blank lines and ``%`` lines alone:
    UTF-8 with ``\\n`` line ends, no byte-order mark, no comment open across a line
    end, no ``"#"`` session value, no white space but spaces and tabs (what
    :func:`~pfn.notation.split.split_records` would do with them is then plain)."""
    with open(path, "rb") as handle:
        if handle.read(3) == b"\xef\xbb\xbf":
            return False
        handle.seek(0)
        for block in _blocks(handle, paragraphs=False):
            odd = block.translate(None, _OTHERS)  # at C speed: the bytes to look at
            if odd.translate(None, _LEADS) or (odd and _ODD_SPACE.search(block)) or \
                    b'"#"' in block or _OPEN_COMMENT.search(block):
                return False
            try:
                block.decode("utf-8")
            except UnicodeDecodeError:
                return False
    return True


_RECORD_LINES = re.compile(rb"^(?![ \t]*(?:\n|\Z)|%)[^\n]*(?:\n(?![ \t]*(?:\n|\Z)|%)[^\n]*)*",
                           re.MULTILINE)
"""A run of lines neither blank nor ``%`` lines: a record, in a :func:`plain` file."""
_DIRECTIVE_LINE = re.compile(rb"^%", re.MULTILINE)


class _Cursor:
    """Line numbers and character offsets of byte positions of a block, counted from
    the last position asked for (positions are asked for in order)."""

    def __init__(self, block: bytes, base: int, line: int, chars: int) -> None:
        self.block, self.base, self.line, self.chars = block, base, line, chars
        self.position = 0

    def at(self, position: int) -> tuple[int, int, int]:
        """The file's byte offset, the line and the character offset at ``position``."""
        block = self.block
        self.line += block.count(b"\n", self.position, position)
        self.chars += len(block[self.position:position].decode("utf-8"))
        self.position = position
        return self.base + position, self.line, self.chars


def _match(text: bytes | None) -> str | None:
    return match_of(text.decode("utf-8") if text else "")


def _plain_spans(path: str, shown: str, records: int, size: int) -> Iterator[Span]:
    """:func:`spans` of a :func:`plain` file, found by regular expressions on its bytes:
    a record is a run of lines neither blank nor ``%`` lines, and it begins (with the
    directives before it) at its first directive, if any came since the record before.
    A record's match is looked for only where a span could end."""
    first: tuple[int, int, int] | None = None  # byte, line, char offset of the span
    count = 0
    previous: bytes | None = None  # the text of the record before
    base = chars = 0  # the block's first byte in the file, the characters before it
    line = 1  # the block's first line
    carried: tuple[int, int, int] | None = None  # a begin left at the end of a block
    with open(path, "rb") as handle:
        for block in _blocks(handle, paragraphs=True):
            where = _Cursor(block, base, line, chars)
            gap = 0  # where the lines after the last record begin
            for m in _RECORD_LINES.finditer(block):
                if carried is None:
                    directive = _DIRECTIVE_LINE.search(block, gap, m.start())
                    begin = base + (directive.start() if directive else m.start())
                else:
                    begin = carried[0]
                text = m.group()
                if first is not None and (count >= records or begin - first[0] >= size) \
                        and _cut(_match(text), _match(previous)):
                    yield Span(path, shown, first[0], begin, first[1], first[2])
                    first, count = None, 0
                if first is None:
                    first = carried or where.at(begin - base)
                carried = None
                count += 1
                previous = text
                gap = m.end()
            if (directive := _DIRECTIVE_LINE.search(block, gap)) and carried is None:
                carried = where.at(directive.start())
            _, line, chars = where.at(len(block))
            base += len(block)
    if carried is not None:  # directives after the last record: an empty record
        if first is not None and (count >= records or carried[0] - first[0] >= size):
            yield Span(path, shown, first[0], carried[0], first[1], first[2])
            first = None
        first = first or carried
    if first is not None:
        yield Span(path, shown, first[0], base, first[1], first[2])


def span_records(span: Span) -> Iterator[Record]:
    """The records of one span, numbered and named as in the whole file."""
    from dataclasses import replace

    from pfn.notation.reader import Reader, strip_bom
    from pfn.notation.split import split_records

    with open(span.path, "rb") as handle:
        if span.identity is not None and identity(os.fstat(handle.fileno())) != span.identity:
            raise FileChanged(tr("{name} changed while it was read (replaced or rewritten):"
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
        jobs: int = 1, engine: Executor = "local", scheduler: str | None = None,
        name: str | None = None) -> Iterator[R]:
    """The job's results over ``path``, in input order: serially (one result per group
    of records, whole matches each), in ``jobs`` worker processes, or on Dask (a local
    cluster of ``jobs`` workers, or the one at ``scheduler``), one result per span."""
    if jobs <= 1 and engine == "local":
        from pfn.notation.reader import read

        for group in _groups(entries(read(path, name=name or path), check, rules)):
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
        tasks = (Task(replace(span, identity=version), job, check, rules)
                 for span in spans(source, name or path))
        yield from map_ordered(run_task, tasks, jobs=jobs, engine=engine,
                               scheduler=scheduler, describe=_describe)


def _describe(task: Task[Any]) -> str:
    return task.span.where()


def map_ordered(function: Callable[[T], R], items: Iterable[T], *, jobs: int = 1,
                engine: Executor = "local", scheduler: str | None = None,
                describe: Callable[[T], str] = lambda item: tr("an item")) -> Iterator[R]:
    """``function`` over ``items``, results in order: here, in ``jobs`` worker processes
    or on Dask (the spans of :func:`run`, or the records of ``pfn annotate``, whose
    analysis is heavy beside sending them).  At most a few items per worker are in
    flight, so memory stays bounded.  Workers end with this process, however it ends;
    one that dies is an :class:`EngineError` naming what it was working on
    (``describe``).  Each item is worked on in the language of this run."""
    if engine == "dask" or jobs > 1:
        from pfn.i18n import current

        function = InLanguage(function, current())
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
    from concurrent.futures.process import BrokenProcessPool

    futures: deque[tuple[Future[R], T]] = deque()

    def result() -> R:
        future, item = futures.popleft()
        try:
            return future.result()
        except BrokenProcessPool:
            raise EngineError(tr("a worker process died while working on {item} (killed, or"
                                 " out of memory): nothing more is reported",
                                 item=describe(item))
                              ) from None

    with ProcessPoolExecutor(max_workers=jobs, initializer=_die_with_parent,
                             initargs=(os.getpid(),)) as pool:
        for item in items:
            futures.append((pool.submit(function, item), item))
            while len(futures) > 4 * jobs:
                yield result()
        while futures:
            yield result()


@dataclass(frozen=True)
class InLanguage(Generic[T, R]):
    """``function`` run in the language of the run that sends it: a worker started
    afresh (by spawn or forkserver, or on Dask) does not share the sender's."""

    function: Callable[[T], R]
    lang: str

    def __call__(self, item: T) -> R:
        from pfn.i18n import use

        with use(self.lang):
            return self.function(item)


def _die_with_parent(parent: int) -> None:
    """In a worker: end when the process that started the pool ends, even by SIGKILL
    (Linux's parent-death signal where that process is the worker's parent; a watcher
    thread that polls it otherwise — a worker started by a fork server, Python's default
    from 3.14, has the server as its parent)."""
    import signal
    import sys
    import threading

    if sys.platform == "linux" and os.getppid() == parent:
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG

    def alive() -> bool:
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # there, but another user's: a reused number
            return False
        return True

    if not alive():  # it died before the signal was asked for
        os._exit(1)

    def watch() -> None:
        import time

        while alive():
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


SCHEDULER_WAIT = float(os.environ.get("PFN_SCHEDULER_WAIT", "20"))
"""Seconds to wait for a Dask scheduler to answer (``PFN_SCHEDULER_WAIT`` sets it)."""


def _connect(api: Any, scheduler: str) -> Any:
    """A client of the scheduler at ``scheduler``, or an :class:`EngineError` within
    :data:`SCHEDULER_WAIT` seconds: a silent port, a server that is not a scheduler or
    an address that is not one all end in one line."""
    import threading
    from urllib.parse import urlsplit

    parts = urlsplit(scheduler if "://" in scheduler else f"tcp://{scheduler}")
    if not scheduler.strip() or parts.scheme not in ("tcp", "tls") or not parts.hostname:
        raise EngineError(tr("--scheduler {scheduler}: give a Dask scheduler's address,"
                             " tcp://host:8786",
                             scheduler=repr(scheduler)))
    found: list[Any] = []
    problem: list[BaseException] = []

    def attempt() -> None:
        try:
            found.append(api.Client(scheduler, timeout=f"{SCHEDULER_WAIT}s"))
        except BaseException as error:  # anything a wrong peer makes the client raise
            problem.append(error)

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(SCHEDULER_WAIT + 5)
    if found:
        return found[0]
    if thread.is_alive():
        raise EngineError(tr("no Dask scheduler at {scheduler}: no answer in {seconds} s",
                             scheduler=scheduler, seconds=format(SCHEDULER_WAIT, ".0f")))
    error = problem[0] if problem else None
    said = f"{type(error).__name__}: {error}" if error is not None else tr("no answer")
    raise EngineError(tr("no Dask scheduler at {scheduler} ({value})",
                         scheduler=scheduler, value=said[:200]))


@contextlib.contextmanager
def _dask_client(jobs: int, scheduler: str | None) -> Iterator[Any]:
    """A Dask client: on a local cluster of ``jobs`` workers, or at ``scheduler``."""
    try:
        import dask.distributed
    except ImportError:
        raise EngineError(tr("--engine dask needs Dask: pip install 'pfn[dask]'")) from None
    api: Any = dask.distributed  # untyped
    cluster: Any = None
    if scheduler is None:
        cluster = api.LocalCluster(n_workers=max(jobs, 1), threads_per_worker=1,
                                   processes=True, dashboard_address=":0",
                                   # no dashboard; the scheduler's HTTP routes on a free
                                   # port (by default 8787: a second cluster warns)
                                   scheduler_kwargs={"dashboard": False})
        client: Any = api.Client(cluster)
    else:
        client = _connect(api, scheduler)
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


