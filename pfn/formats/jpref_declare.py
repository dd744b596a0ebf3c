"""JPref's discard vectors: its ``etc/tests/declare-round`` and ``declare-misere`` lines,
the bidder's choice.

A vector is one line::

    ♠AK ♣789XJ ♦7 ♥789X 1 6♠ -> ♥7, ♥8, 7♣
    ♠9 ♣789X ♦79J ♥79 0 ♠A ♥Q -> ♠A ♠9

the twelve cards the declarer holds once he has taken the talon (a suit sign, then its
ranks, ``X`` the ten); the index (0–2) of the eldest hand, who leads, counting the
declarer as 0 and the others in the order they play after him; optionally the bid the
auction reached (``6♠``); after ``->`` the two cards JPref discards and the contract it
then declares (``6``–``9`` or ``X`` for ten, a suit sign or ``-`` for no-trumps; or
``Misère``). A line where JPref passes declares nothing and is left out, said. In
``declare-misere``'s layout (the second line) the hand is ten cards, the lead, then the
talon, and after ``->`` the two cards JPref discards for the misère it plays.

JPref's test gives the bot the twelve cards and the lead, and checks its discard and
its declaration. In ``declare-round`` which two of the twelve were the talon is not
stated: the record then writes the two it discards as the talon, so the twelve cards
are those the line gives. JPref's discard is the record's ``Discard``, the others' hands
are unseen (``?``): ``pfn odds --discards`` weighs every discard of the twelve from the
declarer's seat. The discard is also kept as ``[JprefDiscard]``, the auction's bid as
``[JprefBid]``; a trailing ``#`` comment becomes the record's comment; the record's
Board is the line's number in the file. As in :mod:`pfn.formats.jpref` the eldest
becomes seat A (the dealer C) and the variant is Sochi.
"""

from __future__ import annotations

import re

from pfn import codes
from pfn.cards import Card
from pfn.formats.draft import Batch, Draft, hand_text, source_lines
from pfn.formats.jpref import TRUMPS, suit_groups
from pfn.i18n import ntr
from pfn.messages import msg

_BID = re.compile(r"([6-9X])([♠♣♦♥-])")
_MISERE = ("misère", "misere")


def read(data: bytes, name: str) -> Batch:
    """Every discard vector of a JPref ``declare-round`` or ``declare-misere`` file as a
    PFN draft."""
    batch = Batch(name)
    lines = source_lines(data)
    batch.source = lines
    passed = 0
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        draft = _vector(text, number, batch)
        if isinstance(draft, Draft):
            batch.drafts.append(draft)
        elif draft == "pass":
            passed += 1
    if not batch.drafts and not batch.failed:
        batch.problem(codes.E007, msg("no vector in the file"), 1, None, None,
                      msg("a vector is a line: <12 cards> <eldest> [bid] -> <card>, <card>,"
                          " <contract>"))
    elif passed:
        batch.note(ntr("{n} line where JPref passes declares nothing and was left out",
                       "{n} lines where JPref passes declare nothing and were left out",
                       passed, n=passed))
    return batch


def _contract(word: str) -> str | None:
    """PFN's name of a contract JPref writes (``7♠`` → ``7S``, ``Misère`` → ``mis``)."""
    if word.lower() in _MISERE:
        return "mis"
    found = _BID.fullmatch(word)
    if found is None:
        return None
    level = 10 if found.group(1) == "X" else int(found.group(1))
    return f"{level}{TRUMPS[found.group(2)]}"


def _vector(text: str, number: int, batch: Batch) -> Draft | str | None:
    given, arrow, result = text.partition("->")
    result, _, comment = result.partition("#")
    # declare-round: ``-> card, card, contract``; declare-misere: ``-> card card``
    answer = [part.strip() for part in result.split(",")] if "," in result else \
        [result.strip(), "", "Misère"]
    if not arrow or len(answer) != 3 or not answer[0]:
        batch.problem(codes.E007, msg("no answer: a vector ends with -> and two cards and"
                                      " a contract"), number, None, text,
                      msg("♠AK ♣789XJ ♦7 ♥789X 1 -> ♥7, ♥8, 7♣"))
        return None
    if answer[2].lower() == "pass":
        return "pass"
    words = given.split()
    turns = [i for i, w in enumerate(words) if w in ("0", "1", "2")]
    if len(turns) != 1:
        batch.problem(codes.E007, msg("the line gives no eldest hand's index (0, 1 or 2)"),
                      number, None, given.strip())
        return None
    bids = [w for w in words if _contract(w) is not None]
    before = suit_groups(" ".join(w for w in words[:turns[0]] if w not in bids), number,
                         batch)
    after = suit_groups(" ".join(w for w in words[turns[0] + 1:] if w not in bids), number,
                        batch)
    if before is None or after is None:
        return None
    cards = before + after
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        batch.problem(codes.E007, msg("{card} is dealt twice", card=twice[0]), number, None,
                      given.strip())
        return None
    if len(cards) != 12 or len(after) not in (0, 2):
        batch.problem(codes.E007, msg("the line gives {n} cards: a discard vector gives the"
                                      " declarer's twelve (his hand and the talon)",
                                      n=len(cards)), number, None, given.strip())
        return None
    contract = _contract(answer[2])
    if contract is None:
        batch.problem(codes.E007, msg("{result} is not a contract JPref declares",
                                      result=repr(answer[2])), number, None, answer[2],
                      msg("6♠ … 9♥, X- (ten no-trumps), Misère"))
        return None
    drop = suit_groups(" ".join(answer[:2]), number, batch)
    if drop is None:
        return None
    if len(drop) != 2 or len(set(drop)) != 2 or not set(drop) <= set(cards):
        batch.problem(codes.E007, msg("the discard {cards} is not two cards of the"
                                      " declarer's twelve", cards=" ".join(map(str, drop))),
                      number, None, answer[0])
        return None
    # the talon when the line gives it after the lead (declare-misere), else unstated
    talon = after or drop
    return _draft(number, [c for c in cards if c not in talon], talon, drop, int(words[turns[0]]),
                  contract, _contract(bids[0]) if bids else None, comment.strip())


def _draft(number: int, hand: list[Card], talon: list[Card], drop: list[Card], eldest: int,
           contract: str, bid: str | None, comment: str) -> Draft:
    # the declarer is the line's hand 0; the eldest, hand ``eldest``, is seat A
    declarer = "ABC"[(0 - eldest) % 3]
    deal = " ".join(f"{s}:{hand_text(hand) if s == declarer else '?'}" for s in "ABC")
    draft = Draft(number)
    if comment:
        draft.comments = [comment]
    draft.tag("Event", "JPref discard vectors")
    draft.tag("Variant", "sochi")
    draft.tag("Board", str(number))  # the line's number: the vector is found by it
    draft.tag("Dealer", "C")
    draft.tag("Deal", f"{deal} talon:{hand_text(talon)}")
    draft.tag("Declarer", declarer)
    draft.tag("Contract", contract)
    discard = " ".join(str(c) for c in sorted(drop))
    draft.tag("Discard", discard)
    draft.tag("JprefDiscard", discard)
    if bid is not None:
        draft.tag("JprefBid", bid)
    return draft
