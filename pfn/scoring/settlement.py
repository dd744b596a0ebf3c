"""Settlement: turning the final sheet into what each player wins or pays, in whists.

Russian families use the average-mountain method (``russian-scoring.md``); the
N−1 method is a named alternative.  Serbian settles bule × 10 and supe
(``serbian.md``).  Amounts are exact fractions unless integer rounding is chosen,
and always sum to zero.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from pfn.rules.options import HouseRules
from pfn.scoring.sheet import Sheet
from pfn.seats import Seat


def whist_balance(sheet: Sheet, seat: Seat, column: str = "whist") -> Fraction:
    """Whists ``seat`` wrote against the others minus those written against him."""
    total = Fraction(0)
    for (writer, col, against), value in sheet.values.items():
        if col != column:
            continue
        if writer == seat:
            total += value
        if against == seat:
            total -= value
    return total


def russian(sheet: Sheet, rules: HouseRules) -> dict[Seat, Fraction]:
    """Average mountain: 10 × (average mountain − own mountain) + whist balance, after
    unclosed pools are turned into mountain."""
    seats = sheet.seats()
    mountains: dict[Seat, Fraction] = {}
    for seat in seats:
        mountain = Fraction(sheet.get(seat, "mountain"))
        pool = Fraction(sheet.get(seat, "pool"))
        short = (sheet.target - pool) if sheet.target is not None else -pool
        mountains[seat] = mountain + rules.pool_ratio * short
    average = sum(mountains.values(), Fraction(0)) / len(seats)
    ratio = rules.mountain_ratio
    # the N-1 method divides the mountain differences among the others only
    scale = Fraction(len(seats), len(seats) - 1) if rules.settlement == "n-1" else Fraction(1)
    result = {s: ratio * scale * (average - mountains[s]) + whist_balance(sheet, s)
              for s in seats}
    return rounded(result) if rules.rounding == "integer" else result


def serbian(sheet: Sheet, rules: HouseRules) -> dict[Seat, Fraction]:
    """Bule × 10 (owed bule count against the player, a hat for him) plus supe written
    minus supe written against him.  A match stopped before the bule sum to zero is
    settled on each player's bule against their average, so the results still sum to
    zero (and equal the rule above when the match is finished)."""
    seats = sheet.seats()
    bule = {s: Fraction(sheet.get(s, "bule")) for s in seats}
    average = sum(bule.values(), Fraction(0)) / len(seats)
    result = {s: -10 * (bule[s] - average) + whist_balance(sheet, s, "supe") for s in seats}
    return rounded(result) if rules.rounding == "integer" else result


def britannica(sheet: Sheet, rules: HouseRules) -> dict[Seat, Fraction]:
    """Chips won and lost, plus an equal share of what is left in the pot (the seed does
    not say what becomes of the pot; sharing it keeps the sum at zero)."""
    seats = sheet.seats()
    chips = {s: Fraction(sheet.get(s, "chips")) for s in seats}
    pot = -sum(chips.values(), Fraction(0))
    result = {s: chips[s] + pot / len(seats) for s in seats}
    return rounded(result) if rules.rounding == "integer" else result


def rounded(result: dict[Seat, Fraction]) -> dict[Seat, Fraction]:
    """Whole numbers that still sum to zero: floors, then the largest remainders get one
    more."""
    floors = {s: Fraction(floor(v)) for s, v in result.items()}
    missing = int(sum(result.values(), Fraction(0)) - sum(floors.values(), Fraction(0)))
    by_remainder = sorted(result, key=lambda s: (-(result[s] - floors[s]), s))
    for seat in by_remainder[:missing]:
        floors[seat] += 1
    return floors
