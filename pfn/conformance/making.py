"""The suite made from records: every position of the bundled examples and the seeds'
worked examples (the rules' traps are there: talon-led all-pass tricks, the checked
ten, Stalingrad, half-whist, Serbian kontra), generated deals of every variant and
table size, their scores, the example pools' settlements, and positions solved with
best play.  Each expectation is pfn's answer to the very request the vector sends
(:func:`pfn.conformance.reference.answer`), so a vector is what pfn says of exactly
what an engine is asked.  ``python -m pfn.tools.conformance`` writes the suite.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pfn
from pfn.board.record import moves_of
from pfn.conformance.reference import answer, board_of, legal_moves, move_of, token
from pfn.conformance.suite import Vector
from pfn.generate import generate
from pfn.model import Record
from pfn.variants import find_variant

FAMILIES = {"sochi": "sochi-sochi", "leningrad": "leningrad-leningrad",
            "rostov": "rostov-rostov",
            "russian-standard": "standard-russian-preferans-russian-standard",
            "serbian": "serbian-serbian", "mailru": "mailru-mailru",
            "britannica": "britannica-britannica", "classic": "classic-ladder-classic"}
"""Each variant's section of ``docs/variants.md``."""
VARIANTS = tuple(FAMILIES)
"""The variants the generated deals cover, each at every table size it is played at."""

WHY = {
    "auction": "the calls a player may make in the auction: above the standing bid on the"
               " variant's ladder, misère and hold where the variant has them, nothing"
               " after a pass",
    "discard": "the declarer puts away two of the twelve cards he holds with the talon",
    "contract": "the contract: at least the winning bid (a misère is the bid itself)",
    "defence": "the defenders' calls in turn: whist or pass, and half-whist, open or"
               " closed play, kontra where the variant and its house rules have them",
    "play": "the cards a player may play: follow suit; void, trump when the contract has"
            " a trump and the variant requires it; else any card",
    "talon": "an all-pass trick the talon opens: its suit must be followed, and the"
             " player on lead plays to it",
}
SCORE_WHY = ("what the deal writes on the sheet under the variant's prices and house rules:"
             " the declarer's pool or mountain, the defenders' whists and consolation")


def _source(variant: str) -> str:
    return f"docs/variants.md#{FAMILIES.get(variant, '')}"


def _base(record: Record, board: pfn.Board) -> dict[str, Any]:
    """The position question's fixed part: the deal, the dealer, the rules."""
    found = pfn.replay(record, on_error="collect")
    request: dict[str, Any] = {"variant": record.variant, "players": record.players,
                               "deal": str(record.deal),
                               "dealer": str(record.dealer) if record.dealer else None}
    if record.rules:
        request["rules"] = dict(record.rules)
    streak = getattr(found.context, "allpass_streak", 0)
    if streak:
        request["allpass_streak"] = streak
    return request


def _walked(record: Record) -> tuple[pfn.Board, list[str]] | None:
    """A record's board before its first move, and the record's moves as the board
    takes them, as far as a board can walk them; ``None`` for a record no board can
    start (hidden cards, an ending, a rule broken)."""
    if record.deal is None or record.auction is None or record.first_trick != 1:
        return None
    try:
        start = pfn.Board.from_record(record)
    except pfn.PfnError:
        return None
    board = start.copy()
    moves: list[str] = []
    for stage, move in moves_of(pfn.replay(record, on_error="collect")):
        if stage == "contract" and board.stage != "contract":
            continue  # a misère's contract is the bid itself
        if board.stage == "over":
            break
        try:
            board.push(move)
        except pfn.PfnError:
            break
        moves.append(token(move))
    return start, moves


def _position_tags(record: Record, stage: str, trick: int, talon_led: bool) -> tuple[str, ...]:
    tags = [record.variant, f"{record.players}-players", stage]
    tags += [f"rule:{name}" for name, _ in record.rules]
    if talon_led:
        tags.append("talon-led")
    if record.contract is not None and record.contract.misere:
        tags.append("misere")
    return tuple(tags)


def legal_vectors(record: Record, name: str, every: int = 1) -> Iterator[Vector]:
    """The legal moves at every ``every``-th position of ``record`` (every position of
    the auction, discard, contract and defence; the play's by ``every``)."""
    walked = _walked(record)
    if walked is None:
        return
    board, moves = walked
    base = _base(record, board)
    replayed = pfn.replay(record, on_error="collect")
    talon_leads = replayed.play_rules.talon_leads if replayed.play_rules else 0
    for index in range(len(moves) + 1):
        stage = board.stage
        if stage == "over":
            break
        trick = board.trick if stage == "play" else 0
        if stage != "play" or index % every == 0 or trick <= talon_leads:
            request = {**base, "moves": moves[:index]}
            got = answer({"type": "legal", **request})
            if "moves" in got:
                talon_led = stage == "play" and trick <= talon_leads
                yield Vector(f"legal/{name}/{index}", "legal", request,
                             {"moves": got["moves"]},
                             WHY["talon" if talon_led else stage],
                             _source(record.variant),
                             _position_tags(record, stage, trick, talon_led))
        if index < len(moves):
            board.push(move_of(board, moves[index]))


def without_score(record: Record) -> Record:
    """``record`` without what it says of its score (the answer a score vector asks)."""
    drop = {"Score", "Sheet", "Settlement"}
    return replace(record, tags=tuple(t for t in record.tags if t.name not in drop),
                   score=None, sheet=None, settlement=None)


def score_vector(record: Record, name: str) -> Vector | None:
    """What ``record``'s deal writes on the sheet, if its facts decide it."""
    if record.empty or not record.ok:
        return None
    text = pfn.dumps([without_score(record)])
    got = answer({"type": "score", "record": text})
    if "entries" not in got or not got["complete"] or not got["entries"]:
        return None
    replayed = pfn.replay(record, on_error="collect")
    facts: dict[str, Any] = {
        "variant": record.variant, "players": record.players,
        "dealer": str(record.dealer) if record.dealer else None,
        "declarer": str(replayed.declarer) if replayed.declarer else None,
        "contract": str(replayed.contract) if replayed.contract else None,
        "defence": [token(c) for c in (record.defence.calls if record.defence else ())],
        "tricks": {str(s): n for s, n in replayed.result.items()},
    }
    if record.rules:
        facts["rules"] = dict(record.rules)
    tags = [record.variant, f"{record.players}-players", "score"]
    tags += [f"rule:{k}" for k, _ in record.rules]
    return Vector(f"score/{name}", "score", {"record": text, "facts": facts},
                  {"entries": got["entries"]}, SCORE_WHY, _source(record.variant),
                  tuple(tags))


def pool_vector(records: list[Record], name: str) -> Vector | None:
    """A whole pool's entries deal by deal and its settlement."""
    text = pfn.dumps([without_score(r) for r in records if not (r.deal is None and r.sheet)])
    got = answer({"type": "pool", "records": text})
    if "settlement" not in got or not got["deals"]:
        return None
    variant = records[0].variant
    return Vector(f"pool/{name}", "pool", {"records": text},
                  {"deals": got["deals"], "settlement": got["settlement"]},
                  "a pool's sheet deal by deal (dealer rotation, all-pass progression,"
                  " closing the pool) and its settlement, exact",
                  _source(variant), (variant, f"{records[0].players}-players", "pool"))


def value_vectors(record: Record, name: str, tricks: Iterable[int]) -> Iterator[Vector]:
    """The value with best play of ``record``'s position before each of ``tricks``."""
    walked = _walked(record)
    if walked is None:
        return
    base = _base(record, walked[0])
    for trick in tricks:
        try:
            board = pfn.Board.from_record(record, trick=trick)
        except pfn.PfnError:
            continue
        request = {**base, "moves": [token(m) for m in board.move_stack]}
        got = answer({"type": "value", **request})
        if "value" not in got or got["value"] is None:
            continue
        contract = board.replay().contract
        kind = ("allpass" if contract is None or contract.allpass
                else "misere" if contract.misere else "trick")
        why = {"allpass": "the value of an all-pass position: the tricks the player to move"
                          " takes for sure, the others playing against him",
               "misere": "the value of a misère position with best play: the declarer's"
                         " tricks, he trying to take none and the defenders to catch him",
               "trick": "the value of a position with best play, every card open: the"
                        " declarer's tricks in the deal"}[kind]
        yield Vector(f"value/{name}/{trick}", "value", request,
                     {"value": got["value"], "cards": got["cards"]}, why,
                     "docs/analysis.md", (record.variant, f"{record.players}-players",
                                          f"value-{kind}"))


HOUSE_RULES = (
    (("jumps", "off"),), (("hold", "first-after-pass"),), (("hold", "eldest"),),
    (("misere-after-bid", "on"),), (("misere-bidder-limited", "on"),),
    (("without-talon", "on"),), (("half-whist", "6-7"), ("whist-after-half", "on")),
    (("stalingrad", "on"),), (("ten", "checked"),), (("notrump-lead", "declarer-left"),),
    (("allpass-unfollowed", "highest"),), (("allpass-talon-shown", "off"),),
)
KONTRA_RULES = ((("kontra", "mortkontra"),), (("betl-kontra", "on"),),
                 (("pik-without-kontra", "on"),))
"""House rules that change what is legal, each walked in every variant (the kontra
chain's where the variant's defence has a kontra ladder)."""


def _choose(rng: random.Random, stage: str, moves: list[str]) -> str:
    """A move of a random game: the auction mostly passes or bids low (so that the deals
    are played, and misère and all-pass come up), the rest uniformly."""
    if stage == "auction":
        passing = [m for m in moves if m.rpartition(":")[2] == "pass"]
        bids = [m for m in moves if m not in passing]
        if passing and (not bids or rng.random() < 0.55):
            return rng.choice(passing)
        return rng.choice(bids[:4] + [m for m in bids if "mis" in m])
    if stage == "contract":
        return rng.choice(moves[:3])
    return rng.choice(moves)


def walk_vectors(variant: str, players: int, rules: tuple[tuple[str, str], ...],
                 rng: random.Random, name: str, streak: int = 0) -> Iterator[Vector]:
    """The positions of a random legal game under ``rules``: every position before the
    play, the all-pass tricks the talon opens, and every sixth card."""
    (text,) = generate(1, variant, rng.randrange(10**6), players=players)
    (dealt,) = pfn.loads(text)
    request: dict[str, Any] = {"variant": variant, "players": players,
                               "deal": str(dealt.deal), "dealer": str(dealt.dealer)}
    if rules:
        request["rules"] = dict(rules)
    if streak:
        request["allpass_streak"] = streak
    try:
        board = board_of({**request, "moves": []})
    except pfn.PfnError:
        return  # a house rule this variant does not have
    moves: list[str] = []
    talon_leads = 0
    while board.stage != "over":
        stage = board.stage
        legal = legal_moves(board)
        if not legal:
            return
        if stage == "play" and not talon_leads:
            replayed = board.replay()
            talon_leads = replayed.play_rules.talon_leads if replayed.play_rules else 0
        talon_led = stage == "play" and board.trick <= talon_leads
        if stage != "play" or talon_led or len(moves) % 9 == 0:
            tags = [variant, f"{players}-players", stage, *(f"rule:{k}" for k, _ in rules)]
            if talon_led:
                tags.append("talon-led")
            yield Vector(f"legal/{name}/{len(moves)}", "legal",
                         {**request, "moves": list(moves)}, {"moves": legal},
                         WHY["talon" if talon_led else stage], _source(variant), tuple(tags))
        move = _choose(rng, stage, legal)
        try:
            board.push(move_of(board, move))
        except pfn.PfnError:
            return  # a board that cannot go on (said by the board's own tests)
        moves.append(move)


def _names(path: Path, records: list[Record]) -> Iterator[tuple[str, Record]]:
    for index, record in enumerate(records, 1):
        board = re.sub(r"[^A-Za-z0-9]+", "-", record.tag("Board") or str(index))
        yield f"{path.stem}/{index}-{board}", record


def make_suite(examples: Path, generated: int = 4, seed: int = 2026) -> list[Vector]:
    """The whole suite: the examples' and seeds' records, then ``generated`` deals of
    each variant and table size."""
    vectors: list[Vector] = []
    files = sorted(p for p in [*examples.glob("*.pfn"), *examples.glob("seeds/*.pfn")])
    for path in files:
        records = pfn.load(path)
        matches: dict[str, list[Record]] = {}
        for name, record in _names(path, records):
            match = record.tag("Match")
            if match and match in matches and not record.rules:
                # a pool's house rules are given on its first record and hold for all
                record = replace(record, rules=matches[match][0].rules)
            if record.syntax_ok and not record.empty:
                vectors += legal_vectors(record, name, every=3)
                if not record.tag("Match"):
                    found = score_vector(record, name)
                    if found is not None:
                        vectors.append(found)
            if match:
                matches.setdefault(match, []).append(record)
        for match, pool in matches.items():
            found = pool_vector(pool, f"{path.stem}/{match}")
            if found is not None:
                vectors.append(found)
    rng = random.Random(seed)
    for variant in VARIANTS:
        for players in find_variant(variant).tables:
            for index, text in enumerate(generate(generated, variant, seed,
                                                  players=players)):
                (record,) = pfn.loads(text)
                name = f"generated/{variant}-{players}/{index + 1}"
                vectors += legal_vectors(record, name, every=4)
                found = score_vector(record, name)
                if found is not None:
                    vectors.append(found)
                vectors += value_vectors(record, name, sorted(rng.sample(range(1, 11), 2)))
    for variant in VARIANTS:  # the house rules that change what is legal
        for players in find_variant(variant).tables:
            kontra = getattr(find_variant(variant).defence_class, "KONTRAS", ())
            for rules in HOUSE_RULES + (KONTRA_RULES if kontra else ()):
                label = "-".join(f"{k}={v}" for k, v in rules)
                vectors += walk_vectors(variant, players, rules, rng,
                                        f"walk/{variant}-{players}/{label}")
            vectors += walk_vectors(variant, players, (), rng,  # after two all-passes
                                    f"walk/{variant}-{players}/allpass-streak-2", streak=2)
    ids = [v.id for v in vectors]
    assert len(ids) == len(set(ids)), "two vectors with one id"
    return vectors


__all__ = [
    "legal_vectors",
    "make_suite",
    "pool_vector",
    "score_vector",
    "value_vectors",
    "without_score",
]
