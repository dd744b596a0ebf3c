"""The solver tests of E. Shavlyugin's Preferans engine (its ``tests/solvers.tests``).

The file is whitespace-separated words: the number of tests, then for each test the
three hands of ten cards (rank then suit: ``Qs``, ``10c``, ``7h``; suits ``s c d h``),
the index (0–2) of the declarer, the index of the player to lead, the contract (``6d``,
``8s``, ``7nt``…; its last letter the trump, any other ending no-trumps; or
``misere``), and the declarer's tricks with best play — the number the engine's solver
is tested against.

The player to lead becomes seat A (the dealer is C), the others follow clockwise; the
hands are those of the play (the talon is not given: ``[Start "1"]``). The stated
number becomes the declarer's Result, so ``pfn check --analyse`` tells whether best
play gives it. The variant is Sochi.
"""

from __future__ import annotations

import re

from pfn import codes
from pfn.cards import Card, Rank, Suit
from pfn.formats.draft import Batch, Draft, deal_tag, source_lines
from pfn.messages import msg

SUITS = {"s": Suit.SPADES, "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS}
RANKS = {"7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN,
         "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING, "a": Rank.ACE}
_CARD = re.compile(r"(10|[789jqka])([scdh])", re.IGNORECASE)
_CONTRACT = re.compile(r"(\d+)([a-z]*)", re.IGNORECASE)
FIELDS = 34
"""Words in a test: 30 cards, the declarer, the leader, the contract, the answer."""


def read(data: bytes, name: str) -> Batch:
    """Every test of a ``solvers.tests`` file as a PFN draft."""
    batch = Batch(name)
    lines = source_lines(data)
    batch.source = lines
    words = [(number, word) for number, line in enumerate(lines, start=1)
             for word in line.split()]
    if not words:
        batch.problem(codes.E007, msg("no test in the file"), 1, None, None,
                      msg("the file starts with the number of tests"))
        return batch
    number, first = words[0]
    if not first.isdigit():
        batch.problem(codes.E007, msg("{word} is not the number of tests",
                                     word=repr(first)), number, None, first)
        return batch
    count, rest = int(first), words[1:]
    if len(rest) != count * FIELDS:
        batch.problem(codes.E007, msg("{count} tests take {need} words after the count; the"
                                     " file has {have}", count=count, need=count * FIELDS,
                                     have=len(rest)), number, None, first,
                      msg("a test: three hands of ten cards, the declarer, the leader, the"
                         " contract, the declarer's tricks"))
        if len(rest) < FIELDS:
            return batch
    for index in range(min(count, len(rest) // FIELDS)):
        draft = _test(rest[index * FIELDS:(index + 1) * FIELDS], index + 1, batch)
        if draft is not None:
            batch.drafts.append(draft)
    return batch


def _test(words: list[tuple[int, str]], board: int, batch: Batch) -> Draft | None:
    cards: list[Card] = []
    for number, word in words[:30]:
        found = _CARD.fullmatch(word)
        if found is None:
            batch.problem(codes.E007, msg("{word} is not a card", word=repr(word)), number,
                          None, word, msg("a rank, then a suit: Qs, 10c, 7h"))
            return None
        card = Card.of(SUITS[found.group(2).lower()], RANKS[found.group(1).lower()])
        if card in cards:
            batch.problem(codes.E007, msg("{card} is dealt twice", card=card), number, None,
                          word)
            return None
        cards.append(card)
    (at, declarer), (_, leader), (_, contract), (_, answer) = words[30:]
    for value in (declarer, leader):
        if value not in ("0", "1", "2"):
            batch.problem(codes.E007, msg("{word} is not a player's index (0, 1 or 2)",
                                         word=repr(value)), at, None, value)
            return None
    found = _CONTRACT.fullmatch(contract)
    trump = (found.group(2).lower()[-1:] if found else "")
    if contract.lower() == "misere":
        written = "mis"
    elif found is not None and 6 <= int(found.group(1)) <= 10:
        written = f"{int(found.group(1))}{trump.upper() if trump in SUITS else 'NT'}"
    else:
        batch.problem(codes.E007, msg("{word} is not a contract", word=repr(contract)), at,
                      None, contract, msg("6d, 8s, 7nt or misere"))
        return None
    if not answer.isdigit() or int(answer) > 10:
        batch.problem(codes.E007, msg("{word} is not a number of tricks",
                                     word=repr(answer)), at, None, answer)
        return None
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    seat = {(int(leader) + k) % 3: "ABC"[k] for k in range(3)}  # the file's player -> seat
    draft = Draft(words[0][0])
    draft.tag("Event", "Shavlyugin solver tests")
    draft.tag("Variant", "sochi")
    draft.tag("Board", str(board))
    draft.tag("Dealer", "C")
    draft.tag("Deal", deal_tag(hands, seat, "?"))
    draft.tag("Start", "1")
    draft.tag("Declarer", seat[int(declarer)])
    draft.tag("Contract", written)
    draft.tag("Result", " ".join(f"{s}:{answer if s == seat[int(declarer)] else '?'}"
                                 for s in "ABC"))
    draft.tag("Play", "A")
    return draft
