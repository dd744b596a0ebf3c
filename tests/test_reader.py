"""Reading PFN: the normative records, import-format leniency, streaming and errors."""

from __future__ import annotations

import io
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pfn.cards import Card
from pfn.contract import Contract
from pfn.model import CardPattern, Hand
from pfn.notation.reader import loads, read
from pfn.seats import Seat
from tests.conftest import EXAMPLES, ROOT, codes, diagnostics, one

BRIEF = (ROOT.parent / "shared" / "BRIEF.md")


def brief_records() -> list[str]:
    """The PFN blocks of the product brief, verbatim (skipped where the brief is absent)."""
    if not BRIEF.exists():
        return [(EXAMPLES / "brief.pfn").read_text(encoding="utf-8")]
    blocks = re.findall(r"```\n(.*?)```", BRIEF.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if "[Event" in b]


def test_brief_records_read_as_written() -> None:
    text = "\n".join(brief_records())
    records = loads(text)
    assert len(records) == 3
    first, second, third = records
    assert all(r.ok for r in records)
    assert first.variant == "sochi"
    assert first.names == ("Ana", "Boris", "Ceca")
    assert first.dealer is Seat.C and first.declarer is Seat.A
    assert first.contract == Contract(7, Card.SA.suit)
    assert first.result == ((Seat.A, 8), (Seat.B, 1), (Seat.C, 1))
    assert first.deal is not None and first.deal.talon == Hand(Card.D8.mask | Card.H8.mask)
    assert [c.token for c in first.auction.calls] == ["6S", "6C", "pass", "6D", "pass"]
    assert first.talon == (Card.D8, Card.H8) and first.discard == (Card.D7, Card.D8)
    assert [c.token for c in first.defence.calls] == ["whist", "whist"]
    assert first.play is not None and len(first.play.tricks) == 10
    assert first.play.tricks[1].cards == (Card.SK, Card.ST, Card.C7)
    ann = first.play.tricks[1].ann(2)
    assert ann is not None and ann.comments == ("Ceca shows out of spades",)
    assert [str(e) for e in first.score] == ["A:pool+4", "B:whist/A+4", "C:whist/A+4"]
    assert second.contract == Contract(9, Card.SA.suit)
    assert third.deal is not None and third.deal.hands == (None, None, None)
    assert third.deal.talon is None and third.play is None


def test_positions_are_file_lines() -> None:
    text = "% PFN 1.0\n\n[Event \"x\"]\n[Variant \"sochi\"]\n[Play \"A\"]\nSA S9 S8\nSK  ST C7\n"
    record = one(text)
    trick = record.play.tricks[1]
    assert [trick.position(i) for i in range(3)] == [(7, 1), (7, 5), (7, 8)]
    assert record.source is not None and record.source.line == 3


@pytest.mark.parametrize(("word", "card"), [
    ("SA", Card.SA), ("sa", Card.SA), ("AS", Card.SA), ("♠A", Card.SA), ("A♠", Card.SA),
    ("♥10", Card.HT), ("10♥", Card.HT), ("HT", Card.HT), ("♠Т", Card.SA), ("♦Д", Card.DQ),
    ("♣В", Card.CJ), ("♥К", Card.HK), ("c7", Card.C7),
])
def test_card_aliases(word: str, card: Card) -> None:
    record = one(f'[Variant "sochi"]\n[Play "A"]\n{word}\n')
    assert record.play.tricks[0].cards == (card,)


def test_cyrillic_and_latin_look_alikes_differ() -> None:
    # Cyrillic Т is an ace, Latin T a ten; Cyrillic В a jack, Latin B is no rank
    ace = one('[Variant "sochi"]\n[Play "A"]\n♠Т\n').play.tricks[0].cards[0]
    ten = one('[Variant "sochi"]\n[Play "A"]\n♠T\n').play.tricks[0].cards[0]
    assert (ace, ten) == (Card.SA, Card.ST)
    assert "PFN-E107" in codes('[Variant "sochi"]\n[Play "A"]\nSB\n')


@pytest.mark.parametrize(("variant", "word", "token"), [
    ("sochi", "dva", "6C"), ("sochi", "два", "6C"), ("sochi", "2", "6C"), ("sochi", "пять", "6NT"),
    ("sochi", "пас", "pass"), ("sochi", "мизер", "mis"), ("sochi", "6♠", "6S"),
    ("sochi", "7бк", "7NT"), ("sochi", "семь-пик", "7S"), ("sochi", "Sedam-Prvih", "7S"),
    ("serbian", "dva", "2"), ("serbian", "2", "2"), ("serbian", "Dalje", "pass"),
    ("serbian", "moje", "hold"), ("serbian", "igra", "hand"), ("serbian", "igra-betl", "mis-hand"),
    ("serbian", "četiri", "4"), ("britannica", "two", "6S"), ("britannica", "one", "6C"),
    ("britannica", "One-hand", "6C-hand"), ("mailru", "мизер-без-прикупа", "mis-hand"),
])
def test_calls_resolve_by_variant(variant: str, word: str, token: str) -> None:
    record = one(f'[Variant "{variant}"]\n[Auction "A"]\n{word}\n')
    assert [c.token for c in record.auction.calls] == [token]


@pytest.mark.parametrize(("variant", "value", "token"), [
    ("sochi", "семь пик", "7S"), ("sochi", "мизер", "mis"), ("serbian", "herc", "6H"),
    ("serbian", "igra tref", "6C-hand"), ("serbian", "betl", "mis"), ("sochi", "10 бк", "10NT"),
    ("sochi", "9♥ без прикупа", "9H-hand"),
])
def test_contract_aliases(variant: str, value: str, token: str) -> None:
    assert str(one(f'[Variant "{variant}"]\n[Contract "{value}"]\n').contract) == token


def test_defence_aliases() -> None:
    record = one('[Variant "sochi"]\n[Defence "B"]\nпас пол-виста\n')
    assert [c.token for c in record.defence.calls] == ["pass", "half"]


def test_deal_forms() -> None:
    record = one('[Variant "sochi"]\n[Deal "B:? a:♠ТК ♥10 C:- talon:x?.?.-.?"]\n')
    deal = record.deal
    assert deal is not None
    assert deal.hand(Seat.A) == Hand(Card.SA.mask | Card.SK.mask | Card.HT.mask)
    assert deal.hand(Seat.B) is None
    assert deal.hand(Seat.C) == Hand(0)
    assert deal.talon == Hand(0, (-1, -1, 0, -1))


def test_talon_patterns() -> None:
    record = one('[Variant "sochi"]\n[Talon "?A S?"]\n')
    assert record.talon == (CardPattern(None, Card.SA.rank), CardPattern(Card.SA.suit, None))


def test_session_tags_inherit_with_hash() -> None:
    records = loads('[Event "Club"]\n[Variant "leningrad"]\n[Board "1"]\n\n'
                    '[Event "#"]\n[Variant "#"]\n[Board "2"]\n')
    assert records[1].variant == "leningrad"
    assert records[1].tag("Event") == "Club"
    assert records[1].tags[0].inherited


def test_hash_without_previous_record_is_an_error() -> None:
    assert "PFN-E106" in codes('[Event "#"]\n[Variant "sochi"]\n')


def test_unknown_tags_and_sections_are_kept() -> None:
    record = one('[Variant "sochi"]\n[Annotator "Ceca"]\n[Analysis "dd"]\nline one\nline two\n')
    assert record.tag("Annotator") == "Ceca"
    assert dict(record.sections)["Analysis"].lines == ("line one", "line two")


def test_missing_variant_warns_and_reads_sochi() -> None:
    record = one('[Event "x"]\n')
    assert record.variant == "sochi"
    assert [d.code for d in record.diagnostics] == ["PFN-W001"]


def test_unknown_variant() -> None:
    assert "PFN-E109" in codes('[Variant "whist"]\n')


def test_score_and_settlement_values() -> None:
    record = one('[Variant "sochi"]\n[Score "A:пуля+4 B:висты/A+4 C:гора-2"]\n'
                 '[Settlement "A:+37/3 B:-37/3 C:0"]\n')
    assert [(e.seat, e.column, e.against, e.value) for e in record.score] == [
        (Seat.A, "pool", None, 4), (Seat.B, "whist", Seat.A, 4), (Seat.C, "mountain", None, -2)]
    assert record.settlement == ((Seat.A, Fraction(37, 3)), (Seat.B, Fraction(-37, 3)),
                                 (Seat.C, Fraction(0)))


def test_sheet_section() -> None:
    record = one('[Variant "sochi"]\n[Sheet ""]\nA pool=10 whist/B=12\nB:mountain=4\n')
    assert [str(e) for e in record.sheet] == ["A:pool=10", "A:whist/B=12", "B:mountain=4"]


def test_comment_and_blank_line_inside_comment_do_not_split_records() -> None:
    records = loads('[Variant "sochi"]\n{ first paragraph\n\nsecond paragraph }\n[Board "1"]\n')
    assert len(records) == 1
    assert records[0].tags[0].comments == ("first paragraph\n\nsecond paragraph",)


def test_streaming_reads_one_record_at_a_time() -> None:
    # a generator over lines that fails if read past the second record
    def lines():
        yield from ['[Variant "sochi"]\n', '[Board "1"]\n', "\n", '[Variant "sochi"]\n',
                    '[Board "2"]\n', "\n"]
        raise AssertionError("read too far")

    from pfn.notation.reader import Reader

    stream = Reader("x").records(lines())
    assert next(stream).tag("Board") == "1"
    assert next(stream).tag("Board") == "2"


def test_read_accepts_open_files_and_paths(tmp_path: Path) -> None:
    path = tmp_path / "a.pfn"
    path.write_text('[Variant "sochi"]\n[Board "7"]\n', encoding="utf-8")
    assert [r.tag("Board") for r in read(path)] == ["7"]
    assert [r.tag("Board") for r in read(io.StringIO(path.read_text()))] == ["7"]


def test_bom_crlf_and_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "w.pfn"
    path.write_bytes(b'\xef\xbb\xbf[Variant "sochi"]\r\n[Event "caf\xe9"]\r\n[Board "1"]\r\n')
    (record,) = list(read(path))
    assert record.tag("Board") == "1"
    bad = [d for d in record.diagnostics if d.code == "PFN-E002"]
    assert len(bad) == 1 and bad[0].line == 2 and bad[0].col == 12
    assert record.tag("Event") == "caf\ufffd"


# ---------------------------------------------------------------------------
# Syntax errors: the right line and column, a named problem, never a traceback


@pytest.mark.parametrize(("text", "code", "line", "col"), [
    ('[Variant "sochi"]\n[Event "Friday pool]\n', "PFN-E102", 2, 1),
    ('[Variant "sochi"]\n[Event "x"\n', "PFN-E102", 2, 1),
    ('[Variant "sochi"]\n[Play "A"]\nSA SX S8\n', "PFN-E107", 3, 4),
    ('[Variant "sochi"]\n[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:...8"]\n',
     "PFN-E203", 2, 56),
    ('[Variant "sochi"]\n[Deal "A:AKQJ7.AKT.7.A7 B:T9.QJ.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]\n',
     "PFN-E202", 2, 8),
    ('[Variant "sochi"]\n[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:.T..8"]\n',
     "PFN-E201", 2, 56),
    ('[Variant "sochi"]\n[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9T talon:..8.8"]\n',
     "PFN-E201", 2, 42),
    ('[Variant "sochi"]\n{ never closed\n[Board "1"]\n', "PFN-E103", 2, 1),
    ('[Variant "sochi"]\n[Play "A"]\nSA ( S9\n', "PFN-E104", 3, 4),
    ('[Variant "sochi"]\n[Play "A"]\nSA S9 )\n', "PFN-E104", 3, 7),
    ('SA S9 S8\n[Variant "sochi"]\n', "PFN-E105", 1, 1),
    ('[Variant "sochi"]\n[Auction "A"]\n6S sixes\n', "PFN-E108", 3, 4),
    ('[Variant "sochi"]\n[Auction "A"]\n$3 6S\n', "PFN-E114", 3, 1),
    ('[Variant "sochi"]\n[Board "1"]\n[Board "2"]\n', "PFN-E112", 3, 1),
])
def test_syntax_errors_are_located(text: str, code: str, line: int, col: int) -> None:
    found = [d for d in diagnostics(text) if d.code == code]
    assert found, diagnostics(text)
    assert (found[0].line, found[0].col) == (line, col)
    assert found[0].source_line is not None
    assert "Traceback" not in found[0].format()


def test_one_bad_record_does_not_lose_the_others() -> None:
    good = '[Variant "sochi"]\n[Board "{}"]\n'
    text = good.format(1) + "\n" + '[Variant "sochi"\n[Board "2"]\n' + "\n" + good.format(3)
    records = loads(text)
    assert [r.syntax_ok for r in records] == [True, False, True]
    assert records[2].tag("Board") == "3"
    assert records[2].source is not None and records[2].source.line == 7


def test_unterminated_comment_costs_one_record() -> None:
    text = ('[Variant "sochi"]\n[Board "1"] { oops\n\n[Variant "sochi"]\n[Board "2"]\n\n'
            '[Variant "sochi"]\n[Board "3"]\n')
    records = loads(text)
    assert [r.syntax_ok for r in records] == [False, True, True]
    assert [d.code for d in records[0].diagnostics] == ["PFN-E103"]


# -- the fast path and Lark build the same records -----------------------------------


def _both(text: str) -> tuple[object, object]:
    """``text`` (one record) built by the scanner and by Lark, each with what it saw:
    the record, its diagnostics and the positions of its tags, calls and cards."""
    from pfn.notation.reader import _builder, _parser
    from pfn.notation.scan import scan

    def seen(record: object) -> object:
        if record is None:
            return None
        r: Any = record
        places = [t.pos for t in r.tags]
        for section in (r.auction, r.defence):
            places += [n.pos for n in section.nodes] if section else []
        for run in (r.play.tricks if r.play else ()):
            places += [run.position(i) for i in range(len(run.cards))]
        return (r, [(d.code, d.line, d.col, d.message) for d in r.diagnostics], places)

    builder = _builder()
    builder.reset("x.pfn", 7, 100, text)
    fast = scan(text, builder)
    parser, lark_builder = _parser()
    lark_builder.reset("x.pfn", 7, 100, text)
    try:
        slow = parser.parse(text)
    except Exception:
        slow = None
    return seen(fast), seen(slow)


def _chunks(text: str) -> list[str]:
    from pfn.notation.split import split_records

    return [c.text for c in split_records(io.StringIO(text)) if c.text]


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.pfn")), ids=lambda p: p.name)
def test_scanner_and_lark_agree_on_every_example(path: Path) -> None:
    for chunk in _chunks(path.read_text(encoding="utf-8-sig")):
        fast, slow = _both(chunk)
        if fast is not None:  # the scanner took it: Lark builds the very same
            assert fast == slow
        # the scanner gives up only where Lark finds an error, or on variations it
        # could take too (never on a plain well-formed record)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), cuts=st.lists(st.tuples(st.integers(0, 4000),
                                                           st.sampled_from(
       ["(", ")", "{", "}", "[", "]", '"', ";", "%", "\n", "\n\n", " ( SA ) ", "(x (y) z)",
        "{ c }", "\r", "S7", "$14", "!"])), max_size=4))
def test_scanner_and_lark_agree_on_damaged_records(seed: int, cuts: list[tuple[int, str]]
                                                   ) -> None:
    """Generated records with characters dropped in: wherever the scanner takes a text,
    Lark builds the same record; wherever Lark refuses it, the scanner has given up."""
    from pfn.generate import generate

    text = next(iter(generate(1, "sochi", seed)))
    for at, piece in cuts:
        at = at % (len(text) + 1)
        text = text[:at] + piece + text[at:]
    for chunk in _chunks(text):
        fast, slow = _both(chunk)
        if slow is None:
            assert fast is None
        elif fast is not None:
            assert fast == slow


def test_a_well_formed_record_never_needs_lark() -> None:
    """Reading the examples that parse imports no Lark at all (a faster start)."""
    import subprocess
    import sys

    code = ("import sys\nfrom pfn.notation.reader import read\n"
            "for path in sys.argv[1:]:\n    list(read(path))\n"
            "print('lark' in sys.modules)\n")
    clean = [str(p) for p in sorted(EXAMPLES.glob("*.pfn"))]
    done = subprocess.run([sys.executable, "-c", code, *clean], capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "False"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), marks=st.lists(st.tuples(
    st.integers(0, 12), st.sampled_from([" {after}", " { two\n lines }", " ; to the end",
                                         "\n{ its own line }", " {a} {b}", " {mid} "])),
    max_size=4))
def test_the_play_fast_path_reads_comments_as_the_general_one(
        seed: int, marks: list[tuple[int, str]]) -> None:
    """A Play section with comments after (or within) its tricks: the fast path builds
    the very record the general, word-by-word path builds — cards, their comments and
    every card's position."""
    from pfn.generate import generate
    from pfn.notation.sections import SectionReader

    text = next(iter(generate(1, "sochi", seed)))
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("[Play ")), None)
    if start is None:
        return
    for at, mark in marks:
        i = start + 1 + at % max(1, len(lines) - start - 1)
        if i < len(lines) and lines[i] and not lines[i].startswith("["):
            if mark == " {mid} ":
                words = lines[i].split()
                lines[i] = " ".join([*words[:1], "{mid}", *words[1:]])
            else:
                lines[i] += mark
    changed = "\n".join(lines)

    def read(record_text: str) -> object:
        record = one(record_text)
        places = [run.position(i) for run in (record.play.tricks if record.play else ())
                  for i in range(len(run.cards))]
        return record, places, [(d.code, d.line, d.col) for d in record.diagnostics]

    fast = read(changed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SectionReader, "_plain_play", lambda self, entry: None)
        assert read(changed) == fast


def test_a_comment_after_a_trick_keeps_the_play_on_the_fast_path() -> None:
    from pfn.notation.sections import SectionReader

    served = []
    original = SectionReader._plain_play

    def spy(self: SectionReader, entry: Any) -> Any:
        found = original(self, entry)
        served.append(found is not None)
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SectionReader, "_plain_play", spy)
        record = one('[Variant "sochi"]\n[Play "A"]\nS7 ST S8 { Boris wins }\nHK HJ HA\n')
    assert served == [True]
    assert record.play is not None
    first = record.play.tricks[0]
    assert first.ann(2) is not None and first.ann(2).comments == ("Boris wins",)  # type: ignore[union-attr]
    assert first.position(1) == (3, 4)
