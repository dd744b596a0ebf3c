"""The classic ladder of seed 004: no no-trumps, misère on top, free-order bidding.

Everything the family changes is here: its ladder, the auction in which any player
who has not passed may outbid at any time (:class:`FreeOrderAuction`), its scoring
(:class:`ClassicScoring`: Sochi-type prices, whists written plus and minus) and its
sheet (:class:`ClassicSheet`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from pfn.i18n import N_
from pfn.messages import msg
from pfn.rules.auction import Auction
from pfn.rules.ladder import STRAINS, Ladder, level
from pfn.rules.replay import DealContext
from pfn.scoring import settlement
from pfn.scoring.facts import DealFacts
from pfn.scoring.ledger import Scored, entry
from pfn.scoring.sheet import Sheet
from pfn.seats import Seat
from pfn.variants.russian import RussianScoring, Sochi

CLASSIC = Ladder(tuple(
    level(6, strains=STRAINS[:4]) + level(7, strains=STRAINS[:4])
    + level(8, strains=STRAINS[:4]) + level(9, strains=STRAINS[:4])
    + level(10, strains=STRAINS[:4]) + ["mis"]))
"""Seed 004: six spades up to ten hearts, no no-trumps, misère on top."""


class FreeOrderAuction(Auction):
    """Seed 004's auction: any player who has not passed may outbid at any time."""

    free_order = True


class ClassicScoring(RussianScoring):
    """Seed 004's scoring: its price table (3.02) is missing from the source, so the
    prices, obligations and penalties are the Sochi-type ones public descriptions of the
    classical game give (2, 4, 6, 8, 10; misère 10; 1 pool = 1 mountain = 10 whists); from
    the seed itself, every whist is written twice — plus for the player who won it, minus
    for the one who lost it, each against the other."""

    def score(self, facts: DealFacts, context: DealContext) -> Scored:
        scored = super().score(facts, context)
        lost = [entry(e.against, "whist", -e.value,
                      msg("{variant}: {n} whists lost to {seat}, written minus (seed 004)",
                         variant=self.name, n=e.value, seat=e.seat), e.seat)
                for e in scored.entries if e.column == "whist" and e.against is not None]
        scored.entries += lost
        return scored


@dataclass
class ClassicSheet(Sheet):
    """The sheet of seed 004: a player's whists are his own plus and minus entries."""

    def settle(self) -> dict[Seat, Fraction]:
        return settlement.russian(self, self.rules, balance=settlement.own_whists)


class Classic(Sochi):
    """The older ladder of seed 004: no no-trumps, misère on top, free-order bidding."""

    name = "classic"
    aliases = ("классика", "classic-ladder", "старый")
    title = N_("Classic ladder (seed 004)")
    short_name = N_("Classic")
    source = "seed 004"
    ladder = CLASSIC
    auction_class = FreeOrderAuction
    scoring_class = ClassicScoring
    sheet_class = ClassicSheet
    tables = (3,)
    defaults: ClassVar[dict[str, Any]] = {
        "allpass_progression": (2,), "allpass_exit": (6,), "half_whist": "off",
        "allpass_no_trick": 0, "help": "none"}
    sources: ClassVar[dict[str, str]] = {
        "allpass_progression": ("seed 004: «Обычно по 2 очка» per all-pass trick, agreed before "
                                "play"),
        "allpass_exit": "seed 004 names no tightened exit",
        "half_whist": "seed 004 knows no half-whist",
        "allpass_no_trick": ("seed 004: «В графу “пуля” пишут только выигранные очки и ничего "
                             "более»"),
        "help": "seed 004: the pool holds only points won, so a closed pool helps nobody",
    }
    """Where each of these defaults comes from."""
