"""The notation's one door to the rule families: which words a record's variant speaks.

Aliases and numbers mean different things in different families (``2`` is 6♣ on
the Russian "one … five" ladder but pik in Serbian), so the reader needs the
record's vocabulary once its Variant tag is read.  The families are built on the
notation, so it does not import them: it asks :mod:`pfn.hooks`, which the package
fills with :func:`pfn.variants.family_words` (as python-chess's ``Headers.variant()``
is the PGN side's one look-up of a variant).
"""

from __future__ import annotations

from pfn import hooks
from pfn.vocabulary import Vocabulary


def family_words(name: str) -> tuple[str, Vocabulary] | None:
    """The canonical id and the vocabulary of the variant called ``name`` (any alias,
    any case), or ``None`` when no variant has that name."""
    return hooks.family_words(name)


def family_names() -> list[str]:
    """The canonical ids of every variant."""
    return hooks.family_names()
