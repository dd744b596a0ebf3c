"""Variants: the rule families pfn knows, as data plus small subclasses."""

from __future__ import annotations

from typing import ClassVar

from pfn.vocabulary import BRITANNICA, RUSSIAN, SERBIAN, Vocabulary, fold


class Variant:
    """A rule family. Subclasses override class attributes and hooks."""

    name: ClassVar[str] = "sochi"
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    vocabulary: ClassVar[Vocabulary] = RUSSIAN


class Sochi(Variant):
    name = "sochi"
    aliases = ("сочи", "сочинка", "sochinka")


class Leningrad(Variant):
    name = "leningrad"
    aliases = ("ленинград", "ленинградка", "piter", "питер", "leningradka")


class Rostov(Variant):
    name = "rostov"
    aliases = ("ростов", "ростовский")


class RussianStandard(Variant):
    name = "russian-standard"
    aliases = ("standard", "standardni ruski", "standard-4")


class Serbian(Variant):
    name = "serbian"
    aliases = ("srpski", "croatian", "hrvatski", "balkan")
    vocabulary = SERBIAN


class MailRu(Variant):
    name = "mailru"
    aliases = ("mail.ru", "мейл", "mail")


class Britannica(Variant):
    name = "britannica"
    aliases = ("preference", "britannica preference")
    vocabulary = BRITANNICA


class Classic(Variant):
    name = "classic"
    aliases = ("классика", "classic ladder")


VARIANTS: list[type[Variant]] = [Sochi, Leningrad, Rostov, RussianStandard, Serbian, MailRu,
                                 Britannica, Classic]
_BY_NAME = {fold(alias): v for v in VARIANTS for alias in (v.name, *v.aliases)}


def find_variant(name: str) -> type[Variant]:
    """The variant named ``name`` or one of its aliases (any case); ``ValueError`` if none."""
    found = _BY_NAME.get(fold(name))
    if found is None:
        raise ValueError(f"unknown variant {name!r}")
    return found
