"""Cutting a PFN stream into records, lazily, in constant memory.

Records are separated by blank lines; a blank line inside a ``{ … }`` comment does
not end a record.  Lines starting with ``%`` are directives: they end the record
before them (so two files joined with ``cat`` stay two records) and are handed to
the next record so that ``pfn fmt`` keeps them.

A comment left open must not swallow the records after it.  A comment that is still
open at a blank line followed by a line that could start a record (a tag pair, or a
comment of its own) is decided by what comes next: if the brace that would close the
old comment closes a comment that the new record opened, the old comment was never
closed and the record ends at the blank line; otherwise it is one comment, blank
lines and tag-like lines included.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(slots=True)
class Chunk:
    """The text of one record, where it starts, and the directives before it."""

    text: str
    line: int
    """1-based line number of the chunk's first line."""
    offset: int
    """Character offset of the chunk's first character."""
    directives: tuple[tuple[int, str], ...] = ()
    """``(line, text)`` of the ``%`` lines read since the previous chunk."""


def _open_after(line: str, inside: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of ``line``.

    Only ``{`` and ``}`` matter, but not inside a tag's quoted value or after a ``;``
    comment; both are single-line constructs.
    """
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if inside:
            close = line.find("}", i)
            if close < 0:
                return True
            inside, i = False, close + 1
            continue
        if ch == "{":
            inside = True
        elif ch == ";":
            return False
        elif ch == '"':
            end = i + 1
            while end < n and line[end] != '"':
                end += 2 if line[end] == "\\" else 1
            i = end
        i += 1
    return inside


_TAG_LINE = re.compile(r'[ \t]*\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]*"')
_COMMENT_LINE = re.compile(r"[ \t]*[{;]")


def _could_start_record(line: str) -> bool:
    """A tag pair or a comment at the start of a line."""
    return bool(_TAG_LINE.match(line) or _COMMENT_LINE.match(line))


def split_records(lines: Iterable[str]) -> Iterator[Chunk]:
    """Yield the records of a stream of lines (with their line ends) as chunks.

    Every chunk holds at least one non-blank line; the directives read after the
    last record come in a final chunk with empty text.
    """
    buffer: list[str] = []
    directives: list[tuple[int, str]] = []
    start_line = start_offset = 0
    inside = blank_inside = False
    offset = 0
    # While a comment is open across a blank line and a line that could start a record
    # has come: where that line is in the buffer, and, reading from it as a new record,
    # whether a comment of the new record is open.
    pending = -1
    pending_line = pending_offset = 0
    fresh = False

    for number, line in enumerate(lines, start=1):
        length = len(line)
        blank = not line.strip()
        if pending < 0 and inside and blank_inside and not blank and _could_start_record(line):
            pending, pending_line, pending_offset, fresh = len(buffer), number, offset, False
        if pending >= 0:
            close = line.find("}")  # the brace that would close the old comment
            split = (blank and not fresh) or (
                close >= 0 and _open_after(line[:close], fresh))
            if split:  # the old comment was never closed: the record ended at a blank line
                yield Chunk("".join(buffer[:pending]), start_line, start_offset,
                            tuple(directives))
                buffer, directives = buffer[pending:], []
                start_line, start_offset = pending_line, pending_offset
                inside, blank_inside, pending = fresh, False, -1
            elif close >= 0:  # it closes here: one comment, blank lines and all
                pending = -1
            else:
                fresh = _open_after(line, fresh)
        if not inside:
            if blank:
                if buffer:
                    yield Chunk("".join(buffer), start_line, start_offset, tuple(directives))
                    buffer, directives = [], []
                offset += length
                continue
            if line[0] == "%":
                if buffer:  # a directive ends the record before it
                    yield Chunk("".join(buffer), start_line, start_offset, tuple(directives))
                    buffer, directives = [], []
                directives.append((number, line.rstrip("\r\n")))
                offset += length
                continue
        elif blank:
            blank_inside = True
        if not buffer:
            start_line, start_offset = number, offset
        buffer.append(line)
        if inside or "{" in line:
            inside = _open_after(line, inside)
            if not inside:
                blank_inside = False
        offset += length
    if pending >= 0 and inside:  # never closed: the comment ends at the blank line
        yield Chunk("".join(buffer[:pending]), start_line, start_offset, tuple(directives))
        buffer, directives = buffer[pending:], []
        start_line, start_offset = pending_line, pending_offset
    if buffer:
        yield Chunk("".join(buffer), start_line, start_offset, tuple(directives))
    elif directives:
        yield Chunk("", directives[-1][0], offset, tuple(directives))
