"""A board to play a deal on (:class:`~pfn.board.board.Board`): the auction, the talon
and discard, the contract, the defence and the cards, each move checked by the rules
engine."""

from pfn.board.board import Board
from pfn.board.moves import Move, Stage

__all__ = ["Board", "Move", "Stage"]
