"""The open-hand solver's speed: whole deals before the lead, and whole records annotated.

    python benchmarks/solver.py            # 300 deals of each kind (part of make bench)
    python benchmarks/solver.py --deals 40
    python benchmarks/solver.py --seed 7  # other deals (the bench's are seed 2026)

Deals are uniform random (seeded): ten cards to each of three players, the eldest
(seat A) on lead, the declarer drawn among the three; trump contracts draw their trump
suit.  Each deal is solved from scratch (a new search, an empty table): the value of
the position before the lead.  ``pfn annotate``'s work (every legal card weighed at
every card of the record) is timed on generated Sochi records with their play.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pfn.analysis.search import TABLE_LIMIT, Search
from pfn.rules.tricks import PlayRules


def deal(rng: random.Random) -> list[int]:
    deck = list(range(32))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[k * 10:(k + 1) * 10]) for k in range(3)] + [0]


def solve_deals(kind: str, count: int, seed: int) -> dict[str, float]:
    rng = random.Random(f"{kind}-{seed}")
    times, nodes, tables = [], 0, 0
    for _ in range(count):
        hands = deal(rng)
        declarer = rng.randrange(3)
        if kind == "misere":
            rules = PlayRules()
            maximisers = frozenset(s for s in range(3) if s != declarer)
        else:
            rules = PlayRules(trump=rng.randrange(4) if kind == "trump" else None)
            maximisers = frozenset({declarer})
        search = Search(rules, (0, 1, 2), declarer, maximisers)
        start = time.perf_counter()
        search.value(hands, 0, 1)
        times.append(time.perf_counter() - start)
        nodes += search.nodes
        tables = max(tables, len(search._table))
    return {"median": statistics.median(times), "max": max(times),
            "nodes_per_s": nodes / sum(times), "table_max": tables}


def annotate_records(count: int, seed: int) -> dict[str, float]:
    from pfn.analysis.annotate import analyse
    from pfn.generate import generate
    from pfn.notation.reader import loads

    times = []
    for text in generate(count * 4, "sochi", seed):
        record = loads(text)[0]
        if record.play is None:
            continue
        start = time.perf_counter()
        found = analyse(record)
        if found.problem is not None:
            continue
        times.append(time.perf_counter() - start)
        if len(times) == count:
            break
    return {"median": statistics.median(times), "max": max(times), "records": len(times)}


def main(deals: int = 300, records: int = 30, seed: int = 2026) -> None:
    for kind in ("trump", "notrump", "misere"):
        found = solve_deals(kind, deals, seed)
        print(f"solve_{kind}: {deals} deals, median {found['median']:.3f} s,"
              f" max {found['max']:.3f} s, {found['nodes_per_s']:,.0f} nodes/s,"
              f" table at most {found['table_max']:,.0f} entries (limit {TABLE_LIMIT:,})")
    found = annotate_records(records, seed)
    print(f"annotate: {found['records']:.0f} generated records, median {found['median']:.3f} s,"
          f" max {found['max']:.3f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--records", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    main(args.deals, args.records, args.seed)
