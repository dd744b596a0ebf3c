"""The record a board's moves make, and the moves a record makes.

A board keeps its moves; the rules engine reads records.  These functions turn one
into the other: the record of the moves so far (each section and its tag), the play's
lines as the kernel cut them into tricks, and a replayed record's moves in order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Literal

from pfn.analysis.position import Start
from pfn.cards import CARDS, Card, cards_of
from pfn.contract import Contract
from pfn.model import Call, CallSection, CardRun, Play, Record, Tag
from pfn.rules.replay import Replay
from pfn.rules.tricks import Tricks

Move = Call | Card | Contract
"""A move: an auction or defence call, a card (discarded or played), a contract."""
Stage = Literal["auction", "discard", "contract", "defence", "play", "over"]
"""What the deal waits for."""


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


def bits(mask: int) -> Iterator[int]:
    return (c for c in range(32) if mask >> c & 1)


def play_lines(start: Start, cards: Sequence[Card]) -> tuple[CardRun, ...]:
    """The play's lines: one per trick, a talon card first where it opens the trick."""
    kernel = Tricks(start.hands, start.order, start.leader, start.rules, start.talon,
                    start.number)
    for card in cards:
        kernel.play(card)
    runs = [CardRun(tuple(CARDS[c] for c in cards)) for cards, *_ in kernel.history]
    if kernel.cards and any(s is not None for s in kernel.seats):
        runs.append(CardRun(tuple(CARDS[c] for c in kernel.cards)))
    return tuple(runs)


def moves_of(r: Replay) -> Iterator[tuple[Stage, Move]]:
    """The moves of a replayed record, in order."""
    record = r.record
    for call in record.auction.calls if record.auction is not None else ():
        yield "auction", Call(call.token, call.seat)
    if record.auction is not None and r.discard:
        for card in cards_of(r.discard):
            yield "discard", card
    if record.auction is not None and r.contract is not None and not r.contract.allpass:
        yield "contract", r.contract
    for call in record.defence.calls if record.defence is not None else ():
        yield "defence", Call(call.token, call.seat)
    for trick in r.tricks:
        for seat, played in zip(trick.seats, trick.cards, strict=True):
            if seat is not None and played is not None:
                yield "play", played


__all__ = ["Move", "Stage", "bits", "moves_of", "play_lines", "with_tags"]
