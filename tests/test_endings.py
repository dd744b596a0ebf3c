"""Endings: ``[Start "N"]`` gives the hands before trick N (a problem's position)."""

from __future__ import annotations

from pfn.analysis.solve import Solver, position_at
from pfn.check import check_records
from pfn.deal import replay, score
from pfn.notation.reader import loads
from tests.conftest import EXAMPLES

# Three tricks left: A holds the spade ace and two small hearts, trumps are spades.
ENDING = """[Variant "sochi"]
[Players "Ana; Boris; Ceca"]
[Dealer "C"]
[Deal "A:A...87 B:K...AK C:Q...QJ"]
[Start "8"]
[Declarer "A"]
[Contract "6S"]
[Play "A"]
"""


def codes(text: str) -> list[str]:
    return [d.code for report in check_records(loads(text)) for d in report.diagnostics
            if d.severity.name != "INFO"]


def test_an_ending_is_checked_from_its_trick() -> None:
    played = ENDING + "SA SK SQ\nH7 HA HJ\nHK HQ H8\n"
    assert codes(played) == []
    result = replay(loads(played)[0], on_error="collect")
    assert [t.number for t in result.tricks] == [8, 9, 10]
    assert [str(t.winner) for t in result.tricks] == ["A", "B", "B"]
    assert {str(s): n for s, n in result.result.items()} == {"A": 1, "B": 2, "C": 0}
    assert not score(result).complete  # tricks 1 to 7 are not known: no score


def test_an_ending_holds_as_many_cards_as_tricks_left() -> None:
    assert "PFN-E202" in codes(ENDING.replace('[Start "8"]', '[Start "7"]'))
    assert "PFN-E111" in codes(ENDING.replace('[Start "8"]', '[Start "11"]'))
    assert codes(ENDING.replace('[Play "A"]', '[Result "A:1 B:2 C:0"]\n[Play "A"]')) == []
    assert "PFN-E210" in codes(ENDING.replace('[Play "A"]', '[Result "A:1 B:2 C:1"]\n[Play "A"]'))


def test_a_set_up_position_may_stop_within_a_trick() -> None:
    assert codes(ENDING + "SA SK\n") == []  # the question: what does Ceca play?
    whole = (EXAMPLES / "analysis.pfn").read_text("utf-8").split("\n\n")[1]
    cut = whole[:whole.index("S7 ST S8")] + "S7 ST\n"  # a dealt deal: a trick is whole
    assert "PFN-E506" in codes(cut)
    assert "PFN-E503" in codes(ENDING + "H7 SK\n")  # Boris must follow hearts


def test_an_ending_solves_from_its_first_trick() -> None:
    result = replay(loads(ENDING)[0], on_error="collect")
    position = position_at(result, 8)
    solution = Solver(position.start).solve(position)
    # worked by hand: the ace of trumps is A's one trick whatever he leads (a heart
    # first, Boris wins it and his hearts beat A's other one; the ace wins a trump lead)
    assert solution.value == 1
    assert {str(c): v for c, v in solution.cards.items()} == {"SA": 1, "H7": 1, "H8": 1}


def test_a_problem_position_needs_no_auction_or_defence() -> None:
    # a problem gives neither: not even a note about their absence
    notes = [d.code for report in check_records(loads(ENDING)) for d in report.diagnostics]
    assert notes == []
    dealt = (EXAMPLES / "analysis.pfn").read_text("utf-8").split("\n\n")[1]
    without = dealt.replace('[Defence "B"]\nwhist whist\n', "")
    assert without != dealt
    notes = [d.code for report in check_records(loads(without)) for d in report.diagnostics]
    assert "PFN-I001" in notes  # a dealt deal without its defence is noted
