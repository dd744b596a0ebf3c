"""The PFN data model: typed value objects built by the reader.

A :class:`Record` is one deal (or a result-only or sheet-only entry of a match)
as written: its tags, its sections (auction, defence, play) and the typed values
of the tags pfn knows.  Nothing here checks a rule; that is :mod:`pfn.rules`.
``str()`` of every value gives its canonical PFN spelling.

Source positions are kept for diagnostics but never take part in equality, so a
record read back from its own canonical text equals the original.

The classes are slotted dataclasses, not frozen ones: nothing changes a value once the
reader has built it (``dataclasses.replace`` makes a changed copy), and a frozen class
costs two generated methods at import and an ``object.__setattr__`` per field at
construction — 8 % of the instructions ``pfn check`` spends on a record.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from pfn import hooks
from pfn.cards import SUITS, Card, Rank, Suit, dotted, popcount, suit_ranks
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic
from pfn.seats import Seat

Pos = tuple[int, int]
"""A source position: 1-based line and column; ``(0, 0)`` when not read from text."""
NOWHERE: Pos = (0, 0)


@dataclass(slots=True)
class Source:
    """Where a record came from: file name, first line, character offset, and its text."""

    name: str | None
    line: int
    offset: int
    text: str = ""


# ---------------------------------------------------------------------------
# Annotations, calls, cards


@dataclass(slots=True)
class Variation:
    """An alternative to the move it follows, replayed from there (PGN's ``( … )``).

    In the auction and the defence ``moves`` is a tuple of :class:`CallNode`; in the
    play it is one :class:`CardRun` that continues the trick in progress and
    completes later tricks by count.
    """

    moves: tuple[CallNode, ...] | CardRun
    comments: tuple[str, ...] = ()
    """Comments before the first move of the variation."""


@dataclass(slots=True)
class Annotation:
    """What is written after a move: a ``!``/``?`` suffix, NAGs, note references,
    comments and variations."""

    suffix: str = ""
    nags: tuple[int, ...] = ()
    notes: tuple[int, ...] = ()
    comments: tuple[str, ...] = ()
    variations: tuple[Variation, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.suffix or self.nags or self.notes or self.comments or self.variations)


@dataclass(frozen=True, slots=True)
class Call:
    """An auction or defence call: its canonical token, and the speaker when written
    explicitly (``B:pass``).  A value: what is written about a call, and where, is on
    the :class:`CallNode` around it (as python-chess keeps comments on ``GameNode``).

    >>> from pfn import Call, Seat
    >>> call = Call("whist", Seat.B)
    >>> call, str(call), call.token, call == Call("whist", Seat.B)
    (Call('whist', Seat.B), 'B:whist', 'whist', True)
    """

    token: str
    seat: Seat | None = None

    def __str__(self) -> str:
        return f"{self.seat}:{self.token}" if self.seat is not None else self.token

    def __repr__(self) -> str:
        seat = f", {self.seat!r}" if self.seat is not None else ""
        return f"Call({self.token!r}{seat})"


@dataclass(slots=True)
class CallNode:
    """A call where a record writes it: the call, what is written after it (``!?``,
    NAGs, comments, variations) and, for diagnostics, where and how it is written."""

    call: Call
    ann: Annotation | None = None
    pos: Pos = field(default=NOWHERE, compare=False)
    text: str = field(default="", compare=False)
    """The token as written (for diagnostics)."""


@dataclass(slots=True)
class CardRun:
    """Cards played in order: one trick of the main line, or a variation's cards.

    ``None`` stands for an unknown card (``-``).  ``anns`` is ``None`` when no card
    carries an annotation; ``claim`` is set when the run ends with ``*`` (the rest
    was claimed or not recorded), holding what was written after the ``*``.
    """

    cards: tuple[Card | None, ...]
    anns: tuple[Annotation | None, ...] | None = None
    claim: Annotation | None = None
    pos: tuple[Pos, ...] = field(default=(), compare=False)
    texts: tuple[str, ...] = field(default=(), compare=False)
    origin: tuple[int, int, str] | None = field(default=None, compare=False)
    """For a plain line read as it is: its line, column and text, from which ``pos`` and
    ``texts`` are worked out when a diagnostic needs them."""

    def __len__(self) -> int:
        return len(self.cards)

    def ann(self, index: int) -> Annotation | None:
        """The annotation of the ``index``-th card, if any."""
        return self.anns[index] if self.anns is not None else None

    def _word(self, index: int) -> tuple[Pos, str] | None:
        """The ``index``-th word of the line this run was read from, and where it is."""
        if self.origin is None:
            return None
        line, col, text = self.origin
        found = next(itertools.islice(_WORD.finditer(text), index, None), None)
        return None if found is None else ((line, col + found.start()), found.group())

    def position(self, index: int) -> Pos:
        """Source position of the ``index``-th card (``(0, 0)`` if unknown)."""
        if index < len(self.pos):
            return self.pos[index]
        word = self._word(index)
        return word[0] if word is not None else NOWHERE

    def text(self, index: int) -> str:
        """The ``index``-th card as written."""
        if index < len(self.texts):
            return self.texts[index]
        word = self._word(index)
        if word is not None:
            return word[1]
        card = self.cards[index]
        return "-" if card is None else card.name


_WORD = re.compile(r"\S+")


@dataclass(slots=True)
class CallSection:
    """The Auction or Defence section: the seat named in its tag (who speaks first)
    and the calls in the order spoken, each in its :class:`CallNode`."""

    first: Seat | None
    nodes: tuple[CallNode, ...]

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls in the order spoken."""
        return tuple(node.call for node in self.nodes)

    @classmethod
    def of(cls, first: Seat | None, calls: Iterable[Call]) -> CallSection:
        """A section of ``calls`` with nothing written about them."""
        return cls(first, tuple(CallNode(call) for call in calls))


@dataclass(slots=True)
class Play:
    """The Play section: the leader of the first trick and the tricks, one per line."""

    leader: Seat | None
    tricks: tuple[CardRun, ...]

    @property
    def claimed(self) -> bool:
        """Whether the play ends with ``*``."""
        return bool(self.tricks) and self.tricks[-1].claim is not None


# ---------------------------------------------------------------------------
# The deal


@dataclass(slots=True)
class CardPattern:
    """A card known only in part: ``?A`` (an ace), ``S?`` (a spade) or ``??``."""

    suit: Suit | None
    rank: Rank | None

    def matches(self, card: Card) -> bool:
        """Whether ``card`` fits the pattern."""
        return ((self.suit is None or card.suit == self.suit)
                and (self.rank is None or card.rank == self.rank))

    def __str__(self) -> str:
        return ((self.suit.letter if self.suit is not None else "?")
                + (self.rank.letter if self.rank is not None else "?"))


CardRef = Card | CardPattern
"""A card in the Talon or Discard tag: known, or known in part."""


@dataclass(slots=True)
class Hand:
    """A hand (or the talon) as far as it is known.

    ``mask`` holds the known cards; ``unknown[s]`` counts further cards of suit
    ``s`` whose rank is not given (``x``), or is ``-1`` when even their number is
    unknown (``?`` in that suit).
    """

    mask: int
    unknown: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def complete(self) -> bool:
        """Every card of the hand is known."""
        return not any(self.unknown)

    @property
    def size(self) -> int | None:
        """How many cards the hand has, if that is known."""
        if -1 in self.unknown:
            return None
        return popcount(self.mask) + sum(self.unknown)

    def __iter__(self) -> Iterator[Card]:
        from pfn.cards import cards_of
        return cards_of(self.mask)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def __str__(self) -> str:
        if self.complete:
            return dotted(self.mask)
        groups = []
        for suit in SUITS:
            ranks = suit_ranks(self.mask, suit)
            text = "".join("789TJQKA"[r] for r in range(7, -1, -1) if ranks >> r & 1)
            extra = self.unknown[suit]
            groups.append(text + ("?" if extra < 0 else "x" * extra))
        return ".".join(groups)


@dataclass(slots=True)
class Deal:
    """The Deal tag: one hand per seat (``None`` if hidden) and the talon."""

    hands: tuple[Hand | None, ...]
    talon: Hand | None

    @property
    def players(self) -> int:
        """Number of seats at the table."""
        return len(self.hands)

    def hand(self, seat: Seat) -> Hand | None:
        """The hand of ``seat``, or ``None`` when it is hidden."""
        return self.hands[seat] if seat.index < len(self.hands) else None

    def __repr__(self) -> str:
        return f"Deal({str(self)!r})"

    def __str__(self) -> str:
        parts = [f"{Seat(i)}:{'?' if h is None else h}" for i, h in enumerate(self.hands)]
        parts.append(f"talon:{'?' if self.talon is None else self.talon}")
        return " ".join(parts)


# ---------------------------------------------------------------------------
# Results and the score sheet


Amount = Fraction | int
"""An exact amount on the sheet: a whole number, or a fraction where a division leaves one."""


def halved(value: int) -> Amount:
    """Half of ``value``: an int when it is even (no Fraction made)."""
    return value // 2 if value % 2 == 0 else Fraction(value, 2)


def exact(value: Amount) -> Amount:
    """``value`` as an int when it is whole (ints are much faster than Fractions)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def format_amount(value: Amount, signed: bool = False) -> str:
    """An exact amount: ``4``, ``-2``, ``37/3``; with ``signed`` a ``+`` for positive values."""
    text = str(value.numerator)
    if value.denominator != 1:
        text += f"/{value.denominator}"
    return f"+{text}" if signed and value >= 0 else text


@dataclass(slots=True)
class ScoreEntry:
    """One figure on the score sheet.

    In the Score tag it is what is written for this deal (``A:pool+4``,
    ``B:whist/A+4``, ``A:mountain-2``); in the Sheet section it is a running
    total (``pool=10``).  ``column`` is ``pool``, ``mountain``, ``whist``,
    ``bule``, ``supe`` or ``refa``; ``against`` names the player whists or supe
    are written against.
    """

    seat: Seat
    column: str
    against: Seat | None
    value: Amount
    total: bool = False
    pos: Pos = field(default=NOWHERE, compare=False)

    @property
    def key(self) -> tuple[Seat, str, Seat | None]:
        """What the entry is about: seat, column and the player it is against."""
        return (self.seat, self.column, self.against)

    def label(self) -> str:
        """``A:whist/B`` — the entry without its value."""
        against = f"/{self.against}" if self.against is not None else ""
        return f"{self.seat}:{self.column}{against}"

    def __str__(self) -> str:
        amount = "=" + format_amount(self.value) if self.total else format_amount(self.value, True)
        return self.label() + amount


MATCH_TAGS = ("Variant", "Rules", "Target", "Players")
"""Tags given once for a match: its later records that leave them out have them too."""

TYPED_TAGS = frozenset({"Variant", "Rules", "Target", "Start", "Dealer", "Deal", "Declarer",
                        "Contract", "Result", "Talon", "Discard", "Score", "Settlement", "Note",
                        "Auction", "Defence", "Play", "Sheet"})
"""Tags whose content is held in the typed fields of :class:`Record`: their raw values
(``"c"`` for ``C``, ``"Сочи"`` for ``sochi``) do not take part in equality."""


@dataclass(slots=True, eq=False)
class Tag:
    """A tag pair as written: canonical name for known tags, the value as written, and
    the comments that follow it (for a section tag: those before its first move).

    The export form of a known tag's value comes from the record's typed fields
    (:func:`pfn.notation.writer.tag_value`), so two tags that say the same thing in
    different words are equal."""

    name: str
    value: str
    comments: tuple[str, ...] = ()
    inherited: bool = False
    """Written ``#`` (the same as in the previous record); ``value`` is the value inherited."""
    pos: Pos = field(default=NOWHERE, compare=False)
    implied: bool = False
    """Not written in this record: a match-wide tag (``MATCH_TAGS``) given by an earlier
    record of the same match.  Writers leave it out where the match's header is written."""

    def _key(self) -> tuple[str, str | None, tuple[str, ...], bool]:
        # an implied tag says what the same tag written would say
        return (self.name, None if self.name in TYPED_TAGS else self.value, self.comments,
                self.inherited)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tag):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


@dataclass(slots=True)
class Section:
    """A section pfn does not know, kept as written for round-trips: its lines of
    words and comments."""

    lines: tuple[str, ...]


# ---------------------------------------------------------------------------
# The record


@dataclass(slots=True, repr=False)
class Record:
    """One PFN record: a deal, a result-only entry or a sheet-only entry.

    ``tags`` keeps every tag pair (unknown ones included) in export order: the known
    tags in roster order, then the others as read; known tags hold their canonical
    value.  The other fields hold the typed values of the known tags and sections,
    ``None`` when absent (or unreadable: see ``diagnostics``).  ``str(record)`` is its
    PFN text.

    >>> import pfn
    >>> record = pfn.load("examples/brief.pfn")[0]
    >>> record
    <Record board 1 · sochi · 7S by A>
    >>> record.tag("Players"), record.names, record.dealer, record.contract
    ('Ana; Boris; Ceca', ('Ana', 'Boris', 'Ceca'), Seat.C, Contract.parse('7S'))
    >>> record.play.tricks[0].cards
    (Card.SA, Card.S9, Card.S8)
    >>> print(str(record).splitlines()[2])
    [Event "Friday pool"]
    """

    tags: tuple[Tag, ...] = ()
    variant: str = "sochi"
    """Canonical variant id, resolved from the Variant tag (``sochi`` if absent)."""
    players: int = 3
    dealer: Seat | None = None
    deal: Deal | None = None
    declarer: Seat | None = None
    contract: Contract | None = None
    talon: tuple[CardRef, ...] | None = None
    discard: tuple[CardRef, ...] | None = None
    discard_public: bool = False
    """``[Discard "talon"]``: the talon was discarded face up as revealed (seed 000)."""
    auction: CallSection | None = None
    defence: CallSection | None = None
    play: Play | None = None
    result: tuple[tuple[Seat, int | None], ...] | None = None
    score: tuple[ScoreEntry, ...] | None = None
    sheet: tuple[ScoreEntry, ...] | None = None
    settlement: tuple[tuple[Seat, Fraction], ...] | None = None
    notes: tuple[tuple[int, str], ...] = ()
    rules: tuple[tuple[str, str], ...] = ()
    """House rules from the Rules tag, as ``(option, value)`` pairs."""
    target: int | None = None
    """The Target tag: the pool size, or the starting bule."""
    start: int | None = None
    """The Start tag: the Deal gives the hands as they are before this trick (a
    problem's ending, or ``1``: the hands as the play begins, after the discard);
    ``None``: the Deal is the deal as dealt."""
    sections: tuple[tuple[str, Section], ...] = ()
    """Sections pfn does not know, by tag name."""
    comments: tuple[str, ...] = ()
    """Comments before the first tag."""
    directives: tuple[str, ...] = ()
    """``%`` lines that came before this record."""
    syntax_ok: bool = True
    """False when the text did not parse; then only ``source`` and ``diagnostics`` are set."""
    source: Source | None = field(default=None, compare=False)
    diagnostics: tuple[Diagnostic, ...] = field(default=(), compare=False)
    """What the reader found wrong with the text of this record."""

    def tag(self, name: str) -> str | None:
        """The raw value of a tag (first occurrence), or ``None``."""
        for tag in self.tags:
            if tag.name == name:
                return tag.value
        return None

    def tags_named(self, name: str) -> list[Tag]:
        """Every tag of this name, in order."""
        return [tag for tag in self.tags if tag.name == name]

    @property
    def match(self) -> str | None:
        """The Match tag: records with the same id in a row form one match (pool)."""
        value = self.tag("Match")
        return value if value not in (None, "", "?") else None

    @property
    def first_trick(self) -> int:
        """The trick the Deal's hands are held before: 1, or the Start tag's (an ending)."""
        return self.start or 1

    @property
    def tricks_left(self) -> int:
        """The tricks played from the Deal's hands: ten, or those of an ending."""
        return 11 - self.first_trick

    @property
    def names(self) -> tuple[str, ...]:
        """Player names from the Players tag, in seat order."""
        value = self.tag("Players")
        if not value or value == "?":
            return ()
        return tuple(name.strip() for name in value.split(";"))

    @property
    def empty(self) -> bool:
        """Comments or directives with no tags (kept so ``pfn fmt`` never drops them)."""
        return not self.tags and self.syntax_ok

    @property
    def ok(self) -> bool:
        """Whether the reader found no error in this record."""
        return not any(d.is_error for d in self.diagnostics)

    def __str__(self) -> str:
        """The record as PFN, in export format (a record that did not parse: its text as
        written)."""
        if not self.syntax_ok:
            return self.source.text if self.source is not None else ""
        return hooks.record_text(self)  # the writer's (the model does not import it)

    def __repr__(self) -> str:
        parts = [f"board {self.tag('Board')}" if self.tag("Board") else None,
                 f"match {self.match}" if self.match else None, self.variant,
                 None if self.contract is None else
                 f"{self.contract}" + (f" by {self.declarer}" if self.declarer is not None
                                       and not self.contract.allpass else ""),
                 None if self.syntax_ok else "did not parse"]
        return f"<Record {' · '.join(p for p in parts if p)}>"

    def _repr_svg_(self) -> str | None:
        """A notebook shows a record as its deal diagram (the renderer's: matplotlib is
        loaded only here)."""
        return hooks.record_svg(self)

    def tricks_of(self, seat: Seat) -> int | None:
        """Tricks the Result tag gives ``seat``."""
        for s, n in self.result or ():
            if s == seat:
                return n
        return None
