"""Where the play of a replayed deal begins: the kernel's
:class:`~pfn.rules.tricks.Start` made from a replay (the hands, who plays and leads,
the rules of play and the talon cards that open tricks), for the deal state, the board
and the solver, and the play's lines written back from the kernel."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pfn.cards import CARDS, Card, CardSet
from pfn.model import Annotation, CardRun
from pfn.rules.replay import Replay
from pfn.rules.tricks import Start


def play_start(r: Replay, talon: Sequence[int] = ()) -> Start | None:
    """Where the play of a replayed deal begins, every card of it known (``talon``: the
    order the talon opens tricks, when the replay does not tell it); ``None`` when
    there is no such play (no contract, a hand not given, a talon that opens tricks
    not given, hands of different sizes)."""
    contract = r.contract
    if contract is None or r.play_rules is None or not r.participants or \
            r.first_leader is None or any(not r.complete[s] for s in r.participants):
        return None
    order = tuple(int(s) for s in r.participants)
    hands = tuple(r.hands) + (CardSet(0),) * (4 - len(r.hands))
    number, held = r.record.first_trick, r.record.tricks_left
    if {hands[s].bit_count() for s in order} != {held}:
        return None
    order_of = talon_order(r)
    if order_of is None:
        return None
    if talon and sorted(talon) == sorted(order_of):
        order_of = tuple(talon)
    return Start(tuple(map(int, hands)), order, int(r.first_leader), r.play_rules,
                     contract, None if r.declarer is None or contract.allpass
                     else int(r.declarer), order_of, number)


def talon_order(r: Replay) -> tuple[int, ...] | None:
    """The talon cards that open the all-pass tricks from the record's first trick on: as
    played, else as the Talon tag lists them (the talon as shown, trick 1's card first),
    else low to high; ``None`` when they are not given.  An ending at trick 2 needs only
    the card of trick 2."""
    rules = r.play_rules
    number = r.record.first_trick
    if rules is None or not rules.talon_needed(number):
        return ()
    skipped = number - 1  # the talon cards of the tricks before the ending, played then
    needed = rules.talon_needed(number)
    lines = r.record.play.tricks if r.record.play is not None else ()
    played = [int(run.cards[0]) for run in lines[:needed]
              if run.cards and run.cards[0] is not None]
    if len(played) >= needed:
        return tuple(played[:needed])
    listed = [int(c) for c in r.record.talon or () if isinstance(c, int)]
    cards = [c for c in range(32) if r.talon >> c & 1]
    if skipped and len(listed) == rules.talon_leads:
        return tuple(listed[skipped:])
    if skipped and len(cards) >= needed:  # the last ones, low to high
        return tuple(cards[len(cards) - needed:])
    if not skipped and len(cards) >= needed:
        for order in (played, listed):
            if sorted(order) == cards:
                return tuple(order)
            if len(order) == 1 and order[0] in cards:
                return (order[0], *(c for c in cards if c != order[0]))
        return tuple(cards)
    return None


def play_lines(start: Start, cards: Sequence[Card]) -> tuple[CardRun, ...]:
    """The play's lines: one per trick, a talon card first where it opens the trick; a
    play not over ends with ``*`` (the rest is not recorded), which keeps a trick on the
    table from reading as a short line."""
    kernel = start.kernel()
    for card in cards:
        kernel.play(card)
    runs = [CardRun(tuple(CARDS[c] for c in cards)) for cards, *_ in kernel.history]
    if kernel.cards and any(s is not None for s in kernel.seats):
        runs.append(CardRun(tuple(CARDS[c] for c in kernel.cards)))
    if runs and not kernel.over:
        runs[-1] = replace(runs[-1], claim=Annotation())
    return tuple(runs)


__all__ = ["play_lines", "play_start", "talon_order"]
