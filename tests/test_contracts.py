"""``pfn odds --contracts``: the bidder's question, each contract priced. Oracles: JPref's
test vectors (the project's own sample in JPref's layout) where they state a discard or
a result, the reasoning of the hands written below, and Sochi's price of a misère worked
by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pfn.cli import app

DATA = Path(__file__).parent / "data" / "formats"


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("jpref") / "j.pfn"
    done = CliRunner().invoke(app, ["import", str(DATA / "jpref.txt"), "--from", "jpref",
                                    "-o", str(out)])
    assert done.exit_code == 0, done.output
    return out


def contracts(path: Path, board: str, seat: str, samples: int) -> dict[str, dict[str, object]]:
    done = CliRunner().invoke(app, ["odds", str(path), "-b", board, "--seat", seat,
                                    "--contracts", "--samples", str(samples), "-f", "json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["layouts"] == samples and data["exhaustive"] is False
    return {c["contract"]: c for c in data["contracts"]}


@pytest.mark.slow
def test_a_misere_nobody_can_catch_is_priced_as_sochi_pays_it(vectors: Path) -> None:
    # JPref's vector: C holds 789 of the black suits and 78 of the red ones, the talon the
    # red nines; JPref discards D9 H9 and says "not caught". Every card he keeps after
    # any discard of two of his twelve low cards is below every defender's card of its
    # suit, and he is not on lead: no layout catches him.
    found = contracts(vectors, "2", "C", 10)["mis"]
    assert found["expected"] == 0 and found["makes"] == 1 and found["margin"] == 0
    assert found["defence"] == []
    # Sochi: a misère made is 10 in the pool; on a fresh sheet of three the others pay
    # him a third each of the pool's 10 whists a point: 2 · (100 / 3) = 200 / 3.
    assert abs(float(str(found["score"])) - 200 / 3) < 1e-4


@pytest.mark.slow
def test_every_trump_and_two_aces_bid_ten_and_discard_what_jpref_discards(
        vectors: Path) -> None:
    # JPref's 6S vector: C holds all eight spades, the club and diamond aces; the talon
    # is H7 H8, which JPref's vector discards. Kept, the two hearts lose two tricks;
    # discarded, the ten cards take every trick on every layout, so ten spades (or
    # ten no-trumps: a spade lead draws the trumps, then the aces) make for sure.
    found = contracts(vectors, "1", "C", 20)
    ten = found["10S"]
    assert ten["discard"] == ["H7", "H8"]
    assert ten["expected"] == 10 and ten["makes"] == 1 and ten["margin"] == 0
    best = max(found.values(), key=lambda c: float(str(c["score"])))
    assert float(str(best["score"])) == float(str(ten["score"]))
    # a contract he cannot fail scores more the higher it is
    assert [float(str(found[f"{n}S"]["score"])) for n in range(6, 11)] == sorted(
        float(str(found[f"{n}S"]["score"])) for n in range(6, 11))


def test_contracts_are_the_declarers_question(vectors: Path) -> None:
    done = CliRunner().invoke(app, ["odds", str(vectors), "-b", "2", "--seat", "A",
                                    "--contracts"])
    assert done.exit_code == 2 and "--contracts" in done.output
