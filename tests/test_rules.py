"""Legality: the auction, talon and contract, the defence and the play, each broken rule
reported with its own code (``rules/russian-core.md``, seeds 000–002)."""

from __future__ import annotations

import pytest

from pfn.deal import replay
from pfn.diagnostics import RuleError
from tests.conftest import codes, diagnostics, one

DEAL = "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"
PLAY = """SA S9 S8
SK ST C7
SQ DQ D9
CA CT C8
CK CJ C9
HA HQ H9
H7 HK HT
DA DT SJ
S7 CQ DJ
H8 DK HJ"""


def record(auction: str = "6S 6C pass 6D pass", contract: str = "7S", defence: str = "whist whist",
           play: str = PLAY, result: str = "A:8 B:1 C:1", variant: str = "sochi",
           discard: str = "D7 D8", extra: str = "", leader: str = "A") -> str:
    return (f'[Variant "{variant}"]\n[Dealer "C"]\n[Deal "{DEAL}"]\n[Declarer "A"]\n'
            f'[Contract "{contract}"]\n[Result "{result}"]\n{extra}[Auction "A"]\n{auction}\n'
            f'[Talon "D8 H8"]\n[Discard "{discard}"]\n[Defence "B"]\n{defence}\n'
            f'[Play "{leader}"]\n{play}\n')


def test_the_brief_deal_is_legal() -> None:
    assert codes(record()) == []


def test_replay_records_every_trick() -> None:
    result = replay(one(record()))
    assert len(result.tricks) == 10 and result.play_complete
    assert {str(s): n for s, n in result.result.items()} == {"A": 8, "B": 1, "C": 1}
    assert str(result.tricks[1].seats[2]) == "C" and str(result.tricks[1].cards[2]) == "C7"
    # trick 8 is led by B, who won trick 7
    assert str(result.tricks[7].leader) == "B" and str(result.tricks[7].seats[2]) == "A"


def test_trick_winners_follow_trumps_and_suit() -> None:
    result = replay(one(record()))
    # 1 SA (A), 2 SK (A), 3 SQ (A), 4 CA (A), 5 CK (A), 6 HA (A), 7 HK (B), 8 DA (A),
    # 9 S7 trumps CQ and DJ (A), 10 DK wins H8? no: H8 led, DK off-suit, HJ is C's heart (C)
    assert "".join(str(t.winner) for t in result.tricks) == "AAAAAABAAC"


def test_replay_raises_on_the_first_error_by_default() -> None:
    bad = record(play=PLAY.replace("SK ST C7", "SK C7 ST"))
    with pytest.raises(RuleError) as caught:
        replay(one(bad))
    assert caught.value.diagnostic.code == "PFN-E502"
    collected = replay(one(bad), on_error="collect")
    assert len([d for d in collected.diagnostics if d.code[4] == "E"]) >= 2


# -- auction ----------------------------------------------------------------------


@pytest.mark.parametrize(("auction", "code"), [
    ("6S 6S pass 6D pass", "PFN-E302"),       # not higher
    ("6S 6C pass 6D pass pass", "PFN-E308"),  # after the auction ended
    ("6S 6C pass C:6D pass", "PFN-E301"),     # C passed; it is A's turn
    ("6S 6C pass 6D", "PFN-E307"),            # not finished
    ("6S 6C pass mis pass", "PFN-E306"),      # misère after bidding
    ("6S 6C pass hold pass", "PFN-E305"),     # no holding in Sochi
    ("6S 6C pass 11S pass", "PFN-E108"),      # not a bid at all
])
def test_auction_errors(auction: str, code: str) -> None:
    assert code in codes(record(auction=auction))


def test_jumps_are_a_house_rule() -> None:
    assert codes(record(auction="6S 6D pass 7S pass")) == []
    assert "PFN-E303" in codes(record(auction="6S 6D pass 7S pass",
                                      extra='[Rules "jumps=off"]\n'))


def test_declarer_must_be_the_auction_winner() -> None:
    assert "PFN-E310" in codes(record(auction="6S 6C pass pass"))


def test_contract_at_least_the_winning_bid() -> None:
    assert "PFN-E403" in codes(record(auction="6S 7S pass 7H pass", contract="7D",
                                      result="A:8 B:1 C:1"))
    assert "PFN-E404" in codes(record(contract="mis", defence=""))


def test_allpass_auction() -> None:
    text = (f'[Variant "sochi"]\n[Dealer "C"]\n[Deal "{DEAL}"]\n[Declarer ""]\n'
            '[Contract "pass"]\n[Auction "A"]\npass pass pass\n')
    assert codes(text) == []
    assert "PFN-E404" in codes(text.replace('[Contract "pass"]', '[Contract "6S"]'))


def test_auction_starts_with_the_eldest() -> None:
    text = record().replace('[Auction "A"]', '[Auction "B"]')
    assert "PFN-E301" in codes(text)


# -- talon and discard --------------------------------------------------------


def test_discard_must_come_from_the_declarers_twelve_cards() -> None:
    assert "PFN-E206" in codes(record(discard="D7 DA"))


def test_discarded_card_cannot_be_played() -> None:
    assert "PFN-E211" in codes(record(discard="D7 H8"))


def test_no_discard_in_a_game_without_the_talon() -> None:
    text = record(contract="9S-hand", auction="6S 6C pass 9S-hand pass",
                  extra='[Rules "without-talon=on"]\n')
    assert "PFN-E402" in codes(text)


# -- defence --------------------------------------------------------------------


@pytest.mark.parametrize(("defence", "code"), [
    ("whist whist open", "PFN-E406"),   # both whisted: nothing to choose
    ("half whist", "PFN-E406"),         # the first defender cannot half-whist
    ("whist", "PFN-E407"),              # not finished
    ("C:whist whist", "PFN-E405"),      # B speaks first
])
def test_defence_errors(defence: str, code: str) -> None:
    assert code in codes(record(defence=defence))


def test_defence_starts_with_the_declarers_left() -> None:
    assert "PFN-E405" in codes(record().replace('[Defence "B"]', '[Defence "C"]'))


def test_no_play_after_both_defenders_pass() -> None:
    assert "PFN-E507" in codes(record(defence="pass pass"))


# -- play -----------------------------------------------------------------------


def test_revoke() -> None:
    # trick 3: B holds DQ… but trick 2 B follows ST; make B discard a club on a spade lead
    found = diagnostics(record(play=PLAY.replace("SK ST C7", "SK CJ C7").replace(
        "CK CJ C9", "CK ST C9")))
    revoke = [d for d in found if d.code == "PFN-E503"]
    assert revoke and "B played CJ" in revoke[0].message and revoke[0].hint
    assert (revoke[0].line, revoke[0].col) == (15, 4)


def test_must_trump() -> None:
    # trick 8: B leads DA and A, out of diamonds, must trump: SJ is right, H8 is not
    text = record(play=PLAY.replace("DA DT SJ", "DA DT H8").replace("H8 DK HJ", "SJ DK HJ"))
    found = [d for d in diagnostics(text) if d.code == "PFN-E504"]
    assert found and "must trump" in found[0].message


def test_wrong_leader() -> None:
    assert "PFN-E501" in codes(record(leader="B"))


def test_trick_with_too_few_cards() -> None:
    assert "PFN-E506" in codes(record(play=PLAY.replace("SK ST C7", "SK ST")))


def test_more_than_ten_tricks() -> None:
    assert "PFN-E510" in codes(record(play=PLAY + "\n- - -"))


def test_result_must_agree_with_the_play() -> None:
    assert "PFN-E601" in codes(record(result="A:7 B:2 C:1"))


def test_claim_checks_the_result_is_possible() -> None:
    short = "\n".join(PLAY.splitlines()[:3]) + "\n*"
    assert codes(record(play=short)) == []
    assert "PFN-E603" in codes(record(play=short, result="A:2 B:4 C:4"))


def test_showing_out_is_remembered_with_hidden_hands() -> None:
    hidden = record().replace(DEAL, "A:AKQJ7.AK.7.A7 B:? C:? talon:..8.8")
    assert codes(hidden) == []
    # C shows out of spades at trick 1 and cannot follow spades at trick 2
    short = record(play="SA S9 C7\nSK ST S8\n*", result="A:8 B:1 C:1").replace(
        DEAL, "A:AKQJ7.AK.7.A7 B:? C:? talon:..8.8")
    found = [d for d in diagnostics(short) if d.code == "PFN-E503"]
    assert found and "showed out" in found[0].message


def test_variation_is_replayed_from_its_branch_point() -> None:
    good = record(play=PLAY.replace("SK ST C7", "SK ST C7 ( D9 )"))
    assert codes(good) == []
    bad = record(play=PLAY.replace("SK ST C7", "SK ST C7 ( SQ )"))
    assert "PFN-E502" in codes(bad)


def test_allpass_talon_cards_lead_the_first_two_tricks() -> None:
    text = (f'[Variant "sochi"]\n[Dealer "C"]\n[Deal "{DEAL}"]\n[Declarer ""]\n'
            '[Contract "pass"]\n[Result "A:8 B:2 C:0"]\n[Auction "A"]\npass pass pass\n'
            '[Talon "D8 H8"]\n[Play "A"]\n'
            'D8 D7 DK DJ\nH8 H7 HQ H9\nSA S9 S8\nSK ST C7\nSQ DQ D9\nSJ DA DT\n'
            'S7 HK HJ\nCA CT C8\nCK CJ C9\nHA CQ HT\n')
    result = replay(one(text), on_error="collect")
    assert [d.code for d in result.diagnostics if d.code[4] == "E"] == []
    # the talon card never wins: trick 1 goes to B's DK, trick 2 to B's HQ
    assert [str(t.winner) for t in result.tricks[:2]] == ["B", "B"]
    # the third trick is led by the eldest (A), then by the winner
    assert str(result.tricks[2].leader) == "A"
    assert result.tricks[0].seats[0] is None
    assert "PFN-E509" in codes(text.replace("D8 D7 DK DJ", "D7 D8 DK DJ").replace(
        '[Talon "D8 H8"]', '[Talon "D8 H8"]'))
