"""The file a pool is written to, kept byte for byte (see :class:`PoolFile`)."""

from __future__ import annotations

import hashlib
import io
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from pfn.diagnostics import PfnError
from pfn.files import write_atomic
from pfn.i18n import reason, tr
from pfn.model import Record

MAX_BYTES = 16 * 1024 * 1024
"""A pool file larger than this is not a pool kept at a table (a sparse file, an
archive): it is refused, so that reading it cannot take all the memory."""


def _digest(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


@dataclass
class PoolFile:
    """The file a pool is written to: read only when it is a regular file of a pool's
    size, appended to without touching a byte of what is there, and cut back only by
    what this session added, or by the record it read, while the file is as it was."""

    path: Path
    digest: bytes = b""
    """Of the file as last read or written here."""
    added: list[int] = field(default_factory=list)
    """The file's size before each deal this session appended, the last one last."""

    def read(self) -> bytes:
        """The file's bytes (none when there is no file); a directory, a device, a FIFO,
        a socket or a file far larger than a pool is refused with a :class:`PfnError`."""
        try:
            found = os.stat(self.path)
        except FileNotFoundError:  # a new file (or a dangling link: the write says so)
            return b""
        except OSError as error:
            raise PfnError(tr("cannot read {path}: {reason}", path=self.path,
                              reason=reason(error))) from None
        if stat.S_ISDIR(found.st_mode):
            raise PfnError(tr("cannot record into {path}: it is a directory; name a file,"
                              " e.g. {example}", path=self.path,
                              example=self.path / "pool.pfn"))
        if not stat.S_ISREG(found.st_mode):
            raise PfnError(tr("cannot record into {path}: it is not a regular file (a"
                              " device, a FIFO or a socket); name a file", path=self.path))
        try:
            with open(self.path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as error:
            raise PfnError(tr("cannot read {path}: {reason}", path=self.path,
                              reason=reason(error))) from None
        if len(data) > MAX_BYTES:
            raise PfnError(tr("{path} is larger than {size} MB, more than a pool holds:"
                              " record into another file", path=self.path,
                              size=MAX_BYTES // (1024 * 1024)))
        return data

    def seen(self, data: bytes) -> None:
        """``data`` is the file as it is now."""
        self.digest = _digest(data)

    def changed(self) -> bool:
        """Whether the file is no longer what was last read or written here."""
        return _digest(self.read()) != self.digest

    def append(self, text: str) -> None:
        """``text`` (a record, ``\n`` line ends) added after what the file holds,
        separated by one blank line, in the file's own line ends."""
        data = self.read()
        end = _line_end(data)
        body = text.rstrip("\n").replace("\n", end) + end
        if not data:
            head = b"% PFN 1.0" + end.encode() * 2
        elif data.endswith((b"\n\n", b"\r\n\r\n")):
            head = data
        elif data.endswith(b"\n"):
            head = data + end.encode()
        else:
            head = data + end.encode() * 2
        new = head + body.encode("utf-8")
        write_atomic(self.path, new)
        self.added.append(len(data))
        self.seen(new)

    def take_out(self, last: Record) -> bool:
        """The record ``last`` (the file's last) taken out: exactly the bytes this
        session added for it, or its lines as read (its comments above it and the notes
        after it kept).  False, and nothing cut, when the file changed meanwhile."""
        data = self.read()
        if _digest(data) != self.digest:
            self.added.clear()  # the sizes noted no longer describe this file
            return False
        if self.added:
            kept = data[:self.added.pop()]
        else:
            cut = _without(data, last)
            if cut is None:
                return False
            kept = cut
        write_atomic(self.path, kept)
        self.seen(kept)
        return True


def _line_end(data: bytes) -> str:
    """The file's line end: CRLF when its first line ends so, else LF."""
    first = data.find(b"\n")
    return "\r\n" if first > 0 and data[first - 1:first] == b"\r" else "\n"


def _without(data: bytes, record: Record) -> bytes | None:
    """``data`` without ``record``'s own lines: from its first tag to its end (comments
    above the tags and the blank-line-separated notes after it stay), with one blank
    line between what was before and after it.  ``None`` when the lines at the record's
    place are not its text (the file is not the one it was read from)."""
    source = record.source
    if source is None or not source.text:
        return None
    # the lines as the reader counted them (LF, CRLF or CR), each with its own end
    lines = list(io.StringIO(data.decode("utf-8", "surrogateescape"), newline=""))
    own = list(io.StringIO(source.text, newline=None))
    start = source.line - 1
    end = start + len(own)
    found = [line.rstrip("\r\n").removeprefix("\ufeff") for line in lines[start:end]]
    if start < 0 or found != [line.rstrip("\n").removeprefix("\ufeff") for line in own]:
        return None
    first = start
    while start < end and not lines[start].lstrip().startswith("["):
        start += 1  # a comment written above the deal is the user's: it stays
    if start == end:
        return None

    def blank(line: str) -> bool:
        return not line.strip()

    if all(blank(line) for line in lines[end:]):
        while start > 0 and blank(lines[start - 1]):
            start -= 1  # nothing after it: the blank lines before it go too
        end = len(lines)
    elif start == first:
        while end < len(lines) and blank(lines[end]):
            end += 1  # what follows moves up to where the deal began
    return "".join([*lines[:start], *lines[end:]]).encode("utf-8", "surrogateescape")
