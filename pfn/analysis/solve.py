"""The solver's answers: a position's value, every legal card's value, the best line,
the double-dummy table of a deal and its best discard.

What a number means depends on the play (:data:`~pfn.analysis.position.Kind`):

- a trick contract: the declarer's tricks in the deal (those taken so far and those to
  come) with best play by both sides;
- misère: the declarer's tricks when the defenders try to give him tricks and he
  tries to take none: the tricks the defence can force on him;
- all-pass: no single value exists (three players, each for himself).  Each player's
  *paranoid* value is the fewest tricks he can make sure of when the two others play
  together against him; a card's value is its player's paranoid value after it.

One :class:`Solver` per deal keeps one search (and its transposition table) per player
whose tricks are counted, so that the many questions asked of one deal — every card of
a record, every legal card at each — share what was found.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Protocol

from pfn.analysis.engines import Engine, SearchLike, engine_in_use, new_search
from pfn.analysis.position import NotAnalysable, Position, main_line, start_of
from pfn.analysis.suits import equivalence_classes
from pfn.cards import CARDS, Card
from pfn.contract import Contract
from pfn.i18n import tr
from pfn.rules.replay import Replay
from pfn.rules.tricks import TRICKS, Kind, Start
from pfn.seats import SEATS, Seat


@dataclass(frozen=True)
class Solution:
    """What best play makes of a position."""

    kind: Kind
    mover: Seat | None
    """Who plays next (``None`` once the play is over)."""
    value: int | None
    """Trick contract or misère: the declarer's tricks in the deal with best play.
    ``None`` for an all-pass."""
    paranoid: dict[Seat, int]
    """All-pass: each player's paranoid value (tricks in the deal); empty otherwise."""
    cards: dict[Card, int]
    """Every card the mover may play, with the value after it (the declarer's tricks,
    or in an all-pass the mover's paranoid value)."""
    best: tuple[Card, ...]
    """The cards that keep the value for the mover."""
    nodes: int
    """Positions the search visited for this answer."""

    def __repr__(self) -> str:
        value = f"value {self.value}" if self.value is not None else "sure tricks " + \
            " ".join(f"{s}:{v}" for s, v in self.paranoid.items())
        turn = f", {self.mover} to play" if self.mover is not None else ""
        best = f", best {' '.join(map(str, self.best))}" if self.best else ""
        return f"<Solution {self.kind}: {value}{turn}{best}>"

    @property
    def counted(self) -> str:
        """What the card values count, in words."""
        if self.kind == "allpass":
            return f"{self.mover}'s tricks, the others against him (sure tricks)"
        return "the declarer's tricks"


Searches = dict[tuple[object, ...], SearchLike]
"""Searches by what they search (the rules, who plays, whose tricks): one table serves
every deal with the same rules of play, since a position's value depends only on the
cards still held (:func:`solve_many`)."""


class Solver:
    """Exact open-hand answers about one deal's play, on the compiled search when it is
    built (``engine``: ``native`` or ``python``; see :mod:`pfn.analysis.engines`)."""

    def __init__(self, start: Start, engine: str | None = None,
                 searches: Searches | None = None) -> None:
        self.start = start
        self.engine: Engine = engine_in_use(engine)
        self._searches: Searches = {} if searches is None else searches

    def search(self, target: int) -> SearchLike:
        """The search counting ``target``'s tricks (one per target, kept)."""
        s = self.start
        key = (self.engine, s.rules, s.order, s.kind, s.talon, s.number, target)
        found = self._searches.get(key)
        if found is None:
            maximisers = frozenset({target}) if s.kind == "tricks" else \
                frozenset(seat for seat in s.order if seat != target)
            found = self._searches[key] = new_search(s.rules, s.order, target, maximisers,
                                                     s.talon, self.engine, s.number)
        return found

    @property
    def nodes(self) -> int:
        return sum(s.nodes for s in self._searches.values())

    def target(self, position: Position) -> int:
        """Whose tricks a card's value counts at ``position``."""
        declarer = self.start.declarer
        if declarer is not None:
            return declarer
        return position.turn

    def total(self, position: Position, target: int) -> int:
        """``target``'s tricks in the deal: those taken and those best play gives."""
        kernel = position.kernel
        taken = kernel.taken[target]
        if position.over:
            return taken
        return taken + self.search(target).value(kernel.hands, kernel.leader, kernel.number,
                                                 kernel.cards, kernel.seats)

    def wants_more(self, seat: int, target: int) -> bool:
        """Whether ``seat`` wants ``target``'s count high."""
        if self.start.kind == "tricks":
            return seat == target
        return seat != target

    def card_values(self, position: Position, target: int | None = None) -> dict[int, int]:
        """Every legal card at ``position`` with ``target``'s count after it."""
        if position.over:
            return {}
        target = self.target(position) if target is None else target
        kernel = position.kernel
        legal = kernel.legal_cards()
        values: dict[int, int] = {}
        for group in equivalence_classes(legal, _live(position), self._exact(position)):
            value = self.total(position.after(group[0]), target)
            for card in group:
                values[card] = value
        return values

    def _exact(self, position: Position) -> bool:
        """Whether every card's rank still matters (a talon trick nobody follows goes to
        the highest card of any suit)."""
        rules = self.start.rules
        return rules.unfollowed == "highest" and position.number <= rules.talon_leads

    def best(self, values: dict[int, int], seat: int, target: int) -> int:
        """The value the mover ``seat`` picks among ``values``."""
        return max(values.values()) if self.wants_more(seat, target) else min(values.values())

    def solve(self, position: Position) -> Solution:
        """The value of ``position`` and of each legal card."""
        before = self.nodes
        kind = self.start.kind
        if position.over:
            taken = position.taken
            declarer = self.start.declarer
            return Solution(kind, None, None if declarer is None else taken[declarer],
                            {SEATS[s]: taken[s] for s in self.start.order} if declarer is None
                            else {}, {}, (), 0)
        mover = position.turn
        target = self.target(position)
        values = self.card_values(position, target)
        best = self.best(values, mover, target)
        paranoid: dict[Seat, int] = {}
        value: int | None = best
        if kind == "allpass":
            value = None
            for seat in self.start.order:
                paranoid[SEATS[seat]] = best if seat == mover else self.total(position, seat)
        return Solution(kind, SEATS[mover], value, paranoid,
                        {CARDS[c]: v for c, v in sorted(values.items())},
                        tuple(CARDS[c] for c, v in sorted(values.items()) if v == best),
                        self.nodes - before)

    def line(self, position: Position, target: int | None = None) -> list[int]:
        """A best line of play from ``position`` to the end (each side's best card, the
        highest of equal ones)."""
        cards: list[int] = []
        while not position.over:
            target = self.target(position) if target is None else target
            values = self.card_values(position, target)
            best = self.best(values, position.turn, target)
            card = max(c for c, v in values.items() if v == best)
            cards.append(card)
            position = position.after(card)
        return cards


def _live(position: Position) -> int:
    """The cards still in play: the hands, the trick on the table, the talon to lead."""
    kernel = position.kernel
    start = position.start
    live = 0
    for seat in start.order:
        live |= kernel.hands[seat]
    for card in kernel.cards:
        live |= 1 << card
    for card in start.talon[kernel.number + 1 - start.number:]:  # the tricks after this
        live |= 1 << card
    return live


class HasPosition(Protocol):
    """Anything that can say which position of the play it stands at (a
    :class:`pfn.Board`)."""

    def position(self) -> Position:
        """The position of the play now."""


def solve(position: Position | HasPosition, engine: str | None = None) -> Solution:
    """The value of ``position`` (or of a board's position) and of each legal card, for
    a one-off question (a :class:`Solver` keeps its table between questions).

    >>> import pfn
    >>> board = pfn.Board("A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8",
    ...                   dealer="C")
    >>> for move in "6S 6C pass 6D pass D7 D8 7S whist whist".split():
    ...     board.push(move)
    >>> solution = pfn.solve(board)
    >>> solution.value, solution.counted, len(solution.cards)
    (8, "the declarer's tricks", 10)
    """
    if not isinstance(position, Position):
        position = position.position()
    return Solver(position.start, engine).solve(position)


def solve_many(positions: Iterable[Position | HasPosition], engine: str | None = None
               ) -> list[Solution]:
    """:func:`solve` of many positions at once — the same question asked of every way
    the unseen cards may lie — with one search (and its table) for all the positions
    that share their rules of play: an entry is a position's value, whatever deal it
    came from, so what one layout found serves the next.

    >>> import pfn
    >>> from pfn.analysis.solve import position_at, solve_many
    >>> replayed = pfn.replay(pfn.load("examples/brief.pfn")[0])
    >>> [s.value for s in solve_many([position_at(replayed, 9), position_at(replayed, 10)])]
    [8, 8]
    """
    searches: Searches = {}
    found = []
    for position in positions:
        if not isinstance(position, Position):
            position = position.position()
        found.append(Solver(position.start, engine, searches).solve(position))
    return found


def position_at(replay: Replay, trick: int | None = None, card: int = 0) -> Position:
    """The position of a replayed record before trick ``trick`` (from 1; ``None``: the
    end of the recorded play), after ``card`` cards of it have been played."""
    start = start_of(replay)
    if trick is not None and not start.number <= trick <= TRICKS:
        raise NotAnalysable(
            tr("there is no trick {trick}: a deal has {n}", trick=trick, n=TRICKS)
            if start.number == 1 else
            tr("there is no trick {trick}: this ending has tricks {first} to {last}",
               trick=trick, first=start.number, last=TRICKS))
    played: list[int] = []
    for position, played_card, _, _ in main_line(replay):
        if trick is not None and _progress(position) >= (trick, card):
            break
        played.append(played_card)
    position = Position(start, tuple(played))
    if trick is not None and _progress(position) < (trick, card):
        raise NotAnalysable(
            tr("the record's play stops before trick {trick}, card {card}: that position"
               " cannot be reached", trick=trick, card=card + 1) if card else
            tr("the record's play stops before trick {trick}: that position cannot be"
               " reached", trick=trick))
    return position


def _progress(position: Position) -> tuple[int, int]:
    """(trick number, cards the players have put on it)."""
    kernel = position.kernel
    talon = bool(kernel.seats) and kernel.seats[0] is None
    return position.number, len(kernel.cards) - talon


# -- before the lead: the table of every strain, the best discard ---------------------

STRAINS = ("S", "C", "D", "H", "NT")


@dataclass(frozen=True)
class TableRow:
    strain: str
    """``S C D H NT`` or ``mis``."""
    tricks: int
    """The declarer's tricks with best play."""
    leader: Seat


def dd_table(replay: Replay, engine: str | None = None) -> list[TableRow]:
    """What the declarer takes from this deal (his cards after the discard) with best
    play in each strain, and in misère: the Preferans double-dummy table."""
    start = start_of(replay)
    if start.declarer is None:
        raise NotAnalysable(tr("an all-pass has no declarer: no table of strains"))
    rows = []
    for strain in (*STRAINS, "mis"):
        contract = Contract.parse("mis" if strain == "mis" else f"6{strain}")
        assert contract is not None
        other = _restart(replay, start, contract)
        rows.append(TableRow(strain, Solver(other, engine).total(Position(other),
                                                                 start.declarer),
                             SEATS[other.leader]))
    return rows


def _restart(replay: Replay, start: Start, contract: Contract) -> Start:
    """The same deal's start under another contract (every player defends)."""
    variant = replay.variant
    order = tuple(replay.order)
    assert start.declarer is not None
    declarer = SEATS[start.declarer]
    rules = variant.play_rules(contract, declarer, replay.dealer, replay.players)
    if replay.leader_stated:
        leader = SEATS[start.leader]  # the Play tag's, whatever is played
    else:
        assert replay.eldest is not None
        leader = variant.first_leader(contract, declarer, replay.eldest, order)
    return replace(start, order=tuple(int(s) for s in order), leader=int(leader), rules=rules,
                   contract=contract, hands=_full_hands(replay, start))


def _full_hands(replay: Replay, start: Start) -> tuple[int, ...]:
    """Every dealt hand (a defender who did not play still holds his cards)."""
    hands = list(start.hands)
    for seat in replay.order:
        if not hands[seat]:
            if not replay.complete[seat]:
                raise NotAnalysable(tr("not analysable: the cards of {hidden} are not given",
                                       hidden=seat))
            hands[seat] = replay.hands[seat]
    return tuple(hands)


@dataclass(frozen=True)
class Discard:
    cards: tuple[Card, Card]
    tricks: int
    """The declarer's tricks with best play after this discard."""


def best_discards(replay: Replay, engine: str | None = None) -> tuple[list[Discard], int]:
    """The discards that give the declarer the most tricks (misère: the fewest), with
    how many pairs of cards were weighed.  The declarer's twelve cards are his hand
    and the talon."""
    start = start_of(replay)
    declarer = start.declarer
    if declarer is None or start.contract.hand:
        raise NotAnalysable(tr("no discard: the contract is played without the talon"))
    if replay.record.start is not None:
        raise NotAnalysable(tr("no discard: the record gives the hands after it (Start)"))
    twelve = start.hands[declarer] | replay.discard
    if twelve.bit_count() != TRICKS + 2:
        raise NotAnalysable(tr("not analysable: the declarer's twelve cards (hand and talon)"
                               " are not all known"))
    start = replace(start, hands=_full_hands(replay, start))
    live = 0
    for seat in start.order:
        live |= start.hands[seat]
    live |= twelve
    # discarding one card of a run of equivalent ones is discarding any of them
    groups = equivalence_classes(twelve, live, False)
    pairs = [(i, j) for i in range(len(groups)) for j in range(i, len(groups))
             if i != j or len(groups[i]) > 1]
    misere = start.kind == "misere"
    solver = Solver(start, engine)
    search = solver.search(declarer)
    found: list[tuple[int, int]] = []
    best: int | None = None
    for i, j in pairs:
        hands = list(start.hands)
        hands[declarer] = twelve & ~(1 << groups[i][0]) & ~(1 << groups[j][-1])
        position = Position(replace(start, hands=tuple(hands)))
        kernel = position.kernel
        # only a discard at least as good as the best so far needs its exact value
        if best is not None and \
                search.at_least(kernel.hands, kernel.leader, 1, best + misere) == misere:
            continue
        value = solver.total(position, declarer)
        if best is None or (value < best if misere else value > best):
            best, found = value, []
        if value == best:
            found.append((i, j))
    assert best is not None
    out: set[tuple[Card, Card]] = set()
    for i, j in found:
        chosen = itertools.combinations(groups[i], 2) if i == j else \
            itertools.product(groups[i], groups[j])
        for x, y in chosen:
            out.add((CARDS[min(x, y)], CARDS[max(x, y)]))
    return [Discard(cards, best) for cards in sorted(out)], len(pairs)
