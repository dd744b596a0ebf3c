"""``pfn fmt`` as a library: records in export format, streamed and verified.

Every record is written in export format and read back before it counts: if the
text it was given does not read back as the same record (its tags, sections,
comments and annotations alike), nothing is written.  A record that did not parse,
or whose text has notation errors, stops the rewrite too: formatting it would lose
what could not be read.  Records stream through one at a time, so memory does not
grow with the file.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from pfn import codes
from pfn.diagnostics import Diagnostic, PfnError, text_lines
from pfn.files import write_atomic
from pfn.i18n import ntr
from pfn.messages import msg
from pfn.model import Record
from pfn.notation.reader import Reader
from pfn.notation.writer import HEADER, Headers, record_lines


class NotFormatted(PfnError):
    """The input cannot be rewritten without losing something; see ``problems``."""

    def __init__(self, problems: list[Diagnostic]) -> None:
        super().__init__(ntr("{n} problem", "{n} problems", len(problems)))
        self.problems = problems


def blocking(record: Record) -> list[Diagnostic]:
    """What stops a record from being rewritten: its notation errors, located."""
    found = [d for d in record.diagnostics if d.is_notation]
    if not found:
        return []
    source = record.source
    lines = text_lines(source.text) if source is not None else None
    first = source.line if source is not None else 1
    return [d.located(source.name if source else None, lines, first) for d in found]


@dataclass
class Exporter:
    """Writes records in export format to an open file, reading each one back."""

    handle: TextIO
    name: str | None = None
    problems: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._verifier = Reader(self.name)
        self._headers = Headers()
        self.handle.write(HEADER + "\n")

    def write(self, record: Record) -> None:
        """Write one record (nothing more once a problem was found; keep looking for
        problems, so they are all reported at once)."""
        stops = blocking(record)
        if stops:
            self.problems += stops
            return
        lines = record_lines(record, self._headers.starts(record))
        if not lines or self.problems:
            return
        text = "\n".join(lines) + "\n\n"
        if list(self._verifier.records(io.StringIO(text))) != [record]:
            source = record.source
            line = source.line if source is not None else None
            self.problems.append(Diagnostic(
                codes.E121, msg("this record would not read back the same in export format,"
                               " so the file is left as it is"),
                source.name if source else self.name, line, 1,
                advice=msg("please report it: it is a bug in pfn")))
            return
        self.handle.write(text)

    def finish(self) -> None:
        """Raise :class:`NotFormatted` if anything stopped the rewrite."""
        if self.problems:
            raise NotFormatted(self.problems)


def export(records: Iterable[Record], handle: TextIO, name: str | None = None) -> None:
    """Write ``records`` in export format to ``handle``, verified (:class:`NotFormatted`
    when the input cannot be rewritten; then what was written is not to be used)."""
    exporter = Exporter(handle, name)
    for record in records:
        exporter.write(record)
    exporter.finish()


def formatted(lines: Iterable[str], name: str | None = None) -> Iterator[Record]:
    """The records of PFN text lines, read for formatting."""
    return Reader(name).records(lines)


def format_file(path: str | os.PathLike[str], output: str | os.PathLike[str] | None = None,
                force: bool = False,
                change: Callable[[Iterable[Record]], Iterable[Record]] | None = None) -> bool:
    """Rewrite the PFN file ``path`` in export format, in place or into ``output``;
    whether anything was written (a file already in export format is left alone).  The
    target is replaced in one step (:func:`~pfn.files.write_atomic`), and only when
    every record reads back the same (:class:`NotFormatted` otherwise).  ``change``:
    what is done to the records on their way (``pfn fmt --fill``)."""
    target = Path(output) if output is not None else Path(path)
    with open(path, encoding="utf-8", errors="surrogateescape", newline=None) as handle:
        records: Iterable[Record] = formatted(handle, str(path))
        if change is not None:
            records = change(records)
        return write_atomic(target, lambda out: export(records, out, str(path)),
                            keep_if_same=True, force=force)


def is_formatted(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is already in export format, byte for byte
    (:class:`NotFormatted` when it cannot be formatted at all)."""
    with open(path, encoding="utf-8", errors="surrogateescape", newline=None) as source, \
            tempfile.TemporaryFile() as scratch:
        text = io.TextIOWrapper(scratch, encoding="utf-8", newline="\n")
        export(formatted(source, str(path)), text, str(path))
        text.flush()
        scratch.seek(0)
        with open(path, "rb") as original:
            while True:
                mine, theirs = original.read(1 << 16), scratch.read(1 << 16)
                if mine != theirs:
                    return False
                if not mine:
                    return True
