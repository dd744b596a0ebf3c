"""Scoring one deal in Serbian Preferans (seed 001): bule, supe and refe.

The value of a game is twice its number (pik 2, karo 3, herc 4, tref 5, betl 6,
sans 7), one number more when played from the hand ("igra"); kontra, rekontra,
subkontra and mortkontra each double it, and so does the declarer's open refa.
"""

from __future__ import annotations

from typing import ClassVar

from pfn.rules.ladder import serbian_game
from pfn.rules.options import HouseRules
from pfn.scoring.ledger import LedgerEntry, entry
from pfn.scoring.russian import DealFacts
from pfn.seats import Seat

KONTRA_NAMES = ("", "kontra", "rekontra", "subkontra", "mortkontra")


class SerbianScoring:
    """Bule go down by the value when the declarer passes and up when he falls; a
    follower writes value × his tricks as supe against the declarer."""

    name: ClassVar[str] = "Serbian"
    share: ClassVar[int] = 2
    """Tricks each follower must take."""
    kontra_tricks: ClassVar[int] = 5
    betl_supe: ClassVar[int] = 5
    """Each opponent of a fallen betl writes this many times the value as supe."""

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules

    def value(self, facts: DealFacts, refa: bool) -> tuple[int, str]:
        """The value of the game with its multipliers, and how it was reached."""
        contract = facts.contract
        game = serbian_game(contract) or 0
        number = game + (1 if contract.hand else 0)
        value = 2 * number
        why = f"game {game}" + (" from the hand (+1)" if contract.hand else "") + f" → {value}"
        kontra = facts.defence.kontra if facts.defence is not None else 0
        if kontra:
            value *= 2 ** kontra
            why += f", {KONTRA_NAMES[kontra]} → {value}"
        if refa:
            value *= 2
            why += f", refa → {value}"
        return value, why

    def score(self, facts: DealFacts, refa_open: dict[Seat, int] | None = None
              ) -> list[LedgerEntry]:
        """The entries of one deal; ``refa_open`` counts each player's open refe."""
        contract = facts.contract
        if contract.allpass:
            return [entry(seat, "refa", 1, "Serbian: everyone passed, a refa to everyone")
                    for seat in facts.active]
        declarer = facts.declarer
        if declarer is None:
            facts.cannot("no declarer: the score is not computed")
            return []
        refa = bool(refa_open and refa_open.get(declarer))
        value, why = self.value(facts, refa)
        out: list[LedgerEntry] = []
        if refa:
            out.append(entry(declarer, "refa", -1, "Serbian: the declarer's refa is used"))
        defence = facts.defence
        if defence is not None and defence.refa:
            return [entry(seat, "refa", 1, "Serbian: pik without kontra is not played, a refa"
                          " to everyone (house rule pik-without-kontra)")
                    for seat in facts.active]
        if defence is not None and not defence.played:
            out.append(entry(declarer, "bule", -value, f"Serbian: nobody followed, passed as if"
                             f" with ten tricks ({why})"))
            return out
        taken = facts.took(declarer)
        if taken is None:
            facts.cannot("the declarer's tricks are not given: the score is not"
                                   " computed")
            return out
        if contract.misere:
            if taken == 0:
                out.append(entry(declarer, "bule", -value, f"Serbian: betl passed ({why})"))
            else:
                out.append(entry(declarer, "bule", value, f"Serbian: betl fell ({why})"))
                for seat in (defence.defenders if defence is not None else ()):
                    out.append(entry(seat, "supe", self.betl_supe * value,
                                     f"Serbian: betl fell, {self.betl_supe} × {value} to each"
                                     " opponent", declarer))
            return out
        made = taken >= 6
        out.append(entry(declarer, "bule", -value if made else value,
                         f"Serbian: {'passed' if made else 'fell'} with {taken} ({why})"))
        if defence is None:
            return out
        out += self.followers(facts, declarer, value)
        return out

    def followers(self, facts: DealFacts, declarer: Seat, value: int) -> list[LedgerEntry]:
        defence = facts.defence
        assert defence is not None
        out: list[LedgerEntry] = []
        counts = {s: facts.took(s) for s in defence.players}
        if any(c is None for c in counts.values()):
            facts.cannot("a follower's tricks are not given: supe not computed")
            return out
        tricks = {s: c or 0 for s, c in counts.items()}
        total = sum(tricks.values())
        caller = defence.caller
        if caller is not None:
            if total:
                out.append(entry(caller, "supe", value * total, f"Serbian: {caller} called and"
                                 f" writes for both, {total} × {value}", declarer))
            needed = self.kontra_tricks if defence.kontra else 2 * self.share
            if total < needed:
                out.append(entry(caller, "bule", value, f"Serbian: the defence took {total} of"
                                 f" {needed}; {caller} answers for it"))
            return out
        for seat in defence.whisters:
            if tricks.get(seat):
                out.append(entry(seat, "supe", value * tricks[seat],
                                 f"Serbian: {tricks[seat]} trick{'s' * (tricks[seat] > 1)} ×"
                                 f" {value}", declarer))
        if len(defence.whisters) == 1:
            seat = defence.whisters[0]
            if tricks[seat] < self.share:
                out.append(entry(seat, "bule", value, f"Serbian: followed alone and took"
                                 f" {tricks[seat]} of {self.share}"))
        elif total < 2 * self.share:
            for seat in defence.whisters:
                if tricks[seat] < self.share:
                    out.append(entry(seat, "bule", value, f"Serbian: both followed, {total} of"
                                     f" {2 * self.share}; {seat} took {tricks[seat]} of"
                                     f" {self.share}"))
        return out
