"""Records with their text as written, and what checking them found.

The corpus tools write records out as they were written — formatting, comments and
all — so an :class:`Entry` keeps the record's own text beside the parsed record.  A
session tag written ``"#"`` ("as in the previous record") is written out with the
value it stands for, since the record it refers to may not be selected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from pfn.diagnostics import Diagnostic
from pfn.model import Record

HEADER = "% PFN 1.0\n"
"""The first line of a file the corpus tools write (PFN's export format)."""

_MATCH_LINE = re.compile(r'^[ \t]*\[[ \t]*match[ \t]*"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'
                         r'[ \t]*\][^\n]*\n', re.I | re.M)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


_SESSION_HASH = re.compile(r'(\[[ \t]*)([A-Za-z][A-Za-z0-9_]*)([ \t]*)"#"([ \t]*\])')


@dataclass(slots=True)
class Entry:
    """One record, its text, and (when asked for) what checking it found."""

    record: Record
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The record as written, ``#`` session values resolved, ending in one newline."""
        source = self.record.source
        text = source.text if source is not None else ""
        if '"#"' in text:
            values = {tag.name.casefold(): tag.value for tag in self.record.tags}

            def resolved(m: re.Match[str]) -> str:
                value = values.get(m.group(2).casefold())
                if value is None or value == "#":
                    return m.group(0)
                return f'{m.group(1)}{m.group(2)}{m.group(3)}"{_escape(value)}"{m.group(4)}'

            text = _SESSION_HASH.sub(resolved, text)
        implied = [tag for tag in self.record.tags if tag.implied]
        if implied:  # the match's header, which the record may now be written without
            lines = "".join(f'[{tag.name} "{_escape(tag.value)}"]\n' for tag in implied)
            found = _MATCH_LINE.search(text)
            at = found.end() if found is not None else 0
            text = text[:at] + lines + text[at:]
        return text.rstrip("\r\n") + "\n"

    @property
    def errors(self) -> int:
        """Errors found."""
        return sum(d.is_error for d in self.diagnostics)

    @property
    def counted(self) -> bool:
        """A record (not a stretch of comments or directives alone)."""
        return not self.record.empty


class Checker(Protocol):
    """Records checked in match order, as entries with their diagnostics (the check's
    :class:`pfn.check.RecordsChecked`: a corpus tool is given it, never imports it)."""

    def __call__(self, records: Iterable[Record]) -> Iterator[Entry]: ...


def entries(records: Iterable[Record], checker: Checker | None = None) -> Iterator[Entry]:
    """The records as entries: with the diagnostics of reading them, or checked by
    ``checker``."""
    if checker is not None:
        yield from checker(records)
        return
    for record in records:
        yield Entry(record, list(record.diagnostics))
