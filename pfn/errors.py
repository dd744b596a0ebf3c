"""The root of every error pfn raises, at the bottom of the import graph: the catalogs'
own lookup (:mod:`pfn.i18n`, below :mod:`pfn.diagnostics`) raises it too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pfn.diagnostics import Diagnostic
    from pfn.messages import Text


@runtime_checkable
class Located(Protocol):
    """What an error may carry: a :class:`pfn.Diagnostic`, a problem at a place."""

    @property
    def said(self) -> Text: ...

    def format(self, color: bool = False) -> str: ...


class PfnError(ValueError):
    """The root of every error pfn raises (a :class:`ValueError`, as lark's errors are).

    It carries a :class:`Diagnostic` when the error is about a place in a record.

    >>> import pfn
    >>> try:
    ...     pfn.replay(pfn.loads('[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9'
    ...                          ' talon:..8.8"]\\n[Dealer "C"]\\n[Auction "A"]\\n6S 6C 6C')[0])
    ... except pfn.PfnError as error:
    ...     print(error.diagnostic.code, error.diagnostic.message)
    PFN-E302 6C is not higher than 6C
    """

    def __init__(self, problem: Diagnostic | Text) -> None:
        # (a diagnostic is told by its shape: pfn.diagnostics sits above this module)
        diagnostic = problem \
            if isinstance(problem, Located) and not isinstance(problem, str) else None
        super().__init__(diagnostic.said if diagnostic is not None else problem)
        self.diagnostic = diagnostic

    def __str__(self) -> str:
        return self.diagnostic.format() if self.diagnostic is not None else str(self.args[0])

    @property
    def said(self) -> Text:
        """What the error says, as data (put into words when shown)."""
        said: Text = self.args[0] if self.args else ""
        return said


__all__ = ["Located", "PfnError"]
