"""A record's moves and what a board of it starts from.

The deal state (:mod:`pfn.rules.state`) writes the record of its moves; these
functions go the other way: what a board of a record starts from, a replayed record's
moves in order, and the finished record of a board's moves (result and score).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from pfn.model import Call, Play, Record, ScoreEntry
from pfn.rules.replay import Replay
from pfn.rules.state import Move, Stage, with_tags
from pfn.scoring.ledger import totals

_LATER = ("auction", "talon", "discard", "contract", "declarer", "defence", "play", "result",
          "score", "sheet", "settlement")
"""A record's fields a board walks (or leaves out), in the order they come."""


def setup_of(record: Record) -> tuple[Record, bool]:
    """What a board of ``record`` starts from: the record without the moves the board
    walks (its auction and all that follows; an ending's or a problem's cards and
    defence), and whether the board walks the defence."""
    walked: tuple[str, ...] = _LATER
    if record.start is not None:  # an ending: only its cards are played
        walked = ("play", "result", "score", "sheet", "settlement")
    elif record.auction is None:  # a problem's contract, given without its auction
        walked = ("defence", "play", "result", "score", "sheet", "settlement")
    # without a Defence section, the play shows the defence played: it is kept as is
    walk_defence = "defence" in walked and (record.defence is not None or record.play is None)
    names = {name.capitalize() for name in walked}
    base = replace(record, tags=tuple(t for t in record.tags if t.name not in names),
                   **dict.fromkeys(walked))  # type: ignore[arg-type]
    if record.start is not None and record.play is not None:  # an ending's leader
        base = with_tags(base, {"play": Play(record.play.leader, ())})
    return base, walk_defence


def finished(record: Record, replay: Replay, over: bool) -> Record:
    """The record of a board's moves as PFN reads it back: an all-pass's contract, and
    once the deal is over its result and what it writes on the sheet of a match it
    opens (antes and all)."""
    from pfn.match import MatchChecker
    from pfn.notation.reader import loads

    fields: dict[str, object] = {}
    if replay.contract is not None and replay.contract.allpass and record.contract is None:
        fields["contract"] = replay.contract
    ending = replay.record.start is not None
    if over and replay.result and not ending:
        fields["result"] = tuple(replay.result.items())
    record = with_tags(record, fields)
    if over and not ending:
        checker = MatchChecker()
        checker.check(record, True)
        if checker.written:
            written = totals(checker.written).items()
            record = with_tags(record, {"score": tuple(ScoreEntry(*key, value)
                                                       for key, value in written)})
    return loads(str(record))[0]


def moves_of(r: Replay) -> Iterator[tuple[Stage, Move]]:
    """The moves of a replayed record, in order: those its replay pushed into the deal
    state (:attr:`Replay.moves`: the main line; a talon card that opens an all-pass
    trick is nobody's move, a misère's contract is the bid itself), a call as the
    record writes it."""
    for stage, move, written in r.moves:
        yield stage, written if isinstance(move, Call) else move


__all__ = ["finished", "moves_of", "setup_of"]
