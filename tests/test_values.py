"""Values and errors that hold together: a contract parses or says why not, and every
error pfn raises is a ``pfn.PfnError`` the package exports."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import pfn
from pfn import Card, Seat

BRIEF = "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"


@pytest.mark.parametrize("text", ["11S", "7X", "", "whist", "6S-pref"])
def test_a_text_that_is_not_a_contract_raises_a_pfn_error(text: str) -> None:
    assert pfn.Contract.try_parse(text) is None
    with pytest.raises(pfn.InvalidContract, match="not a contract"):
        pfn.Contract.parse(text)
    assert issubclass(pfn.InvalidContract, pfn.PfnError)


def test_contracts_parse_to_their_parts() -> None:
    nine = pfn.Contract.parse("9H-hand")
    assert (nine.level, nine.strain, nine.hand) == (9, "H", True)
    assert pfn.Contract.try_parse("9H-hand") == nine and str(nine) == "9H-hand"


def test_the_errors_a_user_meets_are_exported_pfn_errors() -> None:
    with pytest.raises(pfn.UnknownVariant):
        pfn.Board(BRIEF, dealer="C", variant="no such game")
    with pytest.raises(pfn.OptionError):
        pfn.Board(BRIEF, dealer="C", rules=[("whist", "nonsense")])
    from pfn.analysis.position import start_of

    with pytest.raises(pfn.NotAnalysable):  # the talon and discard are not given
        start_of(pfn.replay(pfn.loads(f'[Deal "{BRIEF}"]\n[Dealer "C"]\n'
                                      '[Contract "7S"]\n[Declarer "A"]\n')[0],
                            on_error="collect"))
    for name in ("RuleError", "NotationError", "UnknownVariant", "OptionError",
                 "InvalidContract", "NotAnalysable"):
        assert name in pfn.__all__
        assert issubclass(getattr(pfn, name), pfn.PfnError)


ASIDE = {"pfn.recorder.session.Stop": "the recorder's own signal to end a session",
         "pfn.files._Terminated": "SIGTERM while a file is written, re-raised as the signal"}
"""Exceptions of pfn that are not errors it raises to a caller."""


def test_every_error_class_of_pfn_derives_from_pfn_error_and_is_exported() -> None:
    found = []
    for module in pkgutil.walk_packages(pfn.__path__, "pfn."):
        if module.name.startswith(("pfn.lsp", "pfn.sphinx", "pfn.tools", "pfn.cli")):
            continue  # the servers and commands: each reports errors in its own way
        try:
            loaded = importlib.import_module(module.name)
        except ImportError:  # an optional dependency (matplotlib, dask) not installed
            continue
        for name, value in vars(loaded).items():
            if inspect.isclass(value) and issubclass(value, BaseException) and \
                    value.__module__ == module.name:
                found.append(value)
                if f"{module.name}.{name}" not in ASIDE:
                    assert issubclass(value, pfn.PfnError), f"{module.name}.{name}"
                    # and a caller reaches it from the package, to catch it by name
                    assert getattr(pfn, name, None) is value, f"pfn.{name}"
                    assert name in pfn.__all__
    assert len(found) > 15


def test_a_seat_is_neither_a_card_nor_a_number() -> None:
    from pfn.seats import SEATS

    assert Seat.A != Card.S7 and Card.S7 != Seat.A and Seat.B != 1
    assert {Seat.A: "dealer"}.get(Card.S7) is None and Card.S7 not in {Seat.A}
    assert {Card.S7: "led"}.get(Seat.A) is None and 0 not in {Seat.A: 1}
    assert len({Seat.A, Card.S7}) == 2 and len({Seat.A, 0}) == 2
    with pytest.raises(TypeError):
        _ = Seat.A < 1  # type: ignore[operator]
    # still a place in playing order, and an index into what is kept by seat
    assert [seat.index for seat in SEATS] == [0, 1, 2, 3] == [int(seat) for seat in SEATS]
    assert ("Ana", "Boris", "Ceca")[Seat.C] == "Ceca" and sorted([Seat.C, Seat.A]) == [
        Seat.A, Seat.C]
    assert Seat(2) is Seat.C and Seat.C.next(3) is Seat.A


def test_a_records_seats_are_seats_where_it_is_read() -> None:
    record = pfn.loads(f'[Deal "{BRIEF}"]\n[Dealer "C"]\n[Declarer "A"]\n[Contract "7S"]\n'
                       '[Result "A:8 B:1 C:1"]\n')[0]
    assert record.dealer is Seat.C and record.declarer is Seat.A
    assert dict(record.result or ()) == {Seat.A: 8, Seat.B: 1, Seat.C: 1}
    assert record.deal is not None and str(record.deal.hand(Seat.C)) == "8.987.JT9.JT9"


def test_a_call_is_a_value_and_what_is_written_about_it_is_on_its_node() -> None:
    text = (f'[Deal "{BRIEF}"]\n[Dealer "C"]\n[Auction "A"]\n'
            "6S { firm } 6C!? pass\n6S pass\n")
    [record] = pfn.loads(text)
    assert record.auction is not None
    nodes = record.auction.nodes
    commented, plain = nodes[0], nodes[3]  # 6S twice: once with a comment
    assert commented.ann is not None and commented.ann.comments == ("firm",)
    assert plain.ann is None
    assert commented.call == plain.call == pfn.Call("6S")
    assert hash(commented.call) == hash(plain.call)
    assert {commented.call: "opening"}[plain.call] == "opening"
    assert len(set(record.auction.calls)) == 3  # 6S, 6C, pass
    with pytest.raises(AttributeError):  # frozen
        commented.call.token = "7S"  # type: ignore[misc]
    # where each call is written: line 4 "6S { firm } 6C!? pass", line 5 "6S pass"
    assert [(n.pos, n.text) for n in nodes] == [((4, 1), "6S"), ((4, 13), "6C!?"),
                                                ((4, 18), "pass"), ((5, 1), "6S"),
                                                ((5, 4), "pass")]
    # the comment and the !? are written back, and read back the same
    written = str(record)
    assert "6S { firm } 6C!? pass 6S pass" in written.splitlines()
    [again] = pfn.loads(written)
    assert again == record and again.auction is not None
    assert again.auction.nodes[1].ann == nodes[1].ann
