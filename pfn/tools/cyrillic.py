"""Serbian in Cyrillic letters from the Latin catalog (``make catalogs``).

The Latin catalog (``pfn/locale/sr``) is the one translators edit; the Cyrillic one
(``pfn/locale/sr_Cyrl``) is made from it letter by letter, leaving alone what a user
types or reads as code: placeholders, commands, options and their values, tag names,
codes (``E503``), cards and hands in notation (``AKQJ7.AK.7.A7``), key names, file
names.  Each entry remembers the Latin text it was made from (a ``latin:`` comment with
its digest); an entry corrected by hand is kept until its Latin text changes.
"""

from __future__ import annotations

import hashlib
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

_DIGRAPHS = {"lj": "љ", "nj": "њ", "dž": "џ", "Lj": "Љ", "Nj": "Њ", "Dž": "Џ",
             "LJ": "Љ", "NJ": "Њ", "DŽ": "Џ"}
_LETTERS = dict(zip("abvgdđežzijklmnoprstćufhcčšABVGDĐEŽZIJKLMNOPRSTĆUFHCČŠ",
                    "абвгдђежзијклмнопрстћуфхцчшАБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШ", strict=True))
TAG_NAMES = ("Auction", "Board", "Contract", "Date", "Deal", "Dealer", "Declarer", "Defence",
             "Discard", "Event", "Match", "Note", "Play", "Players", "Result", "Round",
             "Rules", "Score", "Settlement", "Sheet", "Site", "Start", "Talon", "Target",
             "Variant")
"""PFN's tag names, written the same in every script (the notation's list, kept equal
by a test)."""
COMMAND_NAMES = ("record", "check", "fmt", "convert", "score", "render", "show", "solve",
                 "odds", "annotate", "filter", "dedupe", "stats", "split", "import", "export",
                 "generate", "explain", "rules", "lsp", "conformance", "web")
"""pfn's commands (``pfn check``), written as typed (the command line's, kept equal by a
test)."""
VARIANT_NAMES = ("sochi", "leningrad", "rostov", "russian-standard", "serbian", "mailru",
                 "britannica", "classic")
"""The variants' names, written as typed (the variants', kept equal by a test)."""
_KEEP = re.compile(r"(\{[^{}]*\}|`[^`]*`|\[[A-Z][A-Za-z]*|PFN-[EWI]\d+|\b[EWI]\d{1,3}\b|"
                   r"\b[AKQJT2-9]*(?:\.[AKQJT2-9]*){3}\b|\b[AKQJTSCDH]\b|\b[a-z]{2}-[A-Z][a-z]{3}\b|"
                   r"\bPage (?:Up|Down)\b|\bpip install\b|\b(?:Home|End|Enter|Esc|Space|Windows|"
                   r"iconv|greedy|gentleman|jumps|turns|player|North|East|South|West|info|"
                   r"warning|error|hint|seed|full|half|none|every|whisters|nobody|ante|"
                   r"checked|played)\b|\b[A-D]:[^\s,;)]{0,40}|"
                   r"\b[SCDH][AKQJT2-9]\b|\b\d+[SCDHN]T?\b|\b[a-z]{2,8}://\S+|--?[a-z-]+|"
                   r"(?m:^ {2,}\S.*$)|'[^'\s]{0,40}'|\b[\w.*/-]{1,60}\.[a-z]{2,5}\b|"
                   r"\b[\w.-]{1,40}=\S*|"
                   r"\bpfn (?:" + "|".join(COMMAND_NAMES) + r")\b|"
                   r"\b[A-Z][A-Za-z]{0,20}[A-Z]\w*\b|\b(?:pfn|json|jsonl|csv|svg|pdf|png|pgf|gif|"
                   r"apng|html|text|table|local|dask|native|python|screen|book|hide|grey|auto|"
                   r"yes|no|on|off|match|variant|stdin|stdout|stderr|undo|end|open-hands|"
                   r"information|unisay|gambler|jpref|shavlyugin|Pyodide|en|ru|sr|Dask|Neovim|"
                   r"Python|DejaVu Sans|Tab|"
                   r"Ctrl|" + "|".join(VARIANT_NAMES + TAG_NAMES) + r")\b|\"[^\"\s]{0,40}\")")
"""What stays in Latin letters in Serbian Cyrillic: placeholders, code, tags, cards,
contracts, seats, options and their values, file names, addresses, acronyms (PFN,
LaTeX), the examples of a command's help (indented lines) and the program's words.
Every repetition is bounded: a record's text in a message costs linear time."""


def cyrillic(text: str) -> str:
    """Serbian Latin letters as Cyrillic, leaving what is not Serbian alone: placeholders,
    code, tag names, cards, contracts, seats and options."""
    out = []
    for index, part in enumerate(_KEEP.split(text)):
        if index % 2:
            out.append(part)
            continue
        for digraph, letter in _DIGRAPHS.items():
            part = part.replace(digraph, letter)
        out.append("".join(_LETTERS.get(ch, ch) for ch in part))
    return "".join(out)


def digest(latin: object) -> str:
    """A short mark of the Latin text an entry was made from (its forms, if plural)."""
    text = "\0".join(latin) if isinstance(latin, (tuple, list)) else str(latin or "")
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def make_catalog(latin: Catalog, before: Catalog | None) -> Catalog:
    """The Cyrillic catalog of the Latin ``latin`` (Babel catalogs): each entry
    transliterated, unless ``before`` (the Cyrillic catalog as it was) holds the entry
    made from the same Latin text, which is kept as it is (corrected by hand, perhaps)."""
    from babel.messages.catalog import Catalog

    out = Catalog(locale="sr_Cyrl", project="pfn", charset="utf-8", fuzzy=False)
    for message in latin:
        if not message.id:
            continue
        mark = f"latin: {digest(message.string)}"
        kept = before.get(message.id, message.context) if before is not None else None
        if kept is not None and mark in kept.auto_comments and all(
                kept.string if isinstance(kept.string, tuple) else (kept.string,)):
            string = kept.string
        elif isinstance(message.string, (tuple, list)):
            string = tuple(cyrillic(s) for s in message.string)
        else:
            string = cyrillic(message.string or "")
        out.add(message.id, string, message.locations, flags=message.flags,
                auto_comments=[mark], context=message.context)
    return out
