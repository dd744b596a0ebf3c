"""The worked pools of examples/: each checks clean, exercises what makes its rule system
itself, and settles to the figures worked out by hand below (summing to zero)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pfn import read
from pfn.cli import app
from tests.conftest import EXAMPLES

# Settlements worked out by hand from each pool's final sheet (average mountain: each
# player's mountain below the average × 10, plus the whists he holds, minus the whists
# held on him; Britannica: chips plus an equal share of the pot).
SETTLED = {
    # mailru: pools 16/16/16, mountains 23/43/26 (average 92/3); whists A→C 12,
    # B→C 2, C→A 84.  A: 10·(92/3 − 23) + 12 − 84 = 14/3; B: 10·(92/3 − 43) + 2 =
    # −364/3; C: 10·(92/3 − 26) + 84 − 12 − 2 = 350/3.
    "mailru-match.pfn": {"A": Fraction(14, 3), "B": Fraction(-364, 3),
                         "C": Fraction(350, 3)},
    # britannica: chips A +10, B −10, C −30; the pot holds 30, shared 10 each.
    "britannica-match.pfn": {"A": Fraction(20), "B": Fraction(0), "C": Fraction(-20)},
    # classic, pools open at 20: A 4, B 18, C 12 short by 16, 2, 8, which count as
    # mountain: 30, 22, 24 (average 76/3).  Whists are each player's own plus and minus
    # entries: A −20 + 6, B +20 − 8, C −6 + 8.
    # A: 10·(76/3 − 30) − 14 = −182/3; B: 10·(76/3 − 22) + 12 = 136/3;
    # C: 10·(76/3 − 24) + 2 = 46/3.
    "classic-match.pfn": {"A": Fraction(-182, 3), "B": Fraction(136, 3),
                          "C": Fraction(46, 3)},
}


def settlement(path: Path) -> dict[str, Fraction]:
    result = CliRunner().invoke(app, ["score", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    (match,) = json.loads(result.stdout)
    return {seat: Fraction(str(v)) for seat, v in match["settlement"].items()}


@pytest.mark.parametrize("name", sorted(SETTLED))
def test_pool_checks_clean_and_settles_as_worked_by_hand(name: str) -> None:
    path = EXAMPLES / name
    result = CliRunner().invoke(app, ["check", "--strict", str(path)])
    assert result.exit_code == 0, result.output
    settled = settlement(path)
    assert settled == SETTLED[name]
    assert sum(settled.values()) == 0


def contracts(name: str) -> list[str]:
    return [str(r.contract) for r in read(EXAMPLES / name) if r.contract is not None]


def test_mailru_pool_exercises_the_system() -> None:
    records = [r for r in read(EXAMPLES / "mailru-match.pfn") if r.contract is not None]
    played = contracts("mailru-match.pfn")
    assert {"mis", "9S-hand", "10H", "6S", "pass"} <= set(played)
    assert played.count("pass") == 3
    calls = " ".join(c.token for r in records if r.auction for c in r.auction.calls)
    assert "mis-hand" in calls and "9S-hand" in calls
    defences = [" ".join(c.token for c in r.defence.calls) for r in records if r.defence]
    assert "check" in defences and "pass half" in defences
    assert any(r.talon is not None and str(r.contract) == "pass" for r in records)


def test_britannica_pool_exercises_the_system() -> None:
    records = [r for r in read(EXAMPLES / "britannica-match.pfn") if r.contract is not None]
    played = set(contracts("britannica-match.pfn"))
    assert {"6H", "6S", "6C-hand", "6H-hand", "6D-hand", "6NT", "mis", "mis-open"} <= played
    calls = " ".join(c.token for r in records if r.auction for c in r.auction.calls)
    assert "hold" in calls and "mis-hand" in calls
    defences = {" ".join(c.token for c in r.defence.calls) for r in records if r.defence}
    assert {"whist pass together", "pass pass", "whist whist", "pass whist"} <= defences


def test_classic_pool_exercises_the_system() -> None:
    records = [r for r in read(EXAMPLES / "classic-match.pfn") if r.contract is not None]
    assert all(c.seat is not None for r in records if r.auction for c in r.auction.calls)
    played = contracts("classic-match.pfn")
    assert "mis" in played and played.count("pass") == 2
    # the overcall in clubs at six won the auction and a heart six was played
    first = records[0]
    assert first.auction is not None and [c.token for c in first.auction.calls][:2] == \
        ["6S", "6C"] and str(first.contract) == "6H"
