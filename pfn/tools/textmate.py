"""The TextMate grammar of PFN (``editors/pfn.tmLanguage.json``), generated from the
vocabulary: VS Code, Sublime Text, GitHub's Linguist and others highlight PFN with it.

Run ``python -m pfn.tools.textmate editors/pfn.tmLanguage.json`` (``make docs`` does)
after the vocabulary learns a word; a test fails while the file is out of date.

The grammar has the lexer's shapes (:mod:`pfn.notation.highlight`): directives, tag
pairs, comments, variations, NAGs, note references, suffixes, the claim; cards by suit;
and the calls of every family in the spellings the vocabulary knows.  TextMate cannot
fold a word as the reader does, so the call rule lists the folded spellings (matched
in any case) and the canonical tokens; a word it does not list is still a word
(``meta.word.pfn``), as it is plain text to the Pygments lexer.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from pfn.cards import SUIT_CHARS, rank_of
from pfn.vocabulary import (
    BRITANNICA,
    CANONICAL_CONTRACTS,
    DEFENCE_CALLS,
    LEVEL_WORDS,
    RUSSIAN,
    SERBIAN,
    STRAIN_WORDS,
    WITHOUT_TALON,
    fold,
)

RANKS = "".join(sorted({c for c in "789TJQKA\u0422\u041a\u0414\u0412" if rank_of(c)}))
_BEFORE = r"(?<![^\s(){}])"
"""A word starts after white space, a parenthesis or a brace (or at the line start)."""
_AFTER = r"(?=[!?]*(?:[\s(){};]|$))"
"""… and ends before its suffix and the next separator."""
SUITS = {"spade": 0, "club": 1, "diamond": 2, "heart": 3}


def _trie_regex(words: list[str]) -> str:
    """One regular expression for ``words``, their common prefixes factored out (a
    regex engine then tries a few branches at each letter, not thousands of words)."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        branches = []
        optional = "" in node
        for char in sorted(k for k in node if k):
            branches.append(re.escape(char) + build(node[char]))
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 and len(branches[0]) == 1 else \
            "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if optional else body

    return build(trie)


def bid_regex() -> str:
    """A level, a strain and "without the talon" in any of their words: most of the
    vocabulary's thousands of spellings are these products."""
    levels = _trie_regex(sorted({fold(w) for words in LEVEL_WORDS.values() for w in words}))
    strains = _trie_regex(sorted({fold(w) for words in STRAIN_WORDS.values() for w in words}))
    suffix = _trie_regex(sorted({fold(w) for w in WITHOUT_TALON}))
    return f"(?:{levels})[-_/.]?(?:{strains})(?:[-_/.]?(?:{suffix}))?"


def call_words() -> list[str]:
    """Every spelling of an auction or defence call the vocabularies know (folded), and
    the canonical tokens as written, but those :func:`bid_regex` matches."""
    words: set[str] = set(DEFENCE_CALLS) | set(CANONICAL_CONTRACTS)
    for vocabulary in (RUSSIAN, SERBIAN, BRITANNICA):
        words |= set(vocabulary.calls) | set(vocabulary.defence) | vocabulary.canonical_calls
    bids = re.compile(bid_regex(), re.IGNORECASE)
    return sorted(w.casefold() for w in words if w and not bids.fullmatch(w))


def _suit_chars(suit: int) -> str:
    return "".join(re.escape(ch) for ch, s in SUIT_CHARS.items() if s == suit)


def _card(suit: int, rank_first: bool = False) -> str:
    """A card of ``suit``: suit first (``SA``, ``♥10``), or rank first (``A♠``), which
    is tried after the calls, since ``7S`` is a bid."""
    chars = _suit_chars(suit)
    rank = f"(?:10|[{RANKS}])"
    body = f"{rank}[{chars}]\ufe0f?" if rank_first else f"[{chars}]\ufe0f?{rank}"
    return f"(?i){_BEFORE}{body}{_AFTER}"


def grammar() -> dict[str, Any]:
    """The grammar as a JSON-ready dict."""
    calls = f"{bid_regex()}|{_trie_regex(call_words())}"
    symbols = "".join(_suit_chars(s) for s in range(4))
    word = r"[^\s{}()\[\];\"%]+"
    repository: dict[str, Any] = {
        "comment": {"patterns": [
            {"name": "comment.block.pfn", "begin": r"\{", "end": r"\}",
             "beginCaptures": {"0": {"name": "punctuation.definition.comment.begin.pfn"}},
             "endCaptures": {"0": {"name": "punctuation.definition.comment.end.pfn"}}},
            {"name": "comment.line.semicolon.pfn", "match": r";.*$"},
        ]},
        "tag": {"match": r'(\[)([ \t]*)([A-Za-z][A-Za-z0-9_]*)([ \t]*)("(?:[^"\\]|\\.)*")'
                         r'([ \t]*)(\])',
                "name": "meta.tag.pfn",
                "captures": {"1": {"name": "punctuation.definition.tag.begin.pfn"},
                             "3": {"name": "entity.name.tag.pfn"},
                             "5": {"name": "string.quoted.double.pfn"},
                             "7": {"name": "punctuation.definition.tag.end.pfn"}}},
        "move": {"patterns": [
            {"name": "punctuation.section.variation.pfn", "match": r"[()]"},
            {"name": "constant.other.nag.pfn", "match": r"\$\d+"},
            {"name": "variable.other.note.pfn", "match": r"=\d{1,4}="},
            {"name": "keyword.operator.claim.pfn", "match": _BEFORE + r"\*" + _AFTER},
            {"name": "constant.language.card.unknown.pfn", "match": _BEFORE + "-" + _AFTER},
            *({"name": f"constant.language.card.{name}.pfn", "match": _card(suit)}
              for name, suit in SUITS.items()),
            {"match": f"(?i){_BEFORE}([ABCD])(:)(" + calls + ")" + _AFTER,
             "captures": {"1": {"name": "variable.parameter.seat.pfn"},
                          "2": {"name": "punctuation.separator.seat.pfn"},
                          "3": {"name": "keyword.other.call.pfn"}}},
            {"name": "keyword.other.call.pfn", "match": f"(?i){_BEFORE}(?:{calls}){_AFTER}"},
            {"name": "keyword.other.call.pfn",
             "match": f"(?i){_BEFORE}(?:6|7|8|9|10)[{symbols}]\ufe0f?(?:-?hand)?{_AFTER}"},
            *({"name": f"constant.language.card.{name}.pfn", "match": _card(suit, True)}
              for name, suit in SUITS.items()),
            {"name": "constant.numeric.pfn", "match": _BEFORE + r"-?\d+(?:/\d+)?" + _AFTER},
            {"name": "keyword.operator.annotation.pfn", "match": r"(?<=\S)[!?]{1,2}"},
            {"name": "keyword.operator.annotation.pfn", "match": _BEFORE + r"[!?]{1,2}" + _AFTER},
            {"name": "meta.word.pfn", "match": word},
            {"name": "punctuation.other.pfn", "match": r"[\[\]\";%]"},
        ]},
    }
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/"
                   "tmlanguage.json",
        "name": "PFN",
        "scopeName": "source.pfn",
        "fileTypes": ["pfn"],
        "comment": "Generated by python -m pfn.tools.textmate from pfn/vocabulary.py: do not"
                   " edit.",
        "patterns": [
            {"name": "meta.preprocessor.pfn", "match": r"^%.*$"},
            {"include": "#comment"},
            {"include": "#tag"},
            {"include": "#move"},
        ],
        "repository": repository,
    }


def text() -> str:
    """The grammar file's content."""
    return json.dumps(grammar(), ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> int:
    target = Path(argv[0] if argv else "editors/pfn.tmLanguage.json")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
