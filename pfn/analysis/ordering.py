"""How the search orders the cards it tries: the likeliest best first.

A cut comes sooner the sooner the card that causes it is tried, so each kind of play
has its order (win cheaply, duck with the highest card that loses, keep the trick low,
discard high), and the orderings of a holding are memoised, since the same few
holdings recur all through a search.  Leads are ordered by their kind and by the
search's *history* (seat → card → minus the weight of the cuts its lead has made, a
cut nearer the root outweighing any number of deeper ones), which orders better than
the lead that decided the same position in an earlier probe.
"""

from __future__ import annotations

from pfn.analysis.suits import moves_of
from pfn.rules.tricks import SUIT_MASKS

RANK = [c & 7 for c in range(32)]
MINUS_RANK = [-(c & 7) for c in range(32)]

WINNERS_FIRST, DUCKS_FIRST, LOW_FIRST, HIGH_FIRST = range(4)
"""How :func:`ordered` orders the cards that can be added to a trick."""

_ORDERED: dict[int, list[int]] = {}
ORDERED_LIMIT = 1 << 17
"""The most orderings :func:`ordered` keeps (131,072, about 24 MB; a whole deal's
search makes about 7,000); emptied when full."""


def ordered(order: int, legal: int, live: int, beat: int, led: int) -> list[int]:
    """The cards worth adding to a trick (one of each run of equivalent cards of
    ``legal``), in the ``order`` asked for; memoised, since the same few holdings
    recur all through a search.  The caller only reads the list."""
    if legal & SUIT_MASKS[led]:  # following suit: only the led suit's bytes matter
        shift = 8 * led
        key = ((((legal >> shift << 8 | ((beat & legal) >> shift if order < LOW_FIRST
                                         else 0)) << 8 | (live >> shift & 0xFF)) << 5
                | shift) << 2 | order)
    else:  # the hand and the live cards in full (above every key of the other kind)
        key = ((legal << 32 | (beat & legal if order < LOW_FIRST else 0)) << 32 | live
               ) << 2 | order
    moves = _ORDERED.get(key)
    if moves is None:
        moves = moves_of(legal, live)
        if len(moves) > 1:
            if order == WINNERS_FIRST:
                moves = _winners_first(moves, beat)
            elif order == DUCKS_FIRST:
                moves = _ducks_first(moves, beat)
            elif order == LOW_FIRST:
                moves.sort(key=RANK.__getitem__)
            else:
                moves.sort(key=MINUS_RANK.__getitem__)
        if len(_ORDERED) >= ORDERED_LIMIT:
            _ORDERED.clear()
        _ORDERED[key] = moves
    return moves


def _winners_first(moves: list[int], beat: int) -> list[int]:
    """The cards in ``beat`` low to high, then the others low to high."""
    moves.sort(key=RANK.__getitem__)
    return [c for c in moves if beat >> c & 1] + [c for c in moves if not beat >> c & 1]


def _ducks_first(moves: list[int], beat: int) -> list[int]:
    """The cards not in ``beat`` high to low, then the others high to low."""
    moves.sort(key=MINUS_RANK.__getitem__)
    return [c for c in moves if not beat >> c & 1] + [c for c in moves if beat >> c & 1]


def each_card(mask: int) -> list[int]:
    """The cards of a mask as plain ints, low to high (:func:`pfn.cards.cards_of` gives
    :class:`~pfn.cards.Card` objects, one at a time)."""
    return [c for c in range(32) if mask >> c & 1]


def lead_against(held: int, partner: int, card: int, history: int = 0,
                 patient: bool = False) -> tuple[int, int, int]:
    """How good leading ``card`` is for the opponents of a target who must not take
    tricks, who holds ``held`` of its suit and the leader's partner ``partner``: best
    when the target must take the trick (all his cards above it, and the partner void
    or holding a card under his lowest), then when he can play under it, then when the
    partner must overtake him, then when he is void (he discards).  ``patient``: the
    opponents need two tricks or more and he has two exits or more, so that a trick
    taken now puts him on lead only to get out; the sure trick then comes after the
    leads he can play under.  Within each kind, the leads that have cut the search
    most first (``history``, lower first), then low cards."""
    rank = card & 7
    if not held:
        return (4, history, rank)
    if held & ((1 << card) - 1):
        return (1, history, rank)
    if not partner or (partner & -partner) < (held & -held):
        return (2 if patient else 0, history, rank)
    return (3, history, rank)


def leads_against(moves: list[int], held: int, partner: int, history: list[int],
                  patient: bool) -> None:
    """Sorts the leads ``moves`` of an opponent of a target who must not take tricks
    and holds ``held``, ``partner`` the other opponent's hand: by :func:`lead_against`,
    the ``history`` (seat's card → minus the weight of its cuts) ordering each kind."""
    moves.sort(key=lambda c: lead_against(held & SUIT_MASKS[c >> 3],
                                          partner & SUIT_MASKS[c >> 3], c, history[c],
                                          patient))


def ordered_leads(moves: list[int], history: list[int], wanted: bool, exits: int = -1
                  ) -> list[int]:
    """Any other leader's leads, by the ``history`` first and their kind breaking its
    ties (the sort is stable): top cards first when tricks are ``wanted``, low cards
    when not; for a target who wants none and can duck, his ``exits`` (a mask: cards
    some opponent must overtake) low first, then, since each of the others wins, his
    high cards first."""
    if exits >= 0:
        moves.sort(key=RANK.__getitem__)
        low = [c for c in moves if exits >> c & 1]
        moves = low + [c for c in reversed(moves) if not exits >> c & 1]
    elif wanted:
        moves.reverse()
        moves.sort(key=MINUS_RANK.__getitem__)
    else:
        moves.sort(key=RANK.__getitem__)
    moves.sort(key=history.__getitem__)
    return moves
