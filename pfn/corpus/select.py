"""Which records ``pfn filter`` keeps: tag tests, players, outcomes, diagnostics, boards.

A :class:`Criteria` is plain data (it is sent to worker processes); every test given
must hold for a record to be selected, and ``invert`` selects the others.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pfn.corpus.stream import Entry
from pfn.diagnostics import PfnError, Severity
from pfn.i18n import tr
from pfn.model import Record
from pfn.outcome import KINDS, outcome

OUTCOMES: tuple[str, ...] = (*KINDS[:2], "misere", *KINDS[2:])
"""What ``--outcome`` accepts: an outcome (:data:`pfn.outcome.KINDS`), or ``misere`` for
either misère outcome."""


class CriteriaError(PfnError):
    """A test that cannot be read (``--where 'Contract~['``)."""


@dataclass(frozen=True)
class TagTest:
    """``Tag=value``, ``Tag!=value``, ``Tag~regex``, ``Tag!~regex``: a tag's value."""

    name: str
    op: str
    value: str

    @classmethod
    def parse(cls, text: str) -> TagTest:
        """Read ``Variant=sochi``, ``Contract~^9``, ``Event!=?``."""
        m = re.fullmatch(r"\s*([A-Za-z][A-Za-z0-9_]*)\s*(!=|!~|=|~)(.*)", text, re.DOTALL)
        if m is None:
            raise CriteriaError(tr("{text}: a test such as Variant=sochi, Contract~^9 or Event!=?",
                                   text=repr(text)))
        name, op, value = m.group(1), m.group(2), m.group(3).strip()
        if "~" in op:
            try:
                re.compile(value)
            except re.error as error:
                raise CriteriaError(f"{text!r}: {error}") from None
        return cls(name, op, value)

    def holds(self, record: Record) -> bool:
        """Whether the record's value passes (a missing tag equals nothing and matches
        no pattern)."""
        value = _value(record, self.name)
        if self.op == "=":
            return value is not None and value.casefold() == self.value.casefold()
        if self.op == "!=":
            return value is None or value.casefold() != self.value.casefold()
        found = value is not None and re.search(self.value, value) is not None
        return found if self.op == "~" else not found


def _value(record: Record, name: str) -> str | None:
    """A tag's value for testing: the variant as its canonical id (aliases resolved)."""
    if name.casefold() == "variant":
        return record.variant
    for tag in record.tags:
        if tag.name.casefold() == name.casefold():
            return tag.value
    return None


def _boards(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if m is None:
        raise CriteriaError(tr("{text}: a board or a range such as 3-7",
                               text=repr(text)))
    low = int(m.group(1))
    high = int(m.group(2)) if m.group(2) else low
    if high < low:
        raise CriteriaError(tr("{text}: the range runs backward",
                               text=repr(text)))
    return low, high


@dataclass(frozen=True)
class Criteria:
    """Everything a record must pass to be selected."""

    tags: tuple[TagTest, ...] = ()
    players: tuple[str, ...] = ()
    """Names that must all sit at the table (Players tag, case-insensitive)."""
    outcomes: tuple[str, ...] = ()
    """Any of these (:data:`OUTCOMES`)."""
    clean: bool = False
    """No errors and no warnings."""
    codes: tuple[str, ...] = ()
    """At least one diagnostic with one of these codes or prefixes (``PFN-E5``)."""
    boards: tuple[int, int] | None = None
    invert: bool = False

    @classmethod
    def make(cls, where: list[str] | None = None, players: list[str] | None = None,
             outcomes: list[str] | None = None, clean: bool = False,
             codes: list[str] | None = None, boards: str | None = None,
             invert: bool = False) -> Criteria:
        """Criteria from command-line words (raises :class:`CriteriaError`)."""
        for value in outcomes or ():
            if value not in OUTCOMES:
                raise CriteriaError(tr("{value}: an outcome is one of {items}",
                                       value=repr(value), items=', '.join(OUTCOMES)))
        wanted = tuple(c.upper() if c.upper().startswith("PFN-") else "PFN-" + c.upper()
                       for c in codes or ())
        return cls(tuple(TagTest.parse(w) for w in where or ()),
                   tuple(p.strip().casefold() for p in players or ()), tuple(outcomes or ()),
                   clean, wanted, _boards(boards) if boards else None, invert)

    @property
    def needs_check(self) -> bool:
        """Whether the records must be checked to decide."""
        return self.clean or bool(self.codes)

    def selects(self, entry: Entry) -> bool:
        """Whether ``entry`` is kept."""
        return self._passes(entry) != self.invert

    def _passes(self, entry: Entry) -> bool:
        record = entry.record
        if not record.syntax_ok:  # nothing of it can be tested but its diagnostics
            return not (self.tags or self.players or self.outcomes or self.boards or
                        self.clean) and self._codes_pass(entry)
        if not all(test.holds(record) for test in self.tags):
            return False
        if self.players:
            seated = {name.casefold() for name in record.names}
            if not all(name in seated for name in self.players):
                return False
        if self.boards is not None:
            board = record.tag("Board")
            if board is None or not board.strip().isdigit() or not \
                    self.boards[0] <= int(board) <= self.boards[1]:
                return False
        if self.outcomes:
            found = outcome(record).kind
            if found not in self.outcomes and not (
                    "misere" in self.outcomes and found.startswith("misere")):
                return False
        if self.clean and any(d.severity is not Severity.INFO for d in entry.diagnostics):
            return False
        return self._codes_pass(entry)

    def _codes_pass(self, entry: Entry) -> bool:
        return not self.codes or any(d.code.startswith(self.codes) for d in entry.diagnostics)


@dataclass(frozen=True)
class FilterJob:
    """``pfn filter`` on one span: the selected records' text (PFN) or JSON lines, and
    how many records were read and kept.  With ``whole_matches`` a match is kept whole
    when any of its records is selected, so that what is written still checks (a
    match's dealers, score and sheet run from record to record)."""

    criteria: Criteria
    jsonl: bool = False
    whole_matches: bool = False

    def run(self, found: Iterator[Entry]) -> tuple[list[str], int, int]:
        out: list[str] = []
        read = kept = 0
        match: list[Entry] = []
        chosen = False
        current: str | None = None

        def flush() -> int:
            if chosen:
                out.extend(self._written(e) for e in match)
                return len(match)
            return 0

        for entry in found:
            if not entry.counted:
                continue
            read += 1
            selected = self.criteria.selects(entry)
            if not self.whole_matches:
                if selected:
                    kept += 1
                    out.append(self._written(entry))
                continue
            key = entry.record.match
            if key is None or key != current:
                kept += flush()
                match, chosen, current = [], False, key
            match.append(entry)
            chosen = chosen or selected
        kept += flush()
        return out, read, kept

    def _written(self, entry: Entry) -> str:
        return _json_line(entry) if self.jsonl else entry.text


def _json_line(entry: Entry) -> str:
    import json

    from pfn.notation.jsonform import record_to_json

    if not entry.record.syntax_ok:  # nothing parsed: the text and why, not lost
        source = entry.record.source
        return json.dumps({"unparsed": source.text if source is not None else "",
                           "diagnostics": [d.code for d in entry.diagnostics]},
                          ensure_ascii=False) + "\n"
    return json.dumps(record_to_json(entry.record), ensure_ascii=False) + "\n"
