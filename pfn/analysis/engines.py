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
from typing import Any, Literal, Protocol

from pfn.analysis.inputs import check_position, check_search
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


class NativeSearch:
    """The compiled search behind the checks of :mod:`.inputs`: what it is asked is
    checked as the Python search checks it, so that both refuse alike (the core
    checks its limits again for its own safety)."""

    __slots__ = ("_core", "_first", "_order", "_rules", "_talon")

    def __init__(self, rules: PlayRules, order: tuple[int, ...], target: int,
                 maximisers: frozenset[int], talon: tuple[int, ...], first: int) -> None:
        check_search(rules, order, target, maximisers, talon, first)
        core = native_core()
        assert core is not None
        self._rules, self._order, self._talon, self._first = rules, order, talon, first
        self._core = core.Search(
            rules.trump, rules.must_head, rules.soloist, rules.talon_leads, rules.talon_owner,
            rules.unfollowed == "highest", order, target, tuple(sorted(maximisers)), talon,
            first)

    @property
    def nodes(self) -> int:
        return int(self._core.nodes)

    @property
    def entries(self) -> int:
        """Positions in the table (for the benchmarks' memory figures)."""
        return int(self._core.entries)

    @property
    def target(self) -> int:
        return int(self._core.target)

    @property
    def maximisers(self) -> frozenset[int]:
        return frozenset(self._core.maximisers)

    def _check(self, hands: Sequence[int], leader: int, number: int, table: Sequence[int],
               seats: Sequence[int | None]) -> None:
        check_position(self._rules, self._order, self._talon, self._first, hands, leader,
                       number, table, seats)

    def value(self, hands: Sequence[int], leader: int, number: int,
              table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> int:
        self._check(hands, leader, number, table, seats)
        return int(self._core.value(hands, leader, number, table, seats))

    def at_least(self, hands: Sequence[int], leader: int, number: int, bound: int,
                 table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> bool:
        self._check(hands, leader, number, table, seats)
        return bool(self._core.at_least(hands, leader, number, max(-1, min(bound, 11)), table,
                                        seats))

    def probe(self, hands: Sequence[int], leader: int, number: int, bound: int,
              table: Sequence[int] = (), seats: Sequence[int | None] = ()) -> int:
        self._check(hands, leader, number, table, seats)
        return int(self._core.probe(hands, leader, number, max(-1, min(bound, 11)), table,
                                    seats))

    def weigh(self, hands: Sequence[int], leader: int, number: int, table: Sequence[int],
              seats: Sequence[int | None], holders: Sequence[int], layouts: Sequence[
                  Sequence[int]], each: bool) -> Any:
        """Every layout (a mask for each of ``holders``; -1: out of play) added to
        ``hands`` and solved in the core on this one table: ``each``, a count of the
        target's tricks from here on after every legal card of the player to move
        (``{card: counts}``), else the position's counts (``counts[v]``: the layouts
        where he takes ``v``).  The core checks each layout's position."""
        return self._core.weigh(hands, leader, number, table, seats, holders, layouts, each)


def new_search(rules: PlayRules, order: tuple[int, ...], target: int,
               maximisers: frozenset[int], talon: tuple[int, ...] = (),
               engine: Engine = "python", first: int = 1) -> SearchLike:
    """A search of one deal's play counting ``target``'s tricks, on ``engine``; ``talon``
    opens the all-pass tricks from trick ``first`` on.  Both engines check what they are
    given alike (:mod:`.inputs`: a :class:`~.inputs.BadInput` for what no deal has)."""
    if engine == "native":
        return NativeSearch(rules, order, target, maximisers, talon, first)
    from pfn.analysis.search import Search

    return Search(rules, order, target, maximisers, talon, first)


__all__ = ["ENGINES", "ENVIRONMENT", "Engine", "EngineMissing", "NativeSearch", "SearchLike",
           "engine_in_use", "native_core", "new_search"]
