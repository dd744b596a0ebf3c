"""Claims and stated results checked against best play (``pfn check --analyse``).

A play that ends with ``*``, or stops with a Result given, leaves the rest to the
Result tag.  With every hand known, the solver says what best play from that point
gives the declarer; a stated result that differs is reported (``PFN-W005``) with a
line of play that shows it.  An all-pass has no single best-play value, so its
claims are only noted as not verified.
"""

from __future__ import annotations

from pfn import codes
from pfn.analysis.position import NotAnalysable, Position, main_line, start_of
from pfn.analysis.solve import Solver
from pfn.cards import CARDS
from pfn.diagnostics import Diagnostic, Problem
from pfn.messages import Text, msg, nmsg
from pfn.model import Play
from pfn.rules.replay import Replay
from pfn.seats import SEATS


def verify(replay: Replay, engine: str | None = None) -> list[Diagnostic]:
    """What best play says of the record's claim or stated result (nothing when the
    play is complete or no result is stated)."""
    record = replay.record
    play = record.play
    if play is None or replay.play_complete or not record.result or replay.contract is None:
        return []
    where = _claim_pos(play, replay)
    try:
        start = start_of(replay)
    except NotAnalysable as error:
        return [Problem(codes.I001, msg("the claim is not verified: {error}",
                                       error=error)).at(where)]
    if start.declarer is None:
        return [Problem(codes.I001, msg("the claim is not verified: an all-pass has no single"
                                       " best-play value")).at(where)]
    cards = [card for _, card, _, _ in main_line(replay)]
    if len(cards) != _known_cards(play, replay):
        return [Problem(codes.I001, msg("the claim is not verified: a card before it is not"
                                       " known")).at(where)]
    declarer = SEATS[start.declarer]
    stated = dict(record.result).get(declarer)
    if stated is None:
        return []
    position = Position(start, tuple(cards))
    solver = Solver(start, engine)
    best = solver.total(position, start.declarer)
    if best == stated:
        return []
    line = solver.line(position)
    if start.kind == "misere":
        what: Text = msg("misère")
        says = msg("the defence gives him {n}", n=best) if stated < best else \
            msg("he can keep to {n}", n=best)
    else:
        what = str(start.contract)
        says = msg("the defence holds him to {n}", n=best) if stated > best else \
            msg("he can take {n}", n=best)
    if play.claimed or cards:
        message = nmsg("the result gives {seat} {n} trick in {contract}, but from the claim"
                      " in trick {trick}, with best play, {says}",
                      "the result gives {seat} {n} tricks in {contract}, but from the claim"
                      " in trick {trick}, with best play, {says}", stated, seat=declarer,
                      contract=what, trick=position.number, says=says)
    else:  # a problem: no card played, no claim, the Result is the stated answer
        message = nmsg("the result gives {seat} {n} trick in {contract}, but from the start"
                      " of the play (trick {trick}), with best play, {says}",
                      "the result gives {seat} {n} tricks in {contract}, but from the start"
                      " of the play (trick {trick}), with best play, {says}", stated,
                      seat=declarer, contract=what, trick=position.number, says=says)
    return [Problem(codes.W005, message,
                    msg("a line: {line}", line=_line(position, line))).at(where)]


def _known_cards(play: Play, replay: Replay) -> int:
    """The players' cards the Play section gives (a talon card is nobody's)."""
    talon = sum(1 for t in replay.tricks if t.talon_lead)
    return sum(len(run.cards) for run in play.tricks) - talon


def _claim_pos(play: Play, replay: Replay) -> tuple[int, int] | None:
    """Where the claim is: its line of the Play section, else the Result tag."""
    if play.tricks:
        run = play.tricks[-1]
        if run.cards:
            return run.position(0)
    for tag in replay.record.tags:
        if tag.name == "Result":
            return tag.pos
    return None


def _line(position: Position, cards: list[int]) -> str:
    """A line of play as tricks (``/`` between them), from ``position``."""
    out: list[str] = []
    trick: list[str] = []
    for card in cards:
        kernel = position.kernel
        if not kernel.cards and trick:
            out.append(" ".join(trick))
            trick = []
        trick.append(str(CARDS[card]))
        position = position.after(card)
    if trick:
        out.append(" ".join(trick))
    return " / ".join(out)
