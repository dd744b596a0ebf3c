"""Scoring for the rule systems whose sources say little: Britannica and the classic
ladder of seed 004.  What the source states is scored; what it leaves open is
reported as not checked, never invented."""

from __future__ import annotations

from typing import ClassVar

from pfn.rules.options import HouseRules
from pfn.scoring.ledger import LedgerEntry, entry
from pfn.scoring.russian import DealFacts, RussianScoring


class BritannicaScoring:
    """Britannica: a soloist who makes a six-trick contract takes the ante from the pot;
    one who fails pays twice the ante into it.  Misère, the defenders and all-pass: the
    source gives no figures."""

    name: ClassVar[str] = "Britannica"
    ante: ClassVar[int] = 10

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules

    def score(self, facts: DealFacts) -> list[LedgerEntry]:
        contract, declarer = facts.contract, facts.declarer
        if contract.allpass or declarer is None:
            facts.cannot("Britannica gives no payment when everybody passes")
            return []
        if contract.misere:
            facts.cannot("Britannica gives no payment for misère")
            return []
        defence = facts.defence
        taken = 10 if defence is not None and not defence.played else facts.took(declarer)
        if taken is None:
            facts.cannot("the soloist's tricks are not given")
            return []
        if taken >= 6:
            out = [entry(declarer, "chips", self.ante, f"Britannica: {contract} made, the"
                         f" soloist takes {self.ante} from the pot")]
        else:
            out = [entry(declarer, "chips", -2 * self.ante, f"Britannica: {contract} failed,"
                         f" the soloist pays {2 * self.ante} into the pot")]
        if defence is not None and defence.played and any(
                (facts.took(s) or 0) < 2 for s in defence.whisters if s != defence.caller):
            facts.cannot("Britannica gives no payment for a defender short of two tricks")
        return out


class ClassicScoring(RussianScoring):
    """Seed 004: the undertrick table (3.02) is missing from the source, so only
    all-pass (an agreed price per trick, usually 2, on the mountain) is scored."""

    name = "Classic"

    def game(self, facts: DealFacts) -> list[LedgerEntry]:
        facts.cannot("the contract's score: seed 004's price table 3.02 is not in the"
                     " source")
        return []

    def misere(self, facts: DealFacts) -> list[LedgerEntry]:
        facts.cannot("the misère penalty: seed 004's table 3.02 is not in the source")
        return []
