"""Trick play: whose turn it is, which cards are legal, who wins each trick.

Hands are bit masks.  A hand may be known in full, in part or not at all; the
engine checks what the known cards allow and infers the rest as it goes: a
player who shows out of a suit cannot follow it later, and a card seen cannot
reappear.  Everything else is left unchecked and said so.
"""

from __future__ import annotations

from dataclasses import dataclass

from pfn.cards import CARDS, Card, Suit

SUIT_MASKS = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)


@dataclass(frozen=True, slots=True)
class PlayProblem:
    """A broken rule of play: code, message, hint."""

    code: str
    message: str
    hint: str | None = None


@dataclass
class Hands:
    """What is known of each seat's cards during the play.

    ``known`` are cards a seat certainly holds; ``possible`` the cards it may hold
    (equal to ``known`` for a hand given in full).  Playing a card removes it
    everywhere; showing out of a suit removes the suit from ``possible``.
    """

    known: list[int]
    possible: list[int]
    complete: list[bool]
    seen: int = 0
    """Cards already played."""

    def copy(self) -> Hands:
        """An independent copy (for replaying a variation)."""
        return Hands(list(self.known), list(self.possible), list(self.complete), self.seen)

    def remove(self, card: Card) -> None:
        """Take ``card`` out of play (played by nobody's hand: a talon card)."""
        keep = ~(1 << card)
        self.seen |= 1 << card
        self.known = [m & keep for m in self.known]
        self.possible = [m & keep for m in self.possible]

    def holder(self, card: Card) -> int | None:
        """The seat known to hold ``card``."""
        bit = 1 << card
        for seat, mask in enumerate(self.known):
            if mask & bit:
                return seat
        return None


def winner_index(cards: list[Card | None], trump: int | None, lead_suit: int | None
                 ) -> int | None:
    """Index of the winning card (highest trump, else highest of the suit led);
    ``None`` when an unknown card could change it or nobody followed ``lead_suit``."""
    best: int | None = None
    best_key = -1
    for index, card in enumerate(cards):
        if card is None:
            return None
        suit = card >> 3
        if trump is not None and suit == trump:
            key = 16 + (card & 7)
        elif suit == lead_suit:
            key = card & 7
        else:
            continue
        if key > best_key:
            best, best_key = index, key
    return best


class TrickPlay:
    """Plays tricks for one contract, checking each card.

    ``must_head`` makes a player beat the best card so far when he can (Britannica).
    """

    def __init__(self, hands: Hands, trump: Suit | None, must_head: bool = False) -> None:
        self.hands = hands
        self.trump = trump
        self.must_head = must_head

    def check_card(self, seat: int, card: Card, lead: Card | None, best: Card | None,
                   position: int, exempt_head: bool = False) -> PlayProblem | None:
        """What is wrong with ``seat`` playing ``card`` in the trick so far (``lead`` is
        the card that fixed the suit, ``best`` the card winning so far)."""
        hands = self.hands
        bit = 1 << card
        name = "ABCD"[seat]
        if hands.seen & bit:
            return PlayProblem("PFN-E508", f"{card} was already played")
        if not hands.possible[seat] & bit:
            holder = hands.holder(card)
            if holder is not None:
                return PlayProblem("PFN-E502", f"{card} is in {'ABCD'[holder]}'s hand, not"
                                   f" {name}'s")
            suit = card >> 3
            if hands.possible[seat] & SUIT_MASKS[suit] == 0 and not hands.complete[seat]:
                return PlayProblem("PFN-E503", f"{name} showed out of {Suit(suit).letter}"
                                   f" earlier and cannot hold {card}")
            return PlayProblem("PFN-E502", f"{name} does not hold {card}")
        mine = hands.known[seat]
        suit = card >> 3
        if lead is None:
            return None
        led = lead >> 3
        if suit != led:
            same = mine & SUIT_MASKS[led] & ~hands.seen
            if same:
                held = CARDS[same.bit_length() - 1]
                return PlayProblem("PFN-E503", f"revoke: {name} played {card} on a"
                                   f" {Suit(led).name.lower()[:-1]} lead but holds {held}",
                                   "follow suit when you can")
            trump = self.trump
            if trump is not None and suit != trump:
                trumps = mine & SUIT_MASKS[trump] & ~hands.seen
                if trumps:
                    held = CARDS[trumps.bit_length() - 1]
                    return PlayProblem("PFN-E504", f"{name} is out of {Suit(led).letter} and"
                                       f" must trump, holding {held}, but played {card}",
                                       "no card of the suit led: play a trump")
        if self.must_head and not exempt_head and best is not None and hands.complete[seat]:
            return self._check_head(seat, card, best, led)
        return None

    def _check_head(self, seat: int, card: Card, best: Card, led: int) -> PlayProblem | None:
        mine = self.hands.known[seat] & ~self.hands.seen
        trump = self.trump
        best_is_trump = trump is not None and best >> 3 == trump and led != trump

        def beats(c: int) -> bool:
            if best_is_trump:
                return trump is not None and c >> 3 == trump and c > best
            if c >> 3 == led:
                return c > best
            return trump is not None and c >> 3 == trump

        if beats(card):
            return None
        pool = mine & SUIT_MASKS[card >> 3] if card >> 3 == led else mine
        winners = [c for c in range(32) if pool >> c & 1 and beats(c)]
        if winners:
            higher = CARDS[winners[-1]]
            return PlayProblem("PFN-E505", f"{'ABCD'[seat]} must head the trick: {higher}"
                               f" beats {best}, {card} does not",
                               "Britannica: play higher than the best card so far when you can")
        return None

    def play(self, seat: int, card: Card | None, lead: Card | None) -> None:
        """Take ``card`` out of ``seat``'s hand, noting a show-out."""
        hands = self.hands
        if card is None:
            return
        keep = ~(1 << card)
        hands.seen |= 1 << card
        hands.known[seat] &= keep
        possible = hands.possible
        for index in range(len(possible)):
            possible[index] &= keep
        if lead is not None and card >> 3 != lead >> 3:
            possible[seat] &= ~SUIT_MASKS[lead >> 3]
            if self.trump is not None and card >> 3 != self.trump:
                possible[seat] &= ~SUIT_MASKS[self.trump]


def legal_cards(hand: int, lead: Card | None, trump: Suit | None) -> int:
    """The cards of ``hand`` that may be played to a trick led by ``lead``: the suit led
    if held, else a trump if held, else anything (Russian and Serbian rules)."""
    if lead is None:
        return hand
    same = hand & SUIT_MASKS[lead >> 3]
    if same:
        return same
    if trump is not None:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand
