"""Scoring one deal: every figure worked out by hand from the rules texts
(``rules/russian-scoring.md``, seeds 000–002), never taken from pfn itself.

Each case is a result-only record with the score the rules write; ``pfn check``
must accept it, and must reject the same record with any single figure changed.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import codes


def deal(variant: str, contract: str, declarer: str, result: str, score: str,
         defence: str | None = "whist whist", rules: str = "", dealer: str = "A") -> str:
    """A result-only record; the first defender is the declarer's left-hand opponent."""
    first = "ABC"[("ABC".index(declarer) + 1) % 3]
    lines = [f'[Variant "{variant}"]', f'[Dealer "{dealer}"]', '[Deal "A:? B:? C:? talon:?"]',
             f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', f'[Result "{result}"]']
    if rules:
        lines.append(f'[Rules "{rules}"]')
    if defence is not None:
        lines += [f'[Defence "{first}"]', defence]
    lines.append(f'[Score "{score}"]')
    return "\n".join(lines) + "\n"


def assert_scores(text: str) -> None:
    """The stated score is accepted, and every single changed figure is rejected."""
    assert codes(text) == []
    score = re.search(r'\[Score "([^"]*)"\]', text)
    assert score is not None
    for m in re.finditer(r"[+-]\d+", score.group(1)):
        changed = int(m.group()) + 2
        start = score.start(1) + m.start()
        wrong = text[:start] + f"{changed:+d}" + text[start + len(m.group()):]
        assert {"PFN-E701", "PFN-E703", "PFN-E702"} & set(codes(wrong)), wrong


# -- Sochi (russian-scoring.md, "Sochi") ----------------------------------------

@pytest.mark.parametrize(("contract", "price"), [("6S", 2), ("7H", 4), ("8NT", 6), ("9D", 8)])
def test_sochi_made_contract_writes_the_price_to_the_pool(contract: str, price: int) -> None:
    level = int(contract[:-1] if contract[-1] != "T" else contract[:-2])
    defenders = 10 - level
    b = defenders // 2 + defenders % 2
    c = defenders // 2
    score = [f"A:pool+{price}"]
    if b:
        score.append(f"B:whist/A+{price * b}")
    if c:
        score.append(f"C:whist/A+{price * c}")
    assert_scores(deal("sochi", contract, "A", f"A:{level} B:{b} C:{c}", " ".join(score)))


def test_sochi_ten_whisted_and_made_both_whisters_answer() -> None:
    # a ten is whisted and played like any contract; the obligation is one trick
    assert_scores(deal("sochi", "10C", "A", "A:10 B:0 C:0",
                       "A:pool+10 B:mountain+10 C:mountain+10"))


def test_sochi_failed_contract_mountain_and_consolation_to_each_defender() -> None:
    # 7S, 5 tricks: two down; price 4: mountain 8; B took 3 (12) + 8; C took 2 (8) + 8
    assert_scores(deal("sochi", "7S", "A", "A:5 B:3 C:2",
                       "A:mountain+8 B:whist/A+20 C:whist/A+16"))


def test_sochi_lone_whister_writes_every_defence_trick_greedy() -> None:
    # 6D; B whists, C passes; defence takes 4 (B 1, C 3): B writes 4 × 2 = 8
    assert_scores(deal("sochi", "6D", "A", "A:6 B:1 C:3", "A:pool+2 B:whist/A+8",
                       "whist pass closed"))


def test_leningrad_gentleman_split_and_doubling() -> None:
    # Leningrad 7H one down: mountain 2 × 4; whists 2P = 8 per trick, 4 tricks = 32
    # split 16/16; consolation 2P × 1 = 8 to each defender
    assert_scores(deal("leningrad", "7H", "A", "A:6 B:4 C:0",
                       "A:mountain+8 B:whist/A+24 C:whist/A+24", "whist pass open"))


def test_sochi_gentleman_as_a_house_rule() -> None:
    # Sochi price 2 at 6: 4 defence tricks × 2 = 8, split 4 and 4
    assert_scores(deal("sochi", "6S", "A", "A:6 B:4 C:0", "A:pool+2 B:whist/A+4 C:whist/A+4",
                       "whist pass", rules="whist=gentleman"))


@pytest.mark.parametrize(("result", "score"), [
    # 6 with 3+0: together 3 of 4; the 0-trick whister answers for the one missing trick
    ("A:7 B:3 C:0", "A:pool+2 B:whist/A+6 C:mountain+2"),
    # 6 with 0+0: each answers for his share of two
    ("A:10 B:0 C:0", "A:pool+2 B:mountain+4 C:mountain+4"),
    # 6 with 1+1: each one short of his share
    ("A:8 B:1 C:1", "A:pool+2 B:mountain+2 B:whist/A+2 C:mountain+2 C:whist/A+2"),
    # 6 with 2+2: the obligation met
    ("A:6 B:2 C:2", "A:pool+2 B:whist/A+4 C:whist/A+4"),
])
def test_sochi_two_whisters_at_six(result: str, score: str) -> None:
    assert_scores(deal("sochi", "6S", "A", result, score))


def test_sochi_two_whisters_at_eight_both_answer_by_default() -> None:
    assert_scores(deal("sochi", "8C", "A", "A:10 B:0 C:0", "A:pool+6 B:mountain+6 C:mountain+6"))


def test_only_the_second_whister_answers_with_the_classic_rule() -> None:
    assert_scores(deal("sochi", "8C", "A", "A:10 B:0 C:0", "A:pool+6 C:mountain+6",
                       rules="high-whist-failure=second"))


def test_lone_whister_answers_for_the_whole_shortfall() -> None:
    # 7S, B whists alone and the defence takes 1 of 2: B pays 1 × 4; writes 1 × 4
    assert_scores(deal("sochi", "7S", "A", "A:9 B:1 C:0", "A:pool+4 B:mountain+4 B:whist/A+4",
                       "whist pass"))


def test_half_responsible_whist() -> None:
    assert_scores(deal("sochi", "7S", "A", "A:9 B:1 C:0", "A:pool+4 B:mountain+2 B:whist/A+4",
                       "whist pass", rules="responsible=half"))


def test_both_pass_credits_the_declarer_without_play() -> None:
    text = deal("sochi", "7C", "A", "A:7", "A:pool+4", "pass pass").replace(
        '[Result "A:7"]\n', "")
    assert codes(text) == []


@pytest.mark.parametrize(("contract", "half"), [("6H", 4), ("7H", 4)])
def test_half_whist_writes_half_the_obligation(contract: str, half: int) -> None:
    # 6: half of 4 tricks = 2 × 2 = 4; 7: half of 2 = 1 × 4 = 4
    price = {"6H": 2, "7H": 4}[contract]
    text = deal("sochi", contract, "A", "A:6", f"A:pool+{price} C:whist/A+{half}", "pass half")
    assert codes(text.replace('[Result "A:6"]\n', "")) == []


def test_half_whist_not_allowed_at_eight() -> None:
    text = deal("sochi", "8H", "A", "A:8", "A:pool+6", "pass half").replace(
        '[Result "A:8"]\n', "")
    assert "PFN-E406" in codes(text)


def test_first_defender_may_not_whist_after_half_unless_the_house_allows_it() -> None:
    text = deal("sochi", "6H", "A", "A:6 B:4 C:0", "A:pool+2 B:whist/A+8", "pass half whist")
    assert "PFN-E406" in codes(text)
    assert codes(text.replace('[Variant "sochi"]', '[Variant "sochi"]\n'
                              '[Rules "whist-after-half=on"]')) == []


@pytest.mark.parametrize(("variant", "result", "score"), [
    ("sochi", "A:0 B:5 C:5", "A:pool+10"),
    ("sochi", "A:3 B:4 C:3", "A:mountain+30"),
    ("leningrad", "A:2 B:4 C:4", "A:mountain+40"),
    ("rostov", "A:1 B:4 C:5", "A:mountain+10"),
])
def test_misere(variant: str, result: str, score: str) -> None:
    assert_scores(deal(variant, "mis", "A", result, score, None))


def test_stalingrad_forbids_passing_six_spades() -> None:
    text = deal("mailru", "6S", "A", "A:6 B:4 C:0", "A:pool+2 B:whist/A+8", "whist pass")
    assert "PFN-E406" in codes(text)


def test_checked_ten_defeated_writes_nothing_for_the_defenders() -> None:
    # Mail.ru checks the ten; defeated by one: mountain 10, the defenders write nothing
    text = deal("mailru", "10S", "A", "A:9", "A:mountain+10", "check")
    assert codes(text) == []


# -- all-pass -------------------------------------------------------------------


def allpass(variant: str, result: str, score: str, rules: str = "") -> str:
    extra = f'[Rules "{rules}"]\n' if rules else ""
    return (f'[Variant "{variant}"]\n{extra}[Dealer "A"]\n[Deal "A:? B:? C:? talon:?"]\n'
            f'[Declarer ""]\n[Contract "pass"]\n[Result "{result}"]\n[Score "{score}"]\n')


def test_allpass_tricks_on_the_mountain_and_a_pool_point_for_none() -> None:
    assert_scores(allpass("sochi", "A:6 B:4 C:0", "A:mountain+6 B:mountain+4 C:pool+1"))


def test_rostov_allpass_is_written_in_whists() -> None:
    # C took fewest (1): 5 whists per trick against each other player for each trick
    assert_scores(allpass("rostov", "A:5 B:4 C:1", "C:whist/A+25 C:whist/B+20"))


def test_allpass_no_trick_reward_house_rule() -> None:
    assert_scores(allpass("sochi", "A:6 B:4 C:0", "A:mountain+6 B:mountain+4 C:pool+2",
                          "allpass-no-trick=2"))
