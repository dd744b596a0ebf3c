"""Positions of the play, as the solver sees them: every hand known, the kernel's rules.

A :class:`Start` is where a deal's play begins (the hands after the talon and the
discard, who plays, who leads, the rules of play of the contract); a
:class:`Position` is a start and the cards played since, replayed on the kernel
(:class:`~pfn.rules.tricks.Tricks`).  :func:`start_of` builds the start of a replayed
record, or says what it lacks (:class:`NotAnalysable`): the solver never guesses a
hidden card.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from pfn.analysis.inputs import BadInput, check_order, check_rules, check_talon
from pfn.cards import CARDS
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic, PfnError
from pfn.messages import Text, msg
from pfn.rules.replay import Replay
from pfn.rules.state import talon_order as rules_talon_order
from pfn.rules.tricks import TRICKS, PlayRules, Tricks

Kind = Literal["tricks", "misere", "allpass"]
"""What the play is about: the declarer's tricks, a misère, or an all-pass."""


class NotAnalysable(PfnError):
    """The record does not give what an open-hand analysis needs (said in words);
    ``broken``: the deal breaks the rules of structure (no deal is like it), so the
    record has an error, not merely too little information."""

    def __init__(self, message: Text, broken: bool = False) -> None:
        super().__init__(message)
        self.broken = broken
        self.diagnostics: list[Diagnostic] = []
        """The check's diagnostics when the deal is broken (where, which rule)."""


@dataclass(frozen=True)
class Start:
    """The beginning of a deal's play."""

    hands: tuple[int, ...]
    """Every seat's cards when the play begins (masks, by seat)."""
    order: tuple[int, ...]
    """The seats that play, in playing order from the eldest."""
    leader: int
    rules: PlayRules
    contract: Contract
    declarer: int | None
    talon: tuple[int, ...] = ()
    """The talon cards that open the all-pass tricks from trick ``number`` on, in order
    (``rules.talon_needed(number)`` of them: both at trick 1, the second at trick 2)."""
    number: int = 1
    """The first trick: 1, or the trick an ending (the Start tag) begins with."""

    def __post_init__(self) -> None:
        # a position no deal can reach has no value: refused, never searched (and
        # never given to the compiled core, which trusts its input)
        try:
            self._check()
        except BadInput as error:
            raise NotAnalysable(error.said) from None

    def _check(self) -> None:
        check_order(self.order)
        check_rules(self.rules)
        if not isinstance(self.number, int) or not 1 <= self.number <= TRICKS:
            raise NotAnalysable(msg("not a position: trick {n} (1-10)", n=repr(self.number)[:20]))
        if len(self.hands) > 4 or not all(isinstance(h, int) and 0 <= h < 1 << 32
                                          for h in self.hands) or \
                max(self.order) >= len(self.hands):
            raise NotAnalysable(msg("not a position: the hands are not four sets of cards"))
        seen = 0
        for seat in self.order:
            twice = self.hands[seat] & seen
            if twice:
                card = CARDS[twice.bit_length() - 1]
                raise NotAnalysable(msg("not a position: {card} is in two hands", card=card))
            seen |= self.hands[seat]
        counts = {self.hands[seat].bit_count() for seat in self.order}
        if len(counts) != 1 or counts.pop() > 11 - self.number:
            raise NotAnalysable(msg("not a position: the hands before trick {n} do not hold"
                                   " the same number of cards, one for each trick left",
                                   n=self.number))
        if self.leader not in self.order:
            raise NotAnalysable(msg("not a position: the leader does not play"))
        if self.declarer is not None and self.declarer not in self.order:
            raise NotAnalysable(msg("not a position: the declarer does not play"))
        check_talon(self.rules, self.talon, self.number, seen)

    @property
    def kind(self) -> Kind:
        if self.contract.allpass:
            return "allpass"
        return "misere" if self.contract.misere else "tricks"


@dataclass(frozen=True)
class Position:
    """A start and the cards played since (each one legal: see :meth:`after`)."""

    start: Start
    played: tuple[int, ...] = ()

    @functools.cached_property
    def kernel(self) -> Tricks:
        """The position on the play kernel (replayed from the start; do not change it)."""
        s = self.start
        tricks = Tricks(s.hands, s.order, s.leader, s.rules, s.talon, s.number)
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
