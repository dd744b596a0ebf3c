"""A board to play a deal on, as python-chess's ``Board``: the auction, the talon and
discard, the contract, the defence and the cards, each move checked by the rules engine.

A board is a deal and the moves made on it.  Every move but a card is asked of the
engine the replay uses (the record of the moves so far is replayed), and the cards are
played on the play kernel, so what a board allows is what ``pfn check`` accepts; an
illegal move raises :class:`~pfn.diagnostics.RuleError` with the engine's own
diagnostic.

>>> import pfn
>>> board = pfn.Board("A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8",
...                   dealer="C")
>>> board.stage, board.turn
('auction', Seat.A)
>>> for move in "6S 6C pass 6D pass".split():
...     board.push(move)
>>> board.stage, board.turn
('discard', Seat.A)
>>> for move in "D7 D8 7S whist whist".split():
...     board.push(move)
>>> board.legal_moves()
[Card.S7, Card.SJ, Card.SQ, Card.SK, Card.SA, Card.CK, Card.CA, Card.H7, Card.H8, Card.HA]
>>> for move in "SA S9 S8".split():
...     board.push(move)
>>> board.trick, board.tricks_taken
(2, {Seat.A: 1, Seat.B: 0, Seat.C: 0})
>>> board.push("HA")
>>> board.table, board.is_legal("CQ"), board.is_over(), board.move_stack[-2:]
([(Seat.A, Card.HA)], False, False, [Card.S8, Card.HA])
>>> board.push("CQ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
pfn.diagnostics.RuleError: board: error[PFN-E503]: revoke: B played CQ ... but holds HK
  = hint: follow suit when you can
>>> board.replay()
<Replay sochi · 7S by A · clean>
"""

from __future__ import annotations

from collections.abc import Sequence

from pfn.analysis.position import Position, Start, start_of
from pfn.board import words
from pfn.board.moves import Move, Stage
from pfn.board.record import defending, finished, moves_of, play_lines, setup_of, with_tags
from pfn.cards import CARDS, Card, CardSet, cards_of
from pfn.contract import Contract
from pfn.deal import replay as replay_record
from pfn.deal import score
from pfn.diagnostics import PfnError, Problem, RuleError
from pfn.i18n import tr
from pfn.model import Call, CallSection, Play, Record, Tag
from pfn.notation import values
from pfn.outcome import Outcome, outcome_of
from pfn.rules import stages
from pfn.rules.defence import Defence
from pfn.rules.replay import DealContext, Replay
from pfn.rules.tricks import Tricks
from pfn.scoring.ledger import Scored
from pfn.seats import SEATS, Seat
from pfn.structure import check_structure
from pfn.variants import find_variant


class Board:
    """A deal and the moves made on it (see the module's example).

    Made from a deal (``Board("A:… B:… C:… talon:…", dealer="C")``) or from a record
    (:meth:`from_record`); ``variant`` and ``rules`` choose the rule family and its
    house rules (``rules=[("whist", "gentleman")]``), ``allpass_streak`` the all-passes
    in a row before the deal."""

    def __init__(self, deal: str, *, dealer: Seat | str | None = None,
                 variant: str = "sochi", rules: Sequence[tuple[str, str]] = (),
                 names: Sequence[str] = (), allpass_streak: int = 0) -> None:
        dealt = values.deal(deal)
        seat = values.seat(dealer, dealt.players) if isinstance(dealer, str) else dealer
        family = find_variant(variant)
        tags = [Tag("Variant", family.name), Tag("Deal", str(dealt))]
        if rules:
            tags.append(Tag("Rules", "; ".join(f"{k}={v}" for k, v in rules)))
        if names:
            tags.append(Tag("Players", "; ".join(names)))
        if seat is not None:
            tags.append(Tag("Dealer", str(seat)))
        base = Record(tags=tuple(tags), variant=family.name, players=dealt.players,
                      dealer=seat, deal=dealt, rules=tuple(rules))
        self._setup(base, DealContext(allpass_streak), walk_defence=True)

    @classmethod
    def from_record(cls, record: Record, trick: int | None = None, card: int = 0) -> Board:
        """The board of ``record``'s deal before its first move (the auction; an ending's
        or a problem's first card when it gives no auction); with ``trick``, before that
        trick's lead, after ``card`` of its cards.  A record that breaks a rule raises.

        >>> import pfn
        >>> record = pfn.load("examples/brief.pfn")[0]
        >>> pfn.Board.from_record(record)
        <Board sochi · auction, A to move>
        >>> board = pfn.Board.from_record(record, trick=2, card=1)
        >>> board, board.table
        (<Board sochi · 7S by A · trick 2, B to move>, [(Seat.A, Card.SK)])
        >>> board.tricks_taken
        {Seat.A: 1, Seat.B: 0, Seat.C: 0}
        """
        found = replay_record(record, on_error="collect")
        broken = [d for d in (*record.diagnostics, *check_structure(record),
                              *found.diagnostics) if d.is_error]
        if broken:
            raise RuleError(broken[0])
        base, walk_defence = setup_of(record)
        board = cls.__new__(cls)
        board._setup(base, found.context, walk_defence)
        if trick is None:
            return board
        if not record.first_trick <= trick <= 11 or not 0 <= card < record.players:
            raise PfnError(tr("trick {trick}, card {card}: the tricks are {first} to 10 (11:"
                              " after the last), the cards of one from 0", trick=trick,
                              card=card, first=record.first_trick))
        for stage, move in moves_of(found):
            if board.stage == "play" and board._progress() >= (trick, card) and \
                    stage != "defence":  # (a whister's open or closed comes before it)
                break
            if stage == "contract" and board.stage != "contract":
                continue  # a misère's contract is the bid itself
            board.push(move)
        if board._progress() < (trick, card):
            raise words.not_reached(trick, card)
        return board

    def _setup(self, base: Record, context: DealContext, walk_defence: bool) -> None:
        problems = [d for d in check_structure(base) if d.is_error]
        if problems:
            raise RuleError(problems[0])
        hidden = [str(SEATS[i]) for i, h in enumerate(base.deal.hands if base.deal else ())
                  if h is None or not h.complete]
        if base.deal is None or hidden:
            raise words.cards_missing(hidden)
        self._base = base
        self._variant = find_variant(base.variant).with_rules(base.rules)
        self._context = context
        self._walk_auction = base.auction is None and base.contract is None and \
            base.start is None
        self._walk_defence = walk_defence
        self._moves: list[tuple[Stage, Move, Move]] = []
        """Each move: the stage it was made in, the move, and the move as written."""
        first = stages.run(base, self._variant, context, "collect")
        if self._walk_auction and first.eldest is None:
            raise PfnError(tr("a board needs the dealer: who speaks first depends on him"))
        self._eldest = first.eldest
        self._settle()

    # -- the record of the moves ------------------------------------------------

    def _record(self, extra: tuple[Stage, Move, Move] | None = None) -> Record:
        """The record of the moves so far (and ``extra``), without its result."""
        moves = [*self._moves, extra] if extra is not None else self._moves
        calls = {stage: [w for s, _, w in moves if s == stage and isinstance(w, Call)]
                 for stage in ("auction", "defence")}
        discard = [w for s, _, w in moves if s == "discard" and isinstance(w, Card)]
        cards = [w for s, _, w in moves if s == "play" and isinstance(w, Card)]
        said = [w for s, _, w in moves if s == "contract" and isinstance(w, Contract)]
        fields: dict[str, object] = {}
        if self._walk_auction:
            fields["auction"] = CallSection(self._eldest, tuple(calls["auction"]))
        if len(discard) == 2:
            talon = self._base.deal.talon if self._base.deal is not None else None
            fields["talon"] = tuple(talon) if talon is not None else None
            fields["discard"] = tuple(discard)
        contract = said[0] if said else self._misere(bool(discard))
        if contract is not None:
            fields["contract"], fields["declarer"] = contract, self._winner
        if calls["defence"] and self._replay is not None:
            first = self._variant.defence(*defending(self._replay)).outcome.first
            fields["defence"] = CallSection(first, tuple(calls["defence"]))
        if cards and self._start is not None:
            fields["play"] = Play(SEATS[self._start.leader], play_lines(self._start, cards))
            if self._start.talon and self._start.number == 1:  # (the Talon tag: both)
                fields["talon"] = tuple(CARDS[c] for c in self._start.talon)
        return with_tags(self._base, fields)

    def _misere(self, discarded: bool) -> Contract | None:
        """A misère won in the auction is the contract, once the talon is dealt with."""
        auction = self._replay.auction if self._replay is not None else None
        if auction is None or not auction.state.finished:
            return None
        bid = auction.winning_bid()
        if bid is not None and bid.misere and (bid.hand or discarded):
            return bid
        return None

    def _check(self, extra: tuple[Stage, Move, Move]) -> Replay:
        """The replay of the moves with ``extra``, or the engine's objection to it."""
        record = self._record(extra)
        found = stages.run(record, self._variant, self._context, "collect")
        errors = [d for d in check_structure(record) + found.diagnostics if d.is_error]
        if errors:
            raise words.refusal(errors[0])
        return found

    # -- where the deal stands ----------------------------------------------------

    def _settle(self) -> None:
        """Where the deal stands after a move that was not a card played."""
        self._replay: Replay | None = None
        self._start: Start | None = None
        self._kernel: Tricks | None = None
        self._optional: Defence | None = None
        self._winner: Seat | None = None
        record = self._record()
        r = stages.run(record, self._variant, self._context, "collect")
        if r.auction is not None and r.auction.state.finished:
            self._winner = r.auction.declarer
        self._replay = r
        again = self._record()  # what the first replay told: a misère's contract, the defence
        if again.contract != record.contract or again.defence != record.defence:
            r = self._replay = stages.run(again, self._variant, self._context, "collect")
        self.stage: Stage = self._stage_of(r)
        if self.stage == "play":
            start = self._start = start_of(r)
            self._kernel = Tricks(start.hands, start.order, start.leader, start.rules,
                                  start.talon, start.number)

    def _stage_of(self, r: Replay) -> Stage:
        record = r.record
        auction = r.auction
        if auction is not None and not auction.state.finished:
            return "auction"
        if auction is not None and not auction.state.allpass:
            bid = auction.winning_bid()
            if bid is not None and not bid.hand and record.discard is None:
                return "discard"
            if record.contract is None:
                return "contract"
        if r.contract is None:
            return "over"
        protocol = self._protocol(r)
        if protocol is not None and protocol.expected() is not None:
            if not protocol.finished():
                return "defence"
            self._optional = protocol  # a choice the whister may make before the lead
        if r.play_rules is None or not r.participants or r.first_leader is None:
            return "over"
        return "play"

    def _protocol(self, r: Replay) -> Defence | None:
        """The defence so far, when the board walks it."""
        if not self._walk_defence or r.contract is None or r.contract.allpass or \
                r.declarer is None or len(r.order) != 3:
            return None
        protocol = self._variant.defence(*defending(r))
        if protocol.silent:
            return None
        calls = [w for s, _, w in self._moves if s == "defence"]
        if calls:
            protocol.run(calls)  # type: ignore[arg-type]
        return protocol

    def _progress(self) -> tuple[int, int]:
        """(the trick, cards players have put on it); (0, 0) before the play."""
        if self._kernel is None:
            return (0, 0)
        return self.trick, sum(s is not None for s, _ in self.table)

    # -- what python-chess's Board answers ------------------------------------------

    @property
    def turn(self) -> Seat | None:
        """Who moves next (``None`` once the deal is over)."""
        r = self._replay
        assert r is not None
        if self.stage == "auction" and r.auction is not None:
            return r.auction.speaker(None)[0]
        if self.stage in ("discard", "contract"):
            return self._winner
        if self.stage == "defence":
            protocol = self._protocol(r)
            expected = protocol.expected() if protocol is not None else None
            return expected[0] if expected else None
        if self.stage == "play" and self._kernel is not None:
            return SEATS[self._kernel.turn]
        return None

    @property
    def trick(self) -> int:
        """The trick being played, or to be played next (from 1; 11 after the last)."""
        if self._kernel is not None:
            return self._kernel.number
        return 11 if self.stage == "over" and self._replay is not None and \
            self._replay.play_complete else self._base.first_trick

    @property
    def table(self) -> list[tuple[Seat | None, Card]]:
        """The cards of the trick on the table: who played each (``None``: the talon)."""
        kernel = self._kernel
        if kernel is None:
            return []
        return [(None if s is None else SEATS[s], CARDS[c])
                for s, c in zip(kernel.seats, kernel.cards, strict=True)]

    @property
    def tricks_taken(self) -> dict[Seat, int]:
        """Tricks each player has taken so far, in seat order."""
        if self._kernel is None or self._start is None:
            return {}
        return {SEATS[s]: self._kernel.taken[s] for s in sorted(self._start.order)}

    @property
    def move_stack(self) -> list[Move]:
        """Every move made, in order."""
        return [move for _, move, _ in self._moves]

    def hands(self) -> dict[Seat, CardSet]:
        """What each player holds now (the declarer's talon included while he
        discards), in seat order.

        >>> import pfn
        >>> board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[0], trick=2)
        >>> for seat, held in board.hands().items():
        ...     print(seat, held)
        A KQJ7.AK..A87
        B T.QJT.AKQ.KQ
        C .987.JT9.JT9
        """
        if self._kernel is not None:
            return {s: CardSet(self._kernel.hands[s]) for s in SEATS[:self._base.players]}
        r = self._replay
        deal = self._base.deal
        assert r is not None and deal is not None
        held = {s: CardSet(r.hands[s]) for s in SEATS[:self._base.players]}
        if self._winner is not None and self._walk_auction and self.stage != "auction":
            bid = r.auction.winning_bid() if r.auction is not None else None
            if bid is not None and not bid.hand:  # the talon taken, the discard made
                gone = sum(1 << c for s, c, _ in self._moves if s == "discard"
                           and isinstance(c, Card))
                talon = deal.talon.mask if deal.talon is not None else 0
                held[self._winner] = CardSet((deal.hands[self._winner].mask  # type: ignore[union-attr]
                                              | talon) & ~gone)
        return held

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now: calls (each with its speaker), cards, or the
        contracts the declarer may announce."""
        r = self._replay
        assert r is not None
        if self.stage == "auction" and r.auction is not None:
            auction = r.auction
            speakers = [s for s in auction.state.order if s not in auction.state.passed] \
                if auction.free_order else [auction.speaker(None)[0]]
            return [Call(token, seat) for seat in speakers if seat is not None
                    for token in auction.legal_calls(seat)]
        if self.stage == "discard":
            return list(self.hands()[self._winner]) if self._winner is not None else []
        if self.stage == "contract" and r.auction is not None:
            return [c for c in r.auction.contracts() if self._allows("contract", c)]
        if self.stage == "defence":
            return self._defence_calls(self._protocol(r))
        if self.stage == "play" and self._kernel is not None:
            calls = self._defence_calls(self._optional) if not self._cards() else []
            return [*cards_of(self._kernel.legal_cards()), *calls]
        return []

    def _defence_calls(self, protocol: Defence | None) -> list[Move]:
        expected = protocol.expected() if protocol is not None else None
        found: list[Move] = [Call(token, seat) for seat in expected or ()
                             for token in protocol.legal_calls(seat)]  # type: ignore[union-attr]
        return [call for call in found if self._allows("defence", call)]

    def _allows(self, stage: Stage, move: Move) -> bool:
        try:
            self._try((stage, move, self._written(stage, move)))
        except RuleError:
            return False
        return True

    def _try(self, entry: tuple[Stage, Move, Move]) -> None:
        """Raise the engine's objection to the move ``entry``, if it has one.  A call
        of a defence still in progress is the defence protocol's to judge (the replay
        takes an unfinished Defence section for a record's mistake)."""
        stage, _, written = entry
        if stage == "defence" and self._replay is not None:
            protocol = self._variant.defence(*defending(self._replay))
            calls = [w for s, _, w in self._moves if s == "defence"] + [written]
            problems = protocol.run(calls)  # type: ignore[arg-type]
            if problems:
                raise words.refusal(problems[0][1].at(None))
            if not protocol.finished():
                return
        self._check(entry)

    def _cards(self) -> list[Card]:
        return [m for s, m, _ in self._moves if s == "play"]  # type: ignore[misc]

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be made now."""
        try:
            self.copy().push(move)
        except PfnError:
            return False
        return True

    def is_over(self) -> bool:
        """Whether the deal is over: every card played, or nothing is left to play (an
        all-pass not played, a defence that passed)."""
        return self.stage == "over"

    # -- moves ------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """The move ``text`` names now: a call in any spelling PFN reads (``6S``,
        ``6♠``, ``пас``, ``dalje``), a card (``SA``, ``♠A``), a contract.

        >>> import pfn
        >>> board = pfn.Board("A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8",
        ...                   dealer="C")
        >>> board.parse("6♠"), board.parse("пас"), board.is_legal("мизер")
        (Call('6S'), Call('pass'), True)
        """
        return words.parse_move(text, self.stage, self._variant.vocabulary)

    def push(self, move: Move | str) -> None:
        """Make ``move`` (a :data:`Move`, or its text: see :meth:`parse`); a move the
        rules do not allow raises :class:`~pfn.diagnostics.RuleError` and changes
        nothing."""
        if isinstance(move, str):
            move = self.parse(move)
        stage = self.stage
        if stage == "play" and isinstance(move, Call) and not self._cards() and \
                self._optional is not None:
            stage = "defence"
        if stage == "play" and isinstance(move, Card):
            self._play(move)
            return
        expected = {"auction": Call, "discard": Card, "contract": Contract,
                    "defence": Call}.get(stage)
        if expected is None or not isinstance(move, expected):
            raise words.refusal(words.out_of_stage(self.stage, move, self.turn).at(None))
        if isinstance(move, Call) and move.seat is None:
            move = Call(move.token, self._speaker(stage))
        if stage == "discard":
            assert isinstance(move, Card) and self._winner is not None
            if move not in self.hands()[self._winner]:
                raise words.refusal(Problem("PFN-E206", tr(
                    "{card} is not one of {seat}'s cards: the discard comes from his hand and"
                    " the talon", card=move, seat=self._winner)).at(None))
            if sum(s == "discard" for s, _, _ in self._moves) == 0:
                self._moves.append((stage, move, move))  # the second card completes it
                return
        entry = (stage, move, self._written(stage, move))
        self._try(entry)
        self._moves.append(entry)
        self._settle()

    def _speaker(self, stage: Stage) -> Seat | None:
        r = self._replay
        assert r is not None
        if stage == "auction":
            return r.auction.speaker(None)[0] if r.auction is not None else None
        protocol = self._optional if self.stage == "play" else self._protocol(r)
        expected = protocol.expected() if protocol is not None else None
        return expected[0] if expected else None

    def _written(self, stage: Stage, move: Move) -> Move:
        """The move as the record writes it: a call's speaker only when it is not the
        one whose turn it is."""
        if isinstance(move, Call) and move.seat is not None and \
                move.seat == self._speaker(stage):
            return Call(move.token)
        return move

    def _play(self, card: Card) -> None:
        kernel = self._kernel
        assert kernel is not None
        if kernel.over or not kernel.legal_cards() >> card & 1:
            self._check(("play", card, card))  # the engine says which rule forbids it
            raise words.refusal(Problem("PFN-E502", tr("{card} cannot be played now",
                                                       card=card)).at(None))
        kernel.play(card)
        self._moves.append(("play", card, card))
        if kernel.over:
            self.stage = "over"

    def pop(self) -> Move:
        """Take back the last move, and return it.

        >>> import pfn
        >>> board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[0], trick=2)
        >>> board.pop(), board.pop(), board
        (Card.S8, Card.S9, <Board sochi · 7S by A · trick 1, B to move>)
        """
        if not self._moves:
            raise PfnError(tr("no move to take back"))
        stage, move, _ = self._moves.pop()
        if stage == "play" and self._kernel is not None:
            self._kernel.undo()
            self.stage = "play"
        elif not (stage == "discard" and self.stage == "discard"):
            self._settle()
        return move

    def copy(self) -> Board:
        """An independent board with the same deal and moves.

        >>> import pfn
        >>> board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[0], trick=2)
        >>> other = board.copy(); other.push("SK")
        >>> len(other.move_stack) - len(board.move_stack)
        1
        """
        twin = Board.__new__(Board)
        twin.__dict__.update(self.__dict__)
        twin._moves = list(self._moves)
        twin._settle()
        for stage, move, _ in self._moves:
            if stage == "play" and twin._kernel is not None:
                twin._kernel.play(move)  # type: ignore[arg-type]
        return twin

    # -- the deal as played ---------------------------------------------------------

    def replay(self) -> Replay:
        """The replay of the moves so far (the engine's, as :func:`pfn.replay`'s)."""
        return stages.run(self._record(), self._variant, self._context, "collect")

    def position(self) -> Position:
        """The position of the play now, for the open-hand solver (``pfn.solve(board)``
        takes the board itself).

        >>> import pfn
        >>> board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[0], trick=2)
        >>> pfn.solve(board.position()).value      # eight tricks, as the book says
        8
        """
        if self._start is None:
            raise words.no_play_yet(self.stage)
        return Position(self._start, tuple(int(c) for c in self._cards()))

    def to_record(self) -> Record:
        """A PFN record of what was played: the deal and every move, with the result and
        the score once the deal is over.

        >>> import pfn
        >>> board = pfn.Board("A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8",
        ...                   dealer="C")
        >>> for move in "pass pass pass".split():   # an all-pass, before its first card
        ...     board.push(move)
        >>> print(board.to_record())
        [Variant "sochi"]
        [Dealer "C"]
        [Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
        [Contract "pass"]
        [Auction "A"]
        pass pass pass
        <BLANKLINE>
        """
        return finished(self._record(), self.replay(), self.is_over())

    def result(self) -> Outcome | None:
        """How the deal ended (made, failed by 2, …), ``None`` until it is over.

        >>> import pfn
        >>> board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[1], trick=11)
        >>> board.is_over(), board.result(), board.tricks_taken   # 9S, eight tricks
        (True, Outcome('failed by 1'), {Seat.A: 8, Seat.B: 1, Seat.C: 1})
        """
        return outcome_of(self.replay()) if self.is_over() else None

    def score(self) -> Scored:
        """What the deal writes on the sheet (:func:`pfn.score` of :meth:`replay`).

        >>> import pfn
        >>> board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[0], trick=11)
        >>> [str(entry) for entry in board.score().entries]
        ['A:pool+4', 'B:whist/A+4', 'C:whist/A+4']
        """
        return score(self.replay())

    def __str__(self) -> str:
        """A small text diagram: the deal so far, each hand, the trick on the table."""
        return words.board_text(self)

    def __repr__(self) -> str:
        r = self._replay
        contract = f" · {r.contract} by {r.declarer}" if r is not None and \
            r.contract is not None and r.declarer is not None else ""
        where = f"trick {self.trick}" if self.stage == "play" else self.stage
        turn = f", {self.turn} to move" if self.turn is not None else ""
        return f"<Board {self._variant.name}{contract} · {where}{turn}>"

    def _repr_svg_(self) -> str | None:
        """A notebook shows the board as its diagram (matplotlib loaded only here)."""
        from pfn.render.diagram import diagram_svg

        shown = 0 if self._kernel is None else self.trick - (not self.table)
        return diagram_svg(self.replay(), shown)


__all__ = ["Board"]
