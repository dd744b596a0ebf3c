"""The :class:`Variant` base class: a rule family as tables plus hooks.

Class attributes hold the family's tables (the bid ladder, the prices and the
whisters' obligations, the sheet's columns); the hooks answer the engine's questions
(:class:`~pfn.rules.family.RuleFamily`) with the common Russian rules.  A family's
own file (``russian.py``, ``standard.py``, ``serbian.py``, ``britannica.py``,
``classic.py``) subclasses it and overrides only what that family changes, as
python-chess's variants override ``Board``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from pfn import codes
from pfn.contract import Contract
from pfn.diagnostics import Problem
from pfn.messages import msg
from pfn.rules.auction import Auction
from pfn.rules.defence import Defence
from pfn.rules.ladder import Ladder, level
from pfn.rules.options import HouseRules
from pfn.rules.replay import DealContext
from pfn.rules.tricks import PlayRules
from pfn.scoring.facts import DealFacts
from pfn.scoring.ledger import Scored
from pfn.scoring.scorer import Scoring
from pfn.scoring.sheet import Sheet
from pfn.seats import Seat
from pfn.vocabulary import RUSSIAN, Vocabulary

SOCHI = Ladder(tuple(level(6) + level(7) + level(8) + ["mis"] + level(9) + level(10)))
"""The common Russian ladder: misère between 8NT and 9♠, no bids without the talon."""


class Variant:
    """A rule family with its house rules; the base answers are the common Russian ones.

    Instances hold no state of a deal, so one instance per family and rules is shared
    (:meth:`with_rules`)."""

    name: ClassVar[str] = ""
    """The canonical id written in ``[Variant]``."""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    """The family's name in English (marked for the catalogs: said in each language with
    ``tr``)."""
    short_name: ClassVar[str] = ""
    """The name the rule texts of the family's score entries start with ("Sochi")."""
    source: ClassVar[str] = ""
    """Where the family's rules come from."""
    language: ClassVar[str | None] = None
    """The language pictures of this family are labelled in by default, where every
    source writes its sheets in one (``sr``); ``None``: English."""
    vocabulary: ClassVar[Vocabulary] = RUSSIAN
    """How records of this family spell calls, contracts and sheet columns."""
    ladder: ClassVar[Ladder] = SOCHI
    auction_class: ClassVar[type[Auction]] = Auction
    defence_class: ClassVar[type[Defence]] = Defence
    scoring_class: ClassVar[type[Scoring]]
    """The family's scorer (every family names its own)."""
    sheet_class: ClassVar[type[Sheet]] = Sheet
    defaults: ClassVar[dict[str, Any]] = {}
    """House-rule defaults that differ from :class:`HouseRules`' own."""
    sources: ClassVar[dict[str, str]] = {}
    """Where each of ``defaults`` comes from (the option's own source covers the rest)."""
    columns: ClassVar[tuple[str, ...]] = ("pool", "mountain", "whist")
    """The columns of the family's sheet."""
    # the Russian price tables, read by the Russian scorers
    prices: ClassVar[dict[int, int]] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
    """The price of a contract by its level."""
    misere_price: ClassVar[int] = 10
    obligations: ClassVar[dict[int, int]] = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
    """The tricks the whisters must take together, by the contract's level."""
    whist_factor: ClassVar[int] = 1
    """Whists per trick, the declarer's undertricks and the whisters' failures are
    priced at ``whist_factor`` × the price (Leningrad doubles them)."""
    misere_factor: ClassVar[int] = 1
    """A failed misère costs ``misere_factor`` × the price per trick."""
    # descriptive attributes with the Russian answers
    must_head: ClassVar[bool] = False
    """Each player must try to win the trick (Britannica)."""
    allpass_played: ClassVar[bool] = True
    """An all-pass is played out (``False``: nothing is played)."""
    counter_clockwise: ClassVar[bool] = False
    """Play runs counter-clockwise (drawing only: the seats are placed that way)."""
    tables: ClassVar[tuple[int, ...]] = (3, 4)
    """How many may sit at the table (with four, the dealer sits out or plays as the
    family says)."""

    def __init__(self, rules: HouseRules | None = None) -> None:
        self.rules = rules if rules is not None else self.default_rules()
        self.scoring = self.scoring_class(self)
        # the bids of the auction under these rules, worked out once per variant instance
        self._bids = self.ladder if self.rules.without_talon else self.ladder.without("-hand")

    @classmethod
    def default_rules(cls) -> HouseRules:
        """The house rules this variant plays by when nothing else is said."""
        return replace(HouseRules(), **cls.defaults)

    @classmethod
    def with_rules(cls, pairs: tuple[tuple[str, str], ...]) -> Variant:
        """An instance with ``option=value`` pairs over the defaults
        (:class:`~pfn.diagnostics.OptionError` for a bad one)."""
        key = (cls, tuple(pairs))
        found = _INSTANCES.get(key)
        if found is None:
            if len(_INSTANCES) > 256:
                _INSTANCES.clear()
            found = _INSTANCES[key] = cls(cls.default_rules().with_values(tuple(pairs)))
        return found

    # -- the auction and the defence ---------------------------------------

    def auction(self, order: tuple[Seat, ...]) -> Auction:
        """A new auction for seats speaking in ``order`` (eldest first)."""
        return self.auction_class(self._bids, self.rules, order)

    def defence(self, contract: Contract, declarer: Seat, dealer: Seat | None,
                order: tuple[Seat, ...]) -> Defence:
        """A new defence protocol for ``contract`` played by ``declarer``."""
        first, second = self.defenders(declarer, order)
        return self.defence_class(contract, self.rules, first, second, declarer, dealer, order)

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

    def contract_problem(self, contract: Contract) -> Problem | None:
        """Why this family has no such contract at all: only seed 000 knows the
        "Preferans" hand."""
        if contract.pref:
            return Problem(codes.E404, msg("there is no Preferans hand ({contract}) in"
                                          " {variant}", contract=contract, variant=self.name))
        return None

    def hand_problem(self, contract: Contract, twelve: int) -> Problem | None:
        """Why the declarer's twelve cards cannot play ``contract`` (any cards can, here)."""
        return None

    # -- the play -------------------------------------------------------------

    def first_leader(self, contract: Contract, declarer: Seat | None, eldest: Seat,
                     order: tuple[Seat, ...]) -> Seat:
        """Who leads to the first trick (the eldest, in every Russian contract)."""
        if contract.notrump and self.rules.notrump_lead == "declarer-left" and declarer:
            return order[(order.index(declarer) + 1) % len(order)]
        return eldest

    def talon_owner(self, dealer: Seat | None, players: int) -> Seat | None:
        """Who takes an all-pass trick the talon card wins (nobody: it cannot win)."""
        return None

    def play_rules(self, contract: Contract, declarer: Seat | None, dealer: Seat | None,
                   players: int) -> PlayRules:
        """Follow suit, else trump; in all-pass the talon's cards open the first two
        tricks when the talon is shown (house rule ``allpass-talon-shown``)."""
        rules = self.rules
        allpass = contract.allpass
        return PlayRules(
            trump=contract.trump,
            must_head=self.must_head and not contract.misere,
            soloist=None if declarer is None else declarer.index,
            talon_leads=2 if allpass and rules.allpass_talon_shown else 0,
            talon_owner=_index(self.talon_owner(dealer, players)) if allpass else None,
            unfollowed=rules.allpass_unfollowed)

    # -- scoring -------------------------------------------------------------

    def score(self, facts: DealFacts, context: DealContext) -> Scored:
        """What one deal writes on the sheet (the family's scorer)."""
        return self.scoring.score(facts, context)

    def sheet(self, players: int, target: int | None) -> Sheet:
        """A new sheet for a match of ``players`` with pool (or bule) ``target``."""
        return self.sheet_class(players, target, self.rules)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


_INSTANCES: dict[tuple[type[Variant], tuple[tuple[str, str], ...]], Variant] = {}


def _index(seat: Seat | None) -> int | None:
    """A seat as the play kernel's seat number."""
    return None if seat is None else seat.index
