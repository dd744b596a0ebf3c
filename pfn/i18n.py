"""The language pfn speaks: gettext catalogs for Russian and Serbian, one language at a
time for messages and output.

A text meant for a person is written in English in the code and marked: ``tr("{name}
does not hold {card}", name=…, card=…)`` translates and fills it in, ``ntr`` picks the
form after a number (1 взятка, 2 взятки, 5 взяток; 1 štih, 2 štiha, 5 štihova), and
``ptr`` says a word in a context (a rank, a defence call), ``N_`` marks a text
kept in a table and translated where it is shown.  The catalogs
are ``pfn/locale/<lang>/LC_MESSAGES/pfn.po``, compiled into ``.mo`` when the package
is built (``setup.py``; ``make catalogs`` extracts and updates them).

The language is chosen once per command (:func:`resolve`: ``--lang``, then
``PFN_LANG``, then the locale's ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) and set for the
running context (:func:`use`).  Serbian in Cyrillic (``sr-Cyrl``) is the Latin
catalog transliterated letter by letter, the placeholders left alone.  A record's
variant never chooses the language of messages.
"""

from __future__ import annotations

import errno
import gettext
import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ru", "sr", "sr-Cyrl")
"""What ``--lang`` takes: English, Russian, Serbian in Latin and in Cyrillic letters."""

DOMAIN = "pfn"
LOCALE_DIR = Path(__file__).with_name("locale")
_CATALOG = {"ru": "ru", "sr": "sr", "sr-Cyrl": "sr"}
_current: ContextVar[str] = ContextVar("pfn_language", default="en")


class UnknownLanguage(ValueError):
    """A language pfn has no catalog for."""


def normalise(lang: str) -> str:
    """``ru_RU.UTF-8`` → ``ru``; ``sr_RS@latin`` → ``sr``; ``sr_RS`` and ``sr@cyrillic``
    → ``sr-Cyrl`` (glibc's ``sr_RS`` is Cyrillic); ``C``/``POSIX`` → ``en``."""
    text = lang.strip()
    lowered = text.lower().replace("_", "-")
    if lowered in ("", "c", "posix") or lowered.startswith(("c.", "en")):
        return "en"
    base, _, modifier = lowered.partition("@")
    base = base.split(".")[0]
    parts = base.split("-")
    if parts[0] == "ru":
        return "ru"
    if parts[0] == "sr":
        if modifier == "latin" or "latn" in parts[1:]:
            return "sr"
        if modifier == "cyrillic" or "cyrl" in parts[1:]:
            return "sr-Cyrl"
        # a bare "sr" is pfn's Serbian (Latin, as its figures always were); a country
        # code without a script is glibc's sr_RS, which is Cyrillic
        return "sr" if len(parts) == 1 else "sr-Cyrl"
    raise UnknownLanguage(tr("no messages in {text}: pfn speaks {languages}", text=repr(text),
                             languages=", ".join(LANGUAGES)))


def resolve(option: str | None = None) -> str:
    """The language a command speaks: ``--lang``, then ``PFN_LANG``, then the locale
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``); a locale pfn has no catalog for is English
    (an unknown ``--lang`` or ``PFN_LANG`` is an error the caller reports)."""
    if option:
        return normalise(option)
    if os.environ.get("PFN_LANG"):
        return normalise(os.environ["PFN_LANG"])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            try:
                return normalise(value)
            except UnknownLanguage:
                return "en"
    return "en"


def current() -> str:
    """The language of the running command (``en`` unless set)."""
    return _current.get()


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on in this context (a command's whole run)."""
    _current.set(normalise(lang))


@contextmanager
def use(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block."""
    token = _current.set(normalise(lang))
    try:
        yield
    finally:
        _current.reset(token)


# -- Serbian Cyrillic ------------------------------------------------------------------

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
                 "generate", "explain", "rules", "lsp", "conformance")
"""pfn's commands (``pfn check``), written as typed (the command line's, kept equal by a
test)."""
VARIANT_NAMES = ("sochi", "leningrad", "rostov", "russian-standard", "serbian", "mailru",
                 "britannica", "classic")
"""The variants' names, written as typed (the variants', kept equal by a test)."""
_KEEP = re.compile(r"(\{[^{}]*\}|`[^`]*`|\[[A-Z][A-Za-z]*|PFN-[EWI]\d+|\b[A-D]:[^\s,;)]{0,40}|"
                   r"\b[SCDH][AKQJT2-9]\b|\b\d+[SCDHN]T?\b|\b[a-z]{2,8}://\S+|--?[a-z-]+|"
                   r"(?m:^ {2,}\S.*$)|'[^'\s]{0,40}'|\b[\w.*/-]{1,60}\.[a-z]{2,5}\b|"
                   r"\b[\w.-]{1,40}=\S*|"
                   r"\bpfn (?:" + "|".join(COMMAND_NAMES) + r")\b|"
                   r"\b[A-Z][A-Za-z]{0,20}[A-Z]\w*\b|\b(?:pfn|json|jsonl|csv|svg|pdf|png|pgf|gif|"
                   r"apng|html|text|table|local|dask|native|python|screen|book|hide|grey|auto|"
                   r"yes|no|on|off|match|variant|stdin|stdout|stderr|undo|end|open-hands|"
                   r"information|unisay|gambler|en|ru|sr|Dask|Neovim|Python|DejaVu Sans|Tab|"
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


class _Cyrillic(gettext.NullTranslations):
    """The Serbian catalog, its texts in Cyrillic letters."""

    def __init__(self, latin: gettext.NullTranslations) -> None:
        super().__init__()
        self.latin = latin

    def gettext(self, message: str) -> str:
        found = self.latin.gettext(message)
        return cyrillic(found) if found is not message else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        found = self.latin.ngettext(msgid1, msgid2, n)
        return cyrillic(found) if found not in (msgid1, msgid2) else found

    def pgettext(self, context: str, message: str) -> str:
        found = self.latin.pgettext(context, message)
        return cyrillic(found) if found is not message else message


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (English: the texts as written)."""
    lang = normalise(lang)
    if lang == "en":
        return gettext.NullTranslations()
    found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[_CATALOG[lang]], fallback=True)
    return _Cyrillic(found) if lang == "sr-Cyrl" else found


# -- marking and translating --------------------------------------------------------------


def tr(message: str, /, **values: Any) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled in."""
    text = translations(_current.get()).gettext(message)
    return text.format(**values) if values else text


def ntr(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The form of ``singular``/``plural`` that goes with ``n`` in the current language
    (Russian and Serbian have three), ``{n}`` and the placeholders filled in."""
    text = translations(_current.get()).ngettext(singular, plural, n)
    return text.format(**{"n": n, **values})  # ``n=`` may give the number as shown (1,000)


def ptr(context: str, message: str, /, **values: Any) -> str:
    """``message`` as said in ``context`` (a rank, a defence call, a contract: the same
    English word may need different words), its placeholders filled in."""
    text = translations(_current.get()).pgettext(context, message)
    return text.format(**values) if values else text


def plural_forms(singular: str, plural: str, /) -> dict[str, str]:
    """Every form of a counted text in the current language, by the plural categories
    of CLDR that a browser's ``Intl.PluralRules`` names (one, few, many, other), its
    placeholders left for a page's script to fill in."""
    catalog = translations(_current.get())
    many = catalog.ngettext(singular, plural, 5)
    return {"one": catalog.ngettext(singular, plural, 1),
            "few": catalog.ngettext(singular, plural, 2), "many": many,
            "other": many if _current.get() != "en" else plural}


_GROUPS = {"ru": "\u00a0", "sr": ".", "sr-Cyrl": "."}
"""How each language groups thousands (Russian with a space, Serbian with a dot); both
write a decimal comma and a space before %."""


def number(value: float, spec: str = "") -> str:
    """``value`` formatted with ``spec`` (``","``, ``".2f"``, ``".1%"``) as the current
    language writes numbers: 1,000.5 and 3.1% in English, 1 000,5 and 3,1 % in Russian,
    1.000,5 and 3,1 % in Serbian."""
    text = format(value, spec)
    lang = _current.get()
    if lang not in _GROUPS:
        return text
    text = text.replace(",", "\0").replace(".", ",").replace("\0", _GROUPS[lang])
    return text[:-1] + "\u00a0%" if text.endswith("%") else text


def column_widths(heads: Sequence[str], least: Sequence[int]) -> list[int]:
    """The widths of a text table's columns: at least ``least``, and wide enough for each
    heading as the run's language says it, with a space before it."""
    return [max(n, len(head) + 1) for n, head in zip(least, heads, strict=True)]


def table_row(cells: Sequence[object], widths: Sequence[int]) -> str:
    """A text table's row (or its headings): the first cell to the left, the others to
    the right, each in its column."""
    first, *rest = (str(cell) for cell in cells)
    return first.ljust(widths[0]) + "".join(
        cell.rjust(width) for cell, width in zip(rest, widths[1:], strict=True))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs; it is translated where it is shown."""
    return message


_OS_REASONS = {errno.ENOENT: N_("No such file or directory"),
               errno.EACCES: N_("Permission denied"), errno.EPERM: N_("Operation not permitted"),
               errno.EISDIR: N_("Is a directory"), errno.ENOTDIR: N_("Not a directory"),
               errno.ENOSPC: N_("No space left on device"),
               errno.EROFS: N_("Read-only file system"), errno.EPIPE: N_("Broken pipe")}
"""The system's reasons a user meets most, as the C library says them in English."""


def reason(error: OSError) -> str:
    """Why the system refused a read or a write, in the run's language where pfn knows
    the reason (Python gives the C library's English whatever the locale)."""
    known = _OS_REASONS.get(error.errno) if error.errno is not None else None
    return tr(known) if known is not None else (error.strerror or str(error))
