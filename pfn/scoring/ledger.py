"""Ledger entries: what one deal writes on the sheet, each with the rule that wrote it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pfn.model import Amount, ScoreEntry, exact, format_amount
from pfn.seats import Seat

Key = tuple[Seat, str, Seat | None]
"""What an entry is about: seat, column, and the player it is written against."""


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """A figure written on the sheet for one deal, and why."""

    seat: Seat
    column: str
    against: Seat | None
    value: Amount
    rule: str
    """The rule that produced it, in words ("Sochi, both whisted: 1 trick × price 4")."""

    @property
    def key(self) -> Key:
        """Seat, column and the player it is against."""
        return (self.seat, self.column, self.against)

    def label(self) -> str:
        """``A:whist/B`` — the entry without its value."""
        return entry_label(self.key)

    def __str__(self) -> str:
        return f"{self.label()}{format_amount(self.value, True)}"


def entry_label(key: Key) -> str:
    """``A:whist/B`` for a key."""
    seat, column, against = key
    return f"{seat}:{column}" + (f"/{against}" if against is not None else "")


def entry(seat: Seat, column: str, value: Amount, rule: str,
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


def reasons(entries: Iterable[LedgerEntry]) -> dict[Key, str]:
    """The rules behind each key, joined."""
    out: dict[Key, list[str]] = {}
    for e in entries:
        out.setdefault(e.key, []).append(e.rule)
    return {k: "; ".join(v) for k, v in out.items()}
