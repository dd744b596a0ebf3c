"""The deal as one player saw it: what he knew, and every layout of what he did not.

A :class:`View` is a point of the play seen from one seat: the cards that seat knows
each player held when the play began (its own hand; the talon when it was shown; the
discard, for the declarer; the hands laid open — an open whist, the defenders at
misère — and every card played, by whom), what the play proved absent (a player who
did not follow, or did not trump, or did not head where the variant makes him head,
holds none of the cards that would have obliged him: the kernel's own rule,
``PlayRules.legal``), and the cards whose place it does not know.  :func:`layouts`
deals those cards out every way consistent with all that — every layout when there
are at most ``limit``, else a seeded uniform sample — each layout weighted the same
(nothing is inferred from the bidding or from how the others chose their cards).

>>> import pfn
>>> from pfn.analysis.solve import position_at
>>> replayed = pfn.replay(pfn.load("examples/brief.pfn")[0])
>>> view = view_of(replayed, pfn.Seat.A, trick=1)   # the declarer before the lead
>>> view.unknown.bit_count(), view.count()          # 20 cards, two hands of ten
(20, 184756)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pfn.analysis.position import NotAnalysable, Position, refuse_broken, talon_order
from pfn.cards import cards_of
from pfn.contract import Contract
from pfn.i18n import ntr, tr
from pfn.rules.replay import Replay
from pfn.rules.tricks import PlayRules, Start
from pfn.seats import SEATS, Seat

EXHAUSTIVE_LIMIT = 200_000
"""The most layouts dealt one by one; above it, a uniform sample (a whole deal seen by
the declarer after his discard has C(20,10) = 184,756)."""
SAMPLE = 1_000
"""How many layouts a sample holds unless asked otherwise."""

PILE = -1
"""The holder of the cards out of play that the viewer has not seen (the discard, or a
talon never shown)."""


@dataclass(frozen=True)
class Knowledge:
    """Who knows what: the cards a seat saw besides its own hand, and those it did not."""

    seat: Seat
    discard: int
    """The cards out of play it knows (the declarer's discard; a defender never does)."""
    talon: int
    """The talon cards it saw."""
    laid_open: tuple[Seat, ...]
    """The hands it sees laid open."""
    unseen: tuple[tuple[Seat | None, int], ...]
    """Each holder of cards it has not seen (``None``: out of play) and how many."""

    def as_json(self) -> dict[str, Any]:
        return {"seat": str(self.seat), "discard": [str(c) for c in cards_of(self.discard)],
                "talon": [str(c) for c in cards_of(self.talon)],
                "laid_open": [str(s) for s in self.laid_open],
                "unseen": {("out of play" if s is None else str(s)): n
                           for s, n in self.unseen}}

    def text(self) -> str:
        """One line: what the seat knows, what it does not."""
        known = [tr("his hand")]
        if self.discard:
            known.append(tr("his discard {cards}", cards=" ".join(map(str, cards_of(
                self.discard)))))
        if self.talon:
            known.append(tr("the talon {cards}", cards=" ".join(map(str, cards_of(
                self.talon)))))
        known += [tr("{seat}'s cards laid open", seat=s) for s in self.laid_open]
        hidden = [ntr("{n} card out of play", "{n} cards out of play", n) if s is None else
                  ntr("{n} card of {seat}'s", "{n} cards of {seat}'s", n, seat=s)
                  for s, n in self.unseen]
        line = tr("Seen from {seat}: {known}", seat=self.seat, known=", ".join(known))
        if hidden:
            line += "; " + tr("not seen: {hidden}", hidden=", ".join(hidden))
        return line


@dataclass(frozen=True)
class View:
    """What ``seat`` knew at a point of the play, and what it did not."""

    seat: Seat
    known: tuple[int, ...]
    """The cards ``seat`` knew each seat held when the play began (masks by seat; the
    cards it saw played included)."""
    order: tuple[int, ...]
    leader: int
    rules: PlayRules
    contract: Contract
    declarer: int | None
    talon: tuple[int, ...]
    number: int
    played: tuple[int, ...]
    """The cards played since the start, to this point."""
    holders: tuple[int, ...]
    """The seats (and :data:`PILE`) that hold cards the viewer has not seen."""
    needs: tuple[int, ...]
    """How many unseen cards each holder has."""
    allowed: tuple[int, ...]
    """The unseen cards each holder may have (the play showed it has none of the rest)."""
    unknown: int
    """The cards whose place the viewer does not know."""
    discard: int = 0
    """The cards out of play the viewer knows: the declarer's own discard."""
    shown: int = 0
    """The talon cards the viewer saw."""
    laid_open: tuple[int, ...] = ()
    """The other seats whose hands the viewer sees laid open."""

    def knowledge(self) -> Knowledge:
        """What the viewer knows beyond his own hand, and how many cards he does not
        know of each holder."""
        unseen = tuple((SEATS[h] if h != PILE else None, n)
                       for h, n in zip(self.holders, self.needs, strict=True))
        return Knowledge(self.seat, self.discard, self.shown,
                         tuple(SEATS[s] for s in self.laid_open), unseen)

    def bound(self) -> int:
        """How many layouts there would be if the play had proved nothing absent."""
        total, left = 1, self.unknown.bit_count()
        for need in self.needs:
            total *= math.comb(left, need)
            left -= need
        return total

    def count(self) -> int:
        """How many layouts there are: the ways to deal each unseen card to a holder it
        may be with, each holder getting its number (counted card by card, without
        listing them)."""
        states: dict[tuple[int, ...], int] = {tuple(0 for _ in self.needs): 1}
        for card in range(32):
            if not self.unknown >> card & 1:
                continue
            after: dict[tuple[int, ...], int] = {}
            for state, ways in states.items():
                for i, (need, allowed) in enumerate(zip(self.needs, self.allowed,
                                                        strict=True)):
                    if allowed >> card & 1 and state[i] < need:
                        moved = (*state[:i], state[i] + 1, *state[i + 1:])
                        after[moved] = after.get(moved, 0) + ways
            states = after
        return states.get(self.needs, 0)

    def deal(self, layout: tuple[int, ...]) -> Position:
        """The position with ``layout`` (a mask for each holder) dealt."""
        hands = list(self.known)
        for holder, cards in zip(self.holders, layout, strict=True):
            if holder != PILE:
                hands[holder] |= cards
        start = Start(tuple(hands), self.order, self.leader, self.rules, self.contract,
                      self.declarer, self.talon, self.number)
        return Position(start, self.played)


def view_of(replay: Replay, seat: Seat, trick: int | None = None, card: int = 0, *,
            bidding: bool = False) -> View:
    """What ``seat`` knew before trick ``trick`` (``None``: where the record's play
    stops), after ``card`` of its cards.  The record must give at least what that seat
    saw: its own hand, the talon where it was shown, and the declarer's discard for
    the declarer (in a problem set before trick 1, ``[Start "1"]``, the two cards in
    no hand are his discard).  ``bidding``: before the play, as the declarer weighs his
    contract — hands laid open (the defenders' at misère) are not seen yet."""
    r = replay
    refuse_broken(r)
    contract, rules = r.contract, r.play_rules
    if contract is None or rules is None or not r.participants or r.first_leader is None:
        raise NotAnalysable(tr("there is no play to analyse"))
    if bidding and (trick not in (None, r.record.first_trick) or card or r.tricks):
        raise NotAnalysable(tr("the bidder's question is asked before the play: ask it"
                               " before the lead, on a record whose play is not given"))
    if seat not in r.participants:
        raise NotAnalysable(tr("{seat} does not play this deal", seat=seat))
    if not r.complete[seat]:
        raise NotAnalysable(tr("not analysable from {seat}: {seat}'s own cards are not all"
                               " given", seat=seat))
    number, held = r.record.first_trick, r.record.tricks_left
    takes_talon = not contract.allpass and not contract.hand and r.record.start is None
    declarer = None if r.declarer is None or contract.allpass else r.declarer
    known = [0, 0, 0, 0]
    known[seat] = int(r.hands[seat])
    laid_open: list[int] = []
    if r.defence is not None and r.defence.open and declarer is not None and not bidding:
        for other in r.participants:  # laid open: every defender's cards are seen
            if other != declarer:
                if other != seat:
                    laid_open.append(int(other))
                if not r.complete[other]:
                    raise NotAnalysable(tr("not analysable: {seat}'s cards, played open, are"
                                           " not given", seat=other))
                known[other] = int(r.hands[other])
    talon = int(r.talon) if r.talon.bit_count() == 2 else 0
    talon_seen = (takes_talon or rules.talon_leads > 0) and number == 1
    if talon_seen and not talon:
        raise NotAnalysable(tr("not analysable: the talon, which every player saw, is not"
                               " given"))
    discard = 0
    if seat == declarer and takes_talon:
        discard = int(r.discard)
        if discard.bit_count() != 2:
            raise NotAnalysable(tr("not analysable from {seat}: his discard is not given",
                                   seat=seat))
    elif seat == declarer and number == 1 and not contract.hand:
        # a problem set before trick 1: the two cards in no hand are the declarer's
        # discard, which he knows (a defender does not)
        discard = int(r.discard) if r.discard.bit_count() == 2 else _out_of_play(r)
    # the cards played to this point, by whom, and what each proves absent
    absent = [0, 0, 0, 0]
    played: list[int] = []
    for number_, seats, cards in _tricks_played(r):
        talon_card = seats[0] is None
        for index, (who, played_card) in enumerate(zip(seats, cards, strict=True)):
            if trick is not None and (number_, index - talon_card) >= (trick, card):
                break
            if who is None or played_card is None:
                continue
            known[who] |= 1 << played_card
            absent[who] |= _absent(rules, played_card, cards[:index],
                                   tuple(None if s is None else s.index for s in seats[:index]))
            played.append(played_card)
        else:
            continue
        break
    # the talon shown is seen; a defender does not know which of its cards the declarer
    # kept, so they stay to be dealt, to the declarer or to his discard
    shown = talon if talon_seen and (seat == declarer or not takes_talon) else 0
    seen = known[0] | known[1] | known[2] | known[3] | shown | discard
    for card in talon_order(r) if number > 1 else ():
        seen |= 1 << card  # an ending's talon card, turned for every player to see
    if number > 1 and all(r.complete[s] for s in r.participants):
        # an ending whose every hand is given: the cards not in them went in the tricks
        # before it, which every player saw
        in_play = 0
        for other in r.participants:
            in_play |= int(r.hands[other])
        seen |= ((1 << 32) - 1) & ~in_play
    unknown = ((1 << 32) - 1) & ~seen
    holders: list[int] = []
    needs: list[int] = []
    allowed: list[int] = []
    for other in r.order:
        size = held if other in r.participants or r.record.start is None else 0
        need = size - known[other].bit_count()
        if need < 0:
            raise NotAnalysable(tr("not analysable: a hand holds more cards than it can"))
        if need:
            # the talon cards shown are in the declarer's twelve: nobody else holds them
            barred = absent[other] | (talon if takes_talon and other != declarer else 0)
            holders.append(int(other))
            needs.append(need)
            allowed.append(unknown & ~barred)
    pile = unknown.bit_count() - sum(needs)
    if pile < 0:
        raise NotAnalysable(tr("not analysable: the cards given do not add up to a deal"))
    if pile:
        holders.append(PILE)
        needs.append(pile)
        allowed.append(unknown)
    order = tuple(int(s) for s in r.participants)
    leads = talon_order(r)
    return View(seat, tuple(known), order, int(r.first_leader), rules, contract,
                None if declarer is None else int(declarer), leads, number, tuple(played),
                tuple(holders), tuple(needs), tuple(allowed), unknown, discard,
                talon if talon_seen else 0, tuple(laid_open))


def _out_of_play(r: Replay) -> int:
    """The two cards in no hand when every player's hand is given (else none known)."""
    if not all(r.complete[s] for s in r.participants):
        return 0
    held = 0
    for s in r.participants:
        held |= int(r.hands[s])
    rest = ((1 << 32) - 1) & ~held
    return rest if rest.bit_count() == 2 else 0


def _tricks_played(r: Replay) -> list[tuple[int, tuple[Seat | None, ...],
                                            tuple[int | None, ...]]]:
    """The tricks of the main line, by number, who played each card, and the cards: the
    replay's complete tricks, and a trick left on the table when the play stops with
    ``*`` (its players in turn from the last trick's winner)."""
    found: list[tuple[int, tuple[Seat | None, ...], tuple[int | None, ...]]] = [
        (t.number, t.seats, t.cards) for t in r.tricks]
    play = r.record.play
    if play is None or len(play.tricks) <= len(r.tricks) or not r.participants:
        return found
    line = play.tricks[len(r.tricks)]
    number = r.record.first_trick + len(r.tricks)
    rules = r.play_rules
    leader = r.tricks[-1].winner if r.tricks else r.first_leader
    if leader is None or (rules is not None and number <= rules.talon_leads):
        return found  # a talon-led trick on the table: its seats are the replay's to say
    order = r.participants
    at = order.index(leader) if leader in order else 0
    seats = tuple(order[(at + i) % len(order)] for i in range(len(line.cards)))
    found.append((number, seats, tuple(line.cards)))
    return found


def _absent(rules: PlayRules, card: int, before: tuple[int | None, ...],
            seats: tuple[int | None, ...]) -> int:
    """The cards whose holder could not have played ``card`` after ``before``: under
    the kernel's rule, each would have made it illegal."""
    if not before or before[0] is None:
        return 0
    table = [c for c in before if c is not None]
    who = list(seats)
    proved = 0
    for other in range(32):
        if other == card:
            continue
        hand = 1 << card | 1 << other
        if not rules.legal(hand, table, who) >> card & 1:
            proved |= 1 << other
    return proved


def layouts(view: View, limit: int = EXHAUSTIVE_LIMIT, sample: int = SAMPLE,
            seed: int = 0) -> tuple[list[tuple[int, ...]], bool]:
    """The layouts of ``view``'s unseen cards, each a mask per holder: all of them when
    there are at most ``limit``, else ``sample`` drawn uniformly (seeded); and whether
    the list is exhaustive (a sample as large as the whole is the whole)."""
    if view.count() <= max(limit, sample):
        return list(_every(view.needs, view.allowed, view.unknown)), True
    rng = random.Random(seed)
    cards = [c for c in range(32) if view.unknown >> c & 1]
    found: list[tuple[int, ...]] = []
    tries = 0
    while len(found) < sample:
        tries += 1
        if tries > 1000 * sample:
            raise NotAnalysable(tr("the play leaves too few layouts to sample: ask for every"
                                   " one (a larger limit)"))
        rng.shuffle(cards)
        layout, at = [], 0
        for need, allowed in zip(view.needs, view.allowed, strict=True):
            mask = sum(1 << c for c in cards[at:at + need])
            if mask & ~allowed:
                break
            layout.append(mask)
            at += need
        else:
            found.append(tuple(layout))
    return found, False


def _every(needs: tuple[int, ...], allowed: tuple[int, ...], left: int
           ) -> Iterator[tuple[int, ...]]:
    """Every way to give each holder its ``needs`` of the cards ``left``, each within
    what it is ``allowed``."""
    if not needs:
        yield ()
        return
    need, rest = needs[0], needs[1:]
    mine = [1 << c for c in range(32) if (left & allowed[0]) >> c & 1]
    if not rest:
        if len(mine) == left.bit_count() == need:
            yield (left,)
        return
    if len(rest) == 1:  # the last holder takes what is left, if he may hold it all
        barred = ~allowed[1]
        for chosen in itertools.combinations(mine, need):
            mask = sum(chosen)
            other = left & ~mask
            if not other & barred and other.bit_count() == rest[0]:
                yield (mask, other)
        return
    for chosen in itertools.combinations(mine, need):
        mask = sum(chosen)
        for others in _every(rest, allowed[1:], left & ~mask):
            yield (mask, *others)

__all__ = ["EXHAUSTIVE_LIMIT", "PILE", "SAMPLE", "Knowledge", "View", "layouts", "view_of"]
