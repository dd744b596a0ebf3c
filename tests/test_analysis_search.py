"""The open-hand search against a plain minimax, and endings worked out on paper.

The oracle is the simplest search there is: every legal card of every player tried in
turn on the play kernel, no bound, no table, no card skipped, the count of the
target's tricks maximised or minimised by whoever is to play.  The kernel is the
engine's rules of play (tested against rules written out plainly in
``test_kernel.py``); what is under test here is the search: its zero-window probes,
transposition table with rank-compressed keys, equivalent cards, quick tricks, move
ordering and the last trick evaluated directly.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pfn.analysis.bounds import escapes, unwanted
from pfn.analysis.engines import SearchLike, engine_in_use, new_search
from pfn.analysis.ordering import lead_against, leads_against, ordered_leads
from pfn.analysis.position import Position
from pfn.analysis.solve import Solver
from pfn.analysis.suits import DEAD, DUCKS, equivalence_classes, shape
from pfn.contract import Contract
from pfn.rules.tricks import PlayRules, Start, Tricks

ENGINE = engine_in_use()
"""The search these tests run on: the compiled one when built (CI runs them again with
``PFN_SEARCH=python`` on the reference)."""


def brute(t: Tricks, target: int, maximisers: frozenset[int]) -> int:
    """The target's tricks from here on, every line of play tried."""
    if t.over:
        return 0
    legal = t.legal_cards()
    values = []
    for card in range(32):
        if not legal >> card & 1:
            continue
        before = t.taken[target]
        t.play(card)
        values.append(t.taken[target] - before + brute(t, target, maximisers))
        t.undo()
    return max(values) if t.turn in maximisers else min(values)


def card(text: str) -> int:
    return "SCDH".index(text[0]) * 8 + "789TJQKA".index(text[1])


def mask(text: str) -> int:
    return sum(1 << card(c) for c in text.split())


VARIANTS = {
    # rules of play, seats that play, talon cards to lead (for the all-pass ones)
    "trump": (lambda rng: PlayRules(trump=rng.randrange(4)), 3, 0),
    "notrump": (lambda rng: PlayRules(), 3, 0),
    "misere": (lambda rng: PlayRules(), 3, 0),
    "must-head trump": (lambda rng: PlayRules(trump=rng.randrange(4), must_head=True,
                                              soloist=0), 3, 0),
    "must-head notrump": (lambda rng: PlayRules(must_head=True, soloist=1), 3, 0),
    "allpass": (lambda rng: PlayRules(), 3, 0),
    "allpass talon": (lambda rng: PlayRules(talon_leads=2), 3, 2),
    "allpass talon highest": (lambda rng: PlayRules(talon_leads=2, unfollowed="highest"),
                              3, 2),
    "allpass at four": (lambda rng: PlayRules(talon_leads=2, talon_owner=0), 3, 2),
    "two-handed trump": (lambda rng: PlayRules(trump=rng.randrange(4)), 2, 0),
    "two-handed misere": (lambda rng: PlayRules(), 2, 0),
}


def ending(kind: str, tricks: int, seed: int) -> tuple[SearchLike, Tricks, list[int]]:
    """A random ending of ``tricks`` cards a hand, some cards of its first trick played."""
    rng = random.Random(seed)
    make_rules, players, talon_count = VARIANTS[kind]
    rules = make_rules(rng)
    order = (1, 2, 3) if kind == "allpass at four" else tuple(range(players))
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, seat in enumerate(order):
        for c in deck[i * tricks:(i + 1) * tricks]:
            hands[seat] |= 1 << c
    talon = deck[len(order) * tricks:len(order) * tricks + talon_count]
    target = rng.choice(order)
    if "misere" in kind or "allpass" in kind:
        maximisers = frozenset(s for s in order if s != target)
    else:
        maximisers = frozenset({target})
    kernel = Tricks(hands, order, rng.choice(order), rules, talon)
    # sometimes start in the middle of the first trick
    for _ in range(rng.randrange(len(order))):
        legal = kernel.legal_cards()
        kernel.play(rng.choice([c for c in range(32) if legal >> c & 1]))
    return new_search(rules, order, target, maximisers, tuple(talon), ENGINE), kernel, talon


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(1, 4), st.integers(0, 2**32))
def test_search_equals_plain_minimax(kind: str, tricks: int, seed: int) -> None:
    search, kernel, _ = ending(kind, tricks, seed)
    expected = brute(kernel, search.target, search.maximisers)
    got = search.value(kernel.hands, kernel.leader, kernel.number, kernel.cards, kernel.seats)
    assert got == expected
    # each zero-window answer agrees with it, and so does the table built meanwhile
    for bound in range(0, tricks + 2):
        assert search.at_least(kernel.hands, kernel.leader, kernel.number, bound,
                               kernel.cards, kernel.seats) == (expected >= bound)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["trump", "notrump", "misere", "allpass talon", "must-head trump"]),
       st.integers(0, 2**32))
@pytest.mark.slow
def test_five_trick_endings(kind: str, seed: int) -> None:
    search, kernel, _ = ending(kind, 5, seed)
    assert search.value(kernel.hands, kernel.leader, kernel.number, kernel.cards,
                        kernel.seats) == brute(kernel, search.target, search.maximisers)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(1, 3), st.integers(0, 2**32))
def test_every_card_value(kind: str, tricks: int, seed: int) -> None:
    """The value of each legal card, equivalent ones included, is the minimax value
    after it."""
    search, kernel, talon = ending(kind, tricks, seed)
    contract = Contract.parse("mis" if "misere" in kind else "pass" if "allpass" in kind
                              else "6NT")
    assert contract is not None
    if contract.allpass:  # the paranoid count is the mover's own
        target = kernel.turn
        contract_kind_target = None
    else:
        target = search.target
        contract_kind_target = target
    played = _cards_played(kernel)
    start = Start(_initial_hands(kernel, played), kernel.order, _first_leader(kernel, played),
                  kernel.rules, contract, contract_kind_target, tuple(talon))
    position = Position(start, tuple(played))
    if not contract.allpass and not contract.misere and search.maximisers != {target}:
        return
    solver = Solver(start, ENGINE)
    values = solver.card_values(position, target)
    maximisers = frozenset({target}) if start.kind == "tricks" else \
        frozenset(s for s in kernel.order if s != target)
    legal = kernel.legal_cards()
    assert set(values) == {c for c in range(32) if legal >> c & 1}
    for c, value in values.items():
        after = position.after(c).kernel
        assert value == after.taken[target] + brute(after, target, maximisers)


def _cards_played(kernel: Tricks) -> list[int]:
    return [c for c, s in zip(kernel.cards, kernel.seats, strict=True) if s is not None]


def _initial_hands(kernel: Tricks, played: list[int]) -> tuple[int, ...]:
    hands = list(kernel.hands) + [0] * (4 - len(kernel.hands))
    for c, s in zip(kernel.cards, kernel.seats, strict=True):
        if s is not None:
            hands[s] |= 1 << c
    return tuple(hands)


def _first_leader(kernel: Tricks, played: list[int]) -> int:
    return kernel.leader


# -- endings worked out on paper ------------------------------------------------------

def value(rules: PlayRules, hands: dict[int, str], leader: int, target: int,
          against: bool = False, order: tuple[int, ...] = (0, 1, 2)) -> int:
    masks = [mask(hands.get(s, "")) for s in range(4)]
    maximisers = frozenset(s for s in order if s != target) if against else frozenset({target})
    return new_search(rules, order, target, maximisers, (), ENGINE).value(masks, leader, 1)


def test_a_finesse_position_depends_on_who_leads() -> None:
    # No trumps.  A holds SA SQ, B SK S8, C S7 S9.  Led by B, A plays last each time and
    # takes both; led by C or by A, the king takes the queen: one trick.
    hands = {0: "SA SQ", 1: "SK S8", 2: "S7 S9"}
    assert value(PlayRules(), hands, 1, 0) == 2
    assert value(PlayRules(), hands, 2, 0) == 1
    assert value(PlayRules(), hands, 0, 0) == 1


def test_a_trump_after_showing_out() -> None:
    # Spades trump.  B leads HA: A must follow with H7; on HK, void, A must ruff.
    hands = {0: "S7 H7", 1: "HA HK", 2: "D7 D8"}
    assert value(PlayRules(trump=0), hands, 1, 0) == 1
    assert value(PlayRules(), hands, 1, 0) == 0  # without trumps both hearts win


def test_misere_caught_and_clean() -> None:
    # Misère for A, B on lead.  Clean: on S8 C's nine covers A's seven; on HA A follows
    # with H7; A's last card then goes under.
    clean = {0: "S7 H7", 1: "S8 HA", 2: "S9 C7"}
    assert value(PlayRules(), clean, 1, 0, against=True) == 0
    # Caught: B leads S7, C S8, A's nine must win; A's H7 then loses to the ace.
    caught = {0: "S9 H7", 1: "S7 HA", 2: "S8 C7"}
    assert value(PlayRules(), caught, 1, 0, against=True) == 1


def test_escaping_one_of_the_tricks_left() -> None:
    # Misère for A, B on lead.  S7 forces A's ace, but C's two hearts keep A's H7 an
    # exit through that trick: A takes one of the two, and is seen to escape one.
    out = {0: "SA H7", 1: "S7 D8", 2: "H8 H9"}
    masks = [mask(out.get(s, "")) for s in range(4)]
    assert escapes(masks, 0, (1, 2), 1)
    assert value(PlayRules(), out, 1, 0, against=True) == 1
    # with one heart C throws it on the spade, and A's seven takes the last trick too
    kept = {0: "SA H7", 1: "S7 D8", 2: "H8 D7"}
    assert not escapes([mask(kept.get(s, "")) for s in range(4)], 0, (1, 2), 1)
    assert value(PlayRules(), kept, 1, 0, against=True) == 2


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(["misere", "allpass", "allpass at four", "two-handed misere"]),
       st.integers(1, 5), st.integers(0, 2**32))
@pytest.mark.slow
def test_tricks_a_misere_player_is_seen_to_take(kind: str, tricks: int, seed: int) -> None:
    """The quick misère bounds against the plain minimax: when the search says at a
    trick boundary that the target takes none, at least *k*, or not all, he does."""
    search, kernel, _ = ending(kind, tricks, seed)
    while kernel.cards and not kernel.over:  # to a trick boundary, by the first legal card
        legal = kernel.legal_cards()
        kernel.play((legal & -legal).bit_length() - 1)
    if kernel.over or kernel.number <= kernel.rules.talon_leads:
        return
    hands = list(kernel.hands)
    remaining = hands[kernel.leader].bit_count()
    opponents = tuple(s for s in kernel.order if s != search.target)
    ducking = kernel.rules.trump is None and not kernel.rules.must_head
    said = unwanted(hands, search.target, opponents, kernel.leader, remaining, ducking)
    exact = brute(kernel, search.target, search.maximisers)
    if said < 0:
        assert exact == 0
    else:
        assert exact >= said
    if ducking and escapes(hands, search.target, opponents, kernel.leader):
        assert exact < remaining


def test_ducking_a_suit() -> None:
    # the j-th lowest of his cards under the others' j-th lowest, as far as both go
    assert shape(mask("S7 S9"), mask("S8 ST")) & DUCKS
    assert shape(mask("S7 S9 SK"), mask("S8 ST")) & DUCKS  # the king is never led to
    assert not shape(mask("S7 SJ"), mask("S8 ST")) & DUCKS  # ST led, SJ must win
    assert not shape(mask("S9"), mask("S8 SA")) & DUCKS  # S8 led
    assert shape(mask("SA"), mask("S7 SK")) == DEAD  # above all: he takes it when led
    assert shape(mask("S7"), 0) & DUCKS  # nobody else can lead it


def test_kinds_of_lead_against_a_misere() -> None:
    # the lead's suit as the target and the leader's partner hold it
    nine = mask("S9").bit_length() - 1
    sure = lead_against(mask("SK"), mask("S7"), nine)[0]  # the partner plays under SK
    assert sure == lead_against(mask("SK"), 0, nine)[0]  # or discards
    under = lead_against(mask("S8 SK"), mask("S7"), nine)[0]  # he plays S8 under it
    overtake = lead_against(mask("SK"), mask("SA"), nine)[0]  # the partner must win
    void = lead_against(0, mask("S7"), nine)[0]
    assert sure < under < overtake < void
    # needing two tricks against two exits, the sure trick waits for the ducks
    waiting = lead_against(mask("SK"), mask("S7"), nine, patient=True)[0]
    assert under < waiting < overtake


def test_leads_by_history_then_by_kind() -> None:
    s7, s9, sk, h8 = (mask(c).bit_length() - 1 for c in ("S7", "S9", "SK", "H8"))
    history = [0] * 32
    # a ducking target: his exits (S7, H8) low first, then his other cards high first
    assert ordered_leads([s7, s9, sk, h8], history, False, mask("S7 H8")) == [s7, h8, sk, s9]
    assert ordered_leads([s7, s9, sk], history, True) == [sk, s9, s7]  # tricks wanted
    assert ordered_leads([s7, s9, sk], history, False) == [s7, s9, sk]
    history[s9] = -1  # one cut by S9 puts it first, whatever its kind
    assert ordered_leads([s7, s9, sk], history, True)[0] == s9
    # against S8 SQ: S7 he must take (first, though it never cut), S9 and SK he can
    # play under, their order the history's
    history[sk] = -2
    moves = [sk, s9, s7]
    leads_against(moves, mask("S8 SQ"), 0, history, False)
    assert moves == [s7, sk, s9]


def test_must_head_changes_the_count() -> None:
    # No trumps, A leads.  A: C7 CT, B: SQ CJ, C: C9 CK.  Plain: on C7 B's jack wins,
    # C ducks with the nine, and B's SQ takes the last trick: A takes none.
    # Britannica: C must head the jack with the king, and A's ten then beats the nine.
    hands = {0: "C7 CT", 1: "SQ CJ", 2: "C9 CK"}
    assert value(PlayRules(), hands, 0, 0) == 0
    assert value(PlayRules(must_head=True, soloist=0), hands, 0, 0) == 1


def test_last_trick_and_two_handed() -> None:
    assert value(PlayRules(trump=3), {0: "H7", 1: "SA"}, 1, 0, order=(0, 1)) == 1
    assert value(PlayRules(), {0: "H7", 1: "SA"}, 1, 0, order=(0, 1)) == 0


def test_equivalence_classes() -> None:
    live = mask("SA SK SQ SJ ST S9 H7")
    own = mask("SA SK SJ ST S9")
    groups = equivalence_classes(own, live)
    assert groups == [[card("SA"), card("SK")], [card("SJ"), card("ST"), card("S9")]]
    assert equivalence_classes(own, live, exact=True) == [[c] for c in
                                                           sorted(_bits(own), reverse=True)]


def _bits(m: int) -> list[int]:
    return [c for c in range(32) if m >> c & 1]
