"""Diagnostics as data: a code is a value of :mod:`pfn.codes`, a problem keeps its
arguments and its fix, and its words are chosen where it is shown.  The oracles are the
records themselves (who played which card, what the play gives) and the catalogs read
with Babel, never the messages the code under test writes."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pfn import codes
from pfn.check import CheckOptions, check_records
from pfn.codes import BRIEF, Code
from pfn.diagnostics import Diagnostic
from pfn.i18n import use
from pfn.messages import Message, msg
from pfn.notation.reader import loads
from tests.conftest import ROOT
from tests.test_lsp import URI, Client, at, open_document

REVOKE = BRIEF.replace("SK ST C7", "SK CQ C7", 1)
"""Boris plays the queen of clubs to the second trick, a spade, holding the ten of spades
(his hand in the Deal tag: T9.QJT.AKQ.KQ)."""
RESULT = BRIEF.replace('[Result "A:8 B:1 C:1"]', '[Result "A:7 B:2 C:1"]')
"""The play gives Ana eight tricks and Boris one (counted in the test below)."""
LOCALE = ROOT / "pfn" / "locale"


def found(text: str) -> list[Diagnostic]:
    return [d for report in check_records(loads(text), CheckOptions())
            for d in report.diagnostics]


def catalog(lang: str) -> dict[object, Any]:
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "pfn.po").open("rb") as source:
        return {m.id: m.string for m in read_po(source) if m.id}


def test_every_code_is_one_value_with_all_that_is_said_of_it() -> None:
    assert len(codes.ALL) == len({*codes.ALL}) > 80
    for name, code in codes.ALL.items():
        assert getattr(codes, name[4:]) is code and code == name
        assert code.summary and code.meaning and code.fix
        assert code.severity.value == {"E": "error", "W": "warning", "I": "info"}[name[4]]
    assert codes.E503.summary == "revoke" and codes.E503.example is not None


@pytest.mark.parametrize("written", ["PFN-E503", "PFN-E5O3", "E503"])
def test_a_code_defined_twice_or_malformed_fails_at_import(written: str) -> None:
    with pytest.raises(ValueError):
        Code(written, "x", meaning="x", fix="x")
    assert codes.ALL["PFN-E503"] is codes.E503  # the table is left as it was


def test_a_mistyped_code_is_an_error_where_it_is_used() -> None:
    with pytest.raises(AttributeError):
        codes.E5O3  # type: ignore[attr-defined]  # noqa: B018


def test_a_revoke_is_its_code_and_arguments() -> None:
    revoke = next(d for d in found(REVOKE) if d.code == codes.E503)
    assert revoke.code is codes.E503
    assert {k: revoke.args[k] for k in ("name", "card", "number", "held")} == {
        "name": "B", "card": "CQ", "number": 2, "held": "ST"}
    assert (revoke.line, revoke.col, revoke.text) == (16, 4, "CQ")


def test_the_same_problem_is_said_in_each_catalogs_words() -> None:
    revoke = next(d for d in found(REVOKE) if d.code == codes.E503)
    said = revoke.said
    assert isinstance(said, Message)
    values = {**revoke.args, **said.values}
    english = said.text.format(**values)
    russian = catalog("ru")[said.text].format(**values)
    assert russian != english
    advice = revoke.advice
    assert isinstance(advice, Message)
    with use("ru"):
        assert revoke.message == russian
        assert revoke.hint == catalog("ru")[advice.text]
    assert revoke.message == english and revoke.hint == advice.text
    with use("sr"):
        assert revoke.message == catalog("sr")[said.text].format(**values)


def test_a_problem_made_in_one_language_is_said_in_another_after_a_worker() -> None:
    """A worker hands its problems back as data: the parent says them in its language."""
    with use("en"):
        revoke = next(d for d in found(REVOKE) if d.code == codes.E503)
    back = pickle.loads(pickle.dumps(revoke))
    assert back.code is codes.E503 and back == revoke
    said = revoke.said
    assert isinstance(said, Message)
    with use("ru"):
        assert back.message == catalog("ru")[said.text].format(**said.values)


def test_a_message_inside_a_message_is_said_in_the_same_language() -> None:
    inner = "a document of more than {size} MB in the editor (pfn check checks it)"
    outer = msg("not checked: {what}", what=msg(inner, size=5))
    ru = catalog("ru")
    with use("ru"):
        assert str(outer) == ru["not checked: {what}"].format(what=ru[inner].format(size=5))
    assert str(outer) == "not checked: " + inner.format(size=5)
    assert outer.args() == {"what": inner.format(size=5)}


def _tricks(record: str) -> dict[str, int]:
    """The declarer's and defenders' tricks counted from the play, spades trumps: the
    highest card of the suit led wins unless a spade is played."""
    play = record.split('[Play "A"]\n')[1].split("\n[")[0].split("\n")
    order, won = "ABC", {"A": 0, "B": 0, "C": 0}
    leader = 0
    ranks = "789TJQKA"
    for line in play:
        cards = line.split()
        seats = [order[(leader + i) % 3] for i in range(3)]
        led = cards[0][0]
        best = max(range(3), key=lambda i: (cards[i][0] == "S", cards[i][0] == led,
                                            ranks.index(cards[i][1])))
        won[seats[best]] += 1
        leader = order.index(seats[best])
    return won


def test_check_json_carries_arguments_and_the_fix(tmp_path: Path) -> None:
    tricks = _tricks(RESULT)
    assert tricks == {"A": 8, "B": 1, "C": 1}
    path = tmp_path / "result.pfn"
    path.write_text(RESULT, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pfn.cli", "check", str(path), "--format",
                           "json", "--lang", "ru"], capture_output=True, text=True,
                          timeout=120)
    items = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    wrong = {d["args"]["seat"]: d for d in items if d["code"] == "PFN-E601"}
    assert set(wrong) == {"A", "B"}
    line = RESULT.splitlines().index('[Result "A:7 B:2 C:1"]') + 1
    for seat, stated in (("A", 7), ("B", 2)):
        item = wrong[seat]
        assert item["args"] == {"n": stated, "seat": seat, "computed": tricks[seat]}
        col = RESULT.splitlines()[line - 1].index(f"{seat}:{stated}") + 1
        assert item["fix"] == {"text": f"{seat}:{tricks[seat]}", "line": line, "col": col,
                               "end_line": line, "end_col": col + 3}
    assert all("args" in d and "fix" in d for d in items)


@pytest.fixture
def russian_client(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("PFN_LANG", "ru")
    session = Client()
    session.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    session.notify("initialized", {})
    yield session
    session.close()


def test_a_quick_fix_is_the_problems_fix_not_its_words(russian_client: Client) -> None:
    board = BRIEF.replace('[Result "A:8 B:1 C:1"]', '[Result "A:7 B:1 C:2"]')
    shown = open_document(russian_client, board)
    wrong = [d for d in shown if d["code"] == "PFN-E601"]
    assert wrong and all(_cyrillic(d["message"]) for d in wrong)
    # the words do not matter: a diagnostic said otherwise keeps its edit
    said_otherwise = [{**d, "message": "?"} for d in wrong]
    actions = russian_client.request("textDocument/codeAction", {
        "textDocument": {"uri": URI}, "range": wrong[0]["range"],
        "context": {"diagnostics": said_otherwise}})
    edits = sorted((a["edit"]["changes"][URI][0]["newText"],
                    a["edit"]["changes"][URI][0]["range"]["start"]["character"])
                   for a in actions)
    assert edits == [("A:8", at(board, "A:7")["character"]),
                     ("C:1", at(board, "C:2")["character"])]
    assert all(a["title"][0].isupper() and _cyrillic(a["title"]) for a in actions)
    # a hint with no edit behind it is no quick fix, however it reads
    bare = [{**wrong[0], "data": {"hint": "write A:8"}}]
    assert russian_client.request("textDocument/codeAction", {
        "textDocument": {"uri": URI}, "range": wrong[0]["range"],
        "context": {"diagnostics": bare}}) == []


def _cyrillic(text: str) -> bool:
    return any("\u0400" <= c <= "\u04ff" for c in text)


SCORER_WORDS = {"PFN-E701", "PFN-E702", "PFN-E704", "PFN-I001"}
"""Codes whose message may quote the scorer's reasons (a ledger entry's rule), which the
scoring modules still put into words when they write the entry."""


def test_problems_made_in_english_read_as_those_made_in_russian() -> None:
    """What a worker hands back needs no language: every example of every code (and the
    records in the repository) checked in English and shown in Russian reads as checked in
    Russian."""
    texts = [code.example for code in codes.ALL.values() if code.example]
    texts += [p.read_text(encoding="utf-8", errors="surrogateescape")
              for folder in ("examples", "tests/data") for p in (ROOT / folder).rglob("*.pfn")]
    compared = 0
    for text in texts:
        with use("en"):
            made = found(text)
        with use("ru"):
            direct = found(text)
            assert [d.code for d in made] == [d.code for d in direct]
            for shown, there in zip(made, direct, strict=True):
                if shown.code not in SCORER_WORDS:
                    assert (shown.message, shown.hint) == (there.message, there.hint)
                    compared += 1
    assert compared > 100
