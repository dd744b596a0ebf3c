"""The record a board's moves make, and the moves a record makes.

A board keeps its moves; the rules engine reads records.  These functions turn one
into the other: the record of the moves so far (each section and its tag), the play's
lines as the kernel cut them into tricks, and a replayed record's moves in order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from pfn.analysis.position import Start
from pfn.board.moves import Move, Stage
from pfn.cards import CARDS, Card, cards_of
from pfn.contract import Contract
from pfn.model import Annotation, Call, CallSection, CardRun, Play, Record, ScoreEntry, Tag
from pfn.rules.replay import Replay
from pfn.rules.tricks import Tricks
from pfn.scoring.ledger import totals
from pfn.seats import Seat

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


def defending(r: Replay) -> tuple[Contract, Seat, Seat | None, tuple[Seat, ...]]:
    """What a defence protocol of the replayed deal is made with."""
    assert r.contract is not None and r.declarer is not None
    return r.contract, r.declarer, r.dealer, r.order


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
    kernel = Tricks(start.hands, start.order, start.leader, start.rules, start.talon,
                    start.number)
    for card in cards:
        kernel.play(card)
    runs = [CardRun(tuple(CARDS[c] for c in cards)) for cards, *_ in kernel.history]
    if kernel.cards and any(s is not None for s in kernel.seats):
        runs.append(CardRun(tuple(CARDS[c] for c in kernel.cards)))
    if runs and not kernel.over:
        runs[-1] = replace(runs[-1], claim=Annotation())
    return tuple(runs)


def moves_of(r: Replay) -> Iterator[tuple[Stage, Move]]:
    """The moves of a replayed record, in order."""
    record = r.record
    for call in record.auction.calls if record.auction is not None else ():
        yield "auction", Call(call.token, call.seat)
    if record.auction is not None and r.discard:
        given = [c for c in record.discard or () if isinstance(c, Card)]
        for card in given if len(given) == 2 else cards_of(r.discard):  # as written
            yield "discard", card
    if record.auction is not None and r.contract is not None and not r.contract.allpass:
        yield "contract", r.contract
    for call in record.defence.calls if record.defence is not None else ():
        yield "defence", Call(call.token, call.seat)
    # the main line as written (a trick left on the table included); a talon card
    # that opens an all-pass trick is nobody's move
    talon = r.play_rules.talon_needed(record.first_trick) if r.play_rules is not None else 0
    for line, run in enumerate(record.play.tricks if record.play is not None else ()):
        for index, played in enumerate(run.cards):
            if played is not None and not (line < talon and index == 0):
                yield "play", played


__all__ = ["defending", "finished", "moves_of", "play_lines", "setup_of",
           "with_tags"]
