"""The replay: a record driven through the rules of its variant.

Deal → Auction → Talon and discard → Contract → Defence → Play → Result → Score.
Each stage checks what the record says against the rules and hands the next stage
what it established.  :func:`replay` returns a :class:`Replay` holding every
trick with its leader, seats and winner, the hands before each trick, the
defence's outcome, the computed score entries and the diagnostics.  It raises
:class:`~pfn.diagnostics.RuleError` on the first error unless
``on_error="collect"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from pfn.cards import FULL_DECK, Card
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic, RuleError
from pfn.model import Amount, Annotation, Call, CardRun, Pos, Record, Variation
from pfn.rules.auction import Auction, CallProblem
from pfn.rules.defence import DefenceOutcome
from pfn.rules.play import SUIT_MASKS, Hands, PlayProblem, TrickPlay, winner_index
from pfn.rules.variant import Variant, find_variant
from pfn.scoring.ledger import LedgerEntry
from pfn.scoring.russian import DealFacts
from pfn.seats import SEATS, Seat

OnError = Literal["raise", "collect"]


@dataclass(slots=True)
class PlayedTrick:
    """One trick as played: who played each card, and who won."""

    number: int
    leader: Seat | None
    """Who led (``None`` when a talon card opened the trick)."""
    seats: tuple[Seat | None, ...]
    """The player of each card, in order (``None`` for a talon card nobody owns)."""
    cards: tuple[Card | None, ...]
    winner: Seat | None
    """``None`` when nobody takes it (an all-pass talon trick nobody followed) or it is
    not known."""
    before: tuple[int, ...]
    """Cards known to be in each hand before the trick (bit masks, by seat)."""
    talon_lead: bool = False
    run: CardRun | None = None


@dataclass
class DealContext:
    """What the match tells a deal: all-passes in a row before it, open refe."""

    allpass_streak: int = 0
    refa_open: dict[Seat, int] = field(default_factory=dict)


@dataclass
class Replay:
    """Everything the replay of one record established."""

    record: Record
    variant: Variant
    players: int = 3
    dealer: Seat | None = None
    order: tuple[Seat, ...] = ()
    """The seats dealt cards, in playing order from the eldest."""
    eldest: Seat | None = None
    hands: tuple[int, ...] = ()
    """Each seat's cards at the start of the play (talon taken, discard made), as far
    as known."""
    complete: tuple[bool, ...] = ()
    talon: int = 0
    discard: int = 0
    auction: Auction | None = None
    declarer: Seat | None = None
    contract: Contract | None = None
    defence: DefenceOutcome | None = None
    leader: Seat | None = None
    tricks: list[PlayedTrick] = field(default_factory=list)
    taken: dict[Seat, int] = field(default_factory=dict)
    """Tricks won in the play given (all of it only when ``play_complete``)."""
    play_complete: bool = False
    result: dict[Seat, int | None] = field(default_factory=dict)
    """Tricks per seat for scoring: the play's, else the Result tag's."""
    entries: list[LedgerEntry] = field(default_factory=list)
    """What this deal writes on the sheet, before closing the pool and help."""
    score_complete: bool = False
    """``entries`` are the whole score of the deal."""
    uncertain: dict[tuple[Seat, str, Seat | None], set[Amount]] = field(default_factory=dict)
    """Entries the given facts do not fix, with the amounts they may add."""
    allpass_round: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No rule broken."""
        return not any(d.code[4] == "E" for d in self.diagnostics)

    def _repr_svg_(self) -> str | None:
        """A notebook shows a replay as its deal diagram."""
        from pfn.render.diagram import notebook_svg

        return notebook_svg(self)

    @property
    def facts(self) -> DealFacts | None:
        """The facts scoring uses (``None`` without a contract)."""
        if self.contract is None:
            return None
        seen = 0
        deal = self.record.deal
        talon = self.record.talon
        if deal is not None:
            for hand in deal.hands:
                seen |= hand.mask if hand is not None else 0
            if talon is None and deal.talon is not None and deal.talon.complete:
                talon = tuple(deal.talon)
        return DealFacts(self.players, self.dealer, self.order, self.declarer, self.contract,
                         self.defence, dict(self.result), max(self.allpass_round, 1),
                         talon, self.record.discard_public, seen=seen)


class _Stop(Exception):
    """Ends a stage early in collect mode."""


class Replayer:
    """Runs one replay; stages are methods so a variant's oddities stay in the variant."""

    def __init__(self, record: Record, variant: Variant, context: DealContext,
                 on_error: OnError) -> None:
        self.record = record
        self.variant = variant
        self.rules = variant.rules
        self.context = context
        self.on_error = on_error
        self.r = Replay(record, variant, players=record.players, dealer=record.dealer)
        self._unchecked_at: dict[str, Pos] = {}

    # -- reporting --------------------------------------------------------

    def report(self, code: str, message: str, pos: Pos | None = None, text: str | None = None,
               hint: str | None = None) -> None:
        line, col = pos if pos is not None else (0, 0)
        diagnostic = Diagnostic(code, message, None, line or None, col or None, text, hint)
        self.r.diagnostics.append(diagnostic)
        if self.on_error == "raise" and code[4] == "E":
            raise RuleError(diagnostic)

    def tag_pos(self, name: str) -> Pos:
        for tag in self.record.tags:
            if tag.name == name:
                return tag.pos
        return (0, 0)

    def unchecked(self, what: str, tag: str | None = None) -> None:
        """Note something the record does not let pfn check (at ``tag`` if given)."""
        if what not in self.r.unchecked:
            self.r.unchecked.append(what)
            if tag is not None:
                self._unchecked_at[what] = self.tag_pos(tag)

    # -- stages -----------------------------------------------------------

    def run(self) -> Replay:
        self.seating()
        self.deal()
        self.bidding()
        self.exit_from_allpass()
        self.talon()
        self.defend()
        self.play()
        self.outcome()
        self.score()
        first = self.record.tags[0].pos if self.record.tags else (0, 0)
        for what in self.r.unchecked:
            line, col = self._unchecked_at.get(what, first)
            self.r.diagnostics.append(Diagnostic("PFN-I001", f"not checked: {what}", None,
                                                 line or None, col or None))
        return self.r

    def seating(self) -> None:
        r, record = self.r, self.record
        players = record.players
        seats = SEATS[:players]
        dealer = record.dealer
        if players == 4 and dealer is None and record.deal is not None:
            empty = [s for s, h in zip(seats, record.deal.hands, strict=True)
                     if h is not None and h.size == 0]
            if len(empty) == 1:
                dealer = empty[0]
        r.dealer = dealer
        if dealer is None:
            if players == 4:
                self.unchecked("the dealer is not given: the order of play")
                r.order = seats[:3]
            else:
                r.order = seats
            first = record.auction.first if record.auction is not None else None
            r.eldest = first if first in r.order else None
            if r.eldest is not None:
                i = r.order.index(r.eldest)
                r.order = r.order[i:] + r.order[:i]
            elif record.auction is not None or record.play is not None:
                self.unchecked("the dealer is not given: who speaks and leads first")
            return
        active = tuple(s for s in seats if not (players == 4 and s == dealer))
        eldest = dealer.next(players)
        if eldest == dealer or eldest not in active:
            eldest = eldest.next(players)
        i = active.index(eldest)
        r.order = active[i:] + active[:i]
        r.eldest = eldest

    def deal(self) -> None:
        r, deal = self.r, self.record.deal
        n = self.record.players
        known = [0] * n
        complete = [False] * n
        if deal is not None:
            for index, hand in enumerate(deal.hands):
                if hand is not None:
                    known[index] = hand.mask
                    complete[index] = hand.complete
            if deal.talon is not None:
                r.talon = deal.talon.mask
        if self.record.talon is not None:
            for card in self.record.talon:
                if isinstance(card, Card):
                    r.talon |= 1 << card
        self._known, self._complete = known, complete

    def bidding(self) -> None:
        r, record = self.r, self.record
        section = record.auction
        contract = record.contract
        r.contract = contract
        r.declarer = record.declarer
        if section is None:
            if contract is None and record.play is None:
                return
            if contract is None:
                self.report("PFN-E409", "the play is given but no contract", self.tag_pos("Play"),
                            None, 'add [Contract "…"] (and [Declarer "…"])')
            return
        if not r.order:
            return
        if section.first is not None and r.eldest is not None and section.first != r.eldest \
                and not self.variant.auction_class.free_order:
            self.report("PFN-E301", f"the auction starts with {r.eldest}, the player after the"
                        f" dealer, not {section.first}", self.tag_pos("Auction"), None)
        order = r.order
        if section.first is not None and section.first in order:
            i = order.index(section.first)
            order = order[i:] + order[:i]
        auction = self.variant.auction(order)
        r.auction = auction
        self._calls(auction, section.calls, "")
        state = auction.state
        if not state.finished:
            if contract is not None or record.play is not None:
                self.report("PFN-E307", "the auction is not finished", self.tag_pos("Auction"),
                            None, f"{state.next_speaker()} still has to call")
            else:
                self.unchecked("the auction is not finished")
            return
        if state.allpass:
            if contract is not None and not contract.allpass:
                self.report("PFN-E404", f"everyone passed, so the deal is all-pass, not"
                            f" {contract}", self.tag_pos("Contract"), str(contract))
            if record.declarer is not None:
                self.report("PFN-E310", f"everyone passed: there is no declarer, not"
                            f" {record.declarer}", self.tag_pos("Declarer"))
            r.contract, r.declarer = Contract.parse("pass"), None
            return
        winner = auction.declarer
        if record.declarer is not None and record.declarer != winner:
            self.report("PFN-E310", f"{winner} won the auction, but Declarer says"
                        f" {record.declarer}", self.tag_pos("Declarer"), None)
        r.declarer = winner
        if contract is None:
            bid = auction.winning_bid()
            if bid is not None and bid.misere:
                r.contract = bid
            else:
                self.unchecked("no Contract tag: the contract")
            return
        if contract.allpass:
            self.report("PFN-E404", f"{winner} won the auction: the deal is not all-pass",
                        self.tag_pos("Contract"))
            return
        problem = auction.contract_problem(contract)
        if problem is not None:
            self.report(problem.code, problem.message, self.tag_pos("Contract"), None,
                        problem.hint)
        if contract.pref and not self.variant.preferans:
            self.report("PFN-E404", f"there is no Preferans hand ({contract}) in"
                        f" {self.variant.name}", self.tag_pos("Contract"), str(contract))

    def exit_from_allpass(self) -> None:
        """After all-passes in a row the next contract must reach the exit level."""
        contract = self.r.contract
        streak = self.context.allpass_streak
        if contract is None or contract.allpass or contract.misere or not streak or \
                not self.variant.allpass_played:
            return
        exit_level = self.variant.exit_level(streak)
        if contract.level < exit_level:
            self.report("PFN-E408", f"after {streak} all-pass{'es' * (streak > 1)} in a row the"
                        f" contract must be at least {exit_level}, not {contract}",
                        self.tag_pos("Contract"), None, "house rule allpass-exit")

    def _calls(self, auction: Auction, calls: Sequence[Call], where: str) -> None:
        for call in calls:
            speaker, problem = auction.speaker(call.seat)
            if problem is None and speaker is not None:
                problem = auction.check(speaker, call.token)
            if problem is not None:
                self.report(problem.code, where + problem.message, call.pos, call.text or None,
                            problem.hint)
                if problem.code in ("PFN-E308",):
                    return
            if speaker is None:
                return
            self._variations(call.ann, lambda a=auction: _clone_auction(a), where)
            auction.apply(speaker, call.token)

    def _variations(self, ann: Annotation | None, snapshot: object, where: str) -> None:
        if ann is None or not ann.variations:
            return
        for variation in ann.variations:
            if isinstance(variation.moves, tuple):
                clone = snapshot()  # type: ignore[operator]
                self._calls(clone, variation.moves, where + "in a variation: ")

    def talon(self) -> None:
        r, record = self.r, self.record
        contract, declarer = r.contract, r.declarer
        hands = list(self._known)
        complete = list(self._complete)
        discard = 0
        for card in record.discard or ():
            if isinstance(card, Card):
                discard |= 1 << card
        r.discard = discard
        if contract is not None and not contract.allpass and declarer is not None and \
                declarer < len(hands):
            uses_talon = not contract.hand
            if contract.hand:
                if record.discard:
                    self.report("PFN-E402", f"{contract} is played without the talon: there is"
                                " no discard", self.tag_pos("Discard"))
            elif uses_talon:
                if record.discard is not None and len(record.discard) != 2:
                    self.report("PFN-E401", f"the declarer discards two cards, not"
                                f" {len(record.discard)}", self.tag_pos("Discard"))
                talon_known = self.record.deal is not None and self.record.deal.talon is not None \
                    and self.record.deal.talon.complete
                if contract.pref and complete[declarer] and talon_known:
                    problem = preferans_problem(hands[declarer] | r.talon, contract)
                    if problem is not None:
                        self.report("PFN-E404", problem, self.tag_pos("Contract"),
                                    str(contract), "seed 000: twelve cards that cannot lose a"
                                    " trick — all eight trumps and top cards, or A-K-Q in every"
                                    " suit at no-trumps")
                if complete[declarer] and talon_known and record.discard is not None and \
                        all(isinstance(c, Card) for c in record.discard):
                    hands[declarer] = (hands[declarer] | r.talon) & ~discard
                else:
                    hands[declarer] = (hands[declarer] | r.talon) & ~discard
                    complete[declarer] = False
                    if self._complete[declarer]:
                        self.unchecked("the talon or the discard is not given in full: the"
                                       " declarer's cards")
        r.hands, r.complete = tuple(hands), tuple(complete)

    def defend(self) -> None:
        r, record = self.r, self.record
        contract, declarer = r.contract, r.declarer
        if contract is None or contract.allpass or declarer is None or len(r.order) != 3 \
                or declarer not in r.order:
            if record.defence is not None and contract is not None and contract.allpass:
                self.report("PFN-E406", "no defence in all-pass", self.tag_pos("Defence"))
            return
        protocol = self.variant.defence(contract, declarer, r.dealer, r.order)
        first = protocol.outcome.first
        section = record.defence
        if section is not None and section.first is not None and section.first != first:
            self.report("PFN-E405", f"the first defender is {first}, the player after the"
                        f" declarer, not {section.first}", self.tag_pos("Defence"))
        calls = section.calls if section is not None else ()
        for index, problem in protocol.run(calls):
            call = calls[index] if index < len(calls) else None
            self.report(problem.code, problem.message, call.pos if call else
                        self.tag_pos("Defence"), call.text if call else None, problem.hint)
        outcome = protocol.outcome
        if not outcome.complete and section is not None and calls:
            self.report("PFN-E407", "the defence is not finished", self.tag_pos("Defence"),
                        None, "both defenders say whist or pass")
        elif section is None and not (contract.misere or contract.allpass):
            self.unchecked("no Defence section: the defenders' calls")
        r.defence = outcome

    # -- play -------------------------------------------------------------

    def participants(self) -> tuple[Seat, ...]:
        r = self.r
        contract = r.contract
        if contract is None:
            return ()
        if contract.allpass or r.declarer is None:
            return r.order
        players = {r.declarer}
        if r.defence is not None:
            players.update(r.defence.players)
        return tuple(s for s in r.order if s in players)

    def play(self) -> None:
        r, record = self.r, self.record
        section = record.play
        contract = r.contract
        if section is None:
            return
        if contract is None:
            self.unchecked("the play (no contract)")
            return
        if contract.allpass and not self.variant.allpass_played:
            self.report("PFN-E507", "in this variant an all-pass is not played",
                        self.tag_pos("Play"))
            return
        if r.defence is not None and not r.defence.played:
            self.report("PFN-E507", "the defence did not play: there is no play",
                        self.tag_pos("Play"), None,
                        "both defenders passed (or the game was settled without play)")
            return
        if not r.order or r.eldest is None:
            return
        participants = self.participants()
        leader = self.variant.first_leader(contract, r.declarer, r.eldest, r.order)
        if leader not in participants:
            leader = next(s for s in r.order if s in participants)
        r.leader = leader
        if section.leader is not None and section.leader != leader:
            self.report("PFN-E501", f"{leader} leads to the first trick, not {section.leader}",
                        self.tag_pos("Play"))
        hidden = [str(s) for s in participants if not r.complete[s]]
        if hidden:
            self.unchecked(f"the cards of {' and '.join(hidden)} are not all given: their play"
                           " is checked only against what they showed")
        if not self._fast_play(participants, leader, contract, section.tricks):
            r.tricks.clear()
            state = _PlayState(self, participants, leader, contract)
            state.play_main(section.tricks)
        else:
            state = self._fast_state
        r.taken = dict(state.taken)
        r.play_complete = state.complete and not section.claimed
        if not state.stopped and not section.claimed and state.number <= 10 and \
                record.result is None:
            self.report("PFN-W004", f"the play stops after trick {state.number - 1} without"
                        " '*'", self.tag_pos("Play"), None,
                        "end with * when the rest was claimed or not recorded")

    def _fast_play(self, participants: tuple[Seat, ...], leader: Seat, contract: Contract,
                   tricks: Sequence[CardRun]) -> bool:
        """Replay a plain, complete, legal main line in one tight loop over bit masks.

        Plain means: every hand known, every card given, no annotation, no talon-led
        trick, no heading rule.  The first irregularity returns ``False`` and the
        general engine replays the play from the start, reporting precisely."""
        r = self.r
        if (contract.allpass or self.variant.must_head or len(tricks) != 10
                or not all(r.complete[s] for s in participants)):
            return False
        hands = list(r.hands)
        trump = contract.trump
        trump_mask = SUIT_MASKS[trump] if trump is not None else 0
        order = participants
        size = len(order)
        rotations = {s: order[i:] + order[:i] for i, s in enumerate(order)}
        taken = dict.fromkeys(order, 0)
        played: list[PlayedTrick] = []
        for number, run in enumerate(tricks, start=1):
            cards = run.cards
            if len(cards) != size or run.anns is not None or None in cards:
                return False
            seats = rotations[leader]
            before = tuple(hands)
            lead = cards[0]
            led_mask = SUIT_MASKS[lead >> 3]  # type: ignore[operator]
            best, best_key = 0, -1
            for i, card in enumerate(cards):
                seat = seats[i]
                bit = 1 << card  # type: ignore[operator]
                hand = hands[seat]
                if not hand & bit:
                    return False
                if i and not bit & led_mask and (hand & led_mask or (
                        trump_mask and not bit & trump_mask and hand & trump_mask)):
                    return False
                hands[seat] = hand & ~bit
                key = (16 + (card & 7) if bit & trump_mask else  # type: ignore[operator]
                       card & 7 if bit & led_mask else -1)  # type: ignore[operator]
                if key > best_key:
                    best, best_key = i, key
            leader = seats[best]
            taken[leader] += 1
            played.append(PlayedTrick(number, seats[0], seats, cards, leader, before, False, run))
        if tricks[-1].claim is not None:
            return False
        r.tricks = played
        state = _PlayState.__new__(_PlayState)
        state.taken, state.complete, state.stopped, state.number = taken, True, False, 11
        self._fast_state = state
        return True

    # -- result -----------------------------------------------------------

    def outcome(self) -> None:
        r, record = self.r, self.record
        stated = dict(record.result or ())
        result: dict[Seat, int | None] = {}
        participants = self.participants()
        if r.play_complete:
            for seat in (*participants, *(s for s in r.taken if s not in participants)):
                result[seat] = r.taken.get(seat, 0)
            if self.variant.dealer_plays_talon and r.players == 4 and r.dealer is not None \
                    and r.contract is not None and r.contract.allpass:
                result.setdefault(r.dealer, 0)
            for seat, count in stated.items():
                computed = result.get(seat, 0 if seat in r.order or seat == r.dealer else None)
                if count is not None and computed is not None and count != computed:
                    self.report("PFN-E601", f"Result gives {seat} {count} trick"
                                f"{'s' * (count != 1)}; the play gives {computed}",
                                self.tag_pos("Result"), f"{seat}:{count}")
        else:
            result = dict(stated)
            if record.play is not None and r.tricks and stated:
                remaining = 10 - len([t for t in r.tricks if t.winner is not None or
                                      t.talon_lead])
                for seat, count in stated.items():
                    have = r.taken.get(seat, 0)
                    if count is not None and (count < have or count > have + remaining):
                        self.report("PFN-E603", f"Result gives {seat} {count} tricks, but {seat}"
                                    f" had taken {have} with {remaining} to play",
                                    self.tag_pos("Result"), f"{seat}:{count}")
            if participants and not stated and record.play is None and r.contract is not None \
                    and (r.defence is None or r.defence.played):
                self.unchecked("no Result and no play: the tricks")
        # a defender who does not play (Serbian, Britannica) takes nothing
        if r.defence is not None and r.defence.played:
            for seat in r.defence.defenders:
                if seat not in r.defence.players:
                    result.setdefault(seat, 0)
        r.result = result

    def score(self) -> None:
        r = self.r
        facts = r.facts
        if facts is None:
            return
        if r.contract is not None and r.contract.allpass:
            r.allpass_round = self.context.allpass_streak + 1
            facts.allpass_round = r.allpass_round
        if self.variant.name == "serbian":
            entries = self.variant.scoring.score(facts, self.context.refa_open)
        else:
            entries = self.variant.scoring.score(facts)
        r.entries = entries
        r.score_complete = not facts.incomplete
        r.uncertain = facts.uncertain
        for what in facts.unchecked:
            self.unchecked(what, "Score" if self.record.score is not None else None)


def preferans_problem(twelve: int, contract: Contract) -> str | None:
    """Why twelve cards are not a "Preferans" hand (``None`` if they are)."""
    if twelve.bit_count() != 12:
        return "a Preferans hand has twelve cards"
    for suit in range(4):
        ranks = (twelve >> (8 * suit)) & 0xFF
        if contract.trump is None:
            if ranks != 0b11100000:
                return "no-trump Preferans needs ace, king and queen in every suit, nothing else"
        elif suit == contract.trump:
            if ranks != 0xFF:
                return "Preferans in a suit needs all eight trumps"
        elif ranks and (ranks + (ranks & -ranks)) & 0xFF:
            return "outside the trumps a Preferans hand holds only unbroken top cards"
    return None


def _clone_auction(auction: Auction) -> Auction:
    import copy

    return copy.deepcopy(auction)


class _PlayState:
    """The play in progress: hands, the trick so far, the leader, tricks taken."""

    def __init__(self, replayer: Replayer, participants: tuple[Seat, ...], leader: Seat,
                 contract: Contract) -> None:
        self.replayer = replayer
        self.r = replayer.r
        r = self.r
        n = r.players
        known = list(r.hands)
        complete = list(r.complete)
        everything = 0
        for seat in range(n):
            if complete[seat] or known[seat]:
                everything |= known[seat]
        possible = []
        deal = replayer.record.deal
        for seat in range(n):
            if complete[seat]:
                possible.append(known[seat])
                continue
            others = everything & ~known[seat]
            hand = deal.hand(Seat(seat)) if deal is not None else None
            if hand is not None and not hand.complete and seat != r.declarer:
                allowed = 0
                for suit, extra in enumerate(hand.unknown):
                    if extra:
                        allowed |= SUIT_MASKS[suit]
                possible.append(known[seat] | (allowed & ~others & ~r.talon))
            else:
                talon = 0 if seat == r.declarer or contract.allpass else r.talon
                possible.append(known[seat] | (FULL_DECK & ~others & ~talon & ~r.discard))
        self.hands = Hands(known, possible, complete)
        self.engine = TrickPlay(self.hands, contract.trump, replayer.variant.must_head
                                and not contract.misere)
        self.participants = participants
        self.leader: Seat | None = leader
        self.contract = contract
        self.number = 1
        self.taken: dict[Seat, int] = {s: 0 for s in participants}
        self.cards: list[Card | None] = []
        self.seats: list[Seat | None] = []
        self.talon_cards: list[Card] = []
        self.complete = False
        self.stopped = False
        self._before: list[int] = list(known)
        rules = replayer.rules
        self.talon_leads = 2 if contract.allpass and rules.allpass_talon_shown else 0
        stated = replayer.record.talon
        if stated:
            self.talon_cards = [c for c in stated if isinstance(c, Card)]

    # -- per card -----------------------------------------------------------

    def size(self) -> int:
        return len(self.participants) + (1 if self.number <= self.talon_leads else 0)

    def seat_for(self, index: int) -> Seat | None:
        if self.number <= self.talon_leads:
            if index == 0:
                return None
            index -= 1
            start = self.r.eldest
        else:
            start = self.leader
        if start is None:
            return None
        order = self.participants
        return order[(order.index(start) + index) % len(order)]

    def step(self, run: CardRun, at: int, where: str) -> bool:
        """Play card ``at`` of ``run``; False once the play can no longer be followed."""
        card = run.cards[at]
        index = len(self.cards)
        talon_lead = self.number <= self.talon_leads and index == 0
        if talon_lead:
            if card is not None and not (self.r.talon >> card & 1) and self.r.talon:
                self.replayer.report("PFN-E509", f"{where}trick {self.number} of the all-pass is"
                                     f" opened by a talon card, not {card}", run.position(at),
                                     run.text(at), "write the talon card first on each of the"
                                     " first two lines")
            seat = None
        else:
            seat = self.seat_for(index)
            if seat is None:
                self.stopped = True
                return False
        lead = next((c for c in self.cards if c is not None), None) if self.cards else None
        if self.cards and self.cards[0] is None:
            lead = None  # the suit led is unknown
        if card is not None and seat is not None:
            best = self._best() if self.engine.must_head else None
            exempt = bool(self.r.declarer is not None and self.seats and
                          self.seats[0] == self.r.declarer and index == 1)
            problem = self.engine.check_card(seat, card, lead, best, index, exempt)
            if problem is not None:
                self.replayer.report(problem.code, where + problem.message, run.position(at),
                                     run.text(at), problem.hint)
        if card is not None:
            if seat is None:
                self.hands.remove(card)
            else:
                self.engine.play(seat, card, lead)
        self.cards.append(card)
        self.seats.append(seat)
        if len(self.cards) == self.size():
            return self.finish_trick(where)
        return True

    def _best(self) -> Card | None:
        if not self.cards or any(c is None for c in self.cards):
            return None
        lead = self.cards[0]
        assert lead is not None
        index = winner_index(list(self.cards), self.contract.trump, lead >> 3)
        return self.cards[index] if index is not None else None

    def finish_trick(self, where: str, run: CardRun | None = None) -> bool:
        r = self.r
        cards, seats = self.cards, self.seats
        talon_lead = self.number <= self.talon_leads
        trump = self.contract.trump
        winner: Seat | None
        lead = cards[0]
        if talon_lead:
            players = cards[1:]
            led = lead >> 3 if lead is not None else None
            if self.replayer.variant.dealer_plays_talon and r.players == 4:
                index = winner_index(list(cards), None, led)
                winner = (r.dealer if index == 0 else seats[index]) if index is not None else None
            else:
                index = winner_index(list(players), None, led)
                if index is not None:
                    winner = seats[index + 1]
                elif any(c is None for c in players):
                    winner = None
                elif self.replayer.rules.allpass_unfollowed == "highest":
                    ranked = [(c & 7, -i) for i, c in enumerate(players) if c is not None]
                    winner = seats[1 + -max(ranked)[1]]
                else:
                    winner = None
        else:
            index = winner_index(list(cards), trump, lead >> 3 if lead is not None else None)
            winner = seats[index] if index is not None else None
        if not where:
            r.tricks.append(PlayedTrick(self.number, seats[0], tuple(seats), tuple(cards),
                                        winner, tuple(self._before), talon_lead, run))
        known_winner = winner is not None or (talon_lead and None not in cards)
        if winner is not None:
            self.taken[winner] = self.taken.get(winner, 0) + 1
        self.number += 1
        self.cards, self.seats = [], []
        if self.number > 10:
            self.complete = True
        if self.number <= self.talon_leads:
            return True
        if self.number == self.talon_leads + 1 and self.talon_leads:
            self.leader = r.eldest
            return True
        if winner is not None:
            self.leader = winner
            return True
        if not known_winner:
            self.leader = None  # found from the next lead card if its holder is known
            return True
        return True

    # -- lines ----------------------------------------------------------------

    def _snapshot(self) -> _PlayState:
        clone = object.__new__(_PlayState)
        clone.__dict__.update(self.__dict__)
        clone.hands = self.hands.copy()
        clone.engine = TrickPlay(clone.hands, self.engine.trump, self.engine.must_head)
        clone.taken = dict(self.taken)
        clone.cards, clone.seats = list(self.cards), list(self.seats)
        return clone

    def _find_leader(self, card: Card | None) -> bool:
        if self.leader is not None or self.number <= self.talon_leads:
            return True
        holder = self.hands.holder(card) if card is not None else None
        if holder is None or Seat(holder) not in self.participants:
            self.replayer.unchecked(f"the play from trick {self.number} (who led is not known)")
            self.stopped = True
            return False
        self.leader = Seat(holder)
        return True

    def play_main(self, tricks: Sequence[CardRun]) -> None:
        for run in tricks:
            if self.number > 10:
                pos = run.position(0)
                self.replayer.report("PFN-E510", "more than ten tricks", pos, run.text(0)
                                     if run.cards else None)
                return
            if not run.cards:
                continue
            if not self._find_leader(run.cards[0]):
                return
            self._before = list(self.hands.known)
            expected = self.size()
            for index in range(len(run.cards)):
                ann = run.ann(index)
                if ann is not None and ann.variations:
                    for variation in ann.variations:
                        self._variation(variation, "in a variation: ")
                if not self.step(run, index, ""):
                    return
                if not self.cards and index + 1 < len(run.cards):
                    self.replayer.report(
                        "PFN-E506", f"trick {self.number - 1} has {len(run.cards)} cards,"
                        f" {expected} expected", run.position(index + 1), run.text(index + 1),
                        "write one trick per line")
                    self.stopped = True
                    self.replayer.unchecked(f"the play from trick {self.number}")
                    return
            if self.cards:
                if run.claim is not None:
                    return
                self.replayer.report("PFN-E506", f"trick {self.number} has {len(self.cards)}"
                                     f" card{'s' * (len(self.cards) > 1)}, {expected} expected",
                                     run.position(0), run.text(0), "write one trick per line;"
                                     " - stands for a card not known")
                self.stopped = True
                self.replayer.unchecked(f"the play from trick {self.number}")
                return
            if self.r.tricks and self.r.tricks[-1].run is None:
                last = self.r.tricks[-1]
                self.r.tricks[-1] = PlayedTrick(last.number, last.leader, last.seats,
                                                last.cards, last.winner, last.before,
                                                last.talon_lead, run)
            if run.claim is not None:
                return

    def _variation(self, variation: Variation, where: str) -> None:
        moves = variation.moves
        if not isinstance(moves, CardRun):
            return
        state = self._snapshot()
        for index, card in enumerate(moves.cards):
            if state.number > 10:
                self.replayer.report("PFN-E510", where + "more than ten tricks",
                                     moves.position(index), moves.text(index))
                return
            if not state.cards and not state._find_leader(card):
                return
            ann = moves.ann(index)
            if ann is not None:
                for inner in ann.variations:
                    state._variation(inner, where)
            if not state.step(moves, index, where):
                return


def replay(record: Record, *, rules: Sequence[tuple[str, str]] = (),
           context: DealContext | None = None, on_error: OnError = "raise") -> Replay:
    """Replay ``record`` through the rules of its variant.

    ``rules`` are house-rule overrides (``("whist", "gentleman")``) applied over the
    record's Rules tag; ``context`` carries what the match knows (all-passes in a row).
    With ``on_error="raise"`` (the default) the first broken rule raises
    :class:`~pfn.diagnostics.RuleError`; with ``"collect"`` every problem is in
    ``Replay.diagnostics``.
    """
    try:
        variant_class = find_variant(record.variant)
    except ValueError:
        diagnostic = Diagnostic("PFN-E109", f"unknown variant {record.variant!r}")
        if on_error == "raise":
            raise RuleError(diagnostic) from None
        from pfn.rules.variant import Sochi

        result = Replay(record, Sochi())
        result.diagnostics.append(diagnostic)
        return result
    try:
        variant = variant_class.with_rules((*record.rules, *rules))
    except ValueError as error:
        diagnostic = Diagnostic("PFN-E116", str(error), hint="see docs/variants.md for the"
                                " options and their values")
        if on_error == "raise":
            raise RuleError(diagnostic) from None
        variant = variant_class()
        replayer = Replayer(record, variant, context or DealContext(), on_error)
        replayer.r.diagnostics.append(diagnostic)
        return replayer.run()
    return Replayer(record, variant, context or DealContext(), on_error).run()


__all__ = ["CallProblem", "DealContext", "PlayProblem", "PlayedTrick", "Replay", "replay"]
