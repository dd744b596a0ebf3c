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
for him on average over the layouts. The answer: each contract's discard, expected
tricks, chance of making and expected score, with the sample's 95 % margin on the score.

The talon not given (his ten cards only, as he bids): talons are drawn uniformly from
the twenty-two cards he does not see, each with ``PER_TALON`` layouts of the other
twenty, and the discard is chosen for each talon on its layouts — he sees the talon
before he discards. The contracts the variant's ladder has without the talon
(``9S-hand``, ``mis-hand`` …) are priced on the same deals with his ten cards, the
talon out of play. The margin then comes from the spread of the talons' means.

>>> import pfn
>>> from pfn.analysis.contracts import contract_odds
>>> weighed = contract_odds(pfn.load("examples/analysis.pfn")[3], sample=5)
>>> best = weighed.contracts[0]; (best.contract, weighed.layouts, best.makes)
('8S', 5, 1.0)
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from typing import Any

from pfn.analysis.engines import engine_in_use
from pfn.analysis.position import NotAnalysable, Position, refuse_broken
from pfn.analysis.solve import Searches, Solver
from pfn.analysis.suits import equivalence_classes
from pfn.cards import CARDS, Card, Suit
from pfn.contract import Contract
from pfn.i18n import tr
from pfn.rules.defence import possible_defences
from pfn.rules.replay import Replay
from pfn.rules.tricks import Start
from pfn.seats import SEATS, Seat

SAMPLE = 100
"""Layouts of the defenders' twenty cards each contract is weighed over by default, the
talon known."""
UNSEEN_SAMPLE = 60
"""Deals weighed by default when the talon is not known: talons of the twenty-two unseen
cards, each with ``PER_TALON`` layouts of the other twenty."""
PER_TALON = 4
"""Layouts of the defenders' cards drawn with each sampled talon: the declarer's discard
is chosen on them, after he has seen that talon."""
STRAINS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)

Layout = tuple[int, int]
"""The two defenders' cards (masks), in the order they play after the declarer."""


@dataclass(frozen=True)
class ContractOdds:
    """One contract the declarer could play, over the layouts."""

    contract: str
    discard: tuple[Card, Card] | None
    """His best discard for the contract's strain (at misère: for misère); ``None`` when
    it depends on the talon he has not seen yet, or the contract is played without the
    talon."""
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


@dataclass(frozen=True)
class ContractsWeighed:
    """The answer: every contract, best first, and what it was weighed over."""

    contracts: list[ContractOdds]
    layouts: int
    """The deals weighed (talon and defenders' hands, or the defenders' hands)."""
    talon_seen: bool
    """Whether the declarer has seen the talon; when not, it is sampled with the
    defenders' hands from the twenty-two cards he does not see."""
    per_talon: int
    """The layouts weighed with each talon."""


def sample_deals(seen: int, talons: int, per_talon: int, seed: int = 0
                 ) -> list[tuple[int, list[Layout]]]:
    """``talons`` talons drawn uniformly from the cards not in ``seen`` (every pair the
    same chance), each with ``per_talon`` layouts of the rest, every split of them into
    two hands of ten the same chance: so every deal of the unseen cards into talon,
    defender and defender is equally likely."""
    unseen = [c for c in range(32) if not seen >> c & 1]
    rng = random.Random(seed)
    out: list[tuple[int, list[Layout]]] = []
    for _ in range(talons):
        talon = rng.sample(unseen, 2)
        rest = [c for c in unseen if c not in talon]
        out.append(((1 << talon[0]) | (1 << talon[1]), _layouts(rest, per_talon, rng)))
    return out


def _layouts(unseen: list[int], count: int, rng: random.Random) -> list[Layout]:
    """``count`` splits of twenty cards into two hands of ten, each split the same chance."""
    layouts: list[Layout] = []
    for _ in range(count):
        rng.shuffle(unseen)
        layouts.append((sum(1 << c for c in unseen[:10]), sum(1 << c for c in unseen[10:])))
    return layouts


def contract_odds(source: Any, *, sample: int | None = None, seed: int = 0,
                  engine: str | None = None) -> ContractsWeighed:
    """Every contract of six to ten tricks in each strain, and misère, best first by the
    declarer's expected score (with the talon unseen, also those the variant lets him
    play without it)."""
    from pfn.deal import replay as replay_record

    r = source if isinstance(source, Replay) else replay_record(source, on_error="collect")
    refuse_broken(r)
    declarer, contract = r.declarer, r.contract
    if contract is None or declarer is None or contract.allpass or \
            r.record.start is not None or r.eldest is None or len(r.order) != 3:
        raise NotAnalysable(tr("no contract to weigh: the declarer does not take the talon"
                               " in a deal of three"))
    deal = r.record.deal
    dealt = deal.hand(declarer) if deal is not None else None
    # a hand played without the talon was bid without seeing it, even if the record shows it
    talon = 0 if contract.hand else int(r.talon)
    if dealt is None or not dealt.complete or talon.bit_count() not in (0, 2):
        raise NotAnalysable(tr("not analysable: the declarer's ten cards are not all"
                               " given, or the talon is given in part"))
    hand = dealt.mask
    if talon:
        n = SAMPLE if sample is None else sample
        deals = [(talon, _layouts([c for c in range(32) if not (hand | talon) >> c & 1], n,
                                  random.Random(seed)))]
    else:
        n = UNSEEN_SAMPLE if sample is None else sample
        deals = sample_deals(hand, max(1, -(-n // PER_TALON)), min(n, PER_TALON), seed)
    weigh = _Weighing(r, declarer, engine)
    probes: list[tuple[Contract, bool]] = [
        *((Contract(6, strain), False) for strain in STRAINS), (Contract.parse("mis"), False)]
    ladder = r.variant.auction(r.order).ladder  # the bids of the variant and house rules
    if not talon:
        # played without the talon: his ten cards, the talon out of play as the rules say
        probes += [(c, True) for c in (*(Contract(6, strain, hand=True) for strain in STRAINS),
                                       Contract.parse("mis-hand"))
                   if any(str(level) in ladder for level in _levels(c))]
    found: list[ContractOdds] = []
    for probe, without in probes:
        kept = [hand if without else weigh.best_discard(probe, hand | t, layouts)
                for t, layouts in deals]
        lines = [[weigh.line(probe, k, layout) for layout in layouts]
                 for k, (_, layouts) in zip(kept, deals, strict=True)]
        discard: tuple[Card, Card] | None = None
        if talon:  # one talon, seen: one discard
            out = (hand | talon) & ~kept[0]
            dropped = sorted(CARDS[c] for c in range(32) if out >> c & 1)
            discard = (dropped[0], dropped[1])
        for played in _levels(probe):
            if without and str(played) not in ladder:
                continue
            found.append(weigh.priced(played, discard, lines))
    found.sort(key=lambda c: -c.score)
    return ContractsWeighed(found, sum(len(layouts) for _, layouts in deals), bool(talon),
                            len(deals[0][1]))


def _levels(probe: Contract) -> list[Contract]:
    """The contracts of the probe's strain: six to ten, or the misère itself."""
    return [probe] if probe.misere else \
        [Contract(level, probe.trump, hand=probe.hand) for level in range(6, 11)]


class _Weighing:
    """The solver and the prices shared by every contract of one hand."""

    def __init__(self, r: Replay, declarer: Seat, engine: str | None) -> None:
        self.r, self.declarer = r, declarer
        self.defenders = [s for s in r.order if s != declarer]
        self.search = engine_in_use(engine)
        self.order = tuple(int(s) for s in r.order)
        self.searches: dict[str, Searches] = {}
        self.prices: dict[tuple[Any, ...], float] = {}

    def start(self, probe: Contract, kept: int, layout: Layout) -> Start:
        r = self.r
        hands = [0, 0, 0, 0]
        hands[self.declarer], hands[self.defenders[0]], hands[self.defenders[1]] = \
            kept, *layout
        rules = r.variant.play_rules(probe, self.declarer, r.dealer, r.players)
        # each contract's own leader (the record's contract may not be played at all)
        leader = r.variant.first_leader(probe, self.declarer, r.eldest or r.order[0], r.order)
        return Start(tuple(hands), self.order, int(leader), rules, probe, int(self.declarer))

    def solver(self, probe: Contract, start: Start) -> Solver:
        searches = self.searches.setdefault(str(probe), {})
        return Solver(start, self.search, searches)

    def best_discard(self, probe: Contract, twelve: int, layouts: list[Layout]) -> int:
        """The ten cards he keeps from ``twelve``: the most tricks over ``layouts`` (at
        misère the fewest); of equal cards only one is tried."""
        groups = equivalence_classes(twelve, (1 << 32) - 1)
        discards = [twelve & ~(1 << groups[i][0]) & ~(1 << groups[j][-1])
                    for i in range(len(groups)) for j in range(i, len(groups))
                    if i != j or len(groups[i]) > 1]
        sign = 1 if probe.misere else -1

        def tricks(kept: int) -> int:
            total = 0
            for layout in layouts:
                start = self.start(probe, kept, layout)
                total += self.solver(probe, start).total(Position(start), int(self.declarer))
            return total

        return min(discards, key=lambda kept: (sign * tricks(kept), kept))

    def line(self, probe: Contract, kept: int, layout: Layout) -> tuple[int, ...]:
        """Each seat's tricks with best open-hand play from the lead."""
        start = self.start(probe, kept, layout)
        position = Position(start)
        for card in self.solver(probe, start).line(position):
            position = position.after(card)
        return tuple(position.taken)

    def priced(self, played: Contract, discard: tuple[Card, Card] | None,
               lines: list[list[tuple[int, ...]]]) -> ContractOdds:
        """``played`` over every line, against the defence worst for him; the margin
        from the spread of the talons' means (of the layouts' scores, one talon)."""
        r, declarer = self.r, self.declarer
        options = [None] if played.misere else _defences(r, played, declarer)
        defence, scores = min(
            ((d, [[_priced(r, played, declarer, line, d, self.prices) for line in group]
                  for group in lines]) for d in options),
            key=lambda pair: sum(map(sum, pair[1])))
        own = [line[int(declarer)] for group in lines for line in group]
        made = sum((t == 0) if played.misere else (t >= played.level) for t in own)
        flat = [s for group in scores for s in group]
        units = flat if len(scores) == 1 else [sum(g) / len(g) for g in scores]
        spread = statistics.pstdev(units) if len(units) > 1 else 0.0
        return ContractOdds(str(played), discard, () if defence is None else defence[1],
                            sum(own) / len(own), made / len(own), sum(flat) / len(flat),
                            1.96 * spread / math.sqrt(len(units)))


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


__all__ = ["PER_TALON", "SAMPLE", "UNSEEN_SAMPLE", "ContractOdds", "ContractsWeighed",
           "contract_odds", "sample_deals"]
