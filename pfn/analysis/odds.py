"""Chances: each card weighed over every layout its player could not tell apart.

For the player to move, seen from a seat (:mod:`.layouts`): over the layouts of the
cards that seat did not see, each weighted the same, the declarer's tricks after each
legal card when everyone plays open-handed from then on (the open-hand solver on each
layout) — their distribution, their expectation, and how often the contract makes.
Open-hand play after the choice is what "chances" means here: the numbers say how good
a card is against the layouts that were possible, not how a real defence would find
its way.

>>> import pfn
>>> record = pfn.load("examples/brief.pfn")[0]
>>> found = pfn.odds(record, pfn.Seat.A, trick=3)   # Ana after two tricks of 7S
>>> found.layouts, found.exhaustive, found.cards[pfn.Card.SQ].makes
(12870, True, 1.0)
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pfn import codes
from pfn.analysis.engines import NativeSearch, engine_in_use
from pfn.analysis.layouts import EXHAUSTIVE_LIMIT, PILE, SAMPLE, Knowledge, View, layouts, view_of
from pfn.analysis.position import NotAnalysable, refuse_broken
from pfn.analysis.solve import Searches, Solver
from pfn.cards import CARDS, Card
from pfn.diagnostics import Diagnostic, Problem
from pfn.i18n import ntr, number
from pfn.messages import msg
from pfn.rules.replay import Replay
from pfn.seats import SEATS, Seat

CHUNK = 2_000
"""Layouts a worker solves at a time (``--jobs``, ``--engine dask``)."""


@dataclass(frozen=True)
class CardOdds:
    """One legal card over the layouts."""

    card: Card
    distribution: dict[int, float]
    """The counted player's tricks from this trick on → the share of the layouts."""
    expected: float
    """Their expectation (tricks from this trick on)."""
    makes: float | None
    """The share of the layouts in which the contract makes (a misère: the declarer
    takes no trick); ``None`` in an all-pass."""

    def __repr__(self) -> str:
        share = "" if self.makes is None else f", makes {self.makes:.1%}"
        return f"<CardOdds {self.card}: {self.expected:.2f} tricks from here on{share}>"


@dataclass(frozen=True)
class Odds:
    """What the layouts say at one point of the play, from one seat."""

    seat: Seat
    """Whose view."""
    mover: Seat
    counted: Seat
    """Whose tricks the numbers count: the declarer's (an all-pass: the mover's)."""
    taken: int
    """Tricks the counted player has taken before this trick."""
    needed: int | None
    """Tricks the contract needs in all (a misère: ``None``, it needs none)."""
    layouts: int
    exhaustive: bool
    cards: dict[Card, CardOdds] = field(default_factory=dict)
    """Each legal card of the mover (empty when ``seat`` cannot see his hand)."""
    position: CardOdds | None = None
    """The position with best open-hand play (its ``card`` the mover's first best one)."""
    kind: str = "tricks"
    """What the play is about: ``tricks``, ``misere`` (the shares of interest are the
    declarer's being caught: :meth:`caught`) or ``allpass``."""

    knows: Knowledge | None = None
    """What ``seat`` knows beyond its hand (its discard, the talon, hands laid open) and
    how many cards of each holder it does not."""

    score: float | None = None
    """From the bidder's seat (``bidding``) at misère: the declarer's expected share of
    the deal's settlement on a fresh sheet, in the variant's own scoring."""

    def __repr__(self) -> str:
        how = "every one" if self.exhaustive else "a sample"
        shown = self.cards[self.best[0]] if self.best else self.position
        value = "" if shown is None else \
            f", {self.taken + shown.expected:.2f} tricks expected"
        best = f", best {' '.join(map(str, self.best))}" if self.best else ""
        return (f"<Odds from {self.seat}, {self.mover} to play: {self.layouts:,} layouts"
                f" ({how}){value}{best}>")

    def caught(self, card: CardOdds) -> float | None:
        """At a misère, the share of the layouts where the declarer takes a trick or
        more (``None`` for any other play)."""
        if self.kind != "misere" or card.makes is None:
            return None
        return 1 - card.makes

    @property
    def margin(self) -> float:
        """The 95 % margin of a share when the layouts are a sample (0 when all were
        solved): 1.96 √(¼ / n), the widest, at a share of one half."""
        return 0.0 if self.exhaustive else 1.96 * math.sqrt(0.25 / max(self.layouts, 1))

    @property
    def wants_more(self) -> bool:
        """Whether the mover wants the counted tricks many: the declarer of a trick
        contract, a defender against a misère (in an all-pass each wants few)."""
        if self.needed is not None:
            return self.mover == self.counted
        return self.mover != self.counted

    @property
    def best(self) -> tuple[Card, ...]:
        """The cards with the best expectation for the mover's side."""
        if not self.cards:
            return ()
        pick = max if self.wants_more else min
        top = pick(c.expected for c in self.cards.values())
        return tuple(c for c, o in self.cards.items() if abs(o.expected - top) < 1e-9)

    def as_json(self) -> dict[str, Any]:
        """The answer as JSON-ready data: ``layouts``, ``exhaustive``, ``cards`` (card →
        ``expected``, ``distribution``, ``makes``) and the rest."""
        def one(o: CardOdds) -> dict[str, Any]:
            spread = {str(k): round(v, 6) for k, v in sorted(o.distribution.items())}
            caught = self.caught(o)
            return {"expected": round(o.expected, 6), "distribution": spread,
                    "makes": None if o.makes is None else round(o.makes, 6),
                    **({} if caught is None else {"caught": round(caught, 6)})}

        return {"seat": str(self.seat), "mover": str(self.mover), "counted": str(self.counted),
                "kind": self.kind, "taken": self.taken, "needed": self.needed,
                "layouts": self.layouts,
                "exhaustive": self.exhaustive, "margin": round(self.margin, 6),
                "weighting": "uniform", "cards": {str(c): one(o) for c, o in self.cards.items()},
                "best": [str(c) for c in self.best],
                "position": None if self.position is None else one(self.position),
                "knows": None if self.knows is None else self.knows.as_json(),
                "score": None if self.score is None else round(self.score, 6)}


def odds(source: Any, seat: Seat, trick: int | None = None, card: int = 0, *,
         limit: int = EXHAUSTIVE_LIMIT, sample: int = SAMPLE, seed: int = 0,
         engine: str | None = None, jobs: int = 1, where: str = "local",
         scheduler: str | None = None, bidding: bool = False,
         progress: Callable[[int, int], None] | None = None) -> Odds:
    """The chances at a point of the play (before trick ``trick``, after ``card`` of its
    cards; ``None``: where the record's play stops) seen from ``seat``: ``source`` is a
    record, its replay, or a :class:`pfn.Board`.  Every layout when there are at most
    ``limit``, else ``sample`` of them (``seed``); ``jobs`` processes (or Dask, with
    ``where="dask"``) share the layouts with the same answer as one; ``progress`` is
    told the layouts solved and their number as the work goes.  ``bidding``: before
    the play as the declarer weighs his contract, the hands that will be laid open (the
    defenders' at misère) not yet seen — "how likely am I to be caught?"."""
    replay = _replay_of(source)
    if hasattr(source, "position") and hasattr(source, "trick") and trick is None:
        trick, card = source.trick, sum(s is not None for s, _ in source.table)
    view = view_of(replay, seat, trick, card, bidding=bidding)
    found, exhaustive = layouts(view, limit, sample, seed)
    if not found:
        raise NotAnalysable(msg("no layout agrees with the play"))
    search = engine_in_use(engine)
    chunks = [found[i:i + CHUNK] for i in range(0, len(found), CHUNK)]
    work = functools.partial(_counts, view, search)
    if jobs > 1 or where == "dask":
        from pfn.executor import map_ordered

        parts: Iterator[_Tally] = map_ordered(work, chunks, jobs=jobs, engine=where,  # type: ignore[arg-type]
                                              scheduler=scheduler,
                                              describe=_layouts)
    else:
        parts = map(work, chunks)
    total = _Tally()
    done = 0
    for part, chunk in zip(parts, chunks, strict=True):
        total.merge(part)
        done += len(chunk)
        if progress is not None:
            progress(done, len(found))
    _SHARED.clear()  # the table is let go once the question is answered
    answer = _answer(view, total, len(found), exhaustive)
    if bidding and answer.kind == "misere" and answer.position is not None and \
            view.declarer is not None:
        answer = replace(answer, score=priced(replay, SEATS[view.declarer],
                                              answer.position.distribution))
    return answer


def priced(replay: Replay, declarer: Seat, distribution: dict[int, float]) -> float:
    """The declarer's expected share of the settlement of a misère on a fresh sheet:
    each count of his tricks scored and settled as the record's variant and house rules
    do, weighted by its share (the defenders' split does not count at misère)."""
    from pfn.match import MatchChecker
    from pfn.notation.reader import loads

    record = replay.record
    head = "".join(f'[{name} "{record.tag(name)}"]\n' for name in ("Variant", "Rules")
                   if record.tag(name))
    dealer = replay.dealer if replay.dealer is not None else \
        replay.order[-1] if replay.order else SEATS[2]
    expected = 0.0
    for tricks, share in distribution.items():
        text = (f'{head}[Dealer "{dealer}"]\n[Contract "{replay.contract}"]\n'
                f'[Declarer "{declarer}"]\n[Result "{declarer}:{tricks}"]\n')
        checker = MatchChecker()
        checker.check(loads(text)[0], True)
        if checker.state is not None:
            expected += share * float(checker.state.sheet.settle().get(declarer, 0))
    return expected


DISCARD_SAMPLE = 200
"""How many layouts of the defenders' twenty cards weigh each discard (the same layouts
for every discard)."""


@dataclass(frozen=True)
class DiscardOdds:
    """One discard of the declarer's over the layouts."""

    cards: tuple[Card, Card]
    distribution: dict[int, float]
    """The declarer's tricks in the deal → the share of the layouts."""
    expected: float
    makes: float


def discard_odds(source: Any, *, sample: int = DISCARD_SAMPLE, seed: int = 0,
                 engine: str | None = None) -> tuple[list[DiscardOdds], int]:
    """Before the play, every discard the declarer may make, best first by his
    expected tricks: over ``sample`` layouts (seeded) of the twenty cards he has not
    seen — the same layouts for each discard — with open-hand play from the lead; and
    the number of layouts.  Equivalent cards (touching in his twelve) make one discard
    that stands for each of them."""
    import random

    from pfn.analysis.position import Position
    from pfn.analysis.suits import equivalence_classes
    from pfn.rules.tricks import Start

    r = _replay_of(source)
    refuse_broken(r)
    contract, declarer = r.contract, r.declarer
    if contract is None or declarer is None or contract.allpass or contract.hand or \
            r.record.start is not None or r.play_rules is None or r.first_leader is None:
        raise NotAnalysable(msg("no discard to weigh: the contract is not played with the"
                                  " talon"))
    deal = r.record.deal
    dealt = deal.hand(declarer) if deal is not None else None
    if dealt is None or not dealt.complete or r.talon.bit_count() != 2:
        raise NotAnalysable(msg("not analysable: the declarer's twelve cards (hand and talon)"
                               " are not all given"))
    twelve = dealt.mask | int(r.talon)
    unseen = [c for c in range(32) if not twelve >> c & 1]
    rng = random.Random(seed)
    layouts_: list[tuple[int, int]] = []
    for _ in range(sample):
        rng.shuffle(unseen)
        layouts_.append((sum(1 << c for c in unseen[:10]), sum(1 << c for c in unseen[10:])))
    defenders = [s for s in r.order if s != declarer]
    groups = equivalence_classes(twelve, (1 << 32) - 1)
    pairs = [(i, j) for i in range(len(groups)) for j in range(i, len(groups))
             if i != j or len(groups[i]) > 1]
    order = tuple(int(s) for s in r.participants)
    search = engine_in_use(engine)
    searches: Searches = {}
    found = []
    for i, j in pairs:
        kept = twelve & ~(1 << groups[i][0]) & ~(1 << groups[j][-1])
        counts: Counter[int] = Counter()
        for first, second in layouts_:
            hands = [0, 0, 0, 0]
            hands[declarer], hands[defenders[0]], hands[defenders[1]] = kept, first, second
            start = Start(tuple(hands), order, int(r.first_leader), r.play_rules, contract,
                          int(declarer))
            counts[Solver(start, search, searches).total(Position(start), int(declarer))] += 1
        n = sum(counts.values())
        made = sum(v for k, v in counts.items() if (k == 0 if contract.misere else
                                                   k >= contract.level))
        cards = (CARDS[groups[i][0]], CARDS[groups[j][-1]])
        found.append(DiscardOdds((min(cards), max(cards)),
                                 {k: v / n for k, v in sorted(counts.items())},
                                 sum(k * v for k, v in counts.items()) / n, made / n))
    found.sort(key=lambda d: (d.expected if contract.misere else -d.expected, d.cards))
    return found, len(layouts_)


def stated(text: str) -> tuple[float, float] | None:
    """A stated share or count and how exactly it is stated: ``62%`` → (0.62, 0.005),
    ``0.625`` → (0.625, 0.0005), ``5/8`` → (0.625, 1e-9), ``7.4`` → (7.4, 0.05)."""
    text = text.strip().replace(",", ".")
    try:
        if text.endswith("%"):
            number = text[:-1].strip()
            places = len(number.partition(".")[2])
            return float(number) / 100, 0.5 * 10 ** -places / 100
        if "/" in text:
            top, _, bottom = text.partition("/")
            return int(top) / int(bottom), 1e-9
        places = len(text.partition(".")[2])
        return float(text), 0.5 * 10 ** -places
    except (ValueError, ZeroDivisionError):
        return None


def verify_chances(replay: Replay, engine: str | None = None) -> list[Diagnostic]:
    """What the layouts say of a record's stated ``Chance`` (the declarer's chance of
    making, seen from his seat where the play given stops, with his best card) and
    ``Expected`` (his expected tricks in the deal, with his best card by expectation):
    ``PFN-W006`` when one is not what they give (``pfn check --analyse``)."""
    record = replay.record
    asked = {name: record.tag(name) for name in ("Chance", "Expected")}
    if not any(asked.values()):
        return []
    where = next(((t.pos) for t in record.tags if asked.get(t.name)), None)
    if replay.declarer is None or replay.contract is None or replay.contract.allpass:
        return [Problem(codes.I001, msg("the chance is not verified: there is no declarer"))
                .at(where)]
    try:
        found = odds(replay, replay.declarer, engine=engine)
    except NotAnalysable as error:
        return [Problem(codes.I001, msg("the chance is not verified: {error}",
                                          error=error)).at(where)]
    cards = list(found.cards.values()) if found.mover == found.counted else []
    out: list[Diagnostic] = []
    how = ntr("{n} layout, every one", "{n} layouts, every one", found.layouts,
              n=number(found.layouts, ",")) if found.exhaustive else \
        ntr("{n} layout, a sample: ±{margin}", "{n} layouts, a sample: ±{margin}",
            found.layouts, n=number(found.layouts, ","), margin=number(found.margin, ".1%"))
    for name, text in asked.items():
        if not text:
            continue
        value = stated(text)
        pos = next(t.pos for t in record.tags if t.name == name)
        if value is None:
            out.append(Problem(codes.I001, msg("{name} {text} is not a number", name=name,
                                                  text=repr(text))).at(pos, text))
            continue
        if name == "Chance":
            shares = [c.makes for c in cards if c.makes is not None] or \
                [found.position.makes if found.position and found.position.makes is not None
                 else 0.0]
            got, shown = max(shares), number(max(shares), ".1%")
            slack = value[1] + found.margin
        else:
            expectations = [c.expected for c in cards] or \
                [found.position.expected if found.position else 0.0]
            got = found.taken + max(expectations)
            shown, slack = number(got, ".2f"), value[1] + found.margin * 10
        if abs(got - value[0]) > slack:
            out.append(Problem(codes.W006, msg("{name} says {text}; the layouts give {shown}"
                                              " ({how})", name=name, text=text, shown=shown,
                                              how=how),
                               msg("each layout weighted the same, open-hand play after the"
                                  " declarer's best card")).at(pos, text))
    return out


def _replay_of(source: Any) -> Replay:
    if isinstance(source, Replay):
        return source
    if hasattr(source, "replay") and callable(source.replay):
        found = source.replay()
        assert isinstance(found, Replay)
        return found
    from pfn.deal import replay

    return replay(source, on_error="collect")


@dataclass
class _Tally:
    """Counts over some layouts: each card's tricks to come, and the position's."""

    cards: dict[int, Counter[int]] = field(default_factory=dict)
    position: Counter[int] = field(default_factory=Counter)
    mover: int = -1
    counted: int = -1
    taken: int = 0
    legal: tuple[int, ...] = ()
    seen: bool = True

    def merge(self, other: _Tally) -> None:
        for c, counts in other.cards.items():
            self.cards.setdefault(c, Counter()).update(counts)
        self.position.update(other.position)
        if other.mover >= 0:
            self.mover, self.counted, self.taken = other.mover, other.counted, other.taken
            self.legal, self.seen = other.legal, other.seen


def _layouts(chunk: Sequence[tuple[int, ...]]) -> str:
    """What a worker was weighing, for a message about it."""
    return ntr("{n} layout", "{n} layouts", len(chunk))


_SHARED: list[tuple[View, str, Searches]] = []
"""The searches of the view this process weighs now (one, kept across its chunks): a
table entry is a position's value whatever layout it came from, so every layout a
process solves shares one table instead of a fresh one a chunk."""


def _searches(view: View, engine: str) -> Searches:
    """The searches this process keeps for ``view`` (another view's are let go)."""
    if _SHARED and _SHARED[0][0] == view and _SHARED[0][1] == engine:
        return _SHARED[0][2]
    _SHARED[:] = [(view, engine, {})]
    return _SHARED[0][2]


def _counts(view: View, engine: str, chunk: Sequence[tuple[int, ...]]) -> _Tally:
    """Solve ``chunk``'s layouts on this process's one table for the view: in the
    compiled core, the whole chunk in one call."""
    tally = _Tally()
    searches = _searches(view, engine)
    position = view.deal(chunk[0])
    if position.over:
        raise NotAnalysable(msg("the play is over: nothing is left to choose"))
    solver = Solver(position.start, engine, searches)
    mover = position.turn
    counted = view.declarer if view.declarer is not None else mover
    kernel = position.kernel
    taken = kernel.taken[counted]
    seen = view.known[mover] == position.start.hands[mover]
    tally.mover, tally.counted, tally.taken, tally.seen = mover, counted, taken, seen
    search = solver.search(counted)
    if isinstance(search, NativeSearch):
        # the first layout's position checked as the Python search checks it; the core
        # checks each of the others
        search.value(kernel.hands, kernel.leader, kernel.number, kernel.cards, kernel.seats)
        hands = list(kernel.hands)
        for holder, cards in zip(view.holders, chunk[0], strict=True):
            if holder != PILE:
                hands[holder] &= ~cards
        found = search.weigh(hands, kernel.leader, kernel.number, kernel.cards,
                             kernel.seats, view.holders, chunk, seen)
        if seen:
            for c, counts in found.items():
                tally.cards[c] = Counter({v: n for v, n in enumerate(counts) if n})
        else:
            tally.position.update({v: n for v, n in enumerate(found) if n})
        return tally
    for layout in chunk:
        position = view.deal(layout)
        solver = Solver(position.start, engine, searches)
        if seen:
            for c, v in solver.card_values(position, counted).items():
                tally.cards.setdefault(c, Counter())[v - taken] += 1
        else:
            tally.position[solver.total(position, counted) - taken] += 1
    return tally


def _answer(view: View, tally: _Tally, count: int, exhaustive: bool) -> Odds:
    contract = view.contract
    needed = None if contract.misere or contract.allpass else contract.level

    def summary(card: Card, counts: Counter[int]) -> CardOdds:
        n = sum(counts.values())
        distribution = {k: v / n for k, v in sorted(counts.items())}
        expected = sum(k * v for k, v in counts.items()) / n
        if contract.allpass:
            makes = None
        elif contract.misere:
            makes = sum(v for k, v in counts.items() if tally.taken + k == 0) / n
        else:
            makes = sum(v for k, v in counts.items() if tally.taken + k >= contract.level) / n
        return CardOdds(card, distribution, expected, makes)

    cards = {CARDS[c]: summary(CARDS[c], counts) for c, counts in sorted(tally.cards.items())}
    found = Odds(view.seat, SEATS[tally.mover], SEATS[tally.counted], tally.taken, needed,
                 count, exhaustive, cards)
    # the position: the mover's best card by expectation, or, when the viewer cannot see
    # his hand, best open-hand play on each layout
    chosen = cards[found.best[0]] if found.best else summary(CARDS[0], tally.position)
    kind = "allpass" if contract.allpass else "misere" if contract.misere else "tricks"
    return Odds(found.seat, found.mover, found.counted, found.taken, needed, count,
                exhaustive, cards, chosen, kind, view.knowledge())


__all__ = ["CHUNK", "DISCARD_SAMPLE", "CardOdds", "DiscardOdds", "Odds", "discard_odds", "odds",
           "stated", "verify_chances"]
