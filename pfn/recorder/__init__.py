"""``pfn record``: a pool entered deal by deal, as quickly as it is kept on paper.

A :class:`Session` asks for the pool once (players, variant, house rules, target), then
for each deal: who dealt is known (the rotation, all-passes included), and the deal is
given either as its result (contract, declarer, the defence's calls, the tricks) or
card by card (the hands, then every call and card on a :class:`pfn.Board`, which
accepts only legal moves and offers them).  The Result and the Score are worked out
by the rules (:mod:`pfn.filling`) and shown with the running sheet; the deal is then
appended to the file, whole (:func:`pfn.files.write_atomic`): the file is a valid PFN
file after every deal, and an interruption loses at most the deal being entered.
``undo`` takes the last deal back out; ``end`` shows the settlement.

Answers are read as a PFN file reads them (any case, suit symbols, the variant's words
in any language it knows).  The file is kept by a :class:`PoolFile`: what the user
wrote stays byte for byte (line ends included), a deal added is taken out exactly, and
a file another program changed meanwhile is never cut by stale line numbers.

The session talks through a :class:`Console` (the terminal's is in
:mod:`pfn.cli.recording`), so it runs the same under a test.
"""

from pfn.recorder.pool_file import MAX_BYTES, PoolFile
from pfn.recorder.session import Console, Pool, Session, Stop, typed_moves

__all__ = ["MAX_BYTES", "Console", "Pool", "PoolFile", "Session", "Stop", "typed_moves"]
