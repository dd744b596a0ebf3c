"""The problem files of the slovesnov/bridge solver: ``.bts`` and ``.pts``.

A file is an optional ``% bts version 5.2`` line and records, each opened by ``deal``::

    deal 5 T987.98.987.8 AK.AKQT.J.QJT QJ.J7.AKQT.97
    contract misere
    play DA D9 DJ
    turns 0
    player N
    absent S
    comment Misere of Kovalevskaya. North want to play misere. Break him plan!

``deal n`` gives the three hands clockwise from North, the ``absent`` seat skipped, each
as spades.hearts.diamonds.clubs (PFN writes S.C.D.H).  They are the hands *as the play
begins* — the declarer has discarded — or an ending with fewer cards, so a record
becomes a PFN ending: ``[Start "N"]`` and the hands held before trick N.  ``contract``
is ``6S`` … ``10NT``, ``misere`` (``mizer`` in old files); ``play`` is the seat to lead,
or the cards played so far (the first one's holder led); ``turns`` is how many of them
the solver's window shows (kept as a ``Turns`` tag when it is not all of them);
``player`` is the declarer; ``comment`` runs to the end of the record, or to
``pbninfo``, whose PBN tags follow.

The players become North, East, South, West in the ``Players`` tag, in playing order
(clockwise), so pfn draws them at their places; the dealer is the seat before the one
who leads, so the lead is the eldest's, as the Russian rules have it.

**Encoding.** A file is read as UTF-8 when it is valid UTF-8, else as Windows-1251 (the
solver's Russian files are), and the import says so.  ``pfn export --to pts`` writes UTF-8.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from pfn import codes
from pfn.cards import CARDS, Card, Rank, Suit
from pfn.diagnostics import PfnError
from pfn.formats.draft import Batch, Draft, hand_text, play_lines, tag_line
from pfn.i18n import tr
from pfn.messages import msg
from pfn.model import Record
from pfn.seats import Seat

COMPASS = "NESW"
NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
BTS_SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
"""The file's suit letters; a hand lists them in this order."""
RANKS = {r.letter: r for r in Rank}
BRIDGE_RANKS = set("65432")
TRUMPS = {"S": "S", "H": "H", "D": "D", "C": "C", "N": "NT", "NT": "NT"}
KEYS = ("contract", "play", "turns", "player", "absent", "comment", "pbninfo")
PASSED_THROUGH = ("Event", "Site", "Date", "Round", "Variant", "Rules", "Target",
                  "Players")
"""PFN tags a ``pbninfo`` block carries as themselves; other PFN names get ``Pbn``."""
VERSION = "% bts version 5.2"
VARIANT = "sochi"
"""The variant of an imported record (the solver plays by the Russian rules), unless its
``pbninfo`` names another; an export names any other in ``pbninfo``."""


class Field(NamedTuple):
    """A ``key value`` line: where it is and what it says."""

    line: int
    value: str
    col: int


def decode(data: bytes, batch: Batch) -> str:
    """The file's text: UTF-8 when it is valid UTF-8, else Windows-1251 (said)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        batch.note("not UTF-8: read as Windows-1251 (cp1251), the encoding of the solver's"
                   " Russian files")
        return data.decode("cp1251", errors="replace")


def read(data: bytes, name: str) -> Batch:
    """Every record of a ``.bts``/``.pts`` file as a PFN draft."""
    batch = Batch(name)
    lines = decode(data, batch).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    batch.source = lines
    blocks: list[tuple[int, list[str]]] = []
    for number, line in enumerate(lines, start=1):
        if line.lower().startswith("deal "):
            blocks.append((number, [line]))
        elif blocks:
            blocks[-1][1].append(line)
        elif line.strip() and not line.startswith("%"):
            batch.problem(codes.E007, msg("text before the first deal"), number, 1, line.strip(),
                          msg("a record starts with: deal <n> <hands>"))
    if not blocks and not batch.failed:
        batch.problem(codes.E007, msg("no deal in the file"), 1, None, None,
                      msg("a record starts with: deal <n> <hands>"))
    for first, block in blocks:
        draft = _record(block, first, batch)
        if draft is not None:
            batch.drafts.append(draft)
    return batch


def _comment(comments: Sequence[str]) -> str:
    """A record's comments as the ``comment`` field: its lines run to the next ``deal``
    or ``pbninfo`` line, so no line of it may be blank, begin with ``deal`` or be
    ``pbninfo`` alone (its lines after the first are indented, and a lone ``pbninfo``
    gets a colon)."""
    lines = [line.strip() for text in comments for line in text.splitlines() if line.strip()]
    lines = [line + ":" if line.lower() == "pbninfo" else line for line in lines]
    return "\n  ".join(lines)


def _record(block: list[str], first: int, batch: Batch) -> Draft | None:
    fields: dict[str, Field] = {}
    comment: list[str] = []
    pbn: list[tuple[int, str]] = []
    extra: list[tuple[int, str, str]] = []
    at = "fields"
    for offset, line in enumerate(block[1:], start=1):
        number = first + offset
        if at == "pbninfo":
            pbn.append((number, line))
            continue
        key, _, value = line.strip().partition(" ")
        key = key.lower()
        if key == "pbninfo" and not value.strip():
            at = "pbninfo"
        elif at == "comment":
            comment.append(line)
        elif key == "comment":
            at = "comment"
            comment.append(line.strip()[len("comment"):].lstrip(" "))
        elif key in KEYS:
            fields[key] = Field(number, value.strip(), line.find(value.strip()) + 1)
        elif line.strip():
            extra.append((number, key, value.strip()))
    errors = batch.errors
    draft = Draft(first)
    head = block[0].split()
    board = head[1] if len(head) > 1 else ""
    if not board.isdigit():
        batch.problem(codes.E007, msg("the deal has no number"), first, 1, block[0].strip(),
                      msg("deal <n> <hands>"))
    absent = _compass(fields.get("absent", Field(first, "S", 1)), "absent", batch)
    seats = [s for s in COMPASS if s != absent]
    hands = _hands(head[2:], first, block[0], batch)
    if batch.errors > errors or absent is None:
        return None
    sizes = {len(h) for h in hands}
    if len(sizes) != 1 or not 1 <= min(sizes) <= 10:
        batch.problem(codes.E007, msg("the hands hold {counts} cards: a position has as many in"
                                     " each, ten at most",
                                     counts=", ".join(str(len(h)) for h in hands)), first, None,
                      block[0].strip())
        return None
    held = sizes.pop()
    owner = {card: seats[i] for i, hand in enumerate(hands) for card in hand}
    contract = _contract(fields.get("contract"), first, batch)
    declarer = _compass(fields["player"], "player", batch) if "player" in fields else None
    if "player" not in fields:
        batch.problem(codes.E007, msg("no player line: a bridge deal, not a Preferans one"), first,
                      None, None, msg("a Preferans record names the declarer: player <seat>"))
    elif declarer == absent:
        batch.problem(codes.E007, msg("the declarer {declarer} is the absent seat",
                                     declarer=declarer),
                      fields["player"].line, fields["player"].col, fields["player"].value)
    leader, played = _play(fields.get("play"), owner, seats, first, batch)
    if batch.errors > errors or contract is None or declarer is None or leader is None:
        return None
    letter = {seat: "ABC"[i] for i, seat in enumerate(seats)}
    dealer = seats[(seats.index(leader) - 1) % 3]
    draft.comments = ["\n".join(comment).strip()] if "".join(comment).strip() else []
    tags: dict[str, str] = {}
    for _, line in pbn:
        _pbn_tag(line, tags, draft)
    for name in ("Event", "Site", "Date", "Round"):
        if name in tags:
            draft.tag(name, tags.pop(name))
    draft.tag("Variant", tags.pop("Variant", VARIANT))
    for name in ("Rules", "Target"):
        if name in tags:
            draft.tag(name, tags.pop(name))
    draft.tag("Players", tags.pop("Players", "; ".join(NAMES[s] for s in seats)))
    draft.tag("Board", board)
    draft.tag("Dealer", letter[dealer])
    draft.tag("Deal", " ".join(f"{letter[s]}:{hand_text(h)}" for s, h in zip(seats, hands,
                                                                          strict=True)))
    draft.tag("Start", str(11 - held))
    draft.tag("Declarer", letter[declarer])
    if held == 10:  # the two cards in no hand are the declarer's discard: he knows them
        draft.tag("Discard", " ".join(str(CARDS[c]) for c in range(32)
                                      if CARDS[c] not in owner))
    draft.tag("Contract", contract)
    draft.tag("Play", letter[leader])
    draft.sections["Play"] = play_lines(played)
    turns = fields.get("turns")
    if turns is None:
        batch.problem(codes.E007, msg("no turns line"), first, None, None,
                      msg("turns <n>: how many of the play's cards are shown"))
    elif not turns[1].isdigit() or int(turns[1]) > len(played):
        batch.problem(codes.E007, msg("turns {value}: the play gives {n} cards",
                                     value=turns[1], n=len(played)),
                      turns.line, turns.col, turns.value)
    elif int(turns[1]) != len(played):
        draft.tag("Turns", turns[1])
    for name, value in tags.items():
        draft.tag(name, value)
    for number, key, value in extra:
        name = "Bts" + re.sub(r"[^A-Za-z0-9_]", "", key.title())
        if name == "Bts":
            batch.problem(codes.E007, msg("unreadable line {key}",
                                         key=repr(key)), number, 1, key)
            continue
        draft.tag(name, value)
        batch.note(f"{key!r} is not a field of the format: kept as the tag {name}", number)
    return draft if batch.errors == errors else None


def _compass(field: Field, what: str, batch: Batch) -> str | None:
    number, value, col = field
    seat = value.strip().upper()[:1]
    if seat not in COMPASS or len(value.strip()) != 1:
        batch.problem(codes.E007, msg("{what} {value} is not a seat",
                                     what=what, value=repr(value)), number, col, value,
                      msg("N, E, S or W"))
        return None
    return seat


def _hands(texts: list[str], line: int, source: str, batch: Batch) -> list[list[Card]]:
    if len(texts) == 4:
        batch.problem(codes.E007, msg("four hands: a bridge deal, not a Preferans one"), line, None,
                      source.strip())
        return []
    if len(texts) != 3:
        batch.problem(codes.E007, msg("{value} hands: a Preferans record gives three",
                                     value=len(texts)), line,
                      None, source.strip(), msg("deal <n> <hand> <hand> <hand>"))
        return []
    hands: list[list[Card]] = []
    seen: set[Card] = set()
    for text in texts:
        col = source.find(text) + 1
        suits = text.upper().split(".")
        if len(suits) != 4:
            batch.problem(codes.E007, msg("hand {text} does not have four suits",
                                         text=repr(text)), line, col, text,
                          msg("spades.hearts.diamonds.clubs, e.g. AKQ.J..987"))
            return []
        hand: list[Card] = []
        for suit_letter, ranks in zip("SHDC", suits, strict=True):
            for char in ranks.replace("-", ""):
                if char in BRIDGE_RANKS:
                    batch.problem(codes.E007, msg("{suit_letter}{char} is not a card of the"
                                                 " Preferans pack (7 to ace)",
                                                 suit_letter=suit_letter, char=char),
                                  line, col, text)
                    return []
                if char not in RANKS:
                    batch.problem(codes.E007, msg("{char} is not a rank",
                                                 char=repr(char)), line, col, text,
                                  msg("ranks are A K Q J T 9 8 7"))
                    return []
                card = Card.of(BTS_SUITS[suit_letter], RANKS[char])
                if card in seen:
                    batch.problem(codes.E007, msg("{card} is dealt twice",
                                                 card=card), line, col, text)
                    return []
                seen.add(card)
                hand.append(card)
        hands.append(hand)
    return hands


def _contract(field: Field | None, line: int, batch: Batch) -> str | None:
    if field is None:
        batch.problem(codes.E007, msg("no contract line"), line, None, None, msg("contract 6S"))
        return None
    number, value, col = field
    word = value.strip().upper()
    if word in ("MISERE", "MIZER"):
        return "mis"
    found = re.fullmatch(r"(\d+)(NT|[SHDCN])", word)
    if found is None or not 6 <= int(found.group(1)) <= 10:
        what = tr("no contract") if word.startswith("?") else \
            tr("contract {value}", value=repr(value))
        batch.problem(codes.E007, msg("{what}: a Preferans contract is 6 to 10 in a suit or"
                                     " no-trumps, or misere",
                                     what=what), number, col, value, msg("contract 7S"))
        return None
    return f"{int(found.group(1))}{TRUMPS[found.group(2)]}"


def _play(field: Field | None, owner: dict[Card, str], seats: list[str], line: int,
          batch: Batch) -> tuple[str | None, list[Card]]:
    if field is None:
        batch.problem(codes.E007, msg("no play line"), line, None, None,
                      msg("play <seat> (who leads), or the cards played"))
        return None, []
    number, value, col = field
    words = value.split()
    if len(words) == 1 and len(words[0]) == 1:
        seat = words[0].upper()
        if seat not in seats:
            batch.problem(codes.E007, msg("play {value}: not a seat at this table",
                                         value=repr(value)), number, col,
                          value)
            return None, []
        return seat, []
    played: list[Card] = []
    for word in words:
        token = word.upper()
        card = None
        if len(token) == 2 and token[0] in BTS_SUITS and token[1] in RANKS:
            card = Card.of(BTS_SUITS[token[0]], RANKS[token[1]])
        if card is None or card not in owner:
            batch.problem(codes.E007, msg("{word} is not a card of the deal",
                                         word=repr(word)), number,
                          col + value.find(word), word)
            return None, []
        played.append(card)
    if not played:
        batch.problem(codes.E007, msg("an empty play line"), number, col, None,
                      msg("play <seat>, or the cards played"))
        return None, []
    return owner[played[0]], played


def _pbn_tag(line: str, tags: dict[str, str], draft: Draft) -> None:
    """A line after ``pbninfo``: a PBN tag (a PFN tag name set aside with ``Pbn``), or a
    comment."""
    if not line.strip():
        return
    found = tag_line(line)
    if found is None:
        draft.comments.append(f"pbninfo: {line.strip()}")
        return
    from pfn.notation.build import KNOWN_TAGS

    name, value = found
    if name in KNOWN_TAGS and name not in PASSED_THROUGH:
        name = "Pbn" + name
    tags.setdefault(name, value)


# -- export ----------------------------------------------------------------------------

class NotExportable(PfnError):
    """The record cannot be said in the solver's format (said in words)."""


def export(records: Iterable[Record]) -> Iterator[str]:
    """Each record as a ``.pts`` record (the version line first)."""
    yield VERSION + "\n"
    for index, record in enumerate((r for r in records if not r.empty), start=1):
        yield export_record(record, index)


def export_record(record: Record, index: int = 1, dropped: list[str] | None = None) -> str:
    """One record in the solver's format: the hands as the play begins (or the ending),
    the contract, the declarer, the play so far (``NotExportable`` when pfn cannot).
    The tags the format cannot hold (an auction, a score) are added to ``dropped``."""
    from pfn.deal import replay

    result = replay(record, on_error="collect")
    errors = [d for d in result.diagnostics if d.is_error]
    if errors:
        raise NotExportable(tr("the record has errors ({code}: {message})",
                               code=errors[0].code, message=errors[0].message))
    contract, declarer = result.contract, result.declarer
    if contract is None or contract.allpass or declarer is None:
        raise NotExportable(tr("the solver's format holds a game with a declarer: this record"
                               " has none"))
    order = list(result.order)
    if len(order) != 3 or not all(result.complete[s] for s in order):
        raise NotExportable(tr("the hands of all three players must be known"))
    names = record.names
    compass = _places(record, order)
    seats = [s for s in COMPASS if s in compass.values()]
    absent = next(s for s in COMPASS if s not in seats)
    by_place = {place: seat for seat, place in compass.items()}
    hands = [result.hands[by_place[place]] for place in seats]
    if len({h.bit_count() for h in hands}) != 1:
        raise NotExportable(tr("the hands as the play begins do not hold as many cards each"))
    played = _played(record)
    if result.first_leader is None:
        raise NotExportable(tr("the game was not played (the defenders passed)"))
    lines = [f"deal {_number(record, index)} " + " ".join(_bts_hand(h) for h in hands)]
    lines.append("contract " + ("misere" if contract.misere else
                                f"{contract.level}{contract.strain}"))
    lines.append("play " + (" ".join(_bts_card(c) for c in played) if played
                            else compass[result.first_leader]))
    lines.append(f"turns {record.tag('Turns') or len(played)}")
    lines.append(f"player {compass[declarer]}")
    lines.append(f"absent {absent}")
    lines.append(f"comment {_comment(record.comments)}".rstrip())
    own_names = len(names) == 3 and any(names[s] != NAMES[compass[s]] for s in order)
    info = _pbninfo(record, own_names, dropped)
    if info:
        lines.append("pbninfo")
        lines.extend(info)
    return "\n".join(lines) + "\n\n"


def _played(record: Record) -> list[Card]:
    """The cards of the main line, up to the first one not known."""
    out: list[Card] = []
    for run in record.play.tricks if record.play is not None else ():
        for card in run.cards:
            if card is None:
                return out
            out.append(card)
    return out


def _places(record: Record, order: Sequence[Seat]) -> dict[Seat, str]:
    """Each playing seat's compass place: the Players names where they are North, East,
    South, West in clockwise order, else North, East, West."""
    names = record.names
    places = {name: letter for letter, name in NAMES.items()}
    given = [places.get(names[s], "") if s.index < len(names) else "" for s in order]
    if all(given) and len(set(given)) == 3:
        start = given.index(min(given, key=COMPASS.index))
        turned = given[start:] + given[:start]
        if [COMPASS.index(p) for p in turned] == sorted(COMPASS.index(p) for p in turned):
            return dict(zip(order, given, strict=True))
    first = min(order)
    i = order.index(first)
    rotated = [*order[i:], *order[:i]]
    return dict(zip(rotated, "NEW", strict=True))


def _number(record: Record, index: int) -> str:
    board = record.tag("Board") or ""
    return board if board.isdigit() else str(index)


def _bts_hand(mask: int) -> str:
    groups = []
    for suit in BTS_SUITS.values():
        ranks = sorted((c.rank for c in CARDS if mask >> c & 1 and c.suit == suit),
                       reverse=True)
        groups.append("".join(r.letter for r in ranks))
    return ".".join(groups)


def _bts_card(card: int) -> str:
    c = CARDS[card]
    return f"{c.suit.letter}{c.rank.letter}"


_DERIVED = frozenset({"Board", "Dealer", "Deal", "Start", "Declarer", "Discard", "Contract",
                      "Play",
                      "Turns", "Players"})


def _pbninfo(record: Record, own_names: bool, dropped: list[str] | None) -> list[str]:
    """The tags the format has no field for, as PBN tags after ``pbninfo``."""
    from pfn.notation.build import KNOWN_TAGS
    from pfn.notation.writer import tag_value

    out = []
    for tag in record.tags:
        if tag.name == "Players" and own_names:
            pass  # the players' own names travel in pbninfo
        elif tag.name in _DERIVED or (tag.name == "Event" and tag.value == "?") or \
                (tag.name == "Variant" and record.variant == VARIANT):
            continue
        if tag.name in KNOWN_TAGS and tag.name not in PASSED_THROUGH:
            if dropped is not None and tag.name not in dropped:
                dropped.append(tag.name)  # an auction, a talon, a score: not a position's
            continue
        name = tag.name[3:] if tag.name.startswith("Pbn") and tag.name[3:] in KNOWN_TAGS \
            else tag.name
        value = tag_value(record, tag).replace('"', '\\"')
        out.append(f'[{name} "{value}"]')
    return out
