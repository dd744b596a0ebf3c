"""How many workers a run uses, and the error an engine raises: the small part of the
engine every command needs, so a serial run never imports the engine itself."""

from __future__ import annotations

import os

from pfn.diagnostics import PfnError
from pfn.i18n import tr

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
