"""``pfn record`` from the user's side.  Through a pseudo-terminal, typed as a person
types, in English and in Russian: the published Sochi pool entered deal by deal from its
results, a deal card by card with Tab completion, answers in every spelling a PFN file
reads, a wrong trick count asked again alone, Ctrl-D at a question.  With answers piped
in: input ending anywhere, names and match ids that need escaping, files that are not a
pool (a directory, a device, a FIFO, a huge sparse file, records without players), and
what a write and `undo` keep of the file's bytes.  The oracles are the example pool's own
figures (worked by hand from the rule text), the docs' scores and files written out here
by hand."""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from pfn import load
from pfn.check import check_file
from pfn.cli import app
from pfn.seats import Seat, seats
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
TIMEOUT = 30


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
    answer(child, "separated by ';' or ',':", "Ana; Boris; Ceca")
    answer(child, "Variant [sochi]:", "")
    answer(child, "lists them):", "")
    answer(child, "Target (the pool each player must close) [10]:", "10")
    answer(child, "Match id", "friday-2026-11-27")
    answer(child, "Who deals the first board (seat or name):", first_dealer)


@pytest.mark.slow
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
                                                     else "-" for s in seats(3)))
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


@pytest.mark.slow
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
    child.expect_exact("): ")  # asked again: Ctrl-D typed at that question ends the session
    child.sendeof()
    child.expect(pexpect.EOF)


# -- answers as a PFN file reads them, one wrong answer asked again by itself ------------

ASKED = {
    "en": {"players": "separated by ';' or ',':", "variant": "Variant [sochi]:",
           "rules": "lists them):", "target": "[10]:", "match": "Match id [",
           "dealer": "Who deals the first board (seat or name):", "how": "the pool [r]:",
           "contract": "pass: all-pass):", "declarer": "Declarer (seat or name):",
           "defence": "Defence, the calls in order:", "tricks": "did not play):",
           "sum": "these add up to {total}: the ten tricks of a deal are shared",
           "again": "the tricks again (the rest of the deal is kept)",
           "written": "written: ", "auction": "auction, {who}", "play": "play, {who}",
           "discard": "discard, Ana (A)", "announce": "contract, Ana (A)",
           "defending": "defence, {who}", "unfinished": "board 1 was not finished: not saved",
           "nothing": "ended before the first deal: nothing written to {path}"},
    "ru": {"players": "через ';' или ',':", "variant": "Конвенция [sochi]:",
           "rules": "перечисляет `pfn rules`):", "target": "[10]:", "match": "Название пульки [",
           "dealer": "Кто сдаёт первым (место или имя):", "how": "закончить пульку [r]:",
           "contract": "pass — распасы):", "declarer": "Играющий (место или имя):",
           "defence": "Вистующие, слова по порядку:", "tricks": "у того, кто не играл):",
           "sum": "в сумме {total}: в сдаче десять взяток",
           "again": "взятки ещё раз (остальное в сдаче сохранено)",
           "written": "записано: ", "auction": "торговля, {who}", "play": "розыгрыш, {who}",
           "discard": "снос, Ana (A)", "announce": "игра, Ana (A)",
           "defending": "вист, {who}", "unfinished": "сдача 1 не закончена: не сохранена",
           "nothing": "закончено до первой сдачи: в {path} ничего не записано"},
}
"""What the session asks and says, as a user reads it in each language."""

TYPED = {
    "en": {"misere": "Mis", "seat": "a", "six": "6♠", "defence": "WHIST Pass", "allpass": "PASS",
           "pass": "Pass", "hand": "akqj7.ak.7.a7"},
    "ru": {"misere": "мизер", "seat": "а", "six": "6♠", "defence": "вист пас",
           "allpass": "распасы", "pass": "ПАС", "hand": "♠ТКДВ7 ♣ТК ♦7 ♥Т7"},
}
"""Answers in the spellings a PFN file accepts (Cyrillic `а` for seat A, as a Russian
keyboard gives it; a hand with suit symbols and Russian ranks)."""


def spawn(path: Path, lang: str) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "pfn.cli", "record", "--lang", lang, str(path)],
                         encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 200),
                         env={"PATH": "/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8",
                              "PYTHONPATH": str(ROOT)})


def pool_of(child: pexpect.spawn, asked: dict[str, str], target: str = "20") -> None:
    for question, typed in (("players", "Ana, Boris, Ceca"), ("variant", ""), ("rules", ""),
                            ("target", target), ("match", "friday"), ("dealer", "C")):
        answer(child, asked[question], typed)


def header(board: int, dealer: str) -> str:
    today = datetime.date.today().strftime("%Y.%m.%d")
    return (f'[Date "{today}"]\n[Match "friday"]\n[Variant "sochi"]\n[Target "20"]\n'
            f'[Players "Ana; Boris; Ceca"]\n[Board "{board}"]\n[Dealer "{dealer}"]\n')


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_answers_in_any_spelling_and_a_wrong_count_asked_again(tmp_path: Path,
                                                                lang: str) -> None:
    """Players with commas; `Mis`/`мизер`, `6♠`, `WHIST Pass`/`вист пас`, `PASS`/`распасы`;
    a misère's `5 1 5` and `1 1 1` on the first board ask the tricks again (not the
    dealer, not the deal); the file holds exactly the three deals, scored as the
    docs' example (Sochi: a clean misère 10 in the pool, 6♠ 2 and whists 4×2, an
    all-pass one mountain point a trick)."""
    asked, typed = ASKED[lang], TYPED[lang]
    pool = tmp_path / "friday.pfn"
    child = spawn(pool, lang)
    pool_of(child, asked)
    answer(child, asked["how"], "r")
    answer(child, asked["contract"], typed["misere"])
    answer(child, asked["declarer"], typed["seat"])
    for wrong, total in (("5 1 5", 11), ("1 1 1", 3)):
        answer(child, asked["tricks"], wrong)
        said = child.expect_exact([asked["sum"].format(total=total), asked["dealer"],
                                   asked["contract"]])
        assert said == 0  # said in the question's terms, and the tricks asked again
    answer(child, asked["tricks"], "0 5 5")
    child.expect_exact(asked["written"] + "A:pool+10")
    answer(child, asked["how"], "r")
    answer(child, asked["contract"], typed["six"])
    answer(child, asked["declarer"], "A")
    answer(child, asked["defence"], typed["defence"])
    answer(child, asked["tricks"], "6 4 -")
    child.expect_exact(asked["written"] + "A:pool+2 B:whist/A+8")
    answer(child, asked["how"], "")
    answer(child, asked["contract"], typed["allpass"])
    answer(child, asked["tricks"], "3 4 3")
    child.expect_exact(asked["written"] + "A:mountain+3 B:mountain+4 C:mountain+3")
    answer(child, asked["how"], "end")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert pool.read_bytes().decode("utf-8") == (
        "% PFN 1.0\n\n"
        + header(1, "C") + '[Declarer "A"]\n[Contract "mis"]\n[Result "A:0 B:5 C:5"]\n'
        '[Score "A:pool+10"]\n\n'
        + header(2, "A") + '[Declarer "A"]\n[Contract "6S"]\n[Result "A:6 B:4"]\n'
        '[Defence "B"]\nwhist pass\n[Score "A:pool+2 B:whist/A+8"]\n\n'
        + header(3, "B") + '[Contract "pass"]\n[Result "A:3 B:4 C:3"]\n'
        '[Score "A:mountain+3 B:mountain+4 C:mountain+3"]\n')


@pytest.mark.parametrize("lang,at", [("en", "players"), ("ru", "target")])
def test_ctrl_d_at_a_pool_question_ends_cleanly(tmp_path: Path, lang: str, at: str) -> None:
    asked = ASKED[lang]
    pool = tmp_path / "x.pfn"
    child = spawn(pool, lang)
    if at == "target":
        for question, typed in (("players", "Ana, Boris, Ceca"), ("variant", ""),
                                ("rules", "")):
            answer(child, asked[question], typed)
    child.expect_exact(asked[at])
    child.sendeof()
    child.expect_exact(asked["nothing"].format(path=pool))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "internal error" not in str(child.before) and not pool.exists()


def listed(child: pexpect.spawn, prompt: str) -> list[str]:
    """What Tab Tab lists at ``prompt`` (the line shown above the prompt again)."""
    child.expect_exact(prompt)
    child.send("\t\t")
    child.expect(r"\r\n([^\r\n]*)\r\n" + re.escape(prompt))
    return str(child.match.group(1)).split()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_tab_offers_the_moves_as_typed_in_the_games_order(tmp_path: Path, lang: str) -> None:
    """Card by card: Tab lists the calls as they are typed (no `B:` before them), up the
    ladder (6♠ first, 9NT before 10♠); `pa` Tab completes `pass`; the lead's cards are
    listed suit by suit from the ace down; calls in any spelling are taken."""
    asked, typed = ASKED[lang], TYPED[lang]
    child = spawn(tmp_path / "one.pfn", lang)
    pool_of(child, asked)
    answer(child, asked["how"], "c")
    for hand in (typed["hand"], "T9.QJ10.AKQ.KQ", "8.987.JT9.JT9"):
        child.expect(r"\): ")
        child.sendline(hand)
    calls = listed(child, asked["auction"].format(who="Ana (A)"))
    assert calls[:6] == ["6S", "6C", "6D", "6H", "6NT", "7S"]
    assert calls.index("9NT") < calls.index("10S") < calls.index("10NT")
    assert "pass" in calls and not [c for c in calls if ":" in c]
    child.sendline("6♠")  # the line under the list: what was typed at the prompt so far
    answer(child, asked["auction"].format(who="Boris (B)"), "6c")
    child.expect_exact(asked["auction"].format(who="Ceca (C)"))
    child.send("pa\t\n")  # completed to `pass`, then taken
    answer(child, asked["auction"].format(who="Ana (A)"), "6D")
    answer(child, asked["auction"].format(who="Boris (B)"), typed["pass"])
    answer(child, asked["discard"], "D7 D8")
    answer(child, asked["announce"], "7S")
    answer(child, asked["defending"].format(who="Boris (B)"), "whist")
    answer(child, asked["defending"].format(who="Ceca (C)"), "whist")
    # Ana's hand and the talon (♦8 ♥8) less the discard (♦7 ♦8), ace down in each suit
    assert listed(child, asked["play"].format(who="Ana (A)")) == [
        "SA", "SK", "SQ", "SJ", "S7", "CA", "CK", "HA", "H8", "H7", "back"]
    child.sendline("end")
    child.expect_exact(asked["unfinished"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert not (tmp_path / "one.pfn").exists()


# -- piped answers, the file's bytes -------------------------------------------------------


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def record(path: Path, typed: str) -> Ran:
    """`pfn record PATH` with ``typed`` piped in (Typer's runner: no terminal)."""
    result = CliRunner().invoke(app, ["record", "--lang", "en", str(path)], input=typed)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return Ran(result.exit_code, result.stdout, result.stderr)


def test_answers_ending_at_the_second_question_end_cleanly(tmp_path: Path) -> None:
    """The issue's own run: `printf 'Ana, Boris, Ceca\\n' | pfn record x.pfn`."""
    done = subprocess.run([sys.executable, "-m", "pfn.cli", "record", "x.pfn"],
                          input="Ana, Boris, Ceca\n", capture_output=True, text=True,
                          cwd=tmp_path, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PFN_LANG": "en"})
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == ("Players, in seat order A B C (D), separated by ';' or ',': Variant"
                           " [sochi]: \nended before the first deal: nothing written to x.pfn\n")
    assert not (tmp_path / "x.pfn").exists()


@pytest.mark.parametrize("typed", ["", "Ana; Boris; Ceca\n\n",
                                   "Ana; Boris; Ceca\n\nend\n",
                                   "Ana; Boris; Ceca\n\n\n20\n", "end\n"])
def test_input_ending_at_a_pool_question_ends_cleanly(tmp_path: Path, typed: str) -> None:
    pool = tmp_path / "x.pfn"
    done = record(pool, typed)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.rstrip().endswith("ended before the first deal: nothing written to"
                                         f" {pool}")
    assert not pool.exists()


def test_input_ending_mid_deal_keeps_the_deals_before(tmp_path: Path) -> None:
    pool = tmp_path / "x.pfn"
    done = record(pool, "Ana; Boris; Ceca\n\n\n20\nfriday\nC\nr\n6S\nA\nwhist pass\n6 4 -\n"
                        "r\n7H\n")
    assert done.returncode == 0 and done.stderr == ""
    assert "board 2 was not finished: not saved" in done.stdout
    assert done.stdout.rstrip().endswith(f"1 deal in {pool}")
    assert pool.read_text(encoding="utf-8").count("[Board ") == 1


def test_a_quote_or_backslash_typed_stays_in_its_value(tmp_path: Path) -> None:
    """A name with `"`, a name that would close the tag and open another, a match id
    ending in `\\`: written escaped, read back as typed, no tag injected."""
    pool = tmp_path / "q.pfn"
    names = ['A"na', "Boris", 'Ceca"] [Event "injected']
    done = record(pool, "; ".join(names) + "\n\n\n20\nx\\\nC\nr\n6S\nA\nwhist pass\n6 4 -\n"
                        "end\n")
    assert done.returncode == 0, done.stderr
    assert "written: A:pool+2 B:whist/A+8" in done.stdout
    lines = pool.read_text(encoding="utf-8").splitlines()
    assert '[Match "x\\\\"]' in lines
    assert '[Players "A\\"na; Boris; Ceca\\"] [Event \\"injected"]' in lines
    [saved] = [r for r in load(pool) if not r.empty]
    assert list(saved.names) == names and saved.match == "x\\"
    assert saved.tag("Event") is None
    assert check_file(pool).clean


@pytest.mark.parametrize("kind", ["directory", "fifo", "device", "sparse"])
def test_only_a_regular_file_of_a_pools_size_is_gone_on_with(tmp_path: Path,
                                                             kind: str) -> None:
    """Never a hang, never all the memory: refused at once, with the reason."""
    path = tmp_path / "pool.pfn"
    if kind == "directory":
        path.mkdir()
        said = f"cannot record into {path}: it is a directory"
    elif kind == "fifo":
        os.mkfifo(path)
        said = f"cannot record into {path}: it is not a regular file"
    elif kind == "device":
        path = Path("/dev/zero")
        said = "cannot record into /dev/zero: it is not a regular file"
    else:
        with path.open("wb") as handle:
            handle.truncate(1 << 40)  # a terabyte of nothing, taking no disk
        said = f"{path} is larger than 16 MB, more than a pool holds"
    started = time.monotonic()
    done = record(path, "Ana; Boris; Ceca\n\n\n20\nx\nC\nr\n6S\nA\nwhist pass\n6 4 -\nend\n")
    assert time.monotonic() - started < 30
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"pfn: {said}") and "internal error" not in done.stderr
    if kind == "sparse":
        assert path.stat().st_size == 1 << 40


def test_a_file_without_players_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "published.pfn"
    shutil.copy(EXAMPLES / "published.pfn", path)
    done = record(path, "end\n")
    assert done.returncode == 2
    assert done.stderr == (f"pfn: {path}: its last record names no three or four players (no"
                           " Players tag): it is not a pool to go on with; record into another"
                           " file\n")
    assert path.read_bytes() == (EXAMPLES / "published.pfn").read_bytes()


SIX = "r\n6S\nA\nwhist pass\n6 4 -\n"
"""One deal typed from its result, the rotation giving its dealer."""


def test_a_crlf_file_gets_crlf_and_undo_gives_back_its_bytes(tmp_path: Path) -> None:
    """A CRLF file with a byte-order mark and notes after its deal: the deal added is in
    CRLF after the file's own bytes; `undo` in the same session, and in a later one, gives
    back the file byte for byte."""
    path = tmp_path / "crlf.pfn"
    original = (EXAMPLES / "crlf-bom.pfn").read_bytes() + b"\r\n{ Boris owes 300 }\r\n"
    path.write_bytes(original)
    done = record(path, SIX + "u\nend\n")
    assert "written: A:pool+2 B:whist/A+8" in done.stdout
    assert "board 2 taken out of" in done.stdout
    assert path.read_bytes() == original
    record(path, SIX + "end\n")
    added = path.read_bytes()
    assert added.startswith(original + b"\r\n[Date ")
    assert b"\n" not in added[len(original):].replace(b"\r\n", b"")
    assert added.endswith(b'[Score "A:pool+2 B:whist/A+8"]\r\n')
    done = record(path, "u\nend\n")
    assert "board 2 taken out of" in done.stdout
    assert path.read_bytes() == original


POOL = """% PFN 1.0

[Match "friday"]
[Variant "sochi"]
[Players "Ana; Boris; Ceca"]
[Board "1"]
[Dealer "C"]
[Declarer "A"]
[Contract "6S"]
[Result "A:6 B:4"]
[Defence "B"]
whist pass
[Score "A:pool+2 B:whist/A+8"]

{ board 2 was dealt twice: the first deal was thrown in }
[Match "friday"]
[Variant "sochi"]
[Players "Ana; Boris; Ceca"]
[Board "2"]
[Dealer "A"]
[Contract "pass"]
[Result "A:3 B:4 C:3"]
[Score "A:mountain+3 B:mountain+4 C:mountain+3"]

{ my notes: Boris owes 300 dinars }
"""


def test_undo_takes_out_the_deal_and_keeps_the_users_comments(tmp_path: Path) -> None:
    """The comment written above the last deal and the notes after it are the user's:
    `undo` takes out the deal's own lines only."""
    path = tmp_path / "pool.pfn"
    path.write_text(POOL, encoding="utf-8")
    done = record(path, "u\nend\n")
    assert "board 2 taken out of" in done.stdout
    before = POOL[:POOL.index("[Match", POOL.index("{ board 2"))]
    assert before.endswith("{ board 2 was dealt twice: the first deal was thrown in }\n")
    assert path.read_text(encoding="utf-8") == before + "\n{ my notes: Boris owes 300 dinars }\n"
    assert check_file(path).clean


def test_undo_refuses_when_another_program_changed_the_file(tmp_path: Path) -> None:
    """The session waits at its question after adding board 3; `pfn fmt --fill` in
    another terminal rewrites the file (its double blank lines go); `undo` then cuts
    nothing and says why, and a second `undo`, on the file as it now is, takes out
    board 3 whole."""
    path = tmp_path / "pool.pfn"
    path.write_text(POOL.replace("\n\n", "\n\n\n"), encoding="utf-8")
    child = subprocess.Popen([sys.executable, "-m", "pfn.cli", "record", str(path)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT), "PFN_LANG": "en"})
    assert child.stdin is not None
    child.stdin.write(SIX)
    child.stdin.flush()
    deadline = time.monotonic() + 30
    while "[Board \"3\"]" not in path.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.05)
    before = path.read_bytes()
    assert CliRunner().invoke(app, ["fmt", "--fill", str(path)]).exit_code == 0
    formatted = path.read_bytes()
    assert formatted != before and b"\n\n\n" not in formatted
    out, err = child.communicate("u\n", timeout=60)
    assert child.returncode == 0, err
    assert f"{path} has changed since it was read here (another program wrote it): nothing"\
           " taken out" in out
    assert path.read_bytes() == formatted
    done = record(path, "u\nend\n")
    assert "board 3 taken out of" in done.stdout
    assert [r.tag("Board") for r in load(path) if not r.empty] == ["1", "2"]
    assert path.read_bytes() == formatted[:formatted.index(b"\n\n[Date")] + b"\n"
    assert check_file(path).clean


def test_tricks_the_score_cannot_do_without_are_asked_again(tmp_path: Path) -> None:
    """Both defenders whisted, so both played: `6 - 4` leaves the score unknown; the
    tricks alone are asked again, in those words, and the deal is kept."""
    pool = tmp_path / "x.pfn"
    done = record(pool, "Ana; Boris; Ceca\n\n\n20\nx\nC\nr\n6S\nA\nwhist whist\n6 - 4\n6 3 1\n"
                        "end\n")
    assert done.returncode == 0, done.stderr
    said = done.stdout.split("6 2 2; - for a player who did not play): ")
    assert said[1].startswith("the score needs the tricks of every player who played: a"
                              " figure for each\nthe tricks again (the rest of the deal is kept)"
                              "\nTricks taken, A B C")
    assert "enter the deal again" not in done.stdout and "Who deals" not in said[1]
    [saved] = [r for r in load(pool) if not r.empty]
    assert dict(saved.result or ()) == {Seat.A: 6, Seat.B: 3, Seat.C: 1}
    assert check_file(pool).clean


def test_the_first_dealer_is_asked_once(tmp_path: Path) -> None:
    """Seat A dealing first, an `undo` with nothing to undo: board 1 is Ana's deal again,
    not a new question."""
    pool = tmp_path / "x.pfn"
    done = record(pool, "Ana; Boris; Ceca\n\n\n20\nx\nA\nu\n" + SIX + "end\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Who deals the first board") == 1
    assert "nothing to undo" in done.stdout
    assert done.stdout.count("Board 1: Ana (A) deals") == 2
    [saved] = [r for r in load(pool) if not r.empty]
    assert saved.dealer is Seat.A and saved.tag("Board") == "1"
