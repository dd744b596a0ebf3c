"""Structural checks: what a record must satisfy before any rule is applied.

32 distinct cards, ten in each active hand, two in the talon, the dealer's empty
hand at a table of four, Talon and Discard consistent with the Deal, no card
played twice or played after being discarded, tricks that add up to ten, notes
that exist.  These hold in every variant, so they need no :mod:`pfn.rules`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from operator import or_
from typing import Protocol, cast

from pfn import codes
from pfn.cards import Card, cards_of
from pfn.codes import Code
from pfn.diagnostics import Diagnostic, text_lines
from pfn.messages import Text, msg, nmsg
from pfn.model import Annotation, CardPattern, CardRef, CardRun, Pos, Record, Variation
from pfn.seats import SEATS, Seat


class _Problem(Protocol):
    def __call__(self, code: Code, message: Text, pos: Pos, text: str | None = None,
                 hint: Text | None = None) -> None: ...


TALON_SIZE = 2
MAX_REPEATS = 100
"""Problems of one kind shown for one record; the rest are counted."""
PLAY_CODES = frozenset({codes.E204, codes.E211})
"""Structural problems of the play alone: the rules are still replayed up to them (the
replay stops at the card), so a mistake before them is reported where it is."""


def blocks_rules(diagnostics: list[Diagnostic]) -> bool:
    """Whether structural problems leave nothing for the rules to replay: any error but
    a card played twice or after its discard."""
    return any(d.is_error and d.code not in PLAY_CODES for d in diagnostics)


def _tag_pos(record: Record, name: str) -> Pos:
    for tag in record.tags:
        if tag.name == name:
            return tag.pos
    return (0, 0)


def _deal_pos(record: Record, label: str) -> Pos:
    """Where hand ``label`` (``A`` … ``talon``) stands in the Deal tag's line."""
    line, col = _tag_pos(record, "Deal")
    source = record.source
    if source is None or not line:
        return (line, col)
    lines = text_lines(source.text)
    index = line - source.line
    if 0 <= index < len(lines):
        text = lines[index]
        at = text.find(f"{label}:", col - 1)
        if at < 0:
            at = text.lower().find(f"{label.lower()}:", col - 1)
        if at >= 0:
            return (line, at + 1)
    return (line, col)


def _known(cards: tuple[CardRef, ...] | None) -> int:
    mask = 0
    for card in cards or ():
        if isinstance(card, Card):
            mask |= 1 << card
    return mask


def check_structure(record: Record) -> list[Diagnostic]:
    """Every structural problem of ``record`` (an empty list when there is none)."""
    if not record.syntax_ok or record.empty:
        return []
    out: list[Diagnostic] = []
    counts: dict[Code, int] = {}

    def problem(code: Code, message: Text, pos: Pos, text: str | None = None,
                hint: Text | None = None) -> None:
        counts[code] = counts.get(code, 0) + 1
        if counts[code] <= MAX_REPEATS:  # a line of a million bad cards: a hundred are said
            out.append(Diagnostic(code, message, None, pos[0] or None, pos[1] or None, text,
                                  hint))

    deal = record.deal
    seen = 0
    held = record.tricks_left  # an ending (Start N): the hands before trick N
    if deal is not None:
        def owner(card: Card) -> Seat:
            return next(Seat(i) for i, h in enumerate(deal.hands)
                        if h is not None and h.mask >> card & 1)

        for index, hand in enumerate(deal.hands):
            if hand is None:
                continue
            seat = SEATS[index]
            shared = seen & hand.mask
            for card in cards_of(shared) if shared else ():
                problem(codes.E201, msg("{card} dealt to both {owner} and {seat}", card=card,
                                       owner=owner(card), seat=seat),
                        _deal_pos(record, seat.name), f"{seat}:", msg("every card is dealt once"))
            seen |= hand.mask
            size = hand.size
            expected = held
            if record.players == 4 and record.dealer is not None:
                expected = 0 if seat == record.dealer else held
            if size is not None and size != expected and not (
                    record.players == 4 and record.dealer is None and size == 0):
                if expected == 0:
                    what = msg("the dealer sits out and holds no cards")
                elif record.start is not None:
                    what = msg("each player holds {held} cards before trick {number}",
                              held=held, number=record.start)
                else:
                    what = msg("each player holds {held} cards", held=held)
                code = codes.E207 if expected == 0 else codes.E202
                problem(code, nmsg("{seat} holds {n} card", "{seat} holds {n} cards", size,
                                  seat=seat), _deal_pos(record, seat.name), f"{seat}:", what)
        talon = deal.talon
        if talon is not None:
            shared = seen & talon.mask
            for card in cards_of(shared) if shared else ():
                problem(codes.E201, msg("{card} dealt to {owner} and also in the talon",
                                       card=card, owner=owner(card)),
                        _deal_pos(record, "talon"), "talon:", msg("every card is dealt once"))
            seen |= talon.mask
            size = talon.size
            if size is not None and size != TALON_SIZE:
                problem(codes.E203, nmsg("the talon has {n} card", "the talon has {n} cards", size),
                        _deal_pos(record, "talon"), "talon:",
                        msg("the talon holds {n} cards", n=TALON_SIZE))
        if record.players == 4 and record.dealer is None:
            empty = [h for h in deal.hands if h is not None and h.size == 0]
            if len(empty) > 1:
                problem(codes.E202, msg("more than one empty hand at a table of four"),
                        _tag_pos(record, "Deal"))

    _check_talon(record, problem)
    _check_discard(record, problem)
    _check_play(record, problem)
    _check_result(record, problem)
    _check_notes(record, problem)
    for code, count in counts.items():
        if count > MAX_REPEATS:
            out.append(Diagnostic(codes.I001, msg("not shown: {n} more {code} in this record",
                                                 n=count - MAX_REPEATS, code=code),
                                  None, *_tag_pos(record, "Play")))
    return out


def _check_talon(record: Record, problem: _Problem) -> None:
    talon_tag = record.talon
    if talon_tag is None:
        return
    pos = _tag_pos(record, "Talon")
    if len(talon_tag) != TALON_SIZE:
        problem(codes.E203, nmsg("Talon lists {n} card", "Talon lists {n} cards",
                                len(talon_tag)), pos, None,
                msg("the talon holds {n} cards", n=TALON_SIZE))
    deal = record.deal
    if deal is None:
        return
    shown = _known(talon_tag)
    if deal.talon is not None:
        extra = shown & ~deal.talon.mask
        if extra and deal.talon.complete:
            problem(codes.E205, msg("Talon shows {cards}, but the Deal's talon is {talon}",
                                   cards=" ".join(c.name for c in cards_of(extra)),
                                   talon=deal.talon), pos)
        patterns = [c for c in talon_tag if isinstance(c, CardPattern)]
        for pattern in patterns:
            if deal.talon.complete and not any(pattern.matches(c) for c in cards_of(
                    deal.talon.mask & ~shown)):
                problem(codes.E205, msg("Talon shows {cards}, which the Deal's talon {talon}"
                                       " does not have", cards=pattern, talon=deal.talon), pos)
    for index, hand in enumerate(deal.hands):
        if hand is not None and hand.mask & shown:
            cards = " ".join(c.name for c in cards_of(hand.mask & shown))
            problem(codes.E205, msg("Talon shows {cards}, dealt to {seat}", cards=cards,
                                   seat=Seat(index)), pos)


def _check_discard(record: Record, problem: _Problem) -> None:
    discard = record.discard
    if discard is None:
        return
    pos = _tag_pos(record, "Discard")
    known = [c for c in discard if isinstance(c, Card)]
    if len(set(known)) != len(known):
        problem(codes.E206, msg("the same card discarded twice"), pos)
    deal, declarer = record.deal, record.declarer
    if deal is None or declarer is None or record.start is not None:
        return  # an ending's hands are after the discard
    hand = deal.hand(declarer)
    if hand is None or not hand.complete or deal.talon is None or not deal.talon.complete:
        return
    twelve = hand.mask | deal.talon.mask
    for card in known:
        if not twelve >> card & 1:
            problem(codes.E206, msg("{card} discarded, but the declarer {declarer} holds it"
                                   " neither in hand nor in the talon", card=card,
                                   declarer=declarer), pos, None,
                    msg("the declarer discards two of his twelve cards"))


_BIT = [1 << c for c in range(32)]


def _check_play(record: Record, problem: _Problem) -> None:
    play = record.play
    if play is None:
        return
    discarded = _known(record.discard)
    # at a glance: every card known, none twice, none discarded (the common case)
    played = count = 0
    for trick in play.tricks:
        cards = trick.cards
        if None in cards:
            break
        played |= reduce(or_, map(_BIT.__getitem__, cast("tuple[Card, ...]", cards)), 0)
        count += len(cards)
    else:
        if played.bit_count() == count and not played & discarded:
            return
    played = 0
    shown = 0
    first: dict[int, tuple[int, CardRun, int]] = {}  # where each card was first played
    for number, trick in enumerate(play.tricks, start=1):
        for index, card in enumerate(trick.cards):
            if card is None:
                continue
            bit = 1 << card
            if (played | discarded) & bit and shown >= MAX_REPEATS:
                problem(codes.E204 if played & bit else codes.E211, "", (0, 0))  # counted only
                continue
            if played & bit or discarded & bit:
                shown += 1
            if played & bit:
                earlier, run, at = first[card]
                line, col = run.position(at)  # found only for a card played twice
                where = msg("line {line}, column {col}", line=line, col=col) if line else \
                    msg("earlier")
                problem(codes.E204, msg("{card} played a second time at trick {number}: it was"
                                       " played at trick {earlier} ({where})", card=card,
                                       number=number, earlier=earlier, where=where),
                        trick.position(index), trick.text(index), msg("each card is played once"))
            elif discarded & bit:
                problem(codes.E211, msg("{card} was discarded and cannot be played (trick"
                                       " {number})", card=card, number=number),
                        trick.position(index), trick.text(index))
            if card not in first:
                first[card] = (number, trick, index)
            played |= bit


def _check_result(record: Record, problem: _Problem) -> None:
    result = record.result
    if not result:
        return
    pos = _tag_pos(record, "Result")
    known = [n for _, n in result if n is not None]
    total = sum(known)
    active = record.players - (1 if record.players == 4 else 0)
    tricks = record.tricks_left
    if total > tricks or (len(known) == len(result) == active and total != tricks):
        problem(codes.E210, msg("the tricks add up to {total}", total=total), pos, None,
                msg("the ten tricks of a deal are shared by the players") if record.start is None
                else msg("the {n} tricks from trick {number} are shared by the players",
                        n=tricks, number=record.start))


def _annotations(record: Record) -> Iterator[Annotation]:
    def walk(ann: Annotation | None) -> Iterator[Annotation]:
        if ann is None:
            return
        yield ann
        for variation in ann.variations:
            yield from walk_variation(variation)

    def walk_variation(variation: Variation) -> Iterator[Annotation]:
        moves = variation.moves
        if isinstance(moves, tuple):
            for node in moves:
                yield from walk(node.ann)
        else:
            for i in range(len(moves.cards)):
                yield from walk(moves.ann(i))
            yield from walk(moves.claim)

    # most moves have no annotation: no generator is made for them
    for section in (record.auction, record.defence):
        for node in section.nodes if section is not None else ():
            if node.ann is not None:
                yield from walk(node.ann)
    for trick in record.play.tricks if record.play is not None else ():
        if trick.anns is not None:
            for ann in trick.anns:
                if ann is not None:
                    yield from walk(ann)
        if trick.claim is not None:
            yield from walk(trick.claim)


def _text_pos(record: Record, needle: str) -> Pos:
    """Where ``needle`` first stands in the record's text (the record's start if nowhere)."""
    source = record.source
    if source is None:
        return (0, 0)
    for number, line in enumerate(text_lines(source.text), start=source.line):
        at = line.find(needle)
        if at >= 0:
            return (number, at + 1)
    return (source.line, 1)


def _check_notes(record: Record, problem: _Problem) -> None:
    defined = {n for n, _ in record.notes}
    used: set[int] = set()
    for ann in _annotations(record):
        used.update(ann.notes)
    for number in sorted(used - defined):
        problem(codes.E118, msg("={number}= refers to a note that is not given", number=number),
                _text_pos(record, f"={number}="), f"={number}=",
                msg('add [Note "{number}:…"]', number=number))
    for number in sorted(defined - used):
        problem(codes.W003, msg("note {number} is never referenced", number=number),
                _tag_pos(record, "Note"), None,
                msg("refer to it with ={number}= after a call or card", number=number))


def played_mask(record: Record) -> int:
    """Cards the main line of the play shows."""
    mask = 0
    for trick in record.play.tricks if record.play is not None else ():
        for card in trick.cards:
            if card is not None:
                mask |= 1 << card
    return mask


def dealt_mask(record: Record) -> int:
    """Cards the Deal tag places (in hands or the talon)."""
    deal = record.deal
    if deal is None:
        return 0
    mask = deal.talon.mask if deal.talon is not None else 0
    for hand in deal.hands:
        if hand is not None:
            mask |= hand.mask
    return mask

