"""Every card of a record weighed, as chess engines annotate PGN.

:func:`analyse` solves the position before each card of the main line and the
position after it: a card that leaves its side fewer tricks than its best card would
have costs that many.  :func:`annotate` writes that back into the record: ``?`` on a
card that costs one trick, ``??`` on one that costs two or more, and a comment
``{dd: 7 → 6; best HQ}`` — the count before the card with best play, the count after
it, and the cards that would have kept it.  The cards themselves never change; a
suffix a person wrote (``!``, ``!?``…) is kept; running it again changes nothing.

``by="information"`` judges each card on what its player could see instead
(:mod:`.odds`): over the layouts he could not tell apart, a card whose expected tricks
fall :data:`MISTAKE` (a quarter of a trick) or more below his best card's is ``?``,
:data:`BLUNDER` (a whole trick) or more ``??``, with ``{chances: 6.4 → 5.9; best HQ
6.4}`` (the declarer's expected tricks in the deal after the best card and after the
card played).  A card that was best on what he saw is never marked, whatever the cards
he could not see turned out to be.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from pfn.analysis.position import NotAnalysable, main_line, start_of
from pfn.analysis.solve import Solver
from pfn.cards import CARDS, Card
from pfn.messages import Text, msg
from pfn.model import Annotation, CardRun, Record
from pfn.rules.replay import Replay
from pfn.rules.tricks import Kind
from pfn.seats import SEATS, Seat

OURS = re.compile(r"dd( [A-D])?: |chances( [A-D])?: ")
"""The comments :func:`annotate` writes (and replaces when run again)."""

MISTAKE = 0.25
"""By information: the expected tricks a card must lose to be marked ``?``."""
BLUNDER = 1.0
"""… and ``??``."""
INFORMATION_LIMIT = 2_000
"""By information: every layout when a card's player could not tell apart at most this
many; else :data:`INFORMATION_SAMPLE` of them (seeded by the card's place, so a second
run gives the same marks)."""
INFORMATION_SAMPLE = 300


@dataclass(frozen=True)
class CardNote:
    """One card of the main line, weighed."""

    trick: int
    line: int
    """The card's line in the Play section (from 0) and its index in the line."""
    index: int
    card: Card
    seat: Seat
    counted: Seat
    """Whose tricks ``before`` and ``after`` count: the declarer, or in an all-pass the
    player of the card (his paranoid value)."""
    before: int
    """The count with best play from the position before the card."""
    after: int
    """The count with best play after it."""
    best: tuple[Card, ...]
    """The cards that keep ``before``."""

    @property
    def cost(self) -> int:
        """Tricks the card costs its player's side."""
        return abs(self.before - self.after)

    @property
    def comment(self) -> str:
        """The note ``pfn annotate`` writes after the card (``dd: 8 → 7; best SA``)."""
        who = f" {self.counted}" if self._paranoid else ""
        return f"dd{who}: {self.before} → {self.after}; best {' '.join(map(str, self.best))}"

    _paranoid: bool = field(default=False, repr=False)

    def __str__(self) -> str:
        return f"trick {self.trick}: {self.seat} {self.card} {{{self.comment}}}"


@dataclass(frozen=True)
class ChanceNote:
    """One card of the main line, weighed on what its player could see."""

    trick: int
    line: int
    index: int
    card: Card
    seat: Seat
    counted: Seat
    """Whose tricks the expectations count (the declarer's; an all-pass: the player's)."""
    best_expected: float
    """The counted player's expected tricks in the deal after the best card."""
    expected: float
    """… after the card played."""
    best: tuple[Card, ...]
    layouts: int
    exhaustive: bool

    @property
    def loss(self) -> float:
        """Expected tricks the card gives away against the best card."""
        return abs(self.best_expected - self.expected)

    @property
    def cost(self) -> int:
        """1 for a mistake (``?``), 2 for a blunder (``??``), else 0."""
        return 2 if self.loss >= BLUNDER - 1e-9 else 1 if self.loss >= MISTAKE - 1e-9 else 0

    @property
    def comment(self) -> str:
        """``chances: 6.4 → 5.9; best HQ 6.4``."""
        return (f"chances: {self.best_expected:.1f} → {self.expected:.1f}; best"
                f" {' '.join(map(str, self.best))} {self.best_expected:.1f}")

    def __str__(self) -> str:
        return f"trick {self.trick}: {self.seat} {self.card} {{{self.comment}}}"


@dataclass
class Analysis:
    """What :func:`analyse` found about one record."""

    record: Record
    kind: Kind | None = None
    notes: list[CardNote | ChanceNote] = field(default_factory=list)
    problem: Text | None = None
    """Why the record could not be analysed (``None``: it was)."""
    broken: bool = False
    """It could not because the deal breaks the rules of structure (an error)."""
    nodes: int = 0

    def __repr__(self) -> str:
        board = self.record.tag("Board")
        what = f"board {board}" if board else "a record"
        if self.problem is not None:
            return f"<Analysis of {what}: not analysed ({self.problem})>"
        marked = " ".join(f"{n.card}{'??' if n.cost > 1 else '?'}" for n in self.mistakes)
        return f"<Analysis of {what}: {len(self.mistakes)} marked{': ' + marked if marked else ''}>"

    @property
    def mistakes(self) -> list[CardNote | ChanceNote]:
        """The cards that cost tricks."""
        return [n for n in self.notes if n.cost]


def analyse(record: Record, rules: tuple[tuple[str, str], ...] = (),
            engine: str | None = None, by: str = "open-hands") -> Analysis:
    """Weigh every card of ``record``'s main line (the record is replayed first).

    >>> import pfn
    >>> record = pfn.load("examples/analysis.pfn")[1]   # the brief's deal, 7S made 7
    >>> for note in pfn.analyse(record).mistakes:
    ...     print(note)
    trick 1: A S7 {dd: 8 → 7; best SJ SQ SK SA CK CA H7 H8 HA}
    """
    from pfn.deal import replay

    replayed = replay(record, rules=rules, on_error="collect")
    if by == "information":
        return analyse_information(replayed, engine)
    return analyse_replay(replayed, engine)


def analyse_replay(replay: Replay, engine: str | None = None) -> Analysis:
    """Weigh every card of a replayed record's main line."""
    out = Analysis(replay.record)
    try:
        start = start_of(replay)
    except NotAnalysable as error:
        out.problem, out.broken = error.said, error.broken
        return out
    out.kind = start.kind
    solver = Solver(start, engine)
    for position, card, line, index in main_line(replay):
        seat = position.turn
        target = solver.target(position)
        values = solver.card_values(position, target)
        best = solver.best(values, seat, target)
        out.notes.append(CardNote(
            position.number, line, index, CARDS[card], SEATS[seat], SEATS[target], best,
            values[card], tuple(CARDS[c] for c in sorted(values) if values[c] == best),
            start.declarer is None))
    out.nodes = solver.nodes
    return out


def analyse_information(replay: Replay, engine: str | None = None) -> Analysis:
    """Weigh every card of the main line on what its player could see (see the
    module): the cards of a player whose hand the record does not give, or who could
    not choose, are not judged."""
    from pfn.analysis.odds import odds

    out = Analysis(replay.record)
    play = replay.record.play
    contract = replay.contract
    if play is None or contract is None or replay.play_rules is None:
        out.problem = msg("there is no play to analyse")
        return out
    out.kind = "allpass" if contract.allpass else "misere" if contract.misere else "tricks"
    lines = {id(run): line for line, run in enumerate(play.tricks)}
    for done in replay.tricks:
        line = lines.get(id(done.run), done.number - replay.record.first_trick)
        played = 0
        for index, (who, card) in enumerate(zip(done.seats, done.cards, strict=True)):
            if who is None or card is None:
                continue
            try:
                found = odds(replay, who, done.number, played, limit=INFORMATION_LIMIT,
                             sample=INFORMATION_SAMPLE, seed=line * 4 + index, engine=engine)
            except NotAnalysable as error:
                if error.broken:
                    out.problem, out.broken = error.said, True
                    return out
                played += 1
                continue
            played += 1
            mine = found.cards.get(CARDS[card])
            if mine is None or len(found.cards) < 2 or not found.best:
                continue
            top = found.cards[found.best[0]]
            out.notes.append(ChanceNote(
                done.number, line, index, CARDS[card], who, found.counted,
                found.taken + top.expected, found.taken + mine.expected, found.best,
                found.layouts, found.exhaustive))
    if not out.notes and replay.tricks:
        out.problem = msg("no card could be judged on what its player saw (hands not given)")
    return out


def annotate(analysis: Analysis) -> Record:
    """The record with its costly cards marked and commented (see the module)."""
    record = analysis.record
    play = record.play
    if play is None or analysis.problem is not None:
        return record
    by_place = {(n.line, n.index): n for n in analysis.notes}
    tricks = []
    for line, run in enumerate(play.tricks):
        anns: list[Annotation | None] = []
        for index in range(len(run.cards)):
            anns.append(_annotated(run.ann(index), by_place.get((line, index))))
        kept = tuple(anns) if any(a is not None for a in anns) else None
        tricks.append(run if kept == run.anns else _with_anns(run, kept))
    return replace(record, play=replace(play, tricks=tuple(tricks)))


def _with_anns(run: CardRun, anns: tuple[Annotation | None, ...] | None) -> CardRun:
    return CardRun(run.cards, anns, run.claim, run.pos, run.texts, run.origin)


def _annotated(ann: Annotation | None, note: CardNote | ChanceNote | None
               ) -> Annotation | None:
    """A card's annotation with this analysis's mark and comment (and no old one: a
    mark an earlier run wrote goes with its comment)."""
    base = ann or Annotation()
    comments = tuple(c for c in base.comments if not OURS.match(c))
    suffix = base.suffix
    if len(comments) < len(base.comments) and suffix in ("?", "??"):
        suffix = ""
    if note is not None and note.cost:
        if suffix in ("", "?", "??"):
            suffix = "?" if note.cost == 1 else "??"
        comments = (*comments, note.comment)
    new = replace(base, suffix=suffix, comments=comments)
    return new if new else None


@dataclass(frozen=True)
class Annotated:
    """What annotating one record gave: small enough to send back from a worker."""

    record: Record
    """The record annotated, or as it was (nothing to analyse, or ``problem``)."""
    problem: Text | None = None
    mistakes: int = 0
    broken: bool = False
    """Not analysed because the deal breaks the rules of structure."""
    idle: Text | None = None
    """Why nothing was there to annotate: a result alone, or a deal not played."""


def annotate_record(record: Record, rules: tuple[tuple[str, str], ...] = (),
                    engine: str | None = None, by: str = "open-hands") -> Annotated:
    """Analyse and annotate one record (what ``pfn annotate`` does to each, in this
    process or a worker's)."""
    if not record.syntax_ok or record.empty:
        return Annotated(record)
    if record.play is None:  # nothing to weigh; a deal the check rejects is still refused
        from pfn.analysis.position import refuse_broken
        from pfn.deal import replay

        try:
            refuse_broken(replay(record, rules=rules, on_error="collect"))
        except NotAnalysable as error:
            return Annotated(record, error.said, broken=error.broken)
        return Annotated(record, idle=msg("nothing to annotate: no deal, its result alone")
                         if record.deal is None else
                         msg("nothing to annotate: the deal has no play"))
    found = analyse(record, rules, engine, by)
    if found.problem is not None:
        return Annotated(record, found.problem, broken=found.broken)
    return Annotated(annotate(found), None, len(found.mistakes))
