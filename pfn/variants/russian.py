"""The Russian pool game: Sochi, Leningrad (Piter), Rostov and the Mail.ru house rules.

Everything these families share is here — the pool, mountain and whists of one deal
(:class:`RussianScoring`: prices, the whisters' obligations and the two-whister
share, greedy and gentleman's whist, half-whist, consolation, misère, all-pass) —
and each family is a small subclass of :class:`Sochi` that changes a table or a
default.  Seed 000's four-handed standard (``standard.py``) and seed 004's classic
ladder (``classic.py``) build on :class:`RussianScoring` too.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pfn.contract import Contract
from pfn.i18n import N_
from pfn.messages import msg, nmsg
from pfn.model import Amount, exact, halved
from pfn.rules.defence import DefenceOutcome
from pfn.rules.ladder import Ladder, level
from pfn.rules.replay import DealContext
from pfn.scoring.facts import DealFacts
from pfn.scoring.ledger import LedgerEntry, Scored, entry
from pfn.scoring.scorer import Scoring
from pfn.seats import Seat
from pfn.variants.base import Variant


class RussianScoring(Scoring):
    """Pool, mountain and whists (``russian-scoring.md``), priced by the variant's
    tables; seed 000's standard and seed 004's classic game subclass it."""

    dealer_consoled: ClassVar[bool] = False
    """At a table of four, the idle dealer also writes the consolation whists (seed 000)."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.variant = variant
        self.short_name = variant.short_name
        self.whist_factor = variant.whist_factor
        self.misere_factor = variant.misere_factor
        self.obligations = variant.obligations

    def price(self, contract: Contract) -> int:
        """The contract's price P."""
        variant = self.variant
        return variant.misere_price if contract.misere else variant.prices[contract.level]

    # -- entry point ------------------------------------------------------

    def score(self, facts: DealFacts, context: DealContext) -> Scored:
        """The entries one deal writes (before closing the pool and help)."""
        notes = Scored()
        contract = facts.contract
        if contract.allpass:
            notes.entries = self.allpass(facts, notes)
        elif facts.declarer is None:
            notes.cannot(msg("no declarer: the score is not computed"))
        elif contract.misere:
            notes.entries = self.misere(facts, notes)
        else:
            notes.entries = self.game(facts, notes)
        return notes

    # -- games for tricks -------------------------------------------------

    def game(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        contract, declarer = facts.contract, facts.declarer
        assert declarer is not None
        defence = facts.defence
        out: list[LedgerEntry] = self.talon_bonus(facts, notes)
        price = self.price(contract)
        level = contract.level
        if defence is not None and not defence.played:
            return out + self.unplayed(facts, defence, price, notes)
        taken = facts.took(declarer)
        if taken is None:
            notes.cannot(msg("the declarer's tricks are not given: the score is not computed"))
            return out
        if taken >= level:
            out.append(entry(declarer, "pool", price,
                             msg("{variant}: {contract} made, price {price} to the pool",
                                variant=self.name, contract=contract, price=price)))
        else:
            out += self.fall(facts, level - taken, price)
        if defence is not None:
            out += self.whists(facts, defence, price, notes)
        return out

    def fall(self, facts: DealFacts, under: int, price: int) -> list[LedgerEntry]:
        """The declarer is ``under`` tricks short: mountain and consolation."""
        declarer = facts.declarer
        assert declarer is not None
        factor = self.whist_factor
        if self.rules.undertrick_price == "half-plus-one":
            mountain = halved(price * factor * (under + 1))
            why = msg("{n} down: half the price for the fall plus {each} per missing trick",
                     n=under, each=price * factor // 2)
        else:
            mountain = price * factor * under
            why = msg("{n} down × {price}", n=under, price=price * factor)
        out = [entry(declarer, "mountain", mountain, msg("{variant}: {contract} {why}",
                                                        variant=self.name,
                                                        contract=facts.contract, why=why))]
        unit = exact(self.rules.consolation_factor) * price  # an int for a whole factor
        for seat in self.consoled(facts):
            out.append(entry(seat, "whist", unit * under,
                             nmsg("{variant}: consolation, {n} undertrick × {unit}",
                                 "{variant}: consolation, {n} undertricks × {unit}", under,
                                 variant=self.name, unit=unit), declarer))
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

    def whists(self, facts: DealFacts, defence: DefenceOutcome, price: int, notes: Scored
               ) -> list[LedgerEntry]:
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
                notes.cannot(msg("a defender's tricks are not given: whists not computed"))
                return out
            total = 10 - taken  # a lone whister or a caller needs only the defence's total
        obligation = self.obligations[level]
        if len(defence.whisters) == 2:
            for seat in defence.whisters:
                if counts[seat]:
                    out.append(entry(seat, "whist", unit * counts[seat],
                                     nmsg("{variant}, both whisted: {n} trick × {unit}",
                                         "{variant}, both whisted: {n} tricks × {unit}",
                                         counts[seat], variant=self.name, unit=unit),
                                     declarer))
            out += self.both_failed(facts, defence, counts, obligation, price)
            return out
        caller = defence.caller or (defence.whisters[0] if defence.whisters else None)
        if caller is None:
            return out
        partner = defence.second if caller == defence.first else defence.first
        if self.rules.whist == "gentleman" and defence.returned is None and \
                defence.own is None and defence.kontra == 0 and not self.caller_takes_all:
            half = halved(unit * total)
            for seat in (caller, partner):
                if half:
                    out.append(entry(seat, "whist", half,
                                     msg("{variant}, gentleman's whist: half of {total} tricks"
                                        " × {unit}", variant=self.name, total=total,
                                        unit=unit), declarer))
        elif total:
            out.append(entry(caller, "whist", unit * total,
                             nmsg("{variant}, {lone}: {n} trick × {unit}",
                                 "{variant}, {lone}: {n} tricks × {unit}", total,
                                 variant=self.name, lone=msg(self.lone_words), unit=unit),
                             declarer))
        if defence.returned is not None:
            out += self.returned_share(facts, caller, price)
        if total < obligation:
            short = obligation - total
            out.append(entry(caller, "mountain", self.failure(price, short),
                             msg("{variant}: whister {short} short of the obligation"
                                " {obligation} × {unit}", variant=self.name, short=short,
                                obligation=obligation, unit=self.failure_unit(price))))
        return out

    caller_takes_all: ClassVar[bool] = False
    lone_words: ClassVar[str] = N_("one whisted")

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
        per = exact(self.rules.consolation_factor) * price * under
        out = [entry(caller, "whist", per, msg("{variant}: consolation, {n} × {price}",
                                              variant=self.name, n=under, price=price),
                     declarer)]
        out += [entry(caller, "whist", per, msg("{variant}: return whist takes {seat}'s"
                                               " consolation", variant=self.name, seat=seat),
                      declarer) for seat in others]
        return out

    def failure_unit(self, price: int) -> Amount:
        """Mountain per trick a responsible whister is short."""
        unit = price * self.whist_factor
        return halved(unit) if self.rules.responsible == "half" else unit

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
                                 msg("{variant}: both whisted {contract}, no trick (house"
                                    " rule high-whist-failure={value})", variant=self.name,
                                    contract=facts.contract,
                                    value=self.rules.high_whist_failure)))
            return out
        share = obligation // 2
        shortfalls = {s: max(0, share - counts[s]) for s in defence.whisters}
        if sum(shortfalls.values()) > short:
            shortfalls = {s: min(v, short) for s, v in shortfalls.items()}
        for seat, missing in shortfalls.items():
            if missing:
                out.append(entry(seat, "mountain", self.failure(price, missing),
                                 msg("{variant}: whister {missing} short of his share {share}"
                                    " × {unit}", variant=self.name, missing=missing,
                                    share=share, unit=self.failure_unit(price))))
        return out

    def unplayed(self, facts: DealFacts, defence: DefenceOutcome, price: int, notes: Scored
                 ) -> list[LedgerEntry]:
        """No play: both passed, half-whist, own whists, or a checked ten."""
        declarer = facts.declarer
        assert declarer is not None
        contract = facts.contract
        if defence.checked:
            taken = facts.took(declarer)
            if taken is None:
                notes.cannot(msg("checked ten: the result is not given"))
                return []
            if taken >= contract.level:
                return [entry(declarer, "pool", price, msg("{variant}: ten checked, credited",
                                                          variant=self.name))]
            under = contract.level - taken
            return [entry(declarer, "mountain", price * under,
                          msg("{variant}: ten checked and defeated, {n} down × {price}; the"
                             " defenders write nothing", variant=self.name, n=under,
                             price=price))]
        out = [entry(declarer, "pool", price, msg("{variant}: {contract} credited without play",
                                                 variant=self.name, contract=contract))]
        obligation = self.obligations[contract.level]
        if defence.half is not None:
            tricks = obligation // 2
            out.append(entry(defence.half, "whist", price * self.whist_factor * tricks,
                             msg("{variant}: half-whist, half the obligation ({tricks}) ×"
                                " {unit}", variant=self.name, tricks=tricks,
                                unit=price * self.whist_factor), declarer))
        if defence.own is not None:
            tricks = {6: 2, 7: 1}.get(contract.level, 0)
            out.append(entry(defence.own, "whist", price * tricks,
                             nmsg("{variant}: own whists, {n} trick × {price}",
                                 "{variant}: own whists, {n} tricks × {price}", tricks,
                                 variant=self.name, price=price), declarer))
        return out

    # -- misère -------------------------------------------------------------

    def misere(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        declarer = facts.declarer
        assert declarer is not None
        price = self.price(facts.contract)
        taken = facts.took(declarer)
        if taken is None:
            notes.cannot(msg("misère: the declarer's tricks are not given"))
            return []
        if taken == 0:
            return [entry(declarer, "pool", price, msg("{variant}: misère made, {price} to the"
                                                      " pool", variant=self.name, price=price))]
        amount = price * taken * self.misere_factor
        return [entry(declarer, "mountain", amount,
                      nmsg("{variant}: misère failed, {n} trick × {unit}",
                          "{variant}: misère failed, {n} tricks × {unit}", taken,
                          variant=self.name, unit=price * self.misere_factor))]

    # -- all-pass -------------------------------------------------------------

    def allpass_price(self, facts: DealFacts) -> int:
        """The trick price of this all-pass (the progression over all-passes in a row)."""
        steps = self.rules.allpass_progression
        return steps[min(facts.allpass_round, len(steps)) - 1] * self.rules.allpass_factor

    def allpass(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        price = self.allpass_price(facts)
        nth = facts.allpass_round
        counted = [s for s in facts.tricks if facts.tricks[s] is not None]
        if len(counted) < len(facts.tricks):
            notes.cannot(msg("all-pass: not every player's tricks are given"))
        reward = self.rules.allpass_no_trick * (price if self.rules.allpass_no_trick_progressive
                                                 else 1)
        whists = self.rules.allpass_whists
        fewest = min((facts.tricks[s] or 0 for s in counted), default=0)
        for seat in counted:
            taken = facts.tricks[seat] or 0
            if taken == 0:
                if reward:
                    out.append(entry(seat, "pool", reward,
                                     msg("{variant}: all-pass, no trick, {reward} to the pool",
                                        variant=self.name, reward=reward)))
            elif whists:
                for writer in counted:
                    if writer != seat and (facts.tricks[writer] or 0) == fewest:
                        out.append(entry(writer, "whist", whists * taken * price,
                                         nmsg("{variant}: all-pass written as whists, {n}"
                                             " trick × {unit}", "{variant}: all-pass written"
                                             " as whists, {n} tricks × {unit}", taken,
                                             variant=self.name, unit=whists * price), seat))
            else:
                out.append(entry(seat, "mountain", taken * price,
                                 nmsg("{variant}: all-pass {round}, {n} trick × {price}",
                                     "{variant}: all-pass {round}, {n} tricks × {price}",
                                     taken, variant=self.name, round=nth, price=price)))
        return out

    # -- the dealer's talon bonus (seed 000) ----------------------------------

    def talon_bonus(self, facts: DealFacts, notes: Scored) -> list[LedgerEntry]:
        """What the idle dealer scores for the talon (nothing, here: seed 000's rule)."""
        return []


class Sochi(Variant):
    """Сочинка: the pool game most played online and in clubs."""

    name = "sochi"
    aliases: ClassVar[tuple[str, ...]] = ("сочи", "сочинка", "sochinka", "сочинский")
    title = N_("Sochi (Сочинка)")
    short_name = N_("Sochi")
    source = "russian-core.md, russian-scoring.md"
    scoring_class = RussianScoring


class Leningrad(Sochi):
    """Ленинградка (Piter): everything but the pool doubled, gentleman's whist."""

    name = "leningrad"
    aliases = ("ленинград", "ленинградка", "piter", "питер", "leningradka", "питерка")
    title = N_("Leningrad (Ленинградка, Piter)")
    short_name = N_("Leningrad")
    source = "russian-scoring.md"
    whist_factor = 2
    misere_factor = 2
    defaults: ClassVar[dict[str, Any]] = {
        "whist": "gentleman", "responsible": "half", "consolation_factor": 2, "pool_ratio": 2}
    sources: ClassVar[dict[str, str]] = {
        "whist": "russian-scoring.md, Leningrad: whists split in half (gentleman's)",
        "responsible": ("russian-scoring.md, Leningrad: P per missing trick, half-responsible on "
                        "the doubled price"),
        "consolation_factor": ("russian-scoring.md, Leningrad: sources differ between P and 2P; "
                               "default 2P"),
        "pool_ratio": "russian-scoring.md, Leningrad: 1 pool point = 2 mountain points",
    }
    """Where each of these defaults comes from."""


class Rostov(Sochi):
    """Ростов: Sochi prices, greedy responsible whist, all-pass written in whists."""

    name = "rostov"
    aliases = ("ростов", "ростовский", "ростовка")
    title = N_("Rostov (Ростов)")
    short_name = N_("Rostov")
    source = "russian-scoring.md"
    defaults: ClassVar[dict[str, Any]] = {"allpass_whists": 5}
    sources: ClassVar[dict[str, str]] = {
        "allpass_whists": "russian-scoring.md, Rostov: an agreed number of whists, typically 5",
    }
    """Where each of these defaults comes from."""


MAILRU = Ladder(tuple(
    level(6) + level(7) + level(8) + ["mis"] + level(9) + level(10) + ["mis-hand"]
    + level(9, "-hand") + level(10, "-hand")))
"""Seed 002: misère < nine with the talon < misère without the talon < nine or ten
without it; ten with the talon stays below misère without it."""


class MailRu(Sochi):
    """The Mail.ru house rules (seed 002): a Sochi game with its options as defaults."""

    name = "mailru"
    aliases = ("mail.ru", "mail", "мейл", "майл")
    title = N_("Mail.ru (Мини-игры Mail.Ru)")
    short_name = N_("Mail.ru")
    source = "seed 002 (Дополнительные соглашения Преферанса на Мини-Играх Mail.Ru)"
    ladder = MAILRU
    tables = (3,)
    defaults: ClassVar[dict[str, Any]] = {
        "without_talon": True, "ten": "checked", "stalingrad": True,
        "high_whist_failure": "both", "whist_after_half": False,
        "allpass_exit": (6, 7, 8), "allpass_progression": (1, 2, 3),
        "allpass_talon_shown": True, "misere_after_bid": False, "allpass_dealer": "stay",
        "misere_bidder_limited": True}
    sources: ClassVar[dict[str, str]] = {
        "without_talon": "seed 002: misère and nines without the talon on the ladder",
        "ten": "seed 002: «Десятерная игра — проверяется»",
        "stalingrad": "seed 002: «6 пик («Сталинград») — два виста обязательны»",
        "high_whist_failure": ("seed 002: «Вистование на восьмерной, девятерной — ответственный "
                               "для обоих вистующих»"),
        "whist_after_half": "seed 002: «Вист-пас-полвиста — не допускается»",
        "allpass_exit": "seed 002: «Выход из распасов — ужесточенный (6,7,8)»",
        "allpass_progression": "seed 002: «ограниченная арифметическая (х1,х2,х3)»",
        "allpass_talon_shown": "seed 002: «Прикуп на распасах — открывается»",
        "misere_after_bid": "seed 002: misère only as a first call",
        "allpass_dealer": "seed 002: «Переход сдачи в распасах — сдача не переходит»",
        "misere_bidder_limited": ("seed 002: «Игрок, уже объявивший «Мизер», может объявить только"
                                  " «Мизер без прикупа» или Пасануть»"),
    }
    """Where each of these defaults comes from."""
