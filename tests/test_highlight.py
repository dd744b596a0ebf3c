"""The Pygments lexer: every example without an error token, each kind of word in its
token class, and words taken from the vocabulary."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments.token import Comment, Error, Name, Punctuation, String, Text, Whitespace

from pfn.notation.highlight import (
    SUIT_TOKENS,
    Call,
    Card,
    Claim,
    Contract,
    Nag,
    NoteRef,
    PfnLexer,
    Suffix,
    word_token,
)
from pfn.vocabulary import RUSSIAN
from tests.conftest import EXAMPLES


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.pfn")), ids=lambda p: p.name)
def test_no_error_token_in_any_example(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    tokens = list(PfnLexer().get_tokens(text))
    assert not [value for kind, value in tokens if kind in Error]
    assert "".join(value for _, value in tokens) == text.replace("\r\n", "\n").rstrip("\n") + "\n"


SAMPLE = """% PFN 1.0
{ a problem }
[Event "Club"] ; the club
[Auction "A"]
6S пас B:pass здесь
[Defence "B"]
вист pratim
[Play "A"]
S7! CA?? D9 $14 HT =1= (H8 { or this }) -
SA *
"""


def kinds(text: str) -> dict[str, object]:
    return {value: kind for kind, value in PfnLexer().get_tokens(text)
            if kind not in Whitespace}


def test_each_kind_of_word_has_its_token() -> None:
    found = kinds(SAMPLE)
    assert found["% PFN 1.0"] in Comment.Preproc
    assert found["{ a problem }"] in Comment.Multiline
    assert found["; the club"] in Comment.Single
    assert found["Event"] in Name.Tag and found['"Club"'] in String
    assert found["["] in Punctuation and found["("] in Punctuation
    for word in ("6S", "пас", "здесь", "вист", "pratim"):
        assert found[word] is Call, word
    assert found["B:pass"] is Call
    assert found["S7"] is SUIT_TOKENS[0] and found["CA"] is SUIT_TOKENS[1]
    assert found["D9"] is SUIT_TOKENS[2] and found["HT"] is SUIT_TOKENS[3]
    assert found["H8"] is SUIT_TOKENS[3]  # inside a variation too
    assert found["-"] is Card
    assert found["!"] is Suffix and found["??"] is Suffix
    assert found["$14"] is Nag and found["=1="] is NoteRef
    assert found["*"] is Claim
    assert word_token("мизер") is Contract or word_token("мизер") is Call
    # 7S is a bid, though a card read rank first; A♠ is a card
    assert word_token("7S") is Call and word_token("10H") is Call
    assert word_token("A♠") is SUIT_TOKENS[0] and word_token("♥10") is SUIT_TOKENS[3]


def test_a_word_the_vocabulary_learns_is_highlighted_without_touching_the_lexer() -> None:
    word = "зюзя"
    assert word_token(word) is Text
    table = RUSSIAN.calls
    assert isinstance(table, dict)
    table[word] = "pass"
    try:
        assert word_token(word) is Call
    finally:
        del table[word]


def test_the_lexer_and_style_are_registered_with_pygments() -> None:
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
    from pygments.styles import get_style_by_name

    assert isinstance(get_lexer_by_name("pfn"), PfnLexer)
    assert isinstance(get_lexer_for_filename("pool.pfn"), PfnLexer)
    assert get_style_by_name("pfn").styles[SUIT_TOKENS[3]].endswith("#c8102e")
