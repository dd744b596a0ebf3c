"""The rule families pfn knows, one file each, and how to find one by name.

=================  ===============================================================
``base.py``        :class:`Variant`: the tables and the hooks, with Russian answers
``russian.py``     Sochi, Leningrad, Rostov, Mail.ru: the pool, mountain and whists
``standard.py``    seed 000's four-handed standard with an active dealer
``serbian.py``     seed 001's Serbian game: bule, supe, refe, kontra
``britannica.py``  seed 002's Britannica Preference: values, must-head, the pot
``classic.py``     seed 004's classic ladder and free-order auction
=================  ===============================================================
"""

from __future__ import annotations

from pfn.diagnostics import UnknownVariant
from pfn.i18n import tr
from pfn.variants.base import Variant
from pfn.variants.britannica import Britannica
from pfn.variants.classic import Classic
from pfn.variants.russian import Leningrad, MailRu, Rostov, Sochi
from pfn.variants.serbian import Serbian
from pfn.variants.standard import RussianStandard
from pfn.vocabulary import Vocabulary, fold

VARIANTS: list[type[Variant]] = [Sochi, Leningrad, Rostov, RussianStandard, Serbian, MailRu,
                                 Britannica, Classic]
"""Every rule family, in the order the documentation lists them."""
_BY_NAME = {fold(alias): v for v in VARIANTS for alias in (v.name, *v.aliases)}


def register(variant: type[Variant]) -> type[Variant]:
    """Make a new rule family known by its name and aliases (usable as a class
    decorator); a family registered again replaces the earlier one of that name."""
    for known in [v for v in VARIANTS if v.name == variant.name]:
        unregister(known)
    VARIANTS.append(variant)
    _BY_NAME.update({fold(alias): variant for alias in (variant.name, *variant.aliases)})
    return variant


def unregister(variant: type[Variant]) -> None:
    """Forget a family made known with :func:`register`."""
    if variant in VARIANTS:
        VARIANTS.remove(variant)
    for alias in [a for a, v in _BY_NAME.items() if v is variant]:
        del _BY_NAME[alias]


def find_variant(name: str) -> type[Variant]:
    """The variant named ``name`` or one of its aliases (any case);
    :class:`~pfn.diagnostics.UnknownVariant` if none."""
    found = _BY_NAME.get(name) or _BY_NAME.get(fold(name))
    if found is None:
        raise UnknownVariant(tr("unknown variant {text}", text=repr(name)))
    return found


def family_words(name: str) -> tuple[str, Vocabulary] | None:
    """The canonical id and the vocabulary of the variant called ``name`` (any alias,
    any case), or ``None`` when no variant has that name: what the reader needs of a
    record's variant (:mod:`pfn.notation.words`)."""
    found = _BY_NAME.get(name) or _BY_NAME.get(fold(name))
    return None if found is None else (found.name, found.vocabulary)


def family_names() -> list[str]:
    """The canonical ids of every variant."""
    return [v.name for v in VARIANTS]


__all__ = [
    "VARIANTS",
    "Britannica",
    "Classic",
    "Leningrad",
    "MailRu",
    "Rostov",
    "RussianStandard",
    "Serbian",
    "Sochi",
    "Variant",
    "family_names",
    "family_words",
    "find_variant",
]
