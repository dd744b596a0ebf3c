"""Right-to-left names in left-to-right lines.

A label such as ``שרה plays 7♠ · דוד and Ana whist`` is one line read left to right
with names in it.  Left to the Unicode bidirectional algorithm as a whole, the
punctuation between two right-to-left names takes their direction and the names
change places.  So every name is *isolated* (FSI … PDI, :func:`isolate`): an SVG's
viewer then lays each name out on its own and keeps the line in order.  PDF, PNG and
PGF are drawn glyph by glyph in the order given, with no bidirectional layout at all:
for them :func:`visual` puts the text in the order it is seen (each right-to-left run
reversed, its numbers and Latin words kept reading left to right, brackets mirrored)
and drops the isolates.  Arabic letters are not joined (matplotlib does not shape).
"""

from __future__ import annotations

import re
from unicodedata import bidirectional, mirrored

FSI, PDI = "\u2068", "\u2069"
_RTL = frozenset({"R", "AL"})
_CONTROLS = re.compile("[\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\u061c\ufeff]")
"""Direction marks, embeddings, overrides and isolates: a record's own are dropped
(an override in a name would turn the rest of the line around); so are the invisible
spaces and joiners that draw nothing (U+FEFF, U+200B, U+2060), which a PDF's font
subset cannot hold."""
_MIRROR = {"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<",
           "«": "»", "»": "«"}


def right_to_left(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter (Hebrew, Arabic, …)."""
    return not text.isascii() and any(bidirectional(c) in _RTL for c in text)


def isolate(name: str) -> str:
    """``name`` without direction controls of its own, isolated when it has a
    right-to-left letter (a left-to-right name is left as it is)."""
    name = _CONTROLS.sub("", name)
    return f"{FSI}{name}{PDI}" if right_to_left(name) else name


def visual(text: str) -> str:
    """``text`` (a left-to-right line, names isolated) in the order it is seen, for
    outputs that lay no text out themselves; text with no right-to-left letter is
    returned as it is."""
    if not right_to_left(text):
        return text.replace(FSI, "").replace(PDI, "") if FSI in text else text
    # isolates first: each laid out on its own, by its first strong letter, then a
    # neutral unit of the line around it
    units: list[str] = []
    kinds: list[str] = []
    rest = text
    while rest:
        start = rest.find(FSI)
        if start < 0:
            units += list(rest)
            kinds += [bidirectional(c) for c in rest]
            break
        units += list(rest[:start])
        kinds += [bidirectional(c) for c in rest[:start]]
        end = rest.find(PDI, start)
        end = len(rest) if end < 0 else end
        inside = rest[start + 1:end]
        units.append(_run(inside) if _first_strong(inside) in _RTL else _line(inside))
        kinds.append("ON")
        rest = rest[end + 1:]
    return _line_units(units, kinds)


def _first_strong(text: str) -> str:
    return next((k for k in map(bidirectional, text) if k in ("L", "R", "AL")), "L")


def _line(text: str) -> str:
    return _line_units(list(text), [bidirectional(c) for c in text])


def _line_units(units: list[str], kinds: list[str]) -> str:
    """A left-to-right line: each stretch from a right-to-left letter to the last one
    before the next left-to-right letter is reversed (:func:`_run`)."""
    out: list[str] = []
    i = 0
    while i < len(units):
        if kinds[i] not in _RTL:
            out.append(units[i])
            i += 1
            continue
        last = j = i
        while j < len(units) and kinds[j] != "L":
            if kinds[j] in _RTL:
                last = j
            j += 1
        out.append(_run_units(units[i:last + 1], kinds[i:last + 1]))
        i = last + 1
    return "".join(out)


def _run(text: str) -> str:
    return _run_units(list(text), [bidirectional(c) for c in text])


def _run_units(units: list[str], kinds: list[str]) -> str:
    """A right-to-left run as seen: its pieces in reverse order, a number or a Latin
    word inside it still read left to right, brackets mirrored."""
    pieces: list[str] = []
    forward = ""  # a number or Latin word being gathered
    for unit, kind in zip(units, kinds, strict=True):
        if kind in ("L", "EN", "AN") or (forward and kind in ("CS", "ES", "ET")
                                         and len(unit) == 1):
            forward += unit
            continue
        if forward:
            pieces.append(forward)
            forward = ""
        pieces.append(_MIRROR.get(unit, unit) if len(unit) == 1 and mirrored(unit) else unit)
    if forward:
        pieces.append(forward)
    return "".join(reversed(pieces))
