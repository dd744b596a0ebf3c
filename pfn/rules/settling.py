"""What each stage of a deal settles, asked alike by the replay of a record
(:mod:`pfn.rules.stages`) and by the deal state that walks its moves
(:mod:`pfn.rules.state`): each rule here is written once for both."""

from __future__ import annotations

from pfn import codes
from pfn.contract import Contract
from pfn.diagnostics import Problem
from pfn.messages import msg, nmsg
from pfn.rules.auction import Auction
from pfn.rules.defence import Defence
from pfn.rules.family import RuleFamily
from pfn.rules.replay import Replay
from pfn.seats import Seat


def settled(auction: Auction) -> tuple[Contract | None, Seat | None]:
    """What a finished auction settles by itself: an all-pass and no declarer; else its
    winner, and the contract when he won with misère (played as bid)."""
    if auction.state.allpass:
        return Contract.parse("pass"), None
    bid = auction.winning_bid()
    return (bid if bid is not None and bid.misere else None), auction.declarer


def not_allpass(winner: Seat | None) -> Problem:
    """Why a deal whose auction ``winner`` won is not an all-pass."""
    return Problem(codes.E404, msg("{winner} won the auction: the deal is not all-pass",
                                  winner=winner))


def exit_problem(variant: RuleFamily, contract: Contract, streak: int) -> Problem | None:
    """After ``streak`` all-passes in a row the next contract must reach the exit level."""
    if contract.allpass or contract.misere or not streak or not variant.allpass_played:
        return None
    exit_level = variant.exit_level(streak)
    if contract.level >= exit_level:
        return None
    return Problem(codes.E408, nmsg("after {n} all-pass in a row the contract must be at"
                                    " least {level}, not {contract}",
                                    "after {n} all-passes in a row the contract must be"
                                    " at least {level}, not {contract}", streak,
                                    level=exit_level, contract=contract),
                   msg("house rule allpass-exit"))


def after_talon(hand: int, talon: int, discard: int) -> int:
    """The declarer's cards for the play: his hand and the talon, less his discard."""
    return (hand | talon) & ~discard


def defence_for(variant: RuleFamily, r: Replay) -> Defence | None:
    """A new defence protocol for the contract ``r`` established (``None`` when the deal
    has no defence: no contract or declarer, an all-pass, a table other than three)."""
    contract, declarer = r.contract, r.declarer
    if contract is None or contract.allpass or declarer is None or len(r.order) != 3 \
            or declarer not in r.order:
        return None
    return variant.defence(contract, declarer, r.dealer, r.order)


__all__ = ["after_talon", "defence_for", "exit_problem", "not_allpass", "settled"]
