"""The replay of one record: what the rules established, stage by stage.

Deal → Auction → Talon and discard → Contract → Defence → Play → Result.  The
stages (:mod:`pfn.rules.stages`, :mod:`pfn.rules.play`) check what the record says
against the rules of its family and fill in a :class:`Replay`: every trick with its
leader, seats and winner, the hands before each trick, the defence's outcome, the
tricks each player took, and the diagnostics.  The replay never scores; scoring
reads a finished :class:`Replay` (:mod:`pfn.scoring.facts`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pfn import hooks
from pfn.cards import NO_CARDS, Card, CardSet
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic
from pfn.messages import Text
from pfn.model import CardRun, Record
from pfn.rules.auction import Auction
from pfn.rules.defence import DefenceOutcome
from pfn.rules.family import RuleFamily
from pfn.rules.tricks import PlayRules
from pfn.seats import Seat

if TYPE_CHECKING:
    from pfn.rules.state import Move, Stage

_STAGES = ("auction", "discard", "contract", "defence", "play")
"""The stages of the moves, in the order they come."""

OnError = Literal["raise", "collect"]
"""``raise``: the first broken rule raises :class:`~pfn.diagnostics.RuleError`;
``collect``: every problem goes into :attr:`Replay.diagnostics`."""


@dataclass(slots=True)
class PlayedTrick:
    """One trick as played: who played each card, and who won."""

    number: int
    leader: Seat | None
    """Who led (``None`` when a talon card opened the trick)."""
    seats: tuple[Seat | None, ...]
    """The player of each card, in order (``None`` for a talon card nobody owns)."""
    cards: tuple[Card | None, ...]
    winner: Seat | None
    """``None`` when nobody takes it (an all-pass talon trick nobody followed) or it is
    not known."""
    _before: tuple[int, ...]
    """The kernel's masks of :attr:`before` (made into card sets only when asked)."""
    talon_lead: bool = False
    run: CardRun | None = None

    @property
    def before(self) -> tuple[CardSet, ...]:
        """Cards known to be in each hand before the trick, by seat."""
        return tuple(map(CardSet, self._before))

    def __repr__(self) -> str:
        played = ", ".join(f"{'talon' if s is None else s} {'-' if c is None else c}"
                           for s, c in zip(self.seats, self.cards, strict=True))
        taken = "nobody takes it" if self.winner is None else f"{self.winner} takes it"
        return f"<trick {self.number}: {played}; {taken}>"


@dataclass
class DealContext:
    """What the match tells a deal: all-passes in a row before it, open refe."""

    allpass_streak: int = 0
    refa_open: dict[Seat, int] = field(default_factory=dict)


@dataclass
class Replay:
    """Everything the replay of one record established."""

    record: Record
    variant: RuleFamily
    players: int = 3
    dealer: Seat | None = None
    order: tuple[Seat, ...] = ()
    """The seats dealt cards, in playing order from the eldest."""
    eldest: Seat | None = None
    hands: tuple[CardSet, ...] = ()
    """Each seat's cards at the start of the play (talon taken, discard made), as far
    as known."""
    complete: tuple[bool, ...] = ()
    talon: CardSet = NO_CARDS
    discard: CardSet = NO_CARDS
    auction: Auction | None = None
    declarer: Seat | None = None
    contract: Contract | None = None
    defence: DefenceOutcome | None = None
    defences: list[tuple[str, ...]] | None = None
    """With no Defence section: every defence the rules and the play allow (a list of
    one when the record settles it), which scoring weighs (:func:`pfn.deal.score`)."""
    leader: Seat | None = None
    participants: tuple[Seat, ...] = ()
    """The seats that play the cards (the declarer and the defenders who play, or every
    player of an all-pass), in playing order; empty when there is no play."""
    first_leader: Seat | None = None
    """Who leads to the first trick by the rules, play recorded or not."""
    play_rules: PlayRules | None = None
    """The rules of play of the contract (the kernel's), when there is a play."""
    tricks: list[PlayedTrick] = field(default_factory=list)
    taken: dict[Seat, int] = field(default_factory=dict)
    """Tricks won in the play given (all of it only when ``play_complete``)."""
    play_complete: bool = False
    result: dict[Seat, int | None] = field(default_factory=dict)
    """Tricks per seat for scoring: the play's, else the Result tag's."""
    context: DealContext = field(default_factory=DealContext)
    made: list[tuple[Stage, Move, Move]] = field(default_factory=list, repr=False)
    """The moves written down so far (:attr:`moves` has them all)."""
    pending: list[Callable[[], Iterable[tuple[Stage, Move, Move]]]] = field(
        default_factory=list, repr=False)
    """Moves taken but written down only when asked for (the discard, the contract and
    the cards of a record's replay: ``pfn check`` never asks)."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    unchecked: list[Text] = field(default_factory=list)
    """What the record does not let the rules check, in words."""

    @property
    def moves(self) -> list[tuple[Stage, Move, Move]]:
        """The moves made, in order, as the deal state took them: each with its stage,
        and as the record writes it (only the main line of a record's play)."""
        if self.pending:
            for later in self.pending:
                self.made.extend(later())
            self.pending.clear()
            self.made.sort(key=lambda entry: _STAGES.index(entry[0]))  # (stable)
        return self.made

    @property
    def leader_stated(self) -> bool:
        """Whether the first leader is the one the Play tag names, not the rules': in an
        ending (who won the trick before it is not in the record), or at a set-up
        position before trick 1 whose dealer is not given."""
        start = self.record.start
        return start is not None and (start > 1 or self.eldest is None)

    @property
    def ok(self) -> bool:
        """No rule broken."""
        return not any(d.is_error for d in self.diagnostics)

    def __repr__(self) -> str:
        contract = self.contract
        parts = [self.variant.name,
                 None if contract is None else str(contract) + (
                     f" by {self.declarer}" if self.declarer is not None and not
                     contract.allpass else ""),
                 " ".join(f"{s}:{'?' if n is None else n}" for s, n in self.result.items())
                 or None]
        errors = sum(d.is_error for d in self.diagnostics)
        parts.append(f"{errors} error{'s' * (errors != 1)}" if errors else "clean")
        return f"<Replay {' · '.join(p for p in parts if p)}>"

    def _repr_svg_(self) -> str | None:
        """A notebook shows a replay as its deal diagram (the renderer's: matplotlib is
        loaded only here)."""
        return hooks.replay_svg(self)
