"""Canonical tag values: how export format writes each tag the reader understood."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pfn.model import ScoreEntry, format_amount
from pfn.seats import Seat

COLUMN_ORDER = {"pool": 0, "bule": 0, "chips": 0, "mountain": 1, "whist": 2, "supe": 2,
                "refa": 3}
"""Order of score-sheet columns in export format."""


def sorted_entries(entries: Iterable[ScoreEntry]) -> list[ScoreEntry]:
    """Score entries in export order: by seat, then column, then the player against."""
    return sorted(entries, key=lambda e: (e.seat, COLUMN_ORDER.get(e.column, 9), e.column,
                                          -1 if e.against is None else e.against))


def _seat(seat: Seat | None, raw: str) -> str:
    return str(seat) if seat is not None else raw.strip()


def canonical_value(name: str, raw: str, fields: dict[str, Any], seat: Seat | None = None
                    ) -> str:
    """The export-format value of tag ``name``, given the typed ``fields`` read from the
    record (``seat``: the seat of a section tag); the raw value where nothing was read."""
    if raw.strip() in ("", "?") and name not in ("Players", "Sheet"):
        return raw.strip()
    if name in ("Auction", "Defence", "Play"):
        return _seat(seat, raw)
    if name == "Discard" and fields.get("discard_public"):
        return "talon"
    if name == "Players":
        return "; ".join(n.strip() for n in raw.split(";"))
    value = fields.get(name.lower())
    if name == "Variant":
        return str(fields["variant"])
    if value is None:
        if name == "Note":
            number, _, text = raw.partition(":")
            return f"{number.strip()}:{text.strip()}" if number.strip().isdigit() else raw
        return raw.strip() if name in ("Target", "Start", "Talon", "Discard") else raw
    if name in ("Dealer", "Declarer", "Deal", "Contract", "Target", "Start"):
        return str(value)
    if name == "Result":
        return " ".join(f"{s}:{'?' if n is None else n}" for s, n in sorted(value))
    if name in ("Talon", "Discard"):
        return " ".join(str(c) for c in value)
    if name == "Score":
        return " ".join(str(e) for e in sorted_entries(value))
    if name == "Settlement":
        return " ".join(f"{s}:{format_amount(v, True)}" for s, v in sorted(value))
    if name == "Rules":
        return "; ".join(f"{k}={v}" for k, v in value) if value else raw
    return raw
