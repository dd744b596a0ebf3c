"""Suits, ranks and cards of the 32-card Preferans pack, and sets of cards as bit masks.

A card's integer value is ``8 * suit + rank``, so a set of cards is an ``int``
with one bit per card and a suit is one byte of it: following suit, voids and
"who holds what" are single mask operations on the hot path.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum

from pfn.diagnostics import PfnError
from pfn.i18n import tr


class InvalidCard(PfnError):
    """A text that is not a card (:meth:`Card.parse`)."""


class Suit(IntEnum):
    """A suit, in PFN's fixed order S C D H (the Russian bidding order, low to high)."""

    def __bool__(self) -> bool:
        return True  # Seat.A, Suit.SPADES and Card.S7 are 0 but never "nothing"

    SPADES = 0
    """♠, letter ``S``."""
    CLUBS = 1
    """♣, letter ``C``."""
    DIAMONDS = 2
    """♦, letter ``D``."""
    HEARTS = 3
    """♥, letter ``H``."""

    @property
    def letter(self) -> str:
        """The PFN letter: ``S``, ``C``, ``D`` or ``H``."""
        return "SCDH"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol."""
        return "♠♣♦♥"[self]

    @property
    def red(self) -> bool:
        """Diamonds and hearts print red."""
        return self >= Suit.DIAMONDS

    @property
    def mask(self) -> int:
        """The bit mask of the eight cards of this suit."""
        return 0xFF << (8 * self)

    def __str__(self) -> str:
        return self.letter


class Rank(IntEnum):
    """A rank, low to high; there are no card points in Preferans."""

    def __bool__(self) -> bool:
        return True  # Seat.A, Suit.SPADES and Card.S7 are 0 but never "nothing"

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        """The PFN letter: ``7 8 9 T J Q K A``."""
        return "789TJQKA"[self]

    @property
    def printed(self) -> str:
        """The rank for print: the letter, with ``10`` written in full."""
        return "10" if self == Rank.TEN else self.letter

    def __str__(self) -> str:
        return self.letter


class Card(IntEnum):
    """One of the 32 cards; ``str(card)`` is its PFN token (suit letter then rank).

    >>> from pfn import Card
    >>> Card.HT, str(Card.HT), Card.HT.symbol, Card.HT.suit, Card.HT.rank
    (Card.HT, 'HT', '♥10', <Suit.HEARTS: 3>, <Rank.TEN: 3>)
    >>> Card.SA > Card.SK, Card["CA"]
    (True, Card.CA)
    >>> Card.parse("♠A"), Card.parse("h10"), Card.parse("♥Т"), Card.try_parse("S6")
    (Card.SA, Card.HT, Card.HA, None)
    """

    def __bool__(self) -> bool:
        return True  # Seat.A, Suit.SPADES and Card.S7 are 0 but never "nothing"

    S7 = 0
    S8 = 1
    S9 = 2
    ST = 3
    SJ = 4
    SQ = 5
    SK = 6
    SA = 7
    C7 = 8
    C8 = 9
    C9 = 10
    CT = 11
    CJ = 12
    CQ = 13
    CK = 14
    CA = 15
    D7 = 16
    D8 = 17
    D9 = 18
    DT = 19
    DJ = 20
    DQ = 21
    DK = 22
    DA = 23
    H7 = 24
    H8 = 25
    H9 = 26
    HT = 27
    HJ = 28
    HQ = 29
    HK = 30
    HA = 31

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card ``text`` names, in any spelling a PFN file reads: ``SA``, ``sa``,
        ``♠A``, ``A♠``, ``♥10``, the Russian rank letters (``♠Т`` is the ace);
        :class:`InvalidCard` if it names none."""
        found = cls.try_parse(text)
        if found is None:
            raise InvalidCard(tr("not a card: {text} (cards are written SA, ♠A, ♥10)",
                                 text=repr(text)))
        return found

    @classmethod
    def try_parse(cls, text: str) -> Card | None:
        """The card ``text`` names (see :meth:`parse`), or ``None``."""
        return parse_card(text.strip()) if isinstance(text, str) else None

    @staticmethod
    def of(suit: Suit, rank: Rank) -> Card:
        """The card of ``suit`` and ``rank``."""
        return CARDS[8 * suit + rank]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return SUITS[self >> 3]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return RANKS[self & 7]

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self

    @property
    def symbol(self) -> str:
        """The card for print: suit symbol and rank, ``10`` written in full (``♥10``)."""
        return SUITS[self >> 3].symbol + RANKS[self & 7].printed

    def __str__(self) -> str:
        return _CARD_NAMES[self]

    def __repr__(self) -> str:
        return f"Card.{self.name}"


_CARD_NAMES: tuple[str, ...] = tuple(c.name for c in Card)
SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
CARDS: tuple[Card, ...] = tuple(Card)
FULL_DECK: int = (1 << 32) - 1
"""The mask of all 32 cards."""

CARD_BY_NAME: dict[str, Card] = {card.name: card for card in Card}
"""Canonical card tokens (``"SA"``) to cards; the import aliases live in :mod:`pfn.vocabulary`."""


def popcount(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest first (spades 7 up to hearts ace)."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def suit_ranks(mask: int, suit: Suit) -> int:
    """The eight-bit rank mask of one suit of ``mask``."""
    return (mask >> (8 * suit)) & 0xFF


class CardSet(int):
    """A set of cards that prints as Preferans: ``str`` is PFN's dotted S.C.D.H form
    (``AKQJ7.AK.7.A7``), iteration gives the cards, lowest first.

    It is the set's bit mask (an ``int``), so the engine's mask arithmetic works on it
    unchanged; the replay hands these out wherever it gives a set of cards.

    >>> hand = CardSet.parse("AKQJ7.AK.7.A7")
    >>> len(hand), Card.SA in hand, hand.suit(Suit.CLUBS)
    (10, True, [Card.CA, Card.CK])
    >>> hand, CardSet.of([Card.SA, Card.H7])
    (CardSet.parse('AKQJ7.AK.7.A7'), CardSet.parse('A...7'))
    """

    __slots__ = ()
    # no __new__ of its own: CardSet(mask) is int's constructor, which the replay calls
    # for every hand it hands out

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """The set of a dotted hand (``AKQJ7.AK.7.A7``; ``-`` for none)."""
        return cls(_parse_dotted(text))

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        """The set of some cards."""
        return cls(mask_of(cards))

    @property
    def mask(self) -> int:
        """The bit mask, as a plain ``int``."""
        return int(self)

    def __iter__(self) -> Iterator[Card]:
        return cards_of(self)

    def __len__(self) -> int:
        return self.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self >> card & 1)

    def suit(self, suit: Suit) -> list[Card]:
        """The cards of one suit, highest first."""
        return sorted(cards_of(self & suit.mask), reverse=True)

    def dotted(self) -> str:
        """The dotted form, ranks high to low in each suit, suits in S.C.D.H order."""
        return dotted(self)

    def __str__(self) -> str:
        return dotted(self)

    def __format__(self, spec: str) -> str:
        return dotted(self) if not spec else int.__format__(self, spec)

    def __repr__(self) -> str:
        return f"CardSet.parse({dotted(self)!r})"


NO_CARDS = CardSet()
"""The empty set of cards."""


def _parse_dotted(text: str) -> int:
    """The mask of a dotted hand (``AKQJ7.AK.7.A7``; ``-`` for none)."""
    text = text.strip()
    if text in ("", "-"):
        return 0
    groups = text.split(".")
    if len(groups) != 4:
        raise PfnError(tr("{text} is not a hand: four suits S.C.D.H, such as AKQJ7.AK.7.A7",
                          text=repr(text)))
    mask = 0
    for suit, group in enumerate(groups):
        for char in group.upper().replace("10", "T"):
            rank = "789TJQKA".find(char)
            if rank < 0:
                raise PfnError(tr("{text} is not a hand: {char} is not a rank", text=repr(text),
                                  char=repr(char)))
            mask |= 1 << (8 * suit + rank)
    return mask


RANK_TEXT: tuple[str, ...] = tuple(
    "".join("789TJQKA"[r] for r in range(7, -1, -1) if m >> r & 1) for m in range(256))
"""The ranks of an 8-bit rank mask, high to low (``0b10000001`` → ``"A7"``)."""
RANK_MASK: dict[str, int] = {text: m for m, text in enumerate(RANK_TEXT)}
"""The 8-bit rank mask of a canonical rank string (``"AKQJ7"``)."""


def dotted(mask: int) -> str:
    """A mask in dotted S.C.D.H form, ranks high to low; ``-`` for the empty set."""
    if not mask:
        return "-"
    return (f"{RANK_TEXT[mask & 0xFF]}.{RANK_TEXT[mask >> 8 & 0xFF]}."
            f"{RANK_TEXT[mask >> 16 & 0xFF]}.{RANK_TEXT[mask >> 24 & 0xFF]}")


_VARIATION_SELECTORS = str.maketrans({"\ufe0e": None, "\ufe0f": None})
"""Text and emoji presentation selectors (``♠️`` is ``♠`` followed by U+FE0F)."""


def without_selectors(text: str) -> str:
    """``text`` without variation selectors, so an emoji suit reads as the suit."""
    return text.translate(_VARIATION_SELECTORS) if "\ufe0f" in text or "\ufe0e" in text \
        else text


# ---------------------------------------------------------------------------
# Cards as records spell them (the lenient import form; canonical ``SA`` above)

_RANK_CHARS: dict[str, Rank] = {
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "T": Rank.TEN, "J": Rank.JACK,
    "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
    # Russian print: Т(уз) ace, К(ороль) king, Д(ама) queen, В(алет) jack — Cyrillic letters
    "\u0422": Rank.ACE, "\u041a": Rank.KING, "\u0414": Rank.QUEEN, "\u0412": Rank.JACK,
}
SUIT_CHARS: dict[str, Suit] = {
    "S": Suit.SPADES, "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS,
    "♠": Suit.SPADES, "♤": Suit.SPADES, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
}


def rank_of(char: str) -> Rank | None:
    """A rank from one character (``T``, ``A``, Cyrillic ``Т`` …), any case; ``None`` if unknown."""
    return _RANK_CHARS.get(char.upper())


def suit_of(char: str) -> Suit | None:
    """A suit from a letter or a symbol, any case; ``None`` if unknown."""
    return SUIT_CHARS.get(char.upper())


def parse_card(word: str) -> Card | None:
    """A card from a token: ``SA``; also ``sa``, ``♠A``, ``A♠``, ``♥10``, ``10♥``, ``♠Т``.

    Returns ``None`` when the token is not a card.
    """
    card = CARD_BY_NAME.get(word)
    if card is not None:
        return card
    text = without_selectors(word).upper().replace("10", "T")
    if len(text) != 2:
        return None
    suit, rank = SUIT_CHARS.get(text[0]), _RANK_CHARS.get(text[1])
    if suit is None or rank is None:  # rank first: A♠, T♥
        suit, rank = SUIT_CHARS.get(text[1]), _RANK_CHARS.get(text[0])
    if suit is None or rank is None:
        return None
    return Card.of(suit, rank)
