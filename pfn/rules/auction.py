"""The auction: who speaks when, which calls are legal, and how the auction ends.

:class:`Auction` is the Russian sequential auction (with the house rules on jumps,
holding and misère); a rule family whose auction differs subclasses it in its own
file (the Serbian numbers, Britannica's dealer entering after the first pass, the
free order of seed 004).  It checks one call at a time and says what is wrong with
it, and it answers the questions a caller asks: who speaks, which calls are legal,
which contracts the winner may announce.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from pfn import codes
from pfn.contract import Contract
from pfn.diagnostics import Problem
from pfn.messages import msg
from pfn.rules.ladder import Ladder
from pfn.rules.options import HouseRules
from pfn.seats import Seat
from pfn.vocabulary import CANONICAL_CONTRACTS


@dataclass
class AuctionState:
    """The auction so far: seats in speaking order, passes, the standing bid."""

    order: tuple[Seat, ...]
    passed: set[Seat] = field(default_factory=set)
    calls: dict[Seat, list[str]] = field(default_factory=dict)
    high: str | None = None
    high_seat: Seat | None = None
    turn: int = 0
    """Index in ``order`` of the next speaker."""
    first_pass_seen: bool = False
    finished: bool = False
    history: list[tuple[Seat, str]] = field(default_factory=list)

    def next_speaker(self) -> Seat | None:
        """Who speaks next (``None`` when the auction is over)."""
        if self.finished:
            return None
        n = len(self.order)
        for step in range(n):
            seat = self.order[(self.turn + step) % n]
            if seat not in self.passed:
                return seat
        return None

    def advance(self, seat: Seat) -> None:
        self.turn = (self.order.index(seat) + 1) % len(self.order)

    @property
    def allpass(self) -> bool:
        """Everyone passed without a bid."""
        return self.finished and self.high is None

    def bids_of(self, seat: Seat) -> list[str]:
        return [c for c in self.calls.get(seat, []) if c not in ("pass",)]


class Auction:
    """The Russian sequential auction: each bid higher than the last, pass is final."""

    free_order = False
    """Any player may speak next (seed 004); calls then carry their seat."""
    extra_calls: tuple[str, ...] = ("pass", "hold")
    """Calls that are not bids on the ladder."""

    def __init__(self, ladder: Ladder, rules: HouseRules, order: tuple[Seat, ...]) -> None:
        self.ladder = ladder
        self.rules = rules
        self.state = AuctionState(order)

    # -- hooks ------------------------------------------------------------

    def speaker(self, explicit: Seat | None) -> tuple[Seat | None, Problem | None]:
        """Who makes the next call, and a problem if the written speaker is wrong."""
        expected = self.state.next_speaker()
        if expected is None:
            return explicit, Problem(codes.E308, msg("call after the auction ended"))
        if explicit is not None and explicit not in self.state.order:
            return expected, Problem(codes.E301, msg("{seat} takes no part in this auction: it"
                                                    " is {expected}'s turn", seat=explicit,
                                                    expected=expected),
                                     msg("at a table of four the dealer sits out the deal"))
        if explicit is not None and explicit != expected:
            if self.free_order and explicit not in self.state.passed:
                return explicit, None
            why = msg("has passed") if explicit in self.state.passed else \
                msg("it is {expected}'s turn", expected=expected)
            return explicit, Problem(codes.E301, msg("{seat} speaks out of turn: {why}",
                                                    seat=explicit, why=why),
                                     msg("calls go round in playing order; a player who passed"
                                        " is skipped"))
        return expected, None

    def check(self, seat: Seat, token: str) -> Problem | None:
        """What is wrong with ``seat`` calling ``token`` now (``None`` if it is legal)."""
        state = self.state
        if token == "pass":
            return None
        if token == "hold":
            return self._check_hold(seat)
        if token not in self.ladder:
            return Problem(codes.E309, msg("{token} is not a bid in this variant", token=token),
                           msg("bids: {bids}", bids=" ".join(self.ladder.bids)))
        mine = state.bids_of(seat)
        if token.startswith("mis"):
            if mine and not self.rules.misere_after_bid and not all(
                    b.startswith("mis") for b in mine):
                return Problem(codes.E306, msg("{seat} bid {bid} and can no longer call misère",
                                              seat=seat, bid=mine[-1]),
                               msg("misère may only be a player's first call"))
        elif mine and self.rules.misere_bidder_limited and mine[0] == "mis":
            return Problem(codes.E306, msg("{seat} called misère and may now only call misère"
                                          " without the talon or pass", seat=seat))
        if token.endswith("-hand") and not self.rules.without_talon:
            return Problem(codes.E309, msg("{token}: bids without the talon are off", token=token),
                           msg("house rule without-talon=on allows them"))
        standing = state.high if state.high in self.ladder else None  # a bid refused earlier
        if standing is not None and self.ladder.rank(token) <= self.ladder.rank(standing):
            return Problem(codes.E302, msg("{token} is not higher than {standing}", token=token,
                                          standing=standing),
                           msg("each bid must be higher than the last; 'hold' keeps the same"
                              " bid where allowed") if self.rules.hold != "never" else
                           msg("each bid must be higher than the last"))
        if not self.rules.jumps:
            expected = self.ladder.next(standing)
            while expected is not None and expected.startswith("mis") and \
                    not token.startswith("mis"):
                expected = self.ladder.next(expected)
            if token != expected and not token.startswith("mis") and not token.endswith(
                    "-hand"):
                return Problem(codes.E303, msg("{token} skips {expected}", token=token,
                                              expected=expected),
                               msg("raises go exactly one step up the ladder here"))
        return None

    def _check_hold(self, seat: Seat) -> Problem | None:
        state, mode = self.state, self.rules.hold
        if state.high is None:
            return Problem(codes.E305, msg("nothing to hold: no bid yet"))
        if state.high_seat == seat:
            return Problem(codes.E305, msg("{seat} already holds {bid}", seat=seat,
                                          bid=state.high))
        if mode == "never":
            return Problem(codes.E305, msg("holding ('here') is not played in this variant"),
                           msg("house rule hold=… allows it"))
        if mode == "first-after-pass" and (seat != state.order[0] or not state.first_pass_seen):
            return Problem(codes.E305, msg("only the first bidder may hold, and only after"
                                          " someone has passed"))
        holder = state.high_seat if state.high_seat is not None else seat
        if mode == "eldest" and state.order.index(seat) > state.order.index(holder):
            return Problem(codes.E305, msg("{seat} sits after {holder} and may not hold",
                                          seat=seat, holder=state.high_seat))
        if mode == "earlier-bidder" and not state.bids_of(seat):
            return Problem(codes.E305, msg("{seat} has not bid and cannot hold", seat=seat))
        if state.high.startswith("mis"):
            return Problem(codes.E305, msg("misère cannot be held"))
        return None

    def apply(self, seat: Seat, token: str) -> None:
        """Record a call already checked (or accepted despite a problem)."""
        state = self.state
        state.calls.setdefault(seat, []).append(token)
        state.history.append((seat, token))
        if token == "pass":
            state.passed.add(seat)
            state.first_pass_seen = True
        elif token == "hold":
            state.high_seat = seat
        else:
            self.raise_bid(seat, token)
        state.advance(seat)
        self._maybe_finish()

    def raise_bid(self, seat: Seat, token: str) -> None:
        """``seat``'s bid ``token`` becomes the highest."""
        self.state.high, self.state.high_seat = token, seat

    def _maybe_finish(self) -> None:
        state = self.state
        active = [s for s in state.order if s not in state.passed]
        if not active or (len(active) == 1 and state.high_seat == active[0]):
            state.finished = True

    # -- what a caller may ask --------------------------------------------

    def legal_calls(self, seat: Seat) -> list[str]:
        """Every call ``seat`` may make now, bids from the lowest up, then the others."""
        return [t for t in (*self.ladder.bids, *self.extra_calls) if self.check(seat, t) is None]

    def commitment(self, token: str) -> str | None:
        """The ladder bid a call commits its caller to (``None`` for pass and hold)."""
        return token if token in self.ladder else None

    def contracts(self) -> list[Contract]:
        """The contracts the winner of a finished auction may announce, lowest first.

        As :meth:`contract_problem` answers from the winning call alone (with the
        family's ladder and house rules), they form a table, filled once per winning
        call."""
        key = (type(self), self.ladder, self.rules, self.state.high)
        found = _ANNOUNCED.get(key)
        if found is None:
            ladder = self.ladder
            legal = [(name, c) for name, c in _announceable()
                     if self.contract_problem(c) is None]
            legal.sort(key=lambda named: ladder.rank(named[0]) if named[0] in ladder else -1)
            if len(_ANNOUNCED) > 4096:  # (house rules without end: keep it bounded)
                _ANNOUNCED.clear()
            found = _ANNOUNCED[key] = tuple(c for _, c in legal)
        return list(found)

    # -- outcome ----------------------------------------------------------

    @property
    def declarer(self) -> Seat | None:
        """The winner of a finished auction (``None`` in all-pass)."""
        return self.state.high_seat if self.state.finished else None

    def winning_bid(self) -> Contract | None:
        """The winning bid as a contract, if it is one."""
        return Contract.try_parse(self.state.high) if self.state.high else None

    def takes_talon(self) -> bool:
        """Whether the winner of the finished auction takes the talon and discards
        before he names the contract (not when he won it playing from his hand)."""
        bid = self.winning_bid()
        return bid is not None and not bid.hand

    def contract_problem(self, contract: Contract) -> Problem | None:
        """Whether the declared contract is at least the winning bid (a family's answer
        depends on the winning call, its ladder and its house rules, nothing else)."""
        bid = self.winning_bid()
        if bid is None:
            return None
        return contract_against_bid(contract, bid, self.ladder)


_ANNOUNCED: dict[tuple[type[Auction], Ladder, HouseRules, str | None], tuple[Contract, ...]] = {}
"""The contracts after each winning call (see :meth:`Auction.contracts`)."""


@functools.cache
def _announceable() -> tuple[tuple[str, Contract], ...]:
    """Every contract a declarer may name in some family, with its token (parsed once)."""
    found = (Contract.try_parse(t) for t in sorted(CANONICAL_CONTRACTS))
    return tuple((str(c), c) for c in found if c is not None and not c.allpass)


def contract_against_bid(contract: Contract, bid: Contract, ladder: Ladder) -> Problem | None:
    """The contract must be at least the bid; misère stays misère (Russian rule)."""
    if bid.misere:
        if not contract.misere or contract.hand != bid.hand:
            return Problem(codes.E404, msg("the auction was won with {bid}, so the contract is"
                                          " {bid}, not {contract}", bid=bid, contract=contract))
        return None
    if contract.misere:
        return Problem(codes.E404, msg("misère must be bid; the auction was won with {bid}",
                                      bid=bid))
    if contract.pref:
        if bid.hand:
            return Problem(codes.E404, msg("a Preferans hand counts the talon; the auction was"
                                          " won with {bid}, without it", bid=bid))
        return None
    if contract.hand != bid.hand:
        if bid.hand:
            return Problem(codes.E404, msg("{bid} was bid without the talon; {contract} is not",
                                          bid=bid, contract=contract))
        return Problem(codes.E404, msg("{bid} was bid with the talon; {contract} is not",
                                      bid=bid, contract=contract))
    name, bid_name = str(contract), str(bid)
    if name not in ladder:
        return Problem(codes.E404, msg("{contract} is not a contract of this variant",
                                      contract=contract),
                       msg("contracts: {bids}",
                          bids=" ".join(b for b in ladder.bids if b[0] != "m")))
    if bid_name in ladder and ladder.rank(name) < ladder.rank(bid_name):
        return Problem(codes.E403, msg("contract {contract} is lower than the winning bid {bid}",
                                      contract=contract, bid=bid),
                       msg("the declarer may play the bid or any higher contract"))
    return None
