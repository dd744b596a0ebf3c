"""The bidder's question at the auction: what each contract his twelve cards could play
is worth, in the record's own scoring.

From the declarer's seat, his hand and the talon known: for each strain (♠ ♣ ♦ ♥, no
trumps) and misère, every discard is weighed over the same seeded sample of layouts of
the twenty cards he has not seen (open-hand play from the lead, as ``pfn odds
--discards`` does) and the best kept — the most tricks, at misère the fewest. With that
discard each contract of the strain (six to ten; misère) is then played out on every
layout with best open-hand play and scored and settled on a fresh sheet by the record's
variant and house rules under each defence the variant allows (whist, pass, half-whist
…); his share of the settlement is his score, and the defence priced is the one worst
for him on average over the layouts. The answer: each contract's discard, expected tricks, chance
of making and expected score, with the sample's 95 % margin on the score.

>>> import pfn
>>> from pfn.analysis.contracts import contract_odds
>>> found, n = contract_odds(pfn.load("examples/analysis.pfn")[3], sample=5)
>>> best = found[0]; (best.contract, n, best.makes)
('8S', 5, 1.0)
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from typing import Any

from pfn.analysis.engines import engine_in_use
from pfn.analysis.position import NotAnalysable, Position, Start, refuse_broken
from pfn.analysis.solve import Searches, Solver
from pfn.analysis.suits import equivalence_classes
from pfn.cards import CARDS, Card, Suit
from pfn.contract import Contract
from pfn.i18n import tr
from pfn.rules.defence import possible_defences
from pfn.rules.replay import Replay
from pfn.seats import SEATS, Seat

SAMPLE = 100
"""Layouts of the defenders' twenty cards each contract is weighed over by default."""
STRAINS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)


@dataclass(frozen=True)
class ContractOdds:
    """One contract the declarer could play, over the layouts."""

    contract: str
    discard: tuple[Card, Card]
    """His best discard for the contract's strain (at misère: for misère)."""
    defence: tuple[str, ...]
    """The defence priced: of those the variant allows, the worst for him on average
    over the layouts (none at misère)."""
    expected: float
    """His expected tricks."""
    makes: float
    """The share of the layouts in which the contract makes."""
    score: float
    """His expected share of the deal's settlement on a fresh sheet."""
    margin: float
    """The 95 % margin of ``score`` from the sample (1.96 standard errors)."""


def contract_odds(source: Any, *, sample: int = SAMPLE, seed: int = 0,
                  engine: str | None = None) -> tuple[list[ContractOdds], int]:
    """Every contract of six to ten tricks in each strain, and misère, best first by the
    declarer's expected score; and the number of layouts weighed."""
    from pfn.deal import replay as replay_record

    r = source if isinstance(source, Replay) else replay_record(source, on_error="collect")
    refuse_broken(r)
    declarer, contract = r.declarer, r.contract
    if contract is None or declarer is None or contract.allpass or contract.hand or \
            r.record.start is not None or r.first_leader is None or len(r.order) != 3:
        raise NotAnalysable(tr("no contract to weigh: the declarer does not take the talon"
                               " in a deal of three"))
    deal = r.record.deal
    dealt = deal.hand(declarer) if deal is not None else None
    if dealt is None or not dealt.complete or r.talon.bit_count() != 2:
        raise NotAnalysable(tr("not analysable: the declarer's twelve cards (hand and talon)"
                               " are not all given"))
    twelve = dealt.mask | int(r.talon)
    unseen = [c for c in range(32) if not twelve >> c & 1]
    rng = random.Random(seed)
    layouts: list[tuple[int, int]] = []
    for _ in range(sample):
        rng.shuffle(unseen)
        layouts.append((sum(1 << c for c in unseen[:10]), sum(1 << c for c in unseen[10:])))
    defenders = [s for s in r.order if s != declarer]
    groups = equivalence_classes(twelve, (1 << 32) - 1)
    discards = [twelve & ~(1 << groups[i][0]) & ~(1 << groups[j][-1])
                for i in range(len(groups)) for j in range(i, len(groups))
                if i != j or len(groups[i]) > 1]
    search = engine_in_use(engine)
    order = tuple(int(s) for s in r.order)
    prices: dict[tuple[str, tuple[int, ...]], float] = {}
    found: list[ContractOdds] = []
    for probe in (*(Contract(6, strain) for strain in STRAINS), Contract.parse("mis")):
        rules = r.variant.play_rules(probe, declarer, r.dealer, r.players)
        searches: Searches = {}

        def start(kept: int, layout: tuple[int, int], probe: Contract = probe,
                  rules: Any = rules) -> Start:
            hands = [0, 0, 0, 0]
            hands[declarer], hands[defenders[0]], hands[defenders[1]] = kept, *layout
            return Start(tuple(hands), order, int(r.first_leader or 0), rules, probe,
                         int(declarer))

        def tricks(kept: int, searches: Searches = searches,
                   start: Any = start) -> list[int]:
            return [Solver(start(kept, layout), search, searches).total(
                Position(start(kept, layout)), int(declarer)) for layout in layouts]

        weighed = [(kept, tricks(kept)) for kept in discards]
        sign = 1 if probe.misere else -1
        kept, _ = min(weighed, key=lambda w: (sign * sum(w[1]), w[0]))
        lines = [_line(Solver(start(kept, layout), search, searches), start(kept, layout))
                 for layout in layouts]
        dropped = tuple(sorted(CARDS[c] for c in range(32) if (twelve & ~kept) >> c & 1))
        levels = [probe] if probe.misere else \
            [Contract(level, probe.trump) for level in range(6, 11)]
        for played in levels:
            # the defence the variant allows that is worst for him over the layouts
            options = [None] if played.misere else _defences(r, played, declarer)
            defence, scores = min(
                ((d, [_priced(r, played, declarer, line, d, prices) for line in lines])
                 for d in options), key=lambda pair: sum(pair[1]))
            own = [line[int(declarer)] for line in lines]
            made = sum((t == 0) if played.misere else (t >= played.level) for t in own)
            spread = statistics.pstdev(scores) if len(scores) > 1 else 0.0
            found.append(ContractOdds(str(played), (dropped[0], dropped[1]),
                                      () if defence is None else defence[1],
                                      sum(own) / len(own), made / len(own),
                                      sum(scores) / len(scores),
                                      1.96 * spread / math.sqrt(len(scores))))
    found.sort(key=lambda c: -c.score)
    return found, len(layouts)


def _line(solver: Solver, start: Start) -> tuple[int, ...]:
    """Each seat's tricks with best open-hand play from the lead."""
    position = Position(start)
    for card in solver.line(position):
        position = position.after(card)
    return tuple(position.taken)


def _priced(r: Replay, played: Contract, declarer: Seat, line: tuple[int, ...],
            defence: tuple[Seat, tuple[str, ...], bool] | None,
            prices: dict[tuple[Any, ...], float]) -> float:
    """The declarer's share of the settlement of this one deal on a fresh sheet: the
    contract played with this defence (none at misère), the tricks each took (none
    counted when the defence does not play: the contract is written made)."""
    key = (str(played), defence, line)
    if key in prices:
        return prices[key]
    from pfn.match import MatchChecker
    from pfn.notation.reader import loads

    record = r.record
    text = "".join(f'[{name} "{record.tag(name)}"]\n' for name in ("Variant", "Rules")
                   if record.tag(name))
    dealer = r.dealer if r.dealer is not None else r.order[-1]
    text += f'[Dealer "{dealer}"]\n[Declarer "{declarer}"]\n[Contract "{played}"]\n'
    if defence is None or defence[2]:
        result = " ".join(f"{SEATS[s]}:{line[s]}" for s in sorted(int(x) for x in r.order))
        text += f'[Result "{result}"]\n'
    if defence is not None:
        text += f'[Defence "{defence[0]}"]\n{" ".join(defence[1])}\n'
    checker = MatchChecker()
    checker.check(loads(text)[0], True)
    price = 0.0 if checker.state is None else \
        float(checker.state.sheet.settle().get(declarer, 0))
    prices[key] = price
    return price


def _defences(r: Replay, played: Contract, declarer: Seat
              ) -> list[tuple[Seat, tuple[str, ...], bool]]:
    """Every complete defence of the variant against ``played``: the first defender to
    call, the calls, and whether the defence plays."""
    from pfn.model import Call

    def protocol() -> Any:
        return r.variant.defence(played, declarer, r.dealer, r.order)

    out = []
    for calls in possible_defences(protocol, None):
        run = protocol()
        run.run([Call(t) for t in calls])
        out.append((run.outcome.first, tuple(calls), bool(run.outcome.played)))
    return out


__all__ = ["SAMPLE", "ContractOdds", "contract_odds"]
