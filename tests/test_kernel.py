"""The play kernel against rules of play written out plainly here, card by card.

The oracle below knows nothing of masks: hands are lists of (suit, rank) pairs and
each rule is one sentence of ``rules/russian-core.md`` and seed 002 (Britannica).
Random deals are played to the end on the kernel, comparing every legal set and every
trick winner with the oracle, then taken back with ``undo`` to the start.  The replay
is also pitted against itself: hiding a hand must not change what the play gives.
"""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pfn.check import check_records
from pfn.deal import replay
from pfn.generate import generate
from pfn.notation.reader import loads
from pfn.rules.tricks import PlayRules, Tricks
from pfn.variants import VARIANTS
from tests.conftest import one

Card = tuple[int, int]  # (suit, rank): suits S C D H = 0..3, ranks 7..A = 0..7


def card(index: int) -> Card:
    return (index // 8, index % 8)


def oracle_legal(hand: list[Card], trick: list[Card], trump: int | None, must_head: bool,
                 exempt: bool) -> set[Card]:
    """Follow suit; if void, trump; if no trump either, anything.  Britannica: of those,
    a card that beats the best card so far when there is one."""
    if not trick:
        return set(hand)
    led = trick[0][0]
    same = [c for c in hand if c[0] == led]
    trumps = [c for c in hand if trump is not None and c[0] == trump]
    legal = same or trumps or list(hand)
    if must_head and not exempt:
        best = trick[oracle_winner(trick, trump)]
        beating = [c for c in legal if beats(c, best, led, trump)]
        legal = beating or legal
    return set(legal)


def beats(c: Card, best: Card, led: int, trump: int | None) -> bool:
    if best[0] == trump:
        return c[0] == trump and c[1] > best[1]
    if c[0] == trump:
        return True
    return c[0] == led and c[1] > best[1]


def oracle_winner(trick: list[Card], trump: int | None) -> int:
    """The highest trump, else the highest card of the suit led."""
    led = trick[0][0]
    trumps = [i for i, c in enumerate(trick) if c[0] == trump]
    pool = trumps or [i for i, c in enumerate(trick) if c[0] == led]
    return max(pool, key=lambda i: trick[i][1])


def oracle_talon_winner(trick: list[Card], owner: bool, unfollowed: str) -> int | None:
    """A talon card opens the trick (index 0): the players' highest card of its suit
    wins; the talon card wins only for a dealer who plays it (seed 000, at four); when
    nobody follows: nobody, or the highest card (the first of equal ranks)."""
    led = trick[0][0]
    if owner:
        return oracle_winner(trick, None)
    following = [i for i in range(1, len(trick)) if trick[i][0] == led]
    if following:
        return max(following, key=lambda i: trick[i][1])
    if unfollowed == "highest":
        return max(range(1, len(trick)), key=lambda i: (trick[i][1], -i))
    return None


def mask_cards(mask: int) -> set[Card]:
    return {card(i) for i in range(32) if mask >> i & 1}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), trump=st.sampled_from([None, 0, 1, 2, 3]),
       must_head=st.booleans(), allpass=st.booleans(), players=st.sampled_from([2, 3]),
       owner=st.booleans(), unfollowed=st.sampled_from(["nobody", "highest"]))
def test_kernel_plays_by_the_rules(seed: int, trump: int | None, must_head: bool,
                                   allpass: bool, players: int, owner: bool,
                                   unfollowed: str) -> None:
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[10 * s:10 * s + 10]) for s in range(3)] + [0]
    talon = deck[30:32] if allpass else []
    order = (0, 1, 2) if players == 3 else (0, 2)
    seat_owner = 3 if allpass and owner else None
    rules = PlayRules(trump=None if allpass else trump, must_head=must_head and not allpass,
                      soloist=0, talon_leads=2 if allpass else 0, talon_owner=seat_owner,
                      unfollowed=unfollowed)  # type: ignore[arg-type]
    kernel = Tricks(hands, order, order[rng.randrange(len(order))], rules, talon)
    plain = {s: mask_cards(hands[s]) for s in range(4)}
    moves = 0
    taken = [0, 0, 0, 0]
    while not kernel.over:
        trick = [card(c) for c in kernel.cards]
        seat = kernel.turn
        talon_led = bool(kernel.seats) and kernel.seats[0] is None
        exempt = len(kernel.seats) == 1 and kernel.seats[0] == 0
        expected = oracle_legal(sorted(plain[seat]), trick, rules.trump, rules.must_head,
                                exempt)
        legal = kernel.legal_cards()
        assert mask_cards(legal) == expected
        choice = rng.choice([i for i in range(32) if legal >> i & 1])
        number = kernel.number
        kernel.play(choice)
        plain[seat].discard(card(choice))
        moves += 1
        if kernel.number != number:  # the trick is complete: who took it?
            cards, seats, _leader, winner = kernel.history[-1]
            full = [card(c) for c in cards]
            if talon_led:
                index = oracle_talon_winner(full, seat_owner is not None, unfollowed)
                want = None if index is None else (seat_owner if index == 0 else seats[index])
            else:
                want = seats[oracle_winner(full, rules.trump)]
            assert winner == want
            if want is not None:
                taken[want] += 1
            # the next leader: the eldest during and after the talon tricks, else the winner
            if not kernel.over:
                assert kernel.leader == (order[0] if number <= rules.talon_leads else want)
    assert moves == 10 * len(order)
    assert kernel.taken == taken
    for _ in range(moves):
        kernel.undo()
    assert kernel.hands == hands and kernel.number == 1 and kernel.taken == [0, 0, 0, 0]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), variant=st.sampled_from([v.name for v in VARIANTS]),
       hide=st.sampled_from(["B", "C"]))
def test_a_hidden_hand_changes_nothing_the_play_shows(seed: int, variant: str,
                                                      hide: str) -> None:
    """The card-by-card replay (hands known in part) agrees with the kernel's (hands known
    in full): same trick winners, tricks taken, and no error either way."""
    for text in generate(4, variant, seed):
        full = one(text)
        hidden_text = re.sub(rf'(\[Deal "[^"]*?)\b{hide}:[^ "]+', rf"\g<1>{hide}:?", text)
        hidden = one(hidden_text)
        a = replay(full, on_error="collect")
        b = replay(hidden, on_error="collect")
        assert [(t.cards, t.seats, t.winner) for t in a.tricks] == \
            [(t.cards, t.seats, t.winner) for t in b.tricks]
        assert a.taken == b.taken
        errors = [d for r in check_records(loads(hidden_text)) for d in r.diagnostics
                  if d.is_error]
        assert errors == []


def _commented(text: str, rng: random.Random, mistake: bool) -> str:
    """``text`` with comments, NAGs and suffixes on some cards of the play, and with
    ``mistake`` two cards of one trick swapped (which may break a rule)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("[Play "))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")),
               len(lines))
    for i in range(start + 1, end):
        words = lines[i].split()
        if not words:
            continue
        if mistake and i == start + 3 and len(words) >= 3:
            words[1], words[2] = words[2], words[1]
        if rng.random() < 0.5:
            at = rng.randrange(len(words))
            words[at] += rng.choice(["!", "?", " $14", " {a remark}", "!? {why not}"])
        lines[i] = " ".join(words)
    return "\n".join(lines)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), variant=st.sampled_from([v.name for v in VARIANTS]),
       mistake=st.booleans())
def test_annotated_plays_replay_as_the_plain_ones(seed: int, variant: str,
                                                  mistake: bool) -> None:
    """Comments, NAGs and suffixes change nothing in the play: the same tricks, winners,
    counts and diagnostics (codes and places) as the record without them; a broken
    trick is reported the same either way."""
    rng = random.Random(seed)
    for text in generate(3, variant, seed):
        if "[Play " not in text:
            continue
        marked = _commented(text, rng, mistake)
        bare = re.sub(r" ?(\$\d+|\{[^}]*\}|!\?|!|\?)", "", marked)
        a = replay(one(marked), on_error="collect")
        b = replay(one(bare), on_error="collect")
        assert [(t.cards, t.seats, t.winner) for t in a.tricks] == \
            [(t.cards, t.seats, t.winner) for t in b.tricks]
        assert a.taken == b.taken
        codes = [(d.code, d.line) for r in check_records(loads(marked)) for d in r.diagnostics]
        assert codes == [(d.code, d.line) for r in check_records(loads(bare))
                         for d in r.diagnostics]
