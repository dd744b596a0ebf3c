"""Texts said when they are shown: a marked text and its values, put into words in the
language of the moment each time it is printed.

A problem the rules find is data (a code, its values, a place); its words are chosen
where it is shown (the terminal, JSON, the language server, a page), so a worker can
pass it to its parent without a language, and one problem reads in Russian and in
English from the same value::

    >>> from pfn.i18n import use
    >>> said = msg("{card} was already played", card="SA")
    >>> str(said), said.args()
    ('SA was already played', {'card': 'SA'})
    >>> with use("ru"):
    ...     print(said)
    SA уже сыграна

``msg``, ``nmsg`` and ``pmsg`` take what :func:`pfn.i18n.tr`, :func:`~pfn.i18n.ntr` and
:func:`~pfn.i18n.ptr` take (the catalogs' extractor knows them too); a value may itself
be a message (a translated word inside a sentence), said in the same language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias

from pfn.i18n import current, translations


class Said:
    """A text for a person, put into words when it is turned into ``str``."""

    __slots__ = ()

    def __str__(self) -> str:
        raise NotImplementedError

    def args(self) -> dict[str, object]:
        """The values it says, ready for JSON (a message among them said as text)."""
        raise NotImplementedError

    def __add__(self, other: Text) -> Joined:
        return Joined((self, other))

    def __radd__(self, other: Text) -> Joined:
        return Joined((other, self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


Text: TypeAlias = "str | Said"
"""What a diagnostic says: plain text, or a text said when it is shown."""


class Message(Said):
    """One marked text (with its plural or its context) and the values it is filled in
    with."""

    __slots__ = ("context", "n", "plural", "text", "values")

    def __init__(self, text: str, values: Mapping[str, Any], plural: str | None = None,
                 n: int = 0, context: str | None = None) -> None:
        self.text, self.plural, self.n, self.context = text, plural, n, context
        self.values = dict(values)

    def __str__(self) -> str:
        catalog = translations(current())
        values = {key: str(value) if isinstance(value, Said) else value
                  for key, value in self.values.items()}
        if self.plural is not None:
            return catalog.ngettext(self.text, self.plural, self.n).format(
                **{"n": self.n, **values})
        said = (catalog.pgettext(self.context, self.text) if self.context is not None
                else catalog.gettext(self.text))
        return said.format(**values) if values else said

    def args(self) -> dict[str, object]:
        out = {"n": self.n} if self.plural is not None else {}
        return {**out, **{key: _plain(value) for key, value in self.values.items()}}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.text, self.plural, self.n, self.context,
                                               self.values) == (other.text, other.plural,
                                                                other.n, other.context,
                                                                other.values)

    def __hash__(self) -> int:
        return hash((self.text, self.plural, self.n, self.context))

    def __repr__(self) -> str:
        return f"Message({self.text!r}, {self.values!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return Message, (self.text, self.values, self.plural, self.n, self.context)


class Joined(Said):
    """Texts said one after the other (``"Sheet: " + msg(…)``)."""

    __slots__ = ("parts",)

    def __init__(self, parts: tuple[Text, ...]) -> None:
        self.parts = parts

    def __str__(self) -> str:
        return "".join(str(part) for part in self.parts)

    def args(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for part in self.parts:
            if isinstance(part, Said):
                out.update(part.args())
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return f"Joined({self.parts!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return Joined, (self.parts,)


def _plain(value: object) -> object:
    """A value as JSON carries it: numbers and text as they are, a message said in the
    language of the moment, anything else (a card, a seat, a fraction) as it is written."""
    return value if type(value) in (bool, int, float, str) else str(value)


def msg(text: str, /, **values: Any) -> Message:
    """``text``, to be said in the language of the moment with ``values`` filled in."""
    return Message(text, values)


def nmsg(singular: str, plural: str, n: int, /, **values: Any) -> Message:
    """The form of ``singular``/``plural`` that goes with ``n``, said when shown."""
    return Message(singular, values, plural, n)


def pmsg(context: str, text: str, /, **values: Any) -> Message:
    """``text`` as said in ``context``, said when shown."""
    return Message(text, values, context=context)


def joined(separator: Text, items: Iterable[object]) -> Joined:
    """``items`` said one after the other with ``separator`` between them (``" or "``
    marked: said in the language of the moment too)."""
    parts: list[Text] = []
    for item in items:
        if parts:
            parts.append(separator)
        parts.append(item if isinstance(item, Said) else str(item))
    return Joined(tuple(parts))


def args(text: Text | None) -> dict[str, object]:
    """The values a text says (none for plain text)."""
    return text.args() if isinstance(text, Said) else {}
