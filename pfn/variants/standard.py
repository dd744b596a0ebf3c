"""Standard Russian Preferans for four with an active dealer (seed 000).

Everything this family changes is here: the stepwise auction with "here", the
"together / own / return whist" defence (:class:`StandardDefence`), the idle
dealer's talon bonus and consolation and the return whister's share
(:class:`StandardScoring`), the "Preferans" hand that wins the match, the dealer
who plays the talon's cards in all-pass at four, and the American aid that closes a
pool (:class:`StandardSheet`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from pfn import codes
from pfn.cards import CARDS, Card, Rank
from pfn.contract import Contract
from pfn.diagnostics import Problem
from pfn.i18n import N_
from pfn.messages import Text, msg, nmsg
from pfn.model import Amount, CardPattern, CardRef, exact
from pfn.rules.defence import Defence
from pfn.rules.ladder import Ladder, level
from pfn.scoring.facts import DealFacts
from pfn.scoring.ledger import LedgerEntry, Scored, entry
from pfn.scoring.sheet import Sheet
from pfn.seats import Seat
from pfn.variants.russian import RussianScoring, Sochi

STANDARD = Ladder(tuple(
    level(6) + level(7) + level(8) + level(9) + ["mis"] + level(9, "-hand") + level(10)
    + ["mis-hand"] + level(10, "-hand")))
"""Seed 000: misère is beaten only by nine without the talon or ten with it; big misère
(without the talon) only by ten without it."""


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
            return ("check",) if self.checked_ten else ("whist", "pass")
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

    def step(self, seat: Seat, token: str) -> Problem | None:
        problem = super().step(seat, token)
        if problem is None and token == "return":
            self.outcome.returned = seat
        if problem is None and token == "own" and self.contract.level >= 8:
            return Problem(codes.E406, msg("`own` is not allowed at level 8 and above"))
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


class StandardScoring(RussianScoring):
    """Seed 000: the idle dealer's talon bonus and consolation, together/own/return."""

    dealer_consoled = True
    caller_takes_all = True
    lone_words = N_("the caller writes for both hands")

    def game(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        """A "Preferans" hand wins the match (written as one "preferans" entry, which the
        sheet turns into closed pools); any other game as in Sochi."""
        contract = facts.contract
        if contract.pref and facts.declarer is not None:
            return [entry(facts.declarer, "preferans", 2 if contract.trump is None else 1,
                          msg("{variant}: a Preferans hand ({contract}) wins the match",
                             variant=self.name, contract=contract))]
        return super().game(facts, notes)

    def talon_bonus(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        """One ace: 1 trick; K+Q of a suit: 1; A+K of a suit: 2; two aces: 3 — written by
        the idle dealer against the declarer (not in misère)."""
        if not self.rules.talon_bonus or facts.contract.misere or facts.contract.hand:
            return []
        dealer, declarer = facts.dealer, facts.declarer
        if dealer is None or declarer is None or dealer in facts.active:
            return []
        price = self.price(facts.contract)
        if facts.talon_public_discard:
            return [entry(declarer, "whist", price, msg("Standard: the talon discarded publicly,"
                                                       " the declarer writes the value {price}"
                                                       " against the dealer", price=price),
                          dealer)]
        talon = facts.talon
        key = (dealer, "whist", declarer)
        if talon is None or not all(isinstance(c, Card) for c in talon):
            # the bonus can only be bounded: every talon the known cards allow
            possible = {price * t for t in possible_bonuses(talon, facts.seen)}
            notes.unsure(key, msg("the dealer's talon bonus exactly (the talon is not given in"
                            " full; the score is checked against every talon it allows)"),
                         possible)
            return []
        tricks, why = talon_bonus_tricks(tuple(c for c in talon if isinstance(c, Card)))
        if not tricks:
            return []
        return [entry(dealer, "whist", price * tricks,
                      nmsg("Standard: talon bonus ({why}), {n} trick × {price}",
                          "Standard: talon bonus ({why}), {n} tricks × {price}", tricks,
                          why=why, price=price), declarer)]


def talon_bonus_tricks(talon: tuple[Card, ...]) -> tuple[int, Text]:
    """The dealer's bonus in tricks for a talon (seed 000), and what earned it."""
    ranks = [c.rank for c in talon]
    same_suit = len(talon) == 2 and talon[0].suit == talon[1].suit
    aces = ranks.count(Rank.ACE)
    if aces == 2:
        return 3, msg("two aces")
    if same_suit and set(ranks) == {Rank.ACE, Rank.KING}:
        return 2, msg("ace and king of a suit")
    if aces == 1:
        return 1, msg("an ace")
    if same_suit and set(ranks) == {Rank.KING, Rank.QUEEN}:
        return 1, msg("king and queen of a suit")
    return 0, ""


def possible_bonuses(talon: tuple[CardRef, ...] | None, seen: int) -> set[int]:
    """Every bonus a talon known in part (or not at all) could give; ``seen`` are cards
    known to be elsewhere."""
    refs: list[CardRef] = list(talon) if talon else [CardPattern(None, None)] * 2
    options = []
    for ref in refs[:2]:
        if isinstance(ref, Card):
            options.append([ref])
        else:
            options.append([c for c in CARDS if not seen >> c & 1 and ref.matches(c)])
    found = set()
    for first in options[0]:
        for second in options[1] if len(options) > 1 else [first]:
            if first != second:
                found.add(talon_bonus_tricks((first, second))[0])
    return found or {0}


class StandardSheet(Sheet):
    """Seed 000's sheet: once a pool is closed, half of what it would take pays down its
    owner's mountain and the rest helps the largest open pool ("American aid"); a
    "Preferans" hand wins the match outright."""

    def write(self, entries: list[LedgerEntry]) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        for e in entries:
            if e.column == "preferans":
                out += self.preferans(e.seat, no_trumps=e.value == 2)
            else:
                out += super().write([e])
        return out

    def preferans(self, seat: Seat, no_trumps: bool) -> list[LedgerEntry]:
        """Seed 000: the pool written up to the target, the mountain and every whist
        against him crossed out; at no-trumps also every other pool closed, with ten
        whists per point written against its owner, and the match is over."""
        why = msg("Preferans hand at no-trumps") if no_trumps else msg("Preferans hand")
        changes = []
        if self.target is not None:
            changes.append(entry(seat, "pool", self.target - self.get(seat, "pool"),
                                 msg("{why}: the pool written up to {target}", why=why,
                                    target=self.target)))
        if self.get(seat, "mountain"):
            changes.append(entry(seat, "mountain", -self.get(seat, "mountain"),
                                 msg("{why}: the mountain crossed out", why=why)))
        for other in self.seats():
            against = self.get(other, "whist", seat)
            if other != seat and against:
                changes.append(entry(other, "whist", -against,
                                     msg("{why}: whists against {seat} crossed out", why=why,
                                        seat=seat), seat))
        if no_trumps and self.target is not None:
            for other in self.seats():
                short = self.target - self.get(other, "pool")
                if other != seat and short > 0:
                    changes.append(entry(other, "pool", short,
                                         msg("{why}: {seat} closes the pool", why=why,
                                            seat=seat)))
                    changes.append(entry(seat, "whist", 10 * short,
                                         msg("{why}: ten whists per point closed", why=why),
                                         other))
        out = [e for e in changes if e.value]
        for e in out:
            self._add(e)
        return out


    def pay_down(self, seat: Seat, excess: Amount, out: list[LedgerEntry]) -> Amount:
        mountain = self.get(seat, "mountain")
        off = exact(min(Fraction(excess, 2), mountain)) if mountain else 0
        if off:
            self.write_entry(entry(seat, "mountain", -off,
                                   msg("pool closed: half of {n} pays down the mountain",
                                      n=excess)), out)
        return excess - off

    def helped(self, helper: Seat) -> Seat | None:
        open_seats = [s for s in self.seats() if s != helper and not self.closed(s)]
        if not open_seats or self.rules.help == "none":
            return None
        return max(open_seats, key=lambda s: (self.get(s, "pool"), -s.index))


def preferans_problem(twelve: int, contract: Contract) -> Text | None:
    """Why twelve cards are not a "Preferans" hand (``None`` if they are)."""
    if twelve.bit_count() != 12:
        return msg("a Preferans hand has twelve cards")
    for suit in range(4):
        ranks = (twelve >> (8 * suit)) & 0xFF
        if contract.trump is None:
            if ranks != 0b11100000:
                return msg("no-trump Preferans needs ace, king and queen in every suit, nothing"
                          " else")
        elif suit == contract.trump:
            if ranks != 0xFF:
                return msg("Preferans in a suit needs all eight trumps")
        elif ranks and (ranks + (ranks & -ranks)) & 0xFF:
            return msg("outside the trumps a Preferans hand holds only unbroken top cards")
    return None


class RussianStandard(Sochi):
    """Standard Russian Preferans for four with an active dealer (seed 000)."""

    name = "russian-standard"
    aliases = ("standard", "standard-4", "standardni ruski", "стандарт")
    title = N_("Standard Russian Preferans (seed 000)")
    short_name = N_("Standard")
    source = "seed 000 (Standardni Ruski Preferans)"
    ladder = STANDARD
    defence_class = StandardDefence
    scoring_class = StandardScoring
    sheet_class = StandardSheet
    defaults: ClassVar[dict[str, Any]] = {
        "jumps": False, "hold": "first-after-pass", "without_talon": True,
        "ten": "checked", "high_whist_failure": "second", "talon_bonus": True,
        "allpass_progression": (1, 2, 4), "allpass_exit": (6,), "allpass_dealer": "stay-3",
        "allpass_no_trick": 2, "help": "largest", "half_whist": "off"}
    sources: ClassVar[dict[str, str]] = {
        "jumps": "seed 000: a raise goes exactly one step (standard-4.md)",
        "hold": "seed 000: «ovde», only the first bidder, after someone has passed",
        "without_talon": "seed 000: nine and ten without the talon, big misère",
        "ten": "seed 000: «Ova Ponuda se prektično i ne igra, već se samo proverava»",
        "high_whist_failure": "seed 000: at 8 and 9 only the second defender falls",
        "talon_bonus": "seed 000: the idle dealer's bonus for the talon's aces and honours",
        "allpass_progression": "seed 000: raspasovka penalties 1, 2, 4",
        "allpass_exit": "seed 000 names no tightened exit",
        "allpass_dealer": "seed 000: the same dealer deals up to three raspasovkas in a row",
        "allpass_no_trick": "seed 000: 2 to the Meta for no trick",
        "help": "seed 000: American aid helps the largest open Meta",
        "half_whist": "seed 000 has no half-whist (own whists instead)",
    }
    """Where each of these defaults comes from."""

    def contract_problem(self, contract: Contract) -> Problem | None:
        """Seed 000 knows the "Preferans" hand (``10H-pref``)."""
        return None

    def hand_problem(self, contract: Contract, twelve: int) -> Problem | None:
        """A "Preferans" hand must be twelve cards that cannot lose a trick."""
        if not contract.pref:
            return None
        problem = preferans_problem(twelve, contract)
        if problem is None:
            return None
        return Problem(codes.E404, problem, msg("seed 000: twelve cards that cannot lose a trick —"
                                               " all eight trumps and top cards, or A-K-Q in"
                                               " every suit at no-trumps"))

    def talon_owner(self, dealer: Seat | None, players: int) -> Seat | None:
        """At four the dealer plays the talon's cards in all-pass and takes a trick the
        talon card wins."""
        return dealer if players == 4 else None
