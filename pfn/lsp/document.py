"""A PFN document as an editor holds it: its records, and what stands at a position.

Lines and columns here are 0-based, as the Language Server Protocol counts them; the
records' own positions (:class:`pfn.model.Source`, diagnostics) are 1-based.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

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


class Document:
    """The text of one file and the records read from it."""

    def __init__(self, text: str, name: str = "<document>") -> None:
        self.text = text
        self.name = name
        self.lines = text.splitlines()

    @cached_property
    def records(self) -> list[Record]:
        from pfn.notation.reader import loads

        return [r for r in loads(self.text, name=self.name) if not r.empty]

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
