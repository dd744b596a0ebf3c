"""Parsers for the small languages inside tag values (spec, section 4).

Tag values are short plain lines: each is split with ``str.split`` or one regular
expression, never with a second grammar.  A parser returns the typed value or
raises :class:`ValueProblem` with the offending part's offset in the value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from pfn import codes
from pfn.cards import (
    CARD_BY_NAME,
    RANK_MASK,
    SUIT_CHARS,
    Card,
    parse_card,
    rank_of,
    without_selectors,
)
from pfn.codes import Code
from pfn.diagnostics import NotationError, Problem
from pfn.messages import Text, msg
from pfn.model import Amount, CardPattern, CardRef, Deal, Hand, ScoreEntry, exact
from pfn.seats import SEAT_BY_NAME, Seat
from pfn.vocabulary import Vocabulary


class ValueProblem(NotationError):
    """A tag value that does not parse: the problem, and the offset and length of the bad
    part of the value."""

    def __init__(self, code: Code, message: Text, start: int = 0, length: int = 0,
                 hint: Text | None = None) -> None:
        super().__init__(message)
        self.problem = Problem(code, message, hint)
        self.start, self.length = start, length

    @property
    def code(self) -> Code:
        """The diagnostic code."""
        return self.problem.code

    @property
    def message(self) -> Text:
        """What is wrong, in words."""
        return self.problem.message

    @property
    def hint(self) -> Text | None:
        """What would help."""
        return self.problem.hint


_WORD = re.compile(r"\S+")


def _words(value: str) -> list[tuple[int, str]]:
    """The whitespace-separated words of ``value`` with their offsets."""
    return [(m.start(), m.group()) for m in _WORD.finditer(value)]


def seat(text: str, players: int = 4, start: int = 0) -> Seat:
    """A seat letter, any case."""
    found = SEAT_BY_NAME.get(text.strip().upper())
    if found is None or found.index >= players:
        raise ValueProblem(codes.E110, msg("invalid seat {text}", text=repr(text.strip())), start,
                           len(text), msg("seats are {seats} in playing order",
                                         seats=" ".join("ABCD"[:players])))
    return found


def optional_seat(text: str) -> Seat | None:
    """A seat, or ``None`` for ``""``, ``"?"`` and ``"-"``."""
    if text.strip() in ("", "?", "-"):
        return None
    return seat(text)


MAX_DIGITS = 9
"""Longer numbers are refused: no count on a Preferans sheet needs more."""


def number(text: str, start: int = 0) -> int:
    """A whole number (at most :data:`MAX_DIGITS` digits)."""
    body = text.strip()
    if len(body.lstrip("+-")) > MAX_DIGITS:
        raise ValueProblem(codes.E111, msg("number {text}… is too long", text=body[:12]), start,
                           len(text), msg("numbers have at most {n} digits", n=MAX_DIGITS))
    try:
        return int(body)
    except ValueError:
        raise ValueProblem(codes.E111, msg("invalid number {text}", text=repr(body)), start,
                           len(text)) from None


def amount(text: str, start: int = 0) -> Amount:
    """An exact amount: ``4``, ``-12``, ``+37``, ``37/3``."""
    try:
        if len(text) > 2 * MAX_DIGITS + 2:
            raise ValueError
        if "/" in text:
            num, den = text.split("/")
            return exact(Fraction(int(num), int(den)))
        return int(text)
    except (ValueError, ZeroDivisionError):
        raise ValueProblem(codes.E111, msg("invalid amount {text}", text=repr(text)), start,
                           len(text), msg("amounts are whole numbers or exact fractions such as"
                                         " 37/3")) from None


# ---------------------------------------------------------------------------
# Deal

_LABEL_RE = re.compile(r"(?:(?<=\s)|^)([A-Da-d]|talon|прикуп|kupovina|widow)\s*:", re.IGNORECASE)
_TALON_LABELS = {"talon", "прикуп", "kupovina", "widow"}
_UNKNOWN_RANK = {"x", "X", "х", "Х"}  # Latin and Cyrillic x: a card of this suit, rank not given


def hand(text: str, start: int = 0) -> Hand | None:
    """One hand of the Deal tag: ``?`` hidden, ``-`` empty, dotted ``AKQJ7.AK.7.A7``
    (``x`` an unknown card of the suit, ``?`` an unknown number), or with suit
    symbols ``♠AKQJ7 ♣AK ♦7 ♥A7``."""
    body = text.strip()
    if body == "?":
        return None
    if body == "-":
        return Hand(0)
    compact = re.sub(r"\s+", "", without_selectors(body))
    if any(ch in "♠♣♦♥♤♧♢♡" for ch in compact):
        groups = ["", "", "", ""]
        for m in re.finditer(r"([♠♣♦♥♤♧♢♡])([^♠♣♦♥♤♧♢♡]*)", compact):
            groups[SUIT_CHARS[m.group(1)]] += m.group(2)
        if re.sub(r"[♠♣♦♥♤♧♢♡][^♠♣♦♥♤♧♢♡]*", "", compact):
            raise ValueProblem(codes.E106, msg("cards before the first suit symbol in {text}",
                                                  text=repr(body)), start, len(text))
    else:
        groups = compact.split(".")
        if len(groups) != 4:
            raise ValueProblem(
                codes.E106, msg("a hand needs four suits separated by dots, got {text}",
                               text=repr(body)),
                start, len(text), msg("suits are in the fixed order S.C.D.H; write `-` or"
                                     " nothing for a void, `?` for a hidden hand"))
    mask = 0
    unknown = [0, 0, 0, 0]
    for suit, group in enumerate(groups):
        ranks = RANK_MASK.get(group)
        if ranks is not None:  # canonical: ranks high to low
            mask |= ranks << (8 * suit)
            continue
        group = group.replace("10", "T")
        if group in ("-", "—"):
            continue
        for ch in group:
            if ch in _UNKNOWN_RANK:
                if unknown[suit] >= 0:
                    unknown[suit] += 1
                continue
            if ch == "?":
                unknown[suit] = -1
                continue
            rank = rank_of(ch)
            if rank is None:
                raise ValueProblem(codes.E107, msg("unknown rank {rank} in hand {text}",
                                                      rank=repr(ch), text=repr(body)),
                                   start + max(0, text.find(ch)), 1,
                                   msg("ranks are A K Q J T 9 8 7 (also 10, and Т К Д В)"))
            bit = 1 << (8 * suit + rank)
            if mask & bit:
                card = Card(8 * suit + rank)
                raise ValueProblem(codes.E201, msg("{card} given twice in hand {text}", card=card,
                                                      text=repr(body)), start, len(text))
            mask |= bit
    return Hand(mask, (unknown[0], unknown[1], unknown[2], unknown[3]))


def _plain_deal(value: str, players: int | None) -> Deal | None:
    """A Deal tag in export form (``A:AKQJ7.AK.7.A7 … talon:..8.8``), or ``None``."""
    hands: dict[int, Hand] = {}
    talon = None
    seen = 0
    for part in value.split():
        label, sep, body = part.partition(":")
        groups = body.split(".")
        if not sep or len(groups) != 4:
            return None
        masks = [RANK_MASK.get(g) for g in groups]
        if None in masks:
            return None
        mask = masks[0] | masks[1] << 8 | masks[2] << 16 | masks[3] << 24  # type: ignore[operator]
        if mask & seen:
            return None  # the general path reports the duplicate
        seen |= mask
        if label == "talon":
            if talon is not None:
                return None
            talon = Hand(mask)
        elif len(label) == 1 and label in "ABCD" and "ABCD".index(label) not in hands:
            hands["ABCD".index(label)] = Hand(mask)
        else:
            return None
    if not hands:
        return None
    count = max(players or 3, max(hands) + 1)
    return Deal(tuple(hands.get(i) for i in range(count)), talon)


def deal(value: str, players: int | None = None) -> Deal:
    """The Deal tag: ``A:… B:… C:… talon:…``, each hand labelled (any order)."""
    plain = _plain_deal(value, players)
    if plain is not None:
        return plain
    labels = list(_LABEL_RE.finditer(value))
    if not labels:
        raise ValueProblem(codes.E106, msg("no labelled hands in deal {text}", text=repr(value)),
                           0, len(value), msg("write each hand as seat:cards, e.g."
                                             " `A:AKQJ7.AK.7.A7`, and the talon as"
                                             " `talon:..8.8`"))
    if labels[0].start() and value[:labels[0].start()].strip():
        raise ValueProblem(codes.E106, msg("text before the first hand in the deal"),
                           0, labels[0].start())
    hands: dict[Seat, Hand | None] = {}
    talon: Hand | None = None
    have_talon = False
    for i, m in enumerate(labels):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(value)
        label = m.group(1)
        parsed = hand(value[m.end():end], m.end())
        if label.casefold() in _TALON_LABELS:
            if have_talon:
                raise ValueProblem(codes.E106, msg("the talon is given twice"), m.start(),
                                   len(label))
            talon, have_talon = parsed, True
        else:
            s = SEAT_BY_NAME[label.upper()]
            if s in hands:
                raise ValueProblem(codes.E106, msg("hand {seat} is given twice", seat=s), m.start(),
                                   len(label))
            hands[s] = parsed
    count = max(players or 3, max(hands, default=Seat.A).index + 1)
    return Deal(tuple(hands.get(Seat(i)) for i in range(count)), talon)


# ---------------------------------------------------------------------------
# Cards in tags (Talon, Discard)


def card_ref(word: str, start: int = 0) -> CardRef:
    """A card or a pattern: ``SA``, ``♠A``, ``?A`` (an ace), ``S?`` (a spade), ``??``."""
    card = parse_card(word)
    if card is not None:
        return card
    text = word.replace("10", "T")
    if len(text) == 2 and "?" in text:
        first, second = text[0], text[1]
        suit = None if first == "?" else SUIT_CHARS.get(first.upper())
        rank = None if second == "?" else rank_of(second)
        if (first == "?" or suit is not None) and (second == "?" or rank is not None):
            return CardPattern(suit, rank)
    raise ValueProblem(codes.E107, msg("unknown card {text}", text=repr(word)), start, len(word),
                       msg("cards are a suit letter S C D H and a rank A K Q J T 9 8 7, e.g. SA"
                          " HT; ?A is an ace of unknown suit, ?? an unknown card"))


_PUBLIC_DISCARD = {"talon", "прикуп", "kupovina", "widow"}


def is_public_discard(value: str) -> bool:
    """``[Discard "talon"]``: the declarer threw the talon away face up, as revealed."""
    return value.strip().casefold() in _PUBLIC_DISCARD


def cards(value: str) -> tuple[CardRef, ...] | None:
    """A list of cards (Talon, Discard); ``None`` for ``?`` (not known)."""
    plain = tuple(map(CARD_BY_NAME.get, value.split()))
    if None not in plain:
        return plain  # type: ignore[return-value]
    if value.strip() == "?":
        return None
    return tuple(card_ref(word, at) for at, word in _words(value))


# ---------------------------------------------------------------------------
# Result, Score, Sheet, Settlement


def _plain_result(value: str, players: int) -> tuple[tuple[Seat, int | None], ...] | None:
    out: list[tuple[Seat, int | None]] = []
    seats = "ABCD"[:players]
    given = ""
    for word in value.split():
        name, count = word[0], word[2:]
        if not 3 <= len(word) <= 4 or word[1] != ":" or name not in seats or \
                not (count.isascii() and count.isdigit()) or int(count) > 10:
            return None
        if name in given:
            return None  # the full reading says which seat is given twice
        given += name
        out.append((SEAT_BY_NAME[name], int(count)))
    return tuple(out)


def result(value: str, players: int = 4) -> tuple[tuple[Seat, int | None], ...]:
    """The Result tag: tricks per seat, ``A:8 B:1 C:1`` (``?`` where not known)."""
    plain = _plain_result(value, players)
    if plain is not None:
        return plain
    out: list[tuple[Seat, int | None]] = []
    for at, word in _words(value):
        name, sep, count = word.partition(":")
        if not sep:
            raise ValueProblem(codes.E106, msg("result entry {text} is not seat:tricks",
                                                  text=repr(word)), at, len(word),
                               msg("write the tricks of each player, e.g. A:8 B:1 C:1"))
        s = seat(name, players, at)
        if any(s == other for other, _ in out):
            raise ValueProblem(codes.E120, msg("{seat} is given twice", seat=s), at, len(word),
                               msg("give each player's tricks once"))
        tricks = None if count == "?" else number(count, at + len(name) + 1)
        if tricks is not None and not 0 <= tricks <= 10:
            raise ValueProblem(codes.E111, msg("{seat} cannot take {n} tricks", seat=s, n=tricks),
                               at, len(word))
        out.append((s, tricks))
    return tuple(out)


_ENTRY_RE = re.compile(r"^([A-Da-d]):([^\W\d_]+)(?:/([A-Da-d]))?([+=-])(.+)$")


def score_entries(value: str, column_of: Callable[[str], str | None], total: bool,
                  players: int = 4,
                  first_at: int = 0, seat_prefix: Seat | None = None,
                  place: tuple[int, int] = (0, 0)) -> tuple[ScoreEntry, ...]:
    """Score entries ``A:pool+4 B:whist/A+4 A:mountain-2`` (``total``: Sheet values
    ``A:pool=10``).  ``columns`` maps folded column names to canonical ones.
    With ``seat_prefix`` the entries may omit the seat (a Sheet line ``A pool=10 …``).
    ``column_of`` gives the canonical name of a column as written.  ``place`` is the line
    and column where ``value`` starts in the file, so each entry knows its ``pos``."""
    line, col = place
    out: list[ScoreEntry] = []
    for at, word in _words(value):
        text = word if seat_prefix is None or ":" in word else f"{seat_prefix}:{word}"
        m = _ENTRY_RE.match(text)
        if m is None:
            raise ValueProblem(
                codes.E106, msg("score entry {text} is not seat:column±amount", text=repr(word)),
                first_at + at, len(word),
                msg("e.g. `A:pool+4`, `B:whist/A+4`, `A:mountain+8`; in the Sheet `A:pool=10`"))
        name, column, against, op, number_text = m.groups()
        canonical = column_of(column)
        if canonical is None:
            raise ValueProblem(codes.E106, msg("unknown score column {text}", text=repr(column)),
                               first_at + at, len(word),
                               msg("columns are `pool`, `mountain` and `whist` (Russian), `bule`,"
                                  " `supe` and `refa` (Serbian), `chips` (Britannica)"))
        who = seat(name, players, first_at + at)
        other = seat(against, players, first_at + at) if against else None
        if (op == "=") != total:
            raise ValueProblem(
                codes.E106, msg("{text}: use = here", text=repr(word)) if total else
                msg("{text}: use + or - here", text=repr(word)), first_at + at, len(word),
                msg("the Score tag adds (+) or writes off (-); the Sheet gives totals (=)"))
        value_ = amount(number_text, first_at + at)
        if op == "-":
            value_ = -value_
        out.append(ScoreEntry(who, canonical, other, value_, total,
                              (line, col + first_at + at) if line else (0, 0)))
    return tuple(out)


def settlement(value: str, players: int = 4) -> tuple[tuple[Seat, Amount], ...]:
    """The Settlement tag: ``A:+37 B:+183 C:-217 D:-3`` (exact fractions allowed)."""
    out: list[tuple[Seat, Amount]] = []
    for at, word in _words(value):
        name, sep, number_text = word.partition(":")
        if not sep:
            raise ValueProblem(codes.E106, msg("settlement entry {text} is not seat:amount",
                                                  text=repr(word)), at, len(word))
        who = seat(name, players, at)
        if any(who == other for other, _ in out):
            raise ValueProblem(codes.E120, msg("{seat} is given twice", seat=who), at, len(word))
        out.append((who, amount(number_text, at + len(name) + 1)))
    return tuple(out)


def target(value: str) -> int:
    """The Target tag: the pool size (or the starting bule), a positive whole number."""
    found = number(value)
    if found <= 0:
        raise ValueProblem(codes.E111, msg("the target must be positive, not {n}", n=found), 0,
                           len(value), msg("the pool size (or the starting bule), e.g. 20"))
    return found


def start(value: str) -> int:
    """The Start tag: the trick before which the Deal gives the hands (an ending)."""
    found = number(value)
    if not 1 <= found <= 10:
        raise ValueProblem(codes.E111, msg("the play has tricks 1 to 10, not {n}", n=found), 0,
                           len(value), msg("the trick the Deal's hands are given before, e.g. 4"))
    return found


def rules(value: str) -> tuple[tuple[str, str], ...]:
    """The Rules tag: ``option=value`` pairs separated by ``;`` (or ``,``)."""
    out: list[tuple[str, str]] = []
    offset = 0
    for part in re.split(r"[;,]", value):
        if part.strip():
            key, sep, val = part.partition("=")
            if not sep or not key.strip():
                raise ValueProblem(codes.E116, msg("house rule {text} is not option=value",
                                                  text=repr(part.strip())), offset, len(part))
            out.append((key.strip(), val.strip()))
        offset += len(part) + 1
    return tuple(out)


def note(value: str) -> tuple[int, str]:
    """A Note tag: ``n:text``."""
    num, sep, text = value.partition(":")
    if not sep or not (num.strip().isascii() and num.strip().isdigit()) or len(num.strip()) > 4:
        raise ValueProblem(codes.E113, msg("note {text} does not start with its number",
                                          text=repr(value)),
                           0, len(num), msg('write [Note "1:text"] and refer to it with =1='))
    return int(num), text.strip()


def contract(value: str, vocabulary: Vocabulary) -> str:
    """The canonical token of a Contract tag value."""
    token = vocabulary.contract(value.strip())
    if token is None:
        raise ValueProblem(codes.E117, msg("unknown contract {text}", text=repr(value.strip())), 0,
                           len(value), msg("contracts are 6S … 10NT, mis, pass (all-pass), with"
                                          " -hand for a game without the talon"))
    return token
