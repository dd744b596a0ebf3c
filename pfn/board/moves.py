"""What a board's moves are, and the stages of a deal they are made in (the rules'
own: :mod:`pfn.rules.state`)."""

from pfn.rules.state import Move, Stage

__all__ = ["Move", "Stage"]
