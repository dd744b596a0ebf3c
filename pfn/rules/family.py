"""What the rules engine asks of a rule family.

The engine (auction, talon, defence, play, outcome) knows no family by name: it asks
these questions, and :class:`pfn.variants.base.Variant` answers them with the common
Russian rules unless a family's own file says otherwise.  Keeping the questions here,
as a protocol, is what lets the engine sit below the variants.
"""

from __future__ import annotations

from typing import Protocol

from pfn.contract import Contract
from pfn.diagnostics import Problem
from pfn.rules.auction import Auction
from pfn.rules.defence import Defence
from pfn.rules.options import HouseRules
from pfn.rules.tricks import PlayRules
from pfn.seats import Seat


class RuleFamily(Protocol):
    """A rule family with its house rules, as the engine sees it."""

    @property
    def name(self) -> str:
        """The canonical variant id (``sochi``)."""

    @property
    def title(self) -> str:
        """The name for people (``Sochi (Сочинка)``)."""

    @property
    def language(self) -> str | None:
        """The language its pictures are labelled in by default (``sr``), if any."""

    @property
    def rules(self) -> HouseRules:
        """The house rules in force."""

    @property
    def allpass_played(self) -> bool:
        """Whether an all-pass is played out (Serbian and Britannica: it is not)."""

    @property
    def counter_clockwise(self) -> bool:
        """Play runs counter-clockwise (drawing only)."""

    @property
    def tables(self) -> tuple[int, ...]:
        """How many may sit at the table."""

    def auction(self, order: tuple[Seat, ...]) -> Auction:
        """A new auction for seats speaking in ``order`` (eldest first)."""

    def defence(self, contract: Contract, declarer: Seat, dealer: Seat | None,
                order: tuple[Seat, ...]) -> Defence:
        """A new defence protocol for ``contract`` played by ``declarer``."""

    def first_leader(self, contract: Contract, declarer: Seat | None, eldest: Seat,
                     order: tuple[Seat, ...]) -> Seat:
        """Who leads to the first trick."""

    def exit_level(self, allpass_streak: int) -> int:
        """The lowest contract allowed after ``allpass_streak`` all-passes in a row."""

    def contract_problem(self, contract: Contract) -> Problem | None:
        """Why this family has no such contract at all (``None``: it has)."""

    def hand_problem(self, contract: Contract, twelve: int) -> Problem | None:
        """Why the declarer's twelve cards (hand and talon) cannot play ``contract``."""

    def play_rules(self, contract: Contract, declarer: Seat | None, dealer: Seat | None,
                   players: int) -> PlayRules:
        """The rules of play for ``contract`` at a table of ``players``."""
