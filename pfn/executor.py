"""Work done in parallel, results in input order: in worker processes or on a Dask
cluster.

The layer below everything that runs in parallel (checking a file in spans, weighing
layouts, annotating records): it knows nothing of records, only of functions and the
items they are given.  How many workers a run uses is decided here too, so a serial
run imports nothing more than this module.

No language travels with the items: what a worker sends back says its texts as
:mod:`pfn.messages` values (problems, the reasons of a score), put into words where
they are printed, in the language of the run that prints them.
"""

from __future__ import annotations

import contextlib
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal, TypeVar

from pfn.diagnostics import PfnError
from pfn.i18n import tr

R = TypeVar("R")
T = TypeVar("T")
Executor = Literal["local", "dask"]
"""Where parallel work runs: worker processes here, or a Dask cluster."""

MAX_JOBS = 256
"""The most worker processes a run starts (more only waste memory on any machine)."""

PARALLEL_BYTES = 4 << 20
"""Inputs smaller than this are run serially by default: starting workers costs more
than they save."""


class EngineError(PfnError, RuntimeError):
    """The engine cannot run (Dask missing, no scheduler at the address)."""


def workers(asked: int | None, path: str | None = None) -> int:
    """How many workers to use: ``asked`` (0: one per CPU); when nothing is asked, one
    per CPU for a file of :data:`PARALLEL_BYTES` or more, else one."""
    if asked is not None:
        if asked > MAX_JOBS:
            raise EngineError(tr("--jobs {asked}: at most {n} worker processes",
                                 asked=asked, n=MAX_JOBS))
        return asked or os.cpu_count() or 1
    try:
        big = path is not None and os.path.getsize(path) >= PARALLEL_BYTES
    except OSError:
        return 1
    return (os.cpu_count() or 1) if big else 1


def map_ordered(function: Callable[[T], R], items: Iterable[T], *, jobs: int = 1,
                engine: Executor = "local", scheduler: str | None = None,
                describe: Callable[[T], str] = lambda item: tr("an item")) -> Iterator[R]:
    """``function`` over ``items``, results in order: here, in ``jobs`` worker processes
    or on Dask (the spans of :func:`run`, or the records of ``pfn annotate``, whose
    analysis is heavy beside sending them).  At most a few items per worker are in
    flight, so memory stays bounded.  Workers end with this process, however it ends;
    one that dies is an :class:`EngineError` naming what it was working on
    (``describe``).  A worker speaks no language of its own: ``function`` returns
    texts as :mod:`pfn.messages` values, said here when they are printed."""
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


