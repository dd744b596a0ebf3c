"""Defence: the defenders' decisions after the contract, and what they lead to.

A protocol reads the Defence section's calls in order, checks each against the
variant's rules (who speaks, which calls are allowed at this level) and produces
a :class:`DefenceOutcome`: who answers for the defence, who plays, open or closed,
half-whist, "own", kontra.  Scoring reads only the outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pfn.contract import Contract
from pfn.model import Call
from pfn.rules.auction import CallProblem
from pfn.rules.options import HouseRules
from pfn.seats import Seat


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


Problem = tuple[int, CallProblem]
"""A problem with the call at an index of the Defence section."""


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

    def run(self, calls: Sequence[Call]) -> list[Problem]:
        """Replay the calls; return the problems found (the outcome is ``self.outcome``)."""
        problems: list[Problem] = []
        if self.contract.pref:  # it cannot lose a trick: nothing to defend, no play
            if calls:
                problems.append((0, CallProblem("PFN-E406", "no defence against a Preferans"
                                                " hand")))
            self.outcome.played, self.outcome.players = False, ()
            return problems
        if self.contract.misere or self.contract.allpass:
            if calls:
                problems.append((0, CallProblem("PFN-E406", "no defence calls in "
                                                + ("misère" if self.contract.misere else
                                                   "all-pass"),
                                                "both defenders play misère, open")))
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
                problems.append((index, CallProblem("PFN-E406", f"{call.token}: the defence"
                                                    " had already decided")))
                break
            if call.seat is not None and call.seat not in speaker:
                problems.append((index, CallProblem(
                    "PFN-E405", f"{call.seat} speaks out of turn: it is"
                    f" {' or '.join(map(str, speaker))}'s turn")))
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
            options: tuple[str, ...] = ("whist", "pass")
            if level == 10 and self.rules.ten == "checked":
                options += ("check",)
            return options
        if seat == o.second and not self.said(o.second):
            if self.said(o.first) == ["pass"] and self.rules.allows_half_whist(level):
                return ("whist", "pass", "half")
            return ("whist", "pass")
        if self.said(o.second) == ["half"] and self.said(o.first) == ["pass"]:
            return ("whist",)
        return ("open", "closed")

    def step(self, seat: Seat, token: str) -> CallProblem | None:
        allowed = self.allowed(seat)
        if token not in allowed:
            return CallProblem("PFN-E406", f"{seat} cannot say {token} here",
                               "allowed: " + ", ".join(allowed))
        if token == "pass" and self.rules.stalingrad and str(self.contract) == "6S":
            return CallProblem("PFN-E406", "Stalingrad: 6♠ must be whisted by both defenders",
                               "house rule stalingrad=on")
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


class StandardDefence(Defence):
    """Seed 000: whist/pass, then together or own; return whist by the other defender,
    then by the dealer; open by default after a call."""

    def after_first_round(self, first: list[str], second: list[str]
                          ) -> tuple[Seat, ...] | None:
        o = self.outcome
        if first == ["whist"] and second == ["whist"]:
            return None
        if first == ["whist"] and second == ["pass"]:
            return (o.first,)
        caller = self._caller()
        if caller is not None:
            return None if self._chose_open(caller) else (caller,)
        if any(t in ("own", "pass") for t in first + second) and o.returned is None:
            # the return whist: the other defender, then the dealer
            owner = o.first if "own" in first else o.second if "own" in second else None
            others = tuple(s for s in o.defenders if s != owner)
            if self.dealer is not None and self.dealer not in o.defenders and \
                    self.dealer != self.declarer:
                others += (self.dealer,)
            return others
        return None

    def _caller(self) -> Seat | None:
        o = self.outcome
        for seat in (*o.defenders, *([self.dealer] if self.dealer is not None else [])):
            if any(t in ("together", "return") for t in self.said(seat)):
                return seat
        return None

    def finished(self) -> bool:
        o = self.outcome
        first, second = self.said(o.first), self.said(o.second)
        # after whist and pass the first defender still owes together or own
        return "check" in first or (bool(first) and bool(second)
                                    and not (first == ["whist"] and second == ["pass"]))

    def allowed(self, seat: Seat) -> tuple[str, ...]:
        o = self.outcome
        level = self.contract.level
        first, second = self.said(o.first), self.said(o.second)
        own_ok = level in (6, 7)
        if seat == o.first and not first:
            if level == 10 and self.rules.ten == "checked":
                return ("whist", "pass", "check")
            return ("whist", "pass")
        if seat == o.second and not second:
            if first == ["whist"]:
                return ("whist", "pass")
            # at 6 and 7 "own" is free of risk, so nobody passes; at 8 and 9 "own" is gone
            return ("together", "own") if own_ok else ("together", "pass")
        if self._caller() == seat:
            return ("open", "closed")
        if first == ["whist"] and second == ["pass"] and seat == o.first and len(first) == 1:
            return ("together", "own") if own_ok else ("together",)
        return ("return",)

    def step(self, seat: Seat, token: str) -> CallProblem | None:
        problem = super().step(seat, token)
        if problem is None and token == "return":
            self.outcome.returned = seat
        if problem is None and token == "own" and self.contract.level >= 8:
            return CallProblem("PFN-E406", "'own' is not allowed at level 8 and above")
        return problem

    def settle(self) -> None:
        o = self.outcome
        if "check" in self.said(o.first):
            o.checked, o.played, o.players = True, False, ()
            return
        caller = self._caller()
        both = "whist" in self.said(o.first) and "whist" in self.said(o.second)
        owners = [s for s in o.defenders if "own" in self.said(s)]
        if both:
            o.whisters = list(o.defenders)
            o.players, o.open = o.defenders, False
        elif caller is not None:
            o.caller = caller
            o.whisters = [caller]
            o.players = o.defenders
            choices = [t for t in self.said(caller) if t in ("open", "closed")]
            o.open = choices[-1] == "open" if choices else True
        elif owners:
            o.own = owners[0]
            o.played, o.players = False, ()
        else:
            o.played, o.players = False, ()


class SerbianDefence(Defence):
    """Seed 001: follow (whist) or not; a lone follower may call the other; kontra by a
    defender, rekontra by the declarer, subkontra, mortkontra."""

    KONTRAS = ("kontra", "rekontra", "subkontra", "mortkontra")

    def after_first_round(self, first: list[str], second: list[str]
                          ) -> tuple[Seat, ...] | None:
        o = self.outcome
        level = self.outcome.kontra
        whisters = [s for s in o.defenders if "whist" in self.said(s)]
        if self.contract.misere:
            whisters = list(o.defenders)
        if not whisters:
            return None
        if level % 2 == 1:
            return (self.declarer,) if level < self._max_kontra() else None
        if level and level < self._max_kontra():
            assert o.kontra_caller is not None
            return (o.kontra_caller,)
        if level:
            return None
        return tuple(whisters)

    def _max_kontra(self) -> int:
        return self.KONTRAS.index(self.rules.kontra) + 1

    def finished(self) -> bool:
        o = self.outcome
        return bool(self.said(o.first)) and bool(self.said(o.second))

    def allowed(self, seat: Seat) -> tuple[str, ...]:
        o = self.outcome
        if seat in o.defenders and len(self.said(seat)) == 0:
            return ("whist", "pass")
        level = o.kontra
        if level < self._max_kontra():
            token = self.KONTRAS[level]
            if seat == self.declarer:
                return (token,) if level % 2 == 1 else ()
            if level == 0:
                lone = [s for s in o.defenders if "whist" in self.said(s)]
                extra = ("together",) if len(lone) == 1 and seat == lone[0] and \
                    "together" not in self.said(seat) else ()
                return ("kontra", *extra)
            return (token,) if seat == o.kontra_caller else ()
        return ()

    def step(self, seat: Seat, token: str) -> CallProblem | None:
        allowed = self.allowed(seat)
        if token not in allowed:
            return CallProblem("PFN-E406", f"{seat} cannot say {token} here",
                               "allowed: " + (", ".join(allowed) or "nothing"))
        self.outcome.calls.setdefault(seat, []).append(token)
        if token in self.KONTRAS:
            self.outcome.kontra += 1
            if token == "kontra":
                self.outcome.kontra_caller = seat
        return None

    def settle(self) -> None:
        o = self.outcome
        if self.contract.misere:
            o.whisters, o.players = [], o.defenders
            o.open = None
            return
        o.whisters = [s for s in o.defenders if "whist" in self.said(s)]
        if self.rules.pik_without_kontra and str(self.contract) == "6S" and not o.kontra:
            o.refa, o.played, o.players = True, False, ()
            return
        callers = [s for s in o.defenders if "together" in self.said(s)]
        if o.kontra_caller is not None:
            o.caller = o.kontra_caller
            o.players = o.defenders
        elif callers:
            o.caller = callers[0]
            o.players = o.defenders
        elif len(o.whisters) == 1:
            o.players = (o.whisters[0],)
        elif o.whisters:
            o.players = o.defenders
        else:
            o.played, o.players = False, ()


class BritannicaDefence(Defence):
    """Britannica: at contracts worth 6 or more each defender agrees (whist) or drops
    (pass); a lone defender may insist (together) that the other plays, without a quota;
    both drop: the soloist wins without play."""

    CHOICE_FROM = 6

    def __init__(self, contract: Contract, rules: HouseRules, first: Seat, second: Seat,
                 declarer: Seat, dealer: Seat | None, table: tuple[Seat, ...],
                 value: int = 0) -> None:
        super().__init__(contract, rules, first, second, declarer, dealer, table)
        self.value = value

    def run(self, calls: Sequence[Call]) -> list[Problem]:
        if self.contract.misere or self.value < self.CHOICE_FROM:
            o = self.outcome
            problems: list[Problem] = []
            if calls:
                problems.append((0, CallProblem(
                    "PFN-E406", f"no defence choice below value {self.CHOICE_FROM} or in"
                    " misère", "both defenders must play")))
            o.whisters = [] if self.contract.misere else list(o.defenders)
            o.players = o.defenders
            return problems
        return super().run(calls)

    def after_first_round(self, first: list[str], second: list[str]
                          ) -> tuple[Seat, ...] | None:
        o = self.outcome
        whisters = [s for s in o.defenders if "whist" in self.said(s)]
        if len(whisters) == 1 and len(self.said(whisters[0])) == 1:
            return (whisters[0],)
        return None

    def finished(self) -> bool:
        o = self.outcome
        return bool(self.said(o.first)) and bool(self.said(o.second))

    def allowed(self, seat: Seat) -> tuple[str, ...]:
        if not self.said(seat):
            return ("whist", "pass")
        return ("together",)

    def settle(self) -> None:
        o = self.outcome
        o.whisters = [s for s in o.defenders if "whist" in self.said(s)]
        if not o.whisters:
            o.played, o.players = False, ()
        elif len(o.whisters) == 1:
            lone = o.whisters[0]
            o.caller = lone
            o.players = o.defenders if "together" in self.said(lone) else (lone,)
        else:
            o.players = o.defenders
