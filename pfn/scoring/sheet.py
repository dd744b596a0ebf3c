"""The score sheet of a match: running totals, closing the pool, helping, refe.

A :class:`Sheet` takes each deal's ledger entries and writes them as the match's
state requires: a closed pool takes nothing more, and what it would have taken
helps another player (Russian families), or goes half to paying down the
mountain and half to help (seed 000's "American aid"); in Serbian the bule of
the last game are trimmed so that they sum to exactly zero, and refe are counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from pfn.model import Amount, exact
from pfn.rules.options import HouseRules
from pfn.scoring.ledger import Key, LedgerEntry, entry
from pfn.seats import Seat


@dataclass
class Sheet:
    """Running totals by (seat, column, against)."""

    players: int
    target: int | None
    rules: HouseRules
    american_aid: bool = False
    """Seed 000's closing: half of later good points pay down the mountain, half help."""
    values: dict[Key, Amount] = field(default_factory=dict)
    refe_used: int = 0
    """Serbian: how many all-passes have written refe."""

    def get(self, seat: Seat, column: str, against: Seat | None = None) -> Amount:
        """One running total."""
        return self.values.get((seat, column, against), 0)

    def _add(self, e: LedgerEntry) -> None:
        key = e.key
        self.values[key] = exact(self.values.get(key, 0) + e.value)

    def seats(self) -> list[Seat]:
        return [Seat(i) for i in range(self.players)]

    def closed(self, seat: Seat) -> bool:
        """Whether ``seat``'s pool has reached the target."""
        return self.target is not None and self.get(seat, "pool") >= self.target

    def start(self) -> list[LedgerEntry]:
        """Entries written before the first deal of a match (none here)."""
        return []

    def settle(self) -> dict[Seat, Fraction]:
        """The settlement of the sheet as it stands."""
        from pfn.scoring.settlement import russian

        return russian(self, self.rules)

    def describe(self) -> str:
        """The settlement method in words."""
        r = self.rules
        return (f"{r.settlement} method, {r.mountain_ratio} whists per mountain point"
                + (f", {r.pool_ratio} mountain per unclosed pool point" if r.pool_ratio != 1
                   else "") + (", rounded" if r.rounding == "integer" else ", exact"))

    @property
    def finished(self) -> bool:
        """Every pool closed (Russian), or bule summing to zero (Serbian)."""
        if any(k[1] == "bule" for k in self.values):
            return sum(v for k, v in self.values.items() if k[1] == "bule") <= 0
        return self.target is not None and all(self.closed(s) for s in self.seats())

    # -- writing ------------------------------------------------------------

    def write(self, entries: list[LedgerEntry]) -> list[LedgerEntry]:
        """Write a deal's entries; return what was actually written."""
        out: list[LedgerEntry] = []
        for e in entries:
            if e.column == "preferans":
                out += self._preferans(e.seat, no_trumps=e.value == 2)
            elif e.column == "pool" and e.value > 0 and self.target is not None:
                out += self._pool(e)
            else:
                out.append(e)
                self._add(e)
        return out

    def _preferans(self, seat: Seat, no_trumps: bool) -> list[LedgerEntry]:
        """Seed 000: the pool written up to the target, the mountain and every whist
        against him crossed out; at no-trumps also every other pool closed, with ten
        whists per point written against its owner, and the match is over."""
        why = "Preferans hand" + (" at no-trumps" if no_trumps else "")
        changes = []
        if self.target is not None:
            changes.append(entry(seat, "pool", self.target - self.get(seat, "pool"),
                                 f"{why}: the pool written up to {self.target}"))
        if self.get(seat, "mountain"):
            changes.append(entry(seat, "mountain", -self.get(seat, "mountain"),
                                 f"{why}: the mountain crossed out"))
        for other in self.seats():
            against = self.get(other, "whist", seat)
            if other != seat and against:
                changes.append(entry(other, "whist", -against, f"{why}: whists against"
                                     f" {seat} crossed out", seat))
        if no_trumps and self.target is not None:
            for other in self.seats():
                short = self.target - self.get(other, "pool")
                if other != seat and short > 0:
                    changes.append(entry(other, "pool", short, f"{why}: {seat} closes the pool"))
                    changes.append(entry(seat, "whist", 10 * short, f"{why}: ten whists per"
                                         " point closed", other))
        out = [e for e in changes if e.value]
        for e in out:
            self._add(e)
        return out

    def _pool(self, e: LedgerEntry) -> list[LedgerEntry]:
        assert self.target is not None
        seat = e.seat
        room = max(0, self.target - self.get(seat, "pool"))
        written = min(e.value, room)
        out: list[LedgerEntry] = []
        if written:
            part = entry(seat, "pool", written, e.rule if written == e.value else
                         f"{e.rule}; {written} closes the pool at {self.target}")
            out.append(part)
            self._add(part)
        excess = e.value - written
        if not excess:
            return out
        if self.american_aid:
            mountain = self.get(seat, "mountain")
            off = exact(min(Fraction(excess, 2), mountain)) if mountain else 0
            if off:
                paid = entry(seat, "mountain", -off, f"pool closed: half of {excess} pays down"
                             " the mountain")
                out.append(paid)
                self._add(paid)
            excess -= off
        out += self._help(seat, excess)
        return out

    def _help(self, helper: Seat, amount: Amount) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        assert self.target is not None
        while amount > 0:
            helped = self._helped(helper)
            if helped is None:
                mountain = self.get(helper, "mountain")
                off = min(amount, mountain)
                if off:
                    paid = entry(helper, "mountain", -off, "every pool closed: the rest pays"
                                 " down the mountain")
                    out.append(paid)
                    self._add(paid)
                return out
            room = self.target - self.get(helped, "pool")
            given = min(amount, room)
            ratio = self.rules.mountain_ratio
            for e in (entry(helped, "pool", given, f"help from {helper}, whose pool is closed"),
                      entry(helper, "whist", given * ratio, f"helping {helped}: {ratio} whists"
                            f" per point given", helped)):
                out.append(e)
                self._add(e)
            amount -= given
        return out

    def _helped(self, helper: Seat) -> Seat | None:
        open_seats = [s for s in self.seats() if s != helper and not self.closed(s)]
        if not open_seats or self.rules.help == "none":
            return None
        if self.rules.help == "largest" or self.american_aid:
            return max(open_seats, key=lambda s: (self.get(s, "pool"), -s))
        for step in range(1, self.players):
            seat = Seat((helper + step) % self.players)
            if seat in open_seats:
                return seat
        return None


@dataclass
class SerbianSheet(Sheet):
    """Bule, supe and refe; bule start at the target and the match ends at zero."""

    def settle(self) -> dict[Seat, Fraction]:
        from pfn.scoring.settlement import serbian

        return serbian(self, self.rules)

    def describe(self) -> str:
        return "bule × 10 plus the supe balance"

    def refe_limit(self) -> int | float:
        """How many all-passes write refe in this match."""
        if self.rules.refe != "auto":
            return int(self.rules.refe)
        return max(1, self.target // 30) if self.target is not None else float("inf")

    def start(self) -> list[LedgerEntry]:
        """The opening bule of every player."""
        if self.target is None:
            return []
        out = [entry(s, "bule", self.target, "the agreed bule") for s in self.seats()]
        for e in out:
            self._add(e)
        return out

    def write(self, entries: list[LedgerEntry]) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        if entries and all(e.column == "refa" and e.value > 0 for e in entries):
            if self.refe_used >= self.refe_limit():
                return []  # the agreed refe are used up: an all-pass has no effect
            self.refe_used += 1
        total = sum(v for k, v in self.values.items() if k[1] == "bule")
        change = sum(e.value for e in entries if e.column == "bule")
        deficit = -(total + change) if self.target is not None and total + change < 0 else 0
        for e in entries:
            if deficit and e.column == "bule" and e.value < 0:
                cut = min(deficit, -e.value)
                e = entry(e.seat, "bule", e.value + cut, f"{e.rule}; cut by {cut} so that the"
                          " bule sum to zero")
                deficit -= cut
            if e.value:
                out.append(e)
                self._add(e)
        return out


@dataclass
class BritannicaSheet(Sheet):
    """Chips: each player's units won from and paid into the pot (Britannica)."""

    ante: int = 10

    def pot(self) -> Amount:
        """What is in the pot: every chip that left a player's stack."""
        return -sum((v for k, v in self.values.items() if k[1] == "chips"), 0)

    def write(self, entries: list[LedgerEntry]) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        if entries and self.pot() <= 0:  # the pot is empty: everyone antes
            for seat in self.seats():
                e = entry(seat, "chips", -self.ante, f"Britannica: the pot is empty, each"
                          f" antes {self.ante}")
                out.append(e)
                self._add(e)
        for e in entries:
            out.append(e)
            self._add(e)
        return out

    @property
    def finished(self) -> bool:
        return False

    def settle(self) -> dict[Seat, Fraction]:
        from pfn.scoring.settlement import britannica

        return britannica(self, self.rules)

    def describe(self) -> str:
        return "chips, with the pot shared equally"
