"""The facts of one deal that scoring reads, taken from a finished replay."""

from __future__ import annotations

from dataclasses import dataclass

from pfn.contract import Contract
from pfn.model import CardRef
from pfn.rules.defence import DefenceOutcome
from pfn.rules.replay import Replay
from pfn.seats import Seat


@dataclass
class DealFacts:
    """What scoring needs to know about a deal."""

    players: int
    dealer: Seat | None
    active: tuple[Seat, ...]
    declarer: Seat | None
    contract: Contract
    defence: DefenceOutcome | None
    tricks: dict[Seat, int | None]
    allpass_round: int = 1
    """1 for the first all-pass in a row, 2 for the second …"""
    talon: tuple[CardRef, ...] | None = None
    talon_public_discard: bool = False
    seen: int = 0
    """Cards known to be in the hands (for bounding what the talon can hold)."""

    def took(self, seat: Seat) -> int | None:
        """Tricks taken by ``seat`` (``None`` if not known)."""
        return self.tricks.get(seat)


def deal_facts(replay: Replay) -> DealFacts | None:
    """The facts of a replayed deal (``None`` without a contract)."""
    if replay.contract is None:
        return None
    seen = 0
    record = replay.record
    deal = record.deal
    talon = record.talon
    if deal is not None:
        for hand in deal.hands:
            seen |= hand.mask if hand is not None else 0
        if talon is None and deal.talon is not None and deal.talon.complete:
            talon = tuple(deal.talon)
    allpass_round = replay.context.allpass_streak + 1 if replay.contract.allpass else 1
    return DealFacts(replay.players, replay.dealer, replay.order, replay.declarer,
                     replay.contract, replay.defence, dict(replay.result), allpass_round,
                     talon, record.discard_public, seen=seen)
