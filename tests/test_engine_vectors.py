"""``pfn import`` from the test vectors other engines publish: E. Shavlyugin's
``solvers.tests`` and JPref's ``etc/tests`` lines.  The samples in ``tests/data/formats``
are written here in each format's layout; their values are worked out by hand (below),
and random deals are written in each format by this file's own writers and must come
back as the same hands at the same seats."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pfn.cards import Card, Suit
from pfn.diagnostics import Diagnostic
from pfn.formats import Imported, import_data
from pfn.notation.reader import loads

DATA = Path(__file__).parent / "data" / "formats"
SIGN = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
LETTER = {Suit.SPADES: "s", Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h"}
RANK = "789XJQKA"


def pfn(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(Path(sys.executable).with_name("pfn")), *args], capture_output=True,
                          text=True, encoding="utf-8")


def tags(text: str) -> list[dict[str, str]]:
    return [{t.name: t.value for t in r.tags} for r in loads(text) if not r.empty]


def hands_of(record: dict[str, str]) -> dict[str, set[str]]:
    """The Deal tag's hands as sets of card names, read with the test's own split."""
    out = {}
    for part in record["Deal"].split():
        seat, _, dotted = part.partition(":")
        if dotted == "?":
            continue
        out[seat] = {f"{s}{r}" for s, ranks in zip("SCDH", dotted.split("."), strict=True)
                     for r in ranks.replace("-", "")}
    return out


# -- Shavlyugin's solvers.tests ---------------------------------------------------------

def test_solver_tests_are_read_with_their_answers() -> None:
    """Test 1: the declarer (player 0) holds all eight trumps and two aces and leads:
    ten tricks.  Test 2: a misère whose declarer holds the two or three lowest cards of
    every suit and never leads (player 1 leads): he cannot be made to take a trick, since
    a trick he does not lead holds a higher card of the suit led or he discards.
    Test 3: test 1's hands dealt to players 1, 0, 2, player 2 leading (so player 0 is
    B and the declarer, player 1, is C): the declarer still takes ten (each lead of a
    suit he lacks is trumped, each other is his ace or his trump).  Test 4 is test 3
    with a wrong answer, 9."""
    result = import_data((DATA / "solvers.tests").read_bytes(), "shavlyugin", "s.tests")
    assert result.ok, result.problems
    records = tags(result.text)
    assert [(r["Declarer"], r["Contract"], r["Result"]) for r in records] == [
        ("A", "6S", "A:10 B:? C:?"), ("C", "mis", "A:? B:? C:0"),
        ("C", "6S", "A:? B:? C:10"), ("C", "6S", "A:? B:? C:9")]
    # the player to lead is seat A; the others follow clockwise
    assert hands_of(records[2])["C"] == {"SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7",
                                         "CA", "DA"}
    assert hands_of(records[2])["A"] == {"C9", "C8", "C7", "D9", "D8", "D7", "HQ", "HJ",
                                         "HT", "H9"}
    assert all(r["Start"] == "1" and r["Dealer"] == "C" for r in records)


def test_check_analyse_finds_the_wrong_answer(tmp_path: Path) -> None:
    out = tmp_path / "s.pfn"
    done = pfn("import", str(DATA / "solvers.tests"), "-o", str(out))
    assert done.returncode == 0, done.stderr
    checked = pfn("check", "--analyse", str(out))
    warned = [line for line in checked.stdout.splitlines() if "PFN-W005" in line]
    assert len(warned) == 1 and "9 tricks" in warned[0] and "take 10" in warned[0]
    line = int(warned[0].split(":")[1])
    assert out.read_text(encoding="utf-8").splitlines()[line - 1] == '[Result "A:? B:? C:9"]'


def shavlyugin_text(deals: list[tuple[list[list[Card]], int, int, str, int]]) -> str:
    out = [str(len(deals))]
    for hands, declarer, leader, contract, answer in deals:
        for hand in hands:
            out.append(" ".join(("10" if c.rank.letter == "T" else c.rank.letter)
                                + LETTER[c.suit] for c in hand))
        out += [str(declarer), str(leader), contract, str(answer)]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("seed", range(5))
def test_random_solver_tests_keep_every_hand_at_its_seat(seed: int) -> None:
    rng = random.Random(seed)
    deals = []
    for _ in range(6):
        pack = list(Card)
        rng.shuffle(pack)
        hands = [sorted(pack[0:10]), sorted(pack[10:20]), sorted(pack[20:30])]
        contract = rng.choice(["6s", "7c", "8d", "9h", "10nt", "misere"])
        deals.append((hands, rng.randrange(3), rng.randrange(3), contract, rng.randrange(11)))
    result = import_data(shavlyugin_text(deals).encode(), "shavlyugin", "r.tests")
    assert result.ok, result.problems
    for (hands, declarer, leader, contract, answer), record in zip(deals, tags(result.text),
                                                                   strict=True):
        seat = {(leader + k) % 3: "ABC"[k] for k in range(3)}
        got = hands_of(record)
        for index, hand in enumerate(hands):
            assert got[seat[index]] == {str(c) for c in hand}
        assert record["Declarer"] == seat[declarer]
        assert record["Contract"] == {"6s": "6S", "7c": "7C", "8d": "8D", "9h": "9H",
                                      "10nt": "10NT", "misere": "mis"}[contract]
        assert f"{seat[declarer]}:{answer}" in record["Result"].split()


@pytest.mark.parametrize(("change", "words"), [
    (("4\n", "5\n"), "5 tests take 170 words after the count; the file has 136"),
    (("Ad\n", "Zd\n"), "'Zd' is not a card"),
    (("Ah Kh\n9c", "As Kh\n9c"), "♠A is dealt twice"),
    (("6s\n10", "11s\n10"), "'11s' is not a contract"),
    (("0\n0\n6s", "3\n0\n6s"), "'3' is not a player's index"),
    (("misere\n0", "misere\nx"), "'x' is not a number of tricks"),
])
def test_solver_tests_bad_input_is_located(change: tuple[str, str], words: str) -> None:
    text = (DATA / "solvers.tests").read_text(encoding="utf-8").replace(*change, 1)
    result = import_data(text.encode(), "shavlyugin", "bad.tests")
    assert not result.ok
    shown = [str(d) for d in result.problems]
    assert any(words.replace("♠A", "SA") in s or words in s for s in shown), shown
    assert all(d.line >= 1 for d in result.problems)


# -- JPref's test vectors ------------------------------------------------------------------

def test_jpref_vectors_are_read_as_the_program_reads_them() -> None:
    """The sample: a 6♠ by the first hand of the line with every trump and two aces (ten
    tricks), the talon discarded; a misère that cannot be caught (the declarer's cards
    are the lowest of each suit and he never leads) with its discard given; the same
    misère said to be caught; an all-pass's trick counts, in the line's order."""
    result = import_data((DATA / "jpref.txt").read_bytes(), "jpref", "j.txt")
    assert result.ok, result.problems
    records = tags(result.text)
    assert len(records) == 4
    first = records[0]
    # eldest 1: the line's hand 1 is seat A, hand 2 is B, the declarer's hand 0 is C
    assert (first["Declarer"], first["Contract"], first["Result"]) == ("C", "6S",
                                                                        "A:? B:? C:10")
    assert hands_of(first)["C"] == {"SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "CA",
                                    "DA"}
    assert first["Discard"] == "H7 H8"
    assert first["Deal"].endswith("talon:...87")
    misere, caught, allpass = records[1:]
    assert (misere["Contract"], misere["Result"], misere["Discard"]) == ("mis", "A:? B:? C:0",
                                                                        "D9 H9")
    assert misere["JprefResult"] == "not caught"
    assert "Result" not in caught and caught["JprefResult"] == "caught"
    assert caught["Declarer"] == "B"  # eldest 2: hand 2 is A, hand 0 is B
    assert allpass["Contract"] == "pass" and allpass["Result"] == "A:0 B:4 C:6"
    notes = [str(d) for d in result.problems]
    assert any("1 line that is not a vector" in n for n in notes), notes


def test_jpref_through_the_command_line_checks_clean(tmp_path: Path) -> None:
    out = tmp_path / "j.pfn"
    done = pfn("import", str(DATA / "jpref.txt"), "--from", "jpref", "-o", str(out))
    assert done.returncode == 0, done.stderr
    checked = pfn("check", "--analyse", str(out))
    assert checked.returncode == 0, checked.stdout
    assert "4 records: clean, 0 warnings" in checked.stderr


def jpref_line(hands: list[list[Card]], talon: list[Card], eldest: int, result: str) -> str:
    def group(cards: list[Card]) -> str:
        return " ".join(SIGN[s] + "".join(RANK[c.rank] for c in cards if c.suit == s)
                        for s in SIGN if any(c.suit == s for c in cards))
    return f"deal: {'  '.join(group(h) for h in hands)}  {group(talon)}  {eldest} -> {result}"


def changed_import(sample: str, kind: str, change: tuple[str, str]
                   ) -> tuple[str, Imported]:
    """The sample with ``change`` made once (its first text must be there), and its
    import."""
    text = (DATA / sample).read_text(encoding="utf-8")
    assert change[0] in text
    text = text.replace(*change, 1)
    return text, import_data(text.encode(), kind, "bad.txt")


def errors_said(result: Imported, words: str) -> list[Diagnostic]:
    """The import's errors, one of which says ``words``."""
    assert not result.ok
    errors = [d for d in result.problems if d.is_error]
    shown = [str(d) for d in errors]
    assert any(words in s for s in shown), shown
    return errors


@pytest.mark.parametrize("seed", range(5))
def test_random_jpref_lines_keep_every_hand_at_its_seat(seed: int) -> None:
    rng = random.Random(seed)
    cases = []
    for _ in range(6):
        pack = list(Card)
        rng.shuffle(pack)
        hands = [pack[0:10], pack[10:20], pack[20:30]]
        eldest = rng.randrange(3)
        cases.append((hands, pack[30:32], eldest))
    text = "\n".join(jpref_line(h, t, e, "7♦ 7") for h, t, e in cases) + "\n"
    result = import_data(text.encode(), "jpref", "r.txt")
    assert result.ok, result.problems
    for (hands, talon, eldest), record in zip(cases, tags(result.text), strict=True):
        seat = {(eldest + k) % 3: "ABC"[k] for k in range(3)}
        got = hands_of(record)
        for index, hand in enumerate(hands):
            assert got[seat[index]] == {str(c) for c in hand}
        assert record["Declarer"] == seat[0] and record["Contract"] == "7D"
        assert set(record["Discard"].split()) == {str(c) for c in talon}


@pytest.mark.parametrize(("change", "words"), [
    (("♥7 ♥8  1 -> 6♠ 10", "♥7 ♥8  1 -> 6♠ 10"), None),
    (("♦A  ♣KQJX", "♦A  ♣KQJ"), "the line gives 31 cards"),
    (("♥7 ♥8  1 ->", "♥7 ♥8  4 ->"), "'4' is not the eldest hand's index"),
    (("♥7 ♥8  1 -> 6♠ 10", "♥7 ♥8  1 -> 6Z 10"), "'6Z 10' is not a result JPref writes"),
    (("♠789XJQKA ♣A", "♠789XJQKA ♣AA"), "is dealt twice"),
    (("♠789XJQKA ♣A", "♠789XJQKA Z"), "'Z' is not a suit sign and its ranks"),
    ((": ♦9 ♥9", ": ♠A ♥9"), "is not two cards of the declarer's hand and talon"),
])
def test_jpref_bad_input_is_located(change: tuple[str, str], words: str | None) -> None:
    text, result = changed_import("jpref.txt", "jpref", change)
    if words is None:
        assert result.ok
        return
    error = errors_said(result, words)[-1]
    assert text.splitlines()[error.line - 1].startswith("deal:")


def test_a_file_of_no_vectors_says_so() -> None:
    result = import_data(b"# nothing here\n[a log line]\n", "jpref", "e.txt")
    assert not result.ok and "no vector in the file" in str(result.problems[0])
    result = import_data(b"", "shavlyugin", "e.tests")
    assert not result.ok and "no test in the file" in str(result.problems[0])


# -- JPref's discard vectors (declare-round) -------------------------------------------------

def test_jpref_discard_vectors_are_read_as_the_program_reads_them() -> None:
    """The sample: twelve cards, the eldest's index counting the declarer as 0, the
    auction's bid where given, then JPref's discard and declaration. The declarer keeps
    the ten cards it does not discard; the others are unseen."""
    result = import_data((DATA / "jpref-declare.txt").read_bytes(), "jpref-declare", "d.txt")
    assert result.ok, result.problems
    records = tags(result.text)
    assert len(records) == 4
    trumps, tops, misere, aces = records
    # eldest 1: the hand after the declarer leads, so the declarer is third: C
    assert (trumps["Declarer"], trumps["Contract"], trumps["Board"]) == ("C", "10S", "5")
    assert hands_of(trumps)["C"] == {"SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "CA",
                                     "DA"}
    assert "A" not in hands_of(trumps) and "B" not in hands_of(trumps)  # unseen
    assert trumps["Discard"] == trumps["JprefDiscard"] == "H7 H8"
    assert trumps["Deal"].endswith("talon:...87")
    assert "JprefBid" not in trumps
    # eldest 0: the declarer leads, seat A; the auction's bid kept
    assert (tops["Declarer"], tops["Contract"], tops["JprefBid"]) == ("A", "10NT", "6S")
    assert set(tops["Discard"].split()) == {"S7", "C7"}
    assert hands_of(tops)["A"] == {"SA", "SK", "SQ", "CA", "CK", "CQ", "DA", "DK", "HA",
                                   "HK"}
    # eldest 2: the declarer plays second, seat B
    assert (misere["Declarer"], misere["Contract"]) == ("B", "mis")
    # declare-misere's layout: the talon is given after the lead, and kept as the talon
    assert (aces["Declarer"], aces["Contract"], aces["Discard"]) == ("C", "mis", "SA HA")
    assert aces["Deal"].endswith("talon:A...8")
    assert hands_of(aces)["C"] == {"S9", "S8", "S7", "C9", "C8", "C7", "D8", "D7", "HA",
                                   "H7"}
    notes = [str(d) for d in result.problems]
    assert any("1 line where JPref passes declares nothing" in n for n in notes), notes


def test_jpref_discard_vectors_weigh_from_the_declarers_seat(tmp_path: Path) -> None:
    out = tmp_path / "d.pfn"
    done = pfn("import", str(DATA / "jpref-declare.txt"), "--from", "jpref-declare", "-o",
               str(out))
    assert done.returncode == 0, done.stderr
    checked = pfn("check", str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # Every trump and the two side aces kept, no lead beats them: ten tricks on every
    # layout; any other discard keeps a heart the defenders cash. So JPref's discard is
    # the best, alone at ten.
    weighed = pfn("odds", str(out), "-b", "5", "--seat", "C", "--discards", "--samples", "6",
                  "-f", "json")
    assert weighed.returncode == 0, weighed.stderr
    found = json.loads(weighed.stdout)["discards"]
    assert found[0]["cards"] == ["H7", "H8"] and found[0]["expected"] == 10
    assert all(d["expected"] < 10 for d in found[1:])


@pytest.mark.parametrize(("change", "words"), [
    (("♥78 1 -> ♥7, ♥8, X♠", "♥78 1 -> ♥7, ♥8, X♠"), None),
    (("♠7 ♣7 6♠ 0 ->", "♠7 ♣7 0 6♠ ->"), None),  # the bid after the lead, as JPref has it
    (("♠789XJQKA ♣A ♦A ♥78 1", "♠789XJQKA ♣A ♦A ♥7 1"), "the line gives 11 cards"),
    (("♥78 1 -> ♥7, ♥8, X♠", "♥78 -> ♥7, ♥8, X♠"), "no eldest hand's index"),
    (("♥78 1 -> ♥7, ♥8, X♠", "♥78 1 -> ♥7, ♥8, Z♠"), "'Z♠' is not a contract JPref"),
    (("♥78 1 -> ♥7, ♥8, X♠", "♥78 1 -> ♥7, ♦8, X♠"), "is not two cards of the declarer's"),
    (("♥78 1 -> ♥7, ♥8, X♠", "♥78 1 ->"), "no answer"),
    (("♠789XJQKA ♣A ♦A", "♠789XJQKA ♣AA ♦A"), "is dealt twice"),
])
def test_jpref_discard_vectors_bad_input_is_located(change: tuple[str, str],
                                                    words: str | None) -> None:
    _, result = changed_import("jpref-declare.txt", "jpref-declare", change)
    if words is None:
        assert result.ok
        return
    assert [d.line for d in errors_said(result, words)] == [5]
