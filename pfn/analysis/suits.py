"""Suits as the search sees them: which cards are equivalent, and a holding's shape.

Two cards of one player are *equivalent* when no live card of anyone else lies between
them: whichever is played, the rest of the deal goes the same way, so the search tries
one of them.  A suit's holdings *rank-compressed* keep only the order of the live cards
and who holds each, so that positions differing only in cards already played share a
transposition-table entry.  Both are memoised on small ints.
"""

from __future__ import annotations


def _runs(own: int, live: int) -> int:
    """Of ``own`` (one suit's byte), the highest card of each run with no other live
    card between its members: equivalent cards, of which one is enough to try."""
    keep = 0
    above = False  # was the next higher live card ours?
    for rank in range(7, -1, -1):
        bit = 1 << rank
        if not live & bit:
            continue
        if own & bit:
            if not above:
                keep |= bit
            above = True
        else:
            above = False
    return keep


def equivalence_classes(cards: int, live: int, exact: bool = False) -> list[list[int]]:
    """The cards of the mask ``cards`` in runs of equivalent ones (no other live card
    between them), high to low within a suit; ``exact``: each card on its own."""
    groups: list[list[int]] = []
    for shift in (0, 8, 16, 24):
        own = cards >> shift & 0xFF
        if not own:
            continue
        suit_live = live >> shift & 0xFF | own
        current: list[int] | None = None
        for rank in range(7, -1, -1):
            bit = 1 << rank
            if not suit_live & bit:
                continue
            if own & bit:
                if current is None or exact:
                    current = []
                    groups.append(current)
                current.append(shift + rank)
            else:
                current = None
    return groups


def compress(part: int, players: int) -> int:
    """A suit's holdings (one byte a seat, 32 bits apart in ``part``) as the owners of
    its live cards, high to low, two bits each, with the count in front: equal for
    rank-equivalent holdings."""
    holdings = [part >> (32 * i) & 0xFF for i in range(players)]
    live = 0
    for p in holdings:
        live |= p
    code = 0
    count = 0
    for rank in range(7, -1, -1):
        bit = 1 << rank
        if live & bit:
            for owner, p in enumerate(holdings):
                if p & bit:
                    code = code << 2 | owner
                    break
            count += 1
    return code << 4 | count


COMPRESSED: dict[int, int] = {}
"""Packed holdings (one byte a seat, 32 bits apart) → :func:`compress` of them, filled
by the search."""


_MOVES: dict[int, list[int]] = {}


def moves_of(mask: int, live: int) -> list[int]:
    """One card of each run of equivalent cards of ``mask``, low to high by suit."""
    out: list[int] = []
    for shift in (0, 8, 16, 24):
        own = mask >> shift & 0xFF
        if own:
            key = shift << 16 | own << 8 | live >> shift & 0xFF
            cards = _MOVES.get(key)
            if cards is None:
                kept = _runs(own, key & 0xFF)
                cards = _MOVES[key] = [shift + r for r in range(8) if kept >> r & 1]
            out += cards
    return out



DEAD, DUCKS = 1, 2
"""The flags of :func:`shape`."""


def _ducks(own: int, others: int) -> bool:
    """Whether the holder of ``own`` (one suit's byte) can play under every lead of the
    suit the others can make from ``others``: his *j*-th lowest card is below their
    *j*-th lowest, for as many cards as both hold."""
    mine = [r for r in range(8) if own >> r & 1]
    theirs = [r for r in range(8) if others >> r & 1]
    return all(d < o for d, o in zip(mine, theirs, strict=False))


SHAPES: dict[int, int] = {}
"""Two suit bytes (``own << 8 | others``) → :func:`shape` of them, filled by the search."""


def shape(own: int, others: int) -> int:
    """A non-empty holding ``own`` against the others' cards of the suit (bytes), for a
    player who wants no tricks, without trumps or a heading rule: :data:`DEAD` if his
    lowest card is above all of theirs (he takes a trick whenever the suit is led),
    :data:`DUCKS` if he can always play under them (:func:`_ducks`).

    Ducking is why he takes no trick while the others are on lead: whatever they lead
    of the suit, he plays his highest card under the highest one played; he keeps the
    suit ducking if he throws his highest card of a suit when he cannot follow; and the
    others' discards, or their cards spent following, only take their cards away, which
    leaves his cards under theirs.  (He never leads, since he never takes a trick.)
    Memoised on the two bytes."""
    key = own << 8 | others
    found = SHAPES.get(key)
    if found is None:
        found = SHAPES[key] = ((DEAD if (own & -own) > others else 0)
                                | (DUCKS if _ducks(own, others) else 0))
    return found
