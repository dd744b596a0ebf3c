"""The stages of a replay: seating, deal, auction, talon and discard, contract, defence,
play and result. :class:`Replayer` runs them in order on one record, asking the rule family only the
questions of :class:`~pfn.rules.family.RuleFamily`; each stage checks what the
record says and hands the next what it established (the play: :mod:`pfn.rules.play`).
The deal state (:mod:`pfn.rules.state`) feeds the same stages its moves."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence
from dataclasses import replace

from pfn import codes
from pfn.cards import Card, CardSet
from pfn.codes import Code
from pfn.diagnostics import Diagnostic, Fix, Problem, RuleError
from pfn.messages import Text, joined, msg, nmsg
from pfn.model import Annotation, Call, CallNode, CardRun, Pos, Record
from pfn.rules.auction import Auction
from pfn.rules.defence import Defence, DefenceOutcome, possible_defences
from pfn.rules.family import RuleFamily
from pfn.rules.play import PlayStage
from pfn.rules.replay import DealContext, OnError, Replay
from pfn.rules.settling import after_talon, defence_for, exit_problem, not_allpass, settled
from pfn.rules.tricks import PlayRules
from pfn.seats import SEATS, Seat


class Replayer:
    """Runs one replay; stages are methods so a variant's oddities stay in the variant."""

    def __init__(self, record: Record, variant: RuleFamily, context: DealContext,
                 on_error: OnError) -> None:
        self.record = record
        self.variant = variant
        self.rules = variant.rules
        self.context = context
        self.on_error = on_error
        self.r = Replay(record, variant, players=record.players, dealer=record.dealer,
                        context=context)
        self._play_rules: PlayRules | None = None

    # -- reporting --------------------------------------------------------

    def report(self, code: Code, message: Text, pos: Pos | None = None, text: str | None = None,
               hint: Text | None = None, fix: Fix | None = None) -> None:
        self.add(Problem(code, message, hint, fix).at(pos, text))

    def add(self, diagnostic: Diagnostic) -> None:
        """Keep a diagnostic; in ``raise`` mode an error ends the replay."""
        self.r.diagnostics.append(diagnostic)
        if self.on_error == "raise" and diagnostic.is_error:
            raise RuleError(diagnostic)

    def tag_pos(self, name: str) -> Pos:
        for tag in self.record.tags:
            if tag.name == name:
                return tag.pos
        return (0, 0)

    def unchecked(self, what: Text) -> None:
        """Note something the record does not let pfn check."""
        if what not in self.r.unchecked:
            self.r.unchecked.append(what)

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
        first = self.record.tags[0].pos if self.record.tags else (0, 0)
        for what in self.r.unchecked:
            self.r.diagnostics.append(Problem(codes.I001, msg("not checked: {what}", what=what)
                                              ).at(first))
        return self.r

    def seating(self) -> None:
        r, record = self.r, self.record
        players = record.players
        if players not in self.variant.tables:
            allowed = " or ".join(map(str, self.variant.tables))
            self.report(codes.E209, msg("{variant} is played by {allowed}, not {players}",
                                       variant=self.variant.name, allowed=allowed,
                                       players=players),
                        self.tag_pos("Players") if record.tag("Players")
                        else self.tag_pos("Deal"), None,
                        msg("the source of this variant describes a game for {allowed}",
                           allowed=allowed))
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
                self.unchecked(msg("the dealer is not given: the order of play"))
                r.order = seats[:3]
            else:
                r.order = seats
            first = record.auction.first if record.auction is not None else None
            r.eldest = first if first in r.order else None
            if r.eldest is not None:
                i = r.order.index(r.eldest)
                r.order = r.order[i:] + r.order[:i]
            elif record.auction is not None or (record.play is not None and
                                                 record.start is None):
                # (an ending's leader is its Play tag's: it needs no dealer)
                self.unchecked(msg("the dealer is not given: who speaks and leads first"))
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
        talon = deal.talon.mask if deal is not None and deal.talon is not None else 0
        for card in self.record.talon or ():
            if isinstance(card, Card):
                talon |= 1 << card
        r.talon = CardSet(talon)
        self._known, self._complete = known, complete

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
        self.walk_calls(auction, section.nodes, "")
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

    def open_auction(self, first: Seat | None) -> Auction:
        """The auction of the deal, ``first`` (when one of the players) speaking first."""
        order = self.r.order
        if first is not None and first in order:
            i = order.index(first)
            order = order[i:] + order[:i]
        return self.variant.auction(order)

    def exit_from_allpass(self) -> None:
        """After all-passes in a row the next contract must reach the exit level."""
        contract = self.r.contract
        streak = self.context.allpass_streak
        if contract is None:
            return
        problem = exit_problem(self.variant, contract, streak)
        if problem is not None:
            self.add(problem.at(self.tag_pos("Contract")))

    def walk_calls(self, auction: Auction, nodes: Sequence[CallNode], where: Text) -> None:
        """The calls, in order, on ``auction``: each checked, then made."""
        for node in nodes:
            call = node.call
            speaker, problem = auction.speaker(call.seat)
            if problem is None and speaker is not None:
                problem = auction.check(speaker, call.token)
            if problem is not None:
                self.add(problem.at(node.pos, node.text or None, where))
                if problem.code == codes.E308:
                    return
            if speaker is None:
                return
            self._variations(node.ann, lambda a=auction: copy.deepcopy(a), where)
            auction.apply(speaker, call.token)

    def _variations(self, ann: Annotation | None, snapshot: object, where: Text) -> None:
        if ann is None or not ann.variations:
            return
        for variation in ann.variations:
            if isinstance(variation.moves, tuple):
                clone = snapshot()  # type: ignore[operator]
                self.walk_calls(clone, variation.moves, where + msg("in a variation: "))

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
        for index, problem in protocol.run(calls):
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

    def unstated_defence(self, protocol: Defence, played: bool | None) -> DefenceOutcome:
        """The defence of a deal that does not give its calls (``protocol`` has run none):
        the one the rules and the play (``played``: whether the defenders are known to
        have played) leave, else ``protocol``'s; every possible one in
        :attr:`Replay.defences`."""
        r = self.r

        def fresh() -> Defence:
            again = defence_for(self.variant, r)
            assert again is not None
            return again

        r.defences = possible_defences(fresh, played)
        if len(r.defences) != 1:
            self.unchecked(msg("no Defence section: the defenders' calls"))
            return protocol.outcome
        chosen = fresh()  # the play leaves one defence: it is the record's
        chosen.run([Call(token) for token in r.defences[0]])
        return chosen.outcome

    def _defenders_played(self) -> bool | None:
        """Whether the record shows the defence played (a card in the play: a game is
        played only when the defence plays; or a trick for a defender in the Result),
        ``None`` when it does not say."""
        record, r = self.record, self.r
        if record.play is not None and any(card is not None for run in record.play.tricks
                                           for card in run.cards):
            return True
        if any(n for seat, n in record.result or () if seat in r.order and seat != r.declarer):
            return True
        return None

    # -- play -------------------------------------------------------------

    def participants(self) -> tuple[Seat, ...]:
        """The seats whose cards are played, in playing order."""
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

    def play_rules(self) -> PlayRules:
        """The rules of play of this deal's contract (asked of the family once)."""
        if self._play_rules is None:
            assert self.r.contract is not None
            self._play_rules = self.variant.play_rules(self.r.contract, self.r.declarer,
                                                       self.r.dealer, self.r.players)
        return self._play_rules

    def play_setup(self) -> None:
        """What the play is, recorded or not (the solver starts from it): its rules,
        who plays, who leads to the first trick."""
        r, record = self.r, self.record
        section = record.play
        contract = r.contract
        stated = section.leader if section is not None else None
        by_tag = r.leader_stated
        if contract is not None and r.order and (r.eldest is not None or by_tag) and \
                (not contract.allpass or self.variant.allpass_played) and \
                (r.defence is None or r.defence.played):
            rules = r.play_rules = self.play_rules()
            if by_tag and r.eldest is None and stated in r.order and \
                    rules.talon_lead(record.first_trick):
                # an ending opened by a talon card, its dealer not given: the players
                # follow the talon card from the eldest, the one its Play tag names
                at = r.order.index(stated)
                r.order, r.eldest = r.order[at:] + r.order[:at], stated
            r.participants = self.participants()
            if by_tag:
                r.first_leader = stated if stated in r.participants else None
                if r.first_leader is not None and r.eldest is not None and \
                        r.first_leader != r.eldest and rules.talon_lead(record.first_trick):
                    # a talon card opens the ending's first trick: the eldest plays
                    # after it, whoever won the trick before
                    self.report(codes.E501, msg("{eldest} plays first to trick {number}, which"
                                               " a talon card opens, not {given}",
                                               eldest=r.eldest, number=record.first_trick,
                                               given=r.first_leader),
                                self.tag_pos("Play"), None,
                                msg("write {text}", text='[Play "' + str(r.eldest) + '"]'),
                                Fix('[Play "' + str(r.eldest) + '"]'))
                    r.first_leader = r.eldest
            else:
                assert r.eldest is not None
                first = self.variant.first_leader(contract, r.declarer, r.eldest, r.order)
                r.first_leader = first if first in r.participants else \
                    (r.participants[0] if r.participants else None)

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
        stage = PlayStage(self, participants, leader, self.play_rules())
        stage.run(section.tricks)
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

    # -- result -----------------------------------------------------------

    def outcome(self) -> None:
        r, record = self.r, self.record
        stated = dict(record.result or ())
        result: dict[Seat, int | None] = {}
        participants = self.participants()
        if r.play_complete:
            for seat in (*participants, *(s for s in r.taken if s not in participants)):
                result[seat] = r.taken.get(seat, 0)
            owner = self.play_rules().talon_owner if r.contract is not None else None
            if owner is not None:
                result.setdefault(Seat(owner), 0)
            for seat, count in stated.items():
                computed = result.get(seat, 0 if seat in r.order or seat == r.dealer else None)
                if count is not None and computed is not None and count != computed:
                    self.report(codes.E601, nmsg("Result gives {seat} {n} trick; the play gives"
                                                " {computed}", "Result gives {seat} {n} tricks;"
                                                " the play gives {computed}", count, seat=seat,
                                                computed=computed),
                                self.tag_pos("Result"), f"{seat}:{count}",
                                hint=msg("write {text}", text=f"{seat}:{computed}"),
                                fix=Fix(f"{seat}:{computed}"))
        else:
            result = dict(stated)
            if record.play is not None and r.tricks and stated:
                remaining = record.tricks_left - len(
                    [t for t in r.tricks if t.winner is not None or t.talon_lead])
                for seat, count in stated.items():
                    have = r.taken.get(seat, 0)
                    if count is not None and (count < have or count > have + remaining):
                        self.report(codes.E603, msg("Result gives {seat} {count} tricks, but"
                                                   " {seat} had taken {have} with {remaining}"
                                                   " to play", seat=seat, count=count,
                                                   have=have, remaining=remaining),
                                    self.tag_pos("Result"), f"{seat}:{count}")
            if participants and not stated and record.play is None and r.contract is not None \
                    and (r.defence is None or r.defence.played):
                self.unchecked(msg("no Result and no play: the tricks"))
        # a defender who does not play (Serbian, Britannica) takes nothing
        if r.defence is not None and r.defence.played:
            for seat in r.defence.defenders:
                if seat not in r.defence.players:
                    result.setdefault(seat, 0)
        r.result = dict(sorted(result.items()))  # in seat order, as the Result tag writes


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
