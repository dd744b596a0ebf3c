"""The few calls a lower layer makes upward, handed in by the package.

A record prints as its PFN text (``str(record)``, which the writer makes), a notebook
draws a record, a replay or a board (the renderer does), and the reader speaks the
words of a record's variant (the rule families know them).  Each of those modules is
built on the one that asks, so the one that asks cannot import it.  The package
(``pfn/__init__.py``), above every layer and imported before any of its modules, hands
the calls in here; each imports its module on first use.  Every import points one way
(``tests/test_architecture.py`` fails on any cycle), and a lower module only calls
what it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pfn.vocabulary import Vocabulary


def _not_given(*_: object) -> Any:
    raise RuntimeError("pfn.hooks: the pfn package hands these calls in when it is imported")


record_text: Callable[[Any], str] = _not_given
"""A record's PFN text in export format (:func:`pfn.notation.writer.dumps_record`)."""
record_svg: Callable[[Any], str | None] = _not_given
"""A record's deal diagram for a notebook (:func:`pfn.render.diagram.record_svg`)."""
replay_svg: Callable[[Any], str | None] = _not_given
"""A replay's deal diagram for a notebook (:func:`pfn.render.diagram.notebook_svg`)."""
board_svg: Callable[[Any, int], str] = _not_given
"""A replay's diagram at a trick, a board's in a notebook
(:func:`pfn.render.diagram.diagram_svg`)."""
family_words: Callable[[str], tuple[str, Vocabulary] | None] = _not_given
"""The canonical id and the vocabulary of the variant called ``name``, or ``None``
(:func:`pfn.variants.family_words`)."""
family_names: Callable[[], list[str]] = _not_given
"""The canonical ids of every variant."""
