"""Ledger entries: what one deal writes on the sheet, each with the rule that wrote it,
and :class:`Scored`, a scorer's whole answer for one deal."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from pfn.messages import Joined, Text
from pfn.model import Amount, ScoreEntry, exact, format_amount
from pfn.seats import Seat

Key = tuple[Seat, str, Seat | None]
"""What an entry is about: seat, column, and the player it is written against."""


@dataclass(slots=True)
class LedgerEntry:
    """A figure written on the sheet for one deal, and why."""

    seat: Seat
    column: str
    against: Seat | None
    value: Amount
    rule: Text
    """The rule that produced it, in words ("Sochi, both whisted: 1 trick × price 4"):
    a :mod:`pfn.messages` value, said in the language of the moment when shown."""

    @property
    def key(self) -> Key:
        """Seat, column and the player it is against."""
        return (self.seat, self.column, self.against)

    def label(self) -> str:
        """``A:whist/B`` — the entry without its value."""
        return entry_label(self.key)

    def __str__(self) -> str:
        return f"{self.label()}{format_amount(self.value, True)}"


@dataclass
class Scored:
    """What a scorer answers for one deal: the entries it writes, and what the given
    facts did not let it decide."""

    entries: list[LedgerEntry] = field(default_factory=list)
    """What the deal writes on the sheet, before closing the pool and help."""
    unchecked: list[Text] = field(default_factory=list)
    """What could not be decided, in words."""
    incomplete: bool = False
    """The entries are not the whole score of the deal (something was not given)."""
    uncertain: dict[Key, set[Amount]] = field(default_factory=dict)
    """Entries whose amount the given facts do not fix, with the amounts they allow
    (added to whatever else the deal writes there)."""

    def __repr__(self) -> str:
        written = " ".join(map(str, self.entries)) or "nothing"
        return f"<Scored {written}{'' if self.complete else ' (incomplete)'}>"

    @property
    def complete(self) -> bool:
        """The entries are the whole score of the deal."""
        return not self.incomplete

    def cannot(self, what: Text) -> None:
        """The score cannot be computed in full: say what is missing."""
        self.unchecked.append(what)
        self.incomplete = True

    def unsure(self, key: Key, what: Text, possible: AbstractSet[Amount]) -> None:
        """One entry cannot be fixed from what is given; ``possible`` are the amounts it
        may add."""
        self.unchecked.append(what)
        self.uncertain[key] = set(possible)


def entry_label(key: Key) -> str:
    """``A:whist/B`` for a key."""
    seat, column, against = key
    return f"{seat}:{column}" + (f"/{against}" if against is not None else "")


def key_order(key: Key) -> tuple[int, str, int]:
    """Keys in the sheet's order: by seat, column, then the player written against."""
    return (key[0].index, key[1], -1 if key[2] is None else key[2].index)


def entry(seat: Seat, column: str, value: Amount, rule: Text,
          against: Seat | None = None) -> LedgerEntry:
    """A ledger entry."""
    return LedgerEntry(seat, column, against, exact(value), rule)


def totals(entries: Iterable[LedgerEntry | ScoreEntry]) -> dict[Key, Amount]:
    """Entries summed by key, zero sums dropped."""
    out: dict[Key, Amount] = {}
    for e in entries:
        key = (e.seat, e.column, e.against)
        out[key] = out.get(key, 0) + e.value
    return {k: v for k, v in out.items() if v}


def reasons(entries: Iterable[LedgerEntry]) -> dict[Key, Text]:
    """The rules behind each key, joined (said when shown)."""
    out: dict[Key, list[Text]] = {}
    for e in entries:
        out.setdefault(e.key, []).append(e.rule)
    return {k: v[0] if len(v) == 1 else Joined(tuple(_between(v, "; ")))
            for k, v in out.items()}


def _between(texts: list[Text], separator: str) -> Iterable[Text]:
    for at, text in enumerate(texts):
        if at:
            yield separator
        yield text
