"""Serbian / Croatian Preferans (seed 001): bule, supe, refe, kontra.

Everything the family changes is here: the number auction with ``moje`` and
``igra`` (:class:`SerbianAuction`), following, calling and the kontra ladder
(:class:`SerbianDefence`), the value of a game and its bule and supe
(:class:`SerbianScoring`), refe and the bule that end at zero (:class:`SerbianSheet`),
and the settlement (:func:`settle`); sans is led from the declarer's right, and the
play runs counter-clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from pfn import codes
from pfn.contract import Contract
from pfn.diagnostics import Problem
from pfn.i18n import N_
from pfn.messages import Text, joined, msg, nmsg, pmsg
from pfn.model import Call
from pfn.rules.auction import Auction
from pfn.rules.defence import CallProblem, Defence
from pfn.rules.ladder import Ladder
from pfn.rules.options import HouseRules
from pfn.rules.replay import DealContext
from pfn.rules.tricks import TRICKS
from pfn.scoring.facts import DealFacts
from pfn.scoring.ledger import LedgerEntry, Scored, entry
from pfn.scoring.scorer import Scoring
from pfn.scoring.settlement import rounded, whist_balance
from pfn.scoring.sheet import Sheet
from pfn.seats import Seat
from pfn.variants.base import Variant
from pfn.vocabulary import SERBIAN

GAMES: dict[str, int] = {"6S": 2, "6D": 3, "6H": 4, "6C": 5, "mis": 6, "6NT": 7}
"""Serbian game numbers: pik 2, karo 3, herc 4, tref 5, betl 6, sans 7."""


def game_number(contract: Contract) -> int | None:
    """The Serbian game number of a contract (``None`` if it is not a Serbian game)."""
    if contract.misere:
        return 6
    if contract.level != 6 or contract.allpass:
        return None
    return GAMES.get(f"6{contract.strain}")
GAMES_LADDER = Ladder(tuple(GAMES))
"""The games by number, the order a number commits its bidder to."""
GAME_BY_NUMBER: dict[int, str] = {number: game for game, number in GAMES.items()}



class SerbianAuction(Auction):
    """Seed 001: numbers 2–7 rise by exactly one; ``moje`` (hold) by an earlier bidder;
    ``igra`` (play from hand) only as a first call, beating every number."""

    extra_calls = ("2", "3", "4", "5", "6", "7", "hand", *(g + "-hand" for g in GAMES_LADDER.bids),
                   "pass", "hold")

    def commitment(self, token: str) -> str | None:
        """A number commits to the game of that number; igra to its game."""
        if token.isdigit():
            return GAME_BY_NUMBER.get(int(token))
        if token.endswith("-hand"):
            return token[:-5]
        return None

    def check(self, seat: Seat, token: str) -> Problem | None:
        state = self.state
        if token == "pass":
            return None
        mine = state.calls.get(seat, [])
        if token == "hold":
            if self.rules.hold == "never":
                return Problem(codes.E305, msg("'moje' (holding) is not played here"),
                               msg("house rule hold=never"))
            if state.high is None or not state.high.isdigit():
                return Problem(codes.E305, msg("'moje' holds a number just said; there is"
                                              " none"))
            if state.high_seat == seat:
                return Problem(codes.E305, msg("{seat} already holds {bid}", seat=seat,
                                              bid=state.high))
            if not any(c.isdigit() for c in mine):
                return Problem(codes.E305, msg("{seat} has not bid and cannot say 'moje'",
                                              seat=seat),
                               msg("only a player who bid earlier may hold the number"))
            if state.order.index(seat) > state.order.index(state.high_seat or seat):
                return Problem(codes.E305, msg("{seat} has no priority over {holder}",
                                              seat=seat, holder=state.high_seat),
                               msg("priority goes to the earlier bidder"))
            return None
        if token == "hand" or token.endswith("-hand"):
            if mine:
                return Problem(codes.E306, msg("'igra' may only be a player's first call"))
            contract = Contract.try_parse(token) if token != "hand" else None
            if token != "hand" and (contract is None or game_number(contract) is None):
                return Problem(codes.E309, msg("{token} is not a Serbian game", token=token))
            return None
        if not token.isdigit() or not 2 <= int(token) <= 7:
            return Problem(codes.E309, msg("{token} is not a Serbian call", token=token),
                           msg("calls are the numbers 2–7, `moje`, `igra` and `dalje`"))
        if state.high is not None and not state.high.isdigit():
            return Problem(codes.E302, msg("{token} cannot follow `igra`", token=token),
                           msg("after `igra` only another first-call `igra` or `dalje`"))
        expected = 2 if state.high is None else int(state.high) + 1
        if int(token) != expected:
            return Problem(codes.E303, msg("{token}: the next number is {expected}",
                                          token=token, expected=expected),
                           msg("numbers rise by exactly one, starting at two"))
        return None

    def raise_bid(self, seat: Seat, token: str) -> None:
        state = self.state
        if (token == "hand" or token.endswith("-hand")) and state.high is not None and \
                _serbian_hand(state.high) and _hand_strength(token) <= _hand_strength(state.high):
            return  # a weaker game from the hand does not displace a stronger one
        state.high, state.high_seat = token, seat

    def winning_bid(self) -> Contract | None:
        high = self.state.high
        if high is None or high == "hand" or high.isdigit():
            return None
        return Contract.try_parse(high)

    def takes_talon(self) -> bool:
        """A number buys the talon; ``igra`` plays from the hand."""
        high = self.state.high
        return high is not None and not _serbian_hand(high)

    def contract_problem(self, contract: Contract) -> Problem | None:
        high = self.state.high
        if high is None:
            return None
        game = game_number(contract)
        if game is None:
            return Problem(codes.E404, msg("{contract} is not a Serbian game",
                                          contract=contract),
                           msg("games: 6S pik, 6D karo, 6H herc, 6C tref, mis betl, 6NT sans"))
        if _serbian_hand(high):
            if not contract.hand:
                return Problem(codes.E404, msg("`igra` was called; the game is played from"
                                              " the hand, not {contract}", contract=contract))
            if high != "hand" and str(contract) != high:
                return Problem(codes.E404, msg("`igra` {bid} was called, not {contract}",
                                              bid=high, contract=contract))
            return None
        if contract.hand:
            return Problem(codes.E404, msg("the auction was won with a number: the talon is"
                                          " bought"))
        if game < int(high):
            return Problem(codes.E403, msg("game {game} ({contract}) is lower than the number"
                                          " bid, {bid}", game=game, contract=contract, bid=high),
                           msg("the declarer plays a game at least as high as his number"))
        return None


def _serbian_hand(token: str) -> bool:
    return token == "hand" or token.endswith("-hand")


def _hand_strength(token: str) -> int:
    if token == "hand":
        return 0
    contract = Contract.try_parse(token)
    return (game_number(contract) or 0) if contract else 0


class SerbianDefence(Defence):
    """Seed 001: follow (whist) or not; a lone follower may call the other; kontra by a
    defender, rekontra by the declarer, subkontra, mortkontra."""

    KONTRAS = ("kontra", "rekontra", "subkontra", "mortkontra")

    @property
    def betl(self) -> bool:
        """A betl: both opponents play; only a kontra may be said (``betl-kontra``)."""
        return self.contract.misere

    @property
    def silent(self) -> bool:
        return self.betl and not self.rules.betl_kontra

    def run(self, calls: Sequence[Call]) -> list[CallProblem]:
        """Betl with ``betl-kontra``: no following, only the kontra ladder, which either
        defender may open; otherwise the usual protocol."""
        if not (self.betl and self.rules.betl_kontra):
            return super().run(calls)
        o = self.outcome
        problems: list[CallProblem] = []
        for index, call in enumerate(calls):
            level = o.kontra
            if level >= self._max_kontra():
                problems.append((index, Problem(codes.E406, msg("{call}: no higher kontra than"
                                                               " {kontra}", call=call.token,
                                                               kontra=self.rules.kontra))))
                break
            due = o.defenders if level == 0 else (self.declarer,) if level % 2 else \
                (o.kontra_caller,)
            seat = call.seat if call.seat is not None else due[0]
            if seat is None or seat not in due or call.token != self.KONTRAS[level]:
                problems.append((index, Problem(
                    codes.E406, msg("{seat} cannot say {token} here", seat=seat,
                                   token=call.token),
                    msg("in betl only {call} by {seats}", call=self.KONTRAS[level],
                       seats=joined(msg(" or "), due)))))
                break
            self.step(seat, call.token)
        self.settle()
        return problems

    def after_first_round(self, first: list[str], second: list[str]
                          ) -> tuple[Seat, ...] | None:
        o = self.outcome
        level = self.outcome.kontra
        whisters = [s for s in o.defenders if "whist" in self.said(s)]
        if self.contract.misere:
            whisters = list(o.defenders)
        if not whisters:
            return None
        if level % 2 == 1:
            return (self.declarer,) if level < self._max_kontra() else None
        if level and level < self._max_kontra():
            assert o.kontra_caller is not None
            return (o.kontra_caller,)
        if level:
            return None
        return tuple(whisters)

    def _max_kontra(self) -> int:
        return self.KONTRAS.index(self.rules.kontra) + 1

    def finished(self) -> bool:
        o = self.outcome
        return bool(self.said(o.first)) and bool(self.said(o.second))

    def allowed(self, seat: Seat) -> tuple[str, ...]:
        o = self.outcome
        if seat in o.defenders and len(self.said(seat)) == 0:
            return ("whist", "pass")
        level = o.kontra
        if level < self._max_kontra():
            token = self.KONTRAS[level]
            if seat == self.declarer:
                return (token,) if level % 2 == 1 else ()
            if level == 0:
                lone = [s for s in o.defenders if "whist" in self.said(s)]
                extra = ("together",) if len(lone) == 1 and seat == lone[0] and \
                    "together" not in self.said(seat) else ()
                return ("kontra", *extra)
            return (token,) if seat == o.kontra_caller else ()
        return ()

    def step(self, seat: Seat, token: str) -> Problem | None:
        if self.betl and self.rules.betl_kontra:  # only the kontra ladder: see run()
            self.outcome.calls.setdefault(seat, []).append(token)
            self.outcome.kontra += 1
            if token == "kontra":
                self.outcome.kontra_caller = seat
            return None
        allowed = self.allowed(seat)
        if token not in allowed:
            return Problem(codes.E406, msg("{seat} cannot say {token} here", seat=seat,
                                          token=token),
                           msg("allowed: {calls}", calls=", ".join(allowed) or msg("nothing")))
        self.outcome.calls.setdefault(seat, []).append(token)
        if token in self.KONTRAS:
            self.outcome.kontra += 1
            if token == "kontra":
                self.outcome.kontra_caller = seat
        return None

    def settle(self) -> None:
        o = self.outcome
        if self.contract.misere:
            o.whisters, o.players = [], o.defenders
            o.open = None
            o.caller = o.kontra_caller
            return
        o.whisters = [s for s in o.defenders if "whist" in self.said(s)]
        if self.rules.pik_without_kontra and str(self.contract) == "6S" and not o.kontra:
            o.refa, o.played, o.players = True, False, ()
            return
        callers = [s for s in o.defenders if "together" in self.said(s)]
        if o.kontra_caller is not None:
            o.caller = o.kontra_caller
            o.players = o.defenders
        elif callers:
            o.caller = callers[0]
            o.players = o.defenders
        elif len(o.whisters) == 1:
            o.players = (o.whisters[0],)
        elif o.whisters:
            o.players = o.defenders
        else:
            o.played, o.players = False, ()


KONTRA_NAMES = ("", "kontra", "rekontra", "subkontra", "mortkontra")


class SerbianScoring(Scoring):
    """Bule go down by the value when the declarer passes and up when he falls; a
    follower writes value × his tricks as supe against the declarer."""

    name = "Serbian"
    share: ClassVar[int] = 2
    """Tricks each follower must take."""
    kontra_tricks: ClassVar[int] = 5
    betl_supe: ClassVar[int] = 5
    """Each opponent of a fallen betl writes this many times the value as supe."""

    def value(self, facts: DealFacts, refa: bool) -> tuple[int, Text]:
        """The value of the game with its multipliers, and how it was reached."""
        contract = facts.contract
        game = game_number(contract) or 0
        number = game + (1 if contract.hand else 0)
        value = 2 * number
        why: Text = msg("game {game} from the hand (+1) → {value}", game=game, value=value) \
            if contract.hand else msg("game {game} → {value}", game=game, value=value)
        kontra = facts.defence.kontra if facts.defence is not None else 0
        if kontra:
            value *= 2 ** kontra
            why += ", " + pmsg("defence call", KONTRA_NAMES[kontra]) + f" → {value}"
        if refa:
            value *= 2
            why += ", " + msg("refa → {value}", value=value)
        return value, why

    def score(self, facts: DealFacts, context: DealContext) -> Scored:
        """The entries of one deal; the context counts each player's open refe."""
        notes = Scored()
        notes.entries = self.deal(facts, context.refa_open, notes)
        return notes

    def deal(self, facts: DealFacts, refa_open: dict[Seat, int], notes: Scored
             ) -> list[LedgerEntry]:
        contract = facts.contract
        if contract.allpass:
            return [entry(seat, "refa", 1, msg("Serbian: everyone passed, a refa to everyone"))
                    for seat in facts.active]
        declarer = facts.declarer
        if declarer is None:
            notes.cannot(msg("no declarer: the score is not computed"))
            return []
        refa = bool(refa_open.get(declarer))
        value, why = self.value(facts, refa)
        out: list[LedgerEntry] = []
        if refa:
            out.append(entry(declarer, "refa", -1, msg("Serbian: the declarer's refa is used")))
        defence = facts.defence
        if defence is not None and defence.refa:
            return [entry(seat, "refa", 1, msg("Serbian: pik without kontra is not played, a"
                                              " refa to everyone (house rule"
                                              " pik-without-kontra)"))
                    for seat in facts.active]
        if defence is not None and not defence.played:
            out.append(entry(declarer, "bule", -value, msg("Serbian: nobody followed, made as"
                                                          " if with ten tricks ({why})",
                                                          why=why)))
            return out
        taken = facts.took(declarer)
        if taken is None:
            notes.cannot(msg("the declarer's tricks are not given: the score is not computed"))
            return out
        if contract.misere:
            if taken == 0:
                out.append(entry(declarer, "bule", -value, msg("Serbian: betl made ({why})",
                                                              why=why)))
                if defence is not None and defence.kontra_caller is not None:
                    out.append(entry(defence.kontra_caller, "bule", value,
                                     msg("Serbian: betl made against kontra; the kontra"
                                        " caller answers for it (house rule betl-kontra)")))
            else:
                out.append(entry(declarer, "bule", value, msg("Serbian: betl fell ({why})",
                                                             why=why)))
                for seat in (defence.defenders if defence is not None else ()):
                    out.append(entry(seat, "supe", self.betl_supe * value,
                                     msg("Serbian: betl fell, {times} × {value} to each"
                                        " opponent", times=self.betl_supe, value=value),
                                     declarer))
            return out
        made = taken >= 6
        out.append(entry(declarer, "bule", -value if made else value,
                         msg("Serbian: made with {taken} ({why})", taken=taken, why=why)
                         if made else
                         msg("Serbian: fell with {taken} ({why})", taken=taken, why=why)))
        if defence is None:
            return out
        out += self.followers(facts, declarer, value, notes)
        return out

    def followers(self, facts: DealFacts, declarer: Seat, value: int, notes: Scored
                  ) -> list[LedgerEntry]:
        defence = facts.defence
        assert defence is not None
        out: list[LedgerEntry] = []
        counts = {s: facts.took(s) for s in defence.players}
        caller = defence.caller
        taken = facts.took(declarer)
        if any(c is None for c in counts.values()) and (caller is None or taken is None):
            notes.cannot(msg("a follower's tricks are not given: supe not computed"))
            return out
        tricks = {s: c or 0 for s, c in counts.items()}
        # the caller writes for both: only the defence's total counts, and it is what
        # the declarer did not take, however the two split it
        total = sum(tricks.values()) if all(c is not None for c in counts.values()) \
            else TRICKS - (taken or 0)
        cap = self.rules.supe_cap or 10
        if caller is not None:
            counted = min(total, cap)
            if counted:
                out.append(entry(caller, "supe", value * counted,
                                 msg("Serbian: {caller} called and writes for both, {counted}"
                                    " × {value}", caller=caller, counted=counted, value=value)
                                 + self._capped(total, counted), declarer))
            needed = self.kontra_tricks if defence.kontra else 2 * self.share
            if total < needed:
                out.append(entry(caller, "bule", value,
                                 msg("Serbian: the defence took {total} of {needed}; {caller}"
                                    " answers for it", total=total, needed=needed,
                                    caller=caller)))
            return out
        for seat in defence.whisters:
            counted = min(tricks.get(seat, 0), cap)
            if counted:
                out.append(entry(seat, "supe", value * counted,
                                 nmsg("Serbian: {n} trick × {value}",
                                     "Serbian: {n} tricks × {value}", counted, value=value)
                                 + self._capped(tricks[seat], counted), declarer))
        if len(defence.whisters) == 1:
            seat = defence.whisters[0]
            if tricks[seat] < self.share:
                out.append(entry(seat, "bule", value,
                                 msg("Serbian: followed alone and took {taken} of {share}",
                                    taken=tricks[seat], share=self.share)))
        elif total < 2 * self.share or self.rules.personal_obligation:
            for seat in defence.whisters:
                if tricks[seat] < self.share:
                    why = msg("{seat} took {taken} of his {share} (house rule"
                             " personal-obligation)", seat=seat, taken=tricks[seat],
                             share=self.share) if total >= 2 * self.share else \
                        msg("{total} of {needed}; {seat} took {taken} of {share}", total=total,
                           needed=2 * self.share, seat=seat, taken=tricks[seat],
                           share=self.share)
                    out.append(entry(seat, "bule", value, msg("Serbian: both followed, {why}",
                                                             why=why)))
        return out

    def _capped(self, tricks: int, counted: int) -> Text:
        return (msg(" (of {tricks} tricks, at most {counted} count: house rule supe-cap)",
                   tricks=tricks, counted=counted) if counted < tricks else "")


@dataclass
class SerbianSheet(Sheet):
    """Bule, supe and refe; bule start at the target and the match ends at zero."""

    refe_used: int = 0
    """How many all-passes have written refe."""
    layout: ClassVar[str] = "columns"

    def settle(self) -> dict[Seat, Fraction]:
        return settle(self, self.rules)

    @property
    def finished(self) -> bool:
        """The bule sum to zero: the match is over."""
        if any(k[1] == "bule" for k in self.values):
            return sum(v for k, v in self.values.items() if k[1] == "bule") <= 0
        return super().finished

    def describe(self) -> Text:
        return msg("bule × 10 plus the supe balance")

    def refe_limit(self) -> int | float:
        """How many all-passes write refe in this match."""
        if self.rules.refe != "auto":
            return self.rules.refe
        return max(1, self.target // 30) if self.target is not None else float("inf")

    def start(self) -> list[LedgerEntry]:
        """The opening bule of every player."""
        if self.target is None:
            return []
        out = [entry(s, "bule", self.target, msg("the agreed bule")) for s in self.seats()]
        for e in out:
            self._add(e)
        return out

    def write(self, entries: list[LedgerEntry]) -> list[LedgerEntry]:
        out: list[LedgerEntry] = []
        if entries and all(e.column == "refa" and e.value > 0 for e in entries):
            if self.refe_used >= self.refe_limit():
                return []  # the agreed refe are used up: an all-pass has no effect
            self.refe_used += 1
        total = sum(v for k, v in self.values.items() if k[1] == "bule")
        change = sum(e.value for e in entries if e.column == "bule")
        deficit = -(total + change) if self.target is not None and total + change < 0 else 0
        for e in entries:
            if deficit and e.column == "bule" and e.value < 0:
                cut = min(deficit, -e.value)
                e = entry(e.seat, "bule", e.value + cut,
                          e.rule + "; " + msg("cut by {cut} so that the bule sum to zero",
                                             cut=cut))
                deficit -= cut
            if e.value:
                out.append(e)
                self._add(e)
        return out


def settle(sheet: Sheet, rules: HouseRules) -> dict[Seat, Fraction]:
    """Bule × 10 (owed bule count against the player, a hat for him) plus supe written
    minus supe written against him.  A match stopped before the bule sum to zero is
    settled on each player's bule against their average, so the results still sum to
    zero (and equal the rule above when the match is finished)."""
    seats = sheet.seats()
    bule = {s: Fraction(sheet.get(s, "bule")) for s in seats}
    average = sum(bule.values(), Fraction(0)) / len(seats)
    result = {s: -10 * (bule[s] - average) + whist_balance(sheet, s, "supe") for s in seats}
    return rounded(result) if rules.rounding == "integer" else result


class Serbian(Variant):
    """Serbian/Croatian Preferans (seed 001): bule, supe, refe, kontra."""

    name = "serbian"
    aliases = ("srpski", "srbija", "croatian", "hrvatski", "balkan", "serbian-croatian")
    title = N_("Serbian Preferans (seed 001)")
    source = "seed 001 (Preferans pravila: licitacija, pratnja, bule i supe)"
    short_name = N_("Serbian")
    language = "sr"
    vocabulary = SERBIAN
    ladder = GAMES_LADDER
    auction_class = SerbianAuction
    defence_class = SerbianDefence
    scoring_class = SerbianScoring
    sheet_class = SerbianSheet
    columns = ("bule", "supe", "refa")
    allpass_played = False
    counter_clockwise = True
    defaults: ClassVar[dict[str, Any]] = {"hold": "earlier-bidder"}
    sources: ClassVar[dict[str, str]] = {
        "hold": "seed 001: «Moje»: igrač koji je ranije licitirao može da zadrži isti broj",
    }
    """Where each of these defaults comes from."""

    def auction(self, order: tuple[Seat, ...]) -> Auction:
        return self.auction_class(self.ladder, self.rules, order)

    def first_leader(self, contract: Contract, declarer: Seat | None, eldest: Seat,
                     order: tuple[Seat, ...]) -> Seat:
        """The player after the dealer; in sans the defender sitting before the declarer,
        so that the declarer plays second."""
        if contract.notrump and declarer is not None:
            return order[(order.index(declarer) - 1) % len(order)]
        return eldest
