"""A defender before the play: each defence he and his partner may choose, weighed over
the layouts he cannot see, in the variant's own scoring.

For every complete defence the variant allows (whist or pass, half-whist, open or
closed, …), on each layout of the cards the defender has not seen: no play when the
defence does not play (the declarer is then written his contract), else best
open-hand play (a line of the open-hand solver, which says who takes each trick);
the deal is then scored by the variant's scorer and settled on a fresh sheet, and the
defender's share of the settlement is his score for that layout.  The numbers are
their averages: the declarer's tricks, how often the contract makes, and the
defender's expected score (whists in the Russian settlement; the Serbian and
Britannica settlements in their own units).

>>> import pfn
>>> from pfn.analysis.defending import defence_odds
>>> found, layouts = defence_odds(pfn.load("examples/brief.pfn")[0], pfn.Seat.B, sample=5)
>>> sorted(" ".join(d.calls) for d in found), layouts
(['pass half', 'pass pass', 'pass whist', 'whist pass', 'whist whist'], 5)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from pfn.analysis.engines import engine_in_use
from pfn.analysis.layouts import PILE, layouts, view_of
from pfn.analysis.position import NotAnalysable, refuse_broken, start_of
from pfn.analysis.solve import Searches, Solver
from pfn.cards import cards_of
from pfn.i18n import tr
from pfn.model import Call, CallSection, Deal, Hand, Record
from pfn.rules.defence import possible_defences
from pfn.rules.replay import Replay
from pfn.seats import SEATS, Seat

SAMPLE = 200
"""Layouts a defender's view is weighed over unless asked otherwise."""


@dataclass(frozen=True)
class DefenceOdds:
    """One complete defence over the layouts."""

    calls: tuple[str, ...]
    played: bool
    distribution: dict[int, float]
    """The declarer's tricks in the deal → the share of the layouts."""
    expected: float
    makes: float
    score: float
    """The defender's expected share of the deal's settlement."""


def defence_odds(source: Any, seat: Seat, *, sample: int = SAMPLE, seed: int = 0,
                 engine: str | None = None) -> tuple[list[DefenceOdds], int]:
    """Every complete defence, best first for ``seat`` (a defender) by his expected
    score, over ``sample`` layouts (seeded) of what he has not seen before the play;
    and the number of layouts."""
    from pfn.deal import replay as replay_record

    r = source if isinstance(source, Replay) else replay_record(source, on_error="collect")
    refuse_broken(r)
    contract, declarer = r.contract, r.declarer
    if contract is None or declarer is None or contract.allpass or contract.misere or \
            contract.pref or r.record.start is not None:
        raise NotAnalysable(tr("no defence to weigh: not a game for tricks with a defence"))
    if seat == declarer or seat not in r.order or len(r.order) != 3:
        raise NotAnalysable(tr("{seat} is not a defender of this deal", seat=seat))

    def protocol() -> Any:
        return r.variant.defence(contract, declarer, r.dealer, r.order)

    every = possible_defences(protocol, None)
    both = next((calls for calls in every if _outcome(protocol(), calls).played
                 and len(_outcome(protocol(), calls).players) == 2), None)
    if both is None:
        raise NotAnalysable(tr("no defence of this variant has both defenders play"))
    first = protocol().outcome.first
    base = replace(r.record, defence=CallSection.of(first, (Call(t) for t in both)),
                   play=None, result=None, score=None, sheet=None, settlement=None)
    view = view_of(replay_record(base, on_error="collect"), seat, r.record.first_trick)
    found, _ = layouts(view, limit=sample, sample=sample, seed=seed)
    search = engine_in_use(engine)
    searches: Searches = {}
    tallies: dict[tuple[str, ...], tuple[Counter[int], list[float]]] = {
        calls: (Counter(), []) for calls in every}
    for layout in found:
        deal = _deal(view, layout, r)
        lines: dict[tuple[Seat, ...], dict[Seat, int]] = {}
        for calls in every:
            record = replace(base, deal=deal.deal, discard=deal.discard,
                             defence=CallSection.of(first, (Call(t) for t in calls)))
            played = replay_record(record, on_error="collect")
            tricks: dict[Seat, int] | None = None
            if played.participants and played.play_rules is not None:
                tricks = lines.get(played.participants)
                if tricks is None:
                    tricks = lines[played.participants] = _line(played, search, searches)
                record = replace(record, result=tuple(sorted(tricks.items())))
            counts, scores = tallies[calls]
            counts[tricks[declarer] if tricks is not None else contract.level] += 1
            scores.append(_settled(record, seat))
    out = []
    for calls, (counts, scores) in tallies.items():
        n = sum(counts.values())
        made = sum(v for k, v in counts.items() if k >= contract.level)
        out.append(DefenceOdds(calls, _outcome(protocol(), calls).played,
                               {k: v / n for k, v in sorted(counts.items())},
                               sum(k * v for k, v in counts.items()) / n, made / n,
                               sum(scores) / len(scores)))
    out.sort(key=lambda d: (-d.score, d.calls))
    return out, len(found)


def _outcome(protocol: Any, calls: tuple[str, ...]) -> Any:
    protocol.run([Call(t) for t in calls])
    return protocol.outcome


@dataclass(frozen=True)
class _Dealt:
    deal: Deal
    discard: tuple[Any, ...] | None


def _deal(view: Any, layout: tuple[int, ...], r: Replay) -> _Dealt:
    """The whole deal of a layout: each hand as dealt, the talon, the discard."""
    position = view.deal(layout)
    hands = list(position.start.hands)
    pile = next((cards for holder, cards in zip(view.holders, layout, strict=True)
                 if holder == PILE), 0)
    talon = int(r.talon)
    declarer = r.declarer
    assert declarer is not None
    if not r.record.start and talon and not (r.contract and r.contract.hand):
        hands[declarer] = (hands[declarer] | pile) & ~talon
        discard: tuple[Any, ...] | None = tuple(cards_of(pile))
    else:
        discard = None
    n = r.record.players
    return _Dealt(Deal(tuple(Hand(hands[i]) for i in range(n)), Hand(talon)), discard)


def _line(replayed: Replay, engine: str, searches: Searches) -> dict[Seat, int]:
    """The tricks each player takes with best open-hand play from the lead."""
    start = start_of(replayed)
    solver = Solver(start, engine, searches)
    from pfn.analysis.position import Position

    position = Position(start)
    for card in solver.line(position):
        position = position.after(card)
    taken = position.taken
    return {SEATS[s]: taken[s] for s in start.order}


def _settled(record: Record, seat: Seat) -> float:
    """``seat``'s share of the settlement of this one deal on a fresh sheet."""
    from pfn.match import MatchChecker

    checker = MatchChecker()
    checker.check(record, True)
    state = checker.state
    if state is None:
        return 0.0
    return float(state.sheet.settle().get(seat, 0))


__all__ = ["SAMPLE", "DefenceOdds", "defence_odds"]
