"""Published problems solve to their published answers.

``examples/published.pfn`` holds problems of Smirnov and Shchukin's *Preferans*
(1990) with the book's answers as their Result tags (the source and how its text
was read are in the file's first comment).  The answers are the book's, not pfn's:
the solver must reach them from the hands alone, and where the book gives its line of
play, that line must be legal and end as the book says.
"""

from __future__ import annotations

from pfn.analysis.claims import verify
from pfn.analysis.position import start_of
from pfn.analysis.solve import Solver, position_at
from pfn.check import CheckOptions, check_records
from pfn.deal import replay
from pfn.notation.reader import loads
from pfn.seats import SEATS
from tests.conftest import EXAMPLES

# the problems (the file opens with a comment of its own)
RECORDS = [r for r in loads((EXAMPLES / "published.pfn").read_text("utf-8")) if r.tags]

# the book's answers: the problem → the declarer's tricks with best play from its start
ANSWERS = {"14a": 6, "14b": 5, "15a": 7, "15b": 5, "16": 5, "17": 0, "e3": 6, "e6": 5,
           "pre14a": 4, "pre14b": 5}


def test_each_problem_solves_to_the_books_answer() -> None:
    assert sorted(r.tag("Board") or "" for r in RECORDS) == sorted(ANSWERS)
    for record in RECORDS:
        result = replay(record, on_error="collect")
        start = start_of(result)
        assert start.declarer is not None
        position = position_at(result, start.number)
        value = Solver(start).solve(position).value
        assert value == ANSWERS[record.tag("Board") or ""], record.tag("Board")


def test_the_books_lines_are_legal_and_end_as_it_says() -> None:
    # problem 16: trick by trick, the winners the book gives (I, II, III = A, B, C)
    sixteen = next(r for r in RECORDS if r.tag("Board") == "16")
    result = replay(sixteen, on_error="collect")
    assert [str(t.winner) for t in result.tricks] == ["C", "B", "A", "C", "A", "A"]
    # example 3: the declarer wins the first trick, the defenders the next three
    three = next(r for r in RECORDS if r.tag("Board") == "e3")
    result = replay(three, on_error="collect")
    assert [str(t.winner) for t in result.tricks] == ["B", "A", "A", "C"]
    # example 6: the defenders take the first four, the queen of trumps among them
    six = next(r for r in RECORDS if r.tag("Board") == "e6")
    result = replay(six, on_error="collect")
    assert [str(t.winner) for t in result.tricks] == ["C", "A", "C", "C"]
    # the example before problem 14: the whole deal as the book plays it, and in
    # diamonds its first eight tricks
    whole = next(r for r in RECORDS if r.tag("Board") == "pre14a")
    result = replay(whole, on_error="collect")
    assert [str(t.winner) for t in result.tricks] == [
        "C", "C", "B", "A", "B", "C", "B", "C", "B", "C"]
    assert {str(s): n for s, n in result.result.items()} == {"A": 1, "B": 4, "C": 5}
    eight = next(r for r in RECORDS if r.tag("Board") == "pre14b")
    result = replay(eight, on_error="collect")
    assert [str(t.winner) for t in result.tricks] == ["C", "C", "B", "B", "A", "A", "A", "B"]
    # and from the claim the declarer's total is the book's (no PFN-W005)
    for record in (sixteen, three, six, eight):
        assert verify(replay(record, on_error="collect")) == []


def test_the_file_checks_clean_with_analysis() -> None:
    reports = check_records(RECORDS, CheckOptions(analyse=True))
    assert [d.code for report in reports for d in report.diagnostics
            if d.severity.name != "INFO"] == []


def test_a_wrong_answer_is_refuted() -> None:
    # one trick more than the book's answer to 14a: best play says otherwise
    text = (EXAMPLES / "published.pfn").read_text("utf-8")
    wrong = loads(text.replace('[Result "A:6 B:? C:?"]', '[Result "A:7 B:? C:?"]', 1))
    record = next(r for r in wrong if r.tag("Board") == "14a")
    found = verify(replay(record, on_error="collect"))
    assert [d.code for d in found] == ["PFN-W005"]
    assert f"{SEATS[0]} 7 tricks" in found[0].message
