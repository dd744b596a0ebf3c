"""Scoring one deal in the Russian families: pool, mountain and whists.

:class:`RussianScoring` is Sochi; Leningrad, Rostov and the 4-handed standard
override a few hooks.  Every entry carries the rule that wrote it, in words, so a
mismatch with a published figure can say which rule gives which number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from pfn.cards import CARDS, Card, Rank
from pfn.contract import Contract
from pfn.model import Amount, CardPattern, CardRef, exact
from pfn.rules.defence import DefenceOutcome
from pfn.rules.options import HouseRules
from pfn.scoring.ledger import LedgerEntry, entry
from pfn.seats import Seat


@dataclass
class DealFacts:
    """What scoring needs to know about a deal (computed by the replay)."""

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
    unchecked: list[str] = field(default_factory=list)
    """What scoring could not decide (filled in by the scorer)."""
    incomplete: bool = False
    """The entries are not the whole score of the deal (something was not given)."""
    uncertain: dict[tuple[Seat, str, Seat | None], set[Amount]] = field(default_factory=dict)
    """Entries whose amount the given facts do not fix, with the amounts they allow
    (added to whatever else the deal writes there)."""
    seen: int = 0
    """Cards known to be in the hands (for bounding what the talon can hold)."""

    def cannot(self, what: str) -> None:
        """The score cannot be computed in full: say what is missing."""
        self.unchecked.append(what)
        self.incomplete = True

    def unsure(self, key: tuple[Seat, str, Seat | None], what: str,
               possible: set[int]) -> None:
        """One entry cannot be fixed from what is given; ``possible`` are the amounts it
        may add."""
        self.unchecked.append(what)
        self.uncertain[key] = set(possible)

    def took(self, seat: Seat) -> int | None:
        """Tricks taken by ``seat`` (``None`` if not known)."""
        return self.tricks.get(seat)


class RussianScoring:
    """Sochi scoring (``russian-scoring.md``); the other Russian families subclass it."""

    name: ClassVar[str] = "Sochi"
    prices: ClassVar[dict[int, int]] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
    misere_price: ClassVar[int] = 10
    obligations: ClassVar[dict[int, int]] = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
    whist_factor: ClassVar[int] = 1
    """Whists per trick, declarer's undertricks and whisters' failures are priced at
    ``whist_factor`` × the price (Leningrad doubles them)."""
    dealer_consoled: ClassVar[bool] = False
    """At a table of four, the idle dealer also writes the consolation whists (seed 000)."""

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules

    def price(self, contract: Contract) -> int:
        """The contract's price P."""
        return self.misere_price if contract.misere else self.prices[contract.level]

    # -- entry point ------------------------------------------------------

    def score(self, facts: DealFacts) -> list[LedgerEntry]:
        """The entries one deal writes (before closing the pool and help)."""
        contract = facts.contract
        if contract.allpass:
            return self.allpass(facts)
        if facts.declarer is None:
            facts.cannot("no declarer: the score is not computed")
            return []
        if contract.misere:
            return self.misere(facts)
        return self.game(facts)

    # -- games for tricks -------------------------------------------------

    def game(self, facts: DealFacts) -> list[LedgerEntry]:
        contract, declarer = facts.contract, facts.declarer
        assert declarer is not None
        defence = facts.defence
        if contract.pref:
            return [entry(declarer, "preferans", 2 if contract.trump is None else 1,
                          f"{self.name}: a Preferans hand ({contract}) wins the match")]
        out: list[LedgerEntry] = self.talon_bonus(facts)
        price = self.price(contract)
        level = contract.level
        if defence is not None and not defence.played:
            return out + self.unplayed(facts, defence, price)
        taken = facts.took(declarer)
        if taken is None:
            facts.cannot("the declarer's tricks are not given: the score is not"
                                   " computed")
            return out
        if taken >= level:
            out.append(entry(declarer, "pool", price, f"{self.name}: {contract} made, price"
                             f" {price} to the pool"))
        else:
            out += self.fall(facts, level - taken, price)
        if defence is not None:
            out += self.whists(facts, defence, price)
        return out

    def fall(self, facts: DealFacts, under: int, price: int) -> list[LedgerEntry]:
        """The declarer is ``under`` tricks short: mountain and consolation."""
        declarer = facts.declarer
        assert declarer is not None
        factor = self.whist_factor
        if self.rules.undertrick_price == "half-plus-one":
            mountain = exact(Fraction(price * factor, 2) * (under + 1))
            why = f"{under} down: half the price for the fall plus {price * factor // 2}" \
                  f" per missing trick"
        else:
            mountain = price * factor * under
            why = f"{under} down × {price * factor}"
        out = [entry(declarer, "mountain", mountain, f"{self.name}: {facts.contract} {why}")]
        unit = self.rules.consolation_factor * price
        for seat in self.consoled(facts):
            out.append(entry(seat, "whist", unit * under, f"{self.name}: consolation, {under}"
                             f" undertrick{'s' * (under > 1)} × {unit}", declarer))
        return out

    def consoled(self, facts: DealFacts) -> list[Seat]:
        """Who writes consolation whists for the declarer's undertricks."""
        defence = facts.defence
        mode = self.rules.consolation
        if defence is None or mode == "none":
            return []
        seats = list(defence.whisters if mode == "whisters" else defence.defenders)
        if self.dealer_consoled and facts.dealer is not None and facts.dealer not in facts.active:
            seats.append(facts.dealer)
        if defence.returned is not None:
            return []  # the return whister takes the others' share (counted in whists())
        return seats

    def whists(self, facts: DealFacts, defence: DefenceOutcome, price: int) -> list[LedgerEntry]:
        """Whists for the defence's tricks, and the whisters' failure to reach the
        obligation."""
        out: list[LedgerEntry] = []
        declarer = facts.declarer
        assert declarer is not None
        level = facts.contract.level
        unit = price * self.whist_factor
        tricks = {s: facts.took(s) for s in defence.defenders}
        counts: dict[Seat, int] = {s: t for s, t in tricks.items() if t is not None}
        total = sum(counts.values())
        if len(counts) < 2:
            taken = facts.took(declarer)
            if len(defence.whisters) == 2 or taken is None:
                facts.cannot("a defender's tricks are not given: whists not computed")
                return out
            total = 10 - taken  # a lone whister or a caller needs only the defence's total
        obligation = self.obligations[level]
        if len(defence.whisters) == 2:
            for seat in defence.whisters:
                if counts[seat]:
                    out.append(entry(seat, "whist", unit * counts[seat],
                                     f"{self.name}, both whisted: {counts[seat]} trick"
                                     f"{'s' * (counts[seat] > 1)} × {unit}", declarer))
            out += self.both_failed(facts, defence, counts, obligation, price)
            return out
        caller = defence.caller or (defence.whisters[0] if defence.whisters else None)
        if caller is None:
            return out
        partner = defence.second if caller == defence.first else defence.first
        if self.rules.whist == "gentleman" and defence.returned is None and \
                defence.own is None and defence.kontra == 0 and not self.caller_takes_all:
            half = exact(Fraction(unit * total, 2))
            for seat in (caller, partner):
                if half:
                    out.append(entry(seat, "whist", half, f"{self.name}, gentleman's whist:"
                                     f" half of {total} tricks × {unit}", declarer))
        elif total:
            out.append(entry(caller, "whist", unit * total, f"{self.name}, {self.lone_words}:"
                             f" {total} trick{'s' * (total > 1)} × {unit}", declarer))
        if defence.returned is not None:
            out += self.returned_share(facts, caller, price)
        if total < obligation:
            short = obligation - total
            out.append(entry(caller, "mountain", self.failure(price, short),
                             f"{self.name}: whister {short} short of the obligation"
                             f" {obligation} × {self.failure_unit(price)}"))
        return out

    caller_takes_all: ClassVar[bool] = False
    lone_words: ClassVar[str] = "one whisted"

    def returned_share(self, facts: DealFacts, caller: Seat, price: int) -> list[LedgerEntry]:
        """The return whister also takes the consolation of the others (seed 000)."""
        declarer = facts.declarer
        assert declarer is not None
        taken = facts.took(declarer) or 0
        under = max(0, facts.contract.level - taken)
        if not under:
            return []
        defence = facts.defence
        assert defence is not None
        others = [s for s in defence.defenders if s != caller]
        if self.dealer_consoled and facts.dealer is not None and \
                facts.dealer not in facts.active and facts.dealer != caller:
            others.append(facts.dealer)
        per = self.rules.consolation_factor * price * under
        out = [entry(caller, "whist", per, f"{self.name}: consolation, {under} × {price}",
                     declarer)]
        out += [entry(caller, "whist", per, f"{self.name}: return whist takes {seat}'s"
                      f" consolation", declarer) for seat in others]
        return out

    def failure_unit(self, price: int) -> Amount:
        """Mountain per trick a responsible whister is short."""
        unit = price * self.whist_factor
        return exact(Fraction(unit, 2)) if self.rules.responsible == "half" else unit

    def failure(self, price: int, short: int) -> Amount:
        return exact(self.failure_unit(price) * short)

    def both_failed(self, facts: DealFacts, defence: DefenceOutcome, counts: dict[Seat, int],
                    obligation: int, price: int) -> list[LedgerEntry]:
        """Two whisters short of the obligation (``russian-scoring.md``)."""
        total = sum(counts.values())
        short = obligation - total
        if short <= 0:
            return []
        out: list[LedgerEntry] = []
        if obligation == 1:
            payers = [defence.second] if self.rules.high_whist_failure == "second" else \
                list(defence.whisters)
            for seat in payers:
                out.append(entry(seat, "mountain", self.failure(price, 1),
                                 f"{self.name}: both whisted {facts.contract}, no trick"
                                 f" (house rule high-whist-failure="
                                 f"{self.rules.high_whist_failure})"))
            return out
        share = obligation // 2
        shortfalls = {s: max(0, share - counts[s]) for s in defence.whisters}
        if sum(shortfalls.values()) > short:
            shortfalls = {s: min(v, short) for s, v in shortfalls.items()}
        for seat, missing in shortfalls.items():
            if missing:
                out.append(entry(seat, "mountain", self.failure(price, missing),
                                 f"{self.name}: whister {missing} short of his share {share}"
                                 f" × {self.failure_unit(price)}"))
        return out

    def unplayed(self, facts: DealFacts, defence: DefenceOutcome, price: int
                 ) -> list[LedgerEntry]:
        """No play: both passed, half-whist, own whists, or a checked ten."""
        declarer = facts.declarer
        assert declarer is not None
        contract = facts.contract
        if defence.checked:
            taken = facts.took(declarer)
            if taken is None:
                facts.cannot("checked ten: the result is not given")
                return []
            if taken >= contract.level:
                return [entry(declarer, "pool", price, f"{self.name}: ten checked, credited")]
            under = contract.level - taken
            return [entry(declarer, "mountain", price * under,
                          f"{self.name}: ten checked and defeated, {under} down × {price};"
                          " the defenders write nothing")]
        out = [entry(declarer, "pool", price, f"{self.name}: {contract} credited without play")]
        obligation = self.obligations[contract.level]
        if defence.half is not None:
            tricks = obligation // 2
            out.append(entry(defence.half, "whist", price * self.whist_factor * tricks,
                             f"{self.name}: half-whist, half the obligation ({tricks}) ×"
                             f" {price * self.whist_factor}", declarer))
        if defence.own is not None:
            tricks = {6: 2, 7: 1}.get(contract.level, 0)
            out.append(entry(defence.own, "whist", price * tricks,
                             f"{self.name}: own whists, {tricks} trick{'s' * (tricks > 1)} ×"
                             f" {price}", declarer))
        return out

    # -- misère -------------------------------------------------------------

    def misere(self, facts: DealFacts) -> list[LedgerEntry]:
        declarer = facts.declarer
        assert declarer is not None
        price = self.price(facts.contract)
        taken = facts.took(declarer)
        if taken is None:
            facts.cannot("misère: the declarer's tricks are not given")
            return []
        if taken == 0:
            return [entry(declarer, "pool", price, f"{self.name}: misère made, {price} to the"
                          " pool")]
        amount = price * taken * self.misere_factor
        return [entry(declarer, "mountain", amount, f"{self.name}: misère failed, {taken}"
                      f" trick{'s' * (taken > 1)} × {price * self.misere_factor}")]

    misere_factor: ClassVar[int] = 1

    # -- all-pass -------------------------------------------------------------

    def allpass_price(self, facts: DealFacts) -> int:
        """The trick price of this all-pass (the progression over all-passes in a row)."""
        steps = self.rules.allpass_progression
        return steps[min(facts.allpass_round, len(steps)) - 1]

    def allpass(self, facts: DealFacts) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        price = self.allpass_price(facts)
        nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(facts.allpass_round, f"{facts.allpass_round}th")
        counted = [s for s in facts.tricks if facts.tricks[s] is not None]
        if len(counted) < len(facts.tricks):
            facts.cannot("all-pass: not every player's tricks are given")
        reward = self.rules.allpass_no_trick * (price if self.rules.allpass_no_trick_progressive
                                                 else 1)
        whists = self.rules.allpass_whists
        fewest = min((facts.tricks[s] or 0 for s in counted), default=0)
        for seat in counted:
            taken = facts.tricks[seat] or 0
            if taken == 0:
                out.append(entry(seat, "pool", reward, f"{self.name}: all-pass, no trick,"
                                 f" {reward} to the pool"))
            elif whists:
                for writer in counted:
                    if writer != seat and (facts.tricks[writer] or 0) == fewest:
                        out.append(entry(writer, "whist", whists * taken * price,
                                         f"{self.name}: all-pass written as whists, {taken}"
                                         f" trick{'s' * (taken > 1)} × {whists * price}", seat))
            else:
                out.append(entry(seat, "mountain", taken * price, f"{self.name}: {nth} all-pass,"
                                 f" {taken} trick{'s' * (taken > 1)} × {price}"))
        return out

    # -- the dealer's talon bonus (seed 000) ----------------------------------

    def talon_bonus(self, facts: DealFacts) -> list[LedgerEntry]:
        return []


class LeningradScoring(RussianScoring):
    """Leningrad (Piter): everything but the pool doubled."""

    name = "Leningrad"
    whist_factor = 2
    misere_factor = 2


class RostovScoring(RussianScoring):
    """Rostov: Sochi prices; all-pass written in whists (option ``allpass-whists``)."""

    name = "Rostov"


class MailRuScoring(RussianScoring):
    """Mail.ru house rules (seed 002): Sochi scoring with its options."""

    name = "Mail.ru"


class StandardScoring(RussianScoring):
    """Seed 000: the idle dealer's talon bonus and consolation, together/own/return."""

    name = "Standard"
    dealer_consoled = True
    caller_takes_all = True
    lone_words = "the caller writes for both hands"

    def talon_bonus(self, facts: DealFacts) -> list[LedgerEntry]:
        """One ace: 1 trick; K+Q of a suit: 1; A+K of a suit: 2; two aces: 3 — written by
        the idle dealer against the declarer (not in misère)."""
        if not self.rules.talon_bonus or facts.contract.misere or facts.contract.hand:
            return []
        dealer, declarer = facts.dealer, facts.declarer
        if dealer is None or declarer is None or dealer in facts.active:
            return []
        price = self.price(facts.contract)
        if facts.talon_public_discard:
            return [entry(declarer, "whist", price, "Standard: the talon discarded publicly,"
                          f" the declarer writes the value {price} against the dealer", dealer)]
        talon = facts.talon
        key = (dealer, "whist", declarer)
        if talon is None or not all(isinstance(c, Card) for c in talon):
            # the bonus can only be bounded: every talon the known cards allow
            possible = {price * t for t in possible_bonuses(talon, facts.seen)}
            facts.unsure(key, "the dealer's talon bonus exactly (the talon is not given in"
                         " full; the score is checked against every talon it allows)", possible)
            return []
        tricks, why = talon_bonus_tricks(tuple(c for c in talon if isinstance(c, Card)))
        if not tricks:
            return []
        return [entry(dealer, "whist", price * tricks, f"Standard: talon bonus ({why}),"
                      f" {tricks} trick{'s' * (tricks > 1)} × {price}", declarer)]


def talon_bonus_tricks(talon: tuple[Card, ...]) -> tuple[int, str]:
    """The dealer's bonus in tricks for a talon (seed 000), and what earned it."""
    ranks = [c.rank for c in talon]
    same_suit = len(talon) == 2 and talon[0].suit == talon[1].suit
    aces = ranks.count(Rank.ACE)
    if aces == 2:
        return 3, "two aces"
    if same_suit and set(ranks) == {Rank.ACE, Rank.KING}:
        return 2, "ace and king of a suit"
    if aces == 1:
        return 1, "an ace"
    if same_suit and set(ranks) == {Rank.KING, Rank.QUEEN}:
        return 1, "king and queen of a suit"
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
