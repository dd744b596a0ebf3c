"""The play kernel: the rules of trick play on bit masks, and a position to play in.

Everything that asks "which cards may be played here?" or "who wins this trick?"
asks this module: the replay of a record (hands known in full or in part), the
generator of random deals, and the open-hand solver.  Cards are the ints 0–31
(``8 × suit + rank``), a set of cards is an ``int`` mask, a suit one byte of it.

:class:`PlayRules` holds what a rule family changes in the play: the trump, the
heading rule, and the all-pass tricks opened by a talon card.  :class:`Tricks` is a
position with every hand known, played forward with :meth:`Tricks.play` and back
with :meth:`Tricks.undo`; a :class:`Start` is where a deal's play begins, what the
board, the replay's completion and the solver build their :class:`Tricks` from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pfn.contract import Contract

SUIT_MASKS: tuple[int, int, int, int] = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)
"""The mask of each suit's eight cards."""

TRICKS = 10
"""Tricks in a deal: ten cards in each hand."""


def highest(mask: int) -> int:
    """The highest card of a non-empty mask (hearts ace is the highest of all)."""
    return mask.bit_length() - 1


def legal_cards(hand: int, lead: int | None, trump: int | None) -> int:
    """The cards of ``hand`` that may be played to a trick led by ``lead``: the suit led
    if held, else a trump if held, else anything.  ``lead`` ``None``: the player leads."""
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


def beating(best: int, led: int, trump: int | None) -> int:
    """The mask of every card that beats ``best``, the card winning a trick led in suit
    ``led`` so far: a higher trump over a trump, else a higher card of the suit led or
    any trump."""
    above = ~((2 << best) - 1)
    if trump is not None and best >> 3 == trump:
        return SUIT_MASKS[trump] & above
    beats = SUIT_MASKS[led] & above
    if trump is not None:
        beats |= SUIT_MASKS[trump]
    return beats


def trick_winner(cards: Sequence[int | None], trump: int | None, led: int | None) -> int | None:
    """Index of the winning card: the highest trump, else the highest card of suit
    ``led``; ``None`` when an unknown card (``None``) could change it, or when nobody
    played a trump or the suit led."""
    if None in cards:
        return None
    played = 0
    for card in cards:
        played |= 1 << card  # type: ignore[operator]
    # a suit's cards are numbered by rank, so its highest is the mask's highest bit
    if trump is not None and played & SUIT_MASKS[trump]:
        return cards.index((played & SUIT_MASKS[trump]).bit_length() - 1)
    if led is None or not played & SUIT_MASKS[led]:
        return None
    return cards.index((played & SUIT_MASKS[led]).bit_length() - 1)


def winning_card(cards: Sequence[int | None], trump: int | None) -> int | None:
    """The card winning the trick so far (``None`` if an unknown card hides it)."""
    if not cards or cards[0] is None:
        return None
    index = trick_winner(cards, trump, cards[0] >> 3)
    return cards[index] if index is not None else None


Broken = tuple[Literal["follow", "trump", "head"], int]
"""A rule of play a card breaks, with the highest held card that shows it."""


def broken_rule(hand: int, card: int, lead: int, trump: int | None, best: int | None = None
                ) -> Broken | None:
    """Which rule ``card`` breaks, played from ``hand`` (the cards known to be held) to a
    trick led by ``lead``: it does not follow suit (``"follow"``), does not trump
    (``"trump"``), or, when ``best`` is given (Britannica), does not head the trick
    (``"head"``).  ``None`` when the known cards show no broken rule."""
    held = hand | 1 << card
    legal = legal_cards(held, lead, trump)
    if not legal >> card & 1:
        same = held & SUIT_MASKS[lead >> 3]
        if same:
            return ("follow", highest(same))
        assert trump is not None  # only a trump can be owed when the suit led is not held
        return ("trump", highest(held & SUIT_MASKS[trump]))
    if best is not None:
        heads = legal & beating(best, lead >> 3, trump)
        if heads and not heads >> card & 1:
            return ("head", highest(heads))
    return None


@dataclass(frozen=True, slots=True)
class PlayRules:
    """What a deal's rules of play are: the trump, the heading rule, the talon leads.

    Built by the rule family (``Variant.play_rules``) for one contract; the kernel and
    the replay ask it, and nothing else, how tricks are played and won."""

    trump: int | None = None
    """The trump suit (``None``: no-trumps, misère, all-pass)."""
    must_head: bool = False
    """Each player must beat the best card so far when he can (Britannica)."""
    soloist: int | None = None
    """With ``must_head``: after the soloist leads, the next hand need not head."""
    talon_leads: int = 0
    """All-pass: the first tricks are opened by the talon's cards, one each."""
    talon_owner: int | None = None
    """Who takes a talon-led trick the talon card wins (the dealer at four, seed 000);
    ``None``: the talon card cannot win."""
    unfollowed: Literal["nobody", "highest"] = "nobody"
    """A talon-led trick nobody follows: nobody takes it, or the highest card does."""

    def legal(self, hand: int, cards: Sequence[int | None], seats: Sequence[int | None]
              ) -> int:
        """The cards of ``hand`` the next player may add to the trick ``cards`` (played
        by ``seats``; a talon card's seat is ``None``)."""
        if not cards or cards[0] is None:
            return hand
        lead = cards[0]
        legal = legal_cards(hand, lead, self.trump)
        if self.must_head and not self.exempt(seats):
            best = winning_card(cards, self.trump)
            if best is not None:
                heads = legal & beating(best, lead >> 3, self.trump)
                if heads:
                    return heads
        return legal

    def exempt(self, seats: Sequence[int | None]) -> bool:
        """The second hand after the soloist's lead need not head the trick."""
        return len(seats) == 1 and seats[0] is not None and seats[0] == self.soloist

    def winner(self, cards: Sequence[int | None], seats: Sequence[int | None]) -> int | None:
        """The seat that takes a complete trick, ``None`` when nobody does or an unknown
        card hides it.  A trick whose first seat is ``None`` was opened by a talon card."""
        lead = cards[0]
        led = lead >> 3 if lead is not None else None
        if seats[0] is not None:
            index = trick_winner(cards, self.trump, led)
            return seats[index] if index is not None else None
        if self.talon_owner is not None:
            index = trick_winner(cards, None, led)
            if index is None:
                return None
            return self.talon_owner if index == 0 else seats[index]
        players = cards[1:]
        index = trick_winner(players, None, led)
        if index is not None:
            return seats[index + 1]
        if self.unfollowed == "nobody" or None in players:
            return None
        ranked = [(c & 7, -i) for i, c in enumerate(players) if c is not None]
        return seats[1 - max(ranked)[1]]

    def talon_lead(self, number: int) -> bool:
        """Whether trick ``number`` (from 1) is opened by a talon card."""
        return number <= self.talon_leads

    def talon_needed(self, number: int) -> int:
        """How many talon cards a play from trick ``number`` on needs: one for each
        talon-led trick still to come (an ending at trick 2 of an all-pass needs the
        card that opens trick 2)."""
        return max(0, self.talon_leads - number + 1)

    def next_leader(self, number: int, winner: int | None, eldest: int) -> int | None:
        """Who leads after trick ``number``: the eldest during and after the talon-led
        tricks, else its winner (``None`` when an unknown card hides him)."""
        if number <= self.talon_leads:
            return eldest
        return winner


class Tricks:
    """A position in the play with every hand known.

    ``hands`` are the cards each seat holds (masks, by seat), ``order`` the seats that
    play, in playing order from the eldest; ``talon`` the talon cards that open the
    talon-led tricks from trick ``number`` on, in order (:meth:`PlayRules.talon_needed`
    of them).  A talon-led trick gets its talon card by itself, so :attr:`turn` is
    always a player.  :meth:`play` and :meth:`undo` are the
    only moves; :attr:`history` keeps every completed trick.
    """

    __slots__ = ("_at", "_first", "_heads", "_index", "_n", "_size", "_trump", "cards",
                 "hands", "history",
                 "leader", "number", "order", "rules", "seats", "taken", "talon", "turn")

    def __init__(self, hands: Sequence[int], order: Sequence[int], leader: int,
                 rules: PlayRules, talon: Sequence[int] = (), number: int = 1) -> None:
        self.hands = list(hands)
        self.order = tuple(order)
        self.rules = rules
        self.talon = tuple(talon)
        if len(self.talon) < rules.talon_needed(number):
            raise ValueError(f"talon-led tricks from trick {number} need"
                             f" {rules.talon_needed(number)} talon cards")
        self.number = number
        self._first = number
        """The trick being played (from 1); ``TRICKS + 1`` once the play is over."""
        self.leader = leader
        self.cards: list[int] = []
        """The trick on the table so far."""
        self.seats: list[int | None] = []
        """Who played each card on the table (``None``: the talon)."""
        self.taken = [0] * max(len(self.hands), 4)
        self.history: list[tuple[list[int], list[int | None], int, int | None]] = []
        """Completed tricks: cards, seats, leader, winner (never changed once there)."""
        self.turn = leader
        """The seat to play next."""
        self._n = len(self.order)
        self._index = {seat: i for i, seat in enumerate(self.order)}
        self._trump = rules.trump
        self._heads = rules.must_head
        self._at = 0
        self._size = self._n
        self._open()

    def _open(self) -> None:
        """Start a trick: the leader's turn, or the talon card first and the eldest next."""
        if self.number <= self.rules.talon_leads:
            self.cards.append(self.talon[self.number - self._first])
            self.seats.append(None)
            self.leader = self.order[0]
            self._size = self._n + 1
        else:
            self._size = self._n
        self._at = self._index[self.leader]
        self.turn = self.leader

    @property
    def over(self) -> bool:
        """Every card has been played."""
        return self.number > TRICKS or not any(self.hands[s] for s in self.order)

    def legal_cards(self) -> int:
        """The cards the seat to play may play now (a mask)."""
        hand = self.hands[self.turn]
        cards = self.cards
        if not cards:
            return hand
        if self._heads:
            return self.rules.legal(hand, cards, self.seats)
        return legal_cards(hand, cards[0], self._trump)

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (legality is the caller's business: see
        :meth:`legal_cards`)."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        cards = self.cards
        cards.append(card)
        self.seats.append(seat)
        if len(cards) < self._size:
            at = self._at + 1
            if at == self._n:
                at = 0
            self._at = at
            self.turn = self.order[at]
            return
        self._finish()

    def play_trick(self, cards: Sequence[int]) -> bool:
        """Play ``cards`` in turn to complete the trick on the table, checking each;
        ``False`` at the first card that is not legal (the position is then left
        half-played).  The replay of a record plays a whole line at a time this way."""
        hands, order, table, seats = self.hands, self.order, self.cards, self.seats
        at, n, trump, heads = self._at, self._n, self._trump, self._heads
        masks = SUIT_MASKS
        for card in cards:
            seat = order[at]
            hand = hands[seat]
            if not table:
                legal = hand
            elif heads:
                legal = self.rules.legal(hand, table, seats)
            else:  # legal_cards(), inline: the suit led, else a trump, else anything
                legal = hand & masks[table[0] >> 3]
                if not legal:
                    legal = (hand & masks[trump] if trump is not None else 0) or hand
            if not legal >> card & 1:
                return False
            hands[seat] = hand & ~(1 << card)
            table.append(card)
            seats.append(seat)
            at = at + 1 if at + 1 < n else 0
        if len(table) == self._size:
            self._finish()
        else:
            self._at, self.turn = at, order[at]
        return True

    def _finish(self) -> None:
        """The trick on the table is complete: who takes it, and who leads next."""
        rules = self.rules
        cards, seats = self.cards, self.seats
        winner = rules.winner(cards, seats)
        self.history.append((cards, seats, self.leader, winner))
        if winner is not None:
            self.taken[winner] += 1
        leader = rules.next_leader(self.number, winner, self.order[0])
        assert leader is not None  # with every card known, every trick has a winner
        self.leader = leader
        self.number += 1
        self.cards, self.seats = [], []
        self._open()

    def undo(self) -> None:
        """Take back the last card played."""
        if len(self.cards) > (1 if self.seats and self.seats[0] is None else 0):
            card = self.cards.pop()
            seat = self.seats.pop()
            assert seat is not None
            self.hands[seat] |= 1 << card
            self._at = (self._at - 1) % self._n
            self.turn = seat
            return
        cards, seats, leader, winner = self.history.pop()
        self.number -= 1
        if winner is not None:
            self.taken[winner] -= 1
        seat = seats[-1]
        assert seat is not None
        self.hands[seat] |= 1 << cards[-1]
        self.cards, self.seats = list(cards[:-1]), list(seats[:-1])
        self.leader = leader
        self.turn = seat
        self._at = self._index[seat]
        self._size = len(cards)


Kind = Literal["tricks", "misere", "allpass"]
"""What the play is about: the declarer's tricks, a misère, or an all-pass."""


@dataclass(frozen=True, slots=True)
class Start:
    """Where the play of a deal begins: the hands after the talon and the discard, who
    plays and leads, and the rules of play of the contract (seats as numbers).

    The solver refuses a start no deal can reach (:class:`pfn.analysis.position.Position`
    checks it before anything is searched)."""

    hands: tuple[int, ...]
    """Every seat's cards when the play begins (masks, by seat)."""
    order: tuple[int, ...]
    """The seats that play, in playing order from the eldest."""
    leader: int
    rules: PlayRules
    contract: Contract
    declarer: int | None
    talon: tuple[int, ...] = ()
    """The talon cards that open the all-pass tricks from trick ``number`` on, in order
    (``rules.talon_needed(number)`` of them: both at trick 1, the second at trick 2)."""
    number: int = 1
    """The first trick: 1, or the trick an ending (the Start tag) begins with."""

    @property
    def kind(self) -> Kind:
        """What the play is about."""
        if self.contract.allpass:
            return "allpass"
        return "misere" if self.contract.misere else "tricks"

    def kernel(self) -> Tricks:
        """A new position on the kernel at this start."""
        return Tricks(self.hands, self.order, self.leader, self.rules, self.talon,
                      self.number)
