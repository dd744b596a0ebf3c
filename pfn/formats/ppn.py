"""Portable Preferans Notation (prefko/portable-preferans-notation), Serbian games.

A file is PGN-like info tags (``Bula``, ``Refe``, ``Player1``…``Player3``, ``Place…``,
``Result…``, anything else) and one line per deal::

    1. 1 <32 cards> M3,P,3 AR 4 L 0 8 <10 tricks> 7:0:-8:0,3:24:0:0,0

id, dealer (a player number), the cards (one character each: ``1``–``8`` spades 7…A,
``9``–``G`` diamonds, ``H``–``O`` hearts, ``P``–``W`` clubs; ten per player then the two
talon cards), each player's highest bid (``P``, a number, ``M3`` moje, ``G`` igra,
``G4`` igra herc), the two cards discarded (``XX`` for igra), the game (``2`` pik …
``7`` sans, ``G`` before it: from the hand), who of the followers came (``0``, ``L``,
``R``, ``B``), kontra (``0``, ``I`` the invitation, ``KL``/``RL``/``SL``/``ML``…: kontra
… mortkontra, started by the left or right follower), the value, the tricks (the cards
in the order thrown, then ``M``/``L``/``R``: who won) and each player's score
(``tricks:left soup:bule:right soup``, ``0`` for one who did not play).

**Reading.**  Players are numbered in playing order; the lists per player (cards,
bids, scores) start with the player after the dealer, who is dealt to and speaks first.
The left follower is the one after the declarer.  The auction is rebuilt from the
highest bids with the Serbian auction's own rules (the format stores no more); when no
legal auction ends with those bids, the bids are kept as a ``PpnAuction`` tag and said.
The winner letters are checked against the cards.  Value and scores are kept as
``PpnValue``/``PpnScore`` tags: pfn computes the score itself.  A card character not
in the table, a card dealt or thrown twice, a card thrown by a player who does not hold
it: each is reported where it is, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pfn import codes
from pfn.cards import Card, Rank, Suit
from pfn.formats.draft import Batch, Draft, hand_text, tag_line
from pfn.messages import msg
from pfn.seats import SEATS, Seat

_SUITS = (Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS)
_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
          Rank.ACE)
ALPHABET = "12345678" "9ABCDEFG" "HIJKLMNO" "PQRSTUVW"
"""The card characters in the table's order: spades, diamonds, hearts, clubs, 7 to ace."""
CARDS = {ch: Card.of(_SUITS[i // 8], _RANKS[i % 8]) for i, ch in enumerate(ALPHABET)}
GAMES = {"2": "pik", "3": "karo", "4": "herc", "5": "tref", "6": "betl", "7": "sans"}
TOKENS = {"2": "6S", "3": "6D", "4": "6H", "5": "6C", "6": "mis", "7": "6NT"}
KONTRAS = {"K": 1, "R": 2, "S": 3, "M": 4}
_LINE = re.compile(r"(\d+)\.\s+(.*)")


def read(data: bytes, name: str) -> Batch:
    """The deals of a PPN file as PFN drafts."""
    batch = Batch(name)
    text = data.decode("utf-8-sig", errors="replace")
    batch.source = text.splitlines()
    info: list[tuple[str, str]] = []
    for number, raw in enumerate(batch.source, start=1):
        line = raw.strip()
        if not line or line == "...":
            continue
        tag = tag_line(line)
        game = _LINE.fullmatch(line)
        if tag is not None:
            info.append(tag)
        elif game is not None:
            draft = _deal(game.group(1), game.group(2), number, raw, info, batch)
            if draft is not None:
                batch.drafts.append(draft)
        else:
            batch.problem(codes.E007, msg("neither an info tag nor a deal line"), number, 1, line,
                          msg('[Tag "value"], or: `1. <dealer> <cards> <bids> …`'))
    if not batch.drafts and not batch.failed:
        batch.problem(codes.E007, msg("no deal line in the file"), 1)
    return batch


class _Line:
    """One deal line's fields, each with its column for diagnostics."""

    def __init__(self, raw: str, number: int, batch: Batch) -> None:
        self.raw, self.number, self.batch = raw, number, batch
        self.fields: list[tuple[str, int]] = [(m.group(), m.start() + 1)
                                              for m in re.finditer(r"\S+", raw)][1:]

    def field(self, index: int) -> tuple[str, int]:
        return self.fields[index] if index < len(self.fields) else ("", len(self.raw) + 1)

    def problem(self, message: str, index: int, offset: int = 0, hint: str | None = None,
                text: str | None = None) -> None:
        value, col = self.field(index)
        self.batch.problem(codes.E007, message, self.number, col + offset, text or value, hint)


def _deal(board: str, rest: str, number: int, raw: str, info: list[tuple[str, str]],
          batch: Batch) -> Draft | None:
    line = _Line(raw, number, batch)
    errors = batch.errors
    fields = [f for f, _ in line.fields]
    if len(fields) < 3:
        line.problem("a deal line gives at least the dealer, the cards and the bids", 0)
        return None
    dealer_text, cards_text = fields[0], fields[1]
    if dealer_text not in ("1", "2", "3"):
        line.problem(f"dealer {dealer_text!r} is not player 1, 2 or 3", 0)
        return None
    dealer = int(dealer_text) - 1
    order = [(dealer + 1 + i) % 3 for i in range(3)]  # dealt to and speaking first
    dealt = _cards(cards_text, line, 1)
    if dealt is None:
        return None
    if len(dealt) != 32:
        line.problem(f"{len(dealt)} cards: the deal gives 32 (ten each and the talon)", 1)
        return None
    hands = {seat: dealt[i * 10:(i + 1) * 10] for i, seat in enumerate(order)}
    talon = dealt[30:]
    bids = fields[2].split(",")
    if len(bids) != 3 or not all(re.fullmatch(r"P|[2-7]|M[2-7]|G[2-7]?", b) for b in bids):
        line.problem(f"bids {fields[2]!r}: three of P, 2–7, M2–M7, G, G2–G7", 2)
        return None
    target = {seat: bid for seat, bid in zip(order, bids, strict=True)}
    draft = Draft(number)
    _info_tags(draft, info)
    draft.tag("Board", board)
    draft.tag("Dealer", "ABC"[dealer])
    draft.tag("Deal", " ".join(f"{'ABC'[s]}:{hand_text(hands[s])}" for s in range(3))
              + f" talon:{hand_text(talon)}")
    calls = _auction(target, order)
    allpass = all(b == "P" for b in bids)
    if allpass:
        draft.tag("Contract", "pass")
    if calls is not None:
        draft.tag("Auction", "ABC"[order[0]])
        draft.sections["Auction"] = [" ".join(calls)]
    else:
        draft.tag("PpnAuction", fields[2])
        batch.note(f"no legal Serbian auction ends with the bids {fields[2]}: kept as the"
                   " PpnAuction tag", number)
    if allpass:
        return draft if batch.errors == errors else None
    if len(fields) < 8:
        line.problem("a deal with a game gives exchange, game, came, kontra and value (then"
                     " the play and the score)", len(fields) - 1)
        return None
    exchange, game, came, kontra, value = fields[3:8]
    play = fields[8] if len(fields) > 8 else ""
    score = fields[9] if len(fields) > 9 else ""
    declarer = _declarer(target, order)
    hand_game = game.startswith("G")
    number_text = game[1:] if hand_game else game
    if number_text not in GAMES:
        line.problem(f"game {game!r}: 2 (pik) … 7 (sans), G before it from the hand", 4)
        return None
    draft.tag("Declarer", "ABC"[declarer])
    contract = TOKENS[number_text]
    if hand_game:
        contract = "mis-hand" if contract == "mis" else contract + "-hand"
    draft.tag("Contract", contract)
    discard: list[Card] = []
    if exchange != "XX":
        discard = _cards(exchange, line, 3) or []
        if len(discard) != 2:
            line.problem(f"exchange {exchange!r}: two cards, or XX", 3)
            return None
        draft.tag("Discard", " ".join(str(c) for c in discard))
    elif not hand_game:
        line.problem("exchange XX (no discard) but the game is not from the hand", 3)
        return None
    left, right = (declarer + 1) % 3, (declarer + 2) % 3
    defence = _defence(came, kontra, "ABC"[left], "ABC"[right], "ABC"[declarer], line,
                       contract.startswith("mis"))
    if defence is None:
        return None
    if defence:
        draft.tag("Defence", "ABC"[left])
        draft.sections["Defence"] = [defence]
    trump = None if contract.startswith(("mis", "6NT")) else int(Suit(
        "SCDH".index(contract[1])))
    if not hand_game:  # the declarer plays his twelve cards less the two discarded
        hands = {**hands, declarer: [c for c in hands[declarer] + talon if c not in discard]}
    tricks = _tricks(play, line, hands, (declarer, left, right), trump)
    if tricks is None:
        return None
    if tricks:
        draft.tag("Play", tricks[0][0])
        draft.sections["Play"] = [" ".join(str(c) for c in cards) for _, cards in tricks]
    taken = _score(score, order, line)
    if taken is None:
        return None
    if tricks and any(n is not None for n in taken.values()):
        draft.tag("Result", " ".join(f"{'ABC'[s]}:{n if n is not None else 0}"
                                     for s, n in sorted(taken.items())))
    draft.tag("PpnValue", value)
    draft.tag("PpnScore", score)
    return draft if batch.errors == errors else None


def _info_tags(draft: Draft, info: list[tuple[str, str]]) -> None:
    values = dict(info)
    draft.tag("Variant", "serbian")
    if values.get("Bula", "").isdigit():
        draft.tag("Target", values["Bula"])
    if values.get("Refe", "").isdigit():
        draft.tag("Rules", f"refe={values['Refe']}")
    names = [values.get(f"Player{i}") or values.get(f"Player{'ABC'[i - 1]}") for i in (1, 2, 3)]
    if all(names):
        draft.tag("Players", "; ".join(n or "" for n in names))
        draft.tag("Match", "-".join(n or "" for n in names))
    if re.fullmatch(r"\d{4}\.\d\d\.\d\d", values.get("Date", "")):
        draft.tag("Date", values["Date"])
    used = {"Bula", "Refe", "Date", "Player1", "Player2", "Player3", "PlayerA", "PlayerB",
            "PlayerC"}
    for name, value in info:
        if name not in used:
            draft.tag(name, value)


def _cards(text: str, line: _Line, index: int) -> list[Card] | None:
    out: list[Card] = []
    seen: set[str] = set()
    for offset, ch in enumerate(text):
        if ch not in CARDS:
            line.problem(f"{ch!r} is not a card of the table (1–8, 9–G, H–O, P–W)", index,
                         offset, None, ch)
            return None
        if ch in seen:
            line.problem(f"{ch!r} ({CARDS[ch]}) is given twice", index, offset, None, ch)
            return None
        seen.add(ch)
        out.append(CARDS[ch])
    return out


def _strength(bid: str) -> tuple[int, int]:
    """How a player's highest bid ranks: numbers, then moje at that number, then igra."""
    if bid == "P":
        return (0, 0)
    if bid.startswith("G"):
        return (3, 0)
    if bid.startswith("M"):
        return (1, int(bid[1:]) * 2 + 1)
    return (1, int(bid) * 2)


def _declarer(target: dict[int, str], order: list[int]) -> int:
    """The player with the highest bid (an earlier speaker first among equals)."""
    return max(order, key=lambda s: (_strength(target[s]), -order.index(s)))


def _highest(history: Sequence[tuple[Seat, str]], seat: Seat) -> str:
    """A player's highest bid in the format's terms (``M3``: moje at the number held)."""
    best, standing = "P", ""
    for who, call in history:
        if call.isdigit():
            standing = call
        if who != seat or call == "pass":
            continue
        if call == "hold":
            best = "M" + standing
        elif call == "hand":
            best = "G"
        elif call.endswith("-hand"):
            best = "G" + next(n for n, t in TOKENS.items() if t == call[:-5])
        else:
            best = call
    return best


def _allowed(want: str, call: str, mine: Sequence[str], highest: str) -> bool:
    """Whether a player whose highest bid is ``want`` may make ``call`` now."""
    if call == "pass":
        return highest == want
    if want == "P":
        return False
    if want.startswith("G"):
        return not mine and call == ("hand" if want == "G" else TOKENS[want[1:]] + "-hand")
    if call.isdigit():
        return int(call) <= int(want.lstrip("M"))
    return call == "hold"  # the search keeps only the lines that end at the right bid


def _auction(target: dict[int, str], order: list[int]) -> list[str] | None:
    """Calls, in the order spoken, that the Serbian auction allows and that leave each
    player with his highest bid (``None`` when there are none): a search over the
    auction's own legal calls."""
    import copy

    from pfn.rules.auction import Auction
    from pfn.variants import find_variant

    def search(auction: Auction, calls: list[str]) -> list[str] | None:
        state = auction.state
        if state.finished:
            done = all(_highest(state.history, SEATS[s]) == target[s] for s in order)
            return calls if done else None
        seat = state.next_speaker()
        if seat is None or len(calls) > 40:
            return None
        mine = state.calls.get(seat, [])
        highest = _highest(state.history, seat)
        for call in auction.legal_calls(seat):
            if _allowed(target[int(seat)], call, mine, highest):
                clone = copy.deepcopy(auction)
                clone.apply(seat, call)
                found = search(clone, [*calls, call])
                if found is not None:
                    return found
        return None

    variant = find_variant("serbian")()
    return search(variant.auction(tuple(SEATS[s] for s in order)), [])


def _defence(came: str, kontra: str, left: str, right: str, main: str, line: _Line,
             betl: bool) -> str | None:
    """The Defence section: who follows (a betl's followers both play and say nothing),
    the invitation, the kontras."""
    if came not in ("0", "L", "R", "B"):
        line.problem(f"came {came!r}: 0, L, R or B", 5)
        return None
    if betl and came != "B":
        line.problem(f"came {came!r} in a betl, where both followers play", 5)
        return None
    calls = [] if betl else [f"{left}:{'whist' if came in ('L', 'B') else 'pass'}",
                             f"{right}:{'whist' if came in ('R', 'B') else 'pass'}"]
    if kontra == "0":
        return " ".join(calls)
    if kontra == "I":
        if came not in ("L", "R"):
            line.problem(f"an invitation (I) is a lone follower's, but came is {came!r}", 6)
            return None
        return " ".join([*calls, f"{left if came == 'L' else right}:together"])
    found = re.fullmatch(r"([KRSM])([LR])", kontra)
    if found is None:
        line.problem(f"kontra {kontra!r}: 0, I, or K/R/S/M and L/R", 6)
        return None
    starter = left if found.group(2) == "L" else right
    ladder = ["kontra", "rekontra", "subkontra", "mortkontra"][:KONTRAS[found.group(1)]]
    said = [f"{starter if i % 2 == 0 else main}:{word}" for i, word in enumerate(ladder)]
    return " ".join([*calls, *said])


def _tricks(play: str, line: _Line, hands: dict[int, list[Card]],
            roles_in_order: tuple[int, int, int], trump: int | None
            ) -> list[tuple[str, list[Card]]] | None:
    """The tricks as (leader, cards): each card must be held by a player and thrown
    once, each winner letter must be the winner of its cards (the kernel's rule), and
    the winner leads the next trick."""
    from pfn.rules.tricks import winning_card

    declarer, left, right = roles_in_order
    if play in ("", "0"):
        return []
    held = {seat: set(cards) for seat, cards in hands.items()}
    owner = {card: seat for seat, cards in hands.items() for card in cards}
    out: list[tuple[str, list[Card]]] = []
    thrown: set[Card] = set()
    offset = 0
    previous = declarer
    roles = {"M": declarer, "L": left, "R": right}
    for trick in play.split(","):
        body, winner = trick[:-1], trick[-1:]
        if winner not in roles:
            line.problem(f"trick {trick!r} does not end with its winner M, L or R", 8, offset)
            return None
        cards: list[Card] = []
        for i, ch in enumerate(body):
            card = CARDS.get(ch)
            if card is None:
                line.problem(f"{ch!r} is not a card of the table (1–8, 9–G, H–O, P–W)", 8,
                             offset + i, None, ch)
                return None
            if card in thrown:
                line.problem(f"{ch!r} ({card}) is thrown a second time, in trick {len(out) + 1}",
                             8, offset + i, None, ch)
                return None
            if owner.get(card) is None or card not in held[owner[card]]:
                line.problem(f"{ch!r} ({card}) is thrown in trick {len(out) + 1} but nobody"
                             " who plays holds it", 8, offset + i, None, ch)
                return None
            thrown.add(card)
            cards.append(card)
        if not cards:
            line.problem(f"trick {len(out) + 1} has no cards", 8, offset)
            return None
        number = len(out) + 1
        if out and owner[cards[0]] != previous:
            line.problem(f"trick {number} is led by {'ABC'[owner[cards[0]]]}, but trick"
                         f" {number - 1} was won by {'ABC'[previous]}", 8, offset)
            return None
        best = winning_card([int(c) for c in cards], trump)
        previous = roles[winner]
        if best is None or owner[Card(best)] != previous:
            line.problem(f"trick {number}: {winner} ({'ABC'[previous]}) is said to win it,"
                         f" but {Card(best) if best is not None else '?'} wins", 8,
                         offset + len(body), None, winner)
            return None
        out.append(("ABC"[owner[cards[0]]], cards))
        offset += len(trick) + 1
    return out


def _score(score: str, order: list[int], line: _Line) -> dict[int, int | None] | None:
    parts = score.split(",") if score else []
    if parts and len(parts) != 3:
        line.problem(f"score {score!r}: one entry per player", 9)
        return None
    taken: dict[int, int | None] = {}
    for seat, part in zip(order, parts, strict=False):
        numbers = part.split(":")
        if part == "0":
            taken[seat] = None
        elif len(numbers) == 4 and all(re.fullmatch(r"-?\d+", n) for n in numbers):
            taken[seat] = int(numbers[0])
        else:
            line.problem(f"score entry {part!r}: 0, or tricks:left:bule:right", 9)
            return None
    return taken
