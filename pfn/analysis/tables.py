"""The tables Preferans books print, worked out exactly from the rules.

Players learn a few numbers by heart: how the defenders' cards of a suit split between
their two hands, how likely the talon brings a card the bidder needs (the "rule of seven
cards"), how often a misère with a given hole (дырка) is caught. The books print them
rounded, some from counting, some from experience. Here each is counted from the deal
itself — ten cards a hand, two in the talon, every layout weighted the same — so the
figures are exact fractions; ``docs/tables.md`` sets them beside the published ones.

>>> split(2, 1, 1)                        # two cards, one in each hand
Fraction(10, 19)
>>> talon_chance(7)                       # seven good cards among the 22 unseen
Fraction(6, 11)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from pfn.i18n import N_

HAND = 10
"""Cards a hand holds before the play."""
UNSEEN = 20
"""Cards the bidder does not see once he has taken the talon: the defenders' hands."""
UNSEEN_WITH_TALON = 22
"""Cards the bidder does not see before the talon is shown: two hands and the talon."""
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""A suit's eight ranks, low to high, as the tables write a hole."""


class Kind(StrEnum):
    """The tables ``pfn odds --table`` recomputes."""

    splits = "splits"
    """How the defenders' cards of a suit split between their hands, the talon known."""
    splits_talon = "splits-talon"
    """The same before the talon is seen: two hands of ten and a talon of two."""
    talon = "talon"
    """The rule of seven cards: the chance the talon brings one of k good cards."""
    misere = "misere"
    """How often a misère with a given hole is caught, by the lead, with and without the
    defenders' discards of the hole's suit."""


def split(cards: int, first: int, second: int, *, talon_known: bool = True) -> Fraction:
    """The chance that the defenders' ``cards`` cards of a suit lie ``first`` in one hand
    and ``second`` in the other (either way round; the rest, before the talon is seen,
    in the talon), each layout of the unseen cards weighted the same."""
    talon = cards - first - second
    if min(first, second, talon) < 0 or (talon_known and talon) or talon > 2:
        return Fraction(0)
    unseen = UNSEEN if talon_known else UNSEEN_WITH_TALON
    others = unseen - cards

    def ways(a: int, b: int) -> int:
        # a of the suit to one hand, b to the other, the rest to the talon; the other
        # cards fill the hands and the talon.
        return (math.comb(cards, a) * math.comb(cards - a, b)
                * math.comb(others, HAND - a) * math.comb(others - HAND + a, HAND - b))

    total = math.comb(unseen, HAND) * math.comb(unseen - HAND, HAND)
    count = ways(first, second) + (ways(second, first) if first != second else 0)
    return Fraction(count, total)


def talon_chance(good: int, *, both: bool = False) -> Fraction:
    """The chance the talon (two of the 22 cards the bidder does not see) holds at least
    one of ``good`` cards — or, with ``both``, two of them."""
    if not 0 <= good <= UNSEEN_WITH_TALON:
        raise ValueError(f"{good!r} good cards of {UNSEEN_WITH_TALON}")
    pairs = math.comb(UNSEEN_WITH_TALON, 2)
    if both:
        return Fraction(math.comb(good, 2), pairs)
    return 1 - Fraction(math.comb(UNSEEN_WITH_TALON - good, 2), pairs)


# --- The misère's hole ------------------------------------------------------------
#
# One suit is played out: the misère player holds the hole's cards, the defenders the
# rest of the suit, split between them as the layouts fall (the talon known, none of the
# suit in it). His other cards are clean — he can always give a trick away with them —
# and the defenders pass the lead between them at will (свободная передача хода), as the
# books' tables assume. Without discards the defenders keep their cards of the suit
# until it is led; with them, either may throw any of his cards of the suit on a trick
# of another suit whenever he likes (the most the defence can hope for). Seats in play
# order: the misère player, then his left-hand defender, then his right-hand one.

M, LEFT, RIGHT = 0, 1, 2


@dataclass(frozen=True, slots=True)
class HoleOdds:
    """A hole's chances of being caught, over every split of the defenders' cards."""

    hole: tuple[int, ...]
    """The misère player's ranks in the suit (0 = seven … 7 = ace)."""
    lead: bool
    """Whether the misère player is on lead (his own lead, свой ход)."""
    discards: bool
    """Whether the defenders may throw cards of the suit on other suits' tricks."""
    caught: Fraction
    """The share of the layouts where he takes a trick or more."""
    expected: Fraction
    """His expected tricks in the suit."""


def hole_odds(hole: tuple[int, ...], *, lead: bool, discards: bool) -> HoleOdds:
    """Every split of the other cards of the suit between the two defenders (each split
    weighted by the layouts of the twenty unseen cards it stands for), the suit played
    out with best play on both sides."""
    mine = _mask(hole)
    theirs = [r for r in range(8) if not mine >> r & 1]
    caught = expected = Fraction(0)
    for left_cards in _subsets(theirs):
        weight = Fraction(math.comb(UNSEEN - len(theirs), HAND - len(left_cards)),
                          math.comb(UNSEEN, HAND))
        if weight == 0:
            continue
        left = _mask(left_cards)
        right = _mask(theirs) & ~left
        tricks = _value(mine, left, right, M if lead else -1, discards)
        expected += weight * tricks
        caught += weight * (tricks > 0)
    return HoleOdds(hole, lead, discards, caught, expected)


PUBLISHED_HOLES: tuple[tuple[int, ...], ...] = (
    (0, 3), (0, 2), (0, 4), (0, 5), (1,), (1, 2), (2,), (0, 1, 5), (0, 2, 5),
    (0, 1, 6), (0, 1, 7), (0, 1, 3, 7), (0, 2, 4, 7))
"""The holes the published misère tables price (``docs/tables.md``)."""


def _subsets(cards: list[int]) -> Iterator[tuple[int, ...]]:
    for size in range(len(cards) + 1):
        yield from itertools.combinations(cards, size)


def _mask(ranks: tuple[int, ...] | list[int]) -> int:
    return sum(1 << r for r in ranks)


def _ranks(mask: int) -> list[int]:
    return [r for r in range(8) if mask >> r & 1]


@functools.cache
def _value(mine: int, left: int, right: int, leader: int, discards: bool) -> int:
    """The misère player's tricks from here with best play: ``leader`` is ``M``, or -1
    when the defenders choose which of them leads."""
    if not mine:
        return 0
    hands = (mine, left, right)
    if leader == M:
        # He leads a card of the suit, or a clean card and gives the lead away.
        options = [_trick(hands, M, card, discards) for card in _ranks(mine)]
        options.append(_value(mine, left, right, -1, discards))
        return min(options)
    best = 0
    for seat in (LEFT, RIGHT):
        for card in _ranks(hands[seat]):
            best = max(best, _trick(hands, seat, card, discards))
            if discards:
                # Throw this card on another suit instead (the partner is void there).
                rest = list(hands)
                rest[seat] &= ~(1 << card)
                best = max(best, _value(rest[0], rest[1], rest[2], -1, discards))
    return best


def _trick(hands: tuple[int, int, int], leader: int, card: int, discards: bool) -> int:
    """A trick of the suit led with ``card`` from ``leader``'s hand, then best play."""
    after = list(hands)
    after[leader] &= ~(1 << card)
    return _follow(tuple(after), (leader + 1) % 3, leader, [(leader, card)], discards)


def _follow(hands: tuple[int, ...], seat: int, leader: int, played: list[tuple[int, int]],
            discards: bool) -> int:
    if seat == leader:
        winner = max((c, s) for s, c in played)[1]
        taken = winner == M
        nxt = M if taken else -1
        return taken + _value(hands[0], hands[1], hands[2], nxt, discards)
    follow = (seat + 1) % 3
    cards = _ranks(hands[seat])
    if not cards:
        # Void: a card of another suit, which cannot win.
        return _follow(hands, follow, leader, played, discards)
    results = []
    for card in cards:
        after = list(hands)
        after[seat] &= ~(1 << card)
        results.append(_follow(tuple(after), follow, leader, [*played, (seat, card)],
                               discards))
    return min(results) if seat == M else max(results)


def hole_name(hole: tuple[int, ...]) -> str:
    """``(0, 3)`` → ``7 10``."""
    return " ".join(RANKS[r] for r in hole)


def parse_hole(text: str) -> tuple[int, ...]:
    """``7 10`` (or ``7,10``, ``7T``) → ``(0, 3)``."""
    names = {"7": 0, "8": 1, "9": 2, "10": 3, "T": 3, "J": 4, "Q": 5, "K": 6, "A": 7}
    words = text.replace(",", " ").upper().split()
    if len(words) == 1 and words[0] not in names:
        words = list(words[0].replace("10", "T"))
    try:
        ranks = sorted({names[w] for w in words})
    except KeyError as error:
        raise ValueError(f"{text!r}: not ranks of one suit") from error
    if not ranks:
        raise ValueError(f"{text!r}: no card")
    return tuple(ranks)


TITLES = {
    Kind.splits: N_("The defenders' cards of a suit: how they split between their hands"
                    " (the talon known: 20 unseen cards, ten a hand)"),
    Kind.splits_talon: N_("The defenders' cards of a suit before the talon is seen: two"
                          " hands of ten and a talon of two (22 unseen cards)"),
    Kind.talon: N_("The rule of seven cards: the chance the talon (two of the 22 unseen"
                   " cards) brings at least one of k good cards, and two of them"),
    Kind.misere: N_("A misère's hole: how often it is caught, one suit played out; the"
                    " talon known, his other cards clean, the defenders passing the lead"
                    " at will"),
}


@dataclass(frozen=True)
class Table:
    """A table as ``pfn odds --table`` prints it: its title, the JSON keys and headings
    of its columns, and its rows (a label, then exact shares)."""

    kind: Kind
    keys: tuple[str, ...]
    heads: tuple[str, ...]
    """The columns' headings, marked for the catalogs and translated where shown."""
    rows: tuple[tuple[str | Fraction, ...], ...]

    @property
    def title(self) -> str:
        return TITLES[self.kind]


def table(kind: Kind) -> Table:
    """The table ``kind``, every figure exact."""
    if kind is Kind.splits or kind is Kind.splits_talon:
        known = kind is Kind.splits
        rows: list[tuple[str | Fraction, ...]] = []
        for cards in range(1, 9):
            for talon in range(1 if known else min(cards, 2) + 1):
                for first in range(cards - talon, -1, -1):
                    second = cards - talon - first
                    if second > first:
                        break
                    shown = f"{first}-{second}" + (f"+{talon}" if talon else "")
                    rows.append((str(cards), shown,
                                 split(cards, first, second, talon_known=known)))
        return Table(kind, ("cards", "split", "chance"),
                     (N_("cards"), N_("split"), N_("chance")), tuple(rows))
    if kind is Kind.talon:
        return Table(kind, ("good", "one", "two"), (N_("good cards"), N_("one or more"),
                                                     N_("two")),
                     tuple((str(k), talon_chance(k), talon_chance(k, both=True))
                           for k in range(1, UNSEEN_WITH_TALON + 1)))
    cells: list[tuple[str | Fraction, ...]] = []
    for hole in PUBLISHED_HOLES:
        found = [hole_odds(hole, lead=lead, discards=discards)
                 for lead in (False, True) for discards in (False, True)]
        cells.append((hole_name(hole), *(f.caught for f in found)))
    return Table(kind, ("hole", "their_lead", "their_lead_discards", "his_lead",
                        "his_lead_discards"),
                 (N_("hole"), N_("their lead"), N_("their lead, discards"),
                  N_("his lead"), N_("his lead, discards")), tuple(cells))
