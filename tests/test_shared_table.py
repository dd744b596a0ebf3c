"""One table across layouts: the compiled core weighs a view's layouts one after
another on one search's table (what ``pfn odds`` does), and each layout's values are
those of a fresh solve of that layout alone — and of the pure-Python search."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pfn
from pfn.analysis.engines import NativeSearch, native_core
from pfn.analysis.layouts import PILE, View, layouts, view_of
from pfn.analysis.solve import Solver
from pfn.seats import SEATS

pytestmark = pytest.mark.skipif(native_core() is None, reason="the compiled core is not built")


def fresh(view: View, layout: tuple[int, ...], engine: str, each: bool) -> Counter[int]:
    """The layout solved alone, on a new table: each legal card's tricks from here on
    (card → value), or the position's."""
    position = view.deal(layout)
    solver = Solver(position.start, engine)
    counted = view.declarer if view.declarer is not None else position.turn
    taken = position.kernel.taken[counted]
    if each:
        return Counter({c: v - taken for c, v in solver.card_values(position, counted).items()})
    return Counter({-1: solver.total(position, counted) - taken})


def shared(view: View, layout: tuple[int, ...], search: NativeSearch, each: bool
           ) -> Counter[int]:
    """The same layout weighed by the core on ``search``, whose table holds what the
    layouts before it found."""
    position = view.deal(layout)
    kernel = position.kernel
    hands = list(kernel.hands)
    for holder, cards in zip(view.holders, layout, strict=True):
        if holder != PILE:
            hands[holder] &= ~cards
    found = search.weigh(hands, kernel.leader, kernel.number, kernel.cards, kernel.seats,
                         view.holders, [layout], each)
    if each:
        return Counter({c: counts.index(1) for c, counts in found.items()})
    return Counter({-1: found.index(1)})


def views() -> list[tuple[str, View]]:
    """Views of every kind of play: trick contracts, misère (from the bidder's seat and
    from a defender's), all-pass with its talon-led tricks, before the lead and within a
    trick."""
    found = []
    for record in pfn.load("examples/sochi-match.pfn"):
        replayed = pfn.replay(record, on_error="collect")
        if replayed.contract is None or not replayed.participants or not replayed.tricks:
            continue
        for seat in replayed.participants:
            for trick, card in ((1, 0), (2, 1), (4, 2)):
                try:
                    view = view_of(replayed, seat, trick, card)
                except pfn.PfnError:
                    continue
                if view.unknown:
                    found.append((f"{record.tag('Board')} {seat} {trick}.{card}", view))
    return found


@pytest.mark.slow
def test_each_layout_on_the_shared_table_equals_a_fresh_solve() -> None:
    rng = random.Random(45)
    kinds = set()
    for name, view in views():
        sample, _ = layouts(view, 0, 12, rng.randrange(1 << 30))
        first = view.deal(sample[0])
        counted = view.declarer if view.declarer is not None else first.turn
        each = view.known[first.turn] == first.start.hands[first.turn]
        search = Solver(first.start, "native").search(counted)
        assert isinstance(search, NativeSearch)
        kinds.add((view.contract.misere, view.contract.allpass, each))
        for index, layout in enumerate(sample):
            got = shared(view, layout, search, each)
            assert got == fresh(view, layout, "native", each), (name, layout)
            if index < 2:  # the reference search agrees too
                assert got == fresh(view, layout, "python", each), (name, layout)
    # every kind was weighed: trick contracts, misère, all-pass; cards and positions
    assert {(False, False), (True, False), (False, True)} <= {k[:2] for k in kinds}
    assert {True, False} <= {k[2] for k in kinds}


def test_the_core_refuses_a_layout_that_deals_a_card_twice() -> None:
    replayed = pfn.replay(pfn.load("examples/analysis.pfn")[3], on_error="collect")
    view = view_of(replayed, SEATS[replayed.declarer or 0], 1)
    layout, _ = layouts(view, 0, 1, 1)
    position = view.deal(layout[0])
    kernel = position.kernel
    search = Solver(position.start, "native").search(0)
    assert isinstance(search, NativeSearch)
    twice = tuple(layout[0][0] for _ in layout[0])
    with pytest.raises(ValueError):
        search.weigh(kernel.hands, kernel.leader, kernel.number, kernel.cards, kernel.seats,
                     view.holders, [twice], True)
