"""``pfn odds --table``: the books' tables recomputed. Oracles: the binomial and
multinomial formulas written here, the figures Лесной's «Русский преферанс» and
review-pref.ru print, and an enumeration of every layout of twenty cards with this
file's own play of the hole's suit."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb, factorial

import pytest
from typer.testing import CliRunner

from pfn.cli import app


def run(*args: str) -> dict[str, object]:
    done = CliRunner().invoke(app, ["odds", "--table", *args, "--format", "json"])
    assert done.exit_code == 0, done.output
    data: dict[str, object] = json.loads(done.stdout)
    return data


def rows(kind: str) -> list[dict[str, object]]:
    found = run(kind)["rows"]
    assert isinstance(found, list)
    return found


def exact(cell: object) -> Fraction:
    assert isinstance(cell, dict)
    return Fraction(cell["fraction"])


def test_suit_splits_are_the_binomial_ones() -> None:
    # n of the suit among the 20 unseen cards, ten a hand: a in one hand (either).
    for row in rows("splits"):
        n = int(str(row["cards"]))
        a, b = (int(x) for x in str(row["split"]).split("-"))
        ways = comb(n, a) * comb(20 - n, 10 - a) * (2 if a != b else 1)
        assert exact(row["chance"]) == Fraction(ways, comb(20, 10)), row
    for n in range(1, 9):
        assert sum(exact(r["chance"]) for r in rows("splits") if r["cards"] == str(n)) == 1


# Лесной, «Русский преферанс. Таблицы», приложение 2, таблица 4 (rulit.me, page 390 of
# the online edition): the defenders' n cards of a suit, the split, to four places.
LESNOY_SPLITS = {
    (2, "2-0"): 0.4737, (2, "1-1"): 0.5263, (3, "3-0"): 0.2105, (3, "2-1"): 0.7895,
    (4, "4-0"): 0.0867, (4, "3-1"): 0.4954, (4, "2-2"): 0.4180, (5, "5-0"): 0.0325,
    (5, "4-1"): 0.2709, (5, "3-2"): 0.6966, (6, "6-0"): 0.0108, (6, "5-1"): 0.1300,
    (6, "4-2"): 0.4876, (6, "3-3"): 0.3715, (7, "7-0"): 0.0031, (7, "6-1"): 0.0542,
    (7, "5-2"): 0.2926, (7, "4-3"): 0.6502, (8, "8-0"): 0.0007, (8, "7-1"): 0.0191,
    (8, "6-2"): 0.1500, (8, "5-3"): 0.4801, (8, "4-4"): 0.3501}


def test_the_split_table_is_lesnoys_to_four_places() -> None:
    found = {(int(str(r["cards"])), str(r["split"])): float(exact(r["chance"]))
             for r in rows("splits")}
    for key, printed in LESNOY_SPLITS.items():
        assert round(found[key], 4) == printed, key


def test_splits_before_the_talon_is_seen_are_the_multinomial_ones() -> None:
    # 22 unseen cards: ten, ten and two; n of the suit, a and b in the hands, t in the talon.
    deals = Fraction(factorial(22), factorial(10) ** 2 * factorial(2))
    for row in rows("splits-talon"):
        n = int(str(row["cards"]))
        shown, _, talon = str(row["split"]).partition("+")
        a, b = (int(x) for x in shown.split("-"))
        t = int(talon or 0)

        def ways(x: int, y: int, n: int = n, t: int = t) -> int:
            return (factorial(n) // (factorial(x) * factorial(y) * factorial(t))
                    * factorial(22 - n) // (factorial(10 - x) * factorial(10 - y)
                                            * factorial(2 - t)))
        count = ways(a, b) + (ways(b, a) if a != b else 0)
        assert exact(row["chance"]) == count / deals, row
    for n in range(1, 9):
        assert sum(exact(r["chance"]) for r in rows("splits-talon")
                   if r["cards"] == str(n)) == 1


def test_the_rule_of_seven_cards() -> None:
    table = {int(str(r["good"])): r for r in rows("talon")}
    for k, row in table.items():
        # Neither talon card good: (22-k)/22 then (21-k)/21, as review-pref.ru reasons.
        assert exact(row["one"]) == 1 - Fraction((22 - k) * (21 - k), 22 * 21)
        assert exact(row["two"]) == Fraction(k * (k - 1), 22 * 21)
    # review-pref.ru/school/145/4: 11 good cards 0.762, 6 good cards 0.48; Лесной,
    # таблица 1: 11 → 0.76, 7 → 0.55, 6 → 0.48, 5 → 0.41. Seven is the first over half.
    assert round(float(exact(table[11]["one"])), 3) == 0.762
    assert round(float(exact(table[6]["one"])), 2) == 0.48
    assert [round(float(exact(table[k]["one"])), 2) for k in (11, 7, 6, 5)] == \
        [0.76, 0.55, 0.48, 0.41]
    assert min(k for k in table if exact(table[k]["one"]) > Fraction(1, 2)) == 7


# The hole's suit played out, written here from the rules of play: the misère player
# (seat 0) holds the hole, the left (1) and right (2) defenders the rest; a hand void in
# the suit plays another suit's card, which cannot win; his other cards are clean, so on
# lead he may give the lead away; the defenders choose which of them leads.


@cache
def tricks(hands: tuple[frozenset[int], ...], on_lead: int) -> int:
    if not hands[0]:
        return 0
    leaders = [0] if on_lead == 0 else [s for s in (1, 2) if hands[s]]
    results = []
    for leader in leaders:
        for card in sorted(hands[leader]):
            results.append(play(hands, leader, [(card, leader)]))
    if on_lead == 0:
        return min([*results, tricks(hands, 1)])
    return max(results, default=0)


def play(hands: tuple[frozenset[int], ...], leader: int,
         trick: list[tuple[int, int]]) -> int:
    seat = (trick[-1][1] + 1) % 3
    if seat == leader:
        left = tuple(h - {c for c, s in trick if s == i} for i, h in enumerate(hands))
        won = max(trick)[1] == 0
        return won + tricks(left, 0 if won else 1)
    if not hands[seat]:
        return play(hands, leader, [*trick, (-1, seat)])
    options = [play(hands, leader, [*trick, (c, seat)]) for c in sorted(hands[seat])]
    return min(options) if seat == 0 else max(options)


def enumerated_catch(hole: set[int], his_lead: bool) -> Fraction:
    """Every layout of twenty cards (the suit's other cards and fourteen of other
    suits), ten to each defender, each played out."""
    theirs = [r for r in range(8) if r not in hole]   # cards 0 … n-1 of the twenty
    n = len(theirs)
    layouts = Counter(tuple(i for i in left if i < n)
                      for left in itertools.combinations(range(20), 10))
    caught = 0
    for left, count in layouts.items():
        held = frozenset(theirs[i] for i in left)
        hands = (frozenset(hole), held, frozenset(theirs) - held)
        caught += count * (tricks(hands, 0 if his_lead else 1) > 0)
    return Fraction(caught, comb(20, 10))


def hole_row(name: str) -> dict[str, object]:
    return next(r for r in rows("misere") if r["hole"] == name)


@pytest.mark.slow
def test_a_hole_caught_as_every_layout_played_out_says() -> None:
    row = hole_row("7 J")   # the seven and the jack: 8 9 10 with the defenders
    assert exact(row["their_lead"]) == enumerated_catch({0, 4}, his_lead=False)
    assert exact(row["his_lead"]) == enumerated_catch({0, 4}, his_lead=True)


def test_holes_worked_out_by_hand() -> None:
    # A lone eight without discards: only when one defender holds all seven others
    # (he plays the seven under it, his partner has none).
    assert exact(hole_row("8")["their_lead"]) == Fraction(2 * comb(13, 3), comb(20, 10))
    # With discards the seven's partner throws his cards and the seven is led.
    assert exact(hole_row("8")["their_lead_discards"]) == 1
    # 7 8 10 A: the ace falls only if the suit is led four times: the 4-0 split.
    assert exact(hole_row("7 8 10 A")["their_lead"]) == Fraction(2 * comb(16, 6),
                                                                  comb(20, 10))
    # An ace with two low cards and five above them out: always caught.
    assert exact(hole_row("7 8 A")["his_lead"]) == 1


def test_the_table_as_text_and_a_missing_file() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["odds", "--table", "splits"])
    assert done.exit_code == 0 and "47.37%" in done.stdout and "52.63%" in done.stdout
    ru = runner.invoke(app, ["--lang", "ru", "odds", "--table", "talon"])
    assert ru.exit_code == 0 and "54,55\xa0%" in ru.stdout
    bare = runner.invoke(app, ["odds"])
    assert bare.exit_code == 2 and "--table" in bare.output
    wrong = runner.invoke(app, ["odds", "--table", "bridge"])
    assert wrong.exit_code == 2


@pytest.mark.parametrize("kind", ["splits", "splits-talon", "talon", "misere"])
def test_every_share_is_a_probability(kind: str) -> None:
    for row in rows(kind):
        for cell in row.values():
            if isinstance(cell, dict):
                assert 0 <= exact(cell) <= 1
                assert abs(float(exact(cell)) - float(str(cell["value"]))) < 1e-6
