"""Which search runs: the compiled core (``_core.c``) or the pure-Python reference.

Both run the same algorithm (:mod:`pfn.analysis.search`) and give the same values; the
compiled one is built when pfn is installed with a C compiler at hand, and is the
default whenever it is there (the pattern of MarkupSafe's speedups: one API, the
compiled module optional at import).  ``engine="python"`` (or the environment's
``PFN_SEARCH=python``, which worker processes inherit) asks for the reference.

>>> engine_in_use("python")
'python'
>>> engine_in_use() in ("native", "python")
True
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from types import ModuleType
from typing import Literal, Protocol

from pfn.diagnostics import PfnError
from pfn.i18n import tr
from pfn.rules.tricks import PlayRules

Engine = Literal["native", "python"]
ENGINES: tuple[Engine, ...] = ("native", "python")
ENVIRONMENT = "PFN_SEARCH"
"""The environment variable that chooses the search when a call does not."""


class SearchLike(Protocol):
    """What the solver asks of a search (:class:`pfn.analysis.search.Search`)."""

    @property
    def nodes(self) -> int:
        """Positions visited so far."""

    @property
    def target(self) -> int:
        """Whose tricks are counted."""

    @property
    def maximisers(self) -> frozenset[int]:
        """The seats that want the count high."""

    def value(self, hands: Sequence[int], leader: int, number: int,
              table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> int:
        """The target's tricks from the position on, with best play."""

    def at_least(self, hands: Sequence[int], leader: int, number: int, bound: int,
                 table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> bool:
        """Whether the target takes at least ``bound`` more tricks."""


class EngineMissing(PfnError):
    """The compiled search was asked for, and is not built."""


@functools.cache
def native_core() -> ModuleType | None:
    """The compiled core, or ``None`` when pfn was installed without it."""
    try:
        from pfn.analysis import _core  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _core  # type: ignore[no-any-return]


def engine_in_use(asked: str | None = None) -> Engine:
    """The search a call runs on: ``asked``, else ``PFN_SEARCH``, else the compiled one
    when it is built, else the pure-Python one."""
    wanted = asked or os.environ.get(ENVIRONMENT) or None
    if wanted not in (None, *ENGINES):
        raise PfnError(tr("{text} is not a search engine: native or python", text=repr(wanted)))
    if wanted == "python":
        return "python"
    if native_core() is not None:
        return "native"
    if wanted == "native":
        raise EngineMissing(tr("the compiled search is not built (no C compiler when pfn was"
                               " installed): use engine python, or reinstall with gcc at hand"))
    return "python"


def new_search(rules: PlayRules, order: tuple[int, ...], target: int,
               maximisers: frozenset[int], talon: tuple[int, ...] = (),
               engine: Engine = "python") -> SearchLike:
    """A search of one deal's play counting ``target``'s tricks, on ``engine``."""
    if engine == "native":
        core = native_core()
        assert core is not None
        found: SearchLike = core.Search(
            rules.trump, rules.must_head, rules.soloist, rules.talon_leads, rules.talon_owner,
            rules.unfollowed == "highest", order, target, tuple(sorted(maximisers)), talon)
        return found
    from pfn.analysis.search import Search

    return Search(rules, order, target, maximisers, talon)


__all__ = ["ENGINES", "ENVIRONMENT", "Engine", "EngineMissing", "SearchLike", "engine_in_use",
           "native_core", "new_search"]
