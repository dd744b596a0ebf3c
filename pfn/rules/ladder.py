"""Bid ladders: the canonical bid tokens of a rule family, lowest first.

A ladder is data.  Where misère stands and which bids without the talon exist
differ between rule families; each family builds its ladder in its own file
(:mod:`pfn.variants`) from the helpers here.
"""

from __future__ import annotations

from dataclasses import dataclass

STRAINS = ("S", "C", "D", "H", "NT")
"""The strains from low to high: spades, clubs, diamonds, hearts, no-trumps."""


def level(number: int, suffix: str = "", strains: tuple[str, ...] = STRAINS) -> list[str]:
    """The bids of one level in ``strains`` (``6S 6C 6D 6H 6NT``), with ``suffix``."""
    return [f"{number}{s}{suffix}" for s in strains]


@dataclass(frozen=True)
class Ladder:
    """Bids in ascending order; ``rank`` compares them."""

    bids: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rank", {b: i for i, b in enumerate(self.bids)})

    def __contains__(self, token: object) -> bool:
        return token in self._rank  # type: ignore[attr-defined]

    def rank(self, token: str) -> int:
        """Position of ``token`` (higher is stronger); ``KeyError`` if not on the ladder."""
        result: int = self._rank[token]  # type: ignore[attr-defined]
        return result

    def next(self, token: str | None) -> str | None:
        """The bid just above ``token`` (the lowest bid for ``None``)."""
        index = 0 if token is None else self.rank(token) + 1
        return self.bids[index] if index < len(self.bids) else None

    def without(self, predicate: str) -> Ladder:
        """The ladder without the bids containing ``predicate`` (e.g. ``-hand``)."""
        return Ladder(tuple(b for b in self.bids if predicate not in b))
