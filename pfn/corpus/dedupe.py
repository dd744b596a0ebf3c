"""What makes two records the same game: a canonical content key for ``pfn dedupe``.

The key is taken from the parsed record, never from its text, so formatting, line
breaks, comments, annotations, NAGs, variations, tag order, spelling (``вист`` or
``whist``, ``S7`` or ``7S``) and explicit speakers do not matter.  What does: the
variant and table size, the dealer, every hand and the talon, the auction's calls,
the contract and declarer, the talon and discard, the defence's calls, every card
played in order (however split into lines) and whether the play was claimed, and the
result.  Who played, where and when do not: the same deal and play published twice
with different headers is one game.  A record that did not parse is never a
duplicate (its text is all there is, and it is kept for its diagnostic); a record with
no game (a score entry alone) is the same as another only if all its tags are.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from pfn.corpus.stream import Entry
from pfn.model import CallSection, Record


def _calls(section: CallSection | None) -> object:
    if section is None:
        return None
    return section.first, tuple(call.token for call in section.calls)


def content_key(record: Record) -> bytes | None:
    """A 16-byte key equal for records of the same game; ``None`` when the record has
    no game to compare (unparsed, or comments alone)."""
    if not record.syntax_ok or record.empty:
        return None
    if record.deal is None and record.contract is None and record.play is None:
        # no game (a sheet or score entry alone): the same only if every tag is
        content: object = sorted((tag.name, tag.value) for tag in record.tags)
        return hashlib.blake2b(repr(content).encode(), digest_size=16).digest()
    deal = record.deal
    hands = None if deal is None else (
        tuple(None if h is None else (h.mask, h.unknown) for h in deal.hands),
        None if deal.talon is None else (deal.talon.mask, deal.talon.unknown))
    play = record.play
    cards = None if play is None else (
        play.leader, tuple(int(c) if c is not None else -1
                           for run in play.tricks for c in run.cards), play.claimed)
    content = (record.variant, record.players, record.dealer, hands,
               _calls(record.auction), record.declarer, str(record.contract),
               tuple(map(str, record.talon or ())), tuple(map(str, record.discard or ())),
               record.discard_public, _calls(record.defence), cards,
               tuple(sorted(record.result or ())))
    return hashlib.blake2b(repr(content).encode(), digest_size=16).digest()


@dataclass(frozen=True)
class KeyJob:
    """``pfn dedupe`` on one span: each record's key and text (duplicates are decided
    in input order by the caller, who alone sees every key)."""

    def run(self, found: Iterator[Entry]) -> list[tuple[bytes | None, str]]:
        return [(content_key(entry.record), entry.text) for entry in found if entry.counted]
