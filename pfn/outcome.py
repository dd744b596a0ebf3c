"""How a deal ended, in the words players use: made, failed by two, misère caught for
one, made without play, all-pass.

One definition serves every tool that names an outcome: ``pfn filter --outcome``,
``pfn stats``, the rows of ``pfn convert --to csv`` and :meth:`pfn.Board.result`.

>>> import pfn
>>> record = pfn.loads('''[Variant "sochi"]
... [Dealer "C"]
... [Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
... [Contract "7S"]
... [Declarer "A"]
... [Result "A:8 B:1 C:1"]''')[0]
>>> print(outcome(record))
made
>>> Outcome("failed", 2)
Outcome('failed by 2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pfn.model import Record
from pfn.rules.replay import Replay

Kind = Literal["made", "failed", "misere-made", "misere-caught", "made-without-play",
               "all-pass", "unknown"]
KINDS: tuple[Kind, ...] = ("made", "failed", "misere-made", "misere-caught",
                           "made-without-play", "all-pass", "unknown")
"""Every outcome, as ``pfn filter --outcome`` and the CSV's ``outcome`` column spell it."""

MADE: frozenset[Kind] = frozenset({"made", "misere-made", "made-without-play"})
"""The outcomes in which the declarer kept his contract."""
DECIDED: frozenset[Kind] = MADE | {"failed", "misere-caught"}
"""The outcomes of a game whose result is known (all-pass and unknown are not)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a deal ended: ``kind``, and ``by`` the tricks a failed contract fell short
    or a caught misère took.

    >>> caught = Outcome("misere-caught", 2)
    >>> str(caught), caught.made, caught.decided
    ('misère caught for 2', False, True)
    """

    kind: Kind
    by: int | None = None

    @property
    def made(self) -> bool:
        """The declarer kept his contract (with or without play)."""
        return self.kind in MADE

    @property
    def decided(self) -> bool:
        """A game whose result is known (not an all-pass, not unknown)."""
        return self.kind in DECIDED

    def __str__(self) -> str:
        if self.kind == "failed":
            return f"failed by {self.by}"
        if self.kind == "misere-caught":
            return f"misère caught for {self.by}"
        return {"misere-made": "misère made", "made-without-play": "made without play"
                }.get(self.kind, self.kind)

    def __repr__(self) -> str:
        return f"Outcome({str(self)!r})"


UNKNOWN = Outcome("unknown")


def outcome_of(replay: Replay) -> Outcome:
    """The outcome of a replayed deal: its contract, its defence and the declarer's
    tricks (the play's, else the Result tag's)."""
    contract, declarer, defence = replay.contract, replay.declarer, replay.defence
    if contract is None:
        return UNKNOWN
    if contract.allpass:
        return Outcome("all-pass")
    if defence is not None and not defence.played and not defence.checked:
        return Outcome("made-without-play")  # both passed (or a half-whist): no play
    if contract.pref:
        return Outcome("made-without-play")  # a hand that cannot lose a trick is not played
    taken = replay.result.get(declarer) if declarer is not None else None
    if taken is None:
        return UNKNOWN
    if contract.misere:
        return Outcome("misere-made") if taken == 0 else Outcome("misere-caught", taken)
    if taken >= contract.level:
        return Outcome("made")
    return Outcome("failed", contract.level - taken)


def outcome(record: Record) -> Outcome:
    """The outcome of a record: read off its tags when they say it (a contract, a play
    and the declarer's tricks in the Result tag), else from its replay — the same
    answer :func:`outcome_of` gives, without replaying every record."""
    contract = record.contract
    if contract is not None and contract.allpass:
        return Outcome("all-pass")
    declarer = record.declarer
    taken = record.tricks_of(declarer) if declarer is not None else None
    if contract is not None and taken is not None and record.play is not None \
            and not contract.pref:
        if contract.misere:
            return Outcome("misere-made") if taken == 0 else Outcome("misere-caught", taken)
        return Outcome("made") if taken >= contract.level else \
            Outcome("failed", contract.level - taken)
    if contract is None and record.auction is None:
        return UNKNOWN
    from pfn.deal import replay

    return outcome_of(replay(record, on_error="collect"))


__all__ = ["DECIDED", "KINDS", "MADE", "UNKNOWN", "Kind", "Outcome", "outcome", "outcome_of"]
