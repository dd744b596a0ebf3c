"""What every importer builds: a :class:`Draft` of each record, in PFN's own words, and
the problems it met, located in the source file.

An importer only translates; :func:`finish` writes the drafts as PFN text, reads that
back with pfn's own reader and writes it in export format, so every importer's output is
canonical PFN by construction, and a draft pfn could not read is reported (at the
source line it came from), never written.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from pfn import codes
from pfn.cards import Card, Suit
from pfn.codes import Code
from pfn.diagnostics import Diagnostic
from pfn.messages import Text, msg
from pfn.model import Record

SUIT_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
"""PFN's order of the suits in a hand: S.C.D.H."""


@dataclass
class Draft:
    """One record as an importer understood it."""

    line: int
    """The source line the record starts on (where its problems are reported)."""
    tags: list[tuple[str, str]] = field(default_factory=list)
    sections: dict[str, list[str]] = field(default_factory=dict)
    """The moves after a section tag (``Auction``, ``Defence``, ``Play``), as lines."""
    comments: list[str] = field(default_factory=list)
    """Comments before the record's first tag (a problem's statement, a source note)."""

    def tag(self, name: str, value: str) -> None:
        self.tags.append((name, value))

    def text(self) -> str:
        """The record as PFN text."""
        out = [_comment(c) for c in self.comments if c.strip()]
        for name, value in self.tags:
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            out.append(f'[{name} "{" ".join(escaped.split())}"]')
            out.extend(self.sections.get(name, ()))
        return "\n".join(out) + "\n"


def _comment(text: str) -> str:
    """A comment that reads back as the same text (``;`` lines when it holds a brace)."""
    text = text.strip()
    if "}" not in text:
        return "{ " + text + " }"
    return "\n".join("; " + line for line in text.splitlines())


@dataclass
class Batch:
    """What one importer made of one file."""

    name: str
    drafts: list[Draft] = field(default_factory=list)
    source: list[str] = field(default_factory=list)
    """The file's lines, when known: a problem given a text and no column is placed at
    that text's first place on its line."""
    problems: list[Diagnostic] = field(default_factory=list)
    """What could not be imported (errors) and what the reader should know (notes)."""

    def problem(self, code: Code, message: Text, line: int, col: int | None = None,
                text: str | None = None, hint: Text | None = None) -> None:
        shown = self.source[line - 1] if 0 < line <= len(self.source) else None
        if col is None and text and shown is not None:
            found = shown.find(text)
            col = found + 1 if found >= 0 else None
        self.problems.append(Diagnostic(code, message, self.name, line, col, text, hint,
                                        shown))

    def note(self, message: str, line: int = 1) -> None:
        self.problems.append(Diagnostic(codes.I002, message, self.name, line, None))

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.problems)

    @property
    def failed(self) -> bool:
        return any(d.is_error for d in self.problems)


_TAG_LINE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"([^"\\]*+(?:\\.[^"\\]*+)*+)"\s*\]')


def tag_line(text: str) -> tuple[str, str] | None:
    """A PGN-style tag pair alone on a line (``[Event "Club"]``, as PBN and PPN write
    them): its name and value, ``None`` for any other line."""
    found = _TAG_LINE.fullmatch(text.strip())
    if found is None:
        return None
    return found.group(1), re.sub(r'\\(["\\])', r"\1", found.group(2))


def source_lines(data: bytes) -> list[str]:
    """A UTF-8 file's lines (a byte-order mark dropped, any line ending), as the
    importers of engines' test files read them."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8", errors="replace").replace("\r\n", "\n").split("\n")


def deal_tag(hands: Sequence[Sequence[Card]], seat: dict[int, str], talon: str) -> str:
    """The Deal tag's value of ``hands`` given in a file's order (``seat``: each one's
    seat letter), ``talon`` its last part (dotted, or ``?``)."""
    parts = [f"{seat[i]}:{hand_text(list(hands[i]))}"
             for i in sorted(seat, key=lambda i: seat[i])]
    return " ".join(parts) + f" talon:{talon}"


def play_lines(cards: Sequence[Card], talon: Sequence[Card] = ()) -> list[str]:
    """The Play section of cards in the order played, three players to a trick; the
    first tricks opened by the ``talon`` cards (an all-pass), one each."""
    lines = []
    for i in range(0, len(cards), 3):
        trick = " ".join(str(c) for c in cards[i:i + 3])
        lines.append(f"{talon[i // 3]} {trick}" if i // 3 < len(talon) else trick)
    return lines


def hand_text(cards: set[Card] | list[Card]) -> str:
    """A hand in the Deal tag's form: S.C.D.H, ranks high to low, ``-`` for a void."""
    groups = []
    for suit in SUIT_ORDER:
        ranks = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        groups.append("".join(r.letter for r in ranks) or "-")
    return ".".join(groups)


def finish(batch: Batch) -> tuple[str, list[Record]]:
    """The batch as export-format PFN and its records; problems are added to the
    batch (then the text is not to be written)."""
    from pfn.notation.reader import loads
    from pfn.notation.writer import dump

    records: list[Record] = []
    for draft in batch.drafts:
        read = [r for r in loads(draft.text(), name=batch.name) if not r.empty]
        for record in read:
            for d in record.diagnostics:
                if d.is_error:
                    batch.problem(d.code, msg("imported record would not read as PFN: {message}",
                                             message=d.message), draft.line, None, d.text)
        records.extend(read)
    if batch.failed:
        return "", []
    out = io.StringIO()
    dump(records, out)
    return out.getvalue(), records
