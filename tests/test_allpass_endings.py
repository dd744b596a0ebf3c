"""All-pass endings of every variant and every Start, against the oracle.

An ending of an all-pass (``[Start "N"]``) is played by the same rules as the whole
deal: the tricks the talon opens (1 and 2 when the talon is shown) are opened by a
talon card from whatever trick the ending starts, the eldest plays first after it and
leads the trick after it.  ``pfn check`` says so of a record, the kernel plays it, and
both searches (the compiled core and the pure-Python reference) value it: each is
held here to the exhaustive minimax of ``tests/oracle.py``, which knows nothing of
pfn.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import pfn
from pfn.analysis.engines import native_core
from pfn.analysis.position import NotAnalysable, Position
from pfn.analysis.solve import Solver, position_at
from pfn.cards import CARDS
from pfn.contract import Contract
from pfn.rules.tricks import Start
from pfn.seats import SEATS
from pfn.variants import find_variant
from tests.conftest import codes
from tests.oracle import AllPass, random_line, sure_tricks

ENGINES = ["python", "native"] if native_core() is not None else ["python"]

# the variants whose all-pass is played; at a table of four, russian-standard gives the
# talon's cards to the dealer (who takes a trick his card wins)
TABLES = [("sochi", 3, False), ("leningrad", 3, False), ("rostov", 3, False),
          ("mailru", 3, False), ("classic", 3, False), ("russian-standard", 3, False),
          ("russian-standard", 4, True), ("sochi", 4, False)]
OPTIONS = {"": (2, False), "allpass-talon-shown=off": (0, False),
           "allpass-unfollowed=highest": (2, True)}


def oracle_rules(players: int, owner: bool, option: str, dealer: int) -> AllPass:
    """The rules the texts give the table: the eldest is the dealer's left-hand
    neighbour (the dealer sits out at four)."""
    seats = [s for s in range(players) if not (players == 4 and s == dealer)]
    eldest = (dealer + 1) % players
    at = seats.index(eldest)
    order = tuple(seats[at:] + seats[:at])
    tricks, highest = OPTIONS[option]
    return AllPass(order, tricks, dealer if owner else None, highest)


def deal(rng: random.Random, order: tuple[int, ...], size: int, talon_count: int
         ) -> tuple[dict[int, frozenset[int]], tuple[int, ...]]:
    cards = list(range(32))
    rng.shuffle(cards)
    hands = {seat: frozenset(cards[i * size:(i + 1) * size]) for i, seat in enumerate(order)}
    at = len(order) * size
    return hands, tuple(cards[at:at + talon_count])


# -- the searches, on starts of few cards (the oracle is exhaustive) ------------------


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name,players,owner", TABLES)
def test_the_searches_value_every_ending_as_the_rules_do(engine: str, name: str, players: int,
                                                         owner: bool) -> None:
    rng = random.Random(f"{name}{players}{engine}")
    for number in range(1, 11):
        for option in OPTIONS:
            dealer = rng.randrange(players)
            pairs = (tuple(option.split("=")),) if option else ()
            variant = find_variant(name).with_rules(pairs)  # type: ignore[arg-type]
            contract = Contract.parse("pass")
            assert contract is not None
            play_rules = variant.play_rules(contract, None, SEATS[dealer], players)
            oracle = oracle_rules(players, owner, option, dealer)
            size = rng.randint(1, min(3, 11 - number))
            talon_count = max(0, oracle.talon_tricks - number + 1)
            hands, talon = deal(rng, oracle.order, size, talon_count)
            leader = oracle.order[0] if oracle.talon_led(number) else rng.choice(oracle.order)
            masks = [sum(1 << c for c in hands.get(s, ())) for s in range(4)]
            start = Start(tuple(masks), oracle.order, leader, play_rules, contract, None, talon,
                          number)
            solution = Solver(start, engine).solve(Position(start))
            expected = {SEATS[s]: sure_tricks(oracle, hands, leader, number, talon, s)
                        for s in oracle.order}
            assert solution.paranoid == expected, (name, players, option, number, start)


def test_an_ending_without_its_talon_card_is_refused_not_guessed() -> None:
    variant = find_variant("sochi").with_rules(())
    contract = Contract.parse("pass")
    assert contract is not None
    rules = variant.play_rules(contract, None, SEATS[2], 3)
    hands = (0b11, 0b11 << 8, 0b11 << 16, 0)
    with pytest.raises(NotAnalysable, match="talon"):
        Position(Start(hands, (0, 1, 2), 0, rules, contract, None, (), 2))
    # and a talon card no ending has: two where one trick is left to open
    with pytest.raises(NotAnalysable, match="talon"):
        Position(Start(hands, (0, 1, 2), 0, rules, contract, None, (30, 31), 2))


# -- records: the check, the kernel and the searches agree with the oracle ---------------


def card_text(cards: list[int]) -> str:
    return " ".join(str(CARDS[c]) for c in cards)


def hand_text(hand: frozenset[int]) -> str:
    suits = [[CARDS[c] for c in sorted(hand, reverse=True) if c // 8 == suit]
             for suit in range(4)]
    return ".".join("".join(str(c)[1:] for c in cards) for cards in suits) or "-"


def ending_record(rng: random.Random, name: str, players: int, owner: bool, number: int,
                  option: str) -> tuple[str, AllPass, dict[int, frozenset[int]], int, int,
                                        tuple[int, ...], int]:
    """A random all-pass ending as a PFN record and a random legal play of it to three
    cards a hand (the oracle's rules); the record, the rules, the hands left, who leads
    and the trick there, the talon left to open tricks, and the tricks played."""
    dealer = rng.randrange(players)
    oracle = oracle_rules(players, owner, option, dealer)
    size = 11 - number
    talon_count = max(0, oracle.talon_tricks - number + 1)
    hands, talon = deal(rng, oracle.order, size, talon_count)
    # the eldest leads trick 1, and plays first after a talon card; an ending's leader
    # is its Play tag's (who won the trick before is not in the record)
    leader = oracle.order[0] if number == 1 or oracle.talon_led(number) else \
        rng.choice(oracle.order)
    played = max(0, size - 3)
    lines, left, after, next_number = random_line(oracle, hands, leader, number, talon, played,
                                                  rng.choice)
    names = ["Ana", "Boris", "Ceca", "Dule"][:players]
    deal_text = " ".join(f"{SEATS[s]}:{hand_text(hands[s]) if s in hands else '-'}"
                         for s in range(players))
    tags = [f'[Variant "{name}"]', f'[Players "{"; ".join(names)}"]',
            f'[Dealer "{SEATS[dealer]}"]', f'[Deal "{deal_text}"]', f'[Start "{number}"]']
    if option:
        tags.append(f'[Rules "{option}"]')
    tags += ['[Contract "pass"]', f'[Play "{SEATS[leader]}"]']
    text = "\n".join(tags) + "\n" + "".join(card_text(line) + "\n" for line in lines) + "*\n"
    rest = talon[next_number - number:] if next_number <= oracle.talon_tricks else ()
    return text, oracle, left, after, next_number, rest, played


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name,players,owner", TABLES)
def test_records_of_every_ending_check_and_solve_as_the_rules_play(
        engine: str, name: str, players: int, owner: bool) -> None:
    rng = random.Random(f"records {name}{players}{engine}")
    for number in range(1, 11):
        option = rng.choice(sorted(OPTIONS))
        text, oracle, left, leader, at, talon, played = ending_record(rng, name, players,
                                                                      owner, number, option)
        found = [c for c in codes(text) if c[4] == "E"]
        assert found == [], (text, found)
        record = pfn.loads(text)[0]
        position = position_at(pfn.replay(record), at)
        assert (position.number, position.turn) == (at, oracle.order[0] if at <=
                                                      oracle.talon_tricks else leader), text
        solution = Solver(position.start, engine).solve(position)
        taken = dict(zip(SEATS, position.taken, strict=False))
        expected = {SEATS[s]: taken[SEATS[s]] + sure_tricks(oracle, left, leader, at, talon, s)
                    for s in oracle.order}
        assert solution.paranoid == expected, text
        assert played == at - number


def test_the_check_wants_the_talon_card_and_the_eldest_where_the_talon_opens_the_ending(
        ) -> None:
    rng = random.Random(5)
    text, oracle, *_ = ending_record(rng, "sochi", 3, False, 2, "")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if not line.startswith("["))
    _talon, *players_cards = lines[at].split()
    # the talon card left out: the eldest's card cannot open the trick
    without = "\n".join([*lines[:at], " ".join(players_cards), *lines[at + 1:]]) + "\n"
    assert "PFN-E509" in codes(without)
    # another player named to play first: the eldest plays after the talon card
    other = SEATS[oracle.order[1]]
    wrong = text.replace(f'[Play "{SEATS[oracle.order[0]]}"]', f'[Play "{other}"]')
    assert codes(wrong) == ["PFN-E501"]


SOCHI_ENDING = """[Variant "sochi"]
[Players "Ana; Boris; Ceca"]
[Dealer "C"]
[Deal "A:AQ7.Q9.AKJ.K B:T9.K.QT8.AQ7 C:KJ.JT8.9.JT8"]
[Start "2"]
[Contract "pass"]
[Play "A"]
"""


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
def test_pfn_solve_and_odds_on_the_review_s_ending(tmp_path: object, engine: str) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    bare = folder / "bare.pfn"
    bare.write_text(SOCHI_ENDING)
    run = [str(Path(sys.executable).with_name("pfn"))]
    done = subprocess.run([*run, "solve", str(bare), "--search", engine], capture_output=True,
                          text=True)
    assert done.returncode != 0 and "talon card that opens trick 2 is not given" in done.stderr
    # the talon card turned for trick 2 (♥9), and the trick as the players gave it
    given = folder / "given.pfn"
    given.write_text(SOCHI_ENDING + "H9\n")
    done = subprocess.run([*run, "solve", str(given), "--search", engine], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    oracle = AllPass((0, 1, 2))
    hands = {0: frozenset(_cards("AQ7.Q9.AKJ.K")), 1: frozenset(_cards("T9.K.QT8.AQ7")),
             2: frozenset(_cards("KJ.JT8.9.JT8"))}
    heart_nine = 3 * 8 + 2
    sure = [sure_tricks(oracle, hands, 0, 2, (heart_nine,), s) for s in (0, 1, 2)]
    assert f"A {sure[0]}   B {sure[1]}   C {sure[2]}" in done.stdout, done.stdout
    odds = subprocess.run([*run, "odds", str(given), "--seat", "A", "--limit", "1",
                           "--samples", "8"], capture_output=True, text=True, env=_env(engine))
    assert odds.returncode == 0, odds.stderr
    assert "A's tricks in the deal" in odds.stdout


def _cards(hand: str) -> list[int]:
    ranks = "789TJQKA"
    return [suit * 8 + ranks.index(r) for suit, part in enumerate(hand.split("."))
            for r in part]


def _env(engine: str) -> dict[str, str]:
    import os

    return {**os.environ, "PFN_SEARCH": engine}
