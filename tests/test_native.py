"""The compiled search core against the pure-Python search, the reference.

Thousands of random positions of every kind the solver takes — trump, no-trump,
misère, all-pass paranoid values, four at the table, must-head, talon-led all-pass
tricks, endings, positions within a trick, two players — each solved on both: the
position's value and every legal card's (so the same best cards).  The Python search
is itself checked against a plain minimax (tests/test_analysis_search.py).

In CI the core must be built (``PFN_NATIVE_REQUIRED=1``); elsewhere, without a C
compiler, these tests have nothing to compare and say so."""

from __future__ import annotations

import os
import random

import pytest

from pfn.analysis.engines import native_core, new_search
from pfn.analysis.position import Position
from pfn.analysis.solve import Solver, solve_many
from pfn.contract import Contract
from pfn.rules.tricks import PlayRules, Start, Tricks

if native_core() is None:
    if os.environ.get("PFN_NATIVE_REQUIRED"):
        raise RuntimeError("the compiled search core is not built (PFN_NATIVE_REQUIRED)")
    pytest.skip("the compiled search core is not built here", allow_module_level=True)

KINDS = {
    # rules, seats that play, talon cards that open tricks, the contract
    "trump": (lambda r: PlayRules(trump=r.randrange(4)), (0, 1, 2), 0, "6S"),
    "notrump": (lambda r: PlayRules(), (0, 1, 2), 0, "6NT"),
    "misere": (lambda r: PlayRules(), (0, 1, 2), 0, "mis"),
    "allpass": (lambda r: PlayRules(), (0, 1, 2), 0, "pass"),
    "allpass talon": (lambda r: PlayRules(talon_leads=2), (0, 1, 2), 2, "pass"),
    "allpass talon highest": (lambda r: PlayRules(talon_leads=2, unfollowed="highest"),
                              (0, 1, 2), 2, "pass"),
    "four, allpass, the dealer's talon": (lambda r: PlayRules(talon_leads=2, talon_owner=0),
                                          (1, 2, 3), 2, "pass"),
    "four, trump": (lambda r: PlayRules(trump=r.randrange(4)), (0, 2, 3), 0, "7H"),
    "four, misere": (lambda r: PlayRules(), (1, 2, 3), 0, "mis"),
    "must-head trump": (lambda r: PlayRules(trump=r.randrange(4), must_head=True,
                                            soloist=r.randrange(3)), (0, 1, 2), 0, "6S"),
    "must-head notrump": (lambda r: PlayRules(must_head=True, soloist=r.randrange(3)),
                          (0, 1, 2), 0, "6NT"),
    "two players, trump": (lambda r: PlayRules(trump=r.randrange(4)), (0, 2), 0, "6S"),
    "two players, misere": (lambda r: PlayRules(), (1, 2), 0, "mis"),
}


def position(kind: str, seed: int, most: int) -> Position:
    """A random position: an ending of 1 to ``most`` cards a hand, at a trick boundary
    or within the first trick."""
    rng = random.Random(f"{kind}-{seed}")
    make, order, talons, contract_text = KINDS[kind]
    rules = make(rng)
    size = rng.randint(1, most)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, seat in enumerate(order):
        for c in deck[i * size:(i + 1) * size]:
            hands[seat] |= 1 << c
    talon = tuple(deck[len(order) * size:len(order) * size + talons])
    contract = Contract.parse(contract_text)
    assert contract is not None
    declarer = None if contract.allpass else rng.choice(order)
    # the talon opens the deal's first tricks: such a position starts at trick 1 (with
    # fewer cards a hand than a deal's ten, so that the reference search stays quick)
    number = 1 if talons else 11 - size
    start = Start(tuple(hands), order, rng.choice(order), rules, contract, declarer, talon,
                  number)
    kernel = Tricks(start.hands, start.order, start.leader, start.rules, start.talon,
                    start.number)
    played = []
    for _ in range(rng.randrange(len(order))):  # within the first trick, sometimes
        legal = kernel.legal_cards()
        card = rng.choice([c for c in range(32) if legal >> c & 1])
        kernel.play(card)
        played.append(card)
    return Position(start, tuple(played))


def compare(found: Position) -> None:
    python, native = Solver(found.start, "python"), Solver(found.start, "native")
    a, b = python.solve(found), native.solve(found)
    assert (a.value, a.paranoid, a.cards, a.best) == (b.value, b.paranoid, b.cards, b.best), \
        (found.start, found.played)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_compiled_core_gives_the_reference_values(kind: str) -> None:
    for seed in range(160):
        compare(position(kind, seed, 5))


@pytest.mark.parametrize("kind", ["trump", "notrump", "misere", "must-head trump", "allpass"])
def test_whole_deals(kind: str) -> None:
    for seed in range(3):
        compare(position(kind, 1000 + seed, 10) if kind != "allpass" else
                position(kind, 1000 + seed, 7))


def test_every_zero_window_answer_agrees() -> None:
    rng = random.Random(7)
    for seed in range(200):
        kind = rng.choice(sorted(KINDS))
        found = position(kind, seed, 4)
        kernel = found.kernel
        if kernel.over:
            continue
        start = found.start
        target = start.declarer if start.declarer is not None else kernel.turn
        maximisers = frozenset({target}) if start.kind == "tricks" else \
            frozenset(s for s in start.order if s != target)
        searches = [new_search(start.rules, start.order, target, maximisers, start.talon,
                               engine) for engine in ("python", "native")]
        for bound in range(6):
            answers = {s.at_least(kernel.hands, kernel.leader, kernel.number, bound,
                                  kernel.cards, kernel.seats) for s in searches}
            assert len(answers) == 1, (kind, seed, bound)


def test_many_layouts_share_one_table_and_agree() -> None:
    """solve_many reuses its search across layouts: the same answers as one at a time."""
    rng = random.Random(3)
    base = position("trump", 5, 6)
    start = base.start
    unseen = start.hands[1] | start.hands[2]
    layouts = []
    for _ in range(30):
        cards = [c for c in range(32) if unseen >> c & 1]
        rng.shuffle(cards)
        half = len(cards) // 2
        hands = list(start.hands)
        hands[1] = sum(1 << c for c in cards[:half])
        hands[2] = sum(1 << c for c in cards[half:])
        layouts.append(Position(Start(tuple(hands), start.order, start.leader, start.rules,
                                      start.contract, start.declarer, start.talon,
                                      start.number)))
    for engine in ("native", "python"):
        together = solve_many(layouts, engine)
        alone = [Solver(p.start, engine).solve(p) for p in layouts]
        assert [(s.value, s.cards) for s in together] == [(s.value, s.cards) for s in alone]
