"""``pfn record`` driven through a pseudo-terminal, typed as a person types: the
published Sochi pool entered deal by deal from its results, and a deal entered card by
card with Tab completion.  The oracle is the example pool's own figures (worked by hand
from the rule text): every Score and the settlement."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect
import pytest

from pfn import load
from pfn.check import check_file
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
TIMEOUT = 60


def session(path: Path) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "pfn.cli", "record", str(path)],
                          encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 200),
                          env={"PATH": "/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8",
                               "PYTHONPATH": str(ROOT)})
    return child


def answer(child: pexpect.spawn, prompt: str, typed: str) -> None:
    child.expect_exact(prompt)
    child.sendline(typed)


def start_pool(child: pexpect.spawn, first_dealer: str) -> None:
    answer(child, "separated by ';':", "Ana; Boris; Ceca")
    answer(child, "Variant [sochi]:", "")
    answer(child, "lists them):", "")
    answer(child, "Target (the pool each player must close) [10]:", "10")
    answer(child, "Match id", "friday-2026-11-27")
    answer(child, "Who deals the first board (seat or name):", first_dealer)


def test_a_pool_typed_from_its_results_scores_as_published(tmp_path: Path) -> None:
    published = [r for r in load(EXAMPLES / "sochi-match.pfn")
                 if not r.empty and r.contract is not None]
    pool = tmp_path / "friday.pfn"
    child = session(pool)
    start_pool(child, "C")
    for record in published:
        child.expect(r"Board (\d+): \w+ \((\w)\) deals")
        assert child.match.group(1) == record.tag("Board")
        assert child.match.group(2) == str(record.dealer)  # the rotation, by itself
        answer(child, "end = end the pool [r]:", "r")
        answer(child, "pass: all-pass):", str(record.contract))
        if not record.contract.allpass:
            answer(child, "Declarer (seat or name):", ["Ana", "Boris", "Ceca"][record.declarer])
            if record.defence is not None:
                answer(child, "Defence, the calls in order:",
                       " ".join(str(c) for c in record.defence.calls))
        if record.result is not None:
            counts = dict(record.result)
            answer(child, "did not play):", " ".join(str(counts.get(s, "-")) if s in counts
                                                     else "-" for s in range(3)))
        child.expect(r"written: ([^\r\n]*)")
        assert sorted(child.match.group(1).split()) == sorted(str(e) for e in record.score)
        child.expect_exact("Sheet after board")
    # the pool is closed (every player reached the target): the settlement, and done
    child.expect_exact("Settlement")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    report = check_file(pool)
    assert report.clean and len(report.reports) == len(published)
    final = next(r for r in load(EXAMPLES / "sochi-match.pfn") if r.settlement is not None)
    from pfn.report import reports

    [match] = reports(load(pool))
    assert sorted(match.settlement.items()) == sorted(final.settlement)


def test_a_deal_card_by_card_takes_only_legal_cards(tmp_path: Path) -> None:
    """The brief's first deal: the hands, the auction, the discard, the contract, the
    defence and the ten tricks; a wrong card refused, Tab listing the legal ones."""
    brief = load(EXAMPLES / "brief.pfn")[0]
    pool = tmp_path / "one.pfn"
    child = session(pool)
    start_pool(child, "C")
    answer(child, "end = end the pool [r]:", "c")
    answer(child, "Ana (A): the hand", "AKQJ7.AK.7.A7")
    answer(child, "Boris (B): the hand", "T9.QJT.AKQ.KQ")
    answer(child, "Ceca (C): the hand", "8.987.JT9.JT9")
    child.expect_exact("the talon: ..8.8")
    answer(child, "auction, Ana (A)", "6S")
    answer(child, "auction, Boris (B)", "6C")
    answer(child, "auction, Ceca (C)", "pass")
    answer(child, "auction, Ana (A)", "6D")
    answer(child, "auction, Boris (B)", "pass")
    child.expect_exact("discard, Ana (A)")
    child.sendline("D7 D8")
    answer(child, "contract, Ana (A)", "7S")
    answer(child, "defence, Boris (B)", "whist")
    answer(child, "defence, Ceca (C)", "whist")
    assert brief.play is not None
    tricks = [" ".join(str(c) for c in run.cards) for run in brief.play.tricks]
    answer(child, "play, Ana (A)", tricks[0])
    answer(child, "play, Ana (A)", "SK")
    # Boris must follow spades: a club is refused, and Tab lists what he may play
    child.expect_exact("play, Boris (B)")
    child.sendline("CQ")
    child.expect(r"PFN-E5\d\d|must follow|follow suit")
    child.expect_exact("play, Boris (B)")
    child.send("\t\t")
    child.expect(r"\r\n([^\r\n]*)\r\nplay, Boris \(B\)")
    # his one spade left (the nine fell at trick 1): all that may be played
    assert child.match.group(1).split() == ["ST", "back"]
    child.sendline("T")  # completes nothing by itself: "T" is not a card here
    child.expect_exact("play, Boris (B)")
    child.sendline("ST")
    answer(child, "play, Ceca (C)", "C7")
    for line in tricks[2:]:
        child.expect(r"play, \w+ \(\w\)")
        child.sendline(line)
    child.expect(r"written: ([^\r\n]*)")
    assert child.match.group(1).split() == [str(e) for e in brief.score or ()]
    answer(child, "end = end the pool [r]:", "end")
    child.expect(pexpect.EOF)
    [saved] = [r for r in load(pool) if not r.empty]
    assert saved.play is not None and len(saved.play.tricks) == 10
    assert saved.result == brief.result
    assert check_file(pool).clean


def test_every_deal_is_in_the_file_as_soon_as_it_is_entered(tmp_path: Path) -> None:
    """Interrupted in the middle of the second deal: the first is there, whole, and the
    file checks clean; `undo` takes it out again."""
    pool = tmp_path / "cut.pfn"
    child = session(pool)
    start_pool(child, "C")
    answer(child, "end = end the pool [r]:", "r")
    answer(child, "pass: all-pass):", "6S")
    answer(child, "Declarer (seat or name):", "A")
    answer(child, "Defence, the calls in order:", "whist whist")
    answer(child, "did not play):", "7 2 1")
    child.expect_exact("Board 2")
    answer(child, "end = end the pool [r]:", "r")
    answer(child, "pass: all-pass):", "7H")
    # Ctrl-C in the middle of board 2, at its next question (as a person would: a signal
    # sent while the program is between two reads can wait for the next key)
    child.expect_exact("Declarer (seat or name):")
    child.sendintr()
    child.expect(pexpect.EOF)
    assert check_file(pool).clean
    [first] = [r for r in load(pool) if not r.empty]
    assert str(first.contract) == "6S" and first.tag("Board") == "1"
    text = pool.read_text(encoding="utf-8")
    assert text.startswith("% PFN 1.0") and re.search(r'\[Score "[^"]+"\]', text)
    child = session(pool)  # going on with the pool: undo the only deal
    child.expect_exact("going on")
    child.expect_exact("Board 2")
    answer(child, "end = end the pool [r]:", "u")
    child.expect_exact("board 1 taken out")
    child.expect_exact("Who deals the first board")  # nothing left: the pool starts again
    child.sendeof()
    child.expect(pexpect.EOF)
    assert not [r for r in load(pool) if not r.empty]


@pytest.mark.parametrize("typed,said", [("7Z", "a contract of sochi"),
                                        ("6S\nZ", "one of Ana, Boris, Ceca")])
def test_wrong_answers_are_asked_again(tmp_path: Path, typed: str, said: str) -> None:
    child = session(tmp_path / "x.pfn")
    start_pool(child, "C")
    answer(child, "end = end the pool [r]:", "r")
    for line in typed.split("\n"):
        child.sendline(line)
    child.expect_exact(said)
    child.sendeof()
    child.expect(pexpect.EOF)
