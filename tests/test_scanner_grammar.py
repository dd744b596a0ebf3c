"""The reader's fast path (``pfn.notation.scan``) tokenizes with the grammar's own
terminals: each named group of its pattern is the terminal of ``grammars/pfn.lark``
with the same name, character for character, and the white space it skips is the
grammar's ``%ignore``.  A change to one without the other fails here, not as two
readers that disagree on some record."""

from __future__ import annotations

import re

from lark import Lark

from pfn.notation import scan
from pfn.resources import resource

_ESCAPES = {"t": "\t", "n": "\n", "r": "\r"}


def unescaped(pattern: str) -> str:
    """A pattern with ``\\t``, ``\\n`` and ``\\r`` written as the characters (Lark
    keeps its terminals so); other escapes, ``\\\\`` among them, as they are."""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], m[0]), pattern)


def grammar_terminals() -> dict[str, str]:
    parser = Lark(resource("grammars", "pfn.lark"), parser="lalr", lexer="contextual")
    found: dict[str, str] = {}
    for terminal in parser.terminals:
        found[terminal.name] = unescaped(terminal.pattern.to_regexp())
    ignored = {name for name in parser.ignore_tokens}
    return {("WS" if name in ignored else name): pattern for name, pattern in found.items()}


def scanner_groups() -> dict[str, str]:
    pattern = scan._TOKEN.pattern
    groups: dict[str, str] = {}
    names = list(scan._TOKEN.groupindex)
    for name, following in zip(names, [*names[1:], None], strict=True):
        start = pattern.index(f"(?P<{name}>") + len(f"(?P<{name}>")
        end = pattern.index(f"(?P<{following}>") if following else len(pattern)
        body = pattern[start:end].strip()
        body = body.removesuffix("|").strip()
        assert body.endswith(")")
        # the VERBOSE pattern may break a long terminal over lines: join them again
        groups[name] = unescaped(re.sub(r"\s*\n\s*", "", body[:-1]))
    return groups


def test_every_scanner_token_is_the_grammars_terminal_of_that_name() -> None:
    terminals = grammar_terminals()
    groups = scanner_groups()
    # the parentheses are the grammar's anonymous "(" and ")" literals
    assert groups.pop("OPEN") == r"\(" and groups.pop("CLOSE") == r"\)"
    for name, body in groups.items():
        assert name in terminals, f"{name} is not a terminal of grammars/pfn.lark"
        assert body == terminals[name], (name, body, terminals[name])


def test_every_named_terminal_of_the_grammar_is_scanned() -> None:
    named = {name for name in grammar_terminals() if not name.startswith("__")
             and name.isupper() and not name.startswith(("LPAR", "RPAR"))}
    assert named <= set(scanner_groups()), named - set(scanner_groups())


def test_the_comparison_sees_a_difference() -> None:
    """The check is not vacuous: one changed character in a pattern is caught."""
    groups = scanner_groups()
    terminals = grammar_terminals()
    assert groups["COMMENT"] == terminals["COMMENT"]
    assert groups["COMMENT"].replace("}", ")") != terminals["COMMENT"]
