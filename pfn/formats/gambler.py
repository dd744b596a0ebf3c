"""The game logs that published scrapers of the gambler.ru Preferans server write::

    begin
    CONTRACT 6s
    FIRSTPLAYER 1
    NUMOFPLAYERS 3
    HAND  As Ks 10s 7c 8c Ad Kd Qd 7h 8h
    HAND  …
    HAND  …
    TRADE 6s
    TRADE pass
    TRADE 6c
    …
    WIDOW  9d 10h
    MOVE 10s
    …
    end

Cards are a rank (``A K Q J 10 9 8 7``) and a suit letter (``s c d h``).  The three
``HAND`` lines are the players 2, 0 and 1 in playing order (the reader of these logs
takes them so), ``FIRSTPLAYER`` is the one who speaks first, the eldest; the ``TRADE``
lines are the auction in the order spoken (``6s`` … ``10nt``, ``miser``, ``pass``) and
``CONTRACT`` the game played (``pass`` for an all-pass).  ``MOVE`` lines, which the
scrapers write for all-passes, are the players' cards in the order played; the two
widow cards open the first two tricks — the log does not say in which order they were
turned, so pfn takes the order in which the players' cards follow suit (the WIDOW
line's when both do).  The server's house rules are not in the log: a deal is read as
``sochi``.  Other lines in a record are kept as tags.
"""

from __future__ import annotations

import re

from pfn import codes
from pfn.cards import Card, Rank, Suit
from pfn.formats.draft import Batch, Draft, hand_text, play_lines
from pfn.messages import msg

SUITS = {"s": Suit.SPADES, "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS}
RANKS = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK, "10": Rank.TEN,
         "T": Rank.TEN, "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN}
HAND_ORDER = (2, 0, 1)
"""The seat (by index in playing order) each HAND line is, in the order given."""
_CARD = re.compile(r"(10|[AKQJT987])([scdh])", re.IGNORECASE)
_BID = re.compile(r"(6|7|8|9|10)(s|c|d|h|nt)", re.IGNORECASE)


def card_of(word: str) -> Card | None:
    found = _CARD.fullmatch(word)
    if found is None:
        return None
    return Card.of(SUITS[found.group(2).lower()], RANKS[found.group(1).upper()])


def call_of(word: str) -> str | None:
    """A bid of the log as a PFN call (``None`` when it is not one)."""
    low = word.lower()
    if low in ("pass", "pas"):
        return "pass"
    if low in ("miser", "misere"):
        return "mis"
    found = _BID.fullmatch(low)
    if found is None:
        return None
    return found.group(1) + found.group(2).upper()


def read(data: bytes, name: str) -> Batch:
    """Every ``begin`` … ``end`` record of a log as a PFN draft."""
    batch = Batch(name)
    text = data.decode("utf-8-sig", errors="replace")
    batch.source = text.splitlines()
    record: list[tuple[int, str, str]] | None = None
    start = 0
    for number, raw in enumerate(batch.source, start=1):
        line = raw.strip()
        command, _, rest = line.partition(" ")
        if command == "begin":
            if record is not None:
                batch.problem(codes.E007, msg("begin inside a record (no end)"), number, 1, line)
            record, start = [], number
        elif command == "end":
            if record is None:
                batch.problem(codes.E007, msg("end without begin"), number, 1, line)
            else:
                draft = _record(record, start, len(batch.drafts) + 1, batch)
                if draft is not None:
                    batch.drafts.append(draft)
            record = None
        elif record is not None:
            if line:
                record.append((number, command, rest.strip()))
        elif line:
            batch.problem(codes.E007, msg("text outside begin … end"), number, 1, line)
    if record is not None:
        batch.problem(codes.E007, msg("the last record has no end"), start, 1, "begin")
    if not batch.drafts and not batch.failed:
        batch.problem(codes.E007, msg("no record (begin … end) in the file"), 1)
    return batch


def _record(lines: list[tuple[int, str, str]], start: int, board: int,
            batch: Batch) -> Draft | None:
    errors = batch.errors
    hands: list[list[Card]] = []
    trade: list[tuple[int, str]] = []
    moves: list[tuple[int, str]] = []
    values: dict[str, tuple[int, str]] = {}
    extra: list[tuple[int, str, str]] = []
    widow: list[Card] = []
    seen: set[Card] = set()

    def cards(number: int, rest: str, what: str) -> list[Card]:
        out = []
        for word in rest.split():
            card = card_of(word)
            if card is None:
                batch.problem(codes.E007, msg("{word} is not a card",
                                             word=repr(word)), number, None, word,
                              msg("a rank A K Q J 10 9 8 7 and a suit s c d h: 10s, Ah"))
            elif card in seen:
                batch.problem(codes.E007, msg("{word} dealt twice ({what})",
                                             word=word, what=what), number, None, word)
            else:
                seen.add(card)
                out.append(card)
        return out

    for number, command, rest in lines:
        if command == "HAND":
            hands.append(cards(number, rest, "HAND"))
        elif command == "WIDOW":
            widow = cards(number, rest, "WIDOW")
        elif command == "TRADE":
            trade.append((number, rest))
        elif command == "MOVE":
            moves.append((number, rest))
        elif command in ("CONTRACT", "FIRSTPLAYER", "NUMOFPLAYERS"):
            values[command] = (number, rest)
        else:
            extra.append((number, command, rest))
    players = values.get("NUMOFPLAYERS", (start, "3"))
    if players[1] != "3":
        batch.problem(codes.E007, msg("NUMOFPLAYERS {value}: the logs say who sat out only for"
                                     " three players",
                                     value=players[1]), players[0], None, players[1])
    if len(hands) != 3 or any(len(h) != 10 for h in hands) or len(widow) != 2:
        batch.problem(codes.E007, msg("a record gives three HAND lines of ten cards and a WIDOW of"
                         " two"), start, None, None)
    first = values.get("FIRSTPLAYER")
    if first is None or not first[1].isdigit():
        batch.problem(codes.E007, msg("no FIRSTPLAYER (who speaks first)"),
                      first[0] if first else start, None, first[1] if first else None)
    contract_line = values.get("CONTRACT")
    contract = call_of(contract_line[1]) if contract_line else None
    if contract is None:
        batch.problem(codes.E007, msg("CONTRACT {value} is not a game pfn can read",
                                     value=repr(contract_line[1] if contract_line else "")),
                      contract_line[0] if contract_line else start,
                      None, contract_line[1] if contract_line else None,
                      msg("`6s` … `10nt`, `miser`, `pass`"))
    calls = []
    for number, word in trade:
        call = call_of(word)
        if call is None:
            batch.problem(codes.E007, msg("TRADE {word} is not a call",
                                         word=repr(word)), number, None, word)
        calls.append(call or "")
    if batch.errors > errors or first is None or contract is None:
        return None
    seat_hands: list[list[Card]] = [[], [], []]
    for seat, hand in zip(HAND_ORDER, hands, strict=True):
        seat_hands[seat] = hand
    eldest = int(first[1]) % 3
    draft = Draft(start)
    draft.tag("Variant", "sochi")
    draft.tag("Board", str(board))
    draft.tag("Dealer", "ABC"[(eldest - 1) % 3])
    talon = hand_text(widow)
    draft.tag("Deal", " ".join(f"{'ABC'[s]}:{hand_text(seat_hands[s])}" for s in range(3))
              + f" talon:{talon}")
    declarer = _winner(calls, eldest)
    if contract != "pass" and declarer is not None:
        draft.tag("Declarer", "ABC"[declarer])
    draft.tag("Contract", contract)
    if calls:
        draft.tag("Auction", "ABC"[eldest])
        draft.sections["Auction"] = [" ".join(calls)]
    played = [card_of(word) for _, word in moves]
    for (number, word), card in zip(moves, played, strict=True):
        if card is None:
            batch.problem(codes.E007, msg("MOVE {word} is not a card",
                                         word=repr(word)), number, None, word)
            return None
    if moves:
        cards_played = [c for c in played if c is not None]
        order: list[Card] = []
        if contract == "pass":  # the widow's cards open the first two tricks
            order = _talon_order(widow, cards_played, seat_hands, eldest)
            draft.tag("Talon", " ".join(str(c) for c in order))
        draft.tag("Play", "ABC"[eldest])
        draft.sections["Play"] = play_lines(cards_played, order)
    for number, command, rest in extra:
        tag = re.sub(r"[^A-Za-z0-9_]", "", command.title())
        if not tag or not tag[0].isalpha():
            batch.problem(codes.E007, msg("unreadable line {command}",
                                         command=repr(command)), number, 1, command)
            return None
        draft.tag("Gambler" + tag, rest)
        batch.note(f"{command} is not a field of the format: kept as the tag Gambler{tag}",
                   number)
    return draft


def _winner(calls: list[str], eldest: int) -> int | None:
    """Who won the auction (``None``: everyone passed), the calls spoken in turn by the
    players still bidding."""
    bidding = [eldest, (eldest + 1) % 3, (eldest + 2) % 3]
    turn = 0
    last: int | None = None
    for call in calls:
        if not bidding:
            break
        seat = bidding[turn % len(bidding)]
        if call == "pass":
            bidding.remove(seat)
            if bidding:
                turn %= len(bidding)
        else:
            last = seat
            turn = (turn + 1) % len(bidding)
    return last if last is not None else None


def _talon_order(widow: list[Card], moves: list[Card], hands: list[list[Card]],
                 eldest: int) -> list[Card]:
    """The order the widow cards were turned: the one under which each player followed
    the talon card's suit in the first two tricks whenever he could."""
    def follows(order: list[Card]) -> bool:
        held = [set(h) for h in hands]
        for trick in range(min(2, len(moves) // 3)):
            led = order[trick].suit
            for offset, card in enumerate(moves[trick * 3:trick * 3 + 3]):
                seat = (eldest + offset) % 3
                if card.suit != led and any(c.suit == led for c in held[seat]):
                    return False
                held[seat].discard(card)
        return True

    for order in (widow, widow[::-1]):
        if follows(order):
            return list(order)
    return list(widow)
