"""Variants: the rule families pfn knows, as data plus small subclasses.

A :class:`Variant` holds the tables of a rule family in class attributes (ladder,
vocabulary, protocols for the auction and the defence, scoring, house-rule
defaults) and answers a few questions through hooks whose defaults are the
common Russian rules.  Each variant overrides only what differs, as
python-chess's variants do.  ``find_variant`` looks one up by name or alias.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from pfn.contract import Contract
from pfn.rules import ladder as ladders
from pfn.rules.auction import Auction, BritannicaAuction, FreeOrderAuction, SerbianAuction
from pfn.rules.defence import BritannicaDefence, Defence, SerbianDefence, StandardDefence
from pfn.rules.ladder import Ladder
from pfn.rules.options import HouseRules
from pfn.scoring.other import BritannicaScoring, ClassicScoring
from pfn.scoring.russian import (
    LeningradScoring,
    MailRuScoring,
    RostovScoring,
    RussianScoring,
    StandardScoring,
)
from pfn.scoring.serbian import SerbianScoring
from pfn.scoring.sheet import BritannicaSheet, SerbianSheet, Sheet
from pfn.seats import Seat
from pfn.vocabulary import BRITANNICA, RUSSIAN, SERBIAN, Vocabulary, fold


class Variant:
    """A rule family; the base class is the common Russian game (Sochi)."""

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    source: ClassVar[str] = ""
    vocabulary: ClassVar[Vocabulary] = RUSSIAN
    ladder: ClassVar[Ladder] = ladders.SOCHI
    auction_class: ClassVar[type[Auction]] = Auction
    defence_class: ClassVar[type[Defence]] = Defence
    scoring_class: ClassVar[type[Any]] = RussianScoring
    defaults: ClassVar[dict[str, Any]] = {}
    """House-rule defaults that differ from :class:`HouseRules`' own."""
    columns: ClassVar[tuple[str, ...]] = ("pool", "mountain", "whist")
    must_head: ClassVar[bool] = False
    """Britannica: each player must try to win the trick."""
    dealer_plays_talon: ClassVar[bool] = False
    """At a table of four the dealer plays the talon cards in all-pass and can take the
    trick (seed 000)."""
    allpass_played: ClassVar[bool] = True
    """An all-pass is played out (``False``: Serbian refa, no play)."""
    counter_clockwise: ClassVar[bool] = False
    """Drawing only: the playing order runs counter-clockwise (Serbian)."""
    preferans: ClassVar[bool] = False
    """Seed 000's "Preferans" hand (``10H-pref``) exists in this variant."""
    sheet_class: ClassVar[type[Sheet]] = Sheet
    american_aid: ClassVar[bool] = False
    """A closed pool pays down half the mountain and helps the largest open pool with
    the rest (seed 000)."""

    def __init__(self, rules: HouseRules | None = None) -> None:
        self.rules = rules if rules is not None else self.default_rules()
        self.scoring = self.scoring_class(self.rules)
        # the bids of the auction under these rules, worked out once per variant instance
        self._bids = self.ladder if self.rules.without_talon else self.ladder.without("-hand")

    @classmethod
    def default_rules(cls) -> HouseRules:
        """The house rules this variant plays by when nothing else is said."""
        return replace(HouseRules(), **cls.defaults)

    @classmethod
    def with_rules(cls, pairs: tuple[tuple[str, str], ...]) -> Variant:
        """An instance with ``option=value`` pairs over the defaults (``ValueError``).

        Instances hold no state of a deal, so one per variant and rules is shared."""
        key = (cls, tuple(pairs))
        found = _INSTANCES.get(key)
        if found is None:
            if len(_INSTANCES) > 256:
                _INSTANCES.clear()
            found = _INSTANCES[key] = cls(cls.default_rules().with_values(tuple(pairs)))
        return found

    def auction(self, order: tuple[Seat, ...]) -> Auction:
        """A new auction for seats speaking in ``order`` (eldest first)."""
        return self.auction_class(self._bids, self.rules, order)

    def defence(self, contract: Contract, declarer: Seat, dealer: Seat | None,
                order: tuple[Seat, ...]) -> Defence:
        """A new defence protocol for ``contract`` played by ``declarer``."""
        first, second = self.defenders(declarer, order)
        return self.defence_class(contract, self.rules, first, second, declarer, dealer, order)

    # -- hooks with the common Russian answers ---------------------------

    def first_leader(self, contract: Contract, declarer: Seat | None, eldest: Seat,
                     order: tuple[Seat, ...]) -> Seat:
        """Who leads to the first trick (the eldest, in every Russian contract)."""
        if contract.notrump and self.rules.notrump_lead == "declarer-left" and declarer:
            return order[(order.index(declarer) + 1) % len(order)]
        return eldest

    def defenders(self, declarer: Seat, order: tuple[Seat, ...]) -> tuple[Seat, Seat]:
        """First and second defender: the players after the declarer in playing order."""
        i = order.index(declarer)
        return order[(i + 1) % 3], order[(i + 2) % 3]

    def exit_level(self, allpass_streak: int) -> int:
        """The lowest contract allowed after ``allpass_streak`` all-passes in a row."""
        if not allpass_streak:
            return 6
        steps = self.rules.allpass_exit
        return steps[min(allpass_streak, len(steps)) - 1]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class Sochi(Variant):
    """Сочинка: the pool game most played online and in clubs."""

    name = "sochi"
    aliases = ("сочи", "сочинка", "sochinka", "сочинский")
    title = "Sochi (Сочинка)"
    source = "russian-core.md, russian-scoring.md"


class Leningrad(Variant):
    """Ленинградка (Piter): everything but the pool doubled, gentleman's whist."""

    name = "leningrad"
    aliases = ("ленинград", "ленинградка", "piter", "питер", "leningradka", "питерка")
    title = "Leningrad (Ленинградка, Piter)"
    source = "russian-scoring.md"
    scoring_class = LeningradScoring
    defaults: ClassVar[dict[str, Any]] = {
        "whist": "gentleman", "responsible": "half", "consolation_factor": 2, "pool_ratio": 2}


class Rostov(Variant):
    """Ростов: Sochi prices, greedy responsible whist, all-pass written in whists."""

    name = "rostov"
    aliases = ("ростов", "ростовский", "ростовка")
    title = "Rostov (Ростов)"
    source = "russian-scoring.md"
    scoring_class = RostovScoring
    defaults: ClassVar[dict[str, Any]] = {"allpass_whists": 5}


class MailRu(Variant):
    """The Mail.ru house rules (seed 002): a Sochi game with its options as defaults."""

    name = "mailru"
    aliases = ("mail.ru", "mail", "мейл", "майл")
    title = "Mail.ru (Мини-игры Mail.Ru)"
    source = "seed 002 (Дополнительные соглашения Преферанса на Мини-Играх Mail.Ru)"
    ladder = ladders.MAILRU
    scoring_class = MailRuScoring
    defaults: ClassVar[dict[str, Any]] = {
                "without_talon": True, "ten": "checked", "stalingrad": True,
                "high_whist_failure": "both", "whist_after_half": False,
                "allpass_exit": (6, 7, 8), "allpass_progression": (1, 2, 3),
                "allpass_talon_shown": True, "misere_after_bid": False, "allpass_dealer": "stay",
                "misere_bidder_limited": True}


class RussianStandard(Variant):
    """Standard Russian Preferans for four with an active dealer (seed 000)."""

    name = "russian-standard"
    aliases = ("standard", "standard-4", "standardni ruski", "стандарт")
    title = "Standard Russian Preferans (seed 000)"
    source = "seed 000 (Standardni Ruski Preferans)"
    ladder = ladders.STANDARD
    defence_class = StandardDefence
    scoring_class = StandardScoring
    dealer_plays_talon = True
    preferans = True
    american_aid = True
    defaults: ClassVar[dict[str, Any]] = {
                "jumps": False, "hold": "first-after-pass", "without_talon": True,
                "ten": "checked", "high_whist_failure": "second", "talon_bonus": True,
                "allpass_progression": (1, 2, 4), "allpass_exit": (6,), "allpass_dealer": "stay-3",
                "allpass_no_trick": 2, "help": "largest", "half_whist": "off"}


class Serbian(Variant):
    """Serbian/Croatian Preferans (seed 001): bule, supe, refe, kontra."""

    name = "serbian"
    aliases = ("srpski", "srbija", "croatian", "hrvatski", "balkan", "serbian-croatian")
    title = "Serbian Preferans (seed 001)"
    source = "seed 001 (Preferans pravila: licitacija, pratnja, bule i supe)"
    vocabulary = SERBIAN
    auction_class = SerbianAuction
    defence_class = SerbianDefence
    scoring_class = SerbianScoring
    sheet_class = SerbianSheet
    columns = ("bule", "supe", "refa")
    allpass_played = False
    counter_clockwise = True

    def auction(self, order: tuple[Seat, ...]) -> Auction:
        return self.auction_class(self.ladder, self.rules, order)

    def first_leader(self, contract: Contract, declarer: Seat | None, eldest: Seat,
                     order: tuple[Seat, ...]) -> Seat:
        """The player after the dealer; in sans the defender sitting before the declarer,
        so that the declarer plays second."""
        if contract.notrump and declarer is not None:
            return order[(order.index(declarer) - 1) % len(order)]
        return eldest


class Britannica(Variant):
    """Preference as the Encyclopaedia Britannica describes it (seed 002)."""

    name = "britannica"
    aliases = ("preference", "britannica-preference", "британника")
    title = "Britannica Preference (seed 002)"
    source = "seed 002 (Предпочтение | карточная игра | Британника)"
    vocabulary = BRITANNICA
    ladder = ladders.BRITANNICA
    auction_class = BritannicaAuction
    defence_class = BritannicaDefence
    scoring_class = BritannicaScoring
    sheet_class = BritannicaSheet
    columns = ("chips",)
    must_head = True
    allpass_played = False
    defaults: ClassVar[dict[str, Any]] = {"hold": "eldest", "without_talon": True}

    def auction(self, order: tuple[Seat, ...]) -> Auction:
        return self.auction_class(self.ladder, self.rules, order)

    def first_leader(self, contract: Contract, declarer: Seat | None, eldest: Seat,
                     order: tuple[Seat, ...]) -> Seat:
        """The soloist leads, except at No Trump: the player on his right."""
        if declarer is None:
            return eldest
        if contract.notrump:
            return order[(order.index(declarer) - 1) % len(order)]
        return declarer

    def defence(self, contract: Contract, declarer: Seat, dealer: Seat | None,
                order: tuple[Seat, ...]) -> Defence:
        first, second = self.defenders(declarer, order)
        return BritannicaDefence(contract, self.rules, first, second, declarer, dealer, order,
                                 value=self.value(contract))

    def value(self, contract: Contract) -> int:
        """Britannica's value of a bid, 1–12."""
        try:
            return self.ladder.rank(str(contract)) + 1
        except KeyError:
            return 0


class Classic(Variant):
    """The older ladder of seed 004: no no-trumps, misère on top, free-order bidding."""

    name = "classic"
    aliases = ("классика", "classic-ladder", "старый")
    title = "Classic ladder (seed 004)"
    source = "seed 004"
    ladder = ladders.CLASSIC
    auction_class = FreeOrderAuction
    scoring_class = ClassicScoring
    defaults: ClassVar[dict[str, Any]] = {
        "allpass_progression": (2,), "allpass_exit": (6,), "half_whist": "off"}


_INSTANCES: dict[tuple[type[Variant], tuple[tuple[str, str], ...]], Variant] = {}


VARIANTS: list[type[Variant]] = [Sochi, Leningrad, Rostov, RussianStandard, Serbian, MailRu,
                                 Britannica, Classic]
_BY_NAME = {fold(alias): v for v in VARIANTS for alias in (v.name, *v.aliases)}


def find_variant(name: str) -> type[Variant]:
    """The variant named ``name`` or one of its aliases (any case); ``ValueError`` if none."""
    found = _BY_NAME.get(name) or _BY_NAME.get(fold(name))
    if found is None:
        raise ValueError(f"unknown variant {name!r}")
    return found
