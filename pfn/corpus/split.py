"""``pfn split``: one file per match, per variant, or every N records.

Records are written as they are read (each as written, ``#`` values resolved), to
files opened as they are first needed; a match's records stay together in one file
because they are contiguous in the input.  Each part starts with the ``% PFN 1.0``
header; a part is named by a pattern (``{stem}-{key}.pfn``).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path
from typing import TextIO

from pfn.corpus.stream import HEADER, Entry

OPEN_FILES = 32
"""At most this many parts are open at once (the least recently used one is closed,
and reopened to append)."""


class SplitError(ValueError):
    """A pattern or a target that cannot be used."""


def _safe(text: str) -> str:
    """A key as a file name: letters, digits, ``.``, ``_`` and ``-`` kept."""
    return re.sub(r"[^\w.-]+", "_", text, flags=re.UNICODE).strip("._") or "_"


class Splitter:
    """Writes records into parts; :meth:`close` returns each part with its count."""

    def __init__(self, by: str, pattern: str, directory: Path) -> None:
        if by not in ("match", "variant") and not (by.isdigit() and int(by) > 0):
            raise SplitError(f"--by {by!r}: match, variant, or a number of records")
        self.by = by
        self.every = int(by) if by.isdigit() else 0
        self.pattern = pattern
        self.directory = directory
        self.counts: OrderedDict[Path, int] = OrderedDict()
        self.handles: OrderedDict[Path, TextIO] = OrderedDict()
        self.inputs: set[Path] = set()
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
        try:
            name = self.pattern.format(stem=stem, key=_safe(key), n=self.part,
                                       match=_safe(match), variant=_safe(variant))
        except (KeyError, IndexError, ValueError) as error:
            raise SplitError(f"--pattern {self.pattern!r}: {error}") from None
        return self.directory / name

    def _handle(self, path: Path) -> TextIO:
        handle = self.handles.get(path)
        if handle is not None:
            self.handles.move_to_end(path)
            return handle
        if path.resolve() in self.inputs:
            raise SplitError(f"{path}: that is an input file")
        fresh = path not in self.counts
        if len(self.handles) >= OPEN_FILES:
            _, oldest = self.handles.popitem(last=False)
            oldest.close()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(path, "w" if fresh else "a", encoding="utf-8",  # noqa: SIM115
                          errors="surrogateescape", newline="")
        except OSError as error:
            raise SplitError(f"cannot write {path}: {error.strerror or error}") from None
        if fresh:
            handle.write(HEADER)
            self.counts[path] = 0
        self.handles[path] = handle
        return handle

    def split(self, source: str) -> None:
        """Write the records of one file into their parts."""
        from pfn.notation.reader import read

        self.inputs.add(Path(source).resolve())
        stem = Path(source).stem
        for record in read(source):
            entry = Entry(record)
            if not entry.counted:
                continue
            path = self._name(entry, stem)
            self._handle(path).write("\n" + entry.text)
            self.counts[path] += 1

    def close(self) -> list[tuple[str, int]]:
        """Close every part; each part's name and how many records it holds."""
        for handle in self.handles.values():
            handle.close()
        self.handles.clear()
        return [(str(path), count) for path, count in self.counts.items()]
