"""What a board's moves are, and the stages of a deal they are made in."""

from __future__ import annotations

from typing import Literal

from pfn.cards import Card
from pfn.contract import Contract
from pfn.model import Call

Move = Call | Card | Contract
"""A move: an auction or defence call, a card (discarded or played), a contract."""
Stage = Literal["auction", "discard", "contract", "defence", "play", "over"]
"""What the deal waits for: the auction, the declarer's discard, his contract, the
defence's calls, the play, or nothing (it is over)."""

__all__ = ["Move", "Stage"]
