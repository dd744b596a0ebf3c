"""``pfn import`` from ppn, unisay and gambler: samples written here in each format's
documented syntax, every field, precise diagnostics for what cannot be imported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pfn.check import check_records
from pfn.deal import replay
from pfn.formats import import_data
from pfn.formats.gambler import _talon_order, card_of
from pfn.generate import generate
from pfn.model import Record
from pfn.notation.reader import loads


def faults(text: str) -> list[str]:
    """The errors and warnings ``pfn check`` finds in ``text``."""
    return [str(d) for report in check_records(loads(text)) for d in report.diagnostics
            if d.is_error or d.severity.name == "WARNING"]


def deals(text: str) -> list[Record]:
    return [r for r in loads(text) if not r.empty]


# -- ppn ------------------------------------------------------------------------------

# The card table of the format: 1-8 spades, 9-G diamonds, H-O hearts, P-W clubs (7 to A).
TABLE = "12345678" "9ABCDEFG" "HIJKLMNO" "PQRSTUVW"
GAME_NUMBER = {"6S": "2", "6D": "3", "6H": "4", "6C": "5", "mis": "6", "6NT": "7"}


def ppn_char(card: object) -> str:
    text = str(card)
    return TABLE["SDHC".index(text[0]) * 8 + "789TJQKA".index(text[1])]


def ppn_line(record: Record) -> str:
    """A deal in PPN, written from a PFN record by the format's description."""
    r = replay(record, on_error="collect")
    assert record.dealer is not None and record.deal is not None and r.auction is not None
    dealer = int(record.dealer)
    order = [(dealer + 1 + i) % 3 for i in range(3)]
    hands = [record.deal.hands[s] for s in order]
    cards = "".join(ppn_char(c) for h in hands if h is not None for c in sorted(h))
    cards += "".join(ppn_char(c) for c in sorted(record.deal.talon or ()))
    high = dict.fromkeys(order, "P")
    standing = ""
    for seat, token in r.auction.state.history:
        standing = token if token.isdigit() else standing
        if token == "hold":
            high[int(seat)] = "M" + standing
        elif token == "hand":
            high[int(seat)] = "G"
        elif token.endswith("-hand"):
            high[int(seat)] = "G" + GAME_NUMBER[token[:-5]]
        elif token != "pass":
            high[int(seat)] = token
    line = f"{record.tag('Board')}. {dealer + 1} {cards} {','.join(high[s] for s in order)}"
    if r.contract is None or r.contract.allpass or r.declarer is None:
        return line
    text = str(r.contract)
    hand = text.endswith("-hand")
    game = ("G" if hand else "") + GAME_NUMBER[text[:-5] if hand else text]
    exchange = "".join(ppn_char(c) for c in record.discard or ()) or "XX"
    main = int(r.declarer)
    left, right = (main + 1) % 3, (main + 2) % 3
    players = [int(s) for s in r.defence.players] if r.defence else [left, right]
    came = {(True, True): "B", (True, False): "L", (False, True): "R",
            (False, False): "0"}[(left in players, right in players)]
    calls = [c for c in record.defence.calls] if record.defence else []
    kontra = "0"
    if any(c.token == "together" for c in calls):
        first = left if calls[0].token == "whist" else right
        kontra, came = "I", "L" if first == left else "R"
    if r.defence is not None and r.defence.kontra:
        assert r.defence.kontra_caller is not None
        kontra = "KRSM"[r.defence.kontra - 1] + ("L" if int(r.defence.kontra_caller) == left
                                                 else "R")
    role = {main: "M", left: "L", right: "R"}
    play = ",".join("".join(ppn_char(c) for c in t.cards) + role[int(t.winner)]
                    for t in r.tricks if t.winner is not None) or "0"
    score = ",".join(f"{n}:0:0:0" for n in (r.result.get(type(r.declarer)(s), 0)
                                            for s in order))
    return f"{line} {exchange} {game} {came} {kontra} 0 {play} {score}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ppn_imports_every_kind_of_deal(seed: int) -> None:
    """Generated Serbian matches written as PPN import back to the same deals."""
    source = "\n".join(generate(40, "serbian", seed=seed, match_size=40, target=30))
    originals = deals(source)
    head = '[Bula "30"]\n[Refe "2"]\n[Player1 "Ana"]\n[Player2 "Boris"]\n[Player3 "Ceca"]\n' \
           '[Place1 "Ana"]\n'
    text = head + "".join(ppn_line(r) + "\n" for r in originals)
    result = import_data(text.encode(), "ppn", "m.ppn")
    assert result.ok, result.problems[:3]
    assert not faults(result.text)
    back = deals(result.text)
    assert len(back) == len(originals)
    for before, after in zip(originals, back, strict=True):
        assert after.deal == before.deal and after.dealer == before.dealer
        assert after.variant == "serbian" and after.target == 30
        assert after.rules == (("refe", "2"),) and after.tag("Place1") == "Ana"
        b, a = replay(before, on_error="collect"), replay(after, on_error="collect")
        assert a.contract == b.contract and a.declarer == b.declarer
        assert [t.cards for t in a.tricks] == [t.cards for t in b.tricks]
        if b.defence is not None and a.defence is not None:
            assert a.defence.players == b.defence.players
            assert a.defence.kontra == b.defence.kontra
        if b.tricks:
            assert a.result == b.result


GOOD = "1. 1 {cards} 5,P,4 {exchange} 5 B 0 10 {play} 7:0:-10:0,0,3:30:0:0"


def test_ppn_rebuilds_the_auction_from_the_highest_bids() -> None:
    record = next(r for r in deals("\n".join(generate(30, "serbian", seed=4))) if r.auction
                  and len(r.auction.calls) > 4)
    result = import_data(("\n" + ppn_line(record) + "\n").encode(), "ppn", "a.ppn")
    back = deals(result.text)[0]
    assert back.auction is not None and record.auction is not None
    assert [c.token for c in back.auction.calls] == [c.token for c in record.auction.calls]


@pytest.mark.parametrize(("line", "col", "words"), [
    ("1. 1 1BDHM27YQK4CEIN3FVRJS5LP8GU6AOT9 P,P,P", 13, "'Y' is not a card of the table"),
    ("1. 1 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT1 P,P,P", 37, "'1' (S7) is given twice"),
    ("1. 4 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 P,P,P", 4, "dealer '4'"),
    ("1. 1 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 P,X,P", 39, "bids 'P,X,P'"),
    ("1. 1 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 AR 4 L 0 8 2A1M,M9BM,2A1M 7:0:-8:0,0,0",
     67, "'2' (S8) is thrown a second time, in trick 3"),
    ("1. 1 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 AR 4 L 0 8 2A1R 7:0:-8:0,0,0",
     60, "trick 1: R (A) is said to win it, but S8 wins"),
    ("1. 1 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 AR 4 B I 8 0 0,0,0", 53,
     "an invitation (I) is a lone follower's"),
    ("1. 1 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 AR 9 L 0 8", 49, "game '9'"),
])
def test_ppn_bad_input_is_located(line: str, col: int, words: str) -> None:
    result = import_data(f'[Bula "30"]\n{line}\n'.encode(), "ppn", "bad.ppn")
    assert not result.ok and not result.text
    error = next(d for d in result.problems if d.is_error)
    assert (error.code, error.line) == ("PFN-E007", 2)
    assert words in error.message and error.col == col, error


# -- unisay ---------------------------------------------------------------------------

UNISAY = {
    "name": "Étude 1", "description": "How many tricks do the whisters take?",
    "shared": True, "firstTurn": "SOUTH", "players": "THREE",
    "eastContract": "WHIST", "southContract": "PASS", "westContract": "SIX_SPADE",
    "widow": {"card1": "HEART_10", "card2": "CLUB_7"},
    "eastCards": ["SPADE_ACE", "SPADE_QUEEN", "DIAMOND_7", "DIAMOND_JACK", "CLUB_9",
                  "CLUB_10", "CLUB_JACK", "HEART_7", "HEART_QUEEN", "HEART_KING"],
    "southCards": ["SPADE_JACK", "SPADE_KING", "CLUB_8", "CLUB_ACE", "DIAMOND_8",
                   "DIAMOND_9", "DIAMOND_10", "HEART_8", "HEART_9", "HEART_JACK"],
    "westCards": ["SPADE_7", "SPADE_8", "SPADE_9", "SPADE_10", "DIAMOND_ACE", "DIAMOND_KING",
                  "DIAMOND_QUEEN", "CLUB_KING", "CLUB_QUEEN", "HEART_ACE"],
    "turns": [{"hand": "SOUTH", "card": "CLUB_ACE"}, {"hand": "WEST", "card": "CLUB_QUEEN"},
              {"hand": "EAST", "card": "CLUB_9"}],
    "currentTrickIndex": 1,
}


def unisay(deal: object) -> tuple[object, list[Record]]:
    result = import_data(json.dumps(deal, indent=2, ensure_ascii=False).encode(), "unisay",
                         "u.json")
    return result, deals(result.text)


def test_unisay_every_field() -> None:
    result, (record,) = unisay(UNISAY)
    assert record.tag("Event") == "Étude 1"
    assert record.comments == ("How many tricks do the whisters take?",)
    assert record.names == ("East", "South", "West")
    assert record.deal is not None and str(record.deal.hands[0]) == "AQ.JT9.J7.KQ7"
    assert str(record.deal.talon) == ".7..T"
    assert record.start == 1 and str(record.declarer) == "C" and str(record.contract) == "6S"
    # East (after West, the declarer) speaks first: whist; South passes; the lone whister
    # plays open (the editor shows every hand)
    assert record.defence is not None and str(record.defence.first) == "A"
    assert [c.token for c in record.defence.calls] == ["whist", "pass", "open"]
    assert str(record.dealer) == "A"  # South leads, so East dealt
    assert record.play is not None
    assert [str(c) for c in record.play.tricks[0].cards] == ["CA", "CQ", "C9"]
    assert record.tag("Shared") == "true" and record.tag("CurrentTrickIndex") == "1"
    assert not faults(result.text)  # type: ignore[attr-defined]


def test_unisay_misere_allpass_and_lists() -> None:
    misere = {**UNISAY, "westContract": "MISER", "eastContract": "PASS", "turns": [],
              "firstTurn": "EAST"}
    allpass = {**UNISAY, "westContract": "PASS", "eastContract": "PASS", "turns": [],
               "firstTurn": "EAST"}
    result, (one, two) = unisay([misere, allpass])
    assert str(one.contract) == "mis" and one.defence is None
    assert str(two.contract) == "pass" and two.declarer is None
    assert not faults(result.text)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("change", "words", "key"), [
    ({"eastCards": [*UNISAY["eastCards"][:-1], "HEART_SIX"]}, "'HEART_SIX' is not a card",
     "HEART_SIX"),
    ({"eastCards": [*UNISAY["eastCards"][:-1], "HEART_ACE"]}, "HEART_ACE is dealt twice",
     None),
    ({"eastContract": "SEVEN_CLUB"}, "two players with a contract", "eastContract"),
    ({"firstTurn": "NORTH"}, "firstTurn 'NORTH'", "firstTurn"),
    ({"turns": [{"hand": "WEST", "card": "CLUB_ACE"}]}, "not a card of that hand", "CLUB_ACE"),
    ({"southContract": "SIX_NOTHING"}, "'SIX_NOTHING' is not a contract", "southContract"),
])
def test_unisay_bad_input_is_located(change: dict[str, object], words: str,
                                     key: str | None) -> None:
    deal = {**UNISAY, **change}
    text = json.dumps(deal, indent=2)
    result = import_data(text.encode(), "unisay", "bad.json")
    assert not result.ok and not result.text
    error = next(d for d in result.problems if d.is_error)
    assert error.code == "PFN-E007" and words in error.message
    if key is not None:
        assert key in text.splitlines()[(error.line or 1) - 1]


def test_unisay_not_json() -> None:
    result = import_data(b'{"eastCards": [', "unisay", "x.json")
    assert [d.code for d in result.problems] == ["PFN-E005"] and result.problems[0].line == 1


# -- gambler --------------------------------------------------------------------------

MOVES = "Qc Kc Jc 9c 10c Ah 10d 7d 8d Jd Qd Ad 7h Qh 8h 7c Kh 10s Ks As 9s Jh 10h 9h 9d 7s Kd Qs" \
        " 8s Js"
# An all-pass (the widow's cards open the first two tricks) and a seven of spades.
# HAND lines are the players 2, 0, 1; FIRSTPLAYER is the eldest.
GAMBLER = """begin
CONTRACT pass
FIRSTPLAYER 0
NUMOFPLAYERS 3
HAND  Js 10s 9s 7s Jc Ad 8d Ah 10h 7h
HAND  Ks Qs Qc 9c 7c Kd Jd 10d Qh 9h
HAND  As 8s Kc 10c Qd 9d 7d Kh Jh 8h
TRADE pass
TRADE pass
TRADE pass
WIDOW  8c Ac
""" + "".join(f"MOVE {m}\n" for m in MOVES.split()) + """end
begin
CONTRACT 7s
FIRSTPLAYER 0
NUMOFPLAYERS 3
HAND  8s 9c 8c 7c Jd 10d 9d Jh 10h 9h
HAND  As Ks Qs Js 7s Ac Kc 7d Ah 7h
HAND  10s 9s Qc Jc 10c Ad Kd Qd Kh Qh
TRADE 6s
TRADE 6c
TRADE pass
TRADE 6d
TRADE pass
WIDOW  8d 8h
GAMEID 80908969
end
"""


def test_gambler_every_field() -> None:
    result = import_data(GAMBLER.encode(), "gambler", "g.txt")
    assert result.ok
    allpass, game = deals(result.text)
    assert allpass.deal is not None and str(allpass.deal.hands[0]) == "KQ.Q97.KJT.Q9"
    assert str(allpass.deal.hands[2]) == "JT97.J.A8.AT7"  # the first HAND line is player 2
    assert str(allpass.dealer) == "C" and str(allpass.contract) == "pass"
    assert allpass.play is not None and len(allpass.play.tricks) == 10
    # the widow's order is not in the log; either order is legal here: the WIDOW line's
    assert [str(c) for c in allpass.talon or ()] == ["C8", "CA"]
    assert [str(c) for c in allpass.play.tricks[0].cards] == ["C8", "CQ", "CK", "CJ"]
    assert game.auction is not None
    assert [c.token for c in game.auction.calls] == ["6S", "6C", "pass", "6D", "pass"]
    assert str(game.declarer) == "A" and str(game.contract) == "7S" and game.play is None
    assert game.tag("GamblerGameid") == "80908969"
    assert [d.code for d in result.problems] == ["PFN-I002"]
    assert not faults(result.text)


def test_gambler_widow_order_follows_the_play() -> None:
    # trick 1 is opened by the talon's diamond: the eldest, holding diamonds, follows
    hands = [[card_of(w) for w in h.split()] for h in ("7s 8s", "Ad 8s", "9d 7h")]
    widow = [card_of("Kh"), card_of("Kd")]
    moves = [card_of("Ad"), card_of("9d"), card_of("7s")]
    assert all(c is not None for h in hands for c in h)
    order = _talon_order(widow, moves, [[c for c in h if c] for h in hands[1:] + hands[:1]],
                         0)  # type: ignore[list-item]
    assert [str(c) for c in order] == ["DK", "HK"]


@pytest.mark.parametrize(("change", "line", "words"), [
    (("HAND  Js 10s", "HAND  Js 11s"), 5, "'11s' is not a card"),
    (("NUMOFPLAYERS 3\nHAND  Js", "NUMOFPLAYERS 4\nHAND  Js"), 4, "NUMOFPLAYERS 4"),
    (("CONTRACT pass", "CONTRACT 6-3"), 2, "CONTRACT '6-3'"),
    (("TRADE pass\nTRADE pass\nTRADE pass", "TRADE pass\nTRADE zzz\nTRADE pass"), 9,
     "TRADE 'zzz'"),
    (("MOVE Qc\n", "MOVE Qx\n"), 12, "MOVE 'Qx'"),
])
def test_gambler_bad_input_is_located(change: tuple[str, str], line: int, words: str) -> None:
    result = import_data(GAMBLER.replace(*change, 1).encode(), "gambler", "bad.txt")
    assert not result.ok and not result.text
    error = next(d for d in result.problems if d.is_error)
    assert (error.code, error.line) == ("PFN-E007", line) and words in error.message, error
    if error.text:  # the column points at the offending word
        source = GAMBLER.replace(*change, 1).splitlines()[line - 1]
        assert error.col is not None and source[error.col - 1:].startswith(error.text)


def test_gambler_unfinished_record() -> None:
    result = import_data(GAMBLER.rsplit("end", 1)[0].encode(), "gambler", "cut.txt")
    assert not result.ok
    assert any("no end" in d.message for d in result.problems)


# -- hostile input --------------------------------------------------------------------

SAMPLES = {"bts": (Path(__file__).parent / "data" / "formats" / "classics.pts").read_bytes(),
           "ppn": (Path(__file__).parent / "data" / "formats" / "pool.ppn").read_bytes(),
           "unisay": (Path(__file__).parent / "data" / "formats" / "etude.json").read_bytes(),
           "gambler": GAMBLER.encode()}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(SAMPLES)), st.integers(0, 10**6), st.binary(max_size=40),
       st.integers(0, 2))
def test_damaged_input_gives_diagnostics_never_a_traceback(fmt: str, at: int, junk: bytes,
                                                           how: int) -> None:
    data = SAMPLES[fmt]
    at %= len(data) + 1
    damaged = [data[:at], data[:at] + junk + data[at:], data[:at] + data[at + len(junk):]][how]
    result = import_data(damaged, fmt, "damaged")
    assert result.ok == (not any(d.is_error for d in result.problems))
    if result.ok:  # what is written reads back as PFN without notation errors
        assert all(not d.is_notation for r in loads(result.text) for d in r.diagnostics)
    else:
        assert not result.text
        assert all(d.line is not None and d.line >= 1 for d in result.problems)
