"""``pfn split``: one file per match, per variant, or every N records.

Records are written as they are read (each as written, ``#`` values resolved), to
parts opened as they are first needed and moved into place whole at the end; a match's
records stay together in one file because they are contiguous in the input.  Each part
starts with the ``% PFN 1.0`` header; a part is named by a pattern
(``{stem}-{key}.pfn``).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from pfn.corpus.stream import HEADER, Entry
from pfn.diagnostics import PfnError
from pfn.files import file_name_part, same_file, sweep, take_over, temporary_prefix
from pfn.i18n import reason, tr

OPEN_FILES = 32
"""At most this many parts are open at once (the least recently used one is closed,
and reopened to append)."""


class SplitError(PfnError):
    """A pattern or a target that cannot be used."""


def _safe(text: str) -> str:
    """A key as a file name: letters, digits, ``.``, ``_`` and ``-`` kept."""
    return file_name_part(text, 200)


class Splitter:
    """Writes records into parts; :meth:`close` returns each part with its count.

    Every part is written to a temporary file beside it and moved into place whole by
    :meth:`close` (an interrupted run leaves the old parts as they were and no new
    one half written); a part is never an input (``inputs``: every file to be read,
    given before the first is read); two keys that clean to the same file name get
    numbered names, never one file."""

    def __init__(self, by: str, pattern: str, directory: Path,
                 inputs: Iterable[str] = ()) -> None:
        if by not in ("match", "variant") and not (by.isdigit() and int(by) > 0):
            raise SplitError(tr("--by {by}: match, variant, or a number of records",
                                by=repr(by)))
        self.by = by
        self.every = int(by) if by.isdigit() else 0
        self.pattern = pattern
        self.directory = directory
        self.counts: OrderedDict[Path, int] = OrderedDict()
        self.handles: OrderedDict[Path, TextIO] = OrderedDict()
        self.temporary: dict[Path, Path] = {}
        self.inputs = [Path(name) for name in inputs]
        self.keys: dict[Path, str] = {}
        """Which key each part holds (a second key on the same name is numbered)."""
        self.named: dict[str, Path] = {}
        self.part = 0
        self.in_part = 0

    def _name(self, entry: Entry, stem: str) -> Path:
        record = entry.record
        if self.every:
            if self.in_part == 0 or self.in_part >= self.every:
                self.part, self.in_part = self.part + 1, 0
            self.in_part += 1
            key = f"{self.part:03d}"
        variant = record.variant if record.syntax_ok else "unparsed"
        match = record.match or "no-match"
        if not self.every:
            key = variant if self.by == "variant" else match
        known = self.named.get(f"{stem}\0{key}")
        if known is not None:
            return known
        try:
            name = self.pattern.format(stem=stem, key=_safe(key), n=self.part,
                                       match=_safe(match), variant=_safe(variant))
        except (KeyError, IndexError, ValueError, AttributeError, TypeError) as error:
            raise SplitError(tr("--pattern {pattern} cannot be filled ({error}): a part's name"
                                " has the fields {{key}}, {{stem}}, {{match}}, {{variant}} and"
                                " {{n}} (formats such as {{n:03d}} allowed)",
                                pattern=repr(self.pattern), error=error)) from None
        path = self.directory / name
        number = 1
        while path in self.keys and self.keys[path] != f"{stem}\0{key}":
            number += 1  # another key that cleans to the same name: numbered, not merged
            path = path.with_name(f"{Path(name).stem}-{number}{Path(name).suffix}")
        self.keys[path] = f"{stem}\0{key}"
        self.named[f"{stem}\0{key}"] = path
        return path


    def _handle(self, path: Path) -> TextIO:
        handle = self.handles.get(path)
        if handle is not None:
            self.handles.move_to_end(path)
            return handle
        fresh = path not in self.counts
        if fresh and any(same_file(path, source) for source in self.inputs):
            raise SplitError(tr("{path}: that is an input file (nothing written)",
                                path=path))
        if len(self.handles) >= OPEN_FILES:
            _, oldest = self.handles.popitem(last=False)
            oldest.close()
        try:
            if fresh:
                path.parent.mkdir(parents=True, exist_ok=True)
                if path.is_dir():
                    raise SplitError(tr("cannot write {path}: it is a directory",
                                        path=path))
                sweep(path.parent, path.name)  # what a killed run left
                descriptor, name = tempfile.mkstemp(dir=path.parent, suffix=".tmp",
                                                    prefix=temporary_prefix(path.name))
                os.close(descriptor)
                self.temporary[path] = Path(name)
            handle = open(self.temporary[path], "w" if fresh else "a",  # noqa: SIM115
                          encoding="utf-8", errors="surrogateescape", newline="")
        except OSError as error:
            raise SplitError(tr("cannot write {path}: {value}",
                                path=path, value=reason(error))) from None
        if fresh:
            handle.write(HEADER)
            self.counts[path] = 0
        self.handles[path] = handle
        return handle

    def split(self, source: str) -> None:
        """Write the records of one file into their parts."""
        from pfn.notation.reader import read

        stem = Path(source).stem
        for record in read(source):
            entry = Entry(record)
            if not entry.counted:
                continue
            path = self._name(entry, stem)
            self._handle(path).write("\n" + entry.text)
            self.counts[path] += 1

    def close(self) -> list[tuple[str, int]]:
        """Close every part and move it into place; each part's name and how many
        records it holds."""
        try:
            for handle in self.handles.values():
                handle.close()
            self.handles.clear()
            for path, temporary in list(self.temporary.items()):
                try:
                    take_over(temporary, path.stat() if path.exists() else None)
                    os.replace(temporary, path)
                except OSError as error:
                    raise SplitError(tr("cannot write {path}: {value}",
                                        path=path, value=reason(error))
                                     ) from None
                del self.temporary[path]
        finally:
            self.abandon()
        return [(str(path), count) for path, count in self.counts.items()]

    def abandon(self) -> None:
        """Remove the parts not moved into place (an error or an interruption)."""
        for handle in self.handles.values():
            with contextlib.suppress(OSError):
                handle.close()
        self.handles.clear()
        for temporary in self.temporary.values():
            with contextlib.suppress(OSError):
                temporary.unlink()
        self.temporary.clear()

