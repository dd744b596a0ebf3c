"""The play's engine for a record's cards: the play kernel, or what is known.

When every hand is known and the play is plain (every card given, no annotation),
the main line runs straight through :class:`~pfn.rules.tricks.Tricks`
(:meth:`PlayStage.plain`).  Otherwise — hidden hands, unknown cards (``-``),
variations, or any card the kernel refuses — each card is checked and made with what
is *known* of each hand (:meth:`PlayStage.step`): a hand may be known in full, in part
or not at all; a player who shows out of a suit cannot follow it later, and a card
seen cannot reappear.  Both ways the rules of play are the kernel's
(:mod:`pfn.rules.tricks`).  The deal state a record's replay pushes its cards into
(:class:`~pfn.rules.pushing.RecordState`) drives it; the replay
(:class:`~pfn.rules.stages.Replayer`) walks the record's lines.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pfn import codes
from pfn.cards import CARDS, FULL_DECK, Card, Suit
from pfn.diagnostics import Problem
from pfn.messages import Text, msg
from pfn.model import CardRun
from pfn.rules.replay import PlayedTrick
from pfn.rules.tricks import SUIT_MASKS, TRICKS, PlayRules, Tricks, broken_rule, winning_card
from pfn.seats import SEATS, Seat

if TYPE_CHECKING:
    from pfn.rules.stages import Replayer


_SEAT_OR_TALON: dict[int | None, Seat | None] = {None: None, **dict(enumerate(SEATS))}


@functools.lru_cache(maxsize=64)
def _seats(seats: tuple[int | None, ...]) -> tuple[Seat | None, ...]:
    """The kernel's seat numbers as seats (a talon card's seat is ``None``)."""
    return tuple(_SEAT_OR_TALON[s] for s in seats)


def _indexes(seats: Sequence[Seat | None]) -> list[int | None]:
    """Seats as the kernel's seat numbers (a talon card's seat is ``None``)."""
    return [None if s is None else s.index for s in seats]


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

    def play(self, seat: Seat, card: Card, lead: Card | None, trump: int | None) -> None:
        """``seat`` plays ``card``: out of every hand, and a show-out noted."""
        keep = ~(1 << card)
        self.seen |= 1 << card
        self.known[seat] &= keep
        possible = self.possible
        for index in range(len(possible)):
            possible[index] &= keep
        if lead is not None and card >> 3 != lead >> 3:
            # a show-out: the suit cannot be among the cards not known (a card known to be
            # held stays: playing around it was a revoke, reported once)
            held = self.known[seat]
            possible[seat] &= ~(SUIT_MASKS[lead >> 3] & ~held)
            if trump is not None and card >> 3 != trump:
                possible[seat] &= ~(SUIT_MASKS[trump] & ~held)


def card_problem(hands: Hands, rules: PlayRules, seat: Seat, card: Card, lead: Card | None,
                 best: int | None, number: int) -> Problem | None:
    """What is wrong with ``seat`` playing ``card`` to trick ``number``, led by ``lead``
    (``best``: the card winning it so far, where the heading rule applies)."""
    bit = 1 << card
    name = str(seat)
    if hands.seen & bit:
        return Problem(codes.E508, msg("{card} was already played", card=card))
    if not hands.possible[seat] & bit:
        holder = hands.holder(card)
        if holder is not None:
            return Problem(codes.E502, msg("{card} is in {holder}'s hand, not {name}'s (trick"
                                          " {number})", card=card, holder="ABCD"[holder],
                                          name=name, number=number),
                           msg("check whose turn it is"))
        suit = card >> 3
        if hands.possible[seat] & SUIT_MASKS[suit] == 0 and not hands.complete[seat]:
            return Problem(codes.E503, msg("{name} showed out of {suit} earlier and cannot hold"
                                          " {card} (trick {number})", name=name,
                                          suit=Suit(suit).letter, symbol=Suit(suit).symbol,
                                          card=card, number=number))
        return Problem(codes.E502, msg("{name} does not hold {card} (trick {number})",
                                      name=name, card=card, number=number))
    if lead is None:
        return None
    broken = broken_rule(hands.known[seat] & ~hands.seen, card, lead, rules.trump,
                         best if hands.complete[seat] else None)
    if broken is None:
        return None
    rule, held = broken
    led = Suit(lead >> 3)
    if rule == "follow":
        # TRANSLATORS: {suit} is the English suit name, {symbol} its sign (♠)
        return Problem(codes.E503, msg("revoke: {name} played {card} on a {suit} lead at trick"
                                      " {number} but holds {held}", name=name, card=card,
                                      suit=led.name.lower()[:-1], symbol=led.symbol,
                                      number=number, held=CARDS[held]),
                       msg("follow suit when you can"))
    if rule == "trump":
        return Problem(codes.E504, msg("{name} is out of {suit} at trick {number} and must"
                                      " trump, holding {held}, but played {card}", name=name,
                                      suit=led.letter, symbol=led.symbol, number=number,
                                      held=CARDS[held],
                                      card=card),
                       msg("no card of the suit led: play a trump"))
    assert best is not None
    return Problem(codes.E505, msg("{name} must head trick {number}: {held} beats {best},"
                                  " {card} does not", name=name, number=number,
                                  held=CARDS[held], best=CARDS[best], card=card),
                   msg("Britannica: play higher than the best card so far when you can"))


def kernel_problem(kernel: Tricks, card: Card, seen: int = 0) -> Problem:
    """Which rule of play forbids ``card`` on ``kernel``, every hand known (``seen``:
    cards played before, besides the kernel's own)."""
    held = list(kernel.hands)
    seen |= sum(1 << c for c in kernel.cards)
    for cards, *_ in kernel.history:
        seen |= sum(1 << c for c in cards if c is not None)
    hands = Hands(held, list(held), [True] * len(held), seen)
    rules = kernel.rules
    seats: list[int | None] = list(kernel.seats)
    best = winning_card(kernel.cards, rules.trump) \
        if rules.must_head and not rules.exempt(seats) else None
    lead = kernel.cards[0] if kernel.cards else None
    problem = card_problem(hands, rules, SEATS[kernel.turn], card,
                           CARDS[lead] if lead is not None else None, best, kernel.number)
    return problem or Problem(codes.E502, msg("{card} cannot be played now", card=card))


class PlayStage:
    """The play of one record: the main line, then each variation from its branch."""

    def __init__(self, replayer: Replayer, participants: tuple[Seat, ...], leader: Seat,
                 rules: PlayRules) -> None:
        self.replayer = replayer
        self.r = replayer.r
        self.participants = participants
        self.rules = rules
        self.leader: Seat | None = leader
        self.start = replayer.record.first_trick
        """The first trick played: 1, or where an ending (the Start tag) begins."""
        self.number = self.start
        self.taken: dict[Seat, int] = {s: 0 for s in participants}
        self.complete = False
        self.stopped = False
        self.kernel: Tricks | None = None
        """The kernel that played a plain main line."""
        self.hands = self._hands()
        self.cards: list[Card | None] = []
        self.seats: list[Seat | None] = []
        self.before: list[int] = list(self.hands.known)
        """What is known of each hand before the trick being played."""

    def _hands(self) -> Hands:
        """What is known and what is possible of each hand at the first lead."""
        r = self.r
        n = r.players
        known: list[int] = list(r.hands)
        complete = list(r.complete)
        everything = 0
        for seat in range(n):
            if complete[seat] or known[seat]:
                everything |= known[seat]
        possible = []
        deal = self.replayer.record.deal
        allpass = r.contract is not None and r.contract.allpass
        for seat in range(n):
            if complete[seat]:
                possible.append(known[seat])
                continue
            others = everything & ~known[seat]
            hand = deal.hand(SEATS[seat]) if deal is not None else None
            if hand is not None and not hand.complete and SEATS[seat] != r.declarer:
                allowed = 0
                for suit, extra in enumerate(hand.unknown):
                    if extra:
                        allowed |= SUIT_MASKS[suit]
                possible.append(known[seat] | (allowed & ~others & ~r.talon))
            else:
                talon = 0 if SEATS[seat] == r.declarer or allpass else r.talon
                possible.append(known[seat] | (FULL_DECK & ~others & ~talon & ~r.discard))
        return Hands(known, possible, complete)

    # -- every hand known, every card given --------------------------------

    def plain(self, tricks: Sequence[CardRun]) -> bool:
        """Play a plain, complete, legal main line on the kernel.

        Plain means: every hand known, ten tricks of known cards, no variation
        (comments, NAGs and ``!``/``?`` change nothing in the play), no claim.  The first
        irregularity returns ``False`` and the play is replayed card by card from the
        start, which reports it precisely."""
        r = self.r
        rules = self.rules
        order = self.participants
        start = self.start
        if len(tricks) != r.record.tricks_left or tricks[-1].claim is not None or \
                not all(r.complete[s] for s in order) or (start > 1 and rules.talon_leads):
            return False
        talon = []
        for number in range(1, rules.talon_leads + 1):
            lead = tricks[number - 1].cards[0] if tricks[number - 1].cards else None
            if lead is None or not r.talon >> lead & 1 or lead in talon:
                return False
            talon.append(lead)
        kernel = Tricks(r.hands, [seat.index for seat in order], (self.leader or order[0]).index,
                        rules, talon, start)
        played: list[PlayedTrick] = []
        history = kernel.history
        for number, run in enumerate(tricks, start=start):
            cards = run.cards
            on_table = len(kernel.cards)  # the talon card of a talon-led trick
            if None in cards or len(cards) != len(order) + on_table or (
                    run.anns is not None and any(a is not None and a.variations
                                                 for a in run.anns)):
                return False  # a variation is replayed from its branch, card by card
            before = tuple(kernel.hands)
            if not kernel.play_trick(cards[on_table:] if on_table else cards):  # type: ignore[arg-type]
                return False
            seats, winner = history[-1][1], history[-1][3]
            played.append(PlayedTrick(number, _SEAT_OR_TALON[seats[0]], _seats(tuple(seats)),
                                      cards, _SEAT_OR_TALON[winner], before, seats[0] is None,
                                      run))
        r.tricks = played
        self.kernel = kernel
        taken = dict.fromkeys(order, 0)
        for seat, count in enumerate(kernel.taken):
            if count:
                taken[SEATS[seat]] = count
        self.taken, self.complete, self.number = taken, True, TRICKS + 1
        return True

    # -- card by card, with what is known ------------------------------------

    def size(self) -> int:
        return len(self.participants) + (1 if self.rules.talon_lead(self.number) else 0)

    def seat_for(self, index: int) -> Seat | None:
        if self.rules.talon_lead(self.number):
            if index == 0:
                return None
            index -= 1
            start = self.r.eldest
        else:
            start = self.leader
        if start is None:
            return None
        order = self.participants
        return order[(order.index(start) + index) % len(order)]

    def step(self, run: CardRun, at: int, where: Text) -> bool:
        """Play card ``at`` of ``run``; False once the play can no longer be followed."""
        card = run.cards[at]
        index = len(self.cards)
        if self.rules.talon_lead(self.number) and index == 0:
            if card is not None and ((self.r.talon and not self.r.talon >> card & 1) or
                                     self.hands.holder(card) is not None):
                self.replayer.report(codes.E509, where + msg("trick {number} of the all-pass is"
                                                            " opened by a talon card, not"
                                                            " {card}", number=self.number,
                                                            card=card),
                                     run.position(at), run.text(at),
                                     msg("write the talon card first on each of the first two"
                                        " lines"))
            seat = None
        else:
            seat = self.seat_for(index)
            if seat is None:
                self.stopped = True
                return False
        lead = self.cards[0] if self.cards else None  # None: the suit led is unknown
        if card is not None and not where and (self.hands.seen | self.r.discard) >> card & 1:
            # the structure check reports a card played twice or after its discard; the
            # play is replayed up to it, and no further
            self.replayer.unchecked(
                msg("the play from trick {number} ({card} was played before)",
                   number=self.number, card=card) if self.hands.seen >> card & 1 else
                msg("the play from trick {number} ({card} was discarded)", number=self.number,
                   card=card))
            self.stopped = True
            return False
        if card is not None and seat is not None:
            rules = self.rules
            best = winning_card(self.cards, rules.trump) \
                if rules.must_head and not rules.exempt(_indexes(self.seats)) else None
            problem = card_problem(self.hands, rules, seat, card, lead, best, self.number)
            if problem is not None:
                self.replayer.add(problem.at(run.position(at), run.text(at), where))
        if card is not None:
            if seat is None:
                self.hands.remove(card)
            else:
                self.hands.play(seat, card, lead, self.rules.trump)
        self.cards.append(card)
        self.seats.append(seat)
        if len(self.cards) == self.size():
            return self.finish_trick(where)
        return True

    def finish_trick(self, where: Text) -> bool:
        rules = self.rules
        cards, seats = self.cards, self.seats
        talon_lead = rules.talon_lead(self.number)
        found = rules.winner(cards, _indexes(seats))
        winner = None if found is None else SEATS[found]
        if not where:
            self.r.tricks.append(PlayedTrick(self.number, seats[0], tuple(seats), tuple(cards),
                                             winner, tuple(self.before), talon_lead))
        if winner is not None:
            self.taken[winner] = self.taken.get(winner, 0) + 1
        eldest = self.r.eldest
        if eldest is None:  # an ending without a dealer: only a trick's winner leads next
            leader = None if rules.talon_lead(self.number) else found
        else:
            leader = rules.next_leader(self.number, found, eldest.index)
        self.leader = None if leader is None else SEATS[leader]
        self.number += 1
        self.cards, self.seats = [], []
        if self.number > TRICKS:
            self.complete = True
        return True

    # -- lines ----------------------------------------------------------------

    def snapshot(self) -> PlayStage:
        """An independent copy, for a variation from here."""
        clone = object.__new__(PlayStage)
        clone.__dict__.update(self.__dict__)
        clone.hands = self.hands.copy()
        clone.taken = dict(self.taken)
        clone.cards, clone.seats = list(self.cards), list(self.seats)
        return clone

    def find_leader(self, card: Card | None) -> bool:
        """Who leads the trick ``card`` opens, when the play does not tell it (an ending
        without a dealer): the card's holder; ``False`` when not known (the play stops)."""
        if self.leader is not None or self.rules.talon_lead(self.number):
            return True
        holder = self.hands.holder(card) if card is not None else None
        if holder is None or SEATS[holder] not in self.participants:
            self.replayer.unchecked(msg("the play from trick {number} (who led is not known)",
                                       number=self.number))
            self.stopped = True
            return False
        self.leader = SEATS[holder]
        return True

    def resync_leader(self, run: CardRun) -> None:
        """A trick led by someone else than the player due to lead: said once, and the
        play goes on from the player who holds the card led (no error on every card
        after it)."""
        card = run.cards[0]
        if card is None or self.leader is None or self.rules.talon_lead(self.number):
            return
        holder = self.hands.holder(card)
        if holder is None or SEATS[holder] == self.leader or \
                SEATS[holder] not in self.participants:
            return
        if self.number == 1:
            said = msg("{leader} leads to the first trick, but it is led with {card}, which"
                      " {holder} holds", leader=self.leader, card=card, holder=SEATS[holder])
        else:
            said = msg("{leader} took trick {before} and leads, but trick {number} is led with"
                      " {card}, which {holder} holds", leader=self.leader,
                      before=self.number - 1, number=self.number, card=card,
                      holder=SEATS[holder])
        self.replayer.report(codes.E501, said, run.position(0), run.text(0),
                             msg("check the trick before, or who played which card"))
        self.leader = SEATS[holder]
