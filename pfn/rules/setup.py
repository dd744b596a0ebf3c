"""The first stages of a replay, those the deal state shares with the replay of a
record: the seating, the deal, the auction opened, the defence a record does not give,
and where the play begins.  :class:`Setup` holds what one replay established and how
it reports; the replay of a record (:class:`~pfn.rules.stages.Replayer`) adds the
checks of the record's tags and sections, and the deal state
(:class:`~pfn.rules.state.DealState`) the moves."""

from __future__ import annotations

from pfn import codes
from pfn.cards import Card, CardSet
from pfn.codes import Code
from pfn.diagnostics import Diagnostic, Fix, Problem, RuleError
from pfn.messages import Text, msg, nmsg
from pfn.model import Call, Pos, Record
from pfn.rules.auction import Auction
from pfn.rules.defence import Defence, DefenceOutcome, possible_defences
from pfn.rules.family import RuleFamily
from pfn.rules.replay import DealContext, OnError, Replay
from pfn.rules.settling import defence_for
from pfn.rules.tricks import PlayRules
from pfn.seats import SEATS, Seat


class Setup:
    """One replay's findings and its reporting, and the stages every replay runs alike
    (stages are methods so a variant's oddities stay in the variant)."""


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

    def open_auction(self, first: Seat | None) -> Auction:
        """The auction of the deal, ``first`` (when one of the players) speaking first."""
        order = self.r.order
        if first is not None and first in order:
            i = order.index(first)
            order = order[i:] + order[:i]
        return self.variant.auction(order)

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


def opening(record: Record, variant: RuleFamily, context: DealContext | None = None
            ) -> Replay:
    """The seating and the deal of ``record`` (a deal before its first move)."""
    setup = Setup(record, variant, context or DealContext(), "collect")
    setup.seating()
    setup.deal()
    # the hands as dealt, until the talon and the discard change the declarer's
    setup.r.hands = tuple(map(CardSet, setup._known))
    setup.r.complete = tuple(setup._complete)
    return setup.r


__all__ = ["Setup", "opening"]
