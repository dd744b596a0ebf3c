"""A Pygments lexer for PFN, registered as ``pfn`` (files ``*.pfn``).

The lexer knows the notation's shapes — directives, tag pairs, comments, variations,
NAGs, note references, suffixes, the claim — and asks the vocabulary
(:mod:`pfn.vocabulary`) what each word of a section is: a card (by suit, so a style
can colour the suits), an auction or defence call in any spelling a family knows
(``вист``, ``pratim``, ``whist``), or a contract.  A word the vocabulary learns is
highlighted without touching this file.  Nothing is an error token: a word no
vocabulary knows is plain text, as the reader would say what is wrong with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar

from pygments.lexer import RegexLexer, include
from pygments.lexer import bygroups as _bygroups
from pygments.style import Style
from pygments.token import (
    Comment,
    Generic,
    Keyword,
    Literal,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Token,
    Whitespace,
    _TokenType,
)

from pfn.cards import parse_card
from pfn.vocabulary import BRITANNICA, RUSSIAN, SERBIAN

Card = Literal.Card
SUIT_TOKENS = (Card.Spade, Card.Club, Card.Diamond, Card.Heart)
"""A card's token, by suit (♠ ♣ ♦ ♥)."""
Call = Keyword
Contract = Keyword.Type
Nag = Name.Decorator
NoteRef = Name.Label
Suffix = Operator
Claim = Generic.Strong

_VOCABULARIES = (RUSSIAN, SERBIAN, BRITANNICA)
bygroups: Any = _bygroups  # untyped in the stubs


def word_token(word: str) -> _TokenType:
    """What the vocabulary says a word of a section is (``7S``, rank first, is a bid
    before it is the seven of spades)."""
    if word[:1].isdigit() and any(v.call(word) is not None for v in _VOCABULARIES):
        return Call
    if parse_card(word) is not None:
        card = parse_card(word)
        assert card is not None
        return SUIT_TOKENS[card >> 3]
    for vocabulary in _VOCABULARIES:
        if vocabulary.call(word) is not None or vocabulary.defence_call(word) is not None:
            return Call
        if vocabulary.contract(word) is not None:
            return Contract
    if len(word) > 2 and word[1] == ":" and word[0].upper() in "ABCD":  # B:pass
        return word_token(word[2:])
    return Text


def _words(lexer: Any, match: re.Match[str]) -> Iterator[tuple[int, _TokenType, str]]:
    """A word of a section, its suffix (``!``, ``?!``) apart."""
    word = match.group()
    start = match.start()
    body = word.rstrip("!?")
    if word == "*":
        yield start, Claim, word
        return
    if word == "-":
        yield start, Card, word
        return
    if not body:
        yield start, Suffix, word
        return
    yield start, word_token(body), body
    if len(body) < len(word):
        yield start + len(body), Suffix, word[len(body):]


class PfnLexer(RegexLexer):
    """Preferans hand histories in PFN (``pfn.notation``; docs/spec.md)."""

    name = "PFN"
    aliases: ClassVar[list[str]] = ["pfn"]
    filenames: ClassVar[list[str]] = ["*.pfn"]
    mimetypes: ClassVar[list[str]] = ["text/x-pfn"]
    url = "docs/spec.md"

    tokens: ClassVar[dict[str, Any]] = {
        "root": [
            (r"^%[^\n]*", Comment.Preproc),
            include("common"),
        ],
        "common": [
            (r"\{[^}]*\}", Comment.Multiline),
            (r";[^\n]*", Comment.Single),
            (r'(\[)([ \t]*)([A-Za-z][A-Za-z0-9_]*)([ \t]*)'
             r'("[^"\\\n]*+(?:\\.[^"\\\n]*+)*+")([ \t]*)(\])',
             bygroups(Punctuation, Whitespace, Name.Tag, Whitespace, String, Whitespace,
                      Punctuation)),
            (r"\s+", Whitespace),
            (r"[()]", Punctuation),
            (r"\$\d+", Nag),
            (r"=\d{1,4}=", NoteRef),
            (r"-?\d+(?:/\d+)?(?=[\s)]|$)", Number),
            (r'[^\s{}()\[\];"%]+', _words),
            (r"[\[\]\";%]", Punctuation),  # stray punctuation: the reader says what is wrong
        ],
    }


class PfnStyle(Style):
    """Suits in their print colours; tags, calls and comments as in most themes."""

    styles: ClassVar[dict[_TokenType, str]] = {
        Token: "",
        Comment: "italic #6a737d",
        Comment.Preproc: "noitalic #6f42c1",
        Name.Tag: "bold #005cc5",
        String: "#032f62",
        Card.Spade: "#1a1a1a",
        Card.Club: "#1a1a1a",
        Card.Diamond: "#c8102e",
        Card.Heart: "#c8102e",
        Call: "bold #22863a",
        Contract: "bold #b31d28",
        Nag: "#e36209",
        NoteRef: "#e36209",
        Suffix: "bold #e36209",
        Claim: "bold #d73a49",
        Number: "#005cc5",
        Punctuation: "#586069",
    }
