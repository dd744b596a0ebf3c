"""Positions of the play, as the solver sees them: every hand known, the kernel's rules.

A :class:`~pfn.rules.tricks.Start` is where a deal's play begins (the hands after the
talon and the discard, who plays, who leads, the rules of play of the contract); a
:class:`Position` is a start and the cards played since, replayed on the kernel
(:class:`~pfn.rules.tricks.Tricks`), and refused when no deal reaches it.
:func:`start_of` builds the start of a replayed record, or says what it lacks
(:class:`NotAnalysable`): the solver never guesses a hidden card.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from pfn.analysis.inputs import BadInput, check_order, check_rules, check_talon
from pfn.cards import CARDS
from pfn.diagnostics import Diagnostic, PfnError
from pfn.messages import Text, msg
from pfn.rules.replay import Replay
from pfn.rules.state import talon_order as rules_talon_order
from pfn.rules.tricks import TRICKS, Start, Tricks


class NotAnalysable(PfnError):
    """The record does not give what an open-hand analysis needs (said in words);
    ``broken``: the deal breaks the rules of structure (no deal is like it), so the
    record has an error, not merely too little information."""

    def __init__(self, message: Text, broken: bool = False) -> None:
        super().__init__(message)
        self.broken = broken
        self.diagnostics: list[Diagnostic] = []
        """The check's diagnostics when the deal is broken (where, which rule)."""


def check_start(start: Start) -> None:
    """Refuse a start no deal can reach (:class:`NotAnalysable`): it has no value, is
    never searched, and never given to the compiled core, which trusts its input."""
    try:
        _check(start)
    except BadInput as error:
        raise NotAnalysable(error.said) from None


def _check(start: Start) -> None:
    check_order(start.order)
    check_rules(start.rules)
    if not isinstance(start.number, int) or not 1 <= start.number <= TRICKS:
        raise NotAnalysable(msg("not a position: trick {n} (1-10)", n=repr(start.number)[:20]))
    if len(start.hands) > 4 or not all(isinstance(h, int) and 0 <= h < 1 << 32
                                      for h in start.hands) or \
            max(start.order) >= len(start.hands):
        raise NotAnalysable(msg("not a position: the hands are not four sets of cards"))
    seen = 0
    for seat in start.order:
        twice = start.hands[seat] & seen
        if twice:
            card = CARDS[twice.bit_length() - 1]
            raise NotAnalysable(msg("not a position: {card} is in two hands", card=card))
        seen |= start.hands[seat]
    counts = {start.hands[seat].bit_count() for seat in start.order}
    if len(counts) != 1 or counts.pop() > 11 - start.number:
        raise NotAnalysable(msg("not a position: the hands before trick {n} do not hold"
                               " the same number of cards, one for each trick left",
                               n=start.number))
    if start.leader not in start.order:
        raise NotAnalysable(msg("not a position: the leader does not play"))
    if start.declarer is not None and start.declarer not in start.order:
        raise NotAnalysable(msg("not a position: the declarer does not play"))
    check_talon(start.rules, start.talon, start.number, seen)


@dataclass(frozen=True)
class Position:
    """A start and the cards played since (each one legal: see :meth:`after`)."""

    start: Start
    played: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_start(self.start)

    @functools.cached_property
    def kernel(self) -> Tricks:
        """The position on the play kernel (replayed from the start; do not change it)."""
        tricks = self.start.kernel()
        for card in self.played:
            tricks.play(card)
        return tricks

    @property
    def over(self) -> bool:
        return self.kernel.over

    @property
    def turn(self) -> int:
        """The seat to play."""
        return self.kernel.turn

    @property
    def number(self) -> int:
        """The trick being played (from 1)."""
        return self.kernel.number

    @property
    def taken(self) -> tuple[int, ...]:
        """Tricks each seat has taken so far."""
        return tuple(self.kernel.taken)

    def after(self, card: int) -> Position:
        """The position after the seat to play plays ``card`` (``ValueError`` if the
        kernel does not allow it)."""
        if self.over or not self.kernel.legal_cards() >> card & 1:
            raise ValueError(f"{CARDS[card]} cannot be played here")
        return Position(self.start, (*self.played, card))


def refuse_broken(replay: Replay) -> None:
    """Refuse a record whose deal the check rejects (a card dealt twice, a short hand):
    no deal has its play to analyse.  The error carries the check's first diagnostic."""
    from pfn.structure import check_structure

    broken = [d for d in check_structure(replay.record) if d.is_error]
    if broken:
        error = NotAnalysable(msg("not analysable: {code} {message}", code=broken[0].code,
                                 message=broken[0].said), True)
        error.diagnostics = broken
        raise error


def start_of(replay: Replay) -> Start:
    """The start of the play of a replayed record, every card of it known."""
    r = replay
    refuse_broken(r)
    contract = r.contract
    if contract is None:
        raise NotAnalysable(msg("no contract: there is no play to analyse"))
    if r.record.start is not None and r.play_rules is not None and r.first_leader is None:
        raise NotAnalysable(msg("who leads to trick {n} is not given: an ending's leader is"
                               " the one its Play tag names ([Play \"B\"])",
                               n=r.record.first_trick))
    if r.play_rules is None or not r.participants or r.first_leader is None:
        raise NotAnalysable(msg("{contract} is not played: there is no play to analyse",
                                contract=contract))
    hidden = [str(s) for s in r.participants if not r.complete[s]]
    if hidden:
        known = [str(s) for s in r.participants if r.complete[s]]
        what = ", ".join(hidden)
        if known:
            raise NotAnalysable(msg(
                "not analysable: the cards of {hidden} are not all given (only {known} and the"
                " played cards are known; the chances over every layout of the rest: {command})",
                hidden=what, known=", ".join(known), command="pfn odds --seat " + known[0]))
        raise NotAnalysable(msg("not analysable: the cards of {hidden} are not given",
                               hidden=what))
    order = tuple(int(s) for s in r.participants)
    hands = tuple(r.hands) + (0,) * (4 - len(r.hands))
    number, held = r.record.first_trick, r.record.tricks_left
    counts = {hands[s].bit_count() for s in order}
    if counts != {held}:
        raise NotAnalysable(msg("not analysable: the hands do not hold {n} cards each when"
                               " the play begins", n=held))
    return Start(hands, order, int(r.first_leader), r.play_rules, contract,
                 None if r.declarer is None or contract.allpass else int(r.declarer),
                 talon_order(r), number)


def talon_order(r: Replay) -> tuple[int, ...]:
    """The talon cards that open the all-pass tricks from the record's first trick on
    (:func:`pfn.rules.state.talon_order`); :class:`NotAnalysable` when not given."""
    found = rules_talon_order(r)
    if found is not None:
        return found
    number = r.record.first_trick
    if number > 1:
        raise NotAnalysable(msg("not analysable: the talon card that opens trick {n} is not"
                               " given (write it first on the trick's line, or the talon"
                               " as shown in the Talon tag)", n=number))
    raise NotAnalysable(msg("not analysable: the talon, which opens the first tricks, is"
                           " not given"))


def main_line(replay: Replay) -> Iterator[tuple[Position, int, int, int]]:
    """Each card of the record's main line with the position it was played from: the
    position, the card, the trick's line (index into the Play section) and the card's
    index in that line (a talon card, which nobody plays, is not given)."""
    start = start_of(replay)
    position = Position(start)
    play = replay.record.play
    if play is None:
        return
    for line, run in enumerate(play.tricks):
        for index, card in enumerate(run.cards):
            if position.over:
                return
            kernel = position.kernel
            if index == 0 and kernel.seats and kernel.seats[0] is None:
                if card != kernel.cards[0]:
                    return
                continue
            if card is None or not kernel.legal_cards() >> card & 1:
                return
            yield position, card, line, index
            position = position.after(card)
