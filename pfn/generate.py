"""Random legal records, driven by the rules engine (``pfn generate``).

Deals are shuffled, auctions, defences and plays are chosen at random among the
calls and cards the variant allows, and the score entries are computed by the
scorer, so every record checks clean.  The same seed gives the same records.
Used for property tests, benchmarks and practice files.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from pfn.cards import CARDS, Card, dotted
from pfn.contract import Contract
from pfn.model import Amount, Record, format_amount
from pfn.notation.canonical import COLUMN_ORDER
from pfn.notation.reader import loads
from pfn.rules.auction import Auction
from pfn.rules.checker import MatchChecker
from pfn.rules.defence import Defence
from pfn.rules.play import legal_cards, winner_index
from pfn.rules.variant import Variant, find_variant
from pfn.scoring.ledger import LedgerEntry, totals
from pfn.seats import Seat

NAMES = ("Ana", "Boris", "Ceca", "Dejan")


def _cards(mask: int) -> list[Card]:
    return [CARDS[i] for i in range(32) if mask >> i & 1]


class DealMaker:
    """Makes one random legal deal for a variant, as PFN text (without the score)."""

    def __init__(self, variant: Variant, rng: random.Random, players: int = 3) -> None:
        self.variant = variant
        self.rng = rng
        self.players = players

    # -- auction ------------------------------------------------------------

    def _auction(self, auction: Auction, hands: dict[Seat, int]) -> list[str]:
        ladder = auction.ladder.bids
        appetite = {seat: self._appetite(hands[seat], ladder) for seat in auction.state.order}
        calls: list[str] = []
        for _ in range(60):
            speaker, _problem = auction.speaker(None)
            if speaker is None or auction.state.finished:
                break
            call = self._choose_call(auction, speaker, appetite[speaker])
            auction.apply(speaker, call)
            calls.append(call)
        return calls

    def _appetite(self, hand: int, ladder: tuple[str, ...]) -> int:
        """The highest rung a player would bid to with ``hand``: a rough count of his
        tricks (aces, guarded kings, length in his best suit), with some recklessness;
        -1 to pass at once."""
        rng = self.rng
        suits = [(hand >> (8 * s)) & 0xFF for s in range(4)]
        lengths = [m.bit_count() for m in suits]
        aces = sum(m >> 7 & 1 for m in suits)
        kings = sum(1 for m, n in zip(suits, lengths, strict=True) if m >> 6 & 1 and n >= 2)
        if "mis" in ladder and aces == 0 and kings == 0 and rng.random() < 0.5:
            return ladder.index("mis")
        best = max(range(4), key=lambda s: (lengths[s], suits[s]))
        tricks = aces + 0.5 * kings + max(0, lengths[best] - 3) + 3 + rng.gauss(0, 0.8)
        level = int(tricks)
        if level < 6:
            return -1
        strain = "SCDH"[best]
        for rung in range(len(ladder) - 1, -1, -1):
            bid = ladder[rung]
            if not bid.startswith("mis") and not bid.endswith("-hand") and \
                    int(bid.rstrip("SCDHNT") or 0) <= level and bid.endswith(strain):
                return rung
        return 0

    def _choose_call(self, auction: Auction, seat: Seat, appetite: int) -> str:
        state = auction.state
        if self.variant.name == "serbian":
            options = []
            if appetite >= 0:
                nxt = "2" if state.high is None else (
                    str(int(state.high) + 1) if state.high.isdigit() and int(state.high) < 7
                    else None)
                if nxt is not None and int(nxt) - 2 <= appetite // 3:
                    options.append(nxt)
                if not state.calls.get(seat) and self.rng.random() < 0.05:
                    options.append(self.rng.choice(["6C-hand", "6H-hand", "6S-hand",
                                                    "mis-hand"]))
                if auction.check(seat, "hold") is None and self.rng.random() < 0.5:
                    options.append("hold")
            options = [o for o in options if auction.check(seat, o) is None]
            return self.rng.choice(options) if options else "pass"
        ladder = auction.ladder.bids
        high = -1 if state.high is None else ladder.index(state.high)
        if appetite < 0:
            return "pass"
        if "mis" in ladder and appetite == ladder.index("mis"):
            if auction.check(seat, "mis") is None:
                return "mis"
            return "pass"
        if auction.check(seat, "hold") is None and self.rng.random() < 0.5:
            return "hold"
        for step in (1, 2) if self.rng.random() < 0.2 else (1,):
            index = high + step
            while index < len(ladder) and ladder[index].startswith("mis"):
                index += 1
            if index <= appetite and index < len(ladder):
                bid = ladder[index]
                if auction.check(seat, bid) is None:
                    return bid
        return "pass"

    # -- contract and defence -------------------------------------------------

    def _contract(self, auction: Auction, streak: int) -> Contract:
        bid = auction.state.high
        assert bid is not None
        variant = self.variant
        if variant.name == "serbian":
            games = ["6S", "6D", "6H", "6C", "mis", "6NT"]
            if bid.endswith("-hand") or bid == "hand":
                token = bid if bid != "hand" else self.rng.choice(games[:4]) + "-hand"
                return Contract.parse(token) or Contract(6, None)
            low = max(0, int(bid) - 2)
            token = games[min(len(games) - 1, low + (1 if self.rng.random() < 0.1 else 0))]
            return Contract.parse(token) or Contract(6, None)
        contract = Contract.parse(bid)
        assert contract is not None
        if contract.misere:
            return contract
        ladder = [b for b in auction.ladder.bids if not b.startswith("mis") and
                  b.endswith("-hand") == contract.hand]
        index = ladder.index(str(contract))
        if self.rng.random() < 0.15 and index + 1 < len(ladder):
            index += 1
        exit_level = variant.exit_level(streak)
        while index + 1 < len(ladder) and (Contract.parse(ladder[index]) or contract).level \
                < exit_level:
            index += 1
        return Contract.parse(ladder[index]) or contract

    def _defence(self, contract: Contract, declarer: Seat, order: tuple[Seat, ...],
                 dealer: Seat) -> tuple[Seat, list[str], Defence]:
        variant = self.variant
        protocol = variant.defence(contract, declarer, dealer, order)
        first, second = protocol.outcome.first, protocol.outcome.second
        calls: list[str] = []
        if contract.misere or (variant.name == "britannica" and
                               variant.value(contract) < 6):  # type: ignore[attr-defined]
            protocol.run([])
            return first, calls, protocol
        weights = {"whist": 6, "pass": 3, "half": 1, "open": 2, "closed": 2, "together": 2,
                   "own": 1, "return": 1, "check": 1, "kontra": 1, "rekontra": 1,
                   "subkontra": 1, "mortkontra": 1}

        for _ in range(8):
            speakers = protocol.expected()
            if not speakers:
                break
            seat = speakers[0]
            allowed = [a for a in protocol.allowed(seat)
                       if not (a == "pass" and variant.rules.stalingrad and str(contract) == "6S")]
            if not allowed:
                break
            if protocol.finished() and self.rng.random() < 0.5:
                break
            choice = self.rng.choices(allowed, [weights.get(a, 1) for a in allowed])[0]
            if protocol.step(seat, choice) is not None:
                break
            prefix = f"{seat}:" if seat not in (first, second) else ""
            calls.append(prefix + choice)
        protocol.settle()
        return first, calls, protocol

    # -- the deal -------------------------------------------------------------

    def make(self, dealer: Seat, board: int, streak: int = 0, header: str = "") -> str:
        """One record's text (no Score tag)."""
        rng, variant, players = self.rng, self.variant, self.players
        deck = list(range(32))
        rng.shuffle(deck)
        seats = [Seat(i) for i in range(players)]
        active = [s for s in seats if not (players == 4 and s == dealer)]
        eldest = dealer.next(players)
        if eldest not in active:
            eldest = eldest.next(players)
        i = active.index(eldest)
        order = tuple(active[i:] + active[:i])
        hands: dict[Seat, int] = {s: 0 for s in seats}
        for index, seat in enumerate(active):
            for card in deck[10 * index:10 * index + 10]:
                hands[seat] |= 1 << card
        talon_cards = [CARDS[c] for c in deck[30:32]]
        talon = (1 << talon_cards[0]) | (1 << talon_cards[1])
        deal = " ".join(f"{s}:{dotted(hands[s])}" for s in seats) + f" talon:{dotted(talon)}"
        lines = [header + f'[Board "{board}"]', f'[Dealer "{dealer}"]', f'[Deal "{deal}"]']
        auction = variant.auction(order)
        calls = self._auction(auction, hands)
        sections = [f'[Auction "{order[0]}"]', " ".join(calls)]
        if auction.state.allpass:
            lines += ['[Declarer ""]', '[Contract "pass"]']
            if not variant.allpass_played:
                return "\n".join(lines + sections)
            play = self._play(Contract(0, None, allpass=True), None, order, hands, talon_cards,
                              dealer, ())
            talon_text = [f'[Talon "{talon_cards[0]} {talon_cards[1]}"]'] \
                if variant.rules.allpass_talon_shown else []
            return "\n".join([*lines, f'[Result "{play[1]}"]', *sections, *talon_text,
                              f'[Play "{order[0]}"]', *play[0]])
        declarer = auction.state.high_seat
        assert declarer is not None
        contract = self._contract(auction, streak)
        lines += [f'[Declarer "{declarer}"]', f'[Contract "{contract}"]']
        if not contract.hand:
            twelve = hands[declarer] | talon
            discard = rng.sample(_cards(twelve), 2)
            hands[declarer] = twelve & ~((1 << discard[0]) | (1 << discard[1]))
            sections += [f'[Talon "{talon_cards[0]} {talon_cards[1]}"]',
                         f'[Discard "{discard[0]} {discard[1]}"]']
        first, defence_calls, protocol = self._defence(contract, declarer, order, dealer)
        if not contract.misere:
            sections += [f'[Defence "{first}"]', " ".join(defence_calls)]
        outcome = protocol.outcome
        if not outcome.played:
            if outcome.checked:
                result = f"{declarer}:{10 if rng.random() < 0.8 else 9}"
                lines.append(f'[Result "{result}"]')
            return "\n".join(lines + [s for s in sections if s])
        participants = tuple(s for s in order if s == declarer or s in outcome.players)
        leader = variant.first_leader(contract, declarer, order[0], order)
        if leader not in participants:
            leader = next(s for s in order if s in participants)
        play_lines, result = self._play(contract, declarer, participants, hands, talon_cards,
                                        dealer, (), leader)
        lines.append(f'[Result "{result}"]')
        return "\n".join(lines + [s for s in sections if s] + [f'[Play "{leader}"]',
                                                               *play_lines])

    @staticmethod
    def _heading(choices: list[Card], seat: Seat, hands: dict[Seat, int], cards: list[Card],
                 seats: list[Seat | None], trump: int | None, declarer: Seat | None
                 ) -> list[Card]:
        if len(cards) == 1 and seats[0] == declarer:
            return choices  # the player after a soloist's lead need not head
        return _heading_filter(choices, cards, trump)

    def _play(self, contract: Contract, declarer: Seat | None, order: tuple[Seat, ...],
              hands: dict[Seat, int], talon: list[Card], dealer: Seat, _unused: tuple[()],
              leader: Seat | None = None) -> tuple[list[str], str]:
        rng = self.rng
        hands = dict(hands)
        taken = {s: 0 for s in order}
        lines: list[str] = []
        trump = contract.trump
        leader = leader if leader is not None else order[0]
        talon_leads = 2 if contract.allpass and self.variant.rules.allpass_talon_shown else 0
        four = self.players == 4 and self.variant.dealer_plays_talon
        for number in range(1, 11):
            cards: list[Card] = []
            seats: list[Seat | None] = []
            if number <= talon_leads:
                cards.append(talon[number - 1])
                seats.append(dealer if four else None)
                start = order[0]
            else:
                start = leader
            k = order.index(start)
            for step in range(len(order)):
                seat = order[(k + step) % len(order)]
                lead = cards[0] if cards else None
                legal = legal_cards(hands[seat], lead, trump)
                choices = [CARDS[c] for c in range(32) if legal >> c & 1]
                if self.variant.must_head and not contract.misere and cards:
                    choices = self._heading(choices, seat, hands, cards, seats, trump,
                                            declarer) or choices
                card = rng.choice(choices)
                hands[seat] &= ~(1 << card)
                cards.append(card)
                seats.append(seat)
            if number <= talon_leads:
                if four:
                    index = winner_index(list(cards), None, cards[0] >> 3)
                    winner = seats[index] if index is not None else None
                else:
                    index = winner_index(list(cards[1:]), None, cards[0] >> 3)
                    winner = seats[index + 1] if index is not None else None
                    if winner is None and self.variant.rules.allpass_unfollowed == "highest":
                        ranked = [(c & 7, -i) for i, c in enumerate(cards[1:])]
                        winner = seats[1 - max(ranked)[1]]
                next_leader = order[0] if number == talon_leads else leader
            else:
                index = winner_index(list(cards), trump, cards[0] >> 3)
                assert index is not None
                winner = seats[index]
                next_leader = winner  # type: ignore[assignment]
            if winner is not None:
                taken[winner] = taken.get(winner, 0) + 1
            leader = next_leader if number != talon_leads else order[0]
            lines.append(" ".join(c.name for c in cards))
        result = " ".join(f"{s}:{taken[s]}" for s in sorted(taken))
        return lines, result


def _heading_filter(choices: list[Card], cards: list[Card], trump: int | None) -> list[Card]:
    """Britannica: the choices that beat the best card so far, when any does."""
    led = cards[0] >> 3
    index = winner_index(list(cards), trump, led)
    best = cards[index] if index is not None else cards[0]
    best_trump = trump is not None and best >> 3 == trump and led != trump

    def beats(c: Card) -> bool:
        if best_trump:
            return trump is not None and c >> 3 == trump and c > best
        if c >> 3 == led:
            return c > best
        return trump is not None and c >> 3 == trump

    return [c for c in choices if beats(c)]


def _score_text(written: list[LedgerEntry]) -> str:
    entries = sorted(totals(written).items(), key=lambda kv: (kv[0][0], COLUMN_ORDER.get(
        kv[0][1], 9), -1 if kv[0][2] is None else kv[0][2]))
    return " ".join(f"{s}:{c}{'/' + str(a) if a is not None else ''}{format_amount(v, True)}"
                    for (s, c, a), v in entries)


def generate(count: int, variant: str = "sochi", seed: int = 0, *, players: int = 3,
             match_size: int = 0, target: int = 20, sheet: bool = False) -> Iterator[str]:
    """``count`` random legal records of ``variant`` as PFN text, with their Score tags.

    With ``match_size`` the records form matches of that many deals (pools with a
    ``target``); with ``sheet`` each record also states the running sheet.
    """
    rng = random.Random(seed)
    variant_class = find_variant(variant)
    maker = DealMaker(variant_class(), rng, players)
    checker = MatchChecker()
    made = 0
    match = 0
    while made < count:
        match += 1
        deals = match_size or 1
        dealer = Seat(rng.randrange(players))
        names = "; ".join(NAMES[:players])
        for board in range(1, deals + 1):
            if made >= count:
                return
            header = (f'[Event "Generated {variant}"]\n[Variant "{variant_class.name}"]\n'
                      f'[Players "{names}"]\n')
            if match_size:
                header += f'[Match "m{seed}-{match}"]\n[Target "{target}"]\n'
            state = checker.state
            streak = state.allpass_streak if state is not None and match_size and board > 1 \
                else 0
            if board > 1 and state is not None:
                expected = checker._next_dealer(state)
                if expected is not None:
                    dealer = expected
            text = maker.make(dealer, board, streak, header)
            record = loads(text)[0]
            checker.check(record, True)
            written = checker.written
            extra = ""
            if written:
                extra += f'\n[Score "{_score_text(written)}"]'
            if sheet and checker.state is not None:
                extra += "\n" + _sheet_text(checker.state.sheet.values, players)
            yield text + extra + "\n"
            made += 1
            if match_size and checker.state is not None and checker.state.sheet.finished:
                break
            if not match_size:
                dealer = dealer.next(players)


def _sheet_text(values: Mapping[tuple[Seat, str, Seat | None], Amount], players: int) -> str:
    rows = ['[Sheet ""]']
    for i in range(players):
        seat = Seat(i)
        items = sorted(((c, a, v) for (s, c, a), v in values.items() if s == seat and v),
                       key=lambda t: (COLUMN_ORDER.get(t[0], 9), -1 if t[1] is None else t[1]))
        cells = [f"{c}{'/' + str(a) if a is not None else ''}={format_amount(v)}"
                 for c, a, v in items]
        if cells:
            rows.append(f"{seat} " + " ".join(cells))
    return "\n".join(rows)


def records(count: int, variant: str = "sochi", seed: int = 0) -> list[Record]:
    """Generated records, parsed."""
    return [r for text in generate(count, variant, seed) for r in loads(text)]


__all__ = ["DealMaker", "generate", "records"]
