"""``pfn import --from bts|pts`` and ``pfn export --to pts``: samples written here in the
format's documented syntax, every field, bad input located, the round trip, and the
classic problems solving to their published answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pfn.analysis.solve import Solver, position_at
from pfn.check import check_records
from pfn.cli import app
from pfn.deal import replay
from pfn.formats import import_data
from pfn.formats.bts import export, export_record
from pfn.notation.reader import loads
from tests.conftest import EXAMPLES

runner = CliRunner()

# Hands are spades.hearts.diamonds.clubs, clockwise from North, the absent seat skipped.
EVERY_FIELD = """% bts version 5.2
deal 7 AKQ.Q.JT.T987 JT9.KT98.AK7. 87.AJ7.Q98.AJ
contract 6NT
play W
turns 0
player N
absent S
comment A problem with
two lines of statement.

deal 8 AKQ.Q.JT.T987 JT9.KT98.AK7. 87.AJ7.Q98.AJ
contract mizer
play SA S9 S8 CT
turns 2
player N
absent S
comment
pbninfo
[Event "Club problems"]
[Deal "N:AKQ.Q.JT.T987 - - -"]
[Annotator "Ana"]
"""


def faults(text: str) -> list[str]:
    """The errors and warnings ``pfn check`` finds in ``text``."""
    return [str(d) for report in check_records(loads(text)) for d in report.diagnostics
            if d.is_error or d.severity.name == "WARNING"]


def imported(text: str | bytes, fmt: str = "bts"):  # type: ignore[no-untyped-def]
    data = text.encode("utf-8") if isinstance(text, str) else text
    return import_data(data, fmt, "sample.bts")


def test_every_field_is_read() -> None:
    result = imported(EVERY_FIELD)
    assert result.ok, result.problems
    first, second = [r for r in result.records if not r.empty]
    assert first.comments == ("A problem with two lines of statement.",)
    assert first.names == ("North", "East", "West")
    assert first.tag("Board") == "7"
    # North AKQ.Q.JT.T987 in S.H.D.C is spades AKQ, clubs T987, diamonds JT, hearts Q
    assert first.deal is not None and str(first.deal.hands[0]) == "AKQ.T987.JT.Q"
    assert str(first.deal.hands[1]) == "JT9..AK7.KT98"
    assert str(first.deal.hands[2]) == "87.AJ.Q98.AJ7"
    assert first.start == 1 and str(first.contract) == "6NT" and str(first.declarer) == "A"
    # West leads, so East (the seat before him) dealt
    assert first.play is not None and str(first.play.leader) == "C" and not first.play.tricks
    assert str(first.dealer) == "B"
    assert first.tag("Turns") is None  # turns 0 with no cards played: the default
    assert str(second.contract) == "mis"
    assert second.play is not None
    assert [[str(c) for c in t.cards] for t in second.play.tricks] == [["SA", "S9", "S8"],
                                                                       ["CT"]]
    assert second.tag("Turns") == "2"
    assert second.tag("Event") == "Club problems"
    assert second.tag("PbnDeal") == "N:AKQ.Q.JT.T987 - - -"  # a PFN tag name: kept aside
    assert second.tag("Annotator") == "Ana"
    assert not faults(result.text)


@pytest.mark.parametrize(("absent", "names"), [("N", "East; South; West"),
                                               ("E", "North; South; West"),
                                               ("W", "North; East; South")])
def test_absent_seat_and_playing_order(absent: str, names: str) -> None:
    text = (f"deal 1 AKQ.Q.JT.T987 JT9.KT98.AK7. 87.AJ7.Q98.AJ\ncontract 7S\n"
            f"play {names[0]}\nturns 0\nplayer {names[0]}\nabsent {absent}\ncomment\n")
    result = imported(text)
    assert result.ok, result.problems
    record = result.records[-1]
    assert record.tag("Players") == names
    assert record.deal is not None and str(record.deal.hands[0]) == "AKQ.T987.JT.Q"
    assert str(record.declarer) == "A" and str(record.dealer) == "C"


def test_cp1251_comment_is_decoded_and_said() -> None:
    text = "deal 1 AKQ.Q.JT.T987 JT9.KT98.AK7. 87.AJ7.Q98.AJ\ncontract 6S\nplay W\n" \
           "turns 0\nplayer N\nabsent S\ncomment Мизер Ковалевской\n"
    result = imported(text.encode("cp1251"))
    assert result.ok
    assert result.records[-1].comments == ("Мизер Ковалевской",)
    assert [d.code for d in result.problems] == ["PFN-I002"]
    assert "cp1251" in result.problems[0].message
    assert not imported(text).problems  # the same in UTF-8: nothing to say


@pytest.mark.parametrize(("change", "line", "words"), [
    (("AKQ.Q.JT.T987", "AKQ.Q.JT.T985"), 1, "not a card of the Preferans pack"),
    (("87.AJ7", "87.AJQ"), 1, "dealt twice"),
    (("AKQ.Q.JT.T987 ", "AKQ.Q.JT.T987 ... "), 1, "four hands"),
    (("contract 6NT", "contract 5S"), 2, "contract '5S'"),
    (("contract 6NT", "contract ?"), 2, "no contract"),
    (("play W", "play SA CK"), 3, "'CK' is not a card of the deal"),
    (("player N", "player S"), 5, "absent seat"),
    (("turns 0", "turns 3"), 4, "turns 3"),
    (("player N\n", ""), 1, "no player line"),
])
def test_bad_input_is_located(change: tuple[str, str], line: int, words: str) -> None:
    good = EVERY_FIELD.split("\n\n")[0].split("\n", 1)[1] + "\n"
    result = imported(good.replace(*change))
    assert not result.ok and not result.text
    errors = [d for d in result.problems if d.is_error]
    assert errors[0].code == "PFN-E007" and errors[0].line == line, errors
    assert words in errors[0].message


def test_round_trip_of_an_import_is_identical() -> None:
    result = imported(EVERY_FIELD)
    again = import_data("".join(export(result.records)).encode(), "pts", "again.pts")
    assert again.ok and again.text == result.text


def test_export_of_a_played_deal_keeps_the_position() -> None:
    record = next(r for r in loads((EXAMPLES / "analysis.pfn").read_text("utf-8"))
                  if r.tag("Board") == "2")
    dropped: list[str] = []
    text = export_record(record, 2, dropped)
    assert "contract misere" in text and "absent S" in text
    assert {"Auction", "Talon", "Result"} <= set(dropped)
    assert "Discard" not in dropped  # the two cards in no hand: the import reads it back
    back = import_data(text.encode(), "pts", "b.pts").records[-1]
    before, after = replay(record, on_error="collect"), replay(back, on_error="collect")
    assert after.hands == before.hands  # the declarer's cards after his discard
    assert back.names == record.names and after.contract == before.contract
    assert after.declarer == before.declarer and after.first_leader == before.first_leader
    assert [t.cards for t in after.tricks] == [t.cards for t in before.tricks]
    assert after.result == before.result  # the whole play, so the same tricks


# The classic problems, typed here from their published statements (N, E, W; S absent):
# what best play gives the declarer.
CLASSICS = [
    ("A98.AT98..T87 QT7.KQJ.A.KQJ KJ.7.KQJT9.A9", "6S", "W", "E", 0),  # whisters take 10
    ("87.KQ.KQ.J QT.A8.A97. J9.97.8.87", "6S", "W", "N", 0),  # an ending of seven tricks
    ("QJT.J9.A97.KJ K9.Q87.QT8.QT A.AKT.KJ.A987", "7C", "W", "W", 7),  # he makes seven
    ("AJ98.87.87.87 .KT9.AQT.KQT9 KQT7.AQJ.KJ.A", "6S", "W", "W", 4),  # whisters take six
    ("8.T987.987.98 AT9.KQ.K.AQJT J7.AJ.AQJT.K7", "misere", "W", "N", 1),  # caught
]


@pytest.mark.parametrize(("hands", "contract", "lead", "player", "tricks"), CLASSICS)
def test_classic_problems_solve_to_their_answers(hands: str, contract: str, lead: str,
                                                 player: str, tricks: int) -> None:
    text = (f"deal 1 {hands}\ncontract {contract}\nplay {lead}\nturns 0\nplayer {player}\n"
            "absent S\ncomment\n")
    result = imported(text)
    assert result.ok and not faults(result.text)
    played = replay(result.records[-1], on_error="collect")
    position = position_at(played, played.record.start or 1)
    value = Solver(position.start).solve(position).value
    assert value >= tricks if contract == "misere" else value == tricks


def test_cli_import_writes_nothing_on_error(tmp_path: Path) -> None:
    source = tmp_path / "bad.pts"
    source.write_text(EVERY_FIELD.replace("contract 6NT", "contract 11S"), encoding="utf-8")
    out = tmp_path / "out.pfn"
    result = runner.invoke(app, ["import", str(source), "-o", str(out)])
    assert result.exit_code == 1 and not out.exists()
    assert f"{source}:3:10:" in result.output and "PFN-E007" in result.output
    assert runner.invoke(app, ["import", str(tmp_path / "missing.pts")]).exit_code == 2


def test_cli_import_from_stdin_and_unknown_formats(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", "-", "--from", "pts"], input=EVERY_FIELD)
    assert result.exit_code == 0 and "[Start \"1\"]" in result.output
    assert runner.invoke(app, ["import", "-"], input=EVERY_FIELD).exit_code == 2
    odd = tmp_path / "deals.xyz"
    odd.write_text(EVERY_FIELD, encoding="utf-8")
    result = runner.invoke(app, ["import", str(odd)])
    assert result.exit_code == 2 and "--from" in result.output
    assert runner.invoke(app, ["import", str(tmp_path)]).exit_code == 2  # a folder


def test_cli_import_and_export(tmp_path: Path) -> None:
    source = tmp_path / "p.bts"
    source.write_text(EVERY_FIELD, encoding="utf-8")
    out = tmp_path / "p.pfn"
    assert runner.invoke(app, ["import", str(source), "-o", str(out)]).exit_code == 0
    assert runner.invoke(app, ["check", str(out)]).exit_code == 0
    pts = tmp_path / "p.pts"
    assert runner.invoke(app, ["export", str(out), "--to", "pts", "-o", str(pts)]).exit_code == 0
    assert pts.read_text("utf-8").startswith("% bts version")
    assert "deal 8 AKQ.Q.JT.T987" in pts.read_text("utf-8")
    hidden = tmp_path / "hidden.pfn"
    hidden.write_text((EXAMPLES / "partial.pfn").read_text("utf-8"), encoding="utf-8")
    result = runner.invoke(app, ["export", str(hidden), "--board", "1"])
    assert result.exit_code == 1 and "not exported" in result.output

