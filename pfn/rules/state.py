"""One deal, move by move: the state the rules keep between two moves.

A :class:`DealState` is a deal (its hands, dealer, rule family and what the match
tells it) and the moves made on it: the auction's calls, the declarer's discard and
contract, the defence's calls and the cards.  It answers what python-chess's ``Board``
answers — :attr:`~DealState.stage`, :attr:`~DealState.turn`,
:meth:`~DealState.legal_moves` — and :meth:`~DealState.push` checks a move where the
deal stands: the auction on :class:`~pfn.rules.auction.Auction`, the defence on the
family's :class:`~pfn.rules.defence.Defence`, the cards on the play kernel
(:class:`~pfn.rules.tricks.Tricks`), each family answering through its hooks
(:class:`~pfn.rules.family.RuleFamily`).  Between two stages (the auction won, the
discard made, the contract named, the defence decided) the state walks its moves
through the stages every replay shares (:class:`~pfn.rules.setup.Setup`,
:mod:`pfn.rules.settling`), fed moves instead of a record's sections, and a refused
move is judged by the stage that refuses it — so what a state allows is what ``pfn
check`` accepts, with no second copy of a rule.  No record is replayed:
:meth:`~DealState.snapshot` is the replay the state built as it went.  A record's
replay pushes its own moves into a state too
(:class:`~pfn.rules.pushing.RecordState`), collecting the problems they raise.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from pfn import codes
from pfn.cards import CARDS, Card, CardSet
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic, Problem
from pfn.messages import msg
from pfn.model import Call, CallSection, Deal, Play, Record
from pfn.rules import settling
from pfn.rules.defence import Defence
from pfn.rules.family import RuleFamily
from pfn.rules.play import kernel_problem
from pfn.rules.playstart import play_lines, play_start, talon_order
from pfn.rules.replay import DealContext, PlayedTrick, Replay
from pfn.rules.setup import Setup, opening
from pfn.rules.tricks import Start, Tricks
from pfn.rules.written import first_record, with_tags
from pfn.seats import SEATS, Seat

Move = Call | Card | Contract
"""A move: an auction or defence call, a card (discarded or played), a contract."""
Stage = Literal["auction", "discard", "contract", "defence", "play", "over"]
"""What the deal waits for: the auction, the declarer's discard, his contract, the
defence's calls, the play, or nothing (it is over)."""


class DealState:
    """A deal and the moves made on it, checked by the rules as they are made.

    ``base`` is the record of the deal before its first move (its tags, hands, dealer
    and house rules; an ending's Start and leader); :meth:`new` makes it from a deal
    and a dealer.  ``walk_defence``: whether the defence's calls are moves (a record
    without a Defence section whose play shows the defence keeps it as it is);
    ``talon``: the order the talon's cards open the first tricks of an all-pass (a
    record's, as played; low to high when not given)."""

    def __init__(self, variant: RuleFamily, base: Record,
                 context: DealContext | None = None, *, walk_defence: bool = True,
                 talon: Sequence[int] = (), first: Replay | None = None) -> None:
        self.variant = variant
        self.talon = tuple(talon)
        self.base = base
        self.context = context or DealContext()
        self.walks_auction = base.auction is None and base.contract is None and \
            base.start is None
        self.walks_defence = walk_defence
        self.moves: list[tuple[Stage, Move, Move]] = []
        """Each move: the stage it was made in, the move, and the move as written."""
        first = self.first = first or opening(base, variant, self.context)
        """What the base establishes: the seating and the deal (and for a deal taken up
        after its auction, an ending or a problem, what its tags give: the contract,
        the talon and discard, an ending's defence and leader)."""
        self.eldest = first.eldest
        self.replay: Replay | None = None
        self._snapshot: Replay | None = None
        self._legal: list[Move] | None = None
        self._settle()

    @classmethod
    def new(cls, variant: RuleFamily, deal: Deal, dealer: Seat | None = None,
            context: DealContext | None = None, *, rules: Sequence[tuple[str, str]] = (),
            names: Sequence[str] = ()) -> DealState:
        """The state of ``deal`` before its first call: ``variant`` with the house
        ``rules`` applied (the pairs are what the record of the moves says), ``names``
        the players'."""
        return cls(variant, first_record(variant.name, deal, dealer, rules, names), context)

    # -- where the deal stands -------------------------------------------------------

    def _settle(self) -> None:
        """Where the deal stands after a move that ends a stage (or a move taken back):
        the moves so far walked through the stages of the replay, from the base's."""
        self.start: Start | None = None
        self.kernel: Tricks | None = None
        self.optional: Defence | None = None
        """A defence call the whister may still make before the lead (open or closed)."""
        self.winner: Seat | None = None
        self._snapshot = self._legal = None
        self.stage: Stage = self._walk()
        if self.stage == "play":
            assert self.replay is not None
            start = self.start = play_start(self.replay, self.talon)
            if start is None:
                self.stage = "over"
            else:
                self.kernel = start.kernel()

    def _walk(self) -> Stage:
        """The stage the moves so far reach, and (in :attr:`replay`) what the stages
        before it established: the auction, the declarer and contract, the hands after
        the discard, the defence, the play's rules and leader — each asked of the
        replay's own stages (:class:`~pfn.rules.stages.Replayer`), which the state
        feeds its moves instead of a record's sections."""
        first = self.first
        r = self.replay = replace(first, diagnostics=list(first.diagnostics),
                                  unchecked=list(first.unchecked))
        stage = Setup(self.base, self.variant, self.context, "collect")
        stage.r = r
        moves = self.moves
        auction = r.auction
        if self.walks_auction:
            auction = r.auction = stage.open_auction(self.eldest)
            for s, move, _ in moves:  # (each was checked when it was pushed)
                if s == "auction" and isinstance(move, Call):
                    auction.apply(auction.speaker(move.seat)[0], move.token)  # type: ignore[arg-type]
        if auction is not None and not auction.state.finished:
            return "auction"
        if auction is not None:
            self.winner = auction.declarer
        if self.walks_auction and auction is not None:
            r.contract, r.declarer = settling.settled(auction)
        if auction is not None and not auction.state.allpass:
            discard = [m for s, m, _ in moves if s == "discard" and isinstance(m, Card)]
            said = [m for s, m, _ in moves if s == "contract" and isinstance(m, Contract)]
            if auction.takes_talon() and len(discard) < 2 and (
                    self.walks_auction or self.base.discard is None):
                return "discard"
            if len(discard) == 2:
                r.discard = CardSet(sum(1 << c for c in discard))
            if said:
                r.contract = said[0]
            elif (not self.walks_auction and self.base.contract is None) or r.contract is None:
                return "contract"
            if discard and r.declarer is not None and r.contract is not None and \
                    not r.contract.hand:
                self._take_talon(r, r.declarer, sum(1 << c for c in discard))
        if r.contract is None:
            return "over"
        if self.base.start is None:  # (an ending's defence and play are its base's)
            self._defend(stage, r)
        protocol = self.protocol(r)
        if protocol is not None and protocol.expected() is not None:
            if not protocol.finished():
                return "defence"
            self.optional = protocol  # a choice the whister may make before the lead
        if self.base.start is None:
            r.play_rules, r.participants, r.first_leader = None, (), None
            stage.play_setup()
        if r.play_rules is None or not r.participants or r.first_leader is None:
            return "over"
        return "play"

    @staticmethod
    def _take_talon(r: Replay, declarer: Seat, discard: int) -> None:
        """The declarer's hand after his discard, when his hand and the talon are known."""
        hands, complete = list(r.hands), list(r.complete)
        if complete[declarer] and r.talon.bit_count() == 2:
            hands[declarer] = CardSet(settling.after_talon(hands[declarer], r.talon, discard))
        else:
            complete[declarer] = False
        r.hands, r.complete, r.discard = tuple(hands), tuple(complete), CardSet(discard)

    def _defend(self, stage: Setup, r: Replay) -> None:
        """The defence's outcome, from the calls walked (or, for a record that does not
        give them, what the rules and the play leave)."""
        protocol = settling.defence_for(self.variant, r)
        if protocol is None:
            return
        calls = [w for s, _, w in self.moves if s == "defence"]
        protocol.run(calls)  # type: ignore[arg-type]
        if calls or protocol.silent:
            r.defence = protocol.outcome
        else:
            r.defence = stage.unstated_defence(protocol, True if self.cards() else None)

    def protocol(self, r: Replay | None = None) -> Defence | None:
        """The defence so far, when the state walks it."""
        r = r or self.replay
        if r is None or not self.walks_defence:
            return None
        protocol = settling.defence_for(self.variant, r)
        if protocol is None or protocol.silent:
            return None
        calls = [w for s, _, w in self.moves if s == "defence"]
        if calls:
            protocol.run(calls)  # type: ignore[arg-type]
        return protocol

    @property
    def turn(self) -> Seat | None:
        """Who moves next (``None`` once the deal is over)."""
        r = self.replay
        assert r is not None
        if self.stage == "auction" and r.auction is not None:
            return r.auction.speaker(None)[0]
        if self.stage in ("discard", "contract"):
            return self.winner
        if self.stage == "defence":
            return self.speaker("defence")
        if self.stage == "play" and self.kernel is not None:
            return SEATS[self.kernel.turn]
        return None

    def speaker(self, stage: Stage) -> Seat | None:
        """Whose call it is in the auction or the defence."""
        r = self.replay
        assert r is not None
        if stage == "auction":
            return r.auction.speaker(None)[0] if r.auction is not None else None
        protocol = self.optional if self.stage in ("play", "over") else self.protocol()
        expected = protocol.expected() if protocol is not None else None
        return expected[0] if expected else None

    def cards(self) -> list[Card]:
        """The cards played so far."""
        return [m for s, m, _ in self.moves if s == "play"]  # type: ignore[misc]

    def held(self) -> dict[Seat, CardSet]:
        """What each player holds now (the declarer's talon included while he
        discards), in seat order."""
        players = self.base.players
        if self.kernel is not None:
            return {s: CardSet(self.kernel.hands[s]) for s in SEATS[:players]}
        r = self.replay
        deal = self.base.deal
        assert r is not None and deal is not None
        held = {s: CardSet(r.hands[s]) for s in SEATS[:players]}
        if self.winner is not None and self.walks_auction and self.stage != "auction":
            hand = deal.hands[self.winner]
            if r.auction is not None and r.auction.takes_talon() and hand is not None:
                # the talon taken, the discard made
                gone = sum(1 << c for s, c, _ in self.moves if s == "discard"
                           and isinstance(c, Card))
                talon = deal.talon.mask if deal.talon is not None else 0
                held[self.winner] = CardSet((hand.mask | talon) & ~gone)
        return held

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now: calls (each with its speaker), cards, or the
        contracts the declarer may announce."""
        stage = self.stage
        if stage == "play" and self.kernel is not None:
            legal = self.kernel.legal_cards()
            found: list[Move] = [CARDS[c] for c in range(32) if legal >> c & 1]
            if self.optional is not None and not self.cards():
                found += self._defence_calls(self.optional)
            return found
        if self._legal is None:  # the same until the next move (or one taken back)
            self._legal = self._calls_and_contracts()
        return list(self._legal)

    def _calls_and_contracts(self) -> list[Move]:
        r = self.replay
        assert r is not None
        stage = self.stage
        if stage == "over" and self.optional is not None and not self.cards():
            # a deal that ends without play: the whister's choice is still his to say;
            # once a card is played it is too late (push refuses it)
            return self._defence_calls(self.optional)
        if stage == "auction" and r.auction is not None:
            auction = r.auction
            speakers = [s for s in auction.state.order if s not in auction.state.passed] \
                if auction.free_order else [auction.speaker(None)[0]]
            return [Call(token, seat) for seat in speakers if seat is not None
                    for token in auction.legal_calls(seat)]
        if stage == "discard":
            return list(self.held()[self.winner]) if self.winner is not None else []
        if stage == "contract" and r.auction is not None:
            # (the auction's own objection already sorted out by contracts())
            return [c for c in r.auction.contracts() if not self._beyond_auction(c)]
        if stage == "defence":
            return self._defence_calls(self.protocol())
        return []

    def _defence_calls(self, protocol: Defence | None) -> list[Move]:
        expected = protocol.expected() if protocol is not None else None
        if protocol is None or not expected:
            return []
        return [Call(token, seat) for seat in expected for token in protocol.legal_calls(seat)
                if not self._defence_problems(Call(token, seat))]

    def _defence_problems(self, call: Call) -> list[Problem]:
        """The defence protocol's objection to ``call`` after the calls so far."""
        r = self.replay
        assert r is not None and r.contract is not None and r.declarer is not None
        protocol = self.variant.defence(r.contract, r.declarer, r.dealer, r.order)
        calls = [w for s, _, w in self.moves if s == "defence"] + [self.written("defence",
                                                                                 call)]
        return [problem for _, problem in protocol.run(calls)]  # type: ignore[arg-type]

    def _contract_problems(self, contract: Contract) -> list[Problem]:
        """Why the declarer may not name ``contract`` (in the order the replay finds
        it): an all-pass after an auction won, below the winning bid, not the family's,
        below the exit from all-passes, a hand that cannot play it."""
        r = self.replay
        assert r is not None and r.auction is not None
        if contract.allpass:
            return [settling.not_allpass(self.winner)]
        found = r.auction.contract_problem(contract)
        return [found, *self._beyond_auction(contract)] if found is not None else \
            self._beyond_auction(contract)

    def _beyond_auction(self, contract: Contract) -> list[Problem]:
        """Why the declarer may not name ``contract``, the winning bid aside."""
        r = self.replay
        assert r is not None
        found = [p for p in (self.variant.contract_problem(contract),
                             settling.exit_problem(self.variant, contract,
                                                 self.context.allpass_streak))
                 if p is not None]
        declarer = self.winner
        if declarer is not None and not contract.hand and r.complete[declarer] and \
                r.talon.bit_count() == 2:
            problem = self.variant.hand_problem(contract, r.hands[declarer] | r.talon)
            if problem is not None:
                found.append(problem)
        return found

    def written(self, stage: Stage, move: Move) -> Move:
        """The move as the record writes it: a call's speaker only when it is not the
        one whose turn it is."""
        if isinstance(move, Call) and move.seat is not None and \
                move.seat == self.speaker(stage):
            return Call(move.token)
        return move

    def push(self, move: Move) -> list[Diagnostic]:
        """Make ``move`` if the rules allow it; else change nothing and return the rule
        it breaks (empty: made)."""
        stage = self.stage
        if stage in ("play", "over") and isinstance(move, Call) and not self.cards() and \
                self.optional is not None:
            stage = "defence"
        if stage == "play" and isinstance(move, Card):
            return self._play(move)
        if isinstance(move, Call) and move.seat is None:
            move = Call(move.token, self.speaker(stage))
        if stage == "auction" and isinstance(move, Call):
            return self._call(move)
        if stage == "discard" and isinstance(move, Card) and self.winner is not None:
            if move not in self.held()[self.winner]:
                return [Problem(codes.E206, msg(
                    "{card} is not one of {seat}'s cards: the discard comes from his hand and"
                    " the talon", card=move, seat=self.winner)).at(None)]
            self._snapshot = self._legal = None
            self.moves.append((stage, move, move))
            if sum(s == "discard" for s, _, _ in self.moves) == 2:  # the second completes it
                self._settle()
            return []
        if stage == "contract" and isinstance(move, Contract):
            problems = self._contract_problems(move)
            if problems:
                return [problems[0].at(None, str(move))]
        elif stage == "defence" and isinstance(move, Call):
            problems = self._defence_problems(move)
            if problems:
                return [problems[0].at(None)]
        else:
            return [out_of_stage(self.stage, move, self.turn).at(None)]
        self.moves.append((stage, move, self.written(stage, move)))
        self._settle()
        return []

    def _call(self, call: Call) -> list[Diagnostic]:
        """An auction call: asked of the live auction."""
        r = self.replay
        assert r is not None and r.auction is not None
        auction = r.auction
        speaker, problem = auction.speaker(call.seat)
        if problem is None and speaker is not None:
            problem = auction.check(speaker, call.token)
        if problem is not None or speaker is None:
            return [(problem or out_of_stage(self.stage, call, self.turn)).at(None)]
        self.moves.append(("auction", call, self.written("auction", call)))
        self._snapshot = self._legal = None
        auction.apply(speaker, call.token)
        if auction.state.finished:
            self._settle()
        return []

    def _play(self, card: Card) -> list[Diagnostic]:
        kernel = self.kernel
        assert kernel is not None
        if kernel.over or not kernel.legal_cards() >> card & 1:
            return [self._card_problem(kernel, card).at(None, str(card))]
        kernel.play(card)
        self.moves.append(("play", card, card))
        self._snapshot = self._legal = None
        if kernel.over:
            self.stage = "over"
        return []

    def _card_problem(self, kernel: Tricks, card: Card) -> Problem:
        """Which rule of play forbids ``card`` now (the play stage's own words)."""
        if kernel.over:
            return out_of_stage("over", card, None)
        seen = sum(1 << m for s, m, _ in self.moves if s == "play" and isinstance(m, Card))
        return kernel_problem(kernel, card, seen)

    def take(self, moves: Sequence[tuple[Stage, Move, Move]], trick: int, card: int) -> None:
        """Make the moves a replay has checked (:attr:`Replay.moves`, a record's) without
        asking the rules again: every call, the discard and the contract, and the cards
        up to ``card`` cards into trick ``trick``."""
        self.moves = [entry for entry in moves if entry[0] not in ("play", "defence")]
        self._settle()
        if self.walks_defence:
            for _, call, written in (e for e in moves if e[0] == "defence"):
                assert isinstance(call, Call)
                seat = call.seat if call.seat is not None else self.speaker("defence")
                self.moves.append(("defence", Call(call.token, seat), written))
            self._settle()
        kernel = self.kernel
        for entry in moves:
            if entry[0] != "play" or kernel is None or kernel.over or \
                    (kernel.number, sum(s is not None for s in kernel.seats)) >= (trick, card):
                continue
            kernel.play(entry[1])  # type: ignore[arg-type]
            self.moves.append(entry)
        if kernel is not None and kernel.over:
            self.stage = "over"

    def pop(self) -> Move:
        """Take back the last move, and return it (``IndexError`` when none is made)."""
        stage, move, _ = self.moves.pop()
        self._snapshot = self._legal = None
        if stage == "play" and self.kernel is not None:
            self.kernel.undo()
            self.stage = "play"
        elif not (stage == "discard" and self.stage == "discard"):
            self._settle()
        return move

    def copy(self) -> DealState:
        """An independent state with the same deal and moves."""
        twin = DealState.__new__(DealState)
        twin.__dict__.update(self.__dict__)
        twin.moves = list(self.moves)
        twin._settle()
        for stage, move, _ in self.moves:
            if stage == "play" and twin.kernel is not None:
                twin.kernel.play(move)  # type: ignore[arg-type]
        if twin.kernel is not None and twin.kernel.over:
            twin.stage = "over"
        return twin

    # -- the record of the moves -----------------------------------------------------

    def snapshot(self) -> Replay:
        """What the moves so far established, as :func:`pfn.replay` tells it of their
        :meth:`record`, built from the state itself (no record is replayed): its own
        replay, the tricks its kernel played, and the result."""
        if self._snapshot is None:
            self._snapshot = self._built()
        return self._snapshot

    def _built(self) -> Replay:
        walked = self.replay
        if self.cards() and self.base.start is None and \
                not any(stage == "defence" for stage, _, _ in self.moves):
            kept = self.replay, self.winner, self.optional
            self._walk()  # (a defence not given is the one the cards played leave)
            walked = self.replay
            self.replay, self.winner, self.optional = kept
        assert walked is not None
        record = self.record()
        first, r = self.first, walked
        said = list(first.unchecked)
        auction = r.auction
        if self.walks_auction and auction is not None:  # what the auction leaves open
            if not auction.state.finished:
                said.append(msg("the auction is not finished"))
            elif not auction.state.allpass and r.contract is None:
                said.append(msg("no Contract tag: the contract"))
        said += [what for what in r.unchecked[len(first.unchecked):] if what not in said]
        auction = copy.deepcopy(auction) if self.stage == "auction" else auction  # (still bid on)
        r = replace(r, record=record, auction=auction, unchecked=said,
                    made=list(self.moves), pending=[],
                    diagnostics=list(first.diagnostics), tricks=[], taken={}, result={})
        kernel, start = self.kernel, self.start
        if record.play is not None and kernel is not None and start is not None:
            r.leader = r.first_leader
            r.tricks, r.taken = self._tricks(kernel, start, record.play), {}
            for seat in sorted(start.order):
                r.taken[SEATS[seat]] = kernel.taken[seat]
            r.play_complete = kernel.over
        setup = Setup(record, self.variant, self.context, "collect")
        setup.r = r
        setup.outcome()
        place = record.tags[0].pos if record.tags else (0, 0)
        r.diagnostics += [Problem(codes.I001, msg("not checked: {what}", what=what)).at(place)
                          for what in r.unchecked]
        return r

    def _tricks(self, kernel: Tricks, start: Start, play: Play) -> list[PlayedTrick]:
        """The tricks the kernel played, as the replay of the record tells them."""
        held = list(start.hands[:self.base.players])
        found = []
        for number, ((cards, seats, _, winner), line) in enumerate(
                zip(kernel.history, play.tricks, strict=False), start=start.number):
            found.append(PlayedTrick(
                number, None if seats[0] is None else SEATS[seats[0]],
                tuple(None if s is None else SEATS[s] for s in seats),
                tuple(CARDS[c] for c in cards), None if winner is None else SEATS[winner],
                tuple(held), seats[0] is None, line))
            for card, seat in zip(cards, seats, strict=True):
                if seat is not None:
                    held[seat] &= ~(1 << card)
        return found

    def record(self, extra: tuple[Stage, Move, Move] | None = None) -> Record:
        """The record of the moves so far (and ``extra``), without its result."""
        moves = [*self.moves, extra] if extra is not None else self.moves
        calls = {stage: [w for s, _, w in moves if s == stage and isinstance(w, Call)]
                 for stage in ("auction", "defence")}
        discard = [w for s, _, w in moves if s == "discard" and isinstance(w, Card)]
        cards = [w for s, _, w in moves if s == "play" and isinstance(w, Card)]
        said = [w for s, _, w in moves if s == "contract" and isinstance(w, Contract)]
        fields: dict[str, object] = {}
        if self.walks_auction:
            fields["auction"] = CallSection.of(self.eldest, calls["auction"])
        if len(discard) == 2:
            talon = self.base.deal.talon if self.base.deal is not None else None
            fields["talon"] = tuple(talon) if talon is not None else None
            fields["discard"] = tuple(discard)
        contract = said[0] if said else self._misere(bool(discard))
        if contract is not None:
            fields["contract"], fields["declarer"] = contract, self.winner
        r = self.replay
        if calls["defence"] and r is not None and r.contract is not None and \
                r.declarer is not None:
            first = self.variant.defence(r.contract, r.declarer, r.dealer,
                                         r.order).outcome.first
            fields["defence"] = CallSection.of(first, calls["defence"])
        if cards and self.start is not None:
            fields["play"] = Play(SEATS[self.start.leader], play_lines(self.start, cards))
            if self.start.talon:
                fields["talon"] = tuple(CARDS[c] for c in self.start.talon)
        return with_tags(self.base, fields)

    def _misere(self, discarded: bool) -> Contract | None:
        """A misère won in the auction is the contract, once the talon is dealt with."""
        auction = self.replay.auction if self.replay is not None else None
        if auction is None or not auction.state.finished:
            return None
        bid = auction.winning_bid()
        if bid is not None and bid.misere and (bid.hand or discarded):
            return bid
        return None


def out_of_stage(stage: Stage, move: Move, turn: Seat | None) -> Problem:
    """The rule a move of the wrong kind breaks (a card in the auction, a call in the
    play, any move once the deal is over)."""
    if stage == "auction":
        return Problem(codes.E307, msg("the auction is not finished: {seat} calls, not {move}",
                                      seat=turn, move=move))
    if stage == "discard":
        return Problem(codes.E401, msg("{seat} discards two cards first, not {move}", seat=turn,
                                      move=move))
    if stage == "contract":
        return Problem(codes.E409, msg("{seat} announces the contract first, not {move}",
                                      seat=turn, move=move))
    if stage == "defence":
        return Problem(codes.E407, msg("the defence is not finished: {seat} says whist or pass"
                                      " first, not {move}", seat=turn, move=move))
    if stage == "play":
        return Problem(codes.E406, msg("{move}: the defence has decided; {seat} plays a card",
                                      move=move, seat=turn))
    return Problem(codes.E507, msg("{move}: the deal is over", move=move))


__all__ = ["DealState", "Move", "Stage", "first_record", "out_of_stage", "play_lines",
           "play_start", "talon_order", "with_tags"]
