"""Settlement: turning the final sheet into what each player wins or pays, in whists.

Russian families use the average-mountain method (``russian-scoring.md``); the N−1
method is a named alternative (house rule ``settlement``).  A family that settles
otherwise (Serbian bule, Britannica's pot) does it in its own file with the helpers
here.  Amounts are exact fractions unless integer rounding is chosen, and always sum
to zero.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING

from pfn.rules.options import HouseRules
from pfn.seats import Seat

if TYPE_CHECKING:
    from pfn.scoring.sheet import Sheet


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


def own_whists(sheet: Sheet, seat: Seat, column: str = "whist") -> Fraction:
    """The whists ``seat`` wrote, plus and minus: on a sheet where each whist is written
    twice, won by one player and lost by the other (seed 004), this is his balance."""
    return sum((Fraction(v) for (writer, col, _), v in sheet.values.items()
                if writer == seat and col == column), Fraction(0))


def russian(sheet: Sheet, rules: HouseRules,
            balance: Callable[[Sheet, Seat], Fraction] = whist_balance) -> dict[Seat, Fraction]:
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
    result = {s: ratio * scale * (average - mountains[s]) + balance(sheet, s) for s in seats}
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
