"""What a board's moves are, the stages of a deal they are made in (the rules' own:
:mod:`pfn.rules.state`), and the live collection of the moves allowed now
(:attr:`Board.legal_moves <pfn.board.board.Board.legal_moves>`, as python-chess's)."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from typing import Protocol

from pfn.cards import Card
from pfn.contract import Contract
from pfn.i18n import tr
from pfn.model import Call
from pfn.rules.state import Move, Stage


class _Rules(Protocol):
    def is_legal(self, move: Move | str) -> bool: ...


class LegalMoves:
    """The moves the rules allow where the board stands now, read afresh on each use:
    iterate it, ask ``len``, ``move in`` (a move or its text, as :meth:`Board.is_legal`)
    and :meth:`count`.

    Calling it (``board.legal_moves()``), the form of earlier versions, still gives
    the list, with a :class:`DeprecationWarning`.
    """

    __slots__ = ("_board", "_moves")

    def __init__(self, board: _Rules, moves: Callable[[], list[Move]]) -> None:
        self._board = board
        self._moves = moves

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves())

    def __len__(self) -> int:
        return len(self._moves())

    def __bool__(self) -> bool:
        return bool(self._moves())

    def __contains__(self, move: object) -> bool:
        return isinstance(move, (str, Call, Card, Contract)) and self._board.is_legal(move)

    def count(self) -> int:
        """How many moves are legal now."""
        return len(self._moves())

    def __call__(self) -> list[Move]:
        warnings.warn(tr("legal_moves is a property now: write it without the call"
                         " (list(legal_moves) for a list)"),
                      DeprecationWarning, stacklevel=2)
        return self._moves()

    def __repr__(self) -> str:
        return "<LegalMoves " + (" ".join(str(m) for m in self._moves()) or "none") + ">"


__all__ = ["LegalMoves", "Move", "Stage"]
