"""A board to play a deal on, as python-chess's ``Board``: the auction, the talon and
discard, the contract, the defence and the cards, each move checked by the rules engine.

A board is a deal and the moves made on it: the public face of the rules engine's
:class:`~pfn.rules.state.DealState`, which checks each move where the deal stands (the
auction, the defence protocol, the play kernel), so what a board allows is what
``pfn check`` accepts; an illegal move raises :class:`~pfn.diagnostics.RuleError` with
the engine's own diagnostic.

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
>>> board.legal_moves
<LegalMoves S7 SJ SQ SK SA CK CA H7 H8 HA>
>>> len(board.legal_moves), "SA" in board.legal_moves, list(board.legal_moves)[:2]
(10, True, [Card.S7, Card.SJ])
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

from pfn import hooks
from pfn.analysis.position import Position
from pfn.board import words
from pfn.board.moves import LegalMoves
from pfn.board.record import finished, setup_of
from pfn.cards import CARDS, Card, CardSet
from pfn.contract import Contract
from pfn.deal import replay as replay_record
from pfn.deal import score
from pfn.diagnostics import PfnError, RuleError
from pfn.i18n import tr
from pfn.model import Call, Record
from pfn.notation import values
from pfn.outcome import Outcome, outcome_of
from pfn.rules import stages
from pfn.rules.replay import DealContext, Replay
from pfn.rules.state import DealState, Move, Stage, first_record, talon_order
from pfn.rules.tricks import Start, Tricks
from pfn.scoring.ledger import Scored
from pfn.seats import SEATS, Seat
from pfn.structure import check_structure
from pfn.variants import find_variant
from pfn.variants.base import Variant


class Board:
    """A deal and the moves made on it (see the module's example).

    Made from a deal (``Board("A:… B:… C:… talon:…", dealer="C")``) or from a record
    (:meth:`from_record`); ``variant`` and ``rules`` choose the rule family and its
    house rules (``rules=[("whist", "gentleman")]``), ``allpass_streak`` the all-passes
    in a row before the deal, ``talon`` the order the talon's cards open the first
    tricks of an all-pass (as they were turned; low to high when not given)."""

    def __init__(self, deal: str, *, dealer: Seat | str | None = None,
                 variant: str = "sochi", rules: Sequence[tuple[str, str]] = (),
                 names: Sequence[str] = (), allpass_streak: int = 0,
                 talon: Sequence[Card | str] = ()) -> None:
        dealt = values.deal(deal)
        seat = values.seat(dealer, dealt.players) if isinstance(dealer, str) else dealer
        base = first_record(find_variant(variant).name, dealt, seat, rules, names)
        turned = [int(Card.parse(c) if isinstance(c, str) else c) for c in talon]
        self._setup(base, DealContext(allpass_streak), walk_defence=True, talon=turned)

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
        board._setup(base, found.context, walk_defence, talon_order(found) or (), True)
        if trick is None:
            return board
        if not record.first_trick <= trick <= 11 or not 0 <= card < record.players:
            raise PfnError(tr("trick {trick}, card {card}: the tricks are {first} to 10 (11:"
                              " after the last), the cards of one from 0", trick=trick,
                              card=card, first=record.first_trick))
        board._state.take(found.moves, trick, card)  # (each checked by the replay)
        if board._progress() < (trick, card):
            raise words.not_reached(trick, card)
        return board

    def _setup(self, base: Record, context: DealContext, walk_defence: bool,
               talon: Sequence[int] = (), taken_up: bool = False) -> None:
        problems = [d for d in check_structure(base) if d.is_error]
        if problems:
            raise RuleError(problems[0])
        hidden = [str(SEATS[i]) for i, h in enumerate(base.deal.hands if base.deal else ())
                  if h is None or not h.complete]
        if base.deal is None or hidden:
            raise words.cards_missing(hidden)
        self._family = find_variant(base.variant).with_rules(base.rules)
        # a deal taken up after its auction (an ending, a problem) starts from what its
        # tags give
        first = stages.taken_up(base, self._family, context) \
            if taken_up and base.auction is None and (base.contract is not None or
                                                       base.start is not None) else None
        self._state = DealState(self._family, base, context, walk_defence=walk_defence,
                                talon=talon, first=first)
        if self._state.walks_auction and self._state.eldest is None:
            raise PfnError(tr("a board needs the dealer: who speaks first depends on him"))

    # -- the deal state's parts, for the board's words ----------------------------

    @property
    def _base(self) -> Record:
        return self._state.base

    @property
    def _variant(self) -> Variant:
        return self._family

    @property
    def _replay(self) -> Replay | None:
        return self._state.replay

    @property
    def _moves(self) -> list[tuple[Stage, Move, Move]]:
        return self._state.moves

    @property
    def _kernel(self) -> Tricks | None:
        return self._state.kernel

    @property
    def state(self) -> DealState:
        """The rules' state of the deal the board shows (:class:`~pfn.rules.state.DealState`)."""
        return self._state

    @property
    def stage(self) -> Stage:
        """What the deal waits for: ``auction``, ``discard``, ``contract``, ``defence``,
        ``play`` or ``over``."""
        return self._state.stage

    def _progress(self) -> tuple[int, int]:
        """(the trick, cards players have put on it); (0, 0) before the play."""
        if self._kernel is None:
            return (0, 0)
        return self.trick, sum(s is not None for s, _ in self.table)

    # -- what python-chess's Board answers ------------------------------------------

    @property
    def turn(self) -> Seat | None:
        """Who moves next (``None`` once the deal is over)."""
        return self._state.turn

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
    def _start(self) -> Start | None:
        return self._state.start

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
        return self._state.held()

    @property
    def legal_moves(self) -> LegalMoves:
        """Every move the rules allow now: calls (each with its speaker), cards, or the
        contracts the declarer may announce — a live collection (iterate it, ``len``,
        ``move in``, ``count()``), as python-chess's."""
        return LegalMoves(self, self._state.legal_moves)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be made now: one of :attr:`legal_moves`."""
        try:
            if isinstance(move, str):
                move = self.parse(move)
        except PfnError:
            return False
        legal = self._state.legal_moves()
        if isinstance(move, Call):
            seat = move.seat if move.seat is not None else self._state.speaker(
                "defence" if self.stage == "play" else self.stage)
            return any(isinstance(m, Call) and m.token == move.token and m.seat == seat
                       for m in legal)
        return move in legal

    def is_over(self) -> bool:
        """Whether the deal is over: every card played, or nothing is left to play (an
        all-pass not played, a defence that passed) and no call is left to make: the
        deal is over exactly when :attr:`legal_moves` is empty."""
        return self.stage == "over" and not self._state.legal_moves()

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
        if stage in ("play", "over") and isinstance(move, Call) and \
                not self._state.cards() and self._state.optional is not None:
            stage = "defence"
        expected = {"auction": Call, "discard": Card, "contract": Contract,
                    "defence": Call, "play": Card}.get(stage)
        if expected is None or not isinstance(move, expected):
            raise words.refusal(words.out_of_stage(self.stage, move, self.turn).at(None))
        problems = self._state.push(move)
        if problems:
            raise words.refusal(problems[0])

    def pop(self) -> Move:
        """Take back the last move, and return it.

        >>> import pfn
        >>> board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[0], trick=2)
        >>> board.pop(), board.pop(), board
        (Card.S8, Card.S9, <Board sochi · 7S by A · trick 1, B to move>)
        """
        if not self._moves:
            raise PfnError(tr("no move to take back"))
        return self._state.pop()

    def copy(self) -> Board:
        """An independent board with the same deal and moves.

        >>> import pfn
        >>> board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[0], trick=2)
        >>> other = board.copy(); other.push("SK")
        >>> len(other.move_stack) - len(board.move_stack)
        1
        """
        twin = Board.__new__(Board)
        twin._family = self._family
        twin._state = self._state.copy()
        return twin

    # -- the deal as played ---------------------------------------------------------

    def replay(self) -> Replay:
        """The replay of the moves so far (the engine's, as :func:`pfn.replay`'s)."""
        return self._state.snapshot()

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
        return Position(self._start, tuple(int(c) for c in self._state.cards()))

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
        return finished(self._state.record(), self.replay(), self.is_over())

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
        """A notebook shows the board as its diagram (the renderer's: matplotlib is
        loaded only here)."""
        shown = 0 if self._kernel is None else self.trick - (not self.table)
        return hooks.board_svg(self.replay(), shown)


__all__ = ["Board"]
