"""The test vectors of JPref, a Preferans program with bots: its ``etc/tests`` lines.

A vector is one line::

    deal: ♣89XA ♦XA ♥7JQK  ♠8XJK ♣7 ♦78QK ♥X  ♠79A ♣JQK ♦9 ♥89A  ♠Q ♦J  1 -> 6♥ 5

the 32 cards (a suit sign, then its ranks, ``X`` the ten): the first ten are the
declarer's hand, the next ten and ten the hands after him clockwise, the last two the
talon; then the index (0–2, in that order) of the eldest hand, who leads; after ``->``
what the vector asserts:

* ``6♥ 5`` — the contract (``6``–``9`` or ``X`` for ten, a suit sign or ``-`` for
  no-trumps) and the declarer's tricks; the declarer discards the talon he took (JPref's
  ``fixedplay`` forces that discard);
* ``Misère`` — a misère; in ``misereplay``, ``0`` (not caught) or ``1`` / ``d`` (caught),
  optionally ``: ♣XK`` the declarer's discard;
* ``6, 0, 4`` — an all-pass: each hand's tricks in the line's order.

A ``#`` starts a comment (kept as the record's comment); lines that are not vectors —
comments, the program's logs, a trick list in brackets — are left out, as JPref's own
test reader leaves them.

The eldest becomes seat A (the dealer is C), so the lead is the eldest's as the Russian
rules have it. What a vector asserts becomes the record's Result where it is a number of
tricks, so ``pfn check --analyse`` compares it with best play; a misère that is only
"caught" keeps its verdict in the ``JprefResult`` tag. The variant is Sochi.
"""

from __future__ import annotations

import re

from pfn import codes
from pfn.cards import Card, Rank, Suit
from pfn.formats.draft import Batch, Draft, deal_tag, hand_text, source_lines
from pfn.i18n import ntr
from pfn.messages import msg

SUITS = {"♠": Suit.SPADES, "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS}
RANKS = {"7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "X": Rank.TEN, "T": Rank.TEN,
         "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
TRUMPS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H", "-": "NT"}
MARK = "deal:"
_GROUP = re.compile(r"([♠♣♦♥])((?:10|[789XTJQKA])+)")
_BID = re.compile(r"([6-9X])([♠♣♦♥-])(?:\s+(\d+))?")
_ALLPASS = re.compile(r"(\d+)\s*,\s*(\d+)\s*,\s*(\d+)")


def read(data: bytes, name: str) -> Batch:
    """Every vector line of a JPref test file as a PFN draft."""
    batch = Batch(name)
    lines = source_lines(data)
    batch.source = lines
    skipped = 0
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if text.startswith(MARK):
            draft = _vector(text, number, len(batch.drafts) + 1, batch)
            if draft is not None:
                batch.drafts.append(draft)
        elif text and not text.startswith("#"):
            skipped += 1
    if not batch.drafts and not batch.failed:
        batch.problem(codes.E007, msg("no vector in the file"), 1, None, None,
                      msg("a vector is a line: deal: <32 cards> <eldest> -> <result>"))
    elif skipped:
        batch.note(ntr("{n} line that is not a vector (a log, a trick list) was left out",
                       "{n} lines that are not vectors (logs, trick lists) were left out",
                       skipped, n=skipped))
    return batch


def suit_groups(text: str, number: int, batch: Batch) -> list[Card] | None:
    """The cards of ``text``, suit sign by suit sign (``♠8XJK ♣7``); ``None`` when a word
    is not one (said)."""
    cards: list[Card] = []
    for word in text.split():
        found = _GROUP.fullmatch(word)
        if found is None:
            batch.problem(codes.E007, msg("{word} is not a suit sign and its ranks",
                                         word=repr(word)), number, None, word,
                          msg("e.g. ♠8XJK (X is the ten)"))
            return None
        cards += [Card.of(SUITS[found.group(1)], RANKS["X" if rank == "10" else rank])
                  for rank in re.findall(r"10|.", found.group(2))]
    return cards


def _cards(text: str, number: int, batch: Batch) -> list[Card] | None:
    """The 32 cards of a vector, each once."""
    cards = suit_groups(text, number, batch)
    if cards is None:
        return None
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        batch.problem(codes.E007, msg("{card} is dealt twice", card=twice[0]), number, None,
                      text.strip())
        return None
    if len(cards) != 32:
        batch.problem(codes.E007, msg("the line gives {n} cards: a vector gives all 32 (three"
                                     " hands of ten, then the talon)", n=len(cards)),
                      number, None, text.strip())
        return None
    return cards


def _vector(text: str, number: int, board: int, batch: Batch) -> Draft | None:
    given, arrow, result = text[len(MARK):].partition("->")
    result, _, comment = result.partition("#")
    result = result.strip()
    words = given.split()
    if not arrow or not words:
        batch.problem(codes.E007, msg("no result: a vector ends with -> and what it asserts"),
                      number, None, text, msg("deal: <32 cards> <eldest> -> 6♥ 5"))
        return None
    if words[-1] not in ("0", "1", "2"):
        batch.problem(codes.E007, msg("{word} is not the eldest hand's index (0, 1 or 2)",
                                     word=repr(words[-1])), number, None, words[-1])
        return None
    cards = _cards(" ".join(words[:-1]), number, batch)
    if cards is None:
        return None
    eldest = int(words[-1])
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    talon = cards[30:32]
    seat = {(eldest + k) % 3: "ABC"[k] for k in range(3)}  # the line's hand -> its seat
    draft = Draft(number)
    if comment.strip():
        draft.comments = [comment.strip()]
    draft.tag("Event", "JPref test vectors")
    draft.tag("Variant", "sochi")
    draft.tag("Board", str(board))
    draft.tag("Dealer", "C")
    draft.tag("Deal", deal_tag(hands, seat, hand_text(talon)))
    declarer = seat[0]
    bid = _BID.fullmatch(result.split(":")[0].strip())
    allpass = _ALLPASS.fullmatch(result)
    head = result.split(":")[0].strip()
    if bid is not None:
        level = 10 if bid.group(1) == "X" else int(bid.group(1))
        draft.tag("Declarer", declarer)
        draft.tag("Contract", f"{level}{TRUMPS[bid.group(2)]}")
        if bid.group(3) is not None:
            draft.tag("Result", _result({declarer: bid.group(3)}))
        draft.tag("Discard", " ".join(str(c) for c in talon))
    elif head.lower() in ("misère", "misere") or head.split()[:1] in (["0"], ["1"], ["d"]):
        draft.tag("Declarer", declarer)
        draft.tag("Contract", "mis")
        verdict = head.split()[0] if head.split()[0] in ("0", "1", "d") else ""
        if verdict == "0":
            draft.tag("Result", _result({declarer: "0"}))
        drop = talon
        if ":" in result:
            given_drop = suit_groups(result.split(":", 1)[1], number, batch)
            if given_drop is None:
                return None
            if len(given_drop) < 2 or not set(given_drop[:2]) <= set(hands[0] + talon):
                batch.problem(codes.E007, msg("the discard {cards} is not two cards of the"
                                             " declarer's hand and talon",
                                             cards=" ".join(map(str, given_drop[:2]))),
                              number, None, result.split(":", 1)[1].strip())
                return None
            drop = given_drop[:2]  # what follows them are moves JPref's test plays
        draft.tag("Discard", " ".join(str(c) for c in drop))
        if verdict:
            draft.tag("JprefResult", {"0": "not caught", "1": "caught",
                                      "d": "caught"}[verdict])
    elif allpass is not None:
        draft.tag("Declarer", "")
        draft.tag("Contract", "pass")
        draft.tag("Result", _result({seat[i]: allpass.group(i + 1) for i in range(3)}))
    else:
        batch.problem(codes.E007, msg("{result} is not a result JPref writes",
                                     result=repr(result)), number, None, result or text,
                      msg("a contract and tricks (6♥ 5), Misère, 0 or 1 (a misère caught"
                         " or not), or three trick counts (6, 0, 4)"))
        return None
    draft.tag("Play", "A")
    return draft


def _result(tricks: dict[str, str]) -> str:
    return " ".join(f"{s}:{tricks.get(s, '?')}" for s in "ABC")
