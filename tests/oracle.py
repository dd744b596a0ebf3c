"""An all-pass played by the rule texts, with nothing of pfn's: the tests' oracle.

The rules, from the rules digest (``docs/variants.md``, the seeds): in all-pass nobody
has trumps; when the talon is shown (the default) its two cards open tricks 1 and 2,
one each, the players following it from the eldest (the suit of the talon card if
they hold it, else any card); the highest card of that suit a player gives takes the
trick, and the talon card never does, except at a table of four in
``russian-standard``, where it is the dealer's and takes the trick when nobody beats
it; a talon-led trick nobody follows goes to nobody, or, under
``allpass-unfollowed highest``, to the highest card of any suit (the earliest of equal
ranks).  After a talon-led trick the eldest leads; after any other its winner.

:func:`sure_tricks` is an exhaustive minimax (memoised, no pruning) of a player's
sure tricks, the tricks he cannot escape: in all-pass a trick is a loss, so he plays
for the fewest and the two others together for the most.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

SUIT = 8


@dataclass(frozen=True)
class AllPass:
    """The all-pass rules of a table: who plays (from the eldest), the talon leads."""

    order: tuple[int, ...]
    talon_tricks: int = 2
    """Tricks 1..talon_tricks are opened by a talon card (0: the talon is not shown)."""
    owner: int | None = None
    """Who takes a talon-led trick the talon card wins (the dealer at four)."""
    highest: bool = False
    """A talon-led trick nobody follows goes to the highest card of any suit."""

    def legal(self, hand: frozenset[int], led: int | None) -> list[int]:
        """The cards of ``hand`` that may follow a trick led in suit ``led``."""
        if led is not None:
            same = [c for c in hand if c // SUIT == led]
            if same:
                return sorted(same)
        return sorted(hand)

    def winner(self, talon: int | None, plays: list[tuple[int, int]]) -> int | None:
        """Who takes a trick: ``talon`` the talon card that opened it (or ``None``),
        ``plays`` the players' (seat, card) in order."""
        led = (talon if talon is not None else plays[0][1]) // SUIT
        best: tuple[int, int | None] = (-1, None)
        for seat, card in plays:
            if card // SUIT == led and card % SUIT > best[0]:
                best = (card % SUIT, seat)
        if talon is not None and self.owner is not None and talon % SUIT > best[0]:
            return self.owner
        if best[1] is not None:
            return best[1]
        if talon is not None and self.highest:
            top = max(card % SUIT for _, card in plays)
            return next(seat for seat, card in plays if card % SUIT == top)
        return None

    def talon_led(self, number: int) -> bool:
        return number <= self.talon_tricks


def sure_tricks(rules: AllPass, hands: dict[int, frozenset[int]], leader: int, number: int,
                talon: tuple[int, ...], target: int) -> int:
    """``target``'s tricks from trick ``number`` on, the others against him; ``talon``
    the cards that open the talon-led tricks from trick ``number`` on."""
    order = rules.order

    @functools.cache
    def value(held: tuple[frozenset[int], ...], leader: int, number: int) -> int:
        if not any(held):
            return 0
        talon_card = talon[number - first] if rules.talon_led(number) else None
        start = order.index(order[0] if talon_card is not None else leader)
        seats = [order[(start + i) % len(order)] for i in range(len(order))]
        return trick(held, seats, [], talon_card, number)

    def trick(held: tuple[frozenset[int], ...], seats: list[int], plays: list[tuple[int, int]],
              talon_card: int | None, number: int) -> int:
        if len(plays) == len(seats):
            won = rules.winner(talon_card, plays)
            after = order[0] if talon_card is not None else won
            assert after is not None
            return (won == target) + value(held, after, number + 1)
        seat = seats[len(plays)]
        hand = held[order.index(seat)]
        led = talon_card // SUIT if talon_card is not None else \
            (plays[0][1] // SUIT if plays else None)
        results = []
        for card in rules.legal(hand, led):
            rest = list(held)
            rest[order.index(seat)] = hand - {card}
            results.append(trick(tuple(rest), seats, [*plays, (seat, card)], talon_card,
                                 number))
        return min(results) if seat == target else max(results)

    first = number
    return value(tuple(hands[s] for s in order), leader, number)


def random_line(rules: AllPass, hands: dict[int, frozenset[int]], leader: int, number: int,
                talon: tuple[int, ...], tricks: int, pick: object
                ) -> tuple[list[list[int]], dict[int, frozenset[int]], int, int]:
    """``tricks`` tricks played with random legal cards (``pick(list)`` chooses): each
    trick's cards as a PFN line writes them (a talon card first), the hands after, who
    leads next and the trick."""
    held = dict(hands)
    lines: list[list[int]] = []
    first = number
    order = rules.order
    for _ in range(tricks):
        talon_card = talon[number - first] if rules.talon_led(number) else None
        start = order.index(order[0] if talon_card is not None else leader)
        plays: list[tuple[int, int]] = []
        for i in range(len(order)):
            seat = order[(start + i) % len(order)]
            led = talon_card // SUIT if talon_card is not None else \
                (plays[0][1] // SUIT if plays else None)
            card = pick(rules.legal(held[seat], led))  # type: ignore[operator]
            held[seat] = held[seat] - {card}
            plays.append((seat, card))
        won = rules.winner(talon_card, plays)
        lines.append(([talon_card] if talon_card is not None else []) + [c for _, c in plays])
        leader = order[0] if talon_card is not None else won  # type: ignore[assignment]
        number += 1
    return lines, held, leader, number
