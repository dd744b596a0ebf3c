"""The TextMate grammar: up to date with the vocabulary, every example tokenized with no
text left unmatched, each kind of word in its scope.  The grammar is run by a small
TextMate interpreter written here (match and begin/end rules, includes, captures)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pfn.cards import parse_card
from pfn.tools import textmate
from pfn.vocabulary import RUSSIAN, SERBIAN
from tests.conftest import EXAMPLES, ROOT

GRAMMAR_FILE = ROOT / "editors" / "pfn.tmLanguage.json"
Token = tuple[str, str]
"""(text, scope)"""


class TextMate:
    """Enough of a TextMate engine for this grammar: at each place the rule that
    matches first (leftmost; the earlier rule on a tie) wins."""

    def __init__(self, grammar: dict[str, Any]) -> None:
        self.grammar = grammar

    def rules(self, patterns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for rule in patterns:
            if "include" in rule:
                included = self.grammar["repository"][rule["include"].lstrip("#")]
                out += self.rules(included.get("patterns", [included]))
            else:
                out.append(rule)
        return out

    def tokens(self, text: str) -> list[Token]:
        top = self.rules(self.grammar["patterns"])
        out: list[Token] = []
        stack: list[dict[str, Any]] = []  # open begin/end rules
        for line in text.split("\n"):
            at = 0
            while at < len(line):
                if stack:
                    rule = stack[-1]
                    end = re.compile(rule["end"]).search(line, at)
                    stop = end.start() if end else len(line)
                    if stop > at:
                        out.append((line[at:stop], rule["name"]))
                    if end:
                        out.append((end.group(), rule.get("endCaptures", {}).get(
                            "0", {"name": rule["name"]})["name"]))
                        stack.pop()
                    at = end.end() if end else len(line)
                    continue
                best: tuple[re.Match[str], dict[str, Any]] | None = None
                for rule in top:
                    found = re.compile(rule.get("match") or rule["begin"]).search(line, at)
                    if found and found.end() > found.start() and (
                            best is None or found.start() < best[0].start()):
                        best = (found, rule)
                if best is None:
                    out.append((line[at:], ""))
                    break
                found, rule = best
                if found.start() > at:
                    out.append((line[at:found.start()], ""))
                if "begin" in rule:
                    out.append((found.group(), rule.get("beginCaptures", {}).get(
                        "0", {"name": rule["name"]})["name"]))
                    stack.append(rule)
                elif "captures" in rule:
                    last = found.start()
                    for index in sorted(rule["captures"], key=int):
                        start, stop = found.span(int(index))
                        if start < 0:
                            continue
                        if start > last:
                            out.append((line[last:start], rule.get("name", "")))
                        out.append((line[start:stop], rule["captures"][index]["name"]))
                        last = stop
                    if last < found.end():
                        out.append((line[last:found.end()], rule.get("name", "")))
                else:
                    out.append((found.group(), rule["name"]))
                at = found.end()
        return out


@pytest.fixture(scope="module")
def engine() -> TextMate:
    return TextMate(json.loads(GRAMMAR_FILE.read_text(encoding="utf-8")))


def test_the_grammar_file_is_up_to_date() -> None:
    assert GRAMMAR_FILE.read_text(encoding="utf-8") == textmate.text(), \
        "run: python -m pfn.tools.textmate editors/pfn.tmLanguage.json"


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.pfn")), ids=lambda p: p.name)
def test_every_example_has_no_unmatched_text(engine: TextMate, path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    tokens = engine.tokens(text)
    assert "".join(t for t, _ in tokens) == text.replace("\n", "")
    unmatched = [t for t, scope in tokens if not scope and t.strip()]
    assert not unmatched, unmatched[:5]
    # every word that reads as a card is scoped as one (but 7S, a bid, which is a call)
    for word, scope in tokens:
        if parse_card(word) is not None and "comment" not in scope and "string" not in scope \
                and RUSSIAN.call(word) is None:
            assert scope.startswith("constant.language.card"), (word, scope)


def scope_of(engine: TextMate, line: str, word: str) -> str:
    return next(s for t, s in engine.tokens(line) if t == word)


@pytest.mark.parametrize(("line", "word", "scope"), [
    ('[Event "Club"]', "Event", "entity.name.tag.pfn"),
    ('[Event "Club"]', '"Club"', "string.quoted.double.pfn"),
    ("% PFN 1.0", "% PFN 1.0", "meta.preprocessor.pfn"),
    ("SA S9 S8", "SA", "constant.language.card.spade.pfn"),
    ("♣K S9 S8", "♣K", "constant.language.card.club.pfn"),
    ("D7 S9 S8", "D7", "constant.language.card.diamond.pfn"),
    ("♥10 S9 S8", "♥10", "constant.language.card.heart.pfn"),
    ("AH S9 S8", "AH", "constant.language.card.heart.pfn"),  # rank first, not a call
    ("SA - S8", "-", "constant.language.card.unknown.pfn"),
    ("6S 6C pass", "6C", "keyword.other.call.pfn"),
    ("6S пас здесь", "пас", "keyword.other.call.pfn"),
    ("6S пас здесь", "здесь", "keyword.other.call.pfn"),
    ("вист пас открыто", "открыто", "keyword.other.call.pfn"),
    ("dođem dalje", "dođem", "keyword.other.call.pfn"),
    ("2 3 moje", "moje", "keyword.other.call.pfn"),
    ("шесть-пик мизер", "шесть-пик", "keyword.other.call.pfn"),
    ("7NT-hand pass", "7NT-hand", "keyword.other.call.pfn"),
    ("6♠ pass", "6♠", "keyword.other.call.pfn"),
    ("B:pass whist", "B", "variable.parameter.seat.pfn"),
    ("B:pass whist", "pass", "keyword.other.call.pfn"),
    ("SA! S9 S8", "!", "keyword.operator.annotation.pfn"),
    ("SA $4 S9", "$4", "constant.other.nag.pfn"),
    ("SA =1= S9", "=1=", "variable.other.note.pfn"),
    ("CA CT C8 *", "*", "keyword.operator.claim.pfn"),
    ("SA (SK) S9", "(", "punctuation.section.variation.pfn"),
    ("SA { a comment } S9", "{", "punctuation.definition.comment.begin.pfn"),
    ("SA ; the rest", "; the rest", "comment.line.semicolon.pfn"),
    ("A bule=22 qwerty", "qwerty", "meta.word.pfn"),
])
def test_each_kind_of_word_has_its_scope(engine: TextMate, line: str, word: str,
                                         scope: str) -> None:
    assert scope_of(engine, line, word) == scope


def test_a_comment_runs_over_lines(engine: TextMate) -> None:
    tokens = engine.tokens("SA { one\ntwo SA } S9")
    assert ("two SA ", "comment.block.pfn") in tokens
    assert tokens[-1] == ("S9", "constant.language.card.spade.pfn")


def test_calls_come_from_the_vocabulary(engine: TextMate) -> None:
    """A sample of the vocabulary's spellings, canonical and aliases, all scoped as
    calls: the grammar is generated, not written by hand."""
    words = sorted(set(RUSSIAN.calls) | set(SERBIAN.calls) | set(RUSSIAN.defence))
    for word in words[::37]:
        assert scope_of(engine, f"{word} x", word) == "keyword.other.call.pfn", word
