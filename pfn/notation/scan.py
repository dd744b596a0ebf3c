"""The reader's fast path: a record's tokens found with one regular expression.

The grammar (``grammars/pfn.lark``) is coarse on purpose — a record is its leading
comments, then tag runs each followed by words, comments, line ends and nested
parenthesised variations — so a record that follows it can be tokenized by its
terminals alone and handed to the same :class:`~pfn.notation.build.RecordBuilder`
callbacks Lark calls.  :func:`scan` does exactly that and gives up (``None``) at the
first thing the grammar would not accept there, so Lark remains the judge: the record
is then parsed by Lark, which reports the error precisely.  Lark is not even imported
while every record is well formed (a faster start; ``tests/test_reader.py`` checks
that both paths build equal records).
"""

from __future__ import annotations

import re
from typing import Any

from pfn.model import Record

_TOKEN = re.compile(r"""
  (?P<TAG>(?:\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]*"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"
             [ \t]*\][ \t]*(?:\r?\n)?[ \t]*)++)
| (?P<WORDS>[^\s{}()\[\];"%][^{}()\[\];"%]*)
| (?P<COMMENT>\{[^}]*\})
| (?P<LINE_COMMENT>;[^\n]*)
| (?P<NL>\r?\n)
| (?P<WS>[^\S\r\n]+)
| (?P<OPEN>\()
| (?P<CLOSE>\))
""", re.VERBOSE)
"""The grammar's terminals (the same patterns, compared by ``tests/test_scanner_grammar.py``),
white space, and the parentheses."""


class Token(str):
    """A terminal as Lark gives it: the text, its type, its line and column (1-based)."""

    __slots__ = ("column", "line", "type")
    type: str
    line: int
    column: int

    def __new__(cls, kind: str, value: str, line: int, column: int) -> Token:
        token = super().__new__(cls, value)
        token.type, token.line, token.column = kind, line, column
        return token

    @property
    def value(self) -> str:
        """The text of the token."""
        return str(self)


def scan(text: str, builder: Any) -> Record | None:
    """The record of ``text`` built by ``builder``'s grammar callbacks, or ``None`` when
    the text is not a record the grammar accepts (Lark then parses it and says why)."""
    match = _TOKEN.match
    pos, end, line, line_start = 0, len(text), 1, 0
    start: list[Any] = []  # leading tokens, then one list per entry
    entry: list[Any] | None = None
    open_variations: list[list[Any]] = []
    while pos < end:
        m = match(text, pos)
        if m is None:
            return None
        kind = m.lastgroup
        value = m.group()
        if kind != "WS":
            if kind == "TAG":
                if open_variations:
                    return None
                entry = [Token(kind, value, line, pos - line_start + 1)]
                start.append(entry)
            elif kind == "OPEN":
                if entry is None:
                    return None
                open_variations.append([])
            elif kind == "CLOSE":
                if not open_variations:
                    return None
                variation = builder.variation(open_variations.pop())
                (open_variations[-1] if open_variations else entry).append(variation)  # type: ignore[union-attr]
            else:
                if entry is None and kind == "WORDS":
                    return None
                target = open_variations[-1] if open_variations else \
                    entry if entry is not None else start
                target.append(Token(kind, value, line, pos - line_start + 1))  # type: ignore[arg-type]
        lines = value.count("\n")
        if lines:
            line += lines
            line_start = pos + value.rfind("\n") + 1
        pos = m.end()
    if open_variations:
        return None
    record: Record = builder.start([builder.entry(c) if isinstance(c, list) else c
                                    for c in start])
    return record
