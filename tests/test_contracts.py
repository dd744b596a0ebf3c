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


def hand_only(tmp_path: Path, hand: str, dealer: str = "C", variant: str = "sochi") -> Path:
    path = tmp_path / "auction.pfn"
    path.write_text(f'[Variant "{variant}"]\n[Players "Ana; Boris; Ceca"]\n[Board "1"]\n'
                    f'[Dealer "{dealer}"]\n[Deal "A:{hand} B:? C:?"]\n[Declarer "A"]\n'
                    '[Contract "6S"]\n', encoding="utf-8")
    return path


def unseen_talon(path: Path, samples: int) -> dict[str, dict[str, object]]:
    done = CliRunner().invoke(app, ["odds", str(path), "--seat", "A", "--contracts",
                                    "--samples", str(samples), "-f", "json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["layouts"] == samples and data["seen"] == ["hand"]
    return {c["contract"]: c for c in data["contracts"]}


@pytest.mark.slow
def test_every_trump_and_two_aces_take_every_trick_whatever_the_talon(
        tmp_path: Path) -> None:
    # Ana holds all eight spades and the club and diamond aces; the talon is not given.
    # Whatever it holds she keeps her ten cards (or cards as good): a lead of any side
    # suit is ruffed or won by an ace, the defenders have no trump, so every spade
    # contract takes all ten tricks on every deal, whoever leads.
    found = unseen_talon(hand_only(tmp_path, "AKQJT987.A.A."), 8)
    for level in range(6, 11):
        spades = found[f"{level}S"]
        assert spades["expected"] == 10 and spades["makes"] == 1 and spades["margin"] == 0
        assert spades["discard"] is None  # it depends on the talon he has not seen
    best = max(found.values(), key=lambda c: float(str(c["score"])))
    assert float(str(best["score"])) == float(str(found["10S"]["score"]))


@pytest.mark.slow
def test_without_the_talon_he_plays_his_ten_cards(tmp_path: Path) -> None:
    # Mail.ru has nines and tens without the talon: the same ten cards take every trick
    # in spades with no talon to see and none to discard.
    found = unseen_talon(hand_only(tmp_path, "AKQJT987.A.A.", variant="mailru"), 4)
    for name in ("9S-hand", "10S-hand"):
        assert found[name]["expected"] == 10 and found[name]["makes"] == 1
        assert found[name]["discard"] is None
    assert "8S-hand" not in found  # not on the variant's ladder
    sochi = unseen_talon(hand_only(tmp_path, "AKQJT987.A.A."), 4)
    assert not [name for name in sochi if name.endswith("-hand")]  # none in Sochi


@pytest.mark.slow
def test_a_misere_of_the_lowest_cards_is_never_caught_whatever_the_talon(
        tmp_path: Path) -> None:
    # Ana holds 7 8 9 of spades and clubs, 7 8 of diamonds and hearts: each the lowest
    # cards of its suit, and every suit has at least three cards out, so the talon's two
    # cannot leave both defenders void. Keeping her ten, every trick she plays to is won
    # by a higher card of the suit led (or she discards), whoever leads.
    found = unseen_talon(hand_only(tmp_path, "987.987.87.87", dealer="A"), 8)["mis"]
    assert found["expected"] == 0 and found["makes"] == 1 and found["margin"] == 0
    # Sochi: a misère made is 10 in the pool, worth 200/3 on a fresh sheet of three
    assert abs(float(str(found["score"])) - 200 / 3) < 1e-4


def test_the_talon_unseen_is_said_and_sampled_with_the_defenders(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["odds", str(hand_only(tmp_path, "AKQJT987.A.A.")),
                                    "--seat", "A", "--contracts", "--samples", "1"])
    assert done.exit_code == 0, done.output
    assert "Seen from A: the hand only, the talon unseen" in done.stdout
    assert "1 deal of the twenty-two cards he has not seen" in done.stdout
    assert "layouts per talon: 1;" in done.stdout


def test_sampled_talons_are_uniform_over_the_unseen_cards() -> None:
    from pfn.analysis.contracts import sample_deals
    from pfn.cards import parse_card

    hand = 0
    for card in ("SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "CA", "DA"):
        hand |= 1 << int(parse_card(card))
    talons = 5000
    deals = sample_deals(hand, talons, 1, seed=7)
    counts, held = [0] * 32, [0] * 32
    for talon, ((first, second),) in deals:
        assert talon.bit_count() == 2 and first.bit_count() == second.bit_count() == 10
        assert hand | talon | first | second == (1 << 32) - 1  # a partition of the pack
        assert not (hand & talon or talon & first or first & second)
        for c in range(32):
            counts[c] += talon >> c & 1
            held[c] += first >> c & 1
    # each of the 22 unseen cards is in the talon with chance 2/22; over the sample its
    # count is binomial: within 4.5 standard deviations of the mean for all 22 cards
    # (the chance of a false alarm under 22 · 7e-6)
    p = 2 / 22
    mean, sd = talons * p, (talons * p * (1 - p)) ** 0.5
    assert [c for c in range(32) if hand >> c & 1 and counts[c]] == []
    assert all(abs(counts[c] - mean) <= 4.5 * sd for c in range(32) if not hand >> c & 1)
    # and with the first defender with chance 10/22
    p = 10 / 22
    mean, sd = talons * p, (talons * p * (1 - p)) ** 0.5
    assert all(abs(held[c] - mean) <= 4.5 * sd for c in range(32) if not hand >> c & 1)


@pytest.mark.slow
def test_a_hand_bid_without_the_talon_is_weighed_with_the_talon_unseen(
        tmp_path: Path) -> None:
    # The record shows the talon, but 10S-hand was bid without seeing it: the answer
    # samples the talon (the twenty-two cards) and says so; the ten cards still take
    # every trick in spades whatever it holds.
    path = tmp_path / "hand.pfn"
    path.write_text('[Variant "mailru"]\n[Players "Ana; Boris; Ceca"]\n[Board "1"]\n'
                    '[Dealer "C"]\n[Deal "A:AKQJT987.A.A. B:? C:? talon:..K.K"]\n'
                    '[Declarer "A"]\n[Contract "10S-hand"]\n', encoding="utf-8")
    found = unseen_talon(path, 4)
    assert found["10S-hand"]["expected"] == 10 and found["10S-hand"]["makes"] == 1
