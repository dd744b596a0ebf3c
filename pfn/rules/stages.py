"""The replay of a record: seating, deal, auction, talon and discard, contract,
defence, play and result.  :class:`Replayer` runs the stages in order on one record,
asking the rule family only the questions of :class:`~pfn.rules.family.RuleFamily`;
each stage checks what the record's tags and sections say against what the deal
established, and the moves themselves — calls, discard, contract, cards — are pushed
into one deal state (:class:`~pfn.rules.pushing.RecordState`), which reports a move
the rules refuse at its place and makes it all the same, where the replay goes on.
The stages the deal state shares are :mod:`pfn.rules.setup`'s."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace

from pfn import codes
from pfn.cards import CARDS, Card, CardSet
from pfn.diagnostics import Problem
from pfn.messages import Text, joined, msg, nmsg
from pfn.model import CardRun, Record, Variation
from pfn.rules.family import RuleFamily
from pfn.rules.play import PlayStage
from pfn.rules.pushing import RecordState
from pfn.rules.replay import DealContext, OnError, Replay
from pfn.rules.settling import after_talon, defence_for, exit_problem, not_allpass, settled
from pfn.rules.setup import Setup
from pfn.rules.tricks import TRICKS
from pfn.seats import Seat


class Replayer(Setup):
    """Runs one replay; stages are methods so a variant's oddities stay in the variant."""

    def run(self) -> Replay:
        self.start()
        self.bidding()
        self.exit_from_allpass()
        self.talon()
        self.state.push_settled()
        self.defend()
        self.play()
        self.outcome()
        first = self.record.tags[0].pos if self.record.tags else (0, 0)
        for what in self.r.unchecked:
            self.r.diagnostics.append(Problem(codes.I001, msg("not checked: {what}", what=what)
                                              ).at(first))
        return self.r

    def start(self) -> None:
        """The seating and the deal, and the state the record's moves are pushed into."""
        self.seating()
        self.deal()
        self.state = RecordState.following(self)

    def bidding(self) -> None:
        r, record = self.r, self.record
        section = record.auction
        contract = record.contract
        r.contract = contract
        r.declarer = record.declarer
        if section is None:
            if r.declarer is not None and r.order and r.declarer not in r.order and \
                    r.declarer == r.dealer:
                # at four the dealer sits the deal out: he cannot be its declarer
                self.report(codes.E208, msg("{seat} deals at a table of four and sits the deal"
                                           " out: {seat} cannot be the declarer",
                                           seat=r.declarer),
                            self.tag_pos("Declarer"), str(r.declarer))
                r.declarer = None
            if contract is None and record.play is None:
                return
            if contract is None:
                self.report(codes.E409, msg("the play is given but no contract"),
                            self.tag_pos("Play"), None,
                            msg('add [Contract "…"] (and [Declarer "…"])'))
            return
        if not r.order:
            return
        auction = self.open_auction(section.first)
        if section.first is not None and r.eldest is not None and section.first != r.eldest \
                and not auction.free_order:
            self.report(codes.E301, msg("the auction starts with {eldest}, the player after the"
                                       " dealer, not {first}", eldest=r.eldest,
                                       first=section.first), self.tag_pos("Auction"), None)
        r.auction = auction
        self.state.push_calls(section.nodes, self.add)
        state = auction.state
        if not state.finished:
            if contract is not None or record.play is not None:
                self.report(codes.E307, msg("the auction is not finished"),
                            self.tag_pos("Auction"), None,
                            msg("{seat} still has to call", seat=state.next_speaker()))
            else:
                self.unchecked(msg("the auction is not finished"))
            return
        if state.allpass:
            if contract is not None and not contract.allpass:
                self.report(codes.E404, msg("everyone passed, so the deal is all-pass, not"
                                           " {contract}", contract=contract),
                            self.tag_pos("Contract"), str(contract))
            if record.declarer is not None:
                self.report(codes.E310, msg("everyone passed: there is no declarer, not"
                                           " {declarer}", declarer=record.declarer),
                            self.tag_pos("Declarer"))
            r.contract, r.declarer = settled(auction)
            return
        winner = auction.declarer
        if record.declarer is not None and record.declarer != winner:
            self.report(codes.E310, msg("{winner} won the auction, but Declarer says"
                                       " {declarer}", winner=winner,
                                       declarer=record.declarer),
                        self.tag_pos("Declarer"), None)
        r.declarer = winner
        if contract is None:
            r.contract = settled(auction)[0]
            if r.contract is None:
                self.unchecked(msg("no Contract tag: the contract"))
            return
        if contract.allpass:
            self.add(not_allpass(winner).at(self.tag_pos("Contract")))
            return
        problem = auction.contract_problem(contract)
        if problem is not None:
            self.report(problem.code, problem.message, self.tag_pos("Contract"), None,
                        problem.hint)
        unknown = self.variant.contract_problem(contract)
        if unknown is not None:
            self.add(unknown.at(self.tag_pos("Contract"), str(contract)))

    def exit_from_allpass(self) -> None:
        """After all-passes in a row the next contract must reach the exit level."""
        contract = self.r.contract
        streak = self.context.allpass_streak
        if contract is None:
            return
        problem = exit_problem(self.variant, contract, streak)
        if problem is not None:
            self.add(problem.at(self.tag_pos("Contract")))

    def talon(self) -> None:
        r, record = self.r, self.record
        contract, declarer = r.contract, r.declarer
        hands = list(self._known)
        complete = list(self._complete)
        discard = 0
        for card in record.discard or ():
            if isinstance(card, Card):
                discard |= 1 << card
        r.discard = CardSet(discard)
        if record.start is not None:  # an ending: the Deal's hands are those held
            r.hands, r.complete = tuple(map(CardSet, hands)), tuple(complete)
            return
        if contract is not None and not contract.allpass and declarer is not None and \
                declarer.index < len(hands):
            uses_talon = not contract.hand
            if contract.hand:
                if record.discard:
                    self.report(codes.E402, msg("{contract} is played without the talon: there"
                                               " is no discard", contract=contract),
                                self.tag_pos("Discard"))
            elif uses_talon:
                if record.discard is not None and len(record.discard) != 2:
                    self.report(codes.E401, msg("the declarer discards two cards, not {n}",
                                               n=len(record.discard)), self.tag_pos("Discard"))
                talon_known = r.talon.bit_count() == 2
                twelve = hands[declarer] | r.talon
                if complete[declarer] and talon_known:
                    problem = self.variant.hand_problem(contract, twelve)
                    if problem is not None:
                        self.add(problem.at(self.tag_pos("Contract"), str(contract)))
                if complete[declarer] and talon_known and record.discard is not None and \
                        all(isinstance(c, Card) for c in record.discard):
                    hands[declarer] = after_talon(hands[declarer], r.talon, discard)
                else:
                    # what the declarer certainly held: the cards of his twelve he plays;
                    # all ten of them tell the discard
                    played = _played(record) & twelve & ~discard
                    if complete[declarer] and talon_known and played.bit_count() == 10:
                        hands[declarer], r.discard = played, CardSet(twelve & ~played)
                    else:
                        hands[declarer] = played if complete[declarer] else twelve & ~discard
                        complete[declarer] = False
                        if self._complete[declarer]:
                            self.unchecked(msg("the talon or the discard is not given in full:"
                                              " the declarer's cards"))
        r.hands, r.complete = tuple(map(CardSet, hands)), tuple(complete)

    def defend(self) -> None:
        r, record = self.r, self.record
        contract = r.contract
        protocol = defence_for(self.variant, r)
        if protocol is None:
            if record.defence is not None and contract is not None and contract.allpass:
                self.report(codes.E406, msg("no defence in all-pass"), self.tag_pos("Defence"))
            return
        first = protocol.outcome.first
        section = record.defence
        if section is not None and section.first is not None and section.first != first:
            self.report(codes.E405, msg("the first defender is {first}, the player after the"
                                       " declarer, not {given}", first=first,
                                       given=section.first), self.tag_pos("Defence"))
        nodes = section.nodes if section is not None else ()
        calls = tuple(node.call for node in nodes)
        for index, problem in self.state.push_defence(protocol, calls):
            node = nodes[index] if index < len(nodes) else None
            self.add(problem.at(node.pos if node else self.tag_pos("Defence"),
                                node.text if node else None))
        outcome = protocol.outcome
        if not outcome.complete and section is not None and calls:
            self.report(codes.E407, msg("the defence is not finished"), self.tag_pos("Defence"),
                        None, msg("both defenders say whist or pass"))
        elif section is None and not protocol.silent and record.start is None:
            # (a set-up position is a problem's: its defenders' calls are not part of it)
            outcome = self.unstated_defence(protocol, self._defenders_played())
        r.defence = outcome

    def play(self) -> None:
        r, record = self.r, self.record
        section = record.play
        contract = r.contract
        stated = section.leader if section is not None else None
        by_tag = r.leader_stated
        self.play_setup()
        if section is None:
            return
        if contract is None:
            self.unchecked(msg("the play (no contract)"))
            return
        if contract.allpass and not self.variant.allpass_played:
            self.report(codes.E507, msg("in this variant an all-pass is not played"),
                        self.tag_pos("Play"))
            return
        if r.defence is not None and not r.defence.played:
            self.report(codes.E507, msg("the defence did not play: there is no play"),
                        self.tag_pos("Play"), None,
                        msg("both defenders passed (or the game was settled without play)"))
            return
        if not r.order or (r.eldest is None and not by_tag):
            return
        participants = r.participants
        if r.first_leader is None:
            if stated is not None:
                self.report(codes.E501, msg("{stated} does not play {contract}: the leader to"
                                           " trick {number} is one of {seats}", stated=stated,
                                           contract=contract, number=record.first_trick,
                                           seats=", ".join(map(str, participants))),
                            self.tag_pos("Play"))
            else:
                self.unchecked(msg("who leads to trick {number}: the Play tag names no leader"
                                  " (an ending's leader is the Play tag's)",
                                  number=record.first_trick))
            return
        leader = r.leader = r.first_leader
        if not by_tag and section.leader is not None and section.leader != leader:
            self.report(codes.E501, msg("{leader} leads to the first trick, not {given}",
                                       leader=leader, given=section.leader),
                        self.tag_pos("Play"))
        hidden = [str(s) for s in participants if not r.complete[s]]
        if hidden:
            self.unchecked(msg("the cards of {seats} are not all given: their play is checked"
                              " only against what they showed",
                              seats=joined(msg(" and "), hidden)))
        stage = self.state.start_play(self, participants, leader, self.play_rules())
        if not self.state.push_plain(section.tricks):
            r.tricks.clear()
            self.play_lines(stage, section.tricks)
        self.state.played()
        r.taken = dict(sorted(stage.taken.items()))  # in seat order
        r.play_complete = stage.complete and not section.claimed
        if not stage.stopped and not section.claimed and stage.number <= 10 and \
                section.tricks and record.start is None:
            # (a set-up position (Start) stops where its question is)
            missing = self._missing_trick(participants)
            if missing is not None:  # the commonest slip: one line left out
                places, cards = missing
                values = {"given": len(section.tricks), "total": record.tricks_left,
                          "cards": " ".join(map(str, cards))}
                if len(places) == 1:
                    said: Text = msg("trick {number} is missing: the play gives {given} of {total}"
                              " tricks without '*', and the cards left ({cards}) fit only"
                              " there", number=places[0], **values)
                else:
                    said = msg("a trick line is missing, trick {numbers} or {last}: the play"
                              " gives {given} of {total} tricks without '*', and the cards"
                              " left ({cards}) fit in each of these",
                              numbers=", ".join(map(str, places[:-1])), last=places[-1],
                              **values)
                self.report(codes.W004, said, self.tag_pos("Play"), None,
                            msg("add the trick's line (or end the play with * when the rest"
                               " was claimed)"))
            else:
                self.report(codes.W004, msg("the play stops after trick {number} without '*'",
                                           number=stage.number - 1), self.tag_pos("Play"), None,
                            msg("end with * when the rest was claimed or not recorded"))

    def play_lines(self, stage: PlayStage, tricks: Sequence[CardRun]) -> None:
        """The Play section's lines, card by card, pushed into the deal state: a line is
        one trick (more than ten, or a line of the wrong length, is said once and the
        play is followed no further), a talon card a line leaves out is put back, and
        each variation is played from its branch on a copy of the state."""
        state = self.state
        for run in tricks:
            if stage.number > TRICKS:
                pos = run.position(0)
                self.report(codes.E510, msg("more than ten tricks"), pos,
                            run.text(0) if run.cards else None)
                return
            if not run.cards:
                continue
            run = self._talon_left_off(stage, run)
            if not state.lead(run):
                return
            expected = stage.size()
            for index in range(len(run.cards)):
                ann = run.ann(index)
                if ann is not None and ann.variations:
                    for variation in ann.variations:
                        self._play_variation(state, variation, msg("in a variation: "))
                if not state.push_card(run, index, ""):
                    return
                if not stage.cards and index + 1 < len(run.cards):
                    self.report(
                        codes.E506, nmsg("trick {number} has {n} card, {expected} expected",
                                        "trick {number} has {n} cards, {expected} expected",
                                        len(run.cards), number=stage.number - 1,
                                        expected=expected),
                        run.position(index + 1), run.text(index + 1),
                        msg("write one trick per line"))
                    stage.stopped = True
                    self.unchecked(msg("the play from trick {number}",
                                       number=stage.number))
                    return
            if stage.cards:
                if run.claim is not None or (self.record.start is not None and
                                             run is tricks[-1]):
                    return  # a set-up position (Start) may stop within a trick: its question
                self.report(codes.E506, nmsg("trick {number} has {n} card, {expected}"
                                             " expected", "trick {number} has {n}"
                                             " cards, {expected} expected",
                                             len(stage.cards), number=stage.number,
                                             expected=expected),
                            run.position(0), run.text(0),
                            msg("write one trick per line; - stands for a card not"
                               " known"))
                stage.stopped = True
                self.unchecked(msg("the play from trick {number}", number=stage.number))
                return
            if self.r.tricks and self.r.tricks[-1].run is None:
                self.r.tricks[-1].run = run
            if run.claim is not None:
                return

    def _talon_left_off(self, stage: PlayStage, run: CardRun) -> CardRun:
        """A talon-led trick written with the players' cards only: one error, then the
        trick replayed with its talon card (the Talon tag's for this trick, or the one
        left), so that the players' cards are checked as what they are."""
        if not stage.rules.talon_lead(stage.number) or \
                len(run.cards) != len(stage.participants):
            return run
        first = run.cards[0]
        if first is None or not self.r.talon or self.r.talon >> first & 1:
            return run
        used = {t.cards[0] for t in self.r.tricks if t.talon_lead and t.cards}
        left = [c for c in CARDS if self.r.talon >> c & 1 and c not in used]
        listed = self.record.talon or ()
        given = listed[stage.number - 1] if len(listed) >= stage.number else None
        card = given if isinstance(given, Card) and given in left else \
            left[0] if len(left) == 1 else None
        self.report(codes.E509, msg("trick {number} of the all-pass is opened by a"
                                    " talon card, but its line gives only the"
                                    " players' cards", number=stage.number),
                    run.position(0), run.text(0),
                    msg("write the talon card first: {line}",
                       line=" ".join((str(card), str(run.text(0)), "…")))
                    if card is not None else
                    msg("write the talon card first"))
        if card is None:
            return run
        count = len(run.cards)
        return CardRun((card, *run.cards),
                       None if run.anns is None else (None, *run.anns), run.claim,
                       (run.position(0), *(run.position(i) for i in range(count))),
                       (str(card), *(run.text(i) for i in range(count))))

    def _play_variation(self, state: RecordState, variation: Variation, where: Text
                        ) -> None:
        """A variation of the play, pushed into a copy of ``state`` at its branch."""
        moves = variation.moves
        if not isinstance(moves, CardRun):
            return
        twin = state.branch_play()
        stage = twin.playing
        assert stage is not None
        for index, card in enumerate(moves.cards):
            if stage.number > TRICKS:
                self.report(codes.E510, where + msg("more than ten tricks"),
                            moves.position(index), moves.text(index))
                return
            if not stage.cards and not stage.find_leader(card):
                return
            ann = moves.ann(index)
            if ann is not None:
                for inner in ann.variations:
                    self._play_variation(twin, inner, where)
            if not twin.push_card(moves, index, where):
                return

    def _missing_trick(self, participants: tuple[Seat, ...]
                       ) -> tuple[list[int], tuple[Card, ...]] | None:
        """Where one left-out trick line fits, when every hand is known: the trick
        numbers at which the cards each player has left, in some order, make the play
        replay without an error, and those cards; ``None`` when it fits nowhere."""
        record, r = self.record, self.r
        play = record.play
        if play is None or len(play.tricks) != record.tricks_left - 1 or \
                self.play_rules().talon_leads or not all(r.complete[s] for s in participants):
            return None
        left = []
        played = _played(record)
        for seat in participants:
            cards = r.hands[seat] & ~played
            if cards.bit_count() != 1:
                return None
            left.append(Card(cards.bit_length() - 1))
        places: list[int] = []
        for index in range(len(play.tricks) + 1):
            for order in itertools.permutations(left):
                line = CardRun(tuple(order))
                tricks = (*play.tricks[:index], line, *play.tricks[index:])
                trial = replace(record, play=replace(play, tricks=tricks))
                found = Replayer(trial, self.variant, self.context, "collect").run()
                if not any(d.is_error for d in found.diagnostics):
                    places.append(index + 1)
                    break
        return (places, tuple(sorted(left))) if places else None

def _played(record: Record) -> int:
    """Every card of the main line of the play."""
    mask = 0
    for run in record.play.tricks if record.play is not None else ():
        for card in run.cards:
            if card is not None:
                mask |= 1 << card
    return mask


def run(record: Record, variant: RuleFamily, context: DealContext | None = None,
        on_error: OnError = "raise") -> Replay:
    """Replay ``record`` through the rules of ``variant``; the match layer
    (:func:`pfn.deal.replay`) finds the variant from the record."""
    return Replayer(record, variant, context or DealContext(), on_error).run()


def taken_up(record: Record, variant: RuleFamily, context: DealContext | None = None
             ) -> Replay:
    """What a deal taken up after its auction (a problem's contract, an ending) gives
    before its first move: its tags replayed up to the defence (an ending's defence and
    leader too), the moves a board makes left out."""
    replayer = Replayer(record, variant, context or DealContext(), "collect")
    replayer.start()
    replayer.bidding()
    replayer.exit_from_allpass()
    replayer.talon()
    if record.start is not None:
        replayer.defend()
        replayer.play_setup()
    return replayer.r
