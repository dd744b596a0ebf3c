"""Exact open-hand search: how many tricks a player takes with best play by all.

Every question of the rules — which cards may be played, who takes a trick, who leads
the next — is asked of the play kernel (:class:`~pfn.rules.tricks.PlayRules`); this
module only searches.  The value searched is the number of tricks one seat, the
*target*, takes from the position on; the *maximisers* want it high, everyone else
low.  A trick contract: the declarer is the target and maximises.  Misère: the declarer
is the target and the defenders maximise.  All-pass ("paranoid"): one player is the
target and the two others maximise.

The search is a zero-window alpha-beta ("does the target take at least *b*?") with:

- bit-mask hands, played and taken back in place;
- a transposition table at trick boundaries, keyed on the hands with each suit
  *rank-compressed* (only the order of the cards still out matters, so positions
  that differ in cards already played share an entry) and, without trumps, the suits
  in a canonical order (they are interchangeable then), storing a lower and an upper
  bound of the value;
- equivalent cards pruned: of a player's cards with no live card of anyone else
  between them, only one is tried;
- quick bounds (:mod:`.bounds`): the top tricks of the side on lead in a trick
  contract; in misère and all-pass the tricks a target who wants none must take, that
  he takes no more, or that he escapes one of those left;
- moves ordered so that the side to move tries trick-winning cards first when it
  wants tricks, and low cards first when it does not; leads, within that, by the
  *history* of the cuts each has made in the search, a cut nearer the root weighing
  more than any number of deeper ones;
- the last trick evaluated directly, and the search cut as soon as the bound is
  reached or out of reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pfn.analysis.bounds import escapes, exits, sure_tricks, unwanted
from pfn.analysis.inputs import check_position, check_search
from pfn.analysis.ordering import (
    DUCKS_FIRST,
    HIGH_FIRST,
    LOW_FIRST,
    WINNERS_FIRST,
    each_card,
    leads_against,
    ordered,
    ordered_leads,
)
from pfn.analysis.suits import COMPRESSED, compress, moves_of
from pfn.rules.tricks import SUIT_MASKS, PlayRules, beating, legal_cards, trick_winner

TABLE_LIMIT = 1 << 21
"""The most entries the transposition table holds (about 2 million; it is emptied
when full, so its memory stays under a few hundred MB in the worst case and is far
less in practice)."""

KEY_LIMIT = 1 << 20
"""The most hands :meth:`Search._key` remembers the key of (about a million, some
130 MB when full; emptied then)."""


@dataclass
class Search:
    """A search over one deal's play: the rules, who plays, whose tricks count.

    ``order`` is the seats that play, from the eldest; ``talon`` the talon cards that
    open the all-pass tricks from trick ``first`` on (``rules.talon_needed(first)`` of
    them: an ending at trick 2 has only the second).  The values are checked
    (:mod:`.inputs`): a search is made, or asked, only of what a deal can have."""

    rules: PlayRules
    order: tuple[int, ...]
    target: int
    maximisers: frozenset[int]
    talon: tuple[int, ...] = ()
    first: int = 1

    def __post_init__(self) -> None:
        check_search(self.rules, self.order, self.target, self.maximisers, self.talon,
                     self.first)
        order = self.order
        self.hands: list[int] = [0, 0, 0, 0]
        self.nodes = 0
        self._next = [0, 0, 0, 0]
        for i, seat in enumerate(order):
            self._next[seat] = order[(i + 1) % len(order)]
        self._max = [seat in self.maximisers for seat in range(4)]
        self._opponents = tuple(seat for seat in order if seat != self.target)
        self._table: dict[int, tuple[int, int]] = {}
        self._keys: dict[int, int] = {}
        """The hands (packed as in :meth:`_key`) → their key but for the leader."""
        self._history = [[0] * 32 for _ in range(4)]
        """Seat → card → minus the weight of the cuts its lead has made
        (:meth:`_leads`)."""
        self._spread = sum(0xFF << (32 * i) for i in range(len(order)))
        """One suit's byte of every hand, as packed by :meth:`_key`."""
        self._trump = self.rules.trump
        self._heads = self.rules.must_head
        self._talon_leads = self.rules.talon_leads
        # ranks compared across suits (a talon trick nobody follows, "highest"): every
        # card's rank matters, so no card is equivalent to another then
        self._exact_talon = self.rules.unfollowed == "highest"
        # sure tricks of the side on lead bound the search only where each side wants
        # its own tricks: a trick contract
        self._duel = self.maximisers == frozenset({self.target})
        # a target who wants no tricks can be seen to take no more (:meth:`_unwanted`)
        # where he may always play under: no trumps, no heading rule
        self._ducking = not self._duel and self._trump is None and not self._heads

    # -- public ---------------------------------------------------------------

    def value(self, hands: Sequence[int], leader: int, number: int,
              table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> int:
        """The target's tricks from this position on, with best play by every side.
        ``leader`` leads (or led) the trick ``number``; ``table``/``seats`` are the
        trick in progress (its talon card first, seat ``None``, when a talon card
        opened it)."""
        self._check(hands, leader, number, table, seats)
        lo, hi = 0, max(hands[s].bit_count() for s in self.order)
        # zero-window probes ("at least b?"), each answer a bound: the target who wants
        # tricks is probed from the middle, one who wants none from below, where his
        # answer usually is
        while lo < hi:
            probe = (lo + hi + 1) // 2 if self._duel else lo + 1
            found = self._probe(hands, leader, number, probe, table, seats)
            if found >= probe:
                lo = found
            else:
                hi = found
        return lo

    def at_least(self, hands: Sequence[int], leader: int, number: int, bound: int,
                 table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> bool:
        """Whether the target takes at least ``bound`` more tricks with best play."""
        self._check(hands, leader, number, table, seats)
        return self._probe(hands, leader, number, bound, table, seats) >= bound

    def probe(self, hands: Sequence[int], leader: int, number: int, bound: int,
              table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> int:
        """A bound on the target's tricks from a zero-window search at ``bound``: at
        least the answer if that is ``bound`` or more, else at most the answer."""
        self._check(hands, leader, number, table, seats)
        return self._probe(hands, leader, number, bound, table, seats)

    def _check(self, hands: Sequence[int], leader: int, number: int, table: Sequence[int],
               seats: Sequence[int | None]) -> None:
        check_position(self.rules, self.order, self.talon, self.first, hands, leader, number,
                       table, seats)

    def _probe(self, hands: Sequence[int], leader: int, number: int, bound: int,
               table: Sequence[int], seats: Sequence[int | None]) -> int:
        self.hands = [*hands, 0, 0, 0, 0][:4]
        if not table and number > self._talon_leads:
            return self._boundary(leader, number, bound)
        cards, who = list(table), list(seats)
        if not cards:
            cards, who, leader = [self.talon[number - self.first]], [None], self.order[0]
        seat = leader
        for _ in range(len(cards) - (who[0] is None)):
            seat = self._next[seat]
        return self._trick(number, bound, cards, who, self._live(cards), seat)

    # -- the search -------------------------------------------------------------

    def _live(self, cards: Sequence[int]) -> int:
        """Cards still in play: the hands, the trick on the table, the talon to lead."""
        live = 0
        for s in self.order:
            live |= self.hands[s]
        for c in cards:
            live |= 1 << c
        for c in self.talon:
            live |= 1 << c
        return live

    def _key(self, leader: int) -> int:
        """The position at a boundary as one int, each suit rank-compressed; without
        trumps the suits are interchangeable, so they go in the order of their codes."""
        hands = self.hands
        order = self.order
        if len(order) == 3:
            packed = hands[order[0]] | hands[order[1]] << 32 | hands[order[2]] << 64
        else:
            packed = 0
            for i, seat in enumerate(order):
                packed |= hands[seat] << (32 * i)
        keys = self._keys
        known = keys.get(packed)
        if known is not None:  # the same hands again, as most positions come back
            return known | leader << 88
        spread = self._spread
        get = COMPRESSED.get
        p0, p1, p2, p3 = (packed & spread, packed >> 8 & spread, packed >> 16 & spread,
                          packed >> 24 & spread)
        a, b, c, d = get(p0), get(p1), get(p2), get(p3)
        if a is None or b is None or c is None or d is None:
            players = len(order)
            a, b, c, d = (COMPRESSED.setdefault(p, compress(p, players))
                          for p in (p0, p1, p2, p3))
        if self._trump is None:  # sorted, by five compare-exchanges
            if a > b:
                a, b = b, a
            if c > d:
                c, d = d, c
            if a > c:
                a, c = c, a
            if b > d:
                b, d = d, b
            if b > c:
                b, c = c, b
        known = ((a << 22 | b) << 22 | c) << 22 | d
        if len(keys) >= KEY_LIMIT:
            keys.clear()
        keys[packed] = known
        return known | leader << 88

    def _boundary(self, leader: int, number: int, bound: int) -> int:
        """At a trick boundary (nothing on the table, no talon card to come): a bound
        on the target's tricks from here, as :meth:`probe` says."""
        if bound <= 0:
            return 0
        hands = self.hands
        remaining = hands[leader].bit_count()
        if bound > remaining:
            return remaining
        key = self._key(leader)
        table = self._table
        found = table.get(key)
        value = -1
        if found is not None:  # the quick bounds below are in it already
            lo, hi = found
            if lo >= bound:
                return lo
            if hi < bound:
                return hi
        else:
            lo, hi = 0, remaining
            if remaining == 1:
                lo = hi = value = self._last(leader)
            elif self._duel:
                sure = sure_tricks(hands, leader, self.order, self._trump)
                if leader == self.target:
                    if sure > lo:
                        lo = sure
                    if sure >= bound:
                        value = sure
                else:
                    if remaining - sure < hi:
                        hi = remaining - sure
                    if hi < bound:
                        value = hi
            elif self._trump is None:
                forced = unwanted(hands, self.target, self._opponents, leader, remaining,
                                  self._ducking)
                if forced > lo:
                    lo = forced
                if forced >= bound:
                    value = forced
                elif forced < 0:  # he takes no more
                    lo = hi = value = 0
                elif bound == remaining and self._ducking and escapes(
                        hands, self.target, self._opponents, leader):
                    hi = value = remaining - 1  # not all: he escapes one
        if value < 0:
            value, best = self._whole_trick(leader, number, bound)
            if best >= 0:
                # a cut nearer the root outweighs any number of deeper ones
                self._history[leader][best] -= 1 << 5 * remaining
            if value >= bound:
                if value > lo:
                    lo = value
            elif value < hi:
                hi = value
        if len(table) >= TABLE_LIMIT:
            table.clear()
        table[key] = (lo, hi)
        return value

    def _exits(self) -> int:
        """The target's exits (:func:`~pfn.analysis.bounds.exits`)."""
        return exits(self.hands, self.target, self._opponents)

    def _whole_trick(self, leader: int, number: int, bound: int) -> tuple[int, int]:
        """A trick from its lead, its cards tried in nested loops (the hot path); the
        answer, and the lead that decided it (-1 if none did).

        Who takes the trick is followed card by card with the kernel's
        :func:`~pfn.rules.tricks.beating` (the cards that beat the best so far); its
        winner leads next (``PlayRules.next_leader`` once the talon-led tricks are
        over, and this path is only taken then)."""
        hands = self.hands
        rules = self.rules
        trump = self._trump
        heads = self._heads
        nxt = self._next
        mx = self._max
        follows = self._follows
        boundary = self._boundary
        target = self.target
        live = 0
        for s in self.order:
            live |= hands[s]
        three = len(self.order) == 3
        s1 = leader
        s2 = nxt[s1]
        s3 = nxt[s2]
        h1, h2, h3 = hands[s1], hands[s2], hands[s3]
        m1, m2, m3 = mx[s1], mx[s2], mx[s3]
        played = target in (s1, s2)  # the target has played when the third card comes
        after = number + 1
        self.nodes += 1
        v1 = -1 if m1 else 99
        for c1 in self._leads(s1, h1, live, m1, bound):
            hands[s1] = h1 & ~(1 << c1)
            led = c1 >> 3
            beat1 = beating(c1, led, trump)
            legal2 = rules.legal(h2, [c1], [s1]) if heads else legal_cards(h2, c1, trump)
            legal3 = legal_cards(h3, c1, trump)  # the third hand's, unless it must head
            v2 = -1 if m2 else 99
            under: list[int] = []
            for c2 in follows(s2, legal2, live, beat1, s1, m2, s1 == target, led):
                hands[s2] = h2 & ~(1 << c2)
                if beat1 >> c2 & 1:
                    by, beat2 = s2, beating(c2, led, trump)
                else:
                    by, beat2 = s1, beat1
                if three:
                    if heads:
                        legal3 = rules.legal(h3, [c1, c2], [s1, s2])
                    v3 = -1 if m3 else 99
                    if by != s1 or heads:
                        third = follows(s3, legal3, live, beat2, by, m3, played, led)
                    elif not under:  # the same for every second card under the lead
                        third = under = follows(s3, legal3, live, beat1, s1, m3, played, led)
                    else:
                        third = under
                    for c3 in third:
                        hands[s3] = h3 & ~(1 << c3)
                        winner = s3 if beat2 >> c3 & 1 else by
                        if winner == target:
                            v = 1 + boundary(winner, after, bound - 1)
                        else:
                            v = boundary(winner, after, bound)
                        hands[s3] = h3
                        if m3:
                            if v > v3:
                                v3 = v
                                if v >= bound:
                                    break
                        elif v < v3:
                            v3 = v
                            if v < bound:
                                break
                    v = v3
                elif by == target:
                    v = 1 + boundary(by, after, bound - 1)
                else:
                    v = boundary(by, after, bound)
                hands[s2] = h2
                if m2:
                    if v > v2:
                        v2 = v
                        if v >= bound:
                            break
                elif v < v2:
                    v2 = v
                    if v < bound:
                        break
            hands[s1] = h1
            if m1:
                if v2 > v1:
                    v1 = v2
                    if v2 >= bound:
                        return v1, c1
            elif v2 < v1:
                v1 = v2
                if v2 < bound:
                    return v1, c1
        return v1, -1

    def _leads(self, seat: int, hand: int, live: int, maximising: bool, bound: int
               ) -> list[int]:
        """The leads worth trying, the likeliest best first: by the kind of lead and
        the history of the cuts each has made in this search (:mod:`.ordering`)."""
        moves = moves_of(hand, live)
        if len(moves) < 2:
            return moves
        target = self.target
        history = self._history[seat]
        if maximising and seat != target:
            # misère or all-pass, the target's opponents lead
            hands = self.hands
            partner = 0
            for other in self._opponents:
                if other != seat:
                    partner = hands[other]
            exits = self._exits() if bound > 1 and self._ducking else 0
            # he has two exits or more while they need two tricks or more
            leads_against(moves, hands[target], partner, history, exits & (exits - 1) != 0)
            return moves
        # a target who wants no tricks and can duck: his exits first
        exits = self._exits() if seat == target and self._ducking else -1
        return ordered_leads(moves, history, (seat == target) == maximising, exits)

    def _follows(self, seat: int, legal: int, live: int, beat: int, by: int,
                 maximising: bool, target_played: bool, led: int) -> list[int]:
        """The cards worth adding to a trick led in suit ``led``, the likeliest best
        first: ``beat`` is the mask of the cards that would take the trick from ``by``,
        its holder so far."""
        if seat == self.target:
            # tricks wanted: win as cheaply as possible, else throw the lowest; none
            # wanted: duck under with the highest card that loses, win only if forced
            order = WINNERS_FIRST if maximising else DUCKS_FIRST
        elif maximising:  # the opponents of a target who wants no tricks
            if not legal & SUIT_MASKS[led]:  # a discard: the high cards go first
                order = HIGH_FIRST
            elif not target_played:  # keep the trick low, so that he cannot duck
                order = LOW_FIRST
            else:  # he has played: never overtake him; keep the low cards for later
                order = DUCKS_FIRST
        elif target_played and by != self.target:  # the trick is ours already
            order = LOW_FIRST
        else:  # take it from the target, as cheaply as possible
            order = WINNERS_FIRST
        return ordered(order, legal, live, beat, led)

    def _last(self, leader: int) -> int:
        """The last trick: every card is forced."""
        hands = self.hands
        cards: list[int] = []
        seats: list[int | None] = []
        seat = leader
        for _ in self.order:
            cards.append(hands[seat].bit_length() - 1)
            seats.append(seat)
            seat = self._next[seat]
        self.nodes += 1
        return 1 if self.rules.winner(cards, seats) == self.target else 0

    def _trick(self, number: int, bound: int, cards: list[int], seats: list[int | None],
               live: int, seat: int) -> int:
        """Within a trick: ``seat`` plays the next card, or the trick ends."""
        self.nodes += 1
        rules = self.rules
        hands = self.hands
        hand = hands[seat]
        if not cards:
            legal = hand
        elif self._heads:
            legal = rules.legal(hand, cards, seats)
        else:
            legal = legal_cards(hand, cards[0], self._trump)
        maximising = self._max[seat]
        talon_trick = bool(seats) and seats[0] is None
        last = len(cards) - talon_trick == len(self.order) - 1
        nxt = self._next[seat]
        best = -1 if maximising else 99
        for card in self._moves(seat, legal, cards, seats, maximising, talon_trick, live,
                                bound):
            hands[seat] = hand & ~(1 << card)
            cards.append(card)
            seats.append(seat)
            if last:
                value = self._end(number, bound, cards, seats)
            else:
                value = self._trick(number, bound, cards, seats, live, nxt)
            cards.pop()
            seats.pop()
            hands[seat] = hand
            if maximising:
                if value > best:
                    best = value
                    if value >= bound:
                        break
            elif value < best:
                best = value
                if value < bound:
                    break
        return best

    def _end(self, number: int, bound: int, cards: list[int], seats: list[int | None]
             ) -> int:
        """A complete trick: who takes it (the kernel says), then the next trick."""
        rules = self.rules
        winner = rules.winner(cards, seats)
        won = winner == self.target
        nxt = rules.next_leader(number, winner, self.order[0])
        assert nxt is not None  # every card is known
        number += 1
        if number <= self._talon_leads:
            if bound - won <= 0 or not self.hands[nxt]:
                return won
            table = [self.talon[number - self.first]]
            return won + self._trick(number, bound - won, table, [None], self._live(table), nxt)
        return won + self._boundary(nxt, number, bound - won)

    def _moves(self, seat: int, legal: int, cards: list[int], seats: list[int | None],
               maximising: bool, talon_trick: bool, live: int, bound: int) -> list[int]:
        """The cards worth trying in any trick (the talon-led ones included)."""
        if talon_trick and self._exact_talon:
            return each_card(legal)
        if not cards:
            return self._leads(seat, legal, live, maximising, bound)
        lead = cards[0]
        trump = self._trump
        index = trick_winner(cards, trump, lead >> 3)
        if index is None:  # a talon card nobody has followed: nobody holds the trick
            return moves_of(legal, live)
        by = seats[index]
        return self._follows(seat, legal, live, beating(cards[index], lead >> 3, trump),
                             -1 if by is None else by, maximising, self.target in seats,
                             lead >> 3)
