"""The open-hand solver's speed: whole deals before the lead, on the compiled core and on
the pure-Python reference, whole records annotated, and many layouts of one position.

    python benchmarks/solver.py            # 300 deals of each kind (part of make bench)
    python benchmarks/solver.py --deals 40
    python benchmarks/solver.py --seed 7  # other deals (the bench's are seed 2026)

Deals are uniform random (seeded): ten cards to each of three players, the eldest
(seat A) on lead, the declarer drawn among the three; trump contracts draw their trump
suit.  Each deal is solved from scratch (a new search, an empty table): the value of
the position before the lead, timed in CPU time of this process (``time.process_time``),
one core.  Both searches solve the same deals in the same run, and must agree.
``pfn annotate``'s work (every legal card weighed at every card of the record) is timed
on generated Sochi records with their play.  ``solve_many``: 1,000 layouts of the
defenders' cards in one position (the declarer's hand and the lead fixed), solved with
one shared table against each afresh.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pfn.analysis.engines import native_core, new_search
from pfn.analysis.search import TABLE_LIMIT
from pfn.rules.tricks import PlayRules


def deal(rng: random.Random) -> list[int]:
    deck = list(range(32))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[k * 10:(k + 1) * 10]) for k in range(3)] + [0]


def questions(kind: str, count: int, seed: int
              ) -> list[tuple[list[int], PlayRules, int, frozenset[int]]]:
    rng = random.Random(f"{kind}-{seed}")
    out = []
    for _ in range(count):
        hands = deal(rng)
        declarer = rng.randrange(3)
        if kind == "misere":
            rules = PlayRules()
            maximisers = frozenset(s for s in range(3) if s != declarer)
        else:
            rules = PlayRules(trump=rng.randrange(4) if kind == "trump" else None)
            maximisers = frozenset({declarer})
        out.append((hands, rules, declarer, maximisers))
    return out


def solve_deals(kind: str, count: int, seed: int, engine: str) -> dict[str, float]:
    times, nodes, tables, values = [], 0, 0, []
    for hands, rules, declarer, maximisers in questions(kind, count, seed):
        search = new_search(rules, (0, 1, 2), declarer, maximisers, (), engine)  # type: ignore[arg-type]
        start = time.process_time()
        values.append(search.value(hands, 0, 1))
        times.append(time.process_time() - start)
        nodes += search.nodes
        table = getattr(search, "entries", None)
        tables = max(tables, table if table is not None else len(search._table))  # type: ignore[attr-defined]
    return {"median": statistics.median(times), "max": max(times),
            "nodes_per_s": nodes / max(sum(times), 1e-9), "table_max": tables,
            "total": sum(times), "values": values}  # type: ignore[dict-item]


def annotate_records(count: int, seed: int, engine: str) -> dict[str, float]:
    from pfn.analysis.annotate import analyse
    from pfn.generate import generate
    from pfn.notation.reader import loads

    times = []
    for text in generate(count * 4, "sochi", seed):
        record = loads(text)[0]
        if record.play is None:
            continue
        start = time.process_time()
        found = analyse(record, engine=engine)
        if found.problem is not None:
            continue
        times.append(time.process_time() - start)
        if len(times) == count:
            break
    return {"median": statistics.median(times), "max": max(times), "records": len(times)}


def many_layouts(layouts: int, seed: int, engine: str) -> tuple[float, float]:
    """CPU seconds for ``layouts`` deals that share the declarer's hand and the lead
    (the defenders' twenty cards dealt anew each time): one shared search, then each
    afresh."""
    from pfn.analysis.position import Position, Start
    from pfn.analysis.solve import Solver, solve_many
    from pfn.contract import Contract

    rng = random.Random(f"layouts-{seed}")
    hands = deal(rng)
    unseen = [c for c in range(32) if (hands[1] | hands[2]) >> c & 1]
    contract = Contract.parse("7S")
    assert contract is not None
    positions = []
    for _ in range(layouts):
        rng.shuffle(unseen)
        dealt = (hands[0], sum(1 << c for c in unseen[:10]), sum(1 << c for c in unseen[10:]), 0)
        positions.append(Position(Start(dealt, (0, 1, 2), 0, PlayRules(trump=0), contract, 0)))
    start = time.process_time()
    shared = solve_many(positions, engine)
    together = time.process_time() - start
    start = time.process_time()
    alone = [Solver(p.start, engine).solve(p) for p in positions]
    separately = time.process_time() - start
    assert [s.cards for s in shared] == [s.cards for s in alone]
    return together, separately


def whole_deal_odds(jobs: int) -> tuple[float, int]:
    """Wall-clock seconds for ``pfn odds`` of a whole deal from the declarer's seat
    before the lead (examples/analysis.pfn, board 4: every one of the 184,756 layouts
    of the defenders' twenty cards, each of his ten leads), on ``jobs`` processes."""
    import pfn

    start = time.perf_counter()
    found = pfn.odds(_board_4(), pfn.Seat.A, jobs=jobs)
    assert found.exhaustive
    return time.perf_counter() - start, found.layouts


KOVALEVSKAYA = """[Variant "sochi"]
[Dealer "B"]
[Deal "A:T987.8.987.98 B:AK.QJT.J.AKQT C:QJ.97.AKQT.J7 talon:?"]
[Start "1"]
[Declarer "A"]
[Contract "mis"]
[Discard "CK CA"]
[Play "C"]
"""
"""Kovalevskaya's misère (slovesnov's ``bts`` problem, as ``pfn import`` writes it)."""


def _board_4() -> object:
    from pathlib import Path

    import pfn

    return next(r for r in pfn.read(Path(__file__).resolve().parent.parent / "examples"
                                    / "analysis.pfn") if r.tag("Board") == "4")


def whole_deal_cpu(question: str) -> tuple[float, int, float]:
    """CPU seconds of one process answering a whole-deal question over all its 184,756
    layouts: ``trump``, board 4 of examples/analysis.pfn from the declarer's seat, each
    of his ten leads weighed; ``misere``, Kovalevskaya's misère from the bidder's seat
    (``pfn odds --bidding``), the position's value on each layout.  With the layouts'
    count and the answer's expected tricks (best lead), which must not move."""
    import pfn

    if question == "trump":
        record, bidding = _board_4(), False
    else:
        record, bidding = pfn.loads(KOVALEVSKAYA)[0], True
    start = time.process_time()
    found = pfn.odds(record, pfn.Seat.A, bidding=bidding)
    took = time.process_time() - start
    assert found.exhaustive and found.position is not None
    return took, found.layouts, found.position.expected


PEER = {"trump": 3.3}
"""slovesnov's C++ solver on the same question, CPU seconds, as issue 45 reports it
(board 4 with each lead weighed): an anchor, not measured in this run."""


def main(deals: int = 300, records: int = 30, seed: int = 2026, layouts: int = 1000,
         odds: bool = True) -> None:
    engines = ["native", "python"] if native_core() is not None else ["python"]
    for kind in ("trump", "notrump", "misere"):
        found = {engine: solve_deals(kind, deals, seed, engine) for engine in engines}
        for engine, row in found.items():
            print(f"solve_{kind}_{engine}: {deals} deals, median {row['median'] * 1000:.2f} ms,"
                  f" max {row['max'] * 1000:.1f} ms, {row['nodes_per_s']:,.0f} nodes/s,"
                  f" table at most {row['table_max']:,.0f} entries"
                  f" (limit {TABLE_LIMIT if engine == 'python' else native_core().TABLE_LIMIT:,})")  # type: ignore[union-attr]
        if len(found) == 2:
            assert found["native"]["values"] == found["python"]["values"]
            ratio = found["python"]["total"] / found["native"]["total"]
            print(f"solve_{kind}_ratio: the compiled core {ratio:.0f}x the pure-Python search"
                  " (CPU time, same deals, same values)")
    for engine in engines:
        found_a = annotate_records(records, seed, engine)
        print(f"annotate_{engine}: {found_a['records']:.0f} generated records, median"
              f" {found_a['median'] * 1000:.1f} ms, max {found_a['max'] * 1000:.0f} ms")
    engine = engines[0]
    count = layouts if engine == "native" else max(20, layouts // 20)
    together, separately = many_layouts(count, seed, engine)
    print(f"solve_many_{engine}: {count} layouts of one position, {together:.2f} s with one"
          f" table, {separately:.2f} s each afresh ({separately / together:.1f}x)")
    if odds and engine == "native":
        for question in ("trump", "misere"):
            took, count, expected = whole_deal_cpu(question)
            peer = f"; the C++ peer {PEER[question]:.1f} s" if question in PEER else ""
            print(f"odds_whole_{question}_cpu: {count:,} layouts, every one, one process:"
                  f" {took:.1f} s of CPU (expected {expected:.4f}){peer}")
        for jobs in (1, 2):
            took, count = whole_deal_odds(jobs)
            print(f"odds_whole_deal_jobs_{jobs}: {count:,} layouts, every one, each of ten"
                  f" leads: {took:.1f} s (wall clock)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--records", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--layouts", type=int, default=1000)
    args = parser.parse_args()
    main(args.deals, args.records, args.seed, args.layouts)
