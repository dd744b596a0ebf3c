"""Preference as the Encyclopaedia Britannica describes it (seed 002).

Everything the family changes is here: the One … Four, -hand, Misère, No Trump and
Misère Over values (the ladder), the eldest's hold and the dealer entering after the
first pass (:class:`BritannicaAuction`), agree / drop / insist from value 6
(:class:`BritannicaDefence`), the soloist's lead (the player on his right at No
Trump), the must-head rule of play (``must_head``), and the pot with its antes
(:class:`BritannicaScoring`, :class:`BritannicaSheet`, :func:`settle`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from pfn import codes
from pfn.contract import Contract
from pfn.diagnostics import Problem
from pfn.i18n import N_
from pfn.messages import Text, msg
from pfn.model import Amount, Call
from pfn.rules.auction import Auction
from pfn.rules.defence import CallProblem, Defence, DefenceOutcome
from pfn.rules.ladder import Ladder
from pfn.rules.options import HouseRules
from pfn.rules.replay import DealContext
from pfn.scoring.facts import DealFacts
from pfn.scoring.ledger import LedgerEntry, Scored, entry
from pfn.scoring.scorer import Scoring
from pfn.scoring.settlement import rounded
from pfn.scoring.sheet import Sheet
from pfn.seats import Seat
from pfn.variants.base import Variant
from pfn.vocabulary import BRITANNICA

BRITANNICA_LADDER = Ladder(("6C", "6S", "6D", "6H", "mis", "6C-hand", "6S-hand", "6D-hand",
                            "6H-hand", "mis-hand", "6NT", "mis-open"))
"""Britannica: One … Four (clubs, spades, diamonds, hearts), Misère, One-hand … Four-hand,
Misère without the widow, No Trump, Misère over; values 1–12 in this order."""


class BritannicaAuction(Auction):
    """Britannica: the eldest and the next player bid first (the eldest may hold); after
    the first of them passes, the dealer enters against the survivor."""

    def __init__(self, ladder: Ladder, rules: HouseRules, order: tuple[Seat, ...]) -> None:
        super().__init__(ladder, rules, order)
        self.duel: tuple[Seat, ...] = order[:2]

    def speaker(self, explicit: Seat | None) -> tuple[Seat | None, Problem | None]:
        state = self.state
        if state.finished:
            return explicit, Problem(codes.E308, msg("call after the auction ended"))
        live = [s for s in self.duel if s not in state.passed]
        if len(live) < 2:
            self._open_duel()
            live = [s for s in self.duel if s not in state.passed]
        last = state.history[-1][0] if state.history else None
        expected = live[0] if last not in live or last == live[-1] else live[1]
        if last is None:
            expected = live[0]
        if explicit is not None and explicit not in state.order:
            return expected, Problem(codes.E301, msg("{seat} takes no part in this auction:"
                                                    " it is {turn}'s turn", seat=explicit,
                                                    turn=expected))
        if explicit is not None and explicit != expected:
            return explicit, Problem(codes.E301, msg("{seat} speaks out of turn: it is"
                                                    " {turn}'s turn", seat=explicit,
                                                    turn=expected))
        return expected, None

    def _open_duel(self) -> None:
        state = self.state
        survivors = [s for s in self.duel if s not in state.passed]
        dealer = state.order[-1]
        if dealer not in self.duel:
            self.duel = (dealer, *survivors)

    def _check_hold(self, seat: Seat) -> Problem | None:
        state = self.state
        if state.high is None:
            return Problem(codes.E305, msg("nothing to hold: no bid yet"))
        if state.order.index(seat) > state.order.index(state.high_seat or seat):
            return Problem(codes.E305, msg("{seat} has no priority over {other}", seat=seat,
                                          other=state.high_seat),
                           msg("only an earlier hand may hold"))
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

    @property
    def silent(self) -> bool:
        """No choice below value 6 or in misère: both defenders play."""
        return self.contract.misere or self.value < self.CHOICE_FROM

    def run(self, calls: Sequence[Call]) -> list[CallProblem]:
        if self.silent:
            o = self.outcome
            problems: list[CallProblem] = []
            if calls:
                problems.append((0, Problem(
                    codes.E406, msg("no defence choice below value {n} or in misère",
                                   n=self.CHOICE_FROM), msg("both defenders must play"))))
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


class BritannicaScoring(Scoring):
    """Britannica: a soloist who makes a six-trick contract takes the ante from the pot;
    one who fails pays twice the ante into it.  Misère (unless the house rule
    ``misere-stakes=ante`` pays it the same way), a defender short of his two tricks and
    all-pass: the source gives no figures."""

    name = "Britannica"

    def score(self, facts: DealFacts, context: DealContext) -> Scored:
        notes = Scored()
        notes.entries = self.deal(facts, notes)
        return notes

    def deal(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        contract, declarer = facts.contract, facts.declarer
        if contract.allpass or declarer is None:
            notes.cannot(msg("Britannica gives no payment when everybody passes"))
            return []
        if contract.misere and self.rules.misere_stakes == "none":
            notes.cannot(msg("Britannica gives no payment for misère (house rule"
                            " misere-stakes)"))
            return []
        defence = facts.defence
        taken = 10 if defence is not None and not defence.played else facts.took(declarer)
        if taken is None:
            notes.cannot(msg("the soloist's tricks are not given"))
            return []
        ante = self.rules.ante
        made = taken == 0 if contract.misere else taken >= 6
        if made:
            out = [entry(declarer, "chips", ante, msg("Britannica: {contract} made, the"
                                                     " soloist takes {n} from the pot",
                                                     contract=contract, n=ante))]
        else:
            out = [entry(declarer, "chips", -2 * ante, msg("Britannica: {contract} failed,"
                                                          " the soloist pays {n} into the pot",
                                                          contract=contract, n=2 * ante))]
        if defence is not None and defence.played and not contract.misere and any(
                (facts.took(s) or 0) < 2 for s in self._quota(defence)):
            notes.cannot(msg("Britannica gives no payment for a defender short of two tricks"))
        return out

    @staticmethod
    def _quota(defence: DefenceOutcome) -> list[Seat]:
        """The defenders bound to take two tricks: each who agreed, except one whose
        partner he made play by insisting ("вместе они все же должны обыграть Солиста")."""
        if defence.caller is not None and len(defence.players) > 1:
            return []
        return list(defence.whisters)


@dataclass
class BritannicaSheet(Sheet):
    """Chips: each player's units won from and paid into the pot (Britannica)."""

    layout: ClassVar[str] = "chips"

    def pot(self) -> Amount:
        """What is in the pot: every chip that left a player's stack."""
        return -sum((v for k, v in self.values.items() if k[1] == "chips"), 0)

    def write(self, entries: list[LedgerEntry]) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        ante = self.rules.ante
        if entries and self.pot() <= 0:  # the pot is empty: everyone antes
            for seat in self.seats():
                e = entry(seat, "chips", -ante, msg("Britannica: the pot is empty, each"
                                                   " antes {n}", n=ante))
                out.append(e)
                self._add(e)
        for e in entries:
            out.append(e)
            self._add(e)
        return out

    @property
    def finished(self) -> bool:
        return False

    def settle(self) -> dict[Seat, Fraction]:
        return settle(self, self.rules)

    def describe(self) -> Text:
        return msg("chips, with the pot shared equally")


def settle(sheet: Sheet, rules: HouseRules) -> dict[Seat, Fraction]:
    """Chips won and lost, plus an equal share of what is left in the pot (the seed does
    not say what becomes of the pot; sharing it keeps the sum at zero)."""
    seats = sheet.seats()
    chips = {s: Fraction(sheet.get(s, "chips")) for s in seats}
    pot = -sum(chips.values(), Fraction(0))
    result = {s: chips[s] + pot / len(seats) for s in seats}
    return rounded(result) if rules.rounding == "integer" else result


class Britannica(Variant):
    """Preference as the Encyclopaedia Britannica describes it (seed 002)."""

    name = "britannica"
    aliases = ("preference", "britannica-preference", "британника")
    title = N_("Britannica Preference (seed 002)")
    source = "seed 002 (Предпочтение | карточная игра | Британника)"
    short_name = N_("Britannica")
    vocabulary = BRITANNICA
    ladder = BRITANNICA_LADDER
    auction_class = BritannicaAuction
    defence_class = BritannicaDefence
    scoring_class = BritannicaScoring
    sheet_class = BritannicaSheet
    columns = ("chips",)
    must_head = True
    allpass_played = False
    tables = (3,)
    defaults: ClassVar[dict[str, Any]] = {"hold": "eldest", "without_talon": True,
                                          "ante": 10, "misere_stakes": "none"}
    sources: ClassVar[dict[str, str]] = {
        "hold": "seed 002 (Britannica): the eldest may say «держать» to match a bid",
        "without_talon": "seed 002 (Britannica): One-hand … Four-hand, misère without the widow",
        "ante": "seed 002 (Britannica): «скажем, 10 единиц каждый»",
        "misere_stakes": "seed 002 names payments for six-trick contracts only",
    }
    """Where each of these defaults comes from."""

    def auction(self, order: tuple[Seat, ...]) -> Auction:
        return self.auction_class(self.ladder, self.rules, order)

    def defence(self, contract: Contract, declarer: Seat, dealer: Seat | None,
                order: tuple[Seat, ...]) -> Defence:
        first, second = self.defenders(declarer, order)
        return BritannicaDefence(contract, self.rules, first, second, declarer, dealer, order,
                                 value=self.value(contract))

    def first_leader(self, contract: Contract, declarer: Seat | None, eldest: Seat,
                     order: tuple[Seat, ...]) -> Seat:
        """The soloist leads, except at No Trump: the player on his right."""
        if declarer is None:
            return eldest
        if contract.notrump:
            return order[(order.index(declarer) - 1) % len(order)]
        return declarer

    def value(self, contract: Contract) -> int:
        """Britannica's value of a bid, 1–12."""
        try:
            return self.ladder.rank(str(contract)) + 1
        except KeyError:
            return 0
