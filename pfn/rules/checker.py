"""Checking records against the rules, match by match (filled in by the rules engine)."""

from __future__ import annotations

from collections.abc import Iterator

from pfn.diagnostics import Diagnostic
from pfn.model import Record


class MatchChecker:
    """Replays records and the running sheet of each match."""

    def __init__(self, rules: tuple[tuple[str, str], ...] = ()) -> None:
        self.rules = rules

    def check(self, record: Record, sound: bool) -> list[Diagnostic]:
        """Diagnostics for one record as it arrives."""
        return []

    def finish(self) -> Iterator[tuple[Record, list[Diagnostic]]]:
        """Diagnostics that only the end of the input reveals."""
        return iter(())
