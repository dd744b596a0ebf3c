"""Defence: the defenders' decisions after the contract, and what they lead to.

A protocol reads the Defence section's calls in order, checks each against the
rules (who speaks, which calls are allowed at this level) and produces a
:class:`DefenceOutcome`: who answers for the defence, who plays, open or closed,
half-whist, "own", kontra.  Scoring reads only the outcome.  :class:`Defence` is
the Sochi protocol; a family whose defence differs subclasses it in its own file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pfn import codes
from pfn.contract import Contract
from pfn.diagnostics import Problem
from pfn.messages import joined, msg
from pfn.model import Call
from pfn.rules.options import HouseRules
from pfn.seats import Seat
from pfn.vocabulary import DEFENCE_CALLS


@dataclass
class DefenceOutcome:
    """What the defence decided."""

    first: Seat
    second: Seat
    calls: dict[Seat, list[str]] = field(default_factory=dict)
    whisters: list[Seat] = field(default_factory=list)
    """Defenders who whisted and play for themselves."""
    caller: Seat | None = None
    """A defender who answers for the whole defence (together, return whist, kontra,
    a lone whister)."""
    half: Seat | None = None
    """The second defender's half-whist (no play)."""
    own: Seat | None = None
    """A defender who took "own" whists without play (seed 000)."""
    returned: Seat | None = None
    """Who made the return whist (seed 000), taking every whist and all the risk."""
    open: bool | None = None
    played: bool = True
    players: tuple[Seat, ...] = ()
    """Defenders whose cards are played (with the declarer's)."""
    kontra: int = 0
    """0 none, 1 kontra, 2 rekontra, 3 subkontra, 4 mortkontra."""
    kontra_caller: Seat | None = None
    refa: bool = False
    """Serbian "pik bez kontre": not played, a refa to everyone."""
    checked: bool = False
    """The ten was checked rather than played."""
    complete: bool = True

    @property
    def defenders(self) -> tuple[Seat, Seat]:
        """First and second defender."""
        return (self.first, self.second)

    @property
    def lone_whister(self) -> Seat | None:
        """The single whister when the partner passed."""
        return self.whisters[0] if len(self.whisters) == 1 else None


CallProblem = tuple[int, Problem]
"""A problem with the call at an index of the Defence section."""

MAX_DEFENCE_CALLS = 5
"""The longest defence the enumeration of :func:`possible_defences` tries (the longest any
variant's protocol takes is four calls: whist, pass, whist, open)."""


def possible_defences(start: Callable[[], Defence], played: bool | None
                      ) -> list[tuple[str, ...]]:
    """Every complete, legal sequence of defence calls that ``start()`` (a fresh
    protocol of the deal's variant) accepts, for a record that gives no Defence section;
    ``played``: whether the defenders are known to have played (the play shows their
    cards) or not (``None``: not known).  The engine's own protocol decides what is
    legal, so every variant's defence is enumerated the same way."""
    found: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [()]
    while frontier:
        prefix = frontier.pop()
        for token in DEFENCE_CALLS:
            calls = (*prefix, token)
            protocol = start()
            if protocol.run([Call(t) for t in calls]):
                continue  # a problem: no legal defence begins this way
            outcome = protocol.outcome
            if outcome.complete:
                if played is None or outcome.played == played:
                    found.append(calls)
            elif len(calls) < MAX_DEFENCE_CALLS:
                frontier.append(calls)
    return sorted(found)


class Defence:
    """The Russian (Sochi family) defence: whist, pass, half-whist, open/closed, check."""

    def __init__(self, contract: Contract, rules: HouseRules, first: Seat, second: Seat,
                 declarer: Seat, dealer: Seat | None, table: tuple[Seat, ...]) -> None:
        self.contract = contract
        self.rules = rules
        self.declarer = declarer
        self.dealer = dealer
        self.table = table
        self.outcome = DefenceOutcome(first, second)

    # The protocol is a list of steps; each step names who may speak and what.

    @property
    def silent(self) -> bool:
        """Whether this contract has no defence calls at all (misère, all-pass, a
        Preferans hand)."""
        contract = self.contract
        return contract.pref or contract.misere or contract.allpass

    def run(self, calls: Sequence[Call]) -> list[CallProblem]:
        """Replay the calls; return the problems found (the outcome is ``self.outcome``)."""
        problems: list[CallProblem] = []
        if self.contract.pref:  # it cannot lose a trick: nothing to defend, no play
            if calls:
                problems.append((0, Problem(codes.E406, msg("no defence against a Preferans"
                                                           " hand"))))
            self.outcome.played, self.outcome.players = False, ()
            return problems
        if self.contract.misere or self.contract.allpass:
            if calls:
                problems.append((0, Problem(codes.E406, msg("no defence calls in misère")
                                            if self.contract.misere else
                                            msg("no defence calls in all-pass"),
                                            msg("both defenders play misère, open"))))
            self.outcome.players = self.outcome.defenders
            self.outcome.open = self.contract.misere or None
            return problems
        if not calls:
            self.outcome.complete = False
            self.outcome.players = self.outcome.defenders
            return problems
        for index, call in enumerate(calls):
            speaker = self.expected()
            if speaker is None:
                problems.append((index, Problem(codes.E406, msg("{call}: the defence had already"
                                                               " decided", call=call.token))))
                break
            if call.seat is not None and call.seat not in speaker:
                problems.append((index, Problem(
                    codes.E405, msg("{seat} speaks out of turn: it is {expected}'s turn",
                                   seat=call.seat,
                                   expected=joined(msg(" or "), speaker)))))
            seat = call.seat if call.seat is not None else speaker[0]
            problem = self.step(seat, call.token)
            if problem is not None:
                problems.append((index, problem))
                break
        if not self.finished():
            self.outcome.complete = False
        self.settle()
        return problems

    # -- the Sochi protocol ----------------------------------------------

    def said(self, seat: Seat) -> list[str]:
        return self.outcome.calls.get(seat, [])

    def expected(self) -> tuple[Seat, ...] | None:
        """Who speaks next, or ``None`` when the defence is decided."""
        o = self.outcome
        first, second = self.said(o.first), self.said(o.second)
        if not first:
            return (o.first,)
        if "check" in first:  # a checked ten: nothing more is said
            return None
        if not second:
            return (o.second,)
        return self.after_first_round(first, second)

    def after_first_round(self, first: list[str], second: list[str]
                          ) -> tuple[Seat, ...] | None:
        """Who speaks next once both defenders have spoken (``first`` and ``second``
        are what each has said so far)."""
        o = self.outcome
        if first[0] == "pass" and second[0] == "half":
            if self.rules.whist_after_half and len(first) == 1:
                return (o.first,)
            if len(first) == 2 and first[1] == "whist":
                return (o.first,) if not self._chose_open(o.first) else None
            return None
        whisters = [s for s in o.defenders if "whist" in self.said(s)]
        if len(whisters) == 1 and not self._chose_open(whisters[0]):
            return (whisters[0],)
        return None

    def _chose_open(self, seat: Seat) -> bool:
        return any(t in ("open", "closed") for t in self.said(seat))

    def finished(self) -> bool:
        """Both defenders have spoken (the open/closed choice is optional)."""
        o = self.outcome
        first = self.said(o.first)
        return "check" in first or (bool(first) and bool(self.said(o.second)))

    def allowed(self, seat: Seat) -> tuple[str, ...]:
        o = self.outcome
        level = self.contract.level
        if seat == o.first and not self.said(o.first):
            return ("check",) if self.checked_ten else ("whist", "pass")
        if seat == o.second and not self.said(o.second):
            if self.said(o.first) == ["pass"] and self.rules.allows_half_whist(level):
                return ("whist", "pass", "half")
            return ("whist", "pass")
        if self.said(o.second) == ["half"] and self.said(o.first) == ["pass"]:
            return ("whist",)
        return ("open", "closed")

    def legal_calls(self, seat: Seat) -> tuple[str, ...]:
        """Every call ``seat`` may make now."""
        return tuple(t for t in self.allowed(seat) if self.forbidden(t) is None)

    def forbidden(self, token: str) -> Problem | None:
        """A house rule against a call the protocol would allow (Stalingrad)."""
        if token == "pass" and self.rules.stalingrad and str(self.contract) == "6S":
            return Problem(codes.E406, msg("Stalingrad: 6♠ must be whisted by both defenders"),
                           msg("house rule stalingrad=on"))
        return None

    @property
    def checked_ten(self) -> bool:
        """A ten under ``ten=checked``: not whisted, only checked by the defence."""
        return self.contract.level == 10 and self.rules.ten == "checked"

    def step(self, seat: Seat, token: str) -> Problem | None:
        """Check and record ``seat``'s call (the problem, if it is not allowed)."""
        if self.checked_ten and token != "check" and not self.said(seat):
            return Problem(codes.E406, msg("{seat} cannot say {token}: a ten is not whisted but"
                                          " checked (house rule ten=checked)", seat=seat,
                                          token=token),
                           msg("the defence's call is check; a defeat found makes the declarer"
                              " fall"))
        allowed = self.allowed(seat)
        if token not in allowed:
            return Problem(codes.E406, msg("{seat} cannot say {token} here", seat=seat,
                                          token=token),
                           msg("allowed: {calls}", calls=", ".join(allowed)))
        forbidden = self.forbidden(token)
        if forbidden is not None:
            return forbidden
        self.outcome.calls.setdefault(seat, []).append(token)
        return None

    def settle(self) -> None:
        """Derive the outcome from the calls."""
        o = self.outcome
        first, second = self.said(o.first), self.said(o.second)
        o.whisters = [s for s in o.defenders if "whist" in self.said(s)]
        if "check" in first:
            o.checked, o.played, o.players = True, False, ()
            return
        if not o.whisters:
            o.half = o.second if "half" in second else None
            o.played = False
            o.players = ()
            return
        if o.second in o.whisters and "half" in second:
            o.whisters = [o.first]
        o.players = o.defenders
        if len(o.whisters) == 1:
            o.caller = o.whisters[0]
            choices = [t for t in self.said(o.caller) if t in ("open", "closed")]
            o.open = choices[0] == "open" if choices else None
        else:
            o.open = False
