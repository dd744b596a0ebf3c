"""The deal state a record's replay pushes its moves into.

The replay of a record (:class:`~pfn.rules.stages.Replayer`) reads the record's
sections and checks its tags; the moves themselves — the auction's calls with their
variations, the defence's calls — are pushed into a :class:`RecordState`, the deal
state (:class:`~pfn.rules.state.DealState`) in its collecting mode: a move the rules
refuse is reported at its place in the record and made all the same, where the replay
goes on, so that one refused call does not hide the rest.  The stages between the
moves are the record's to settle (its tags say the contract, the discard), so this
state does not walk its moves again at each stage as a board's does.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from pfn import codes
from pfn.cards import Card, cards_of
from pfn.diagnostics import Diagnostic, Problem
from pfn.messages import Text, msg
from pfn.model import Call, CallNode, CardRun
from pfn.rules import settling
from pfn.rules.defence import Defence
from pfn.rules.play import PlayStage
from pfn.rules.replay import PlayedTrick
from pfn.rules.setup import Setup
from pfn.rules.state import DealState, Move, Stage
from pfn.rules.tricks import PlayRules
from pfn.seats import Seat

if TYPE_CHECKING:
    from pfn.rules.stages import Replayer


@functools.cache
def _call(token: str, seat: Seat) -> Call:
    """A call with its speaker (the calls of a deal are few: each is made once)."""
    return Call(token, seat)


class RecordState(DealState):
    """A deal state fed a record's moves, collecting the problems they raise."""

    playing: PlayStage | None
    """The play's engine: what is known of each hand, card by card."""

    @classmethod
    def following(cls, setup: Setup) -> RecordState:
        """The state a record's replay pushes its moves into, collecting: its replay
        is the one ``setup`` fills (seated and dealt), and the record's tags settle the
        stages between the moves (the replay of a record, :mod:`pfn.rules.stages`)."""
        state = cls.__new__(cls)
        state.variant, state.talon, state.base = setup.variant, (), setup.record
        state.context, state.walks_auction, state.walks_defence = setup.context, False, True
        state.moves, state.first, state.eldest = setup.r.made, setup.r, setup.r.eldest
        state.replay, state._snapshot, state._legal = setup.r, None, None
        state.start = state.kernel = state.optional = state.winner = None
        state.stage = "auction"
        state.playing = None
        return state

    def push_calls(self, nodes: Sequence[CallNode], report: Callable[[Diagnostic], None],
                   where: Text = "") -> None:
        """A record's auction calls pushed in order, collecting: a call the rules refuse
        is reported at its place (``where``: in a variation) and made all the same, as
        the replay goes on; one after the auction's end (or by nobody) stops it.  Each
        variation is pushed on a copy of the state at its branch."""
        r = self.replay
        assert r is not None and r.auction is not None
        auction = r.auction
        for node in nodes:
            call = node.call
            speaker, problem = auction.speaker(call.seat)
            if problem is None and speaker is not None:
                problem = auction.check(speaker, call.token)
            if problem is not None:
                report(problem.at(node.pos, node.text or None, where))
                if problem.code == codes.E308:
                    return
            if speaker is None:
                return
            for variation in node.ann.variations if node.ann is not None else ():
                if isinstance(variation.moves, tuple):
                    self._branch().push_calls(variation.moves, report,
                                              where + msg("in a variation: "))
            auction.apply(speaker, call.token)
            self.moves.append(("auction", _call(call.token, speaker), call))  # (as written)

    def _branch(self) -> RecordState:
        """A copy of a state a record is pushed into, for a variation from here."""
        r = self.replay
        assert r is not None
        twin = RecordState.__new__(RecordState)
        twin.__dict__.update(self.__dict__)
        twin.moves = list(self.moves)
        twin.replay = replace(r, auction=copy.deepcopy(r.auction))
        return twin

    def push_defence(self, protocol: Defence, calls: Sequence[Call]
                     ) -> list[tuple[int, Problem]]:
        """A record's defence calls pushed in order on ``protocol`` (fresh), collecting:
        each call's problems (by its index: a call's problems depend only on the calls
        before it, so one run of the protocol finds them all), every call made all the
        same, and the protocol left with the outcome of them all.  A call keeps the
        seat the record gives it (a board taking these moves asks the protocol)."""
        self.moves += [("defence", call, call) for call in calls]
        return protocol.run(calls)

    def push_settled(self) -> None:
        """The declarer's discard and contract, as the record's tags settle them (the
        discard when it is known; the contract unless the auction names it: an
        all-pass, a misère played as bid), written down when asked for."""
        r = self.replay
        assert r is not None
        auction, discard, contract = r.auction, r.discard, r.contract
        if self.base.auction is None or auction is None:
            return
        given = [c for c in self.base.discard or () if isinstance(c, Card)]

        def settled() -> list[tuple[Stage, Move, Move]]:  # (holds no replay: no cycle)
            found: list[tuple[Stage, Move, Move]] = [
                ("discard", card, card)
                for card in (given if len(given) == 2 else cards_of(discard))]  # as written
            if contract is not None and not contract.allpass and auction.state.finished and \
                    (not contract.misere or settling.settled(auction)[0] is None):
                found.append(("contract", contract, contract))
            return found

        r.pending.append(settled)

    def start_play(self, replayer: Replayer, participants: tuple[Seat, ...], leader: Seat,
                   rules: PlayRules) -> PlayStage:
        """The play's engine, from the first lead: what is known of each hand, card by
        card (:class:`~pfn.rules.play.PlayStage`)."""
        self.playing = PlayStage(replayer, participants, leader, rules)
        return self.playing

    def push_plain(self, tricks: Sequence[CardRun]) -> bool:
        """The main line on the play kernel, when every hand is known and the play is
        plain (every card given, no variation, no claim, every card legal); ``False``
        when it is not, and the lines are to be pushed card by card."""
        stage = self.playing
        assert stage is not None
        if not stage.plain(tricks):
            return False
        self.kernel = stage.kernel
        return True

    def lead(self, run: CardRun) -> bool:
        """Who leads the trick ``run`` opens: the one due to lead, else (an ending without
        a dealer) the holder of its first card; a trick led by another player is said
        once and followed from him.  ``False`` when who led is not known."""
        stage = self.playing
        assert stage is not None
        if not stage.find_leader(run.cards[0]):
            return False
        stage.resync_leader(run)
        stage.before = list(stage.hands.known)
        return True

    def push_card(self, run: CardRun, at: int, where: Text) -> bool:
        """Card ``at`` of ``run``, checked against what is known of the hands and made:
        a card the rules refuse is reported at its place and played all the same;
        ``False`` once the play can no longer be followed."""
        assert self.playing is not None
        return self.playing.step(run, at, where)

    def played(self) -> None:
        """The play is over: its cards are written down when asked for, and its engine
        (which reports to the replay) is let go — nothing kept refers back to the
        replay, so a replay is freed without the cycle collector."""
        stage = self.playing
        assert stage is not None
        done, table = stage.r.tricks, list(zip(stage.cards, stage.seats, strict=True))
        stage.r.pending.append(lambda: _cards(done, table))
        self.playing = None

    def branch_play(self) -> RecordState:
        """A copy of the state in its play, for a variation from here."""
        assert self.playing is not None
        twin = RecordState.__new__(RecordState)
        twin.__dict__.update(self.__dict__)
        twin.moves = list(self.moves)
        twin.playing = self.playing.snapshot()
        return twin


def _cards(tricks: Sequence[PlayedTrick], table: Sequence[tuple[Card | None, Seat | None]]
           ) -> Iterator[tuple[Stage, Move, Move]]:
    """The cards of the main line: its tricks', then the trick left on the table (a
    talon card is nobody's move)."""
    for trick in tricks:
        for card, seat in zip(trick.cards, trick.seats, strict=True):
            if card is not None and seat is not None:
                yield "play", card, card
    for card, seat in table:
        if card is not None and seat is not None:
            yield "play", card, card


__all__ = ["RecordState"]
