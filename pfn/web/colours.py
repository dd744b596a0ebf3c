"""The editor's highlighting: the token classes of pfn's Pygments lexer
(:mod:`pfn.notation.highlight`, the one ``pfn`` registers with Pygments) and the colours
of its style, for the page to lay over the text it shows.

Pygments is not part of the light core: the site carries it as a package of its own,
unpacked after the engine is ready, so the page is usable before it arrives.
"""

from __future__ import annotations

import json

LARGEST = 500_000
"""Characters highlighted at most (beyond, the text is shown plain: typing stays quick)."""


def _name(ttype: object) -> str:
    """A token type's class on the page: its path in Pygments' tree (``Literal.Card.Spade``
    is ``pfn-literal-card-spade``)."""
    return "pfn-" + "-".join(str(ttype).split(".")[1:]).lower()


def tokens(text: str) -> str:
    """The spans of ``text`` the lexer marks, as a JSON array of ``[start, end, class]``
    (offsets in characters; plain text and white space left out)."""
    from pfn.notation.highlight import PfnLexer

    if len(text) > LARGEST:
        return "[]"
    spans: list[list[object]] = []
    for start, ttype, value in PfnLexer().get_tokens_unprocessed(text):
        if str(ttype).startswith("Token.Text") or not value:  # white space is Text too
            continue
        end, name = start + len(value), _name(ttype)
        if spans and spans[-1][1] == start and spans[-1][2] == name:
            spans[-1][1] = end
        else:
            spans.append([start, end, name])
    return json.dumps(spans)


def style() -> str:
    """The style's colours as CSS rules for those classes (a dark scheme keeps the
    suits' colours and lightens the rest to the page's text colour)."""
    from pfn.notation.highlight import PfnStyle

    rules = []
    for ttype, given in PfnStyle:
        declarations = []
        if given["color"]:
            declarations.append(f"color: #{given['color']}")
        if given["bold"]:
            declarations.append("font-weight: bold")
        if given["italic"]:
            declarations.append("font-style: italic")
        if declarations and str(ttype) != "Token":
            rules.append(f".{_name(ttype)} {{ {'; '.join(declarations)} }}")
    return "\n".join(rules)
