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
discard made, the contract named, the defence decided) the state asks the replay
(:mod:`pfn.rules.stages`) what the stage established, so what a state allows is what
``pfn check`` accepts; :meth:`~DealState.snapshot` is the replay of the moves so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from pfn import codes
from pfn.cards import CARDS, Card, CardSet
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic, Problem
from pfn.messages import msg
from pfn.model import Annotation, Call, CallSection, CardRun, Deal, Play, Record, Tag
from pfn.rules import stages
from pfn.rules.defence import Defence
from pfn.rules.family import RuleFamily
from pfn.rules.replay import DealContext, Replay
from pfn.rules.tricks import Start, Tricks
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
                 talon: Sequence[int] = ()) -> None:
        self.variant = variant
        self.talon = tuple(talon)
        self.base = base
        self.context = context or DealContext()
        self.walks_auction = base.auction is None and base.contract is None and \
            base.start is None
        self.walks_defence = walk_defence
        self.moves: list[tuple[Stage, Move, Move]] = []
        """Each move: the stage it was made in, the move, and the move as written."""
        first = stages.run(base, variant, self.context, "collect")
        self.eldest = first.eldest
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
        the replay of the moves so far says it."""
        self.replay: Replay | None = None
        self.start: Start | None = None
        self.kernel: Tricks | None = None
        self.optional: Defence | None = None
        """A defence call the whister may still make before the lead (open or closed)."""
        self.winner: Seat | None = None
        self._snapshot = self._legal = None
        record = self.record()
        r = stages.run(record, self.variant, self.context, "collect")
        if r.auction is not None and r.auction.state.finished:
            self.winner = r.auction.declarer
        self.replay = r
        again = self.record()  # what the first replay told: a misère's contract, the defence
        if again.contract != record.contract or again.defence != record.defence:
            r = self.replay = stages.run(again, self.variant, self.context, "collect")
        self.stage: Stage = self._stage_of(r)
        if self.stage == "play":
            start = self.start = play_start(r, self.talon)
            if start is None:
                self.stage = "over"
            else:
                self.kernel = start.kernel()

    def _stage_of(self, r: Replay) -> Stage:
        record = r.record
        auction = r.auction
        if auction is not None and not auction.state.finished:
            return "auction"
        if auction is not None and not auction.state.allpass:
            if auction.takes_talon() and record.discard is None:
                return "discard"
            if record.contract is None:
                return "contract"
        if r.contract is None:
            return "over"
        protocol = self.protocol(r)
        if protocol is not None and protocol.expected() is not None:
            if not protocol.finished():
                return "defence"
            self.optional = protocol  # a choice the whister may make before the lead
        if r.play_rules is None or not r.participants or r.first_leader is None:
            return "over"
        return "play"

    def protocol(self, r: Replay | None = None) -> Defence | None:
        """The defence so far, when the state walks it."""
        r = r or self.replay
        if r is None or not self.walks_defence or r.contract is None or \
                r.contract.allpass or r.declarer is None or len(r.order) != 3:
            return None
        protocol = self.variant.defence(r.contract, r.declarer, r.dealer, r.order)
        if protocol.silent:
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
            return [c for c in r.auction.contracts() if self._contract_allowed(c)]
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

    def _contract_allowed(self, contract: Contract) -> bool:
        """Whether the replay would let the declarer name ``contract``: the winning bid,
        the family's contracts, the hand it needs, the exit from all-passes."""
        r = self.replay
        assert r is not None and r.auction is not None
        if r.auction.contract_problem(contract) is not None or \
                self.variant.contract_problem(contract) is not None:
            return False
        streak = self.context.allpass_streak
        if streak and self.variant.allpass_played and not contract.misere and \
                contract.level < self.variant.exit_level(streak):
            return False
        declarer = self.winner
        deal = self.base.deal
        if declarer is not None and deal is not None and not contract.hand:
            hand = deal.hands[declarer]
            talon = deal.talon
            if hand is not None and hand.complete and talon is not None and \
                    talon.mask.bit_count() == 2 and self.variant.hand_problem(
                        contract, CardSet(hand.mask | talon.mask)) is not None:
                return False
        return True

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
            if sum(s == "discard" for s, _, _ in self.moves) == 0:
                self.moves.append((stage, move, move))  # the second card completes it
                return []
        entry = (stage, move, self.written(stage, move))
        problems = self._objection(entry)
        if problems:
            return problems
        self.moves.append(entry)
        self._settle()
        return []

    def _call(self, call: Call) -> list[Diagnostic]:
        """An auction call: asked of the auction itself, the replay's once it ends."""
        r = self.replay
        assert r is not None and r.auction is not None
        auction = r.auction
        speaker, problem = auction.speaker(call.seat)
        if problem is None and speaker is not None:
            problem = auction.check(speaker, call.token)
        if problem is not None:
            return [problem.at(None)]
        if speaker is None:
            return self._objection(("auction", call, self.written("auction", call)))
        self.moves.append(("auction", call, self.written("auction", call)))
        self._snapshot = self._legal = None
        auction.apply(speaker, call.token)
        if auction.state.finished:
            self._settle()
        return []

    def _objection(self, entry: tuple[Stage, Move, Move]) -> list[Diagnostic]:
        """The rules' objection to the move ``entry``: a call of a defence still in
        progress is the defence protocol's to judge (the replay takes an unfinished
        Defence section for a record's mistake), anything else the replay's."""
        stage, move, _ = entry
        if stage == "defence" and self.replay is not None and isinstance(move, Call):
            problems = self._defence_problems(move)
            if problems:
                return [problems[0].at(None)]
            if not self._ends_defence(move):
                return []
        return self._judged(entry)

    def _ends_defence(self, call: Call) -> bool:
        r = self.replay
        assert r is not None and r.contract is not None and r.declarer is not None
        protocol = self.variant.defence(r.contract, r.declarer, r.dealer, r.order)
        protocol.run([w for s, _, w in self.moves if s == "defence"] +  # type: ignore[arg-type]
                     [self.written("defence", call)])
        return protocol.finished()

    def _judged(self, entry: tuple[Stage, Move, Move]) -> list[Diagnostic]:
        """The replay's first error with ``entry`` made (the rules' own words)."""
        from pfn.structure import check_structure

        record = self.record(entry)
        found = stages.run(record, self.variant, self.context, "collect")
        return [d for d in check_structure(record) + found.diagnostics if d.is_error][:1]

    def _play(self, card: Card) -> list[Diagnostic]:
        kernel = self.kernel
        assert kernel is not None
        if kernel.over or not kernel.legal_cards() >> card & 1:
            problems = self._judged(("play", card, card))  # which rule forbids it
            return problems or [Problem(codes.E502, msg("{card} cannot be played now",
                                                       card=card)).at(None)]
        kernel.play(card)
        self.moves.append(("play", card, card))
        self._snapshot = self._legal = None
        if kernel.over:
            self.stage = "over"
        return []

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
        """The replay of the moves so far (what :func:`pfn.replay` tells of their
        record)."""
        if self._snapshot is None:
            self._snapshot = stages.run(self.record(), self.variant, self.context, "collect")
        return self._snapshot

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


def first_record(variant: str, deal: Deal, dealer: Seat | None = None,
                 rules: Sequence[tuple[str, str]] = (), names: Sequence[str] = ()) -> Record:
    """The record of ``deal`` before its first move: its variant, house rules, players'
    names and dealer."""
    tags = [Tag("Variant", variant), Tag("Deal", str(deal))]
    if rules:
        tags.append(Tag("Rules", "; ".join(f"{k}={v}" for k, v in rules)))
    if names:
        tags.append(Tag("Players", "; ".join(names)))
    if dealer is not None:
        tags.append(Tag("Dealer", str(dealer)))
    return Record(tags=tuple(tags), variant=variant, players=deal.players, dealer=dealer,
                  deal=deal, rules=tuple(rules))


def play_start(r: Replay, talon: Sequence[int] = ()) -> Start | None:
    """Where the play of a replayed deal begins, every card of it known (``talon``: the
    order the talon opens tricks, when the replay does not tell it); ``None`` when
    there is no such play (no contract, a hand not given, a talon that opens tricks
    not given, hands of different sizes)."""
    contract = r.contract
    if contract is None or r.play_rules is None or not r.participants or \
            r.first_leader is None or any(not r.complete[s] for s in r.participants):
        return None
    order = tuple(int(s) for s in r.participants)
    hands = tuple(r.hands) + (CardSet(0),) * (4 - len(r.hands))
    number, held = r.record.first_trick, r.record.tricks_left
    if {hands[s].bit_count() for s in order} != {held}:
        return None
    order_of = talon_order(r)
    if order_of is None:
        return None
    if talon and sorted(talon) == sorted(order_of):
        order_of = tuple(talon)
    return Start(tuple(map(int, hands)), order, int(r.first_leader), r.play_rules,
                     contract, None if r.declarer is None or contract.allpass
                     else int(r.declarer), order_of, number)


def talon_order(r: Replay) -> tuple[int, ...] | None:
    """The talon cards that open the all-pass tricks from the record's first trick on: as
    played, else as the Talon tag lists them (the talon as shown, trick 1's card first),
    else low to high; ``None`` when they are not given.  An ending at trick 2 needs only
    the card of trick 2."""
    rules = r.play_rules
    number = r.record.first_trick
    if rules is None or not rules.talon_needed(number):
        return ()
    skipped = number - 1  # the talon cards of the tricks before the ending, played then
    needed = rules.talon_needed(number)
    lines = r.record.play.tricks if r.record.play is not None else ()
    played = [int(run.cards[0]) for run in lines[:needed]
              if run.cards and run.cards[0] is not None]
    if len(played) >= needed:
        return tuple(played[:needed])
    listed = [int(c) for c in r.record.talon or () if isinstance(c, int)]
    cards = [c for c in range(32) if r.talon >> c & 1]
    if skipped and len(listed) == rules.talon_leads:
        return tuple(listed[skipped:])
    if skipped and len(cards) >= needed:  # the last ones, low to high
        return tuple(cards[len(cards) - needed:])
    if not skipped and len(cards) >= needed:
        for order in (played, listed):
            if sorted(order) == cards:
                return tuple(order)
            if len(order) == 1 and order[0] in cards:
                return (order[0], *(c for c in cards if c != order[0]))
        return tuple(cards)
    return None


def with_tags(record: Record, fields: dict[str, object]) -> Record:
    """``record`` with ``fields`` set, and a tag for each it lacks (the writer writes a
    known tag's value from the typed field; the tag says where it goes)."""
    record = replace(record, **fields)  # type: ignore[arg-type]
    names = {t.name for t in record.tags}
    extra = []
    for name in fields:
        tag = name.capitalize()
        if tag in names:
            continue
        value = getattr(record, name)
        if isinstance(value, CallSection):
            text = str(value.first) if value.first is not None else ""
        elif isinstance(value, Play):
            text = str(value.leader)
        elif isinstance(value, tuple):
            text = " ".join(f"{v[0]}:{v[1]}" if isinstance(v, tuple) else str(v)
                            for v in value)
        else:
            text = str(value) if value is not None else ""
        extra.append(Tag(tag, text))
    return replace(record, tags=(*record.tags, *extra))


def play_lines(start: Start, cards: Sequence[Card]) -> tuple[CardRun, ...]:
    """The play's lines: one per trick, a talon card first where it opens the trick; a
    play not over ends with ``*`` (the rest is not recorded), which keeps a trick on the
    table from reading as a short line."""
    kernel = start.kernel()
    for card in cards:
        kernel.play(card)
    runs = [CardRun(tuple(CARDS[c] for c in cards)) for cards, *_ in kernel.history]
    if kernel.cards and any(s is not None for s in kernel.seats):
        runs.append(CardRun(tuple(CARDS[c] for c in kernel.cards)))
    if runs and not kernel.over:
        runs[-1] = replace(runs[-1], claim=Annotation())
    return tuple(runs)


__all__ = ["DealState", "Move", "Stage", "first_record", "play_lines", "play_start",
           "talon_order", "with_tags"]
