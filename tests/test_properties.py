"""Property tests: random legal records round-trip and replay clean; single mutations
are caught with the right code; no input ever produces a traceback."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pfn.check import check_records
from pfn.generate import generate
from pfn.notation.reader import loads
from pfn.notation.writer import dumps
from pfn.variants import VARIANTS, Variant
from tests.conftest import codes

ALL = [variant.name for variant in VARIANTS]
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _generated(seed: int, variant: str, count: int = 3, **kwargs: int) -> str:
    return "\n".join(generate(count, variant, seed, **kwargs))


@SETTINGS
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(ALL))
def test_generated_records_write_read_identical(seed: int, variant: str) -> None:
    records = loads(_generated(seed, variant))
    text = dumps(records)
    again = loads(text)
    assert again == records
    assert dumps(again) == text


@SETTINGS
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(VARIANTS),
       four=st.booleans(), match=st.sampled_from([0, 6]))
def test_generated_records_replay_clean(seed: int, variant: type[Variant], four: bool,
                                        match: int) -> None:
    players = max(variant.tables) if four else min(variant.tables)
    text = _generated(seed, variant.name, 6, players=players, match_size=match)
    errors = [d for r in check_records(loads(text)) for d in r.diagnostics if d.code[4] == "E"]
    assert errors == []


# ---------------------------------------------------------------------------
# Import-format noise does not change the content

_CYRILLIC = {"A": "Т", "K": "К", "Q": "Д", "J": "В"}
_SUIT = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def _noisy_card(card: str, rng: random.Random) -> str:
    suit, rank = card[0], card[1]
    rank_text = {"T": "10"}.get(rank, rank)
    if rank in _CYRILLIC and rng.random() < 0.5:
        rank_text = _CYRILLIC[rank]
    form = rng.randrange(4)
    if form == 0:
        return _SUIT[suit] + rank_text
    if form == 1:
        return rank_text + _SUIT[suit]
    if form == 2:
        return (suit + rank).lower()
    return card


def _noisy(text: str, rng: random.Random) -> str:
    out = []
    section = ""
    for line in text.splitlines():
        m = re.match(r'\[(\w+) "(.*)"\]$', line)
        if m:
            name, value = m.groups()
            section = name
            if name in ("Dealer", "Declarer"):
                value = value.lower()
            spaced = " " * rng.randrange(3)
            out.append(f"[{spaced}{name.lower() if rng.random() < 0.5 else name.upper()}"
                       f'{" " * rng.randrange(1, 3)}"{value}"{spaced}]')
            continue
        if section == "Play":
            line = "  ".join(_noisy_card(w, rng) if re.fullmatch(r"[SCDH][AKQJT987]", w)
                             else w for w in line.split())
        elif section == "Auction":
            line = " ".join({"pass": rng.choice(["pass", "пас", "PASS"])}.get(w, w)
                            for w in line.split())
        out.append(line)
    lines = out[:]
    # shuffle the order of the header tags (before the first section)
    first_section = next((i for i, ln in enumerate(lines) if ln.lower().startswith(
        ("[auction", "[ auction", "[  auction"))), len(lines))
    head, rest = lines[:first_section], lines[first_section:]
    rng.shuffle(head)
    return "\r\n".join(head + rest) + "\r\n"


@SETTINGS
@given(seed=st.integers(0, 10**6), noise=st.integers(0, 10**6))
def test_import_format_noise_reads_the_same(seed: int, noise: int) -> None:
    canonical = _generated(seed, "sochi", 1)
    noisy = _noisy(canonical.strip(), random.Random(noise))
    assert dumps(loads(noisy)) == dumps(loads(canonical))


# ---------------------------------------------------------------------------
# Annotations survive write and read

_WORDS = st.text(alphabet=st.characters(blacklist_characters="{}\r\x00",
                                        blacklist_categories=("Cs",)), max_size=30)


@SETTINGS
@given(seed=st.integers(0, 10**6), data=st.data())
def test_annotations_round_trip(seed: int, data: st.DataObject) -> None:
    canonical = _generated(seed, "sochi", 1)
    lines = canonical.splitlines()
    section = ""
    out = []
    for line in lines:
        if line.startswith("["):
            section = line[1:].split()[0]
            out.append(line)
            continue
        if section in ("Play", "Auction", "Defence") and line:
            words = []
            for word in line.split():
                words.append(word + data.draw(st.sampled_from(["", "!", "?", "!?", "??"])))
                if data.draw(st.booleans()):
                    words.append(f"${data.draw(st.integers(0, 255))}")
                if data.draw(st.integers(0, 4)) == 0:
                    words.append("{" + data.draw(_WORDS) + "}")
            line = " ".join(words)
        out.append(line)
    text = "\n".join(out) + "\n"
    records = loads(text)
    assert all(r.syntax_ok for r in records)
    written = dumps(records)
    assert loads(written) == records
    assert dumps(loads(written)) == written


# ---------------------------------------------------------------------------
# Mutations are caught with the right code


def _lines(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


def _section(lines: list[str], name: str) -> tuple[int, int]:
    start = next(i for i, ln in enumerate(lines) if ln.startswith(f"[{name} "))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    return start + 1, end


def _played(seed: int) -> str:
    """A generated Sochi record whose play was given in full."""
    for offset in range(200):
        text = _generated(seed + offset, "sochi", 1)
        if "[Play " in text and "[Contract \"pass\"]" not in text:
            return text
    raise AssertionError("no played deal")


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_revoke_is_caught(seed: int) -> None:
    text = _played(seed)
    lines = _lines(text)
    start, end = _section(lines, "Play")
    tricks = [ln.split() for ln in lines[start:end]]
    record = loads(text)[0]
    from pfn.deal import replay

    seats = [t.seats for t in replay(record, on_error="collect").tricks]
    # find a follower who followed suit while holding a card of another suit he plays later
    for k, trick in enumerate(tricks):
        for pos in range(1, len(trick)):
            if trick[pos][0] != trick[0][0]:
                continue
            seat = seats[k][pos]
            for later in range(k + 1, len(tricks)):
                for lpos, card in enumerate(tricks[later]):
                    if seats[later][lpos] == seat and card[0] != trick[0][0]:
                        tricks[k][pos], tricks[later][lpos] = card, trick[pos]
                        lines[start:end] = [" ".join(t) for t in tricks]
                        found = codes("\n".join(lines))
                        assert "PFN-E503" in found or "PFN-E504" in found
                        return


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_card_from_the_wrong_hand_is_caught(seed: int) -> None:
    text = _played(seed)
    lines = _lines(text)
    start, _ = _section(lines, "Play")
    first = lines[start].split()
    first[0], first[1] = first[1], first[0]
    lines[start] = " ".join(first)
    assert "PFN-E502" in codes("\n".join(lines))


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_bid_not_higher_is_caught(seed: int) -> None:
    for offset in range(300):
        text = _generated(seed + offset, "sochi", 1)
        lines = _lines(text)
        start, _ = _section(lines, "Auction")
        calls = lines[start].split()
        bids = [i for i, c in enumerate(calls) if c not in ("pass", "mis")]
        if len(bids) >= 2:
            calls[bids[1]] = calls[bids[0]]
            lines[start] = " ".join(calls)
            assert "PFN-E302" in codes("\n".join(lines))
            return


@SETTINGS
@given(seed=st.integers(0, 10**6), delta=st.sampled_from([-2, 2, 10]))
def test_wrong_score_entry_is_caught(seed: int, delta: int) -> None:
    text = _generated(seed, "sochi", 1)
    m = re.search(r'\[Score "(\w:\w+(?:/\w)?)([+-]\d+)', text)
    assert m is not None
    value = int(m.group(2)) + delta
    wrong = text[:m.start(2)] + f"{value:+d}" + text[m.end(2):]
    assert ("PFN-E701" if value else "PFN-E703") in codes(wrong) or (
        value == 0 and "PFN-E702" in codes(wrong))


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_wrong_trick_count_is_caught(seed: int) -> None:
    text = _played(seed)
    m = re.search(r'\[Result "(\w):(\d+) (\w):(\d+)', text)
    assert m is not None
    a, b = int(m.group(2)), int(m.group(4))
    if a > 0:
        a, b = a - 1, b + 1
    elif b > 0:  # a trick moved from the second player to the first
        a, b = a + 1, b - 1
    else:  # both took none (the third took all): one of his tricks given to the first
        third = re.search(r'\[Result "\w:\d+ \w:\d+ \w:(\d+)', text)
        assert third is not None
        text = text[:third.start(1)] + str(int(third.group(1)) - 1) + text[third.end(1):]
        a = 1
    wrong = text[:m.start(2)] + str(a) + text[m.end(2):m.start(4)] + str(b) + text[m.end(4):]
    assert "PFN-E601" in codes(wrong)


# ---------------------------------------------------------------------------
# Fuzz: whatever comes in, diagnostics come out


_PFN_ALPHABET = st.sampled_from([*'[]{}()";%$=*-!? \n\tSCDHAKQJT987abcpsw:./+Тк♠♥10',
                                 "[Variant \"sochi\"]\n", "[Play \"A\"]\n", "[Auction \"A\"]\n",
                                 "[Deal \"", "talon:", "whist ", "pass ", "6S ", "\n\n"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PFN_ALPHABET, max_size=80).map("".join))
def test_fuzz_never_raises(text: str) -> None:
    for report in check_records(loads(text)):
        for diagnostic in report.diagnostics:
            assert diagnostic.format()


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_arbitrary_text(text: str) -> None:
    list(check_records(loads(text)))


@SETTINGS
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 4000), junk=st.text(max_size=5))
def test_fuzz_damaged_records(seed: int, cut: int, junk: str) -> None:
    text = _generated(seed, "sochi", 2)
    cut %= max(1, len(text))
    damaged = text[:cut] + junk + text[cut + len(junk):]
    list(check_records(loads(damaged)))
