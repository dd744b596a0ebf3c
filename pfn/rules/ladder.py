"""Bid ladders: the canonical bid tokens of a variant, lowest first.

A ladder is data.  Where misère stands and which bids without the talon exist
differ between rule families; each variant picks (or builds) its ladder here.
"""

from __future__ import annotations

from dataclasses import dataclass

from pfn.contract import Contract

STRAINS = ("S", "C", "D", "H", "NT")


def _level(level: int, suffix: str = "", strains: tuple[str, ...] = STRAINS) -> list[str]:
    return [f"{level}{s}{suffix}" for s in strains]


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


SOCHI = Ladder(tuple(_level(6) + _level(7) + _level(8) + ["mis"] + _level(9) + _level(10)))
"""Sochi, Leningrad, Rostov: misère between 8NT and 9♠, no bids without the talon."""

MAILRU = Ladder(tuple(
    _level(6) + _level(7) + _level(8) + ["mis"] + _level(9) + _level(10) + ["mis-hand"]
    + _level(9, "-hand") + _level(10, "-hand")))
"""Seed 002: misère < nine with the talon < misère without the talon < nine or ten
without it; ten with the talon stays below misère without it."""

STANDARD = Ladder(tuple(
    _level(6) + _level(7) + _level(8) + _level(9) + ["mis"] + _level(9, "-hand") + _level(10)
    + ["mis-hand"] + _level(10, "-hand")))
"""Seed 000: misère is beaten only by nine without the talon or ten with it; big misère
(without the talon) only by ten without it."""

CLASSIC = Ladder(tuple(
    _level(6, strains=STRAINS[:4]) + _level(7, strains=STRAINS[:4])
    + _level(8, strains=STRAINS[:4]) + _level(9, strains=STRAINS[:4])
    + _level(10, strains=STRAINS[:4]) + ["mis"]))
"""Seed 004: six spades up to ten hearts, no no-trumps, misère on top."""

BRITANNICA = Ladder(("6C", "6S", "6D", "6H", "mis", "6C-hand", "6S-hand", "6D-hand", "6H-hand",
                     "mis-hand", "6NT", "mis-open"))
"""Britannica: One … Four (clubs, spades, diamonds, hearts), Misère, One-hand … Four-hand,
Misère without the widow, No Trump, Misère over; values 1–12 in this order."""

SERBIAN_GAMES: dict[str, int] = {"6S": 2, "6D": 3, "6H": 4, "6C": 5, "mis": 6, "6NT": 7}
"""Serbian game numbers: pik 2, karo 3, herc 4, tref 5, betl 6, sans 7."""


def serbian_game(contract: Contract) -> int | None:
    """The Serbian game number of a contract (``None`` if it is not a Serbian game)."""
    if contract.misere:
        return 6
    if contract.level != 6 or contract.allpass:
        return None
    return SERBIAN_GAMES.get(f"6{contract.strain}")


def trick_contract_at_least(contract: Contract, bid: Contract, order: Ladder) -> bool:
    """Whether a contract for tricks is at least the bid on ``order`` (same talon use)."""
    if contract.misere or bid.misere or contract.hand != bid.hand:
        return False
    try:
        return order.rank(str(contract)) >= order.rank(str(bid))
    except KeyError:
        return False
