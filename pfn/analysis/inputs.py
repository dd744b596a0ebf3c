"""What the open-hand searches may be asked: one check of every value both engines
take, made before either is called.

The compiled core (``_core.c``) trusts what it is given, as a kernel must to be fast;
the pure-Python search would fail on the same values in its own way (an
``IndexError``, a wrong answer).  So every start, search and position is checked here
once, and both engines either answer alike or refuse alike, with a :class:`BadInput`
(a :class:`~pfn.diagnostics.PfnError`) that says what is wrong.  The core checks the
same limits again for its own safety (a ``ValueError``), for a caller that reaches it
directly.

>>> from pfn.rules.tricks import PlayRules
>>> check_rules(PlayRules(trump=7))
Traceback (most recent call last):
...
pfn.analysis.inputs.BadInput: not rules of play: the trump is 7 (none, or a suit 0-3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pfn.diagnostics import PfnError
from pfn.i18n import tr
from pfn.rules.tricks import TRICKS, PlayRules

DECK = (1 << 32) - 1
"""Every card of the deck as a mask."""


class BadInput(PfnError):
    """A value no deal's play has, refused before a search is asked about it."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: object) -> bool:
    return _is_int(value) and 0 <= value < 4  # type: ignore[operator]


def _card(value: object) -> bool:
    return _is_int(value) and 0 <= value < 32  # type: ignore[operator]


def check_rules(rules: object) -> None:
    """``rules`` are rules of play some deal has: the trump a suit or none, seats for
    the soloist and the talon's owner, at most the talon's two cards leading."""
    if not isinstance(rules, PlayRules):
        raise BadInput(tr("not rules of play: {value}", value=repr(rules)[:80]))
    wrong: str | None = None
    if rules.trump is not None and not (_is_int(rules.trump) and 0 <= rules.trump < 4):
        wrong = tr("the trump is {value} (none, or a suit 0-3)", value=repr(rules.trump)[:40])
    elif rules.soloist is not None and not _seat(rules.soloist):
        wrong = tr("the soloist is {value} (none, or a seat 0-3)",
                   value=repr(rules.soloist)[:40])
    elif rules.talon_owner is not None and not _seat(rules.talon_owner):
        wrong = tr("the talon's owner is {value} (none, or a seat 0-3)",
                   value=repr(rules.talon_owner)[:40])
    elif not (_is_int(rules.talon_leads) and 0 <= rules.talon_leads <= 2):
        wrong = tr("{value} tricks are opened by the talon (it has two cards: 0, 1 or 2)",
                   value=repr(rules.talon_leads)[:40])
    elif rules.unfollowed not in ("nobody", "highest") or not isinstance(rules.must_head, bool):
        wrong = tr("an unknown rule for the heading or the unfollowed talon trick")
    if wrong is not None:
        raise BadInput(tr("not rules of play: {what}", what=wrong))


def check_order(order: Sequence[object]) -> None:
    """Two or three different seats play a deal (at four, the dealer sits out)."""
    if not 2 <= len(order) <= 3 or not all(_seat(s) for s in order) or \
            len(set(order)) != len(order):
        raise BadInput(tr("not a position: {order} do not play a deal (two or three"
                          " different seats, 0-3)", order=repr(tuple(order))[:80]))


def check_talon(rules: PlayRules, talon: Sequence[object], first: int, hands: int = 0) -> None:
    """``talon`` is the card of each talon-led trick from trick ``first`` on, each a
    different card that no hand holds."""
    needed = rules.talon_needed(first)
    if len(talon) != needed:
        raise BadInput(_wrong_talon(needed, first))
    if not all(_card(c) for c in talon) or len(set(talon)) != len(talon):
        raise BadInput(tr("not a position: the talon {talon} is not different cards 0-31",
                          talon=repr(tuple(talon))[:80]))
    if any(hands >> c & 1 for c in talon):  # type: ignore[operator]
        raise BadInput(tr("not a position: a talon card is in a hand"))


def _wrong_talon(needed: int, first: int) -> str:
    """Why a talon of the wrong size is refused."""
    return tr("not a position: the all-pass tricks opened by the talon from trick {n} on"
              " need {needed} talon cards, one for each", n=first, needed=needed)


def check_hands(hands: Sequence[object], order: Iterable[int]) -> int:
    """Every hand a set of cards (a mask of 32 bits), none of them in two hands, ten at
    most; the cards of the hands that play, as one mask."""
    if len(hands) > 4 or not all(_is_int(h) and 0 <= h <= DECK for h in hands):  # type: ignore[operator]
        raise BadInput(tr("not a position: the hands are not four sets of cards"))
    seen = 0
    for seat in order:
        hand = int(hands[seat]) if seat < len(hands) else 0  # type: ignore[call-overload]
        if hand & seen:
            raise BadInput(tr("not a position: a card is in two hands"))
        if hand.bit_count() > TRICKS:
            raise BadInput(tr("not a position: a hand holds more than ten cards"))
        seen |= hand
    return seen


def check_search(rules: PlayRules, order: Sequence[int], target: int,
                 maximisers: Iterable[int], talon: Sequence[int], first: int) -> None:
    """The values a search of one deal's play is made with."""
    check_rules(rules)
    check_order(order)
    if target not in order or not all(s in order for s in maximisers):
        raise BadInput(tr("not a search: the seats counted must play the deal"))
    if not (_is_int(first) and 1 <= first <= TRICKS):
        raise BadInput(tr("not a position: trick {n} (1-10)", n=repr(first)[:20]))
    check_talon(rules, talon, first)


def check_position(rules: PlayRules, order: Sequence[int], talon: Sequence[int], first: int,
                   hands: Sequence[int], leader: int, number: int,
                   table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> None:
    """A position a search is asked about: the hands, who leads trick ``number`` (the
    eldest, after a talon card), the trick on the table and who played it, each hand
    holding a card for each trick left and one fewer once it has played to this one."""
    held = check_hands(hands, order)
    if not (_is_int(number) and first <= number <= TRICKS):
        raise BadInput(tr("not a position: trick {n} ({first}-10)", n=repr(number)[:20],
                          first=first))
    if leader not in order:
        raise BadInput(tr("not a position: the leader does not play"))
    if len(table) != len(seats) or not all(_card(c) for c in table) or \
            len(set(table)) != len(table) or any(held >> c & 1 for c in table):
        raise BadInput(tr("not a position: the trick on the table is not cards no hand"
                          " holds, each with its seat"))
    check_talon(rules, talon, first, held)
    talon_led = rules.talon_lead(number)
    if talon_led and leader != order[0]:
        raise BadInput(tr("not a position: the eldest plays first after the talon's card"))
    expected: list[int | None] = []
    if table:
        n = len(order)
        at = order.index(leader)
        expected = [order[(at + i) % n] for i in range(n)]
        if talon_led:
            expected = [None, *expected]
            if table[0] != talon[number - first]:
                raise BadInput(tr("not a position: trick {n} is opened by the talon's card",
                                  n=number))
        if len(table) >= len(expected) or list(seats) != expected[:len(table)]:
            raise BadInput(tr("not a position: the trick on the table is not played in turn"
                              " (or is complete)"))
    played = {s for s in seats if s is not None}
    counts = {int(hands[s]).bit_count() + (s in played) for s in order}
    if len(counts) != 1 or counts.pop() > TRICKS + 1 - number or \
            (table and not any(hands[s] for s in order if s not in played)):
        raise BadInput(tr("not a position: the hands before trick {n} do not hold the same"
                          " number of cards, one for each trick left", n=number))


__all__ = ["BadInput", "check_hands", "check_order", "check_position", "check_rules",
           "check_search", "check_talon"]
