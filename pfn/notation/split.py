"""Cutting a PFN stream into records, lazily, in constant memory.

Records are separated by blank lines; a blank line inside a ``{ … }`` comment
does not end a record.  Lines starting with ``%`` are directives; they belong to
the file and are handed to the next record so that ``pfn fmt`` keeps them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Chunk:
    """The text of one record, where it starts, and the directives before it."""

    text: str
    line: int
    """1-based line number of the chunk's first line."""
    offset: int
    """Character offset of the chunk's first character."""
    directives: tuple[tuple[int, str], ...] = ()
    """``(line, text)`` of the ``%`` lines read since the previous chunk."""


def _brace_depth_after(line: str, inside: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of ``line``.

    Only ``{`` and ``}`` matter, but not inside a tag's quoted value or after a
    ``;`` comment; both are single-line constructs.
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


_TAG_LINE = re.compile(r'\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]*"')


def split_records(lines: Iterable[str]) -> Iterator[Chunk]:
    """Yield the records of a stream of lines (with their line ends) as chunks.

    Every chunk holds at least one non-blank line; the directives read after the
    last record come in a final chunk with empty text.  A comment left open is
    taken to end at the first blank line that is followed by a tag line, so an
    unterminated ``{`` costs one record, not the rest of the file.
    """
    buffer: list[str] = []
    directives: list[tuple[int, str]] = []
    start_line = start_offset = 0
    inside = blank_inside = False
    offset = 0
    for number, line in enumerate(lines, start=1):
        length = len(line)
        blank = not line.strip()
        if inside and blank_inside and not blank and _TAG_LINE.match(line):
            inside = blank_inside = False
            yield Chunk("".join(buffer), start_line, start_offset, tuple(directives))
            buffer, directives = [], []
        if not inside:
            if blank:
                if buffer:
                    yield Chunk("".join(buffer), start_line, start_offset, tuple(directives))
                    buffer, directives = [], []
                offset += length
                continue
            if line[0] == "%":
                directives.append((number, line.rstrip("\r\n")))
                offset += length
                continue
        elif blank:
            blank_inside = True
        if not buffer:
            start_line, start_offset = number, offset
        buffer.append(line)
        if inside or "{" in line:
            inside = _brace_depth_after(line, inside)
            if not inside:
                blank_inside = False
        offset += length
    if buffer:
        yield Chunk("".join(buffer), start_line, start_offset, tuple(directives))
    elif directives:
        yield Chunk("", directives[-1][0], offset, tuple(directives))
