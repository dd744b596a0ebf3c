"""Writing PFN in export format: canonical, byte-identical for the same content.

Export format (spec, section 8): the ``% PFN 1.0`` directive first, records
separated by one blank line, tags in the fixed roster order (unknown tags after
the known ones, in input order), ASCII tokens, one space between tokens, one
trick per line, and lines under 80 characters — wrapping only where a line
break means nothing (between calls; inside comments and variations).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO

from pfn.diagnostics import PfnError
from pfn.i18n import tr
from pfn.model import (
    Annotation,
    CallNode,
    CardRun,
    Record,
    Tag,
    Variation,
    format_amount,
)
from pfn.notation.build import KNOWN_TAGS
from pfn.notation.canonical import canonical_value, sorted_entries

WIDTH = 79
"""Longest line the writer produces (PGN's export rule: under 80 characters)."""
HEADER = "% PFN 1.0"

_ORDER = {name: i for i, name in enumerate(KNOWN_TAGS)}


class UnwritableRecord(PfnError):
    """A record that cannot be written (it did not parse).  Not to be confused with
    :class:`pfn.files.WriteError`, a file that cannot be written."""


@dataclass(frozen=True, slots=True)
class _Atom:
    text: str
    breakable: bool
    """A line may break before this atom."""


_NEEDS_ESCAPE = re.compile(r'\\(?=["\\]|$)|"')


def _escape(value: str) -> str:
    """A tag value in quotes: a quote is escaped, and a backslash only where it would
    otherwise be read as an escape (before a quote, a backslash or the closing quote),
    so ``C:\\games`` is written as it is."""
    return _NEEDS_ESCAPE.sub(lambda m: "\\" + m.group(), value) if (
        "\\" in value or '"' in value) else value


def _comment_atoms(text: str, out: list[_Atom]) -> None:
    if "}" in text:
        # a comment containing "}" can only be a ";" comment, which runs to the line end
        out.append(_Atom("; " + " ".join(text.split()), True))
        out.append(_Atom("\n", True))
        return
    out.append(_Atom("{", True))
    for number, paragraph in enumerate(text.split("\n\n")):
        if number:
            out.append(_Atom("\n\n", True))
        out.extend(_Atom(word, True) for word in paragraph.split())
    out.append(_Atom("}", True))


def _ann_atoms(ann: Annotation | None, out: list[_Atom], breakable: bool, play: bool) -> None:
    if ann is None:
        return
    out.extend(_Atom(f"${nag}", breakable) for nag in ann.nags)
    out.extend(_Atom(f"={note}=", breakable) for note in ann.notes)
    for comment in ann.comments:
        _comment_atoms(comment, out)
    for variation in ann.variations:
        _variation_atoms(variation, out, play)


def _variation_atoms(variation: Variation, out: list[_Atom], play: bool) -> None:
    out.append(_Atom("(", True))
    for comment in variation.comments:
        _comment_atoms(comment, out)
    if isinstance(variation.moves, CardRun):
        _run_atoms(variation.moves, out, True)
    else:
        for call in variation.moves:
            _call_atoms(call, out)
    out.append(_Atom(")", True))


def _call_atoms(node: CallNode, out: list[_Atom]) -> None:
    suffix = node.ann.suffix if node.ann is not None else ""
    out.append(_Atom(str(node.call) + suffix, True))
    _ann_atoms(node.ann, out, True, False)


def _run_atoms(run: CardRun, out: list[_Atom], breakable: bool) -> None:
    for index, card in enumerate(run.cards):
        ann = run.ann(index)
        text = "-" if card is None else card.name
        out.append(_Atom(text + (ann.suffix if ann is not None else ""), breakable))
        _ann_atoms(ann, out, breakable, True)
    if run.claim is not None:
        out.append(_Atom("*" + run.claim.suffix, breakable))
        _ann_atoms(run.claim, out, breakable, True)


def _fill(atoms: Iterable[_Atom], first: str = "", width: int = WIDTH) -> list[str]:
    """Lay atoms out on lines no longer than ``width``, breaking only where allowed.

    A line broken inside a comment or a variation continues indented by two spaces.
    """
    merged: list[_Atom] = []
    for atom in atoms:  # a closing brace or parenthesis stays with what it closes
        if atom.text in ("}", ")") and merged and merged[-1].text not in ("\n", "\n\n"):
            merged[-1] = _Atom(merged[-1].text + " " + atom.text, merged[-1].breakable)
        else:
            merged.append(atom)
    lines: list[str] = []
    current = first
    depth = 0
    for atom in merged:
        text = atom.text
        if text == "\n":
            lines.append(current)
            current = ""
            continue
        if text == "\n\n":
            lines += [current, ""]
            current = "  "
            continue
        if not current.strip():
            current += text
        elif atom.breakable and len(current) + 1 + len(text) > width:
            lines.append(current)
            current = ("  " if depth else "") + text
        else:
            current += " " + text
        depth += text.count("{") + text.count("(") - text.count("}") - text.count(")") \
            if text[0] in "{()}" or text[-1] in "})" else 0
    if current.strip():
        lines.append(current)
    return lines


# ---------------------------------------------------------------------------
# Tag values


def tag_value(record: Record, tag: Tag) -> str:
    """The value a tag is written with: ``#`` where it was inherited, else its export
    form (from the record's typed fields for the tags pfn reads)."""
    if tag.inherited:
        return "#"
    if tag.name not in _ORDER:
        return tag.value
    section = {"Auction": record.auction, "Defence": record.defence}.get(tag.name)
    seat = section.first if section is not None else (
        record.play.leader if tag.name == "Play" and record.play is not None else None)
    fields = {"variant": record.variant, "dealer": record.dealer, "deal": record.deal,
              "declarer": record.declarer, "contract": record.contract, "result": record.result,
              "talon": record.talon, "discard": record.discard, "score": record.score,
              "settlement": record.settlement, "rules": record.rules, "target": record.target,
              "start": record.start,
              "discard_public": record.discard_public}
    return canonical_value(tag.name, tag.value, fields, seat)


# ---------------------------------------------------------------------------
# Records


def tag_pair(name: str, value: str) -> str:
    """One tag pair, its value quoted and escaped: text typed by a person (a name with a
    ``"``, a match id ending in ``\\``) stays the value and never becomes another tag."""
    return f'[{name} "{_escape(value)}"]'


def _tag_lines(record: Record, tag: Tag) -> list[str]:
    head = tag_pair(tag.name, tag_value(record, tag))
    if not tag.comments:
        return [head]
    atoms: list[_Atom] = []
    for comment in tag.comments:
        _comment_atoms(comment, atoms)
    inline = _fill(atoms, head)
    if len(inline) == 1:
        return inline
    return [head, *_fill(atoms)]  # a comment that does not fit starts on its own line


def _section_lines(record: Record, tag: Tag) -> list[str]:
    name = tag.name
    if name in ("Auction", "Defence"):
        section = record.auction if name == "Auction" else record.defence
        if section is None or not section.nodes:
            return []
        atoms: list[_Atom] = []
        for node in section.nodes:
            _call_atoms(node, atoms)
        return _fill(atoms)
    if name == "Play":
        lines: list[str] = []
        for run in record.play.tricks if record.play is not None else ():
            atoms = []
            _run_atoms(run, atoms, False)
            lines += _fill(atoms)
        return lines
    if name == "Sheet":
        out: list[str] = []
        entries = sorted_entries(record.sheet or ())
        for seat in sorted({e.seat for e in entries}):
            row = [f"{e.column}{'/' + str(e.against) if e.against is not None else ''}="
                   f"{format_amount(e.value)}" for e in entries if e.seat == seat]
            # a long row goes on over lines that each start with the seat again
            out += [line if n == 0 else f"{seat} {line.strip()}" for n, line in
                    enumerate(_fill([_Atom(w, True) for w in row], str(seat), WIDTH - 2))]
        return out
    for section_name, section_ in record.sections:
        if section_name == name:
            return list(section_.lines)
    return []


class Headers:
    """Where a match's header goes: its match-wide tags are written on the first of its
    records that an output holds (tags implied from an earlier record included, so that
    a part of a pool still says its rules), and left out of its later records."""

    def __init__(self) -> None:
        self.match: str | None = None

    def starts(self, record: Record) -> bool:
        """Whether ``record`` opens a match (or is alone) in the output; take it in."""
        if not record.tags:  # comments alone between two deals do not end a match
            return False
        match = record.match
        opens = match is None or match != self.match
        self.match = match
        return opens


def record_lines(record: Record, header: bool = True) -> list[str]:
    """The lines of one record in export format (without the file header); ``header``:
    the record opens its match in this output, so the match-wide tags implied from an
    earlier record are written too."""
    if not record.syntax_ok:
        raise UnwritableRecord(tr("cannot write a record that did not parse"))
    lines = [d for d in record.directives if not d.lstrip("%").strip().upper().startswith("PFN")]
    for comment in record.comments:
        atoms: list[_Atom] = []
        _comment_atoms(comment, atoms)
        lines += _fill(atoms)
    known = sorted((t for t in record.tags if t.name in _ORDER and (header or not t.implied)),
                   key=lambda t: _ORDER[t.name])
    unknown = [t for t in record.tags if t.name not in _ORDER]
    written_sections: set[str] = set()
    for tag in known + unknown:
        lines += _tag_lines(record, tag)
        if tag.name not in written_sections:
            lines += _section_lines(record, tag)
            written_sections.add(tag.name)
    return lines


def dumps_record(record: Record) -> str:
    """One record in export format, with a final newline."""
    return "\n".join(record_lines(record)) + "\n"


def dumps(records: Iterable[Record]) -> str:
    """A whole PFN file in export format: the header line, then each record followed by
    a blank line (so files written this way can be joined and stay apart).

    >>> import pfn
    >>> print(pfn.dumps(pfn.loads('[contract "7s"] [declarer "a"]')))
    % PFN 1.0
    <BLANKLINE>
    [Declarer "A"]
    [Contract "7S"]
    <BLANKLINE>
    <BLANKLINE>
    """
    headers = Headers()
    blocks = ["\n".join(lines) for lines in (record_lines(r, headers.starts(r)) for r in records)
              if lines]
    return HEADER + "\n" + "".join(block + "\n\n" for block in blocks)


def dump(records: Iterable[Record], handle: IO[str]) -> None:
    """Write records to an open text file in export format, one at a time.

    >>> import io, pfn
    >>> out = io.StringIO()
    >>> pfn.dump(pfn.read("examples/brief.pfn"), out)
    >>> out.getvalue() == pfn.dumps(pfn.load("examples/brief.pfn"))
    True
    """
    handle.write(HEADER + "\n")
    headers = Headers()
    for record in records:
        lines = record_lines(record, headers.starts(record))
        if lines:
            handle.write("\n".join(lines) + "\n\n")
