"""The score sheet of a match: running totals, closing the pool, helping.

A :class:`Sheet` takes each deal's ledger entries and writes them as the match's
state requires: a closed pool takes nothing more, and what it would have taken helps
another player.  This is the Russian pulka; a family whose sheet differs (seed 000's
American aid, Serbian bule and refe, Britannica's pot) subclasses it in its own file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from pfn.messages import Text, msg, pmsg
from pfn.model import Amount, exact
from pfn.rules.options import HouseRules
from pfn.scoring import settlement
from pfn.scoring.ledger import Key, LedgerEntry, entry
from pfn.seats import SEATS, Seat


@dataclass
class Sheet:
    """Running totals by (seat, column, against)."""

    players: int
    target: int | None
    rules: HouseRules
    values: dict[Key, Amount] = field(default_factory=dict)
    layout: ClassVar[str] = "pulka"
    """How the sheet is drawn: ``pulka`` (the Russian sheet), ``columns`` (three columns a
    player, the Serbian paper), ``chips``."""

    def get(self, seat: Seat, column: str, against: Seat | None = None) -> Amount:
        """One running total."""
        return self.values.get((seat, column, against), 0)

    def _add(self, e: LedgerEntry) -> None:
        key = e.key
        self.values[key] = exact(self.values.get(key, 0) + e.value)

    def seats(self) -> list[Seat]:
        return list(SEATS[:self.players])

    def closed(self, seat: Seat) -> bool:
        """Whether ``seat``'s pool has reached the target."""
        return self.target is not None and self.get(seat, "pool") >= self.target

    def start(self) -> list[LedgerEntry]:
        """Entries written before the first deal of a match (none here)."""
        return []

    def settle(self) -> dict[Seat, Fraction]:
        """The settlement of the sheet as it stands."""
        return settlement.russian(self, self.rules)

    def describe(self) -> Text:
        """The settlement method in words."""
        r = self.rules
        said: Text = msg("{method} method, {n} whists per mountain point",
                  method={"average": pmsg("settlement method", "average"),
                          "n-1": pmsg("settlement method", "n-1")}.get(r.settlement,
                                                                      r.settlement),
                  n=r.mountain_ratio)
        if r.pool_ratio != 1:
            said += msg(", {n} mountain per unclosed pool point", n=r.pool_ratio)
        return said + (msg(", rounded") if r.rounding == "integer" else msg(", exact"))

    @property
    def finished(self) -> bool:
        """Every pool closed: the match is over."""
        return self.target is not None and all(self.closed(s) for s in self.seats())

    # -- writing ------------------------------------------------------------

    def write(self, entries: list[LedgerEntry]) -> list[LedgerEntry]:
        """Write a deal's entries; return what was actually written."""
        out: list[LedgerEntry] = []
        for e in entries:
            if e.column == "pool" and e.value > 0 and self.target is not None:
                out += self._pool(e)
            else:
                out.append(e)
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
                         e.rule + "; " + msg("{n} closes the pool at {target}", n=written,
                                            target=self.target))
            out.append(part)
            self._add(part)
        excess = e.value - written
        if not excess:
            return out
        out += self._help(seat, self.pay_down(seat, excess, out))
        return out

    def pay_down(self, seat: Seat, excess: Amount, out: list[LedgerEntry]) -> Amount:
        """What of ``excess`` beyond a closed pool is left to help others, once the
        family's rule has used some of it (written into ``out``); all of it here."""
        return excess

    def write_entry(self, e: LedgerEntry, out: list[LedgerEntry]) -> None:
        """Write one entry on the sheet and into ``out``."""
        out.append(e)
        self._add(e)

    def _help(self, helper: Seat, amount: Amount) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        assert self.target is not None
        while amount > 0:
            helped = self.helped(helper)
            if helped is None:
                mountain = self.get(helper, "mountain")
                off = min(amount, mountain)
                if off:
                    why = msg("no help (house rule help=none)") if self.rules.help == "none" \
                        else msg("every pool closed")
                    paid = entry(helper, "mountain", -off, msg("{why}: the rest pays down the"
                                                              " mountain", why=why))
                    out.append(paid)
                    self._add(paid)
                return out
            room = self.target - self.get(helped, "pool")
            given = min(amount, room)
            ratio = self.rules.mountain_ratio
            for e in (entry(helped, "pool", given, msg("help from {seat}, whose pool is closed",
                                                      seat=helper)),
                      entry(helper, "whist", given * ratio, msg("helping {seat}: {ratio} whists"
                                                               " per point given",
                                                               seat=helped, ratio=ratio),
                            helped)):
                out.append(e)
                self._add(e)
            amount -= given
        return out

    def helped(self, helper: Seat) -> Seat | None:
        """Whose open pool ``helper``'s excess goes to (house rule ``help``)."""
        open_seats = [s for s in self.seats() if s != helper and not self.closed(s)]
        if not open_seats or self.rules.help == "none":
            return None
        if self.rules.help == "largest":
            return max(open_seats, key=lambda s: (self.get(s, "pool"), -s.index))
        for step in range(1, self.players):
            seat = Seat((helper.index + step) % self.players)
            if seat in open_seats:
                return seat
        return None
