"""The classic ladder of seed 004: no no-trumps, misère on top, free-order bidding.

Everything the family changes is here: its ladder, the auction in which any player
who has not passed may outbid at any time (:class:`FreeOrderAuction`), and what of
its scoring the source gives (:class:`ClassicScoring`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pfn.rules.auction import Auction
from pfn.rules.ladder import STRAINS, Ladder, level
from pfn.scoring.facts import DealFacts
from pfn.scoring.ledger import LedgerEntry, Scored
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
    """Seed 004: the undertrick table (3.02) is missing from the source, so only
    all-pass (an agreed price per trick, usually 2, on the mountain) is scored."""

    def game(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        notes.cannot("the contract's score: seed 004's price table 3.02 is not in the"
                     " source")
        return []

    def misere(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        notes.cannot("the misère penalty: seed 004's table 3.02 is not in the source")
        return []


class Classic(Sochi):
    """The older ladder of seed 004: no no-trumps, misère on top, free-order bidding."""

    name = "classic"
    aliases = ("классика", "classic-ladder", "старый")
    title = "Classic ladder (seed 004)"
    short_name = "Classic"
    source = "seed 004"
    ladder = CLASSIC
    auction_class = FreeOrderAuction
    scoring_class = ClassicScoring
    defaults: ClassVar[dict[str, Any]] = {
        "allpass_progression": (2,), "allpass_exit": (6,), "half_whist": "off"}
