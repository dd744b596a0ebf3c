"""Scenes: what a reader of a replay sees at one moment of the play.

A :class:`Scene` (the renderers' word; the solver's :class:`pfn.analysis.position.Position`
is a position to search) is computed from a :class:`~pfn.rules.replay.Replay` only — the
renderers never apply a rule themselves.  It says which cards each player still
holds, which were played, the trick on the table (with its leader and winner), the
tricks taken so far, and what was written about the trick.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from pfn.cards import Card, cards_of
from pfn.diagnostics import printable
from pfn.model import Annotation, CardPattern, CardRef, CardRun, Record
from pfn.render.bidi import isolate
from pfn.render.words import EN, Words
from pfn.rules.replay import PlayedTrick, Replay
from pfn.seats import Seat

NAG_GLYPHS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "□", 10: "=", 13: "∞",
              14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "−+"}
"""PGN's numeric annotation glyphs as a book prints them (⩲ and ⩱ come from STIX, which
the pictures fall back on, :func:`pfn.render.look.families`)."""


@dataclass(frozen=True)
class Scene:
    """The table at one moment: before trick ``number`` is played (``trick`` empty), or
    with trick ``number`` on the table."""

    replay: Replay
    number: int
    """The trick shown (1–10); 0 before the first lead; 11 after the last trick."""
    held: dict[Seat, int]
    """Cards still in each hand (bit masks), as far as known."""
    played: dict[Seat, int]
    """Cards each player has already played (before this trick)."""
    trick: PlayedTrick | None
    taken: dict[Seat, int]
    """Tricks won before this trick (and this trick, once shown complete)."""
    caption: str = ""
    hidden: frozenset[Seat] = field(default_factory=frozenset)

    @property
    def record(self) -> Record:
        """The record replayed."""
        return self.replay.record

    def known(self, seat: Seat) -> bool:
        """Whether the hand of ``seat`` is given and not hidden by the reader."""
        return seat not in self.hidden and seat.index < len(self.replay.complete) and (
            self.replay.complete[seat] or bool(self.held.get(seat)))

    def sits_out(self, seat: Seat) -> bool:
        """The dealer at a table of four, who holds no cards this deal."""
        replay = self.replay
        return replay.players == 4 and seat == replay.dealer and not replay.hands[seat]

    def takes_talon_tricks(self, seat: Seat) -> bool:
        """The dealer at four, who takes the all-pass tricks a talon card wins."""
        rules = self.replay.play_rules
        return rules is not None and rules.talon_owner is not None and \
            rules.talon_owner == seat.index

    def cards(self, seat: Seat) -> list[Card]:
        """The cards ``seat`` still holds, high to low within S, C, D, H."""
        mask = self.held.get(seat, 0)
        return sorted(cards_of(mask), key=lambda c: (c.suit, -c.rank))


def annotation_words(ann: Annotation, notes: dict[int, str] | None = None,
                     glyphs: dict[int, str] = NAG_GLYPHS) -> tuple[str, list[str]]:
    """What is written on a card: its marks (``!``/``?`` and the NAGs as glyphs) and its
    texts — the comments, each variation (``(or ♠K ♠9: …)``) and the notes it refers to
    (``[1] …``, from ``notes``)."""
    # a move's own mark sits on the card (♥9?), an evaluation a space after it (♥9 ⩲)
    nags = [glyphs.get(n, f"${n}") for n in ann.nags]
    marks = ann.suffix + (" " + " ".join(nags) if nags else "")
    texts = list(ann.comments)
    for variation in ann.variations:  # a line that could have been played instead
        moves = variation.moves
        if isinstance(moves, CardRun) and moves.cards:
            line = " ".join(card_text(c) for c in moves.cards)
            said = " ".join(variation.comments + tuple(
                c for a in (moves.ann(i) for i in range(len(moves.cards))) if a
                for c in a.comments))
            texts.append(f"(or {line}{': ' + said if said else ''})")
    for number in ann.notes:
        if notes and number in notes:
            texts.append(f"[{number}] {notes[number]}")
    return marks, texts


def _caption(trick: PlayedTrick | None, cards: int | None = None) -> str:
    """Comments, NAGs and suffixes written on the cards of a trick (on its first
    ``cards`` only, when given)."""
    if trick is None or trick.run is None:
        return ""
    parts = []
    run = trick.run
    shown = len(run.cards) if cards is None else min(cards, len(run.cards))
    annotations: list[tuple[Card | None, Annotation | None]] = [
        (run.cards[i], run.ann(i)) for i in range(shown)]
    if cards is None or cards >= len(trick.cards):
        annotations.append((None, run.claim))
    for card, ann in annotations:
        if ann is None:
            continue
        marks, texts = annotation_words(ann)
        if marks and card is not None:
            parts.append(f"{card.symbol}{marks}")
        parts += texts
    return printable(" ".join(parts))


def positions(replay: Replay, hidden: frozenset[Seat] = frozenset()) -> list[Scene]:
    """Every position of the play: before the lead, each trick on the table, the end."""
    held: dict[Seat, int] = {Seat(i): mask for i, mask in enumerate(replay.hands)}
    dealt = dealt_hand(replay)
    if dealt is not None:  # the discard is not given: his ten as dealt (the talon apart)
        assert replay.declarer is not None
        held[replay.declarer] = dealt
    played = {Seat(i): 0 for i in range(len(replay.hands))}
    taken = dict.fromkeys(held, 0)
    out = [Scene(replay, 0, dict(held), dict(played), None, dict(taken), "", hidden)]
    for trick in replay.tricks:
        current = dict(taken)
        if trick.winner is not None:
            current[trick.winner] += 1
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if seat is not None and card is not None:  # on the table, out of the hand
                held[seat] &= ~(1 << card)
        out.append(Scene(replay, trick.number, dict(held), dict(played), trick, current,
                            _caption(trick), hidden))
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if seat is not None and card is not None:
                played[seat] |= 1 << card
        taken = current
    if not replay.play_complete:  # the end of a play not given: the Result's counts
        taken.update({seat: n for seat, n in replay.result.items() if n is not None})
    out.append(Scene(replay, len(replay.tricks) + 1, dict(held), dict(played), None,
                        dict(taken), "", hidden))
    return out


def card_positions(replay: Replay, hidden: frozenset[Seat] = frozenset()) -> list[Scene]:
    """Every moment of the play card by card: before the lead, each card as it falls
    (the trick on the table so far, the marks and comments on its cards so far; the
    winner framed once the trick is complete), and the end."""
    found = positions(replay, hidden)
    out = [found[0]]
    for whole in found[1:-1]:
        trick = whole.trick
        assert trick is not None
        for count in range(1, len(trick.cards) + 1):
            if count == len(trick.cards):
                out.append(whole)
                break
            held = dict(whole.held)  # the cards still to fall are still in their hands
            for seat, card in zip(trick.seats[count:], trick.cards[count:], strict=True):
                if seat is not None and card is not None:
                    held[seat] |= 1 << card
            partial = replace(trick, seats=trick.seats[:count], cards=trick.cards[:count],
                              winner=None)
            before = found[found.index(whole) - 1].taken
            out.append(replace(whole, held=held, trick=partial, taken=dict(before),
                               caption=_caption(trick, count)))
    out.append(found[-1])
    return out


def discard_unknown(replay: Replay) -> bool:
    """Whether the declarer took the talon and the record does not say what he
    discarded (nor does the play show all his ten cards)."""
    declarer, contract = replay.declarer, replay.contract
    return (declarer is not None and contract is not None and not contract.allpass and
            not contract.hand and replay.record.first_trick == 1 and
            declarer.index < len(replay.complete) and not replay.complete[declarer] and
            not replay.record.discard)


def dealt_hand(replay: Replay) -> int | None:
    """The declarer's ten cards as dealt, where the discard is not known and the Deal
    gives them (drawn with the talon beside, and "discard not given")."""
    deal = replay.record.deal
    if deal is None or not discard_unknown(replay):
        return None
    assert replay.declarer is not None
    hand = deal.hand(replay.declarer)
    return hand.mask if hand is not None and hand.complete else None


def talon_cards(replay: Replay) -> list[CardRef | None]:
    """The talon as shown: the Talon tag's cards, else the Deal's talon when given."""
    record = replay.record
    if record.talon:
        return list(record.talon)
    talon = record.deal.talon if record.deal is not None else None
    if talon is not None and talon.complete and talon.size:
        return list(cards_of(talon.mask))
    return []


def position(replay: Replay, number: int, hidden: frozenset[Seat] = frozenset()) -> Scene:
    """The position with trick ``number`` on the table (0, or a trick before an ending's
    first: before the lead; past the last trick: the end)."""
    return pick(positions(replay, hidden), number)


def pick(found: list[Scene], number: int) -> Scene:
    """Of ``positions(...)``, the one with trick ``number`` on the table: tricks are
    addressed by their numbers, so an ending's (``[Start "4"]``) are 4, 5, …"""
    for pos in found[1:-1]:
        if pos.number == number:
            return pos
    last = found[-2].number if len(found) > 2 else 0
    return found[-1] if number > last and len(found) > 1 and number > 0 else found[0]


def last_trick(replay: Replay) -> int:
    """The number of the last trick played (an ending's first trick − 1 if none)."""
    return replay.tricks[-1].number if replay.tricks else replay.record.first_trick - 1


def moment(pos: Scene, words: Words = EN) -> str:
    """``before the lead``, ``before trick 4, Boris to lead`` (an ending), ``trick 5``,
    ``after the play``."""
    replay = pos.replay
    first = replay.record.first_trick
    if pos.number == 0:
        leader = replay.first_leader
        if first > 1:
            return words.before_trick.format(
                n=first, leader="?" if leader is None else short_name(replay, leader))
        return words.before
    return words.after if pos.trick is None else words.trick.format(n=pos.number)


def tally(pos: Scene, seat: Seat, words: Words = EN) -> str:
    """``3 tricks``; an ending's counts say where they start (``1 trick from trick 4``):
    the tricks before it are not known."""
    count = words.tricks(pos.taken.get(seat, 0))
    first = pos.replay.record.first_trick
    return f"{count} {words.since.format(n=first)}" if first > 1 else count


def card_text(card: Card | CardRef | None, words: Words = EN) -> str:
    """A card for print (``♥10``, ``♠Т``); a pattern as written (``?A``); ``?`` if
    unknown."""
    if card is None:
        return "?"
    if isinstance(card, CardPattern):
        return str(card)
    return words.card(card)


def trick_line(trick: PlayedTrick, words: Words = EN) -> str:
    """``1) A — ♠A, B — ♠9, C — ♠8 → A`` (``talon`` for a talon card)."""
    plays = ", ".join(f"{words.talon if s is None else s} — {card_text(c, words)}"
                      for s, c in zip(trick.seats, trick.cards, strict=True))
    winner = words.nobody if trick.winner is None else str(trick.winner)
    return f"{trick.number}) {plays} → {winner}"


def named_trick_line(replay: Replay, trick: PlayedTrick, words: Words = EN) -> str:
    """``1) Ana ♠A, Boris ♠9, Ceca ♠8 → Ana``: a trick for a printed list."""
    plays = ", ".join(
        f"{words.talon if s is None else short_name(replay, s)} {card_text(c, words)}"
        for s, c in zip(trick.seats, trick.cards, strict=True))
    winner = words.nobody if trick.winner is None else short_name(replay, trick.winner)
    return f"{trick.number}) {plays} → {winner}"


def title(replay: Replay, words: Words = EN) -> str:
    """``Board 1 · Sochi (Сочинка)``."""
    board = replay.record.tag("Board")
    # a family's title may name the source it follows ("(seed 000)"): not for print
    name = re.sub(r"\s*\(seed \d+\)", "", words.title(replay.variant.title)
                  if replay.variant.title else replay.variant.name)
    return printable(f"{words.board} {board} · {name}") if board else name


def short_name(replay: Replay, seat: Seat) -> str:
    """A seat's player as the record names him (``Ana``), else the seat (``A``)."""
    names = replay.record.names
    if seat.index < len(names) and names[seat] and names[seat] != str(seat):
        # a record's text: no control character drawn; a right-to-left name isolated, so
        # that the line it stands in keeps its order (pfn.render.bidi)
        return printable(isolate(names[seat]))
    return str(seat)


def _together(names: list[str], words: Words) -> str:
    return names[0] if len(names) == 1 else \
        ", ".join(names[:-1]) + f" {words.and_} " + names[-1]


def deal_line(replay: Replay, words: Words = EN) -> str:
    """``Ana plays 7♠ · Boris and Ceca whist · Ceca deals · Ana leads``, in words."""
    parts = []
    contract = replay.contract
    if contract is not None and contract.allpass:
        parts.append(words.allpass)
    elif contract is not None and replay.declarer is not None:
        parts.append(f"{short_name(replay, replay.declarer)} {words.plays}"
                     f" {words.contract(str(contract))}")
    defence = replay.defence
    if defence is not None and defence.calls:
        said: dict[tuple[str, ...], list[str]] = {}
        for seat, calls in defence.calls.items():
            said.setdefault(tuple(calls), []).append(short_name(replay, seat))
        parts.append(", ".join(
            f"{_together(names, words)} "
            + "/".join(words.call(c, both=len(names) > 1) for c in calls)
            for calls, names in said.items()))
        if defence.open:
            parts.append(words.open)
    if replay.dealer is not None:
        parts.append(f"{short_name(replay, replay.dealer)} {words.deals}")
    leader = replay.first_leader
    if leader is not None and replay.record.play is not None:
        parts.append(f"{short_name(replay, leader)} {words.leads}")
    return " · ".join(parts)


def outcome(replay: Replay, words: Words = EN) -> str | None:
    """The deal's result in words: ``7♠ made with an overtrick``, ``6NT two down``,
    ``misère caught for two``, ``all-pass: Ana 2, Boris 3, Ceca 5``."""
    contract = replay.contract
    result = replay.result
    if contract is None or not result:
        return None
    if contract.allpass:
        counts = [f"{short_name(replay, s)} {n}" for s, n in sorted(result.items())
                  if n is not None and (s in replay.participants or n)]
        return f"{words.allpass}: " + ", ".join(counts)
    declarer = replay.declarer
    taken = result.get(declarer) if declarer is not None else None
    if taken is None:
        return None
    first = replay.record.first_trick
    if first > 1:  # an ending: the tricks before it are not known, so neither is the score
        assert declarer is not None
        return words.ending_result.format(name=short_name(replay, declarer),
                                          taken=words.tricks(taken), n=first)
    return words.outcome(str(contract), contract.level, taken, contract.misere)


def describe(replay: Replay, words: Words = EN) -> str:
    """The header line: board, variant, contract, defence, dealer."""
    return " · ".join(p for p in (title(replay, words), deal_line(replay, words)) if p)
