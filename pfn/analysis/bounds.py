"""Quick bounds on the target's tricks, read off the hands at a trick boundary.

The search (:mod:`.search`) asks these before it tries a single card: where one of
them already decides its zero-window question, the position is never searched.  Each
is a sound bound, not a guess: the tests check them against a plain minimax.

- A trick contract: the side on lead takes its *sure tricks* (:func:`sure_tricks`).
- A target who wants no tricks (misère, all-pass), without trumps:
  the tricks he *must* take, or none at all if he can duck everything
  (:func:`unwanted`); and, without a heading rule, whether he is sure to *escape*
  one of the tricks that remain, so cannot be made to take them all (:func:`escapes`).
  Both stand on his *exits* (:func:`exits`): the cards he can lead that some
  opponent must overtake.

``hands`` is the search's list of masks by seat; ``opponents`` the target's
opponents among the seats that play.
"""

from __future__ import annotations

from collections.abc import Sequence

from pfn.analysis.suits import DEAD, DUCKS, SHAPES, shape
from pfn.rules.tricks import SUIT_MASKS


def sure_tricks(hands: Sequence[int], leader: int, order: Sequence[int],
                trump: int | None) -> int:
    """Tricks the side on lead takes at once, whatever the others do: the leader's
    top cards of each suit, cashed one after the other — trumps always, a side
    suit only as often as every opponent holding a trump can still follow it."""
    hand = hands[leader]
    others = [hands[s] for s in order if s != leader]
    ruffers = [o for o in others if trump is not None and o & SUIT_MASKS[trump]]
    sure = 0
    for shift in (0, 8, 16, 24):
        own = hand >> shift & 0xFF
        if not own:
            continue
        rest = 0
        for o in others:
            rest |= o >> shift & 0xFF
        # the leader's cards above every other card of the suit
        top = own & ~((1 << rest.bit_length()) - 1) if rest else own
        count = top.bit_count()
        if not count:
            continue
        if trump is not None and shift != 8 * trump:
            for o in ruffers:
                count = min(count, (o >> shift & 0xFF).bit_count())
        sure += count
    return sure


def exits(hands: Sequence[int], target: int, opponents: Sequence[int]) -> int:
    """The target's cards that some opponent must overtake when he leads them
    (without trumps or a heading rule): in each suit, those below every card of an
    opponent who holds the suit."""
    held = hands[target]
    found = 0
    for mask in SUIT_MASKS:
        own = held & mask
        if not own:
            continue
        floor = 0  # the highest of the opponents' lowest cards of the suit
        for seat in opponents:
            cards = hands[seat] & mask
            if (cards & -cards) > floor:
                floor = cards & -cards
        if floor:
            found |= own & (floor - 1)
    return found


def unwanted(hands: Sequence[int], target: int, opponents: Sequence[int], leader: int,
             remaining: int, ducking: bool) -> int:
    """Without trumps, for a target who wants no tricks: the tricks he must take, or
    -1 if he is seen to take none.

    He must take all that remain when he is on lead and each suit he holds is
    *dead* (his lowest card of it above every other card of it), and one when an
    opponent can lead a suit that is dead for him and he still holds.  He takes none
    (only where he may always play under: ``ducking``, no heading rule) when he can
    play under the others in every suit he holds (:func:`~pfn.analysis.suits.shape`)
    and is not on lead, or is on lead with a card some opponent must overtake, after
    which that holds."""
    held = hands[target]
    others = 0
    for seat in opponents:
        others |= hands[seat]
    shapes = SHAPES
    dead = 0  # the target's dead suits
    alive = False
    unsafe = -1  # the shift of a suit he cannot duck in; -2 if of more than one
    for shift in (0, 8, 16, 24):
        own = held >> shift & 0xFF
        if not own:
            continue
        rest = others >> shift & 0xFF
        found = shapes.get(own << 8 | rest)
        if found is None:
            found = shape(own, rest)
        if found & DEAD:
            dead |= 0xFF << shift
        else:
            alive = True
        if not found & DUCKS:
            unsafe = shift if unsafe == -1 else -2
    on_lead = leader == target
    if ducking and unsafe != -2 and (
            unsafe == -1 if not on_lead
            else _gets_out(held, others, exits(hands, target, opponents), unsafe)):
        return -1
    if not dead:
        return 0
    if on_lead:
        return 0 if alive else remaining
    if hands[leader] & dead & others:
        # the opponent leads it; the target must follow and wins; then he leads
        return 1 if alive else remaining
    return 0


def _gets_out(held: int, others: int, every: int, unsafe: int) -> bool:
    """Whether the target, on lead, has an exit (of ``every``) that leaves him
    ducking in every suit (``unsafe``: the shift of the one suit he cannot duck in
    now, -1 if none)."""
    for shift in (0, 8, 16, 24) if unsafe < 0 else (unsafe,):
        own = held >> shift & 0xFF
        if not own:
            continue
        found = every >> shift & 0xFF
        if found:
            exit_card = 1 << (found.bit_length() - 1)  # the highest, keeping the rest
            rest = own & ~exit_card
            if not rest or shape(rest, others >> shift & 0xFF) & DUCKS:
                return True
    return False


def escapes(hands: Sequence[int], target: int, opponents: Sequence[int], leader: int,
            ) -> bool:
    """Without trumps or a heading rule, for a target who wants no tricks: whether he
    is sure to lose one of the tricks that remain (so cannot be made to take them
    all).

    On lead, he is when he has an exit.  Otherwise he loses this trick when he is void
    or has an exit in every suit the leader holds (an exit also plays under a lead of
    its suit, since the opponent it is below must follow); and, if he may have to take
    this trick, he loses the next when he keeps an exit below the cards of an
    opponent who holds two or more of its suit (one trick takes one of them away at
    most: the exit lives on)."""
    found = exits(hands, target, opponents)
    if leader == target:
        return found != 0
    held = hands[target]
    lead = hands[leader]
    for mask in SUIT_MASKS:
        if lead & mask and held & mask and not found & mask:
            break  # a lead he may have to take
    else:
        return True
    for mask in SUIT_MASKS:
        own = found & mask
        if not own:
            continue
        low = own & -own
        for seat in opponents:
            cards = hands[seat] & mask
            if cards & (cards - 1) and (cards & -cards) > low:
                return True
    return False
