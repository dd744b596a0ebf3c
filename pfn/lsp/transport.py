"""The protocol's base layer read defensively: ``Content-Length`` frames from a byte
stream, in bounded memory, and back in step after a malformed one.

An editor's frames are well formed, but a server that trusts them stops for good on
one bad header (it glues every later header onto a body it waits for) and reads a
length of 10¹¹ into memory.  Here a header block that is not ``Content-Length: N``
(ASCII lines, N a decimal within :data:`MAX_BODY`) is reported and skipped up to the
next ``Content-Length:``; a body that is not JSON is skipped the same way from
inside, so a frame cut short does not take the next one with it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from pfn.i18n import tr

MAX_HEADER = 8 * 1024
"""The longest header block taken (the protocol's two headers need a hundred bytes)."""
MAX_BODY = 64 * 1024 * 1024
"""The longest message body taken; a longer one is skipped as malformed."""
_CHUNK = 64 * 1024
_MARK = b"Content-Length:"
_LENGTH = re.compile(rb"content-length:[ \t]*(\d{1,12})[ \t]*", re.IGNORECASE)
_FIELD = re.compile(rb"[!-9;-~]+:[ -~]*")


class FrameReader:
    """The bodies of the frames read from a file descriptor, one at a time."""

    def __init__(self, fd: int, on_bad: Callable[[str], None]) -> None:
        self.fd = fd
        self.on_bad = on_bad
        self.buffer = bytearray()
        self.ended = False
        self.lost = False
        """Out of step: everything up to the next ``Content-Length:`` is skipped."""

    def _fill(self) -> bool:
        """Read more; ``False`` at the end of the stream."""
        if self.ended:
            return False
        try:
            chunk = os.read(self.fd, _CHUNK)
        except OSError:
            chunk = b""
        if not chunk:
            self.ended = True
            return False
        self.buffer += chunk
        return True

    def _resync(self, start: int = 1) -> None:
        """Drop what was read up to the next ``Content-Length:`` from ``start`` on (all
        but a possible beginning of one when there is none yet)."""
        at = self.buffer.find(_MARK, start)
        self.lost = at < 0
        if at < 0:
            at = max(start, len(self.buffer) - len(_MARK) + 1)
        del self.buffer[:at]

    def next(self) -> bytes | None:
        """The next well-formed frame's body; ``None`` when the stream ends."""
        while True:
            if self.lost:
                self._resync(0)
                if self.lost and not self._fill():
                    return None
                continue
            end = self.buffer.find(b"\r\n\r\n", 0, MAX_HEADER + 4)
            if end < 0:
                if len(self.buffer) > MAX_HEADER:
                    self.on_bad(tr("a header longer than {size} bytes", size=MAX_HEADER))
                    self._resync()
                elif not self._fill():
                    if self.buffer.strip():
                        self.on_bad(tr("the stream ends inside a header"))
                    return None
                continue
            length = self._length(bytes(self.buffer[:end]))
            if length is None:
                self._resync()
                continue
            del self.buffer[:end + 4]
            while len(self.buffer) < length:
                if not self._fill():
                    self.on_bad(tr("the stream ends inside a body"))
                    return None
            body = bytes(self.buffer[:length])
            del self.buffer[:length]
            return body

    def _length(self, header: bytes) -> int | None:
        """The body's length a header block gives, or ``None`` (reported) when it is not
        a header the protocol allows."""
        lines = header.split(b"\r\n")
        if not all(_FIELD.fullmatch(line) for line in lines):
            self.on_bad(tr("a header that is not ASCII 'Name: value' lines: {text}",
                           text=repr(header[:80])))
            return None
        found = [_LENGTH.fullmatch(line) for line in lines]
        lengths = [int(m.group(1)) for m in found if m is not None]
        if len(lengths) != 1 or any(line.lower().startswith(b"content-length") and m is None
                                    for line, m in zip(lines, found, strict=True)):
            self.on_bad(tr("no valid Content-Length in the header: {text}",
                           text=repr(header[:80])))
            return None
        if lengths[0] > MAX_BODY:
            self.on_bad(tr("a body of {size} bytes (at most {limit} are taken)",
                           size=lengths[0], limit=MAX_BODY))
            return None
        return lengths[0]

    def skip_to_next(self, body: bytes) -> None:
        """After a body that is not JSON: if a frame header stands inside it (the frame
        was shorter than it said), read on from there."""
        at = body.find(_MARK, 1)
        if at >= 0:
            self.buffer[:0] = body[at:]
