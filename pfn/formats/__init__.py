"""Games from the formats Preferans players already have, and out to a solver's.

Each importer reads one file into :class:`~pfn.formats.draft.Draft` records and located
problems; :func:`import_file` turns them into canonical PFN (read back by pfn's own
reader), or nothing at all when something could not be imported.

| format | module | what |
|---|---|---|
| ``bts``, ``pts`` | :mod:`pfn.formats.bts` | the slovesnov/bridge solver's problems; ``export`` |
| ``ppn`` | :mod:`pfn.formats.ppn` | portable preferans notation (Serbian) |
| ``unisay`` | :mod:`pfn.formats.unisay` | the JSON of the Unisay/preferanser deal editor |
| ``gambler`` | :mod:`pfn.formats.gambler` | the game logs scraped from a Russian server |
| ``jpref`` | :mod:`pfn.formats.jpref` | the test-vector lines of the JPref program |
| ``jpref-declare`` | :mod:`pfn.formats.jpref_declare` | JPref's discard vectors |
| ``shavlyugin`` | :mod:`pfn.formats.shavlyugin` | the solver tests of E. Shavlyugin's engine |
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from pfn.diagnostics import Diagnostic
from pfn.model import Record

FORMATS = {"bts": "bts", "pts": "bts", "ppn": "ppn", "unisay": "unisay", "gambler": "gambler",
           "jpref": "jpref", "jpref-declare": "jpref_declare",
           "shavlyugin": "shavlyugin"}
"""Every format ``pfn import`` reads, and the module that reads it."""

SUFFIXES = {".bts": "bts", ".pts": "pts", ".ppn": "ppn", ".json": "unisay", ".txt": "gambler",
            ".log": "gambler", ".tests": "shavlyugin"}
"""The format a file's extension suggests."""


@dataclass
class Imported:
    """One file imported: the PFN text (export format), its records, and what was said."""

    text: str
    records: list[Record] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.problems)


def import_data(data: bytes, fmt: str, name: str) -> Imported:
    """The records of ``data`` (a file's bytes, in format ``fmt``) as PFN."""
    from pfn.formats.draft import finish

    module = importlib.import_module(f"pfn.formats.{FORMATS[fmt]}")
    batch = module.read(data, name)
    text, records = finish(batch) if not batch.failed else ("", [])
    return Imported(text, records, batch.problems)


def import_file(path: str, fmt: str | None = None) -> Imported:
    """The records of the file at ``path`` as PFN (``fmt``: from the extension if not
    given).  ``OSError`` when it cannot be read."""
    import os

    if fmt is None:
        fmt = SUFFIXES.get(os.path.splitext(path)[1].lower())
        if fmt is None:
            raise ValueError(f"cannot tell the format of {path}: give --from")
    from pfn.notation.reader import open_input

    with open_input(path, "rb") as handle:
        return import_data(handle.read(), fmt, path)


__all__ = ["FORMATS", "SUFFIXES", "Imported", "import_data", "import_file"]
