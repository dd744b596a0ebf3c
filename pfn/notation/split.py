"""Cutting a PFN stream into records, lazily, in constant memory.

Records are separated by blank lines; a blank line inside a ``{ … }`` comment does
not end a record.  Lines starting with ``%`` are directives: they end the record
before them (so two files joined with ``cat`` stay two records) and are handed to
the next record so that ``pfn fmt`` keeps them.

Two ways of cutting a file are here, and nothing else in pfn cuts records:
:func:`split_records` on lines of text (what the reader reads), and
:class:`FileRecords`, which finds where each record of a file begins — byte, line
and character offset — for the corpus engine's spans: with :func:`split_records`
over the file's lines, or, in a :func:`plain` file, with regular expressions on its
bytes at C speed (the same records, five times faster).

A comment left open must not swallow the records after it.  A comment that is still
open at a blank line followed by a line that could start a record (a tag pair, or a
comment of its own) is decided by what comes next: if the brace that would close the
old comment closes a comment that the new record opened, the old comment was never
closed and the record ends at the blank line; otherwise it is one comment, blank
lines and tag-like lines included.
"""

from __future__ import annotations

import io
import os
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


def split_records(lines: Iterable[str], first_line: int = 1, first_offset: int = 0
                  ) -> Iterator[Chunk]:
    """Yield the records of a stream of lines (with their line ends) as chunks.

    Every chunk holds at least one non-blank line; the directives read after the
    last record come in a final chunk with empty text.  ``first_line`` and
    ``first_offset``: where the stream starts in its file (an editor reads a document
    again from the first record an edit touched).
    """
    buffer: list[str] = []
    directives: list[tuple[int, str]] = []
    start_line = start_offset = 0
    inside = blank_inside = False
    offset = first_offset
    # While a comment is open across a blank line and a line that could start a record
    # has come: where that line is in the buffer, and, reading from it as a new record,
    # whether a comment of the new record is open.
    pending = -1
    pending_line = pending_offset = 0
    fresh = False

    for number, line in enumerate(lines, start=first_line):
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


@dataclass(frozen=True, slots=True)
class Located:
    """A record of a file and where it begins (at the first directive before it, if
    any came since the record before)."""

    byte: int
    line: int
    """1-based."""
    char: int
    """Characters before it in the file (a byte-order mark not counted)."""
    text: str
    """The record's text; empty for the directives after the last record."""


class FileRecords:
    """The records of a file, in order, each :class:`Located`, read once in constant
    memory; :attr:`end` is the number of bytes read, once they are all read.

    ``fast``: when the file is :func:`plain`, cut it by regular expressions on its
    bytes rather than by :func:`split_records` on its lines (the same records)."""

    def __init__(self, path: str | os.PathLike[str], fast: bool = True) -> None:
        self.path = path
        self.plain = fast and plain(path)
        self.end = 0

    def __iter__(self) -> Iterator[Located]:
        return self._plain() if self.plain else self._text()

    def _text(self) -> Iterator[Located]:
        starts: dict[int, tuple[int, int]] = {}  # line -> (byte, char), recent lines

        def lines() -> Iterator[str]:
            # lines as a text-mode reader sees them (any line end read as "\n"), with
            # the bytes each took in the file
            byte = char = 0
            with open(self.path, encoding="utf-8", errors="surrogateescape",
                      newline="") as handle:
                for number, raw in enumerate(handle, start=1):
                    starts[number] = (byte, char)
                    byte += len(raw.encode("utf-8", errors="surrogateescape"))
                    line = raw[:-2] + "\n" if raw.endswith("\r\n") else \
                        raw[:-1] + "\n" if raw.endswith("\r") else raw
                    if number == 1 and line.startswith("\ufeff"):
                        line = line[1:]  # the reader drops a byte-order mark
                    char += len(line)
                    yield line
            self.end = byte

        for chunk in split_records(lines()):
            begin = chunk.directives[0][0] if chunk.directives else chunk.line
            byte, char = starts.get(begin, (self.end, 0))
            yield Located(byte, begin, char if begin > 1 else 0, chunk.text)
            for line in [n for n in starts if n < begin]:
                del starts[line]

    def _plain(self) -> Iterator[Located]:
        # a record is a run of lines neither blank nor ``%`` lines, and it begins (with
        # the directives before it) at its first directive, if any came since the
        # record before
        base = chars = 0  # the block's first byte in the file, the characters before it
        line = 1  # the block's first line
        carried: tuple[int, int, int] | None = None  # a begin left at the end of a block
        with open(self.path, "rb") as handle:
            for block in _blocks(handle, paragraphs=True):
                where = _Cursor(block, base, line, chars)
                gap = 0  # where the lines after the last record begin
                for m in _RECORD_LINES.finditer(block):
                    if carried is None:
                        directive = _DIRECTIVE_LINE.search(block, gap, m.start())
                        carried = where.at(directive.start() if directive else m.start())
                    yield Located(*carried, m.group().decode("utf-8"))
                    carried = None
                    gap = m.end()
                if (directive := _DIRECTIVE_LINE.search(block, gap)) and carried is None:
                    carried = where.at(directive.start())
                _, line, chars = where.at(len(block))
                base += len(block)
        self.end = base
        if carried is not None:  # directives after the last record: an empty record
            yield Located(*carried, "")


_OPEN_COMMENT = re.compile(rb"\{[^}\n]*(?:\n|\Z)")
"""A comment still open at the end of its line."""
_ODD_BYTES = b"\r\x0b\x0c\x1c\x1d\x1e\x1f"
"""Other line ends, and control characters that are white space (a line of them is
blank to the splitter)."""
_LEADS = b"\xc2\xe1\xe2\xe3"
"""The first bytes of the other white space characters in UTF-8."""
_OTHERS = bytes(b for b in range(256) if b not in _ODD_BYTES + _LEADS)
_ODD_SPACE = re.compile(rb"\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2(?:\x80[\x80-\x8a\xa8\xa9\xaf]|\x81\x9f)"
                        rb"|\xe3\x80\x80")
"""U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000."""
_BLOCK = 1 << 22


def _blocks(handle: io.BufferedReader, paragraphs: bool) -> Iterator[bytes]:
    """A file in blocks of whole lines (``paragraphs``: ending after a blank line)."""
    while block := handle.read(_BLOCK):
        more = [block, handle.readline()] if not block.endswith(b"\n") else [block]
        while paragraphs and (line := handle.readline()):
            more.append(line)
            if not line.strip():
                break
        yield b"".join(more)


def plain(path: str | os.PathLike[str]) -> bool:
    """Whether the file can be cut into records by blank lines and ``%`` lines alone:
    UTF-8 with ``\\n`` line ends, no byte-order mark, no comment open across a line
    end, no ``"#"`` session value, no white space but spaces and tabs (what
    :func:`split_records` would do with them is then plain)."""
    with open(path, "rb") as handle:
        if handle.read(3) == b"\xef\xbb\xbf":
            return False
        handle.seek(0)
        for block in _blocks(handle, paragraphs=False):
            odd = block.translate(None, _OTHERS)  # at C speed: the bytes to look at
            if odd.translate(None, _LEADS) or (odd and _ODD_SPACE.search(block)) or \
                    b'"#"' in block or _OPEN_COMMENT.search(block):
                return False
            try:
                block.decode("utf-8")
            except UnicodeDecodeError:
                return False
    return True


_RECORD_LINES = re.compile(rb"^(?![ \t]*(?:\n|\Z)|%)[^\n]*(?:\n(?![ \t]*(?:\n|\Z)|%)[^\n]*)*",
                           re.MULTILINE)
"""A run of lines neither blank nor ``%`` lines: a record, in a :func:`plain` file."""
_DIRECTIVE_LINE = re.compile(rb"^%", re.MULTILINE)


class _Cursor:
    """Line numbers and character offsets of byte positions of a block, counted from
    the last position asked for (positions are asked for in order)."""

    def __init__(self, block: bytes, base: int, line: int, chars: int) -> None:
        self.block, self.base, self.line, self.chars = block, base, line, chars
        self.position = 0

    def at(self, position: int) -> tuple[int, int, int]:
        """The file's byte offset, the line and the character offset at ``position``."""
        block = self.block
        self.line += block.count(b"\n", self.position, position)
        self.chars += len(block[self.position:position].decode("utf-8"))
        self.position = position
        return self.base + position, self.line, self.chars
