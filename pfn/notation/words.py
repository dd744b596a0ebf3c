"""The notation's one door to the rule families: which words a record's variant speaks.

Aliases and numbers mean different things in different families (``2`` is 6♣ on
the Russian "one … five" ladder but pik in Serbian), so the reader needs the
record's vocabulary once its Variant tag is read.  This module is the only place
below :mod:`pfn.variants` that reaches up to it, lazily, as python-chess's
``Headers.variant()`` does.
"""

from __future__ import annotations

from pfn.diagnostics import UnknownVariant
from pfn.vocabulary import Vocabulary


def family_words(name: str) -> tuple[str, Vocabulary] | None:
    """The canonical id and the vocabulary of the variant called ``name`` (any alias,
    any case), or ``None`` when no variant has that name."""
    from pfn.variants import find_variant

    try:
        found = find_variant(name)
    except UnknownVariant:
        return None
    return found.name, found.vocabulary


def family_names() -> list[str]:
    """The canonical ids of every variant."""
    from pfn.variants import VARIANTS

    return [v.name for v in VARIANTS]
