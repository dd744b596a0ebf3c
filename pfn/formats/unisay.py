"""The deal JSON of the Unisay/preferanser deal editor (études and problems).

One deal is an object (a file may also hold a list of them)::

    {"name": "Этюд №1", "description": "Сколько взяток возьмут вистующие?",
     "firstTurn": "SOUTH", "players": "THREE",
     "eastContract": "WHIST", "southContract": "WHIST", "westContract": "SIX_SPADE",
     "widow": {"card1": "HEART_10", "card2": "CLUB_7"},
     "eastCards": ["SPADE_ACE", …], "southCards": […], "westCards": […],
     "turns": [{"hand": "SOUTH", "card": "CLUB_ACE"}, …], "currentTrickIndex": 0}

The hands are the ones the play starts from (the declarer's after his discard) and the
widow holds the two cards out of play, so a deal becomes ``[Start "1"]`` with the widow
as the Deal's talon.  East, South and West play in that (clockwise) order; the dealer
is the seat before ``firstTurn``, whose lead is the eldest's.  ``…Contract`` is a
contract (``SIX_SPADE`` … ``TEN_NO_TRUMP``, ``MISER``) for the declarer and ``WHIST``
or ``PASS`` for each defender (the Defence section; the editor shows every hand, so a
lone whister's game is written open); three ``PASS`` are an all-pass.  ``name`` becomes
the Event, ``description`` the record's comment; other fields are kept as tags.
"""

from __future__ import annotations

import json
from typing import Any

from pfn import codes
from pfn.cards import Card, Rank, Suit
from pfn.formats.draft import Batch, Draft, hand_text, play_lines
from pfn.messages import msg

SEATS = ("EAST", "SOUTH", "WEST")
"""The editor's three playing hands, in playing order."""
NAMES = {"EAST": "East", "SOUTH": "South", "WEST": "West"}
SUITS = {"SPADE": Suit.SPADES, "CLUB": Suit.CLUBS, "DIAMOND": Suit.DIAMONDS,
         "HEART": Suit.HEARTS}
RANKS = {"7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN, "JACK": Rank.JACK,
         "QUEEN": Rank.QUEEN, "KING": Rank.KING, "ACE": Rank.ACE}
LEVELS = {"SIX": 6, "SEVEN": 7, "EIGHT": 8, "NINE": 9, "TEN": 10}
STRAINS = {"SPADE": "S", "CLUB": "C", "DIAMOND": "D", "HEART": "H", "NO_TRUMP": "NT"}
KNOWN = frozenset({"name", "description", "firstTurn", "players", "eastContract",
                   "southContract", "westContract", "widow", "eastCards", "southCards",
                   "westCards", "turns"})


def read(data: bytes, name: str) -> Batch:
    """Every deal of an editor JSON file as a PFN draft."""
    batch = Batch(name)
    text = data.decode("utf-8-sig", errors="replace")
    batch.source = text.splitlines()
    try:
        found = json.loads(text)
    except json.JSONDecodeError as error:
        batch.problem(codes.E005, msg("not valid JSON: {msg}",
                                     msg=error.msg), error.lineno, error.colno)
        return batch
    except RecursionError:
        batch.problem(codes.E005, msg("not valid JSON for an editor file: nested too deeply"), 1, 1)
        return batch
    deals = found if isinstance(found, list) else [found]
    for index, deal in enumerate(deals):
        where = _Locator(batch.source, index)
        if not isinstance(deal, dict):
            batch.problem(codes.E007, msg("a deal is a JSON object"), where.line(None))
            continue
        draft = _deal(deal, where, batch)
        if draft is not None:
            batch.drafts.append(draft)
    return batch


class _Locator:
    """The line of a key of the ``index``-th deal (JSON keeps no positions): the
    ``index``-th line naming the key, and for a value the first line after it naming the
    value."""

    def __init__(self, lines: list[str], index: int) -> None:
        self.lines = lines
        self.index = index

    def line(self, key: str | None, value: str | None = None) -> int:
        if key is None:
            return 1
        at = [n for n, line in enumerate(self.lines, start=1) if f'"{key}"' in line]
        if len(at) <= self.index:
            return 1
        start = at[self.index]
        if value is None:
            return start
        for number in range(start, len(self.lines) + 1):
            if f'"{value}"' in self.lines[number - 1]:
                return number
        return start


def card_of(name: object) -> Card | None:
    """``SPADE_ACE`` → ♠A (``None`` when it is not a card's name)."""
    if not isinstance(name, str):
        return None
    suit, _, rank = name.partition("_")
    if suit not in SUITS or rank not in RANKS:
        return None
    return Card.of(SUITS[suit], RANKS[rank])


def _deal(deal: dict[str, Any], where: _Locator, batch: Batch) -> Draft | None:
    errors = batch.errors
    draft = Draft(where.line("eastContract"))
    hands: dict[str, list[Card]] = {}
    seen: set[Card] = set()
    for seat in SEATS:
        key = seat.lower() + "Cards"
        cards = deal.get(key)
        if not isinstance(cards, list):
            batch.problem(codes.E007, msg("no {field}", field=key), where.line("eastContract"),
                          None, None,
                          f'"{key}": ["SPADE_ACE", …]')
            continue
        hands[seat] = []
        for name in cards:
            card = card_of(name)
            if card is None:
                batch.problem(codes.E007, msg("{name} is not a card",
                                             name=repr(name)), where.line(key, str(name)),
                              None, str(name), "SPADE_7 … SPADE_10, SPADE_JACK … SPADE_ACE")
            elif card in seen:
                batch.problem(codes.E007, msg("{name} is dealt twice",
                                             name=name), where.line(key, str(name)),
                              None, str(name))
            else:
                seen.add(card)
                hands[seat].append(card)
    widow = deal.get("widow") or {}
    talon = [card_of(widow.get(k)) for k in ("card1", "card2")] if isinstance(widow, dict) \
        else []
    for card, key in zip(talon, ("card1", "card2"), strict=False):
        if card is None and isinstance(widow, dict) and widow.get(key) is not None:
            batch.problem(codes.E007, msg("widow {value} is not a card",
                                         value=repr(widow.get(key))),
                          where.line(key), None, str(widow.get(key)))
        elif card is not None and card in seen:
            batch.problem(codes.E007, msg("{card} is in the widow and in a hand",
                                         card=card), where.line(key))
    contracts = {seat: deal.get(seat.lower() + "Contract") for seat in SEATS}
    playing = {seat: _contract(c) for seat, c in contracts.items() if c not in ("WHIST", "PASS")}
    for seat, word in contracts.items():
        if word not in ("WHIST", "PASS") and playing.get(seat) is None:
            batch.problem(codes.E007, msg("{field} {word} is not a contract",
                                         field=seat.lower() + "Contract", word=repr(word)),
                          where.line(seat.lower() + "Contract"), None, str(word),
                          msg("SIX_SPADE … TEN_NO_TRUMP, MISER, WHIST or PASS"))
    if len(playing) > 1:
        batch.problem(codes.E007, msg("two players with a contract: {players}",
                                     players=", ".join(s.lower() for s in playing)),
                      where.line("eastContract"))
    first = deal.get("firstTurn")
    if first not in SEATS:
        batch.problem(codes.E007, msg("firstTurn {first} is not a playing hand",
                                     first=repr(first)),
                      where.line("firstTurn"), None, str(first), msg("EAST, SOUTH or WEST"))
    four = deal.get("players") == "FOUR"
    if deal.get("players") not in (None, "THREE", "FOUR"):
        batch.problem(codes.E007, msg("players {value}", value=repr(deal.get("players"))),
                      where.line("players"),
                      None, None, msg("THREE or FOUR"))
    if batch.errors > errors:
        return None
    sizes = {len(h) for h in hands.values()}
    if len(sizes) != 1 or not 1 <= min(sizes) <= 10:
        batch.problem(codes.E007, msg("the hands hold {counts} cards: as many each, ten at most",
                                     counts=", ".join(str(len(h)) for h in hands.values())),
                      where.line("eastCards"))
        return None
    letter = {seat: "ABC"[i] for i, seat in enumerate(SEATS)}
    assert isinstance(first, str)
    if deal.get("description"):
        draft.comments.append(str(deal["description"]))
    if deal.get("name"):
        draft.tag("Event", str(deal["name"]))
    draft.tag("Variant", "sochi")
    if four:
        draft.tag("Players", "East; South; West; North")
        if first != "EAST":
            batch.problem(codes.E007, msg("at four North deals and East leads, not {first}",
                                         first=first),
                          where.line("firstTurn"), None, first)
            return None
        draft.tag("Dealer", "D")
    else:
        draft.tag("Players", "; ".join(NAMES[s] for s in SEATS))
        draft.tag("Dealer", letter[SEATS[(SEATS.index(first) - 1) % 3]])
    deal_text = " ".join(f"{letter[s]}:{hand_text(hands[s])}" for s in SEATS)
    if four:
        deal_text += " D:-"
    known_talon = [c for c in talon if c is not None]
    if known_talon:
        deal_text += " talon:" + hand_text(known_talon)
    draft.tag("Deal", deal_text)
    draft.tag("Start", str(11 - sizes.pop()))
    if playing:
        declarer, contract = next(iter(playing.items()))
        draft.tag("Declarer", letter[declarer])
        draft.tag("Contract", str(contract))
        if contract != "mis":
            i = SEATS.index(declarer)
            defenders = [SEATS[(i + 1) % 3], SEATS[(i + 2) % 3]]
            calls = [str(contracts[s]).lower() for s in defenders]
            if calls.count("whist") == 1:
                calls.append("open")
            draft.tag("Defence", letter[defenders[0]])
            draft.sections["Defence"] = [" ".join(calls)]
    else:
        draft.tag("Contract", "pass")
    draft.tag("Play", letter[first])
    owner = {card: seat for seat, cards in hands.items() for card in cards}
    played = _turns(deal.get("turns") or [], owner, where, batch)
    if played is None:
        return None
    draft.sections["Play"] = play_lines(played)
    for key, value in deal.items():
        if key not in KNOWN and value not in (None, "", [], {}):
            name = key[:1].upper() + key[1:]
            draft.tag(name if name.isidentifier() else "Unisay", value if isinstance(value, str)
                      else json.dumps(value, ensure_ascii=False))
    return draft


def _contract(word: object) -> str | None:
    if word == "MISER":
        return "mis"
    if not isinstance(word, str):
        return None
    level, _, strain = word.partition("_")
    if level not in LEVELS or strain not in STRAINS:
        return None
    return f"{LEVELS[level]}{STRAINS[strain]}"


def _turns(turns: object, owner: dict[Card, str], where: _Locator,
           batch: Batch) -> list[Card] | None:
    if not isinstance(turns, list):
        batch.problem(codes.E007, msg("turns is a list of {hand, card}"), where.line("turns"))
        return None
    played: list[Card] = []
    for turn in turns:
        name = turn.get("card") if isinstance(turn, dict) else None
        card = card_of(name)
        hand = turn.get("hand") if isinstance(turn, dict) else None
        if card is None or owner.get(card) != hand:
            batch.problem(codes.E007, msg("turn {value}: not a card of that hand",
                                         value=json.dumps(turn, ensure_ascii=False)),
                          where.line("card", str(name)), None, str(name))
            return None
        played.append(card)
    return played
