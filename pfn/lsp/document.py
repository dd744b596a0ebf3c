"""A PFN document as an editor holds it: its records, and what stands at a position.

Lines and columns here are 0-based, as the Language Server Protocol counts them; the
records' own positions (:class:`pfn.model.Source`, diagnostics) are 1-based.
"""

from __future__ import annotations

import copy
import io
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pfn.model import Record

SECTIONS = ("Auction", "Defence", "Play", "Sheet")
_TAG = re.compile(r'^\s*\[(?P<name>[A-Za-z]\w*)\s*"(?P<value>[^"]*)"?\s*\]?')
_TOKEN = re.compile(r"[^\s{}()\[\]\"]+")


@dataclass(frozen=True)
class Token:
    """A word of a line: its text and where it is (0-based line, start and end column)."""

    text: str
    line: int
    start: int
    end: int


@dataclass(frozen=True)
class _Read:
    """A record as read, where its text ends, and the reader's state after it (what
    ``#`` values and match-wide tags carry to the records below)."""

    record: Record
    end: int
    reader: Any


class Document:
    """The text of one file and the records read from it.  Made from the version
    before (``previous``), it reads again only from the first record the edit touched:
    a keystroke in the last deal of a pool does not read the whole pool again."""

    def __init__(self, text: str, name: str = "<document>",
                 previous: Document | None = None) -> None:
        self.text = text
        self.name = name
        self.lines = text.splitlines()
        self.previous = previous
        self.checks: list[Any] | None = None
        """Each record's check and the state of the match after it, kept by
        :func:`pfn.lsp.features.diagnostics` for the next version to go on from."""
        self.prior_checks: list[Any] | None = None if previous is None else (
            previous.checks if previous.checks is not None else previous.prior_checks)

    @cached_property
    def _read(self) -> list[_Read]:
        from pfn.notation.reader import Reader, strip_bom
        from pfn.notation.split import split_records

        kept: list[_Read] = []
        reader, start = Reader(self.name), 0
        before = self.previous
        self.previous = None  # one version back is enough: let the older go
        if before is not None and before.name == self.name and "_read" in vars(before) \
                and "\r" not in self.text:
            same = _common_prefix(before.text, self.text)
            for read in before._read:
                after = self.text.find("\n", read.end)
                # reused while the record and the blank line under it are untouched
                if not read.record.syntax_ok or after < 0 or after >= same or \
                        self.text[read.end:after].strip():
                    break
                kept.append(read)
                start = after + 1
            if kept:
                reader = copy.deepcopy(kept[-1].reader)
        # read from ``start``, its lines and offsets counted as in the file
        rest = io.StringIO(self.text[start:], newline=None)
        for chunk in split_records(strip_bom(rest) if not start else rest,
                                   self.text.count("\n", 0, start) + 1, start):
            record = reader.parse(chunk)
            if record is not None:
                kept.append(_Read(record, chunk.offset + len(chunk.text),
                                  copy.deepcopy(reader)))
        return kept

    @cached_property
    def records(self) -> list[Record]:
        return [read.record for read in self._read if not read.record.empty]

    def spans(self) -> list[tuple[Record, int, int]]:
        """Each record with its first and last line (0-based, inclusive)."""
        found = [(r, r.source.line - 1) for r in self.records if r.source is not None]
        out = []
        for index, (record, first) in enumerate(found):
            last = found[index + 1][1] - 1 if index + 1 < len(found) else len(self.lines) - 1
            while last > first and not self.lines[last].strip():
                last -= 1
            out.append((record, first, last))
        return out

    def record_at(self, line: int) -> tuple[Record, int, int] | None:
        """The record whose lines hold ``line``, with its span.  A blank line right under
        a record belongs to it: it is the fresh line where its next move is typed (the
        reader ends the record at that blank line until something is written on it)."""
        if not 0 <= line < max(len(self.lines), 1) + 1:
            return None
        blank = line >= len(self.lines) or not self.lines[line].strip()
        for record, first, last in self.spans():
            if first <= line <= last or (blank and line == last + 1):
                return record, first, last
        return None

    def tag_at(self, line: int) -> tuple[str, str, int] | None:
        """The tag written on ``line``: its name, its value and where the value starts."""
        if not 0 <= line < len(self.lines):
            return None
        found = _TAG.match(self.lines[line])
        if found is None:
            return None
        return found.group("name"), found.group("value"), found.start("value")

    def section_of(self, line: int) -> tuple[str, int] | None:
        """The section (Auction, Defence, Play, Sheet) whose moves ``line`` holds, and the
        line of its tag."""
        if not 0 <= line <= len(self.lines):
            return None
        span = self.record_at(line)
        first = span[1] if span is not None else 0
        for at in range(line, first - 1, -1):
            tag = self.tag_at(at)
            if tag is not None:
                return (tag[0], at) if tag[0] in SECTIONS and at != line else None
        return None

    def tokens(self, line: int) -> list[Token]:
        """The words of ``line`` outside comments and variations."""
        text = self.lines[line] if 0 <= line < len(self.lines) else ""
        out, depth = [], 0
        for found in re.finditer(r"[{}()]|[^\s{}()]+", text):
            word = found.group()
            if word in "{(":
                depth += 1
            elif word in "})":
                depth = max(0, depth - 1)
            elif depth == 0:
                out.append(Token(word, line, found.start(), found.end()))
        return out

    def token_at(self, line: int, column: int) -> Token | None:
        """The word under the cursor (at or just before ``column``)."""
        for token in self.tokens(line):
            if token.start <= column <= token.end:
                return token
        return None


def _common_prefix(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` share from the start."""
    low, high = 0, min(len(a), len(b))
    while low < high:  # halving on slices: C speed on long texts
        middle = (low + high + 1) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low
