"""Auctions: who speaks when, which calls are legal, and how the auction ends.

Three protocols cover the rule families: the Russian sequential auction (with the
house rules on jumps, holding and misère), the Serbian number auction (numbers
rise by one, ``moje``, ``igra``) and Britannica's (the dealer enters after the
first pass).  The free-order auction of seed 004 is the Russian one with any
speaker.  Each checks one call at a time and reports what is wrong with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pfn.contract import Contract
from pfn.rules.ladder import Ladder, serbian_game
from pfn.rules.options import HouseRules
from pfn.seats import Seat


@dataclass(frozen=True)
class CallProblem:
    """What is wrong with a call: code, message and hint."""

    code: str
    message: str
    hint: str | None = None


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

    def __init__(self, ladder: Ladder, rules: HouseRules, order: tuple[Seat, ...]) -> None:
        self.ladder = ladder
        self.rules = rules
        self.state = AuctionState(order)

    # -- hooks ------------------------------------------------------------

    def speaker(self, explicit: Seat | None) -> tuple[Seat | None, CallProblem | None]:
        """Who makes the next call, and a problem if the written speaker is wrong."""
        expected = self.state.next_speaker()
        if expected is None:
            return explicit, CallProblem("PFN-E308", "call after the auction ended")
        if explicit is not None and explicit != expected:
            if self.free_order and explicit not in self.state.passed:
                return explicit, None
            why = "has passed" if explicit in self.state.passed else f"it is {expected}'s turn"
            return explicit, CallProblem("PFN-E301", f"{explicit} speaks out of turn: {why}",
                                         "calls go round in playing order; a player who passed"
                                         " is skipped")
        return expected, None

    def check(self, seat: Seat, token: str) -> CallProblem | None:
        """What is wrong with ``seat`` calling ``token`` now (``None`` if it is legal)."""
        state = self.state
        if token == "pass":
            return None
        if token == "hold":
            return self._check_hold(seat)
        if token not in self.ladder:
            return CallProblem("PFN-E309", f"{token} is not a bid in this variant",
                               "bids: " + " ".join(self.ladder.bids))
        mine = state.bids_of(seat)
        if token.startswith("mis"):
            if mine and not self.rules.misere_after_bid and not all(
                    b.startswith("mis") for b in mine):
                return CallProblem("PFN-E306", f"{seat} bid {mine[-1]} and can no longer call"
                                   " misère", "misère may only be a player's first call")
        elif mine and self.rules.misere_bidder_limited and mine[0] == "mis":
            return CallProblem("PFN-E306", f"{seat} called misère and may now only call"
                               " misère without the talon or pass")
        if token.endswith("-hand") and not self.rules.without_talon:
            return CallProblem("PFN-E309", f"{token}: bids without the talon are off",
                               "house rule without-talon=on allows them")
        if state.high is not None and self.ladder.rank(token) <= self.ladder.rank(state.high):
            return CallProblem("PFN-E302", f"{token} is not higher than {state.high}",
                               "each bid must be higher than the last" + (
                                   "; 'hold' keeps the same bid where allowed"
                                   if self.rules.hold != "never" else ""))
        if not self.rules.jumps:
            expected = self.ladder.next(state.high)
            while expected is not None and expected.startswith("mis") and \
                    not token.startswith("mis"):
                expected = self.ladder.next(expected)
            if token != expected and not token.startswith("mis") and not token.endswith(
                    "-hand"):
                return CallProblem("PFN-E303", f"{token} skips {expected}",
                                   "raises go exactly one step up the ladder here")
        return None

    def _check_hold(self, seat: Seat) -> CallProblem | None:
        state, mode = self.state, self.rules.hold
        if state.high is None:
            return CallProblem("PFN-E305", "nothing to hold: no bid yet")
        if state.high_seat == seat:
            return CallProblem("PFN-E305", f"{seat} already holds {state.high}")
        if mode == "never":
            return CallProblem("PFN-E305", "holding ('here') is not played in this variant",
                               "house rule hold=… allows it")
        if mode == "first-after-pass" and (seat != state.order[0] or not state.first_pass_seen):
            return CallProblem("PFN-E305", "only the first bidder may hold, and only after"
                               " someone has passed")
        holder = state.high_seat if state.high_seat is not None else seat
        if mode == "eldest" and state.order.index(seat) > state.order.index(holder):
            return CallProblem("PFN-E305", f"{seat} sits after {state.high_seat} and may not"
                               " hold")
        if mode == "earlier-bidder" and not state.bids_of(seat):
            return CallProblem("PFN-E305", f"{seat} has not bid and cannot hold")
        if state.high.startswith("mis"):
            return CallProblem("PFN-E305", "misère cannot be held")
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

    # -- outcome ----------------------------------------------------------

    @property
    def declarer(self) -> Seat | None:
        """The winner of a finished auction (``None`` in all-pass)."""
        return self.state.high_seat if self.state.finished else None

    def winning_bid(self) -> Contract | None:
        """The winning bid as a contract, if it is one."""
        return Contract.parse(self.state.high) if self.state.high else None

    def contract_problem(self, contract: Contract) -> CallProblem | None:
        """Whether the declared contract is at least the winning bid."""
        bid = self.winning_bid()
        if bid is None:
            return None
        return contract_against_bid(contract, bid, self.ladder)


def contract_against_bid(contract: Contract, bid: Contract, ladder: Ladder) -> CallProblem | None:
    """The contract must be at least the bid; misère stays misère (Russian rule)."""
    if bid.misere:
        if not contract.misere or contract.hand != bid.hand:
            return CallProblem("PFN-E404", f"the auction was won with {bid}, so the contract is"
                               f" {bid}, not {contract}")
        return None
    if contract.misere:
        return CallProblem("PFN-E404", f"misère must be bid; the auction was won with {bid}")
    if contract.pref:
        if bid.hand:
            return CallProblem("PFN-E404", "a Preferans hand counts the talon; the auction was"
                               f" won with {bid}, without it")
        return None
    if contract.hand != bid.hand:
        what = "without" if bid.hand else "with"
        return CallProblem("PFN-E404", f"{bid} was bid {what} the talon; {contract} is not")
    if str(contract) not in ladder:
        return CallProblem("PFN-E404", f"{contract} is not a contract of this variant",
                           "contracts: " + " ".join(b for b in ladder.bids if b[0] != "m"))
    if ladder.rank(str(contract)) < ladder.rank(str(bid)):
        return CallProblem("PFN-E403", f"contract {contract} is lower than the winning bid"
                           f" {bid}", "the declarer may play the bid or any higher contract")
    return None


class FreeOrderAuction(Auction):
    """Seed 004's auction: any player who has not passed may outbid at any time."""

    free_order = True


class SerbianAuction(Auction):
    """Seed 001: numbers 2–7 rise by exactly one; ``moje`` (hold) by an earlier bidder;
    ``igra`` (play from hand) only as a first call, beating every number."""

    def check(self, seat: Seat, token: str) -> CallProblem | None:
        state = self.state
        if token == "pass":
            return None
        mine = state.calls.get(seat, [])
        if token == "hold":
            if state.high is None or not state.high.isdigit():
                return CallProblem("PFN-E305", "'moje' holds a number just said; there is none")
            if state.high_seat == seat:
                return CallProblem("PFN-E305", f"{seat} already holds {state.high}")
            if not any(c.isdigit() for c in mine):
                return CallProblem("PFN-E305", f"{seat} has not bid and cannot say 'moje'",
                                   "only a player who bid earlier may hold the number")
            if state.order.index(seat) > state.order.index(state.high_seat or seat):
                return CallProblem("PFN-E305", f"{seat} has no priority over {state.high_seat}",
                                   "priority goes to the earlier bidder")
            return None
        if token == "hand" or token.endswith("-hand"):
            if mine:
                return CallProblem("PFN-E306", "'igra' may only be a player's first call")
            contract = Contract.parse(token) if token != "hand" else None
            if token != "hand" and (contract is None or serbian_game(contract) is None):
                return CallProblem("PFN-E309", f"{token} is not a Serbian game")
            return None
        if not token.isdigit() or not 2 <= int(token) <= 7:
            return CallProblem("PFN-E309", f"{token} is not a Serbian call",
                               "calls are the numbers 2–7, moje, igra and dalje")
        if state.high is not None and not state.high.isdigit():
            return CallProblem("PFN-E302", f"{token} cannot follow igra",
                               "after 'igra' only another first-call 'igra' or 'dalje'")
        expected = 2 if state.high is None else int(state.high) + 1
        if int(token) != expected:
            return CallProblem("PFN-E303", f"{token}: the next number is {expected}",
                               "numbers rise by exactly one, starting at two")
        return None

    def raise_bid(self, seat: Seat, token: str) -> None:
        state = self.state
        if (token == "hand" or token.endswith("-hand")) and state.high is not None and \
                _serbian_hand(state.high) and _hand_strength(token) <= _hand_strength(state.high):
            return  # a weaker game from the hand does not displace a stronger one
        state.high, state.high_seat = token, seat

    def winning_bid(self) -> Contract | None:
        high = self.state.high
        if high is None or high == "hand" or high.isdigit():
            return None
        return Contract.parse(high)

    def contract_problem(self, contract: Contract) -> CallProblem | None:
        high = self.state.high
        if high is None:
            return None
        game = serbian_game(contract)
        if game is None:
            return CallProblem("PFN-E404", f"{contract} is not a Serbian game",
                               "games: 6S pik, 6D karo, 6H herc, 6C tref, mis betl, 6NT sans")
        if _serbian_hand(high):
            if not contract.hand:
                return CallProblem("PFN-E404", f"'igra' was called; the game is played from the"
                                   f" hand, not {contract}")
            if high != "hand" and str(contract) != high:
                return CallProblem("PFN-E404", f"igra {high} was called, not {contract}")
            return None
        if contract.hand:
            return CallProblem("PFN-E404", "the auction was won with a number: the talon is"
                               " bought")
        if game < int(high):
            return CallProblem("PFN-E403", f"game {game} ({contract}) is lower than the"
                               f" number bid, {high}",
                               "the declarer plays a game at least as high as his number")
        return None


def _serbian_hand(token: str) -> bool:
    return token == "hand" or token.endswith("-hand")


def _hand_strength(token: str) -> int:
    if token == "hand":
        return 0
    contract = Contract.parse(token)
    return (serbian_game(contract) or 0) if contract else 0


class BritannicaAuction(Auction):
    """Britannica: the eldest and the next player bid first (the eldest may hold); after
    the first of them passes, the dealer enters against the survivor."""

    def __init__(self, ladder: Ladder, rules: HouseRules, order: tuple[Seat, ...]) -> None:
        super().__init__(ladder, rules, order)
        self.duel: tuple[Seat, ...] = order[:2]

    def speaker(self, explicit: Seat | None) -> tuple[Seat | None, CallProblem | None]:
        state = self.state
        if state.finished:
            return explicit, CallProblem("PFN-E308", "call after the auction ended")
        live = [s for s in self.duel if s not in state.passed]
        if len(live) < 2:
            self._open_duel()
            live = [s for s in self.duel if s not in state.passed]
        last = state.history[-1][0] if state.history else None
        expected = live[0] if last not in live or last == live[-1] else live[1]
        if last is None:
            expected = live[0]
        if explicit is not None and explicit != expected:
            return explicit, CallProblem("PFN-E301", f"{explicit} speaks out of turn: it is"
                                         f" {expected}'s turn")
        return expected, None

    def _open_duel(self) -> None:
        state = self.state
        survivors = [s for s in self.duel if s not in state.passed]
        dealer = state.order[-1]
        if dealer not in self.duel:
            self.duel = (dealer, *survivors)

    def _check_hold(self, seat: Seat) -> CallProblem | None:
        state = self.state
        if state.high is None:
            return CallProblem("PFN-E305", "nothing to hold: no bid yet")
        if state.order.index(seat) > state.order.index(state.high_seat or seat):
            return CallProblem("PFN-E305", f"{seat} has no priority over {state.high_seat}",
                               "only an earlier hand may hold")
        return None

    def apply(self, seat: Seat, token: str) -> None:
        super().apply(seat, token)
        state = self.state
        if token == "pass" and not state.finished:
            self._open_duel()
            live = [s for s in self.duel if s not in state.passed]
            if not live or (len(live) == 1 and len(state.passed) == len(state.order) - 1 and \
                    state.high_seat == live[0]):
                state.finished = True

    def _maybe_finish(self) -> None:
        state = self.state
        active = [s for s in state.order if s not in state.passed]
        if not active or (len(active) == 1 and state.high_seat == active[0]):
            state.finished = True
