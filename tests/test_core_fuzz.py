"""The compiled core under random and hostile input: it answers as the reference does,
or both refuse with a ``PfnError``; a bad value given to the core itself is a
``ValueError``, never a crash.

``PFN_CORE_FUZZ`` positions (a few dozen in the quick suite); ``make fuzz-core`` runs
many more on a core built with AddressSanitizer and UndefinedBehaviorSanitizer
(``PFN_CORE_SO`` names that build, loaded here in place of the installed one), where
any read or write out of bounds ends the run.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import random
import sys

import pytest

_BUILD = os.environ.get("PFN_CORE_SO")
if _BUILD:  # the sanitised build, in place of the installed core
    _spec = importlib.util.spec_from_file_location("pfn.analysis._core", _BUILD)
    assert _spec is not None and _spec.loader is not None
    _module = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_module)
    sys.modules["pfn.analysis._core"] = _module

from pfn.analysis import engines  # noqa: E402
from pfn.analysis.engines import native_core, new_search  # noqa: E402
from pfn.analysis.position import Position  # noqa: E402
from pfn.analysis.solve import Solver  # noqa: E402
from pfn.contract import Contract  # noqa: E402
from pfn.diagnostics import PfnError  # noqa: E402
from pfn.rules.tricks import (  # noqa: E402
    PlayRules,
    Start,
    Tricks,
)

engines.native_core.cache_clear()
if native_core() is None:
    if os.environ.get("PFN_NATIVE_REQUIRED"):
        raise RuntimeError("the compiled search core is not built (PFN_NATIVE_REQUIRED)")
    pytest.skip("the compiled search core is not built here", allow_module_level=True)
if _BUILD:
    assert native_core().__file__ == _BUILD  # type: ignore[union-attr]

COUNT = int(os.environ.get("PFN_CORE_FUZZ", "40"))
CONTRACTS = ["6S", "7H", "8NT", "mis", "pass"]


def answer(start: Start, played: tuple[int, ...], engine: str) -> object:
    """What ``engine`` says of the position: its solution, or the refusal's type."""
    try:
        position = Position(start, played)
        solution = Solver(start, engine).solve(position)
    except PfnError as refused:
        return ("refused", type(refused).__name__, str(refused))
    return (solution.value, solution.paranoid, solution.cards)


def random_start(rng: random.Random, hostile: bool) -> tuple[Start | None, tuple[int, ...]]:
    """A random start of every kind (two or three players, four at the table, every
    contract, the talon's tricks from trick 1 or 2, 1-4 cards a hand); ``hostile``: one
    value out of range or out of place."""
    seats = rng.choice([(0, 1, 2), (1, 2, 3), (0, 2, 3), (0, 2), (1, 2)])
    contract = Contract.parse(rng.choice(CONTRACTS))
    assert contract is not None
    talon_leads = rng.choice([0, 2]) if contract.allpass else 0
    number = rng.choice([1, 2]) if talon_leads else rng.randint(1, 10)
    size = rng.randint(1, min(4, 11 - number))
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    for i, seat in enumerate(seats):
        for c in cards[i * size:(i + 1) * size]:
            hands[seat] |= 1 << c
    talon = tuple(cards[len(seats) * size:][:max(0, talon_leads - number + 1)])
    fields: dict[str, object] = {
        "trump": contract.trump, "must_head": rng.random() < 0.2,
        "soloist": rng.choice([None, *seats]), "talon_leads": talon_leads,
        "talon_owner": rng.choice([None, 0]) if talon_leads else None,
        "unfollowed": rng.choice(["nobody", "highest"])}
    declarer = None if contract.allpass else rng.choice(seats)
    leader = seats[0] if talon_leads else rng.choice(seats)
    order: tuple[int, ...] = seats
    if hostile:
        what = rng.randrange(9)
        if what == 0:
            fields["trump"] = rng.choice([-10**9, -1, 4, 7, 2**40])
        elif what == 1:
            fields["talon_leads"] = rng.choice([-1, 3, 11, 10**6])
        elif what == 2:
            fields["talon_owner"] = rng.choice([-5, 4, 99])
        elif what == 3:
            order = (*seats, 3 - seats[0]) if len(seats) == 3 else (0, 0)
        elif what == 4:
            hands[seats[0]] |= 1 << rng.choice([32, 40, 63])
        elif what == 5:
            talon = (*talon, rng.choice([-1, 32, cards[0]]))
        elif what == 6:
            number = rng.choice([0, -3, 11, 12])
        elif what == 7:
            leader = rng.choice([-1, 4, 100000])
        else:
            talon = ()
    try:
        rules = PlayRules(**fields)  # type: ignore[arg-type]
        start = Start(tuple(hands), order, leader, rules, contract, declarer, talon, number)
        Position(start)  # the solver's position refuses a start no deal reaches
        return start, ()
    except PfnError:
        return None, ()


@pytest.mark.parametrize("hostile", [False, True])
def test_both_engines_answer_alike_or_refuse_alike(hostile: bool) -> None:
    rng = random.Random(f"core {hostile}")
    answered = 0
    for _ in range(COUNT):
        start, _played = random_start(rng, hostile)
        if start is None:
            continue  # refused as it was made: nothing reaches either engine
        kernel = Tricks(start.hands, start.order, start.leader, start.rules, start.talon,
                        start.number)
        played: list[int] = []
        for _card in range(rng.randrange(len(start.order))):  # within the trick, sometimes
            legal = kernel.legal_cards()
            if not legal:
                break
            card = rng.choice([c for c in range(32) if legal >> c & 1])
            kernel.play(card)
            played.append(card)
        python, native = answer(start, tuple(played), "python"), \
            answer(start, tuple(played), "native")
        assert python == native, (start, played)
        answered += 1
    assert answered > COUNT // 3 or hostile


def test_the_review_s_positions_are_refused_by_both_engines() -> None:
    import pfn

    mis, six = Contract.parse("mis"), Contract.parse("6S")
    # four seats playing a talon-led trick (the core overflowed its trick buffer), and
    # a trump no deal has (the core read out of its table)
    for make in (lambda: Start((4199424, 587202560, 10502144, 134742020), (1, 0, 2, 3), 0,
                               PlayRules(talon_leads=2), mis, 0, (18, 31), 1),
                 lambda: Start((0b111, 0b111 << 8, 0b111 << 16, 0), (0, 1, 2), 0,
                               PlayRules(trump=-10**9), six, 0, (), 8),
                 lambda: Start((0b111, 0b111 << 8, 0b111 << 16, 0), (0, 1, 2), 0,
                               PlayRules(trump=-1), six, 0, (), 8),
                 lambda: Start((0b111 | 1 << 40, 0b111 << 8, 0b111 << 16, 0), (0, 1, 2), 0,
                               PlayRules(trump=0), six, 0, (), 8)):
        with pytest.raises(PfnError):
            pfn.solve(Position(make()), "native")
    for rules in (PlayRules(trump=7), PlayRules(talon_leads=3)):
        for engine in ("python", "native"):
            with pytest.raises(PfnError):
                new_search(rules, (0, 1, 2), 0, frozenset({0}), (), engine)  # type: ignore[arg-type]


def test_the_core_itself_refuses_what_no_deal_has() -> None:
    core = native_core()
    assert core is not None
    search = core.Search(None, False, None, 0, None, False, (0, 1, 2), 0, (0,), ())
    hands = [7, 7 << 8, 7 << 16, 0]
    for args in (([7, 7 << 8, 7 << 16, 0], 0, 8, 1, [0, 8, 16, 1], [0, 1, 2, 0]),  # 4 cards
                 (hands, 7, 8, 1), (hands, -100000, 8, 1), (hands, 0, 0, 1),
                 (hands, 0, 8, 1, [40], [0]), ([1 << 40, 0, 0, 0], 0, 8, 1),
                 ([7, 7, 7 << 16, 0], 0, 8, 1), (hands, 0, 8, 1, [3], [1])):
        with pytest.raises((ValueError, OverflowError, TypeError)):
            search.probe(*args)
    for bad in ((7, False, None, 0, None, False, (0, 1, 2), 0, (0,), ()),
                (None, False, None, 0, None, False, (0, 1, 2), 9, (0,), ()),
                (None, False, None, 0, None, False, (0, 1, 2, 3), 0, (0,), ()),
                (None, False, None, 2, None, False, (0, 1, 2), 0, (1, 2), ()),
                (None, False, None, 2, None, False, (0, 1, 2), 0, (1, 2), (5, 5)),
                (None, False, None, 0, None, False, (0, 1, 2), 0, (0,), (), 0)):
        with pytest.raises(ValueError):
            core.Search(*bad)


def test_a_search_made_again_starts_afresh() -> None:
    rng = random.Random(3)
    core = native_core()
    assert core is not None
    reused = core.Search(None, False, None, 0, None, False, (0, 1, 2), 0, (0,), ())
    for _ in range(60):
        trump = rng.choice([None, 0, 1, 2, 3])
        target = rng.randrange(3)
        maximisers = (target,) if rng.random() < 0.5 else tuple(s for s in range(3)
                                                                if s != target)
        cards = list(range(32))
        rng.shuffle(cards)
        size = rng.randint(1, 4)
        hands = [sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(3)] + [0]
        args = (trump, False, None, 0, None, False, (0, 1, 2), target, maximisers, ())
        reused.__init__(*args)
        fresh = core.Search(*args)
        leader = rng.randrange(3)
        assert reused.value(hands, leader, 11 - size) == fresh.value(hands, leader, 11 - size)


def test_layouts_weighed_in_the_core_equal_each_layout_solved_alone() -> None:
    """``weigh``: the cards of every seat but the one to move dealt out again several
    ways and weighed in one call on one table; each card's (or the position's) count
    equals the reference search's answer on each layout solved alone.  Hostile
    layouts (a card twice, a mask too wide, one mask short) are a ValueError."""
    from pfn.analysis.engines import NativeSearch

    rng = random.Random("weigh")
    weighed = 0
    for _ in range(COUNT):
        start, _played = random_start(rng, False)
        if start is None:
            continue
        kernel = Tricks(start.hands, start.order, start.leader, start.rules, start.talon,
                        start.number)
        moves: list[int] = []
        for _card in range(rng.randrange(len(start.order))):
            legal = kernel.legal_cards()
            if not legal:
                break
            moves.append(rng.choice([c for c in range(32) if legal >> c & 1]))
            kernel.play(moves[-1])
        played = tuple(moves)
        position = Position(start, played)
        if position.over:
            continue
        mover = position.turn
        counted = start.declarer if start.declarer is not None else mover
        holders = tuple(s for s in start.order if s != mover)
        pool = [c for s in holders for c in range(32) if position.kernel.hands[s] >> c & 1]
        sizes = [position.kernel.hands[s].bit_count() for s in holders]
        base = list(position.kernel.hands)
        for s in holders:
            base[s] = 0
        deals = []
        for _layout in range(4):
            rng.shuffle(pool)
            at, layout = 0, []
            for size in sizes:
                layout.append(sum(1 << c for c in pool[at:at + size]))
                at += size
            deals.append(tuple(layout))
        search = Solver(start, "native").search(counted)
        assert isinstance(search, NativeSearch)
        k = position.kernel
        each = rng.random() < 0.7
        got = search.weigh(base, k.leader, k.number, k.cards, k.seats, holders, deals, each)
        expected: dict[int, list[int]] = {}
        for layout in deals:
            hands = list(base)
            for s, cards in zip(holders, layout, strict=True):
                hands[s] |= cards
            again = Position(dataclasses.replace(start, hands=_unplayed(hands, start, played)),
                             played)
            solver = Solver(again.start, "python")
            taken = again.kernel.taken[counted]
            if each:
                for c, v in solver.card_values(again, counted).items():
                    expected.setdefault(c, [0] * 11)[v - taken] += 1
            else:
                expected.setdefault(-1, [0] * 11)[solver.total(again, counted) - taken] += 1
        answer = {c: list(n) for c, n in got.items()} if each else {-1: list(got)}
        assert answer == expected, (start, played, deals)
        weighed += 1
        twice = (*deals[0][:-1], deals[0][-1] | k.hands[mover] | deals[0][0])
        for hostile in (twice, (*deals[0][:-1], 1 << 40), deals[0][:-1],
                        (*deals[0][:-1], -1)):
            with pytest.raises((ValueError, OverflowError)):
                search.weigh(base, k.leader, k.number, k.cards, k.seats, holders, [hostile],
                             each)
    assert weighed > COUNT // 4


def _unplayed(hands: list[int], start: Start, played: tuple[int, ...]) -> tuple[int, ...]:
    """The hands at the start: the cards played to reach the position given back to
    their players (as the start had them)."""
    back = list(hands)
    for s in start.order:
        back[s] |= start.hands[s] & _played_mask(played)
    return tuple(back)


def _played_mask(played: tuple[int, ...]) -> int:
    return sum(1 << c for c in played)
