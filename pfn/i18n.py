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
running context (:func:`use`).  Serbian in Cyrillic (``sr-Cyrl``) has a catalog of its
own (``pfn/locale/sr_Cyrl``), made from the Latin one by ``make catalogs`` and
correctable by hand; nothing is transliterated at run time.  A record's variant never
chooses the language of messages.

Which form goes with a number (:func:`plurals`) and how a number is written
(:func:`number`: grouping, decimal comma, the percent sign) come from CLDR through Babel,
imported at the first counted text or number in Russian or Serbian: English, and
checking or solving that print nothing counted, never load it.
"""

from __future__ import annotations

import errno
import gettext
import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from pfn.errors import PfnError

LANGUAGES = ("en", "ru", "sr", "sr-Cyrl")
"""What ``--lang`` takes: English, Russian, Serbian in Latin and in Cyrillic letters."""

DOMAIN = "pfn"
LOCALE_DIR = Path(__file__).with_name("locale")
CATALOGS = {"ru": "ru", "sr": "sr", "sr-Cyrl": "sr_Cyrl"}
"""The directory of each language's catalog under ``LOCALE_DIR`` (gettext's names)."""
_current: ContextVar[str] = ContextVar("pfn_language", default="en")


class UnknownLanguage(PfnError):
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


_BABEL = {"en": "en", "ru": "ru", "sr": "sr_Latn", "sr-Cyrl": "sr_Cyrl"}
"""The locale of each language as CLDR (and so Babel) names it."""
_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories in its order, which is the order of a catalog's forms."""


@dataclass(frozen=True)
class Plurals:
    """A language's plural rule as CLDR gives it (read through Babel) and the form of
    a catalog each of its categories takes."""

    category: Callable[[int], str]
    """The CLDR category of a number: ``one``, ``few``, ``many``, ``other`` …"""
    forms: dict[str, int]
    """Each category's form in the catalog (0 the singular)."""

    def index(self, n: int) -> int:
        """The catalog's form that goes with ``n``."""
        return self.forms[self.category(n)]

    def example(self, category: str) -> int:
        """A whole number that takes the form of ``category`` (the forms of a page's
        script are looked up with one)."""
        return next(n for n in range(200) if self.index(n) == self.forms[category])


@cache
def plurals(lang: str) -> Plurals:
    """The plural rule of ``lang``; a category whole numbers never reach (Russian
    *other*, for fractions) takes the catalog's last form."""
    from babel.core import Locale
    from babel.messages.plurals import get_plural

    locale = Locale.parse(_BABEL[normalise(lang)])
    rule = locale.plural_form
    names = [name for name in _CATEGORIES if name in rule.tags or name == "other"]
    last = get_plural(locale).num_plurals - 1
    return Plurals(rule, {name: min(at, last) for at, name in enumerate(names)})


@cache
def has_babel() -> bool:
    """Whether Babel is there: it is a dependency of pfn, but the browser's build carries
    only lark and pfn."""
    import importlib.util

    try:
        return importlib.util.find_spec("babel") is not None
    except (ImportError, ValueError):  # a package blocked in sys.modules
        return False


class _Catalog(gettext.GNUTranslations):
    """A compiled catalog whose form after a number follows CLDR's rule (Babel, read at
    the first counted text), not the C expression of the catalog's header; without
    Babel, the header's (``tests/test_cldr.py`` holds the two equal)."""

    def __init__(self, source: BinaryIO, lang: str) -> None:
        super().__init__(source)
        if has_babel():
            self.plural = lambda n: plurals(lang).index(n)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (English: the texts as written)."""
    lang = normalise(lang)
    if lang == "en":
        return gettext.NullTranslations()
    compiled = LOCALE_DIR / CATALOGS[lang] / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not compiled.is_file():
        return gettext.NullTranslations()
    with compiled.open("rb") as source:
        return _Catalog(source, lang)


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
    lang = _current.get()
    catalog = translations(lang)
    if not has_babel():  # the browser's build: CLDR's categories, a number of each
        examples = _CATEGORY_EXAMPLES.get(normalise(lang).partition("-")[0],
                                          _CATEGORY_EXAMPLES["en"])
        return {name: catalog.ngettext(singular, plural, n) for name, n in examples.items()}
    rule = plurals(lang)
    return {name: catalog.ngettext(singular, plural, rule.example(name))
            for name in rule.forms}


_CATEGORY_EXAMPLES = {"en": {"one": 1, "other": 2},
                      "ru": {"one": 1, "few": 2, "many": 5, "other": 5},
                      "sr": {"one": 1, "few": 2, "other": 5}}
"""Where Babel is not (the static site): the plural categories CLDR gives each language
pfn speaks, each with a whole number that takes it (Russian *other*, for fractions,
takes the form of *many*, the catalog's last); ``tests/test_cldr.py`` holds them to
Babel's."""


_SPEC = re.compile(r"(?P<sign>\+)?(?P<group>,)?(?:\.(?P<digits>\d+))?(?P<kind>[df%]?)")
"""The part of Python's format specification pfn writes numbers with."""


def number(value: float, spec: str = "") -> str:
    """``value`` formatted with ``spec`` (``","``, ``".2f"``, ``"+.2f"``, ``".1%"``) as
    the current language writes numbers, by CLDR's patterns (Babel): 1,000.5 and 3.1% in
    English, 1 000,5 and 3,1 % in Russian, 1.000,5 and 3,1% in Serbian."""
    lang = _current.get()
    if lang == "en" or not has_babel():  # Python's format is CLDR's English for these
        return format(value, spec)
    parts = _SPEC.fullmatch(spec)
    if parts is None:
        raise ValueError(f"no number format {spec!r}")
    from babel.core import Locale
    from babel.numbers import format_decimal, format_percent

    locale = Locale.parse(_BABEL[lang])
    digits = int(parts["digits"] or 0)
    if not parts["digits"] and parts["kind"] == "" and isinstance(value, float):
        digits = len(repr(value).partition(".")[2])  # as many as Python's shortest repr
    fraction = "." + "0" * digits if digits else ""
    if parts["kind"] == "%":  # the language's own pattern (its space before %, or none)
        pattern = re.sub(r"[#0,.]+", "#,##0" + fraction, locale.percent_formats[None].pattern,
                         count=1)
    else:
        pattern = ("#,##0" if parts["group"] else "0") + fraction
    if parts["sign"]:
        pattern = f"+{pattern};-{pattern}"
    if parts["kind"] == "%":
        return format_percent(value, pattern, locale=locale)
    return format_decimal(value, pattern, locale=locale)


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
